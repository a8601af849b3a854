"""Deck files a user may hand us by mistake or on purpose: one line, a position, little work (issue 12 §5).

Folders, unreadable files, devices and FIFOs; "billion laughs" aliases, deep nesting, giant
values; NUL bytes and Latin-1; pydantic's type names.  Each hostile file is refused with
file:line:column where the file has a position to give, after reading at most the size limit
and doing less work (Python calls) than validating an honest deck twice: bounded by work, not
by a clock, so a busy machine cannot fail it (how fast it is: ``benchmarks/bench_limits.py``).
"""

from __future__ import annotations

import errno
import functools
import io
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest

from cardforge.deck import load_deck, validate_file
from cardforge.deck.source import LIMITS
from cardforge.errors import DeckError
from tests.test_deck_errors import GOOD

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def deck_dir(tmp_path):
    shutil.copy(ROOT / "decks" / "base.yaml", tmp_path / "base.yaml")
    return tmp_path


@pytest.fixture(autouse=True, scope="module")
def _warm():
    """Import ruamel.yaml and pydantic once, so that timings measure the refusal, not imports."""
    validate_file(ROOT / "decks" / "rows.yaml")


def _work(action: Callable[[], object]) -> tuple[int, int]:
    """``(Python calls, bytes read with os.read)`` while ``action`` runs (it may raise)."""
    calls, read = [0], [0]
    real_read = os.read

    def counting_read(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        read[0] += len(data)
        return data

    def count(frame: object, event: str, arg: object) -> None:
        if event == "call":
            calls[0] += 1

    with mock.patch("os.read", counting_read):
        sys.setprofile(count)
        try:
            action()
        except DeckError:
            pass
        finally:
            sys.setprofile(None)
    return calls[0], read[0]


@functools.cache
def honest_work() -> int:
    """The Python calls of validating the shipped ``rows`` deck: the unit a refusal is bounded by."""
    return _work(lambda: validate_file(ROOT / "decks" / "rows.yaml"))[0]


def refused(path: Path, read_at_most: int = LIMITS["bytes"] + 1) -> DeckError:
    """The DeckError ``validate_file`` raises for ``path``, checked to come after little work:
    at most ``read_at_most`` bytes read, fewer Python calls than two honest validations."""
    with pytest.raises(DeckError) as info:
        validate_file(path)
    calls, read = _work(lambda: validate_file(path))
    assert calls < 2 * honest_work(), f"{path.name}: {calls:,} calls (an honest deck: {honest_work():,})"
    assert read <= read_at_most, f"{path.name}: {read:,} bytes read"
    assert "\n" not in str(info.value)
    return info.value


def run_main(*argv: str, out=None) -> tuple[int, str]:
    """Run the CLI in-process (so a test can stand in for the file system); exit code, stderr
    (``out``: a ``StringIO`` that receives stdout)."""
    import contextlib
    import io

    from cardforge.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out or io.StringIO()), pytest.raises(SystemExit) as info:
        main(list(argv))
    return info.value.code, err.getvalue()


# -- what is not a deck file ---------------------------------------------------------------------

@pytest.mark.parametrize("command", [["render", "{p}", "--out", "{out}"], ["deck", "show", "{p}"]])
def test_a_folder_is_one_line_in_every_command(tmp_path, cli, command):
    folder = tmp_path / "rows.yaml"
    folder.mkdir()
    args = [a.format(p=folder, out=tmp_path / "out") for a in command]
    result = cli(*args)
    assert result.code == 2 and "Traceback" not in result.err
    assert result.err.strip().splitlines() == [result.err.strip()]
    assert result.err.strip() == f"cardforge: error: {folder}: is a folder, expected a .yaml file"


def _unreadable_deck(deck_dir: Path, monkeypatch) -> Path:
    """``deck_dir/mini.yaml``, which opening refuses (tests run as root, where chmod 000 reads anyway)."""
    deck = deck_dir / "mini.yaml"
    deck.write_text(GOOD, encoding="utf-8")
    real_open = os.open

    def no_permission(path, flags, *rest):
        if Path(path).name == "mini.yaml":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *rest)

    monkeypatch.setattr(os, "open", no_permission)
    return deck


def test_validate_reports_a_folder_or_an_unreadable_file_as_a_finding(tmp_path, deck_dir, monkeypatch):
    """validate speaks like a linter (issue 24): the same one line, as a finding on stdout, exit 1."""
    folder = tmp_path / "rows.yaml"
    folder.mkdir()
    out = io.StringIO()
    code, err = run_main("validate", str(folder), out=out)
    assert code == 1 and err == ""
    assert out.getvalue() == f"{folder}:1:1: error: is a folder, expected a .yaml file\n"
    deck = _unreadable_deck(deck_dir, monkeypatch)
    out = io.StringIO()
    code, err = run_main("validate", str(deck), out=out)
    assert code == 1 and out.getvalue().strip().endswith("mini.yaml:1:1: error: permission denied (the file is not readable)")


