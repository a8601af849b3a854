"""Score-sheet database failures after it is opened: one line each, exit 2, nothing lost
(damaged pages, a read-only file, a full disk, another program's database, rows edited by hand)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from cli_helpers import one_line_error



COMMANDS = [("show",), ("round", "Ana=R5", "Ben=G4"), ("undo",), ("list",), ("show", "--json")]



def _sheet(cli, db: Path, rounds: int = 2) -> None:
    assert cli("table", "new", "rows", "--players", "Ana,Ben", "--db", str(db)).code == 0
    for i in range(rounds):
        assert cli("table", "round", f"Ana=R{i + 1}", "Ben=G2", "--db", str(db)).code == 0


def _table(cli, db: Path, *args: str):
    return cli("table", *args, "--db", str(db))


def test_a_damaged_database_is_one_line_in_every_command(cli, tmp_path):
    db = tmp_path / "t.sqlite3"
    _sheet(cli, db)
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for offset in range(page, len(data)):  # every page but the header's
        data[offset] = (offset * 7 + 0x5A) & 0xFF
    db.write_bytes(bytes(data))
    for args in COMMANDS:
        one_line_error(_table(cli, db, *args), "is damaged", "nothing was changed")
    assert db.read_bytes() == bytes(data)


@contextlib.contextmanager
def _immutable(path: Path):
    """Make ``path`` unwritable even for root (chattr +i); skip where that is impossible."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        yield
        path.chmod(0o644)
        return
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not supported here")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_database_refuses_entries_in_one_line_and_still_shows(cli, tmp_path):
    db = tmp_path / "t.sqlite3"
    _sheet(cli, db)
    with _immutable(db):
        one_line_error(_table(cli, db, "round", "Ana=R9", "Ben=G9"), "read-only", "nothing was recorded")
        one_line_error(_table(cli, db, "undo"), "read-only")
        shown = _table(cli, db, "show", "--json")
        assert shown.code == 0 and len(shown.json()["rounds"]) == 2
        assert _table(cli, db, "list").code == 0
        assert sorted(p.name for p in tmp_path.iterdir()) == ["t.sqlite3"]  # no -wal/-shm left behind
    assert len(_table(cli, db, "show", "--json").json()["rounds"]) == 2


@contextlib.contextmanager
def _tiny_disk(where: Path):
    where.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(where)],
                                           capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def test_a_full_disk_says_so_and_loses_no_confirmed_round(cli, tmp_path):
    with _tiny_disk(tmp_path / "disk") as disk:
        db = disk / "t.sqlite3"
        _sheet(cli, db, rounds=1)
        filler = disk / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * 4096)
        os.close(fd)
        for _ in range(3):
            one_line_error(_table(cli, db, "round", "Ana=R5,R6,R7,R8,R9", "Ben=G4,G5,G6"), "the disk is full",
                           "nothing was recorded")
        filler.unlink()
        shown = _table(cli, db, "show", "--json")
        assert shown.code == 0, shown.err
        assert [r["typed"] for r in shown.json()["rounds"]] == [["Ana=R1", "Ben=G2"]]


def test_another_programs_database_is_refused_untouched(cli, tmp_path):
    other = tmp_path / "contacts.db"
    with contextlib.closing(sqlite3.connect(other)) as con:
        con.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
        con.commit()
    before = other.read_bytes()
    one_line_error(cli("table", "new", "rows", "--players", "Ana,Ben", "--db", str(other)),
                   "not a cardforge score-sheet database", "contacts")
    one_line_error(_table(cli, other, "list"), "not a cardforge score-sheet database")
    assert other.read_bytes() == before


def test_an_empty_database_and_an_unmarked_cardforge_one_are_adopted(cli, tmp_path):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    assert cli("table", "new", "rows", "--players", "Ana,Ben", "--db", str(empty)).code == 0
    old = tmp_path / "old.db"
    _sheet(cli, old, rounds=1)
    with contextlib.closing(sqlite3.connect(old)) as con:  # as written before the marker existed
        con.execute("PRAGMA application_id = 0")
        con.commit()
    assert len(_table(cli, old, "show", "--json").json()["rounds"]) == 1
    assert _table(cli, old, "round", "Ana=R3", "Ben=G3").code == 0
    from cardforge.table.store import APPLICATION_ID

    with contextlib.closing(sqlite3.connect(old)) as con:
        assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


@pytest.mark.parametrize("kind, payload, says", [
    ("round_recorded", "{not json", "its payload is not JSON"),
    ("round_played", '{"entries": {}}', "unknown event kind 'round_played'"),
    ("round_recorded", '{"entries": {"Ana": 5}, "typed": ["Ana=5"]}', "wrong shape"),
    ("round_recorded", '{"entriez": {}, "typed": []}', "entriez"),
    # issue #31: the field in plain words, never "Undone.__init__() got an unexpected keyword…"
    ("undone", '{"round_seq": 1, "by": "Ana"}', "unexpected field 'by'"),
    ("undone", "{}", "'round_seq' is missing"),
    ("undone", "[1, 2]", "not an object"),
    ("round_recorded", '{"entries": {}, "typed": 5}', "'typed' is not a list"),
    # issue #31: JSON nested 5,000 deep was a RecursionError that broke every table command
    ("position_saved", '{"position": ' + "[" * 5000 + "]" * 5000 + "}", "nests too deep"),
])
def test_a_hand_edited_log_row_names_its_event(cli, tmp_path, kind, payload, says):
    db = tmp_path / "t.sqlite3"
    _sheet(cli, db)
    with contextlib.closing(sqlite3.connect(db)) as con:
        seq = con.execute("INSERT INTO events (match_id, kind, payload, recorded_at) VALUES (1, ?, ?, '2026')",
                          (kind, payload)).lastrowid
        con.commit()
    for args in COMMANDS:
        result = _table(cli, db, *args)
        one_line_error(result, f"event {seq} ", says, "edited by hand")
        assert "__init__" not in result.err and "Error(" not in result.err


def test_a_non_numeric_setting_is_one_line(cli, tmp_path):
    db = tmp_path / "t.sqlite3"
    _sheet(cli, db, rounds=1)
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute("UPDATE settings SET value = 'second' WHERE key = 'current_match'")
        con.commit()
    for args in COMMANDS[:3]:
        one_line_error(_table(cli, db, *args), "current_match", "'second'", "table resume")
    assert _table(cli, db, "list").code == 0


def test_the_database_folder_is_not_called_an_output_folder(cli, tmp_path):
    (tmp_path / "notes").write_text("x")
    result = cli("table", "list", "--db", str(tmp_path / "notes" / "sub" / "t.db"))
    one_line_error(result, "database folder")
    assert "output folder" not in result.err
