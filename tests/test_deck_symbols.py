"""Symbols as data (issue #26, item 1): a deck declares its own symbols (a glyph or a picture,
a colour) and names them as a family's symbol, in elements and as ``:name:`` in card texts;
the shipped suits and game icons need no declaring; every bad declaration is reported at its
file:line:column, all in one run."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.deck import load_deck, validate_file
from cardforge.errors import DeckError
from cardforge.render.faces import face_ops

DECK = """\
id: sym
title: Sym
languages: [en]
symbols:
  coin: {image: art/coin.png}
  sun: {glyph: "\u2600", color: "#F4B400"}
families:
  day: {name: Day, color: "#FFF3C4", symbol: sun}
  war: {name: War, symbol: sword}
cards:
  - {name: Dawn, family: day, text: "Gain :coin: and :sun: now"}
  - {name: Raid, family: war}
  - {name: Ace, suit: spade}
"""


def _deck(tmp_path: Path, text: str = DECK) -> Path:
    from PIL import Image

    (tmp_path / "art").mkdir(exist_ok=True)
    Image.new("RGB", (32, 32), (230, 180, 0)).save(tmp_path / "art" / "coin.png")
    (tmp_path / "sym.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "sym.yaml"


def _ops(deck, code: str, kind: str) -> list:
    return [op for op in face_ops(deck, deck.parse(code), "en") if op.type == kind]


def test_a_declared_glyph_symbol_is_the_familys_symbol_in_its_colour(tmp_path):
    deck = load_deck(_deck(tmp_path))
    (sym,) = _ops(deck, "CARD1", "symbol")
    assert sym.get("glyph") == "\u2600" and sym.get("fill") == "#F4B400" and sym.get("font") == "DejaVuSans-Bold"


def test_a_game_icon_and_a_standard_suit_are_symbols_without_declaring(tmp_path):
    deck = load_deck(_deck(tmp_path))
    assert _ops(deck, "CARD2", "symbol")[0].get("glyph") == "\u2694"  # sword
    ace = _ops(deck, "CARD3", "symbol")[0]
    assert ace.get("symbol") == "spade" and ace.get("glyph") is None  # the shipped vector spade


def test_declared_symbols_inline_in_a_card_text(tmp_path):
    deck = load_deck(_deck(tmp_path))
    body = next(op for op in _ops(deck, "CARD1", "text") if op.get("rich"))
    assert [Path(p).name for p in body.get("pictures")] == ["coin.png"]
    pieces = [p for line in body.get("rich").lines for word in line for p in word]
    assert any(p[0] == "t" and p[1] == "\u2600" and p[2] == "DejaVuSans-Bold" and p[3] == "#F4B400" for p in pieces), pieces


def test_a_deck_with_its_own_symbols_renders_in_every_format(tmp_path):
    from tests.conftest import run_cli

    result = run_cli("render", str(_deck(tmp_path)), "--format", "sheets,png", "--out", str(tmp_path / "out"))
    assert result.code == 0, result.err


def test_every_bad_symbol_is_reported_at_its_line_and_column_in_one_run(tmp_path):
    bad = DECK.replace('coin: {image: art/coin.png}', 'coin: {image: art/coin.png, glyph: "c"}') \
              .replace('sun: {glyph: "\u2600", color: "#F4B400"}', 'sun: {glyph: "\u6f22"}') \
              .replace("symbol: sword", "symbol: swrod") \
              .replace("symbols:\n", "symbols:\n  moon2: {image: art/none.png}\n  two: {glyph: ab}\n")
    with pytest.raises(DeckError) as caught:
        validate_file(_deck(tmp_path, bad))
    said = sorted(str(e) for e in caught.value.errors)
    path = str(tmp_path / "sym.yaml")
    assert said == sorted([
        f"{path}:5:18: symbols.moon2.image: image 'art/none.png' not found in {tmp_path}",
        f"{path}:6:16: symbols.two.glyph: symbol 'two': glyph 'ab' is more than one character; give one character, "
        "or an image",
        f"{path}:7:9: symbols.coin: symbol 'coin': give either a glyph (one character) or an image, not both or neither",
        f"{path}:8:16: symbols.sun.glyph: symbol 'sun': '\u6f22' (U+6F22) is not in font 'DejaVuSans-Bold': it would "
        "print as an empty box; give the symbol a font that has it, or an image",
        f"{path}:11:28: families.war.symbol: unknown symbol 'swrod': symbols are moon2, two, coin, sun, circle, triangle, "
        "square, diamond, star, moon, hexagon, heart, cross, drop, spade, club, sword, skull, crown, anchor, flag, die, "
        "gear, scales, snowflake, check, no, recycle, pencil (or declare it under 'symbols:'); did you mean 'sword'?",
    ])


def test_the_cli_says_a_bad_symbol_in_one_line(tmp_path):
    from tests.cli_helpers import one_line_error
    from tests.conftest import run_cli

    path = _deck(tmp_path, DECK.replace("symbol: sword", "symbol: swrod"))
    one_line_error(run_cli("render", str(path), "--out", str(tmp_path / "out")), f"{path}:9:28:",
                   "unknown symbol 'swrod'", "did you mean 'sword'?")