@pytest.mark.parametrize("command", [["render", "{p}", "--out", "{out}"], ["deck", "show", "{p}"]])
def test_an_unreadable_file_is_one_line(deck_dir, monkeypatch, command):
    deck = _unreadable_deck(deck_dir, monkeypatch)
    code, err = run_main(*[a.format(p=deck, out=deck_dir / "out") for a in command])
    assert code == 2 and "Traceback" not in err
    assert err.strip().endswith("mini.yaml: permission denied (the file is not readable)")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this system")
def test_devices_and_fifos_are_refused_without_reading(tmp_path):
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    assert "is a device, expected a regular file" in str(refused(link))
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)  # nobody writes to it: opening it blocking would hang forever
    assert "is a pipe (FIFO)" in str(refused(fifo))


def test_scorecard_read_is_bounded_and_regular_files_only(cli, tmp_path):
    big = tmp_path / "card.txt"
    big.write_text("pair " * 20_000)
    for path, fragment in (("/dev/zero", "is a device"), (str(big), "too large (97.7 KiB; at most 64 KiB)"),
                           (str(tmp_path), "is a folder")):
        result = cli("referee", "collection", "objectives", "--scorecard", path, "R1", "R2")
        assert result.code == 2 and "Traceback" not in result.err
        assert f"cannot read scorecard {path!r}: {fragment}" in result.err


# -- resource limits -----------------------------------------------------------------------------

def billion_laughs(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels + 1)]
    return GOOD + "\n".join(lines) + "\n"


#: (name, text, what the error says, (line, column)): each refused within the limits
#: (``benchmarks/bench_limits.py`` times them)
HOSTILE = [
    ("laughs", billion_laughs(), "more than 20,000 values once aliases (*name) are expanded", (16, 5)),
    ("brackets", GOOD + "deep: " + "[" * 2000 + "]" * 2000 + "\n", "nested deeper than 32 levels", (12, 39)),
    ("blocks", GOOD + "deep:\n" + "".join(" " * i + "-\n" for i in range(1, 60)), "nested deeper than 32 levels", (44, 33)),
    ("dashes", GOOD + "deep:\n  " + "- " * 2000 + "x\n", "indented more than 120 columns", (13, 122)),
    ("aliases deep", GOOD + "a0: &a0 [1]\n" + "".join(f"a{i}: &a{i} [*a{i - 1}]\n" for i in range(1, 40)),
     "nested deeper than 32 levels once aliases (*name) are expanded", (42, 6)),
    ("merge laughs", GOOD + "a0: &a0 {k0: [1, 2, 3, 4, 5, 6, 7, 8, 9]}\n" + "".join(
        f"a{i}: &a{i} {{<<: *a{i - 1}, k{i}: [" + ", ".join([f"*a{i - 1}"] * 9) + "]}\n" for i in range(1, 12)),
     "more than 20,000 values once aliases (*name) are expanded", (16, 23)),
    ("long line", GOOD.replace("title: {fr: Mini, en: Mini}", "title: {fr: Mini, en: " + "M" * 100_000 + "}"),
     "a line of 100,023 characters (at most 10,000)", (3, 10_001)),
    ("long value", GOOD.replace("title: {fr: Mini, en: Mini}", "title:\n  fr: Mini\n  en: >\n" + "    MMMMMMMMM\n" * 2000),
     "a value of 20,000 characters (at most 10,000)", (5, 7)),
    ("digits", GOOD.replace("count: 1", "count: " + "9" * 5000), "more than 1,000 digits in a row", (10, 12)),
]


@pytest.mark.parametrize("name, text, fragment, where", HOSTILE)
def test_hostile_files_are_refused_after_little_work_with_a_position(deck_dir, name, text, fragment, where):
    path = deck_dir / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    err = refused(path)
    assert fragment in str(err)
    assert (err.line, err.column) == where


def test_a_giant_file_is_refused_before_parsing(deck_dir):
    path = deck_dir / "mini.yaml"
    path.write_text(GOOD.replace("title: {fr: Mini, en: Mini}", "title: {fr: Mini, en: " + "M" * 10_000_000 + "}"))
    err = refused(path, read_at_most=0)  # its size says it all: not a byte is read
    assert str(err) == f"{path}: too large (9.54 MiB; at most 128 KiB): a deck file is a few KiB of YAML"


def test_limits_leave_room_for_real_decks():
    """The shipped decks sit far inside every limit (so the limits refuse no honest deck)."""
    for path in (ROOT / "decks").glob("*.yaml"):
        assert path.stat().st_size * 10 < LIMITS["bytes"], path
        validate_file(path)


# -- positions and plain words --------------------------------------------------------------------

def test_nul_byte_is_one_line_with_its_position(deck_dir):
    path = deck_dir / "mini.yaml"
    path.write_bytes(GOOD.replace("players:", "play\0ers:").encode())
    err = refused(path)
    assert (err.line, err.column) == (4, 5)
    assert str(err).endswith("character U+0000 is not allowed in YAML (a NUL byte: is this a binary file?)")


def test_latin1_file_gives_line_and_column_not_a_byte_offset(deck_dir):
    path = deck_dir / "mini.yaml"
    path.write_bytes(GOOD.replace("Annule le pli.", "Annule le pli é.").encode("latin-1"))
    err = refused(path)
    assert (err.line, err.column) == (11, 32)
    assert "byte 0xE9 ('é' in Latin-1)" in str(err) and "save the file as UTF-8" in str(err)
    assert "at byte" not in str(err)


