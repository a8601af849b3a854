"""Messages say what is wrong in the user's words, never Python's (issue #31, item 11): no
``KeyError('secured')`` or ``Undone.__init__()``, a chmod-000 database is "not readable", long
name lists are cut, a suggestion never repeats the input, ``--option`` is not a "house rule"."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

from cardforge.i18n import Message
from tests.cli_helpers import one_line_error
from tests.conftest import CliResult, ROOT
from tests.test_table_failures import _sheet, _table

INTERNALS = ("Error(", "__init__", "Traceback", "<class", "object is not", "positional argument")


def _plain(result) -> None:
    assert not any(word in result.err for word in INTERNALS), result.err


def _edit_event(db, kind: str, payload: str) -> int:
    with contextlib.closing(sqlite3.connect(db)) as con:
        seq = con.execute("INSERT INTO events (match_id, kind, payload, recorded_at) VALUES (1, ?, ?, '2026')",
                          (kind, payload)).lastrowid
        con.commit()
    return seq


def test_a_sequence_round_without_its_secured_entry(cli, tmp_path):
    db = tmp_path / "s.sqlite3"
    assert cli("table", "new", "sequence", "--players", "Ana,Ben", "--db", str(db)).code == 0
    _edit_event(db, "round_recorded", '{"entries": {"Ana": {}, "Ben": {}}, "typed": []}')
    result = _table(cli, db, "show")
    one_line_error(result, "edited by hand")
    _plain(result)


def _without_root_powers(*args: str) -> CliResult:
    """Run the CLI as root without the capabilities that bypass file permissions (as a user is)."""
    drop = "-dac_override,-dac_read_search"
    proc = subprocess.run(["setpriv", f"--bounding-set={drop}", f"--inh-caps={drop}", "--", sys.executable,
                           "-m", "cardforge", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    return CliResult(proc.returncode, proc.stdout, proc.stderr)


@pytest.mark.skipif(shutil.which("setpriv") is None or os.geteuid() != 0, reason="needs root and setpriv")
def test_a_chmod_000_database_is_not_readable_rather_than_read_only(cli, tmp_path):
    """Issue #31: "a chmod-000 database called 'read-only'"."""
    db = tmp_path / "t.sqlite3"
    _sheet(cli, db, rounds=1)
    db.chmod(0)
    for args in (("show",), ("round", "Ana=R5", "Ben=G4"), ("list",)):
        result = _without_root_powers("table", *args, "--db", str(db))
        one_line_error(result, "not readable (permission denied)")
        assert "read-only" not in result.err


@pytest.mark.parametrize("lang, tail", [("en", "P7, … and 99,992 more"), ("fr", "P7, … et 99\u202f992 autres")])
def test_a_long_list_of_names_is_cut(lang, tail):
    """Issue #31: "refusals listing 100,000 player names"."""
    players = [f"P{i}" for i in range(100_000)]
    said = Message("error.seat.unknown", name="'Zoé'", players=players, hint="").text(lang)
    assert said.endswith(tail) and len(said) < 200, said
    assert Message("error.seat.unknown", name="'Zoé'", players=players[:3], hint="").text("en").endswith("P0, P1 and P2")


def test_a_table_refusal_does_not_list_ten_thousand_names(cli, tmp_path):
    names = ",".join(f"P{i}" for i in range(10_000))
    result = cli("table", "new", "rows", "--players", names, "--db", str(tmp_path / "t.db"))
    one_line_error(result, "not 10000")
    assert len(result.err) < 300, result.err


def test_an_unusable_deck_file_is_not_suggested_as_itself(cli, tmp_path):
    """Issue #31: "unknown game 'rows' … did you mean 'rows'?" (decks/rows.yaml a dangling link)."""
    decks = tmp_path / "decks"
    decks.mkdir()
    shutil.copy(ROOT / "decks" / "base.yaml", decks)
    shutil.copy(ROOT / "decks" / "numwin.yaml", decks)
    (decks / "rows.yaml").symlink_to(tmp_path / "gone.yaml")
    (decks / "tricks.yaml").mkdir()
    env = {"CARDFORGE_DECKS": str(decks)}
    for game, says in (("rows", "a link to a missing file"), ("tricks", "is a folder")):
        result = cli("render", game, "--out", str(tmp_path / "o"), env=env)
        one_line_error(result, f"game {game!r}", says)
        assert f"did you mean {game!r}" not in result.err
    result = cli("render", "NUMWIN", "--out", str(tmp_path / "o"), env=env)
    assert "did you mean 'numwin'" in result.err and "rows" not in result.err.split("decks are")[1]


@pytest.mark.parametrize("game", ["tricks", "numwin", "rows"])
def test_an_engine_option_is_not_called_a_house_rule(cli, tmp_path, game):
    """Issue #31: "`--option mode=…` called a 'house rule'"."""
    result = cli("simulate", game, "--games", "2", "--quiet", "--option", "mode=zzz", "--out", str(tmp_path / "r"))
    one_line_error(result, "option 'mode'")
    assert "house rule" not in result.err
