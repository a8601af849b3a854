"""Card tables that are damaged or hostile (issue #31, item 10): every problem is one line with
file:row:column, nothing is silently swallowed, split or expanded."""

from __future__ import annotations

import io
import re
import zipfile

import pytest

from cardforge.cards import Card
from cardforge.deck import load_deck
from cardforge.deck.table import MAX_CELL
from cardforge.errors import DeckError
from tests.cli_helpers import one_finding
from tests.conftest import CliResult, run_cli
from tests.test_scaffold_table import _table_deck


def _load_csv(tmp_path, text: str):
    (tmp_path / "cards.csv").write_text(text, encoding="utf-8")
    return load_deck(_table_deck(tmp_path, "cards.csv"))


def _validate(tmp_path, name: str) -> CliResult:
    return run_cli("validate", str(_table_deck(tmp_path, name)))


@pytest.mark.parametrize("table, where, message", [
    ('card,note\nR1,"never closed\nR2,x\nY6,y\n', "cards.csv:2:1", "never closed"),
    ('card,note\nR1,"a"b\n', "cards.csv:2:1", "quote"),
    ("card,count,note\nR1,2\n", "cards.csv:2:3", "2 fields, the header 3"),
    ("card,count\nR1,2,three\n", "cards.csv:2:3", "3 fields, the header 2"),
    ("card,note\nR1," + "x" * (MAX_CELL + 1) + "\n", "cards.csv:2:2", "at most 64 KiB"),
    ("card,note\nR1," + "x" * 200_000 + "\n", "cards.csv:2:1", "at most 64 KiB"),
])
def test_a_damaged_csv_row_is_an_error_naming_it(tmp_path, table, where, message):
    with pytest.raises(DeckError, match=rf"{re.escape(where)}: .*{re.escape(message)}"):
        _load_csv(tmp_path, table)


def test_an_unterminated_quote_is_one_line_on_the_command_line(tmp_path):
    (tmp_path / "cards.csv").write_text('card,note\nR1,"oops\nR2,x\n', encoding="utf-8")
    one_finding(_validate(tmp_path, "cards.csv"), "cards.csv:2:1", "never closed")


def test_a_line_separator_inside_a_cell_does_not_split_the_row(tmp_path):
    deck = _load_csv(tmp_path, "card,note\nR1,un\u2028deux\x0ctrois\nR2,x\n")
    assert deck.counts() == {Card("R", 1): 1, Card("R", 2): 1}


def test_trailing_empty_fields_are_fine(tmp_path):
    assert _load_csv(tmp_path, "card,count\nR1,2,\nR2,1,,\n").counts() == {Card("R", 1): 2, Card("R", 2): 1}


def _xlsx(tmp_path, name: str, edit=None) -> str:
    """A two-row card table saved by openpyxl, one of its parts rewritten by ``edit(part, bytes)``."""
    from openpyxl import Workbook

    book = Workbook()
    for row in (["card", "count"], ["R1", 2]):
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(tmp_path / name, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            target.writestr(item, edit(item.filename, data) if edit else data)
    return name


def _no_sheet(part: str, data: bytes) -> bytes:
    return re.sub(rb"<sheets>.*</sheets>", b"<sheets/>", data) if part == "xl/workbook.xml" else data


LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lollollollollollollollollollol">'
          + b"".join(b'<!ENTITY lol%d "%s">' % (i, b"&lol%d;" % (i - 1) * 10) for i in range(1, 10)) + b"]>")


def _bomb(part: str, data: bytes) -> bytes:
    if part != "xl/worksheets/sheet1.xml":
        return data
    return LAUGHS + re.sub(rb"^<\?xml[^>]*\?>", b"", data).replace(b"R1", b"&lol9;")


@pytest.mark.parametrize("edit, message", [
    (_no_sheet, "has no sheet"),
    (_bomb, "XML entities"),
    (lambda part, data: data[: len(data) // 2] if part == "xl/worksheets/sheet1.xml" else data, "cannot read the spreadsheet"),
])
def test_a_hostile_or_empty_xlsx_is_one_line(tmp_path, edit, message):
    """Issue #31: "an XLSX with no sheet or with entity amplification → tracebacks"."""
    result = _validate(tmp_path, _xlsx(tmp_path, "cards.xlsx", edit))
    one_finding(result, "cards.xlsx", message)


def test_a_plain_xlsx_still_reads(tmp_path):
    assert load_deck(_table_deck(tmp_path, _xlsx(tmp_path, "cards.xlsx"))).counts() == {Card("R", 1): 2}
