"""OpenType-CFF fonts (issue 26: they were refused) and every glyph of every drawn text checked
against the font that draws it (characters the font lacks printed as empty boxes, validate ok)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from cardforge.cards import Card
from cardforge.deck import load_deck
from cardforge.errors import DeckError
from tests.cff_support import make_cff_font
from tests.render_support import MINI_DECK, write_mini_deck
from tests.test_layouts import _NUMBER_OVERRIDE, _mini_with_layout, _ops

FRENCH = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;'!?()-éèàçùâêîôû’«»\u00a0\u202f"


def _cff_deck(tmp_path, chars: str = FRENCH):
    make_cff_font(tmp_path / "CffHouse.otf", chars)
    return load_deck(write_mini_deck(tmp_path, MINI_DECK.replace("style:\n", "style:\n  font_text: CffHouse\n  font: CffHouse\n")
                                     + "fonts: {CffHouse: CffHouse.otf}\n"))


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils (pdffonts) not installed")
def test_an_opentype_cff_font_is_converted_embedded_and_subset(tmp_path):
    from cardforge.render.facepages import faces_pdf

    deck = _cff_deck(tmp_path)
    pdf = tmp_path / "faces.pdf"
    pdf.write_bytes(faces_pdf(deck, [Card(action="passe")], lang="fr"))
    out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    line = next((line for line in out.splitlines() if "Cardforge-Test-CFF" in line), None)
    assert line is not None, out
    assert "TrueType" in line and line.split()[-5:-3] == ["yes", "yes"], out  # TrueType outlines, embedded, subset


def test_the_conversion_keeps_every_character_and_its_advance(tmp_path):
    from fontTools.ttLib import TTFont

    from cardforge.deck.cff import truetype_bytes

    path = make_cff_font(tmp_path / "CffHouse.otf", FRENCH)
    import io

    cff, ttf = TTFont(str(path)), TTFont(io.BytesIO(truetype_bytes(path)))
    assert "glyf" in ttf and "CFF " not in ttf
    assert cff.getBestCmap() == ttf.getBestCmap()
    assert all(cff["hmtx"][g][0] == ttf["hmtx"][g][0] for g in cff.getGlyphOrder())


def test_a_deck_text_the_cff_font_lacks_is_reported_at_its_line(tmp_path):
    with pytest.raises(DeckError, match=r"'é' \(U\+00E9\) is not in font 'CffHouse'"):
        _cff_deck(tmp_path, FRENCH.replace("é", ""))


def test_a_layout_text_the_font_lacks_is_an_error_naming_the_character(tmp_path):
    deck = _mini_with_layout(tmp_path, _NUMBER_OVERRIDE + """\
              note: {type: text, cy: 80%, height: 10%, text: "Go \u0f00 now"}
        """)
    with pytest.raises(DeckError, match=r"element 'note'\): '\u0f00' \(U\+0F00\) is not in font 'DejaVuSans': it would print as an empty box"):
        _ops(deck, Card("R", 1))


def test_a_bold_span_is_checked_against_the_bold_font(tmp_path):
    deck = _mini_with_layout(tmp_path, _NUMBER_OVERRIDE + """\
              note: {type: text, cy: 80%, height: 10%, text: "Go **\u0f00**"}
        """)
    with pytest.raises(DeckError, match=r"is not in font 'DejaVuSans-Bold'"):
        _ops(deck, Card("R", 1))


def test_a_glyph_icon_the_font_lacks_is_reported_as_that_icon(tmp_path):
    import textwrap

    make_cff_font(tmp_path / "CffHouse.otf", FRENCH)
    (tmp_path / "mine.yaml").write_text(textwrap.dedent(_NUMBER_OVERRIDE + """\
              sign: {type: icon, cx: 50%, cy: 80%, width: 10mm, height: 10mm, icon: "'infinity'", font: "'CffHouse'"}
        """), encoding="utf-8")
    deck = load_deck(write_mini_deck(tmp_path, MINI_DECK + "fonts: {CffHouse: CffHouse.otf}\nlayout: mine.yaml\n"))
    with pytest.raises(DeckError, match=r"icon 'infinity' draws '\u221e' \(U\+221E\) is not in font 'CffHouse'"):
        _ops(deck, Card("R", 1))


def test_an_unknown_layout_font_is_named_at_its_line_with_the_decks_own_fonts(tmp_path):
    import textwrap

    make_cff_font(tmp_path / "CffHouse.otf", FRENCH)
    (tmp_path / "mine.yaml").write_text(textwrap.dedent(_NUMBER_OVERRIDE + """\
              note: {type: text, cy: 80%, height: 10%, text: "hi", font: "'CffHose'"}
        """), encoding="utf-8")
    deck = load_deck(write_mini_deck(tmp_path, MINI_DECK + "fonts: {CffHouse: CffHouse.otf}\nlayout: mine.yaml\n"))
    with pytest.raises(DeckError, match=r"mine.yaml:7:\d+: unknown font 'CffHose' .*bundled fonts are DejaVuSans.*"
                                        r"the deck's own fonts \(fonts:\) are CffHouse; did you mean 'CffHouse'\?"):
        _ops(deck, Card("R", 1))
