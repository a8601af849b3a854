"""The designer's loop: ``cardforge new`` scaffolds a folder that renders at once; card data
from CSV and XLSX tables, with file:row:column errors."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cardforge.cards import Card
from cardforge.deck import load_deck
from cardforge.errors import DeckError
from tests.render_support import MINI_DECK, ROOT, _reader, write_mini_deck


def _cli(*args, cwd):
    """``python -m cardforge`` in ``cwd``, importing this checkout's cardforge."""
    return subprocess.run([sys.executable, "-m", "cardforge", *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_new_scaffolds_a_deck_that_validates_and_renders_from_an_empty_folder(tmp_path):
    made = _cli("new", "mygame", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    deck_file = tmp_path / "mygame" / "mygame.yaml"
    first = deck_file.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=schema/deck.schema.json"
    assert (tmp_path / "mygame" / "schema" / "deck.schema.json").is_file()  # the modeline's target, offline
    checked = _cli("validate", "mygame/mygame.yaml", cwd=tmp_path)
    assert checked.returncode == 0 and "ok (mygame: 58 cards" in checked.stdout and not checked.stderr, checked.stderr
    out = tmp_path / "out"
    rendered = _cli("render", "mygame/mygame.yaml", "--format", "sheets,png,tts", "--out", str(out), cwd=tmp_path)
    assert rendered.returncode == 0, rendered.stderr
    assert (out / "mygame" / "mygame-sheets-a4-en.pdf").is_file()
    assert len(list((out / "mygame" / "png-en").glob("*.png"))) == 3 * 9 + 2 + 1  # distinct fronts and the back
    assert (out / "mygame" / "tts-en" / "tts.json").is_file()


def test_the_scaffold_s_layout_fits_its_card(tmp_path):
    from cardforge.render.facepages import unique_faces
    from cardforge.scaffold import scaffold
    from tests.test_layout_sizes import _problems

    deck = load_deck(scaffold(tmp_path / "mygame")[0])
    for card in [*unique_faces(deck), None]:
        assert not _problems(deck, card, "fr"), card


@pytest.mark.parametrize("name, message", [("My Game", "bad deck name"), ("taken", "not empty")])
def test_new_refuses_a_bad_name_or_a_folder_in_use(tmp_path, name, message):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "x.txt").write_text("mine", encoding="utf-8")
    result = _cli("new", name, cwd=tmp_path)
    assert result.returncode == 2 and message in result.stderr and len(result.stderr.splitlines()) == 1


_LAYOUT = """\
kind: layout
id: noted
extends: num
faces:
  number:
    elements:
      note: {type: text, text: "{card.note}", cx: 50%, cy: 82%, width: 60%, height: 5%, size: 6pt, wrap: false}
"""


def _table_deck(tmp_path, table_name: str):
    (tmp_path / "noted.yaml").write_text(_LAYOUT, encoding="utf-8")
    return write_mini_deck(tmp_path, MINI_DECK + f"layout: noted.yaml\ncards: {table_name}\n")


def test_a_csv_table_is_the_deck_s_composition_and_its_columns_reach_the_cards(tmp_path):
    from cardforge.render.sheets import sheets_pdf

    (tmp_path / "cards.csv").write_text("card,count,note\nR1,3,Gardez-la\nY6,1,\npasse,2,\n", encoding="utf-8")
    deck = load_deck(_table_deck(tmp_path, "cards.csv"))
    assert deck.counts() == {Card("R", 1): 3, Card("Y", 6): 1, Card(action="passe"): 2}
    pdf = sheets_pdf(deck, deck.cards())
    text = _reader(pdf).pages[0].extract_text()
    assert text.count("Gardez-la") == 3


def test_an_xlsx_table_reads_like_a_csv(tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in (["card", "count", "note"], ["R2", 2, "deux"], ["SH16", None, "ombre"]):
        sheet.append(row)
    book.save(tmp_path / "cards.xlsx")
    deck = load_deck(_table_deck(tmp_path, "cards.xlsx"))
    assert deck.counts() == {Card("R", 2): 2, Card("SH", 16): 1}
    from cardforge.render.faces import face_ops

    note = next(op for op in face_ops(deck, Card("SH", 16)) if op.name == "note")
    assert note.get("lines") == ("ombre",)


@pytest.mark.parametrize("table, where, message", [
    ("card,count\nR1,2\nR9,1\n", "cards.csv:3:1", r"unknown card 'R9': Red values are 0–2"),
    ("card,count\nR1,lots\n", "cards.csv:2:2", "count: expected a whole number"),
    ("card,count\nR1,1\nr1,2\n", "cards.csv:3:1", "already on row 2"),
    ("kard,count\nR1,1\n", "cards.csv:1:1", "no 'card' column"),
    ("card,image\nR1,art/none.png\n", "cards.csv:2:2", "not found"),
    ("card,value\nR1,3\n", "cards.csv:1:2", "a card field cardforge fills in"),
])
def test_table_errors_name_file_row_and_column(tmp_path, table, where, message):
    (tmp_path / "cards.csv").write_text(table, encoding="utf-8")
    with pytest.raises(DeckError, match=rf"{where}: .*{message}"):
        load_deck(_table_deck(tmp_path, "cards.csv"))


def test_every_table_problem_is_reported(tmp_path):
    (tmp_path / "cards.csv").write_text("card,count\nR1,x\nR9,1\nR9,2\n", encoding="utf-8")
    result = _cli("validate", str(_table_deck(tmp_path, "cards.csv")), cwd=tmp_path)
    assert result.returncode == 1
    import re

    places = [re.search(r"cards\.csv:(\d+):(\d+): error: ", line).groups() for line in result.stdout.splitlines()]
    assert places == [("2", "2"), ("3", "1"), ("4", "1")], result.stdout
