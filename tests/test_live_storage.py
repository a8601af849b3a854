"""State files of format 2 (cardforge.live.storage): schema-checked load, BOM, depth limit,
format 1 migrated or refused, and a lock around read-modify-write (issue #31 items 3 and 4)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.cli_helpers import one_line_error
from tests.conftest import ROOT


def _state(tmp_path, data) -> str:
    path = tmp_path / "s.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def _rows(**changes):
    match = {"players": ["Ana", "Ben"], "house": [], "options": {}, "lang": "en",
             "history": ["deal Ana=?", "deal Ben=?", "Ana=R7 Ben=SH3"], "moves": [[3, None]]}
    match.update(changes)
    return {"format": 2, "matches": {"rows": match}}


def test_a_format_2_file_continues(cli, tmp_path):
    state = _state(tmp_path, _rows())
    result = cli("referee", "rows", "play", "--state", state, "Ana=R9", "Ben=B5", "--json")
    assert result.code == 0, result.err and result.json()["version"] == 4
    assert json.loads(open(state).read())["matches"]["rows"]["history"][-1] == "Ana=R9 Ben=B5"


def test_a_bom_is_accepted(cli, tmp_path):
    state = _state(tmp_path, "\ufeff" + json.dumps(_rows()))
    assert cli("referee", "rows", "play", "--state", state, "Ana=R9", "Ben=B5").code == 0


@pytest.mark.parametrize(("data", "fragments"), [
    (_rows(players="Ana"), ["matches.rows.players: expected a list, found 'Ana'"]),
    (_rows(players=["Ana", "Ana"]), ["matches.rows.players: expected distinct player names"]),
    (_rows(history=["deal Ana=?", 7, "x"]), ["matches.rows.history[1]: expected text"]),
    (_rows(colour="red"), ["matches.rows.colour: expected one of the keys"]),
    (_rows(options={"explosion": "yes"}), ["matches.rows.options.explosion: expected true or false"]),
    (_rows(lang="de"), ["matches.rows.lang: expected one of en, fr"]),
    (_rows(moves=[[2, None]]), ["matches.rows.moves: expected moves covering the 3 entries"]),
    (_rows(moves=[[3, "bad id!"]]), ["matches.rows.moves[0]"]),
    (_rows(history=["deal Ana=?", "deal Ben=?", "Ana=R7 Ben=R7"]),
     ["matches.rows.history[2]: entry 'Ana=R7 Ben=R7' cannot be replayed", "already revealed by Ana"]),
    ({"format": 3, "matches": {}}, ["format 3 is not supported"]),
    ({"format": 2, "matches": {"chess": {}}}, ["matches.chess: expected one of the keys rows, numwin"]),
    ({"format": 2, "matches": [], "x": 1}, ["x: expected one of the keys format, matches"]),
    ("[" * 1000 + "]" * 1000, ["nests deeper than 16 levels"]),
    ({"rows": {"game": "rows", "version": 1, "rows": {}, "reveals": 2}},
     ["holds a Num Rows position of format 1", "remove its rows entry or use a new --state file to start afresh"]),
])
def test_a_bad_state_file_is_one_line_naming_the_key(cli, tmp_path, data, fragments):
    state = _state(tmp_path, data)
    one_line_error(cli("referee", "rows", "play", "--state", state, "Ana=R9", "Ben=B5"), *fragments)


@pytest.mark.parametrize(("game", "name"), [("rows", "Num Rows"), ("numwin", "Num"), ("tricks", "Num Tricks"),
                                           ("sequence", "Num Sequence"), ("collection", "Num Collection")])
def test_a_format_1_file_whose_history_cannot_be_rebuilt_is_refused_saying_how_to_start_afresh(
        cli, tmp_path, game, name):
    """Every game is on the live model: a format-1 position it cannot replay is not guessed at
    but refused in one line, and the file is left as it was."""
    old = json.dumps({game: {"game": game, "version": 1, "players": ["Ana", "Ben"], "history": ["p7: draw A"]}})
    state = _state(tmp_path, old)
    command = "round" if game == "numwin" else "play"  # numwin's live command scores a round
    one_line_error(cli("referee", game, command, "--state", state, "Ana=R3"),
                   f"holds a {name}", "position of format 1",
                   f"remove its {game} entry or use a new --state file to start afresh")
    assert open(state).read() == old


@pytest.mark.parametrize("game", ["sequence", "collection"])
def test_a_format_1_push_your_luck_position_is_migrated_with_its_history(cli, tmp_path, game):
    """Their format-1 positions kept the engine's steps (``p0: draw A``, ``= R3``): the match
    goes on from them, its history in format 2."""
    old = {"game": game, "version": 1, "players": ["Ana", "Ben"], "house": [], "mode": "classic", "rounds": None,
           "history": ["p0: draw A", "= R3"], "seated": True}
    state = _state(tmp_path, {game: old})
    again = cli("referee", game, "play", "--state", state, "Ana=G5", "--json")
    assert again.code == 0, again.err
    match = json.loads(open(state).read())["matches"][game]
    assert match["history"][:2] == ["Ana=draw A", "deal Ana=R3"] and match["history"][3] == "deal Ana=G5"
    assert match["moves"][0] == [2, None] and match["options"] == {"mode": "classic"}


def test_twenty_concurrent_calls_on_one_state_file_lose_nothing(tmp_path):
    """10 numwin rounds beside 10 rows reveals, all at once (#31 item 3): every one is kept."""
    state = tmp_path / "s.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    names = [f"P{i}" for i in range(10)]
    calls = [["referee", "numwin", "round", *(f"{n}=R{i}" for i, n in enumerate(names))] for _ in range(10)]
    calls += [["referee", "rows", "play", f"Ana=R{v}", f"Ben=B{v}"] for v in range(1, 11)]
    procs = [subprocess.Popen([sys.executable, "-m", "cardforge", *call, "--state", str(state)], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for call in calls]
    errors = [p.communicate(timeout=600)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 20, errors
    matches = json.loads(state.read_text())["matches"]
    assert len(matches["numwin"]["history"]) == 10
    assert sum(not e.startswith("deal ") for e in matches["rows"]["history"]) == 10


def test_undo_takes_back_the_kept_matchs_last_move(cli, tmp_path):
    state = _state(tmp_path, _rows())
    undone = cli("referee", "rows", "undo", "--state", state, "--json")
    assert undone.code == 0, undone.err and undone.json()["version"] == 0
    assert json.loads(open(state).read())["matches"]["rows"]["history"] == []
    one_line_error(cli("referee", "rows", "undo", "--state", state), "nothing to undo")
    one_line_error(cli("referee", "numwin", "undo"), "give --state PATH or --table")


def test_a_format_1_tricks_position_is_migrated_with_the_entries_the_table_typed(cli, tmp_path):
    """A format-1 ``TricksPosition`` kept what the table typed (``Ana=hand=?``, ``Ana=bid=1``,
    ``Ana=RB12``): the game goes on from it in format 2, a hand now ``deal Ana=?``."""
    old = {"game": "tricks", "version": 1, "players": ["Ana", "Ben", "Chloé"], "house": [], "count": 3,
           "start_cards": 1, "rounds": 1, "team": False,
           "history": ["Ana=hand=?", "Ben=hand=?", "Chloé=hand=?", "Ana=bid=1", "Ben=bid=0", "Chloé=bid=0"]}
    state = _state(tmp_path, {"tricks": old})
    again = cli("referee", "tricks", "play", "--state", state, "Ana=RB12", "--json")
    assert again.code == 0, again.err
    match = json.loads(open(state).read())["matches"]["tricks"]
    assert match["history"][:4] == ["deal Ana=?", "deal Ben=?", "deal Chloé=?", "Ana=bid=1"]
    assert match["history"][-1] == "Ana=RB12" and match["options"] == {"count": 3, "rounds": 1, "start_cards": 1}
    assert match["moves"][0] == [4, None]
