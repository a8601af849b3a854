"""A deck font that lacks a character its texts use is reported by validate, never printed as
nothing (issue #31, item 10: "a deck font without é or ’ drops the letters silently")."""

from __future__ import annotations

import re

import pytest

from cardforge.deck import load_deck
from cardforge.errors import DeckError
from cardforge.paths import fonts_dir
from tests.cli_helpers import one_finding
from tests.render_support import MINI_DECK, write_mini_deck


def _ascii_font(target) -> None:
    """DejaVu Sans cut down to printable ASCII: no é, no ’."""
    from fontTools import subset

    options = subset.Options()
    font = subset.load_font(str(fonts_dir() / "DejaVuSans.ttf"), options)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=range(0x20, 0x7F))
    cutter.subset(font)
    subset.save_font(font, str(target), options)


def _deck(tmp_path, text: str = MINI_DECK):
    _ascii_font(tmp_path / "plain.ttf")
    deck = text.replace("style:\n", "style:\n  font: Plain\n  font_bold: Plain\n") + "fonts: {Plain: plain.ttf}\n"
    return write_mini_deck(tmp_path, deck)


def test_a_missing_accent_is_named_with_file_line_column_and_font(tmp_path):
    path = _deck(tmp_path)
    with pytest.raises(DeckError) as info:
        load_deck(path)
    said = str(info.value)
    line = next(i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "ciblé" in text)
    column = path.read_text(encoding="utf-8").splitlines()[line - 1].index("é") + 1
    assert f"mini.yaml:{line}:{column}: " in said and "'é' (U+00E9) is not in font 'Plain'" in said, said


def test_a_curly_apostrophe_too_and_validate_says_it_in_one_line_each(cli, tmp_path):
    text = MINI_DECK.replace("Un adversaire ciblé", "L’adversaire")
    result = cli("validate", str(_deck(tmp_path, text)))
    assert result.code == 1 and result.err == ""
    assert "'’' (U+2019)" in result.out and "'é' (U+00E9)" in result.out, result.out
    assert all(re.match(r".+:\d+:\d+: error: ", line) for line in result.out.splitlines()), result.out


def test_a_font_with_every_character_is_fine(tmp_path, cli):
    plain = MINI_DECK.replace("ciblé", "cible").replace("séquence", "sequence").replace("sauté", "saute")
    path = _deck(tmp_path, plain)
    result = cli("validate", str(path))
    assert result.code == 0, result.err
    one_finding(cli("validate", str(_deck(tmp_path, plain.replace("cible", "cibl\u00e9")))), "U+00E9")
