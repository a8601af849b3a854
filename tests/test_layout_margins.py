"""Per-element bleed and safe-zone warnings at validate (issue 26: card text could run into the
bleed without a word), at the element's layout file:line:col."""

from __future__ import annotations

import textwrap

from tests.render_support import MINI_DECK, write_mini_deck
from tests.test_layouts import _NUMBER_OVERRIDE

LAYOUT = textwrap.dedent(_NUMBER_OVERRIDE) + """\
      stamp: {type: text, x: -2mm, y: 40%, width: 30mm, height: 8mm, text: "STAMP", size: 12pt, align: left, wrap: false}
      note: {type: text, x: 1.5mm, y: 60%, width: 30mm, height: 8mm, text: "near the cut", size: 9pt, align: left, wrap: false}
      fine: {type: text, cx: 50%, cy: 70%, width: 30mm, height: 8mm, text: "fine", size: 9pt}
      bg2: {type: rect, anchor: bleed, height: 10mm, fill: "'#FFFFFF'"}
"""


def test_validate_warns_of_text_into_the_bleed_and_out_of_the_safe_zone_at_the_layout_line(cli, tmp_path):
    (tmp_path / "mine.yaml").write_text(LAYOUT, encoding="utf-8")
    path = write_mini_deck(tmp_path, MINI_DECK + "layout: mine.yaml\n")
    result = cli("validate", str(path))
    assert result.code == 0, (result.out, result.err)
    lines = [line for line in result.out.splitlines() if "mine.yaml" in line]
    stamp = [line for line in lines if "'stamp'" in line]
    note = [line for line in lines if "'note'" in line]
    assert len(stamp) == 1 and "mine.yaml:7:7: warning:" in stamp[0] and "into the bleed" in stamp[0], lines
    assert len(note) == 1 and "mine.yaml:8:7: warning:" in note[0] and "leaves the safe zone" in note[0], lines
    assert not [line for line in lines if "'fine'" in line or "'bg2'" in line], lines  # backgrounds may bleed


def test_the_shipped_decks_have_no_margin_warnings():
    from cardforge.deck import load_deck
    from cardforge.render.facepages import unique_faces
    from cardforge.render.faces import face_label, face_ops
    from cardforge.render.margins import margin_warnings

    for name in ("rows", "tricks"):
        deck = load_deck(name)
        for card in [*unique_faces(deck), None]:
            ops = face_ops(deck, card, "en")
            assert margin_warnings(deck, card, "en", ops, face_label(deck, card)) == [], (name, card)


def test_a_profile_without_the_deck_size_is_a_validate_warning(cli, tmp_path):
    path = write_mini_deck(tmp_path, MINI_DECK + "card: {size: square}\n")
    result = cli("validate", str(path))
    assert result.code == 0, (result.out, result.err)
    assert "The Game Crafter (thegamecrafter) has no card of 70×70 mm (square)" in result.out
    assert "--profile thegamecrafter will refuse it" in result.out
