"""Fuzz tests of the data surfaces of issue #31: CSV and XLSX card tables, exported names,
``simulate`` options.  Whatever the input, the code answers with data or a ``CardforgeError``
whose text is one line (the CLI prints it as ``cardforge: error: …`` and exits 2): never another
exception, never a hang.  Work is bounded (small inputs, a few hundred examples: < 30 s alone);
``CARDFORGE_FUZZ_EXAMPLES=N`` runs N examples per surface (a longer, nightly-style run).

When a new input surface lands, add its strategy here.
"""

from __future__ import annotations

import csv
import io
import os
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardforge.errors import CardforgeError

EXAMPLES = int(os.environ.get("CARDFORGE_FUZZ_EXAMPLES", "120"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

#: What a spreadsheet or a hand-written CSV holds: separators, quotes, every kind of line break,
#: accents, formula starts, control characters.
CELL_CHARS = st.sampled_from(list("abcRGBY0123456789 ,;\"'\n\r\t=+-@é’«»\u2028\u2029\x0b\x0c\x00\ufeff"))
CELL = st.text(CELL_CHARS, max_size=12) | st.sampled_from(["R1", "R2", "passe", "2", "0", "101", "x", ""])
HEADER = st.sampled_from([["card"], ["card", "count"], ["card", "count", "note"], ["card", "image"],
                          ["kard"], ["card", "value"], ["Card", "Count"], ["card", "note", "note"]])


def _one_line(exc: CardforgeError) -> None:
    text = str(exc)
    assert text and "\n" not in text and "Traceback" not in text, text
    assert "Error(" not in text and "__init__" not in text, text


def _reads_or_refuses(read, *args) -> None:
    try:
        read(*args)
    except CardforgeError as exc:  # DeckError, DeckErrors (one line each)
        for line in getattr(exc, "errors", None) or [exc]:
            _one_line(line)


# -- CSV card tables ------------------------------------------------------------------------------


def _csv_text(header: list[str], rows: list[list[str]], delimiter: str, quote_all: bool) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL,
               lineterminator="\n").writerows([header, *rows])
    return buffer.getvalue()


CSV_TEXT = st.one_of(
    st.builds(_csv_text, HEADER, st.lists(st.lists(CELL, max_size=5), max_size=6), st.sampled_from([",", ";"]),
              st.booleans()),
    st.text(CELL_CHARS, max_size=200).map(lambda body: "card,count,note\n" + body),  # damaged by hand
    st.text(max_size=120),  # anything at all
)


@FUZZ
@given(text=CSV_TEXT)
def test_fuzz_csv_card_tables(tmp_path_factory, text):
    from cardforge.deck.table import read_table

    path = tmp_path_factory.mktemp("csv") / "cards.csv"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))  # a lone surrogate: not UTF-8, refused
    _reads_or_refuses(read_table, path)


@FUZZ
@given(cells=st.lists(st.lists(CELL, min_size=1, max_size=4), min_size=1, max_size=6))
def test_fuzz_csv_rows_never_split_inside_a_cell(tmp_path_factory, cells):
    """A row written by a CSV writer reads back as one row, whatever line separators its cells hold."""
    from cardforge.deck.table import parse_rows, read_table

    rows = [["card", "note"], *[[f"R{i}", " ".join(r).strip() or "x"] for i, r in enumerate(cells)]]
    path = tmp_path_factory.mktemp("csv") / "cards.csv"
    path.write_text(_csv_text(rows[0], rows[1:], ",", False), encoding="utf-8")
    try:
        read = read_table(path)
    except CardforgeError as exc:  # a cell csv cannot hold as written (a NUL): refused in one line
        _one_line(exc)
        return
    expected = parse_rows([[c.strip() for c in r] for r in rows], str(path))
    assert [(r.code, r.fields) for r in read] == [(r.code, r.fields) for r in expected]


# -- XLSX card tables -----------------------------------------------------------------------------

XLSX_CELL = st.one_of(st.none(), st.integers(-10**6, 10**6), st.floats(allow_nan=True, allow_infinity=False),
                      st.booleans(), st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=10))


def _xlsx_bytes(rows: list[list[object]]) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _mutate(data: bytes, where: int, byte: int, cut: bool) -> bytes:
    """A damaged copy: one byte changed, or the file cut short."""
    where %= len(data)
    return data[:where] if cut else data[:where] + bytes([byte]) + data[where + 1:]


@FUZZ
@given(rows=st.lists(st.lists(XLSX_CELL, max_size=4), min_size=0, max_size=5),
       header=HEADER, damage=st.none() | st.tuples(st.integers(0, 10**6), st.integers(0, 255), st.booleans()))
def test_fuzz_xlsx_card_tables(tmp_path_factory, rows, header, damage):
    from cardforge.deck.table import read_table

    data = _xlsx_bytes([header, *rows])
    if damage is not None:
        data = _mutate(data, *damage)
    path = tmp_path_factory.mktemp("xlsx") / "cards.xlsx"
    path.write_bytes(data)
    _reads_or_refuses(read_table, path)


