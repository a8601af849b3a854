"""Every live refusal of the games on the live model, under --lang fr, is French (issue #25
item 6): one line, exit 2, no English word (tests/french_refusals.py)."""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import one_line_error
from tests.french_refusals import english_words

#: a state file's match: two players, one reveal made
ROWS = {"format": 2, "matches": {"rows": {"players": ["Ana", "Ben"], "house": [], "options": {}, "lang": "en",
                                          "history": ["deal Ana=?", "deal Ben=?", "Ana=R7 Ben=SH3"],
                                          "moves": [[3, None]]}}}
NUMWIN = {"format": 2, "matches": {"numwin": {"players": ["Ana", "Ben"], "house": [], "options": {}, "lang": "en",
                                              "history": ["Ana=R1 Ben=B3", "Ana=R5 Ben=B0,G0"], "moves": [[1, None], [2, None]]}}}

#: a sequence match: Ana turned over R3 then a Rainbow (one more draw owed)
SEQUENCE = {"format": 2, "matches": {"sequence": {
    "players": ["Ana", "Ben"], "house": [], "options": {"mode": "classic"}, "lang": "en",
    "history": ["Ana=draw A", "deal Ana=R3", "Ana=draw A", "deal Ana=RB5"], "moves": [[2, None], [4, None]]}}}
#: a collection match over: one round of two secured sequences
COLLECTION = {"format": 2, "matches": {"collection": {
    "players": ["Ana", "Ben"], "house": [], "options": {"mode": "classic", "rounds": 1}, "lang": "en",
    "history": ["Ana=draw A", "deal Ana=R3", "Ana=lock"], "moves": [[2, None], [3, None]]}}}

#: (state file, command after ``referee``): each one refused
REFUSALS = [
    (SEQUENCE, ["sequence", "play", "Ana=secure"]),  # a draw owed after the Rainbow
    (SEQUENCE, ["sequence", "play", "Ben=G5"]),  # out of turn
    (SEQUENCE, ["sequence", "play", "Ana=R3"]),  # already in Ana's sequence
    (SEQUENCE, ["sequence", "play", "Ana=keep"]),  # nothing drawn to keep
    (SEQUENCE, ["sequence", "play", "Ana=G5@C"]),  # no pile C
    (SEQUENCE, ["sequence", "play", "Bne=G5"]),  # unknown player
    (SEQUENCE, ["sequence", "play", "Ana=G5", "--on", "2"]),  # stale
    ({"format": 2, "matches": {}}, ["sequence", "play", "Ana=R3"]),  # who plays?
    (COLLECTION, ["collection", "play", "Ana=R3"]),  # out of turn and R3 secured
    (COLLECTION, ["collection", "play", "Ben=R3"]),  # R3 secured by Ana
    (COLLECTION, ["collection", "play", "Ben=declare"]),  # too early
    (ROWS, ["rows", "play", "Ana=R7", "Ben=B5"]),  # R7 is in the Red row
    (ROWS, ["rows", "play", "Ana=R9"]),  # Ben did not reveal
    (ROWS, ["rows", "play", "Ana=R9", "Bne=B5"]),  # unknown player
    (ROWS, ["rows", "play", "Ana=R9", "Ben=R9"]),  # revealed twice
    (ROWS, ["rows", "play", "Ana=R17", "Ben=B5"]),  # no such card
    (ROWS, ["rows", "play", "Ana=R9", "Ben=B5", "--on", "1"]),  # stale
    (ROWS, ["rows", "play", "Ana=R9", "Ben=B5", "--on", "9"]),  # unknown version
    (ROWS, ["rows", "play", "Ana=R9", "Ben=B5", "--move-id", "x y"]),
    (ROWS, ["rows", "play", "deal", "Ana=R1,R2"]),  # no deal now
    (ROWS, ["rows", "play", "--row", "R=R0,R5", "Ana=R9", "Ben=B5"]),
    (ROWS, ["rows", "play", "--house", "row_tie=fewest_cards", "Ana=R9", "Ben=B5"]),
    (ROWS, ["rows", "play", "Ana=R9", "Ben=B5", "--variant", "explosion"]),
    ({"format": 2, "matches": {"rows": {**ROWS["matches"]["rows"], "players": "Ana"}}}, ["rows", "play", "Ana=R9"]),
    ({"format": 2, "matches": {"rows": {**ROWS["matches"]["rows"], "moves": [[2, None]]}}}, ["rows", "play", "Ana=R9"]),
    ({"rows": {"game": "rows", "version": 1}}, ["rows", "play", "Ana=R9"]),  # format 1
    ("[" * 100 + "]" * 100, ["rows", "play", "Ana=R9"]),
    ({"format": 5}, ["rows", "play", "Ana=R9"]),
    (NUMWIN, ["numwin", "round", "Ana=R1", "Ben=B1"]),  # the game is over
    (NUMWIN, ["numwin", "round", "Ana=R1"]),
    (NUMWIN, ["numwin", "round", "Ana=R1", "Ben=R1"]),  # one copy of R1
    (NUMWIN, ["numwin", "round", "Ana=Q1", "Ben=R1"]),
    ({"format": 2, "matches": {"numwin": {**NUMWIN["matches"]["numwin"], "history": ["Ana=R1 Ben=B3", "x"]}}},
     ["numwin", "round", "Ana=R1", "Ben=B1"]),
    ({"format": 2, "matches": {}}, ["rows", "undo"]),  # nothing to undo
    ({"format": 2, "matches": {}}, ["tricks", "trick", "Ana=RB1"]),  # a game not on the live model yet: its own words
]


@pytest.mark.parametrize(("state", "args"), REFUSALS)
def test_every_live_refusal_is_french(cli, tmp_path, state, args):
    path = tmp_path / "s.json"
    path.write_text(state if isinstance(state, str) else json.dumps(state), encoding="utf-8")
    result = cli("referee", *args, "--state", str(path), "--lang", "fr")
    assert result.err.startswith("cardforge : erreur : "), result.err
    assert result.code == 2 and len(result.err.splitlines()) == 1 and "Traceback" not in result.err, result.err
    assert english_words(result.err) == [], result.err


def test_the_check_finds_english():
    assert english_words("cardforge : erreur : the table moved on since version 0") != []
    assert english_words("cardforge : erreur : la carte R7 est déjà dans la rangée Rouge") == []
