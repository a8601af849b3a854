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
from typing import Any, Iterator

from cardforge.errors import DeckError

__all__ = ["TableRow", "FreeRow", "read_table", "read_cells", "require_reader", "parse_rows", "parse_free_rows", "TABLE_SUFFIXES", "MAX_CELL"]

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
    problems = problems if problems is not None else []
    header = _header(rows[0], _RESERVED, file, problems)
    if "card" not in header:
        problems.append(_error(file, 1, 1, f"no 'card' column (the card codes, R7 or passe); columns are {', '.join(filter(None, header))}"))
        raise DeckErrors(problems) if len(problems) > 1 else problems[0]
    at = {name: i for i, name in enumerate(header) if name}
    out: list[TableRow] = []
    seen: dict[str, int] = {}
    for r, cells in _records(rows, header, file, problems):
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


def _header(first: list[Any], reserved: Any, file: str, problems: list[DeckError]) -> list[str]:
    """The column names of a header row (lowercased); a bad or reserved name is a problem."""
    header = [str(c or "").strip().lower() for c in first]
    for i, name in enumerate(header, 1):
        if name and not _FIELD.match(name):
            problems.append(_error(file, 1, i, f"column name {name!r}: use lowercase letters, digits and _"))
        elif name in reserved:
            problems.append(_error(file, 1, i, f"column name {name!r} is a card field cardforge fills in; rename it"))
    return header


def _records(rows: list[list[Any]], header: list[str], file: str, problems: list[DeckError]) -> Iterator[tuple[int, list[str]]]:
    """(row number, cells padded to the header) of each row under the header that is not blank
    and has the header's width (one that has not is a problem, and skipped)."""
    for r, raw in enumerate(rows[1:], 2):
        cells = [("" if c is None else str(c)).strip() for c in raw]
        if not any(cells):
            continue  # blank lines are allowed
        if check_width(cells, header, file, r, problems):
            yield r, cells + [""] * (len(header) - len(cells))


def check_width(cells: list[str], header: list[str], file: str, r: int, problems: list[DeckError]) -> bool:
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


def require_reader(path: Path, shown: str = "") -> None:
    """The reader of ``path``'s kind of table is installed (openpyxl for .xlsx, the xlsx extra)."""
    if path.suffix.lower() == ".xlsx":
        try:
            import openpyxl  # noqa: F401
        except ImportError:
            raise DeckError("reading .xlsx needs openpyxl (pip install 'cardforge[xlsx]'), or save the table as CSV",
                            file=shown) from None


def _xlsx_rows(path: Path, shown: str) -> list[list[Any]]:
    """The first sheet's rows; a damaged file, one with no sheet or with XML entities (refused by
    defusedxml, which openpyxl uses when it is installed) is one line."""
    require_reader(path, shown)
    from openpyxl import load_workbook

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
    return parse_rows(read_cells(path, shown), shown, problems)


def read_cells(path: Path, shown: str) -> list[list[Any]]:
    """The cells of a CSV (UTF-8, comma or semicolon separated) or XLSX (first sheet) table, row by row."""
    suffix = path.suffix.lower()
    if suffix not in TABLE_SUFFIXES:
        raise DeckError(f"card table {path.name!r}: expected a .csv or .xlsx file", file=shown)
    if not path.is_file():
        raise DeckError("card table not found", file=shown)
    if suffix == ".csv":
        try:
            text = path.read_bytes().decode("utf-8-sig")  # line breaks untranslated: csv reads them (a CR in a cell stays)
        except UnicodeDecodeError as exc:
            raise DeckError(f"not UTF-8 text ({exc.reason} at byte {exc.start}); save the table as CSV UTF-8", file=shown) from None
        rows = _csv_rows(text, shown)
    else:
        rows = _xlsx_rows(path, shown)
    return rows


# -- the rows of a deck of free cards -------------------------------------------------------------

#: the fields cardforge reads itself in a free card's row (all others are the layout's)
FREE_KEYS = ("count", "image", "back")
#: the fields cardforge fills in on a free card (a column of that name is refused)
FREE_RESERVED = frozenset({"type", "code", "index", "fields", "body", "heading"})


@dataclass(frozen=True)
class FreeRow:
    """One free card: its fields as written (a text, a number, or a text per language), its copies,
    its art and its own back, and where it was written (``cols``: each field's column)."""

    fields: dict[str, Any]
    count: int = 1
    image: str | None = None
    back: str | None = None
    row: int = 0
    file: str = ""
    cols: dict[str, int] = field(default_factory=dict)


def _count_of(value: Any) -> int | None:
    """A copy count as written (``2``, ``"2"``, ``"2.0"``), or ``None`` if it is not one from 1 to 1,000."""
    if isinstance(value, bool):
        return None
    text = str(value).strip()
    count = int(float(text)) if re.fullmatch(r"\d+(\.0+)?", text) else None
    return count if count is not None and 1 <= count <= 1000 else None


def free_row(values: dict[str, Any], r: int, file: str, cols: dict[str, int], problems: list[DeckError]) -> FreeRow | None:
    """A free card from its named values (a table's row or a YAML mapping), or ``None`` (and a
    problem) if its count is not a whole number; empty values are left out."""
    given = {k: v for k, v in values.items() if v is not None and v != ""}
    count = 1
    if "count" in given:
        count = _count_of(given["count"])
        if count is None:
            problems.append(_error(file, r, cols.get("count", 1), f"count: expected a whole number from 1 to 1000, found {given['count']!r}"))
            return None
    for key in ("image", "back"):
        if key in given and not isinstance(given[key], str):
            problems.append(_error(file, r, cols.get(key, 1), f"{key}: expected a file name, found {given[key]!r}"))
            return None
    fields = {k: v for k, v in given.items() if k not in FREE_KEYS}
    return FreeRow(fields, count, given.get("image"), given.get("back"), r, file, cols)


def parse_free_rows(rows: list[list[Any]], file: str, problems: list[DeckError]) -> list[FreeRow]:
    """A free deck's table (header first: any lowercase column names) as ``FreeRow``s; every
    problem is appended to ``problems`` (a row with fewer or more fields than the header, a bad
    count), the rows that are fine are returned."""
    if not rows or not any(str(c or "").strip() for c in rows[0]):
        problems.append(_error(file, 1, 1, "the table is empty: expected a header row naming the cards' fields (name, count, …)"))
        return []
    header = _header(rows[0], FREE_RESERVED, file, problems)
    at = {name: i for i, name in enumerate(header) if name}
    cols = {name: i + 1 for name, i in at.items()}
    out: list[FreeRow] = []
    for r, cells in _records(rows, header, file, problems):
        made = free_row({name: cells[i] for name, i in at.items()}, r, file, cols, problems)
        if made is not None:
            out.append(made)
    return out
