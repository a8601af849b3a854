"""Card data from a spreadsheet: ``cards: cards.csv`` (or ``.xlsx``) in a deck, one row a card.

Columns: ``card`` (its code: ``R7``, ``passe``), optional ``count`` (copies, default 1),
optional ``image`` (art for that card, relative to the deck file), and any others, which the
layout reads as ``card.<column>``.  The table then is the deck's composition.  Errors name
``file:row:column`` (the header is row 1).

>>> rows = parse_rows([["card", "count"], ["R1", "2"]], "t.csv")
>>> rows[0].code, rows[0].count
('R1', 2)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.errors import DeckError

__all__ = ["TableRow", "read_table", "parse_rows", "TABLE_SUFFIXES", "MAX_CELL"]

TABLE_SUFFIXES = (".csv", ".xlsx")
#: The longest cell a table may hold (characters): a card field is a line or a paragraph, and the
#: layout measures each one; a bigger cell is a mistake (a file pasted into a cell), refused.
MAX_CELL = 64 * 1024
_FIELD = re.compile(r"^[a-z][a-z0-9_]*$")
_RESERVED = {"type", "kind", "code", "family", "value", "digits", "action", "name", "title", "effect", "icon"}


@dataclass(frozen=True)
class TableRow:
    """One row: the card code, its copies, its art and its other fields, and where it was."""

    code: str
    count: int
    image: str | None
    fields: dict[str, str] = field(default_factory=dict)
    row: int = 0
    file: str = ""
    card_col: int = 1
    image_col: int = 0


def _error(file: str, row: int, col: int, message: str) -> DeckError:
    return DeckError(message, file=file, line=row, column=col)


def parse_rows(rows: list[list[Any]], file: str, problems: list[DeckError] | None = None) -> list[TableRow]:
    """The table's rows (header first) as ``TableRow``s; every problem is reported: raised at the
    end, or appended to ``problems`` if given (the rows that are fine are still returned)."""
    from cardforge.errors import DeckErrors

    collect = problems is not None

    if not rows or not any(str(c or "").strip() for c in rows[0]):
        raise _error(file, 1, 1, "the table is empty: expected a header row with a 'card' column")
    header = [str(c or "").strip().lower() for c in rows[0]]
    problems = problems if problems is not None else []
    for i, name in enumerate(header, 1):
        if name and not _FIELD.match(name):
            problems.append(_error(file, 1, i, f"column name {name!r}: use lowercase letters, digits and _"))
        elif name in _RESERVED:
            problems.append(_error(file, 1, i, f"column name {name!r} is a card field cardforge fills in; rename it"))
    if "card" not in header:
        problems.append(_error(file, 1, 1, f"no 'card' column (the card codes, R7 or passe); columns are {', '.join(filter(None, header))}"))
        raise DeckErrors(problems) if len(problems) > 1 else problems[0]
    at = {name: i for i, name in enumerate(header) if name}
    out: list[TableRow] = []
    seen: dict[str, int] = {}
    for r, raw in enumerate(rows[1:], 2):
        cells = [("" if c is None else str(c)).strip() for c in raw]
        if not any(cells):
            continue  # blank lines are allowed
        if not _fits(cells, header, file, r, problems):
            continue
        cells += [""] * (len(header) - len(cells))
        code = cells[at["card"]]
        if not code:
            problems.append(_error(file, r, at["card"] + 1, "empty card code"))
            continue
        count = 1
        if "count" in at and cells[at["count"]]:
            text = cells[at["count"]]
            try:
                count = int(float(text)) if re.fullmatch(r"\d+(\.0+)?", text) else int(text)
            except ValueError:
                count = 0
            if not 1 <= count <= 100:
                problems.append(_error(file, r, at["count"] + 1, f"count: expected a whole number from 1 to 100, found {text!r}"))
                continue
        key = code.lower()
        if key in seen:
            problems.append(_error(file, r, at["card"] + 1, f"card {code!r} is already on row {seen[key]}; give it a count instead"))
            continue
        seen[key] = r
        image = cells[at["image"]] if "image" in at and cells[at["image"]] else None
        fields = {name: cells[i] for name, i in at.items() if name not in ("card", "count", "image")}
        out.append(TableRow(code, count, image, fields, r, file, at["card"] + 1, at.get("image", -1) + 1))
    if problems and not collect:
        raise DeckErrors(problems) if len(problems) > 1 else problems[0]
    return out


def _fits(cells: list[str], header: list[str], file: str, r: int, problems: list[DeckError]) -> bool:
    """A row has the header's fields (empty ones beyond it are fine) and no cell over ``MAX_CELL``."""
    big = next((i for i, c in enumerate(cells) if len(c) > MAX_CELL), None)
    if big is not None:
        problems.append(_error(file, r, big + 1, f"a cell of {len(cells[big]):,} characters: at most "
                                                 f"{MAX_CELL // 1024} KiB a cell"))
        return False
    extra = next((i for i, c in enumerate(cells[len(header):], len(header)) if c), None)
    if len(cells) < len(header) or extra is not None:
        col = len(cells) + 1 if extra is None else extra + 1
        problems.append(_error(file, r, col, f"this row has {len(cells)} fields, the header {len(header)} "
                                             f"({', '.join(h or '?' for h in header)}): add or remove separators"))
        return False
    return True