@pytest.mark.parametrize("mutation, expected", [
    (("players: {min: 2, max: 4}", "players: {min: 0, max: 4}"), "players.min: expected at least 1, found 0 (a number)"),
    (("title: {fr: Mini, en: Mini}", "title: [Mini]"), "title: expected a mapping (key: value) with keys fr, en, found a list"),
    (("players: {min: 2, max: 4}", "players: [2, 4]"), "players: expected a mapping (key: value) with keys min, max, found a list"),
    (("count: 1", "count: [1]"), "actions.flash.count: expected a valid integer, found a list"),
    (("title: {fr: Mini, en: Mini}", "title: {fr: 3, en: Mini}"), "title.fr: expected text, found 3 (a number)"),
    (("families:\n  R: {}\n  RB: {values: {min: 1, max: 5}}", "families: [R, RB]"), "families: expected a mapping (key: value), found a list"),
    (("count: 1", "count: true"), "actions.flash.count: expected a valid integer, found true (true/false)"),
    (("families:\n  R: {}\n  RB: {values: {min: 1, max: 5}}", "families: {}"),
     "families: expected at least 1 entry, found 0"),
    (("title: {fr: Mini, en: Mini}", "title: {fr: '', en: Mini}"), "title.fr: expected at least 1 character, found '' (text)"),
])
def test_messages_use_plain_words(deck_dir, mutation, expected):
    path = deck_dir / "mini.yaml"
    path.write_text(GOOD.replace(*mutation), encoding="utf-8")
    err = refused(path)
    assert expected in str(err)
    for internal in ("Scalar", "Commented", "instance of", "dictionary", "TextModel", "str", "int)"):
        assert internal not in str(err)


def test_load_deck_refuses_the_same_way(deck_dir):
    folder = deck_dir / "sub.yaml"
    folder.mkdir()
    with pytest.raises(DeckError, match="is a folder, expected a .yaml file"):
        load_deck(folder)


def test_the_work_bound_catches_a_runaway(deck_dir, monkeypatch):
    """Without the alias limit, 9⁶ expanded values cost far more than two honest validations."""
    path = deck_dir / "mini.yaml"
    path.write_text(billion_laughs(levels=6), encoding="utf-8")
    monkeypatch.setitem(LIMITS, "values", 10**9)
    calls, _ = _work(lambda: validate_file(path))
    assert calls > 2 * honest_work()


# -- a deck folder (cardforge new mine writes mine/mine.yaml) --------------------------------------

def _deck_folder(root: Path, name: str = "mine") -> Path:
    folder = root / name
    folder.mkdir()
    (folder / f"{name}.yaml").write_text(GOOD, encoding="utf-8")
    (folder / "layout.yaml").write_text("kind: layout\nextends: default\n", encoding="utf-8")
    return folder


def test_a_deck_folder_stands_for_its_deck_file(tmp_path):
    """`cardforge new mine` prints `validate mine/mine.yaml`; `validate mine`, `render mine`
    and `build mine` mean the same file (was: "is a folder, expected a .yaml file", and for build
    "unknown game 'mine' … did you mean 'numwin'?")."""
    from cardforge.deck import deck_path, folder_deck

    folder = _deck_folder(tmp_path)
    assert folder_deck(folder) == folder / "mine.yaml"
    assert deck_path(str(folder)) == folder / "mine.yaml"
    out = io.StringIO()
    code, err = run_main("validate", str(folder), out=out)
    assert (code, err) == (0, "") and out.getvalue().startswith(f"{folder / 'mine.yaml'}: ok")
    other = tmp_path / "other"
    other.mkdir()
    (other / "cards.yaml").write_text(GOOD, encoding="utf-8")  # one deck file, named otherwise
    assert folder_deck(other) == other / "cards.yaml"


def test_a_deck_folder_here_is_found_by_its_name(tmp_path, monkeypatch):
    from cardforge.deck import deck_path

    _deck_folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert deck_path("mine") == Path("mine") / "mine.yaml"
    assert deck_path("rows").name == "rows.yaml" and deck_path("rows").parent != Path("rows")  # a game stays the game


def test_a_folder_without_one_deck_file_says_what_it_holds(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    out = io.StringIO()
    code, _ = run_main("validate", str(empty), out=out)
    assert code == 1
    assert out.getvalue() == (f"{empty}:1:1: error: is a folder without a deck file: expected empty.yaml in it "
                              "(cardforge new NAME writes NAME/NAME.yaml)\n")
    two = tmp_path / "two"
    two.mkdir()
    for name in ("a.yaml", "b.yaml"):
        (two / name).write_text(GOOD, encoding="utf-8")
    code, err = run_main("render", str(two), "--out", str(tmp_path / "out"))
    assert code == 2
    assert err.strip() == (f"cardforge: error: {two}: is a folder with 2 deck files (a.yaml, b.yaml): name one, "
                           f"e.g. {two / 'a.yaml'}")
