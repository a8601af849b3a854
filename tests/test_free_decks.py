"""Decks of free cards (issue #26, item 1): a deck of any game is a list of cards, each a row of
named fields (CSV, XLSX or listed in the deck), with counts, one language or several, declared
families, and a default layout that shows every field."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.deck import load_deck, validate_file
from cardforge.errors import DeckError
from tests.cli_helpers import one_line_error
from tests.conftest import run_cli

POCKET = """\
id: p
title: Pocket
languages: [en]
cards: cards.csv
card: {size: poker}
"""
CARDS = "name,suit,rank,count\nAce of spades,spade,A,1\nSeven of hearts,heart,7,2\nKing of clubs,club,K,1\n"


def pocket(tmp_path: Path, deck: str = POCKET, cards: str | None = CARDS) -> Path:
    (tmp_path / "pocket.yaml").write_text(deck, encoding="utf-8")
    if cards is not None:
        (tmp_path / "cards.csv").write_text(cards, encoding="utf-8")
    return tmp_path / "pocket.yaml"


def test_the_smallest_deck_is_a_few_lines_and_a_csv(tmp_path):
    deck = load_deck(pocket(tmp_path))
    assert deck.total() == 4 and len(deck.all_counts()) == 3
    assert [deck.name(c) for c in deck.all_counts()] == ["Ace of spades", "Seven of hearts", "King of clubs"]
    assert deck.languages == ("en",) and deck.title("en") == "Pocket"
    assert "ok (p: 4 cards, 3 different)" in validate_file(tmp_path / "pocket.yaml")


def test_the_default_layout_shows_each_cards_fields(tmp_path):
    from cardforge.render.faces import face_ops

    deck = load_deck(pocket(tmp_path))
    card = deck.parse("CARD2")
    texts = [op.get("text") for op in face_ops(deck, card, "en") if op.type == "text"]
    assert texts == ["Seven of hearts", "suit: heart\nrank: 7"]
    symbols = [op.get("symbol") for op in face_ops(deck, card, "en") if op.type == "symbol"]
    assert symbols == ["heart"]  # the standard suits ship: no families to declare
    back = [op.get("text") for op in face_ops(deck, None, "en") if op.type == "text"]
    assert back == ["Pocket"]


@pytest.mark.parametrize("fmt", ["sheets", "png", "tts", "pod"])
def test_the_smallest_deck_renders_in_every_format(tmp_path, fmt):
    path = pocket(tmp_path)
    result = run_cli("render", str(path), "--format", fmt, "--out", str(tmp_path / "out"))
    assert result.code == 0, result.err
    written = [p for p in (tmp_path / "out").rglob("*") if p.is_file()]
    assert written, fmt
    if fmt == "png":
        assert sorted(p.name for p in written if p.parent.name == "png-en" and p.suffix == ".png") == [
            "CARD1.png", "CARD2.png", "CARD3.png", "back.png"]


def test_cards_listed_in_the_deck_in_two_languages_with_declared_families(tmp_path):
    path = pocket(tmp_path, """\
id: duo
title: {en: Duo, fr: Duo}
languages: [en, fr]
families:
  sun: {name: {en: Sun, fr: Soleil}, color: "#F4B400", symbol: star}
cards:
  - {name: {en: Dawn, fr: Aube}, family: sun, power: 3, count: 2}
  - {name: {en: Dusk, fr: Crépuscule}, power: 1}
