"""The live position (cardforge.live): one model per game, JSON round trips, kept in a state
file or a table match, continued by the referee CLI."""

from __future__ import annotations

import json

import pytest

from cardforge.errors import IllegalActionError, UsageError
from cardforge.live import apply, from_json, new_position


def play(position, *tokens):
    return apply(position, position.parse_move(list(tokens)))


def test_rows_position_continues_from_the_last_reveal():
    position = new_position("rows")
    position, _ = play(position, "Ana=R7", "Ben=SH3", "Chloé=RB9")
    assert position.players == ("Ana", "Ben", "Chloé")
    assert position.rows["R"] == ("R0", "R7", "RB9") and position.rows["B"] == ("B0", "SH3")
    position, verdict = play(position, "Ana=R5", "Ben=B4", "Chloé=G2")
    assert position.rows["R"] == ("R7", "RB9", "R5") and position.captured["Ana"] == ("R0",)
    assert verdict.result["reveal"] == 2 and verdict.result["round_over"] is False
    assert "Rows now: B: B0 SH3 B4  R: R7 RB9 R5" in verdict.board[0].text("en")


def test_rows_position_refuses_a_missing_player_and_a_captured_card():
    position, _ = play(new_position("rows"), "Ana=R7", "Ben=SH3")
    with pytest.raises(UsageError, match="Ben did not reveal"):
        play(position, "Ana=R5")
    with pytest.raises(UsageError, match="unknown player 'Bne'.*did you mean 'Ben'"):
        play(position, "Ana=R5", "Bne=R6")
    position, _ = play(position, "Ana=R1", "Ben=B3")  # Ana takes R0
    with pytest.raises(IllegalActionError, match="already in Ana's captured pile"):  # the engine's card conservation
        play(position, "Ana=R0", "Ben=B9")


def test_rows_tenth_reveal_scores_the_round_and_resets_the_rows():
    position = new_position("rows")
    for value in range(1, 11):
        position, verdict = play(position, f"Ana=R{value}", f"Ben=B{value}")
    assert verdict.result["round_over"] is True and verdict.result["round"]["winners"] == ["Ana", "Ben"]
    assert position.reveals == 0 and position.round == 2 and position.rows["R"] == ("R0",)
    assert position.wins == {"Ana": 1, "Ben": 1}


@pytest.mark.parametrize("game, moves", [
    ("rows", [["Ana=R7", "Ben=SH3"]]),
    ("tricks", [["Ana=RB12", "Ben=SH3", "Chloé=RB9"], ["Ana=RB2"]]),
    ("sequence", [["Ana=R3"], ["Ana=RB5"]]),
    ("collection", [["Ana=R3,G5"], ["Ana=secure"]]),
])
def test_every_position_round_trips_through_json(game, moves):
    position = new_position(game, ("Ana", "Ben") if game in ("sequence", "collection") else ())
    for tokens in moves:
        position, verdict = play(position, *tokens)
        assert verdict.result["position"] == position.to_json()
    text = json.dumps(position.to_json())
    assert from_json(json.loads(text)) == position


def test_from_json_refuses_what_is_not_a_position():
    with pytest.raises(UsageError, match="not a live position"):
        from_json([1, 2])
    with pytest.raises(UsageError, match="no live position for game 'chess'"):
        from_json({"game": "chess"})
    with pytest.raises(UsageError, match="format 1, written before the moves were kept"):  # no history to replay
        from_json({"game": "rows", "version": 99})


def test_tricks_position_settles_each_trick_and_the_winner_leads():
    position, verdict = play(new_position("tricks"), "Ana=RB12", "Ben=SH3", "Chloé=RB9")
    assert verdict.result["winner_player"] == "Ana" and position.leader == "Ana" and position.won["Ana"] == 1
    with pytest.raises(UsageError, match="it is Ana's turn, not Ben's"):
        play(position, "Ben=RB1")
    position, verdict = play(position, "Ana=RB2", "Ben=RB3")
    assert verdict.result["settled"] is False and position.trick == (("Ana", "RB2"), ("Ben", "RB3"))
    with pytest.raises(UsageError, match="given twice"):
        play(position, "Chloé=RB12")  # already played in the first trick
    position, verdict = play(position, "Chloé=SH10")
    assert verdict.result["winner_player"] == "Chloé" and position.leader == "Chloé"
    assert position.won == {"Ana": 1, "Ben": 0, "Chloé": 1}