@FUZZ
@given(part=st.sampled_from(["xl/workbook.xml", "xl/worksheets/sheet1.xml", "[Content_Types].xml"]),
       junk=st.sampled_from([b"", b"<!DOCTYPE x [<!ENTITY a 'aaaa'>]>", b"<x>&a;</x>", b"\xff\xfe", b"<sheets/>"]))
def test_fuzz_xlsx_parts_replaced(tmp_path_factory, part, junk):
    from cardforge.deck.table import read_table

    source = zipfile.ZipFile(io.BytesIO(_xlsx_bytes([["card", "count"], ["R1", 2]])))
    path = tmp_path_factory.mktemp("xlsx") / "cards.xlsx"
    with zipfile.ZipFile(path, "w") as target:
        for item in source.infolist():
            target.writestr(item, junk if item.filename == part else source.read(item.filename))
    _reads_or_refuses(read_table, path)


# -- exported names -------------------------------------------------------------------------------

NAME = st.text(st.sampled_from(list("AnaBé=+-@\t\r'|!()*9 ,;\"")), min_size=1, max_size=10)


@settings(FUZZ, max_examples=max(1, EXAMPLES // 2))  # a score-sheet database per example
@given(names=st.lists(NAME, min_size=2, max_size=4, unique=True))
def test_fuzz_exported_names(tmp_path_factory, names):
    """Any names a table accepts export as cells no spreadsheet runs as a formula."""
    from cardforge.table.export import FORMULA_STARTS, csv_text
    from cardforge.table.scorekeeper import Scorekeeper
    from cardforge.table.store import Store

    with Store(tmp_path_factory.mktemp("db") / "t.db") as store:
        keeper = Scorekeeper(store)
        try:
            standings = keeper.new_match("tricks", ",".join(names), rounds=1)
            standings = keeper.record_round([f"{p}=0/0" for p in standings.match.players])
        except CardforgeError as exc:
            _one_line(exc)
            return
        rows = list(csv.reader(io.StringIO(csv_text(standings))))
    assert all(not cell.startswith(FORMULA_STARTS) for row in rows for cell in row), rows
    assert {row[3].removeprefix("'") for row in rows[1:]} == set(standings.match.players)


# -- simulate options -----------------------------------------------------------------------------

OPTION_KEYS = st.sampled_from(["mode", "team", "rounds", "start_cards", "explosion", "target_wins", "memory",
                               "turns", "players", "seed", "same_value", "house", "rules", "", "x y", "é"])
OPTION_VALUES = st.sampled_from(["true", "false", "0", "3", "-1", "10**9", "discovery", "classic", "nan", "", "=", "é"])
OPTION = st.one_of(st.builds(lambda k, v: f"{k}={v}", OPTION_KEYS, OPTION_VALUES), st.text(max_size=8))
HOUSE = st.one_of(st.builds(lambda k, v: f"{k}={v}", st.sampled_from(["shadow_equal", "row_tie", "x", ""]),
                            OPTION_VALUES), st.text(max_size=6))


@FUZZ
@given(game=st.sampled_from(["rows", "tricks", "numwin", "collection", "sequence"]),
       players=st.integers(-2, 12), games=st.sampled_from([0, 1, 2, 10**6, 10**6 + 1, 10**23]),
       bots=st.lists(st.sampled_from(["random", "strategy", "blind", "nope"]), min_size=0, max_size=3),
       options=st.lists(OPTION, max_size=3), house=st.lists(HOUSE, max_size=2),
       turn=st.none() | st.floats(allow_nan=True, allow_infinity=True))
def test_fuzz_simulate_options(game, players, games, bots, options, house, turn):
    """A spec is refused in one line or plays: one game of it, bounded (a game has an action limit)."""
    from cardforge.bots import make_bot
    from cardforge.simulate import SimSpec
    from cardforge.simulate.play import play_game

    try:
        for name in bots:
            make_bot(game, name)
        spec = SimSpec(game, players, tuple(bots), tuple(house), 0, games, tuple(options), turn)
        options_checked = spec.check()
        play_game(spec, 0, dict(options_checked))
    except CardforgeError as exc:
        _one_line(exc)


@pytest.mark.parametrize("args", [
    ("rows", "--option", "team=true"), ("rows", "--games", str(10**23)), ("rows", "--turn-seconds", "nan"),
    ("rows", "--cluster", "not an address"), ("tricks", "--option", "mode=zzz"),
])
def test_the_cli_says_a_fuzzed_refusal_in_one_line(cli, tmp_path, args):
    """What the in-process fuzzing accepts as a refusal is one line and exit 2 on the command line."""
    from tests.cli_helpers import one_line_error

    one_line_error(cli("simulate", *args, "--quiet", "--out", str(tmp_path / "r")))
