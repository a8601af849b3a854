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
    ("tricks", [["Ana=bid=1", "Ben=bid=0", "Chloé=bid=0"], ["Ana=RB12"]]),
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
    """The engine's game at the table (issue 25): bids first, each trick settled, the winner
    leads; a card played in an earlier trick is refused as played there, not "given twice"."""
    position = new_position("tricks", ("Ana", "Ben", "Chloé"), start_cards=2, rounds=1)
    with pytest.raises(UsageError, match="the round starts with the bids: Ana bids next"):
        play(position, "Ana=RB12")
    position, verdict = play(position, "Ana=bid=1", "Ben=bid=1", "Chloé=bid=0")
    assert position.history[:3] == ("deal Ana=?", "deal Ben=?", "deal Chloé=?")  # hidden hands
    position, verdict = play(position, "Ana=RB12", "Ben=SH3", "Chloé=RB9")
    assert verdict.result["winner_player"] == "Ana" and position.leader == "Ana" and position.won["Ana"] == 1
    with pytest.raises(UsageError, match="it is Ana's turn, not Ben's"):
        play(position, "Ben=RB1")
    position, verdict = play(position, "Ana=RB2", "Ben=RB3")
    assert verdict.result["settled"] is False and position.trick == (("Ana", "RB2"), ("Ben", "RB3"))
    with pytest.raises(IllegalActionError) as refused:
        play(position, "Chloé=RB12")  # already played in the first trick
    assert str(refused.value) == "RB12 was played in trick 1 of this round" and "given twice" not in str(refused.value)
    assert refused.value.message.text("fr") == "RB12 a été jouée au pli 1 de cette manche"
    position, verdict = play(position, "Chloé=SH10")
    assert verdict.result["winner_player"] == "Chloé"
    assert verdict.result["round_over"] and verdict.result["round"]["won"] == {"Ana": 1, "Ben": 0, "Chloé": 1}
    assert verdict.result["totals"] == {"Ana": 13, "Ben": -3, "Chloé": -15}  # everyone scored (TRICKS-9.x)
    assert verdict.result["game_over"] and verdict.result["winners"] == ["Ana"]
    assert "End of the game: Ana wins with 13 points" in verdict.summary.text("en")
    with pytest.raises(UsageError, match="the game is over"):
        play(position, "Ana=RB1")


def test_tricks_position_takes_the_hands_dealt_and_the_player_count_is_fixed():
    position = new_position("tricks", count=4)
    with pytest.raises(UsageError, match="4 players at this table .* but 3 named"):
        play(position, "Ana=bid=0", "Ben=bid=0", "Chloé=bid=1")
    position, _ = play(position, "Ana=hand=RB7", "Ben=hand=SH4", "Chloé=hand=?", "Dan=hand=?")
    assert position.players == ("Ana", "Ben", "Chloé", "Dan")
    assert position.state().observation(0)["hand"] == ["RB7"] and position.state().observation(2)["hand"] == ["?"]
    position, _ = play(position, "bid=0", "bid=1", "bid=0", "bid=0")
    with pytest.raises(IllegalActionError, match="SH4 is already in Ben's hand"):
        play(position, "Ana=SH4")
    with pytest.raises(IllegalActionError, match="type numx=17 or numx=0"):
        play(position, "Ana=RB7", "Ben=SH4", "Chloé=numx")
    position, verdict = play(position, "Ana=RB7", "Ben=SH4", "Chloé=numx=17", "Dan=RB2")
    assert verdict.result["winner_player"] == "Chloé" and verdict.result["totals"]["Ben"] == -3
    assert from_json(position.to_json()) == position


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
    assert cli("referee", "tricks", "play", "Ana=bid=0", "Ben=bid=0", "Chloé=bid=1", env=env).code == 0
    assert cli("referee", "tricks", "trick", "Ana=RB1", "Ben=RB2", "Chloé=RB3", env=env).code == 0
    assert cli("referee", "rows", "play", "Ana=R7", "Ben=SH3", env=env).code == 0
    assert cli("referee", "tricks", "trick", "bid=1", "bid=0", "bid=1", env=env).code == 0  # round 2: Ben bids first
    bare = cli("referee", "tricks", "trick", "RB9", "SH4", "RB5", "--json", env=env)  # seats known: play order
    assert bare.code == 0, bare.err
    assert bare.json()["seats"] == ["Ben", "Chloé", "Ana"] and bare.json()["winner_player"] == "Ben"
    saved = json.loads((tmp_path / "evening.json").read_text())["matches"]
    assert set(saved) == {"tricks", "rows"} and saved["rows"]["history"][-1] == "Ana=R7 Ben=SH3"
    assert saved["tricks"]["history"][-3:] == ["Ben=RB9", "Chloé=SH4", "Ana=RB5"]
    wrong = cli("referee", "tricks", "trick", "--players", "4", "RB1", env=env)
    assert wrong.code == 2 and wrong.err.count("\n") == 1 and "3 players (fixed when it started), not 4" in wrong.err
    assert cli("referee", "numwin", "round", "Ana=R1,G2", "Ben=B3", env=env).code == 0
    by_seat = cli("referee", "numwin", "round", "R5", "B0 G0", "--json", env=env)
    assert by_seat.code == 0 and by_seat.json()["totals"] == {"Ana": 8, "Ben": 3}