def _csv_rows(text: str, shown: str) -> list[list[str]]:
    """The records of a CSV text: only line breaks end a row (not U+2028 or form feeds), a quote
    left open or a stray quote is an error naming the row, as is a cell over the size limit."""
    import csv
    import io

    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows: list[list[str]] = []
    while True:
        line = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return rows
        except csv.Error as exc:
            row_no = len(rows) + 1
            if "field larger" in str(exc):
                why = f"a cell over the size limit: at most {MAX_CELL // 1024} KiB a cell"
            elif "end of data" in str(exc):
                why = 'a quote (") opened in this row is never closed: close it, or remove it'
            else:
                why = f'a quote (") in the middle of a quoted cell ({exc}): double it ("") or remove it'
            raise _error(shown, row_no, 1, f"{why} (line {line} of the file)") from None
        rows.append(row)


def _xlsx_rows(path: Path, shown: str) -> list[list[Any]]:
    """The first sheet's rows; a damaged file, one with no sheet or with XML entities (refused by
    defusedxml, which openpyxl uses when it is installed) is one line."""
    try:
        from openpyxl import load_workbook
    except ImportError:
        raise DeckError("reading .xlsx needs openpyxl (pip install 'cardforge[xlsx]'), or save the table as CSV", file=shown) from None
    try:
        book = load_workbook(path, read_only=True, data_only=True)
        try:
            if not book.worksheets:
                raise DeckError("the spreadsheet has no sheet: expected the card table on its first sheet", file=shown)
            return [list(r) for r in book.worksheets[0].iter_rows(values_only=True)]
        finally:
            book.close()
    except DeckError:
        raise
    except Exception as exc:  # zipfile, KeyError, InvalidFileException, ParseError, defusedxml's refusals
        causes = [exc]
        while (cause := causes[-1].__cause__ or causes[-1].__context__) is not None and len(causes) < 8:
            causes.append(cause)
        if any(type(c).__module__.startswith("defusedxml") or "DTD" in str(c) or "entit" in str(c) for c in causes):
            why = "it declares XML entities (a spreadsheet program never writes them); save it again as .xlsx"
        else:
            why = " ".join(str(exc).split()[:40]) or "a damaged file"
        raise DeckError(f"cannot read the spreadsheet: {why}", file=shown) from None


def read_table(path: Path, shown: str | None = None, problems: list[DeckError] | None = None) -> list[TableRow]:
    """Read a CSV (UTF-8, comma or semicolon separated) or XLSX (first sheet) card table."""
    shown = shown or str(path)
    suffix = path.suffix.lower()
    if suffix not in TABLE_SUFFIXES:
        raise DeckError(f"card table {path.name!r}: expected a .csv or .xlsx file", file=shown)
    if not path.is_file():
        raise DeckError("card table not found", file=shown)
    if suffix == ".csv":
        try:
            text = path.read_text(encoding="utf-8-sig")
        except UnicodeDecodeError as exc:
            raise DeckError(f"not UTF-8 text ({exc.reason} at byte {exc.start}); save the table as CSV UTF-8", file=shown) from None
        rows = _csv_rows(text, shown)
    else:
        rows = _xlsx_rows(path, shown)
    return parse_rows(rows, shown, problems)