""", cards=None)
    from cardforge.render.faces import card_context

    deck = load_deck(path)
    assert deck.total() == 3
    first = deck.parse("dawn")
    assert deck.name(first, "fr") == "Aube"
    ctx = card_context(deck, first, "fr")
    assert ctx["family"]["name"] == "Soleil" and ctx["family"]["color"] == "#F4B400"
    assert ctx["card"]["power"] == 3 and ctx["card"]["count"] == 2


def test_csv_columns_per_language_become_one_field(tmp_path):
    path = pocket(tmp_path, POCKET.replace("[en]", "[en, fr]").replace("Pocket", "{en: Pocket, fr: Poche}"),
                  "name_en,name_fr\nSword,Épée\n")
    from cardforge.render.faces import card_context

    deck = load_deck(path)
    assert card_context(deck, deck.parse("CARD1"), "fr")["card"]["name"] == "Épée"
    assert deck.name(deck.parse("CARD1"), "en") == "Sword"


def test_a_text_missing_a_language_is_said_at_its_line(tmp_path):
    path = pocket(tmp_path, POCKET.replace("[en]", "[en, fr]").replace("Pocket", "{en: Pocket}"))
    with pytest.raises(DeckError, match=r"pocket\.yaml:2:8: title: .*languages \(en, fr\): fr missing"):
        load_deck(path)


def test_a_ragged_row_and_a_bad_count_are_both_reported_with_row_and_column(tmp_path):
    path = pocket(tmp_path, cards="name,suit,rank,count\nAce,spade\nTwo,heart,2,lots\n")
    result = run_cli("validate", str(path))
    assert result.code == 1
    lines = result.out.splitlines()
    assert any("cards.csv:2:3: error: this row has 2 fields, the header 4" in line for line in lines), result.out
    assert any("cards.csv:3:4: error: count: expected a whole number" in line for line in lines), result.out


def test_an_unknown_key_of_a_free_deck_suggests_the_right_one(tmp_path):
    path = pocket(tmp_path, POCKET + "langauges: [en]\n")
    with pytest.raises(DeckError, match=r"pocket\.yaml:6:1: langauges: unknown key 'langauges'; did you mean 'languages'\?"):
        load_deck(path)


def test_rendering_a_layout_file_says_it_is_a_layout_and_how_to_use_it(tmp_path):
    layout = tmp_path / "layout.yaml"
    layout.write_text("kind: layout\nid: mine\nextends: fields\n", encoding="utf-8")
    result = run_cli("render", str(layout), "--out", str(tmp_path / "out"))
    one_line_error(result, "layout.yaml:1:1", "this is a layout file (kind: layout), not a deck",
                   "layout: layout.yaml")


def test_a_card_art_file_missing_is_an_error_at_its_row(tmp_path):
    path = pocket(tmp_path, cards="name,image\nAce,ace.png\n")
    with pytest.raises(DeckError, match=r"cards\.csv:2:2: .*ace\.png"):
        load_deck(path)


def test_a_deck_outside_the_checkout_renders_into_the_folder_one_is_in(tmp_path):
    from tests.conftest import ROOT

    path = pocket(tmp_path)
    result = run_cli("render", path.name, cwd=tmp_path)
    assert result.code == 0, result.err
    assert (tmp_path / "output" / "cards" / "p" / "p-sheets-a4-en.pdf").is_file()
    assert not (ROOT / "output" / "cards" / "p").exists()


def test_new_free_scaffolds_a_deck_of_any_game_that_validates_and_renders(tmp_path):
    result = run_cli("new", "pocket", "--free", cwd=tmp_path)
    assert result.code == 0, result.err
    deck = load_deck(tmp_path / "pocket" / "pocket.yaml")
    assert deck.free is not None and deck.total() == 6 and "\nextends:" not in (tmp_path / "pocket" / "pocket.yaml").read_text()
    from cardforge.render.faces import face_ops

    texts = {op.name: op.get("text") for op in face_ops(deck, deck.parse("knight")) if op.type == "text"}
    assert texts["cost"] == "3" and texts["body"] == "**Attack 2.** *Scouts cannot block it.*"
    assert run_cli("validate", "pocket/pocket.yaml", cwd=tmp_path).code == 0


def test_a_character_the_font_lacks_is_an_error_at_its_table_cell_once(tmp_path):
    path = pocket(tmp_path, "id: g\ntitle: G\nlanguages: [en, fr]\ncards: cards.csv\n".replace("title: G", "title: {en: G, fr: G}"),
                  "name,text\nSnow,Winter \u6f22 comes\nTea,th\u00e9\n")
    result = run_cli("validate", str(path))
    assert result.code == 1
    lines = result.out.splitlines()
    assert len(lines) == 1, result.out  # once, not once per language
    assert "cards.csv:2:2: error: card 'CARD1' (Snow) in g (element 'body'): '\u6f22' (U+6F22) is not in font " \
           "'DejaVuSansCondensed'" in lines[0]


def test_a_card_with_its_own_back_prints_it_behind_itself_on_the_sheets(tmp_path):
    from PIL import Image

    from cardforge.render.facepages import physical_cards
    from cardforge.render.sheets import sheets_pdf

    (tmp_path / "art").mkdir()
    Image.new("RGB", (60, 84), (200, 20, 20)).save(tmp_path / "art" / "red.png")
    plain = load_deck(pocket(tmp_path, cards="name,back\nOne,\nTwo,\n"))
    assert b"/Subtype /Image" not in sheets_pdf(plain, physical_cards(plain))
    deck = load_deck(pocket(tmp_path, cards="name,back\nOne,art/red.png\nTwo,\n"))
    from cardforge.render.faces import own_back

    assert [own_back(deck, c) for c in deck.cards()] == ["art/red.png", None]
    assert b"/Subtype /Image" in sheets_pdf(deck, physical_cards(deck))


def test_two_missing_extras_are_both_reported(tmp_path, monkeypatch):
    """svglib (the svg extra) and openpyxl (the xlsx extra) both absent: one run says both."""
    import sys

    from tests.test_scaffold_table import _table_deck

    (tmp_path / "back.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')
    (tmp_path / "cards.xlsx").write_bytes(b"PK")
    path = _table_deck(tmp_path, "cards.xlsx")
    path.write_text(path.read_text() + "images: {R1: back.svg}\n")
    for name in ("openpyxl", "svglib", "svglib.svglib"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(DeckError) as caught:
        validate_file(path)
    said = [str(e) for e in getattr(caught.value, "errors", [caught.value])]
    assert any("cardforge[svg]" in s for s in said) and any("cardforge[xlsx]" in s for s in said), said


def test_game_icons_ship_for_any_deck(tmp_path):
    path = pocket(tmp_path, cards="name,text\nDuel,:sword: 2 and :heart: 1 {icon:die}\n")
    assert run_cli("validate", str(path)).code == 0
    from cardforge.render.symbols import ICONS

    assert {"spade", "heart", "diamond", "club", "sword", "skull", "crown", "die", "coin"} - set(ICONS) == {"coin"}


def test_deck_show_lists_each_free_card_with_its_fields_and_copies(tmp_path):
    import json

    result = run_cli("deck", "show", str(pocket(tmp_path)), "--json")
    assert result.code == 0, result.err
    cards = json.loads(result.out)["cards"]
    assert cards[1] == {"code": "CARD2", "name": "Seven of hearts", "count": 2, "fields": "suit: heart\nrank: 7"}