def test_sequence_play_cli_card_by_card(cli, tmp_path):
    state = tmp_path / "seq.json"
    assert cli("referee", "sequence", "play", "--state", str(state), "Ana=R3").code == 2  # who plays?
    assert cli("referee", "sequence", "play", "--state", str(state), "--players", "Ana,Ben", "Ana=R3").code == 0
    assert cli("referee", "sequence", "play", "--state", str(state), "Ana=RB5").code == 0
    refused = cli("referee", "sequence", "play", "--state", str(state), "Ana=secure", "--lang", "fr")
    assert refused.code == 2 and "Ana doit d'abord piocher encore : une Rainbow oblige" in refused.err
    assert cli("referee", "sequence", "play", "--state", str(state), "Ana=B7").code == 0
    secured = cli("referee", "sequence", "play", "--state", str(state), "Ana=secure", "--json")
    assert secured.code == 0 and secured.json()["points"] == 15
    twice = cli("referee", "sequence", "play", "--state", str(state), "Ben=R3")
    assert twice.code == 2 and "R3 is already in one of Ana's locked sequences" in twice.err
    other = cli("referee", "sequence", "play", "--state", str(state), "Ben=R1,R4,R9", "--json")
    assert other.json()["stop"] and other.json()["lost"] and other.json()["current"] == "Ana"


def test_a_bid_without_a_kept_game_is_one_line(cli):
    result = cli("referee", "tricks", "trick", "Ana=bid=1", "Ben=bid=0", "Chloé=bid=1", "--lang", "fr")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "Ana=bid=1 : annonces, mains et passes appartiennent à une partie gardée" in result.err


def test_an_old_trick_by_trick_tricks_position_is_refused_in_one_line(cli, tmp_path):
    state = tmp_path / "old.json"
    state.write_text(json.dumps({"tricks": {"game": "tricks", "version": 1, "players": ["Ana", "Ben"], "house": [],
                                            "leader": "Ana", "trick": [], "played": [], "won": {}, "tricks": 0}}))
    result = cli("referee", "tricks", "trick", "Ana=bid=0", "--state", str(state))
    assert result.code == 2 and result.err.count("\n") == 1
    assert "before the moves were kept" in result.err and "use a new --state file to start afresh" in result.err


def test_the_worked_tricks_evening_of_the_docs(cli, tmp_path):
    """docs/tricks.md's evening: two rounds kept in a state file, every bidder scored at each
    round's end, the winner named at the game's end, --rounds fixed when the game starts."""
    env = {"CARDFORGE_STATE": str(tmp_path / "soiree.json")}

    def move(*args):
        result = cli("referee", "tricks", "play", *args, env=env)
        assert result.code == 0, result.err
        return " ".join(result.out.split())

    move("--rounds", "2", "Ana=bid=1", "Ben=bid=0", "Chloé=bid=0")
    first = move("Ana=RB12", "Ben=SH3", "Chloé=RB9")
    assert "Totals: Ana 13, Ben 22 and Chloé 22" in first and "Round 2, 2 cards each: Ben bids next" in first
    move("bid=1", "bid=0", "bid=1")
    move("RB1", "RB2", "RB3")
    again = cli("referee", "tricks", "play", "Ana=RB1", "--lang", "fr", env=env)
    assert again.code == 2 and again.err == "cardforge : erreur : RB1 a été jouée au pli 1 de cette manche\n"
    fixed = cli("referee", "tricks", "play", "--rounds", "3", "Ana=SH5", env=env)
    assert fixed.code == 2 and "--rounds is 2 in this game (fixed when it started), not 3" in fixed.err
    move("Ana=SH5", "Ben=SH6")
    assert "End of the game: Chloé wins with 51 points" in move("Chloé=SH2")
    over = cli("referee", "tricks", "play", "Ana=bid=0", env=env)
    assert over.code == 2 and "the game is over" in over.err


def test_a_tricks_move_sent_twice_is_applied_once_and_a_stale_one_is_refused():
    """Safe retries (issue 25 item 4) for tricks, through LiveMatch: the same move id once; a
    move made on an older version refused with what changed."""
    match = new_position("tricks", ("Ana", "Ben", "Chloé"))
    match, _ = match.play(["Ana=bid=0", "Ben=bid=1", "Chloé=bid=0"], version=0, move_id="b1")
    again, verdict = match.play(["Ana=bid=0", "Ben=bid=1", "Chloé=bid=0"], version=0, move_id="b1")
    assert again.version == match.version == 6 and verdict.result["version"] == 6
    match, _ = match.play(["Ana=RB4"], version=6)
    with pytest.raises(UsageError, match="Ana=RB4"):
        match.play(["Ana=RB5"], version=6)


def test_referee_tricks_takes_the_version_a_move_id_and_undo(cli, tmp_path):
    env = {"CARDFORGE_STATE": str(tmp_path / "t.json")}
    bids = ("Ana=bid=0", "Ben=bid=1", "Chloé=bid=0")
    first = cli("referee", "tricks", "play", *bids, "--on", "0", "--move-id", "b1", "--json", env=env)
    assert first.code == 0, first.err and first.json()["version"] == 6
    retry = cli("referee", "tricks", "play", *bids, "--on", "0", "--move-id", "b1", "--json", env=env)
    assert retry.code == 0 and retry.json()["version"] == 6
    assert cli("referee", "tricks", "play", "Ana=RB4", "--on", "6", env=env).code == 0
    stale = cli("referee", "tricks", "play", "Ana=RB5", "--on", "6", env=env)
    assert stale.code == 2 and "Ana=RB4" in stale.err
    assert cli("referee", "tricks", "undo", env=env).code == 0
    assert cli("referee", "tricks", "play", "Ana=RB5", "--on", "6", env=env).code == 0