def test_sequence_position_card_by_card():
    position, verdict = play(new_position("sequence", ("Ana", "Ben")), "Ana=R3")
    position, verdict = play(position, "Ana=RB5")
    assert verdict.result["extra_draws"] == 1 and verdict.result["securable"] is False
    with pytest.raises(UsageError, match="must draw again first: a Rainbow forces the next draw"):
        play(position, "Ana=secure")
    position, verdict = play(position, "Ana=B7")
    position, verdict = play(position, "Ana=secure")
    assert verdict.result["points"] == 15 and position.secured["Ana"] == (("R3", "RB5", "B7"),)
    assert "Ana" not in position.open and verdict.result["current"] == "Ben"


def test_sequence_position_a_stop_without_a_joker_loses_the_sequence_and_the_turn():
    position, _ = play(new_position("sequence", ("Ana", "Ben")), "Ana=R3,G5")
    lost, verdict = play(position, "Ana=B5")
    assert verdict.result["stop"] and verdict.result["lost"] and lost.open == {} and lost.pending == ()
    assert verdict.result["current"] == "Ben"
    with pytest.raises(UsageError, match="it is Ben's turn, not Ana's"):
        play(lost, "Ana=B9")


def test_sequence_position_a_stop_waits_for_the_reserves_joker():
    position, verdict = play(new_position("sequence", ("Ana", "Ben")), "Ana=joker")
    assert "never enters the sequence" in verdict.steps[0].text() and position.open == {}
    position, verdict = play(position, "Ana=keep")
    position, _ = play(position, "Ana=R3")
    position, verdict = play(position, "Ana=G3")
    assert verdict.result["stop"] and position.pending == ("Ana",)
    with pytest.raises(UsageError, match="cannot do that now"):
        play(position, "Ana=secure")
    saved, verdict = play(position, "Ana=joker")
    assert saved.pending == () and verdict.result["extra_draws"] == 1 and saved.open["Ana"] == ("R3",)
    assert "the Joker that cancelled the STOP" in verdict.summary.text()
    with pytest.raises(UsageError, match="must draw again first: the Joker that cancelled the STOP"):
        play(saved, "Ana=secure")
    lost, verdict = play(position, "Ana=accept")
    assert lost.open == {} and verdict.result["current"] == "Ben"


def test_state_file_cli_continues_the_rows(cli, tmp_path):
    state = tmp_path / "partie.json"
    first = cli("referee", "rows", "play", "--state", str(state), "Ana=R7", "Ben=SH3", "Chloé=RB9")
    assert first.code == 0, first.err
    second = cli("referee", "rows", "play", "Ana=R5", "Ben=B4", "Chloé=G2", "--json",
                 env={"CARDFORGE_STATE": str(state)})
    assert second.code == 0, second.err
    data = second.json()
    assert data["rows"]["R"] == ["R7", "RB9", "R5"] and data["captured"]["Ana"] == ["R0"]
    saved = json.loads(state.read_text())  # format 2: the match is its history
    assert saved["format"] == 2 and saved["matches"]["rows"]["history"][-2:] == ["Ana=R7 Ben=SH3 Chloé=RB9", "Ana=R5 Ben=B4 Chloé=G2"]
    text = cli("referee", "rows", "play", "--state", str(state), "Ana=R9", "Ben=B5", "Chloé=G3")
    assert "Rows now:" in text.out and "R7 RB9 R5 R9" in text.out.replace("\n", " ")


def test_table_match_keeps_the_rows_position(cli, tmp_path):
    db = tmp_path / "table.sqlite3"
    made = cli("table", "new", "rows", "--players", "Ana,Ben", "--db", str(db))
    assert made.code == 0, made.err
    assert cli("referee", "rows", "play", "--table", "--db", str(db), "Ana=R7", "Ben=SH3").code == 0
    again = cli("referee", "rows", "play", "--table", "--db", str(db), "Ana=R5", "Ben=B4", "--json")
    assert again.code == 0, again.err and again.json()["captured"]["Ana"] == ["R0"]
    wrong = cli("referee", "rows", "play", "--table", "--db", str(db), "Ana=R9", "Chloé=B6")
    assert wrong.code == 2 and "unknown player 'Chloé'" in wrong.err
    shown = cli("table", "show", "--db", str(db))
    assert shown.code == 0, shown.err


def test_broken_state_file_is_one_line(cli, tmp_path):
    state = tmp_path / "bad.json"
    state.write_text("{nope")
    result = cli("referee", "rows", "play", "--state", str(state), "Ana=R7")
    assert result.code == 2 and "is not valid JSON" in result.err and "Traceback" not in result.err
    not_state = tmp_path / "list.json"
    not_state.write_text("[1, 2]")
    result = cli("referee", "rows", "play", "--state", str(not_state), "Ana=R7")
    assert result.code == 2 and "is not a cardforge state" in result.err


def test_one_state_file_keeps_a_position_per_game(cli, tmp_path):
    """One CARDFORGE_STATE serves every game of the evening: a position per game in the file."""
    env = {"CARDFORGE_STATE": str(tmp_path / "evening.json")}
    assert cli("referee", "tricks", "trick", "Ana=RB1", "Ben=RB2", "Chloé=RB3", env=env).code == 0
    assert cli("referee", "rows", "play", "Ana=R7", "Ben=SH3", env=env).code == 0
    bare = cli("referee", "tricks", "trick", "RB9", "SH4", "RB5", "--json", env=env)  # seats known: play order
    assert bare.code == 0, bare.err
    assert bare.json()["seats"] == ["Chloé", "Ana", "Ben"] and bare.json()["winner_player"] == "Chloé"
    saved = json.loads((tmp_path / "evening.json").read_text())["matches"]
    assert set(saved) == {"tricks", "rows"} and saved["rows"]["history"][-1] == "Ana=R7 Ben=SH3" and saved["tricks"]["tricks"] == 2
    assert cli("referee", "numwin", "round", "Ana=R1,G2", "Ben=B3", env=env).code == 0
    by_seat = cli("referee", "numwin", "round", "R5", "B0 G0", "--json", env=env)
    assert by_seat.code == 0 and by_seat.json()["totals"] == {"Ana": 8, "Ben": 3}


def test_sequence_play_cli_card_by_card(cli, tmp_path):
    state = tmp_path / "seq.json"
    assert cli("referee", "sequence", "play", "--state", str(state), "Ana=R3").code == 2  # who plays?
    assert cli("referee", "sequence", "play", "--state", str(state), "--players", "Ana,Ben", "Ana=R3").code == 0
    assert cli("referee", "sequence", "play", "--state", str(state), "Ana=RB5").code == 0
    refused = cli("referee", "sequence", "play", "--state", str(state), "Ana=secure", "--lang", "fr")
    assert refused.code == 2 and "Ana doit d'abord piocher encore : une Rainbow oblige" in refused.err
    assert cli("referee", "sequence", "play", "--state", str(state), "Ana=B7").code == 0
    secured = cli("referee", "sequence", "play", "--state", str(state), "Ana=secure", "--json")
    assert secured.code == 0 and secured.json()["points"] == 15
    twice = cli("referee", "sequence", "play", "--state", str(state), "Ben=R3")
    assert twice.code == 2 and "R3 is already in one of Ana's secured sequences" in twice.err
    other = cli("referee", "sequence", "play", "--state", str(state), "Ben=R1,R4,R9", "--json")
    assert other.json()["stop"] and other.json()["lost"] and other.json()["current"] == "Ana"