"""Every house rule × every referee command that takes --house: the command applies the rule
(its answer changes on an input where the rule matters) or refuses the key; it never accepts
a key and ignores it (issue 13, section 2)."""

from __future__ import annotations

import dataclasses
import json

import pytest
import typer

from cardforge.cli import main

HOUSE_CLASSES = {
    "rows": "cardforge.games.rows",
    "tricks": "cardforge.games.tricks",
    "sequence": "cardforge.games.sequence",
    "collection": "cardforge.games.collection",
    "numwin": "cardforge.games.numwin_scoring",
}

NAMES = ("Ana", "Ben", "Chloé", "Dan", "Eve", "Fay", "Gus")
#: the cards an exact round's leader wins with, and those the others play under them
HIGH = [f"{family}{value}" for value in range(16, 12, -1) for family in ("RB", "SH")]
LOW = [f"{family}{value}" for value in range(1, 13) for family in ("RB", "SH")]


def _tricks_trick(cards: list[str], *options: str, hands: dict[str, str] | None = None) -> list[str]:
    """A game of tricks whose first trick is ``cards`` (Ana leads), everyone bidding 0, the
    hands in ``hands`` given (the others hidden: ``?``), on 'referee tricks play' without a store."""
    seats = NAMES[:len(cards)]
    return ["--players", str(len(cards)), *options, *(f"{p}=hand={hands.get(p, '?')}" for p in seats if hands),
            *(f"{p}=bid=0" for p in seats), *(f"{p}={c}" for p, c in zip(seats, cards))]


def _tricks_exact(count: int, deals: list[int], *options: str) -> list[str]:
    """A game of tricks whose rounds deal ``deals`` cards each: every round's first bidder bids
    every trick and wins them leading high, the others bid 0: every bid exact (a streak)."""
    seats = NAMES[:count]
    moves = ["--players", str(count), *options]
    for r, cards in enumerate(deals):
        order = [seats[(r + i) % count] for i in range(count)]
        moves += [f"{p}=bid={cards if i == 0 else 0}" for i, p in enumerate(order)]
        low = iter(LOW)
        for t in range(cards):
            moves += [f"{order[0]}={HIGH[t]}", *(f"{p}={next(low)}" for p in order[1:])]
    return moves


#: a team round (6 cards each) where Ana bids 1 and Chloé 0 but Chloé wins the trick: both
#: wrong when scored apart, their team exact when scored as one bidder (team_bids=joint)
TEAM_ROUND = ["--players", "4", "--team", "Ana=pass=SH16,RB3", "Ben=pass=RB1,RB2", "Chloé=pass=RB4,RB5",
              "Dan=pass=RB16,RB15", "Ana=bid=1", "Ben=bid=5", "Chloé=bid=0", "Dan=bid=0",
              *"Ana=SH1 Ben=SH2 Chloé=SH16 Dan=SH3 Chloé=SH4 Dan=SH5 Ana=SH6 Ben=SH15 Ben=RB16 Chloé=SH7 Dan=SH8 "
               "Ana=SH9 Ben=RB15 Chloé=SH10 Dan=SH11 Ana=SH12 Ben=RB14 Chloé=RB3 Dan=RB1 Ana=RB4 Ben=RB13 "
               "Chloé=RB6 Dan=RB2 Ana=RB5".split()]


#: (game, command, key) → inputs on which the rule matters; for each non-default value of the
#: key, at least one input must answer differently from the default.
#: a numwin game card by card, dealt: Ben (R1, R3) plays first, Ana holds R2, R4
_NW = ["--players", "Ana,Ben", "--rounds", "1", "deal", "R1", "R2", "R3", "R4"]


def _nw_round(deal: str, taken: str) -> list[str]:
    """A whole numwin round in one call: Ana takes the three cards Ben discards and calls NUM WIN."""
    moves = [f"Ben=draw {c} Ben=discard Ana=pass Ben=pass Ana=take Ana=add" for c in taken.split()]
    return [*_NW[:5], *deal.split(), *" ".join(moves).split(), "Ana=numwin",
            *"Ben=draw G8 Ben=discard Ana=pass Ben=pass deal B8 Y8 G7".split()]


INPUTS: dict[tuple[str, str, str], list[list[str]]] = {
    ("rows", "play", "compare_with"): [["--row", "R=R0,R6,R9", "--row", "B=B0,B5", "p1=RB7"]],
    ("rows", "play", "row_tie"): [["--row", "B=B0,B1,B3", "--row", "R=R0,R3", "p1=RB5"]],
    ("rows", "play", "lower_fifth"): [["--row", "R=R0,R5,R8,R9", "p1=R2"]],
    ("rows", "play", "shadow_equal"): [["--row", "B=B0,B4", "p1=SH4"]],
    ("rows", "round", "round_tie"): [["p1=R5", "p2=B5"]],
    ("tricks", "trick", "triple_annulation"): [["RB5", "SH5", "V5", "RB1", "SH2", "V3", "RB4"]],
    ("tricks", "trick", "flip_quantique"): [["flip", "quantique", "RB3", "SH6", "RB8", "SH9"]],
    ("tricks", "trick", "quantique_fallback"): [["quantique", "RB2", "SH4"]],
    ("tricks", "trick", "no_winner_lead"): [["flash", "RB2", "SH4"]],
    ("tricks", "trick", "extra_family"): [["RB1", "SH2", "V3", "RB4", "SH5", "RB6", "SH7"]],
    ("tricks", "play", "triple_annulation"): [_tricks_trick(["RB5", "SH5", "V5", "RB1", "SH2", "V3", "RB4"])],
    ("tricks", "play", "flip_quantique"): [_tricks_trick(["flip", "quantique", "RB3", "SH6", "RB8", "SH9"])],
    ("tricks", "play", "quantique_fallback"): [_tricks_trick(["quantique", "RB2", "SH4"])],
    ("tricks", "play", "no_winner_lead"): [_tricks_trick(["flash", "RB2", "SH4"], "--start-cards", "2")],
    ("tricks", "play", "extra_family"): [_tricks_trick(["RB1", "SH2", "V3", "RB4", "SH5", "RB6", "SH7"])],
    ("tricks", "play", "action_cards"): [_tricks_trick(["RB5", "flip", "SH1"], "--start-cards", "2",
                                                       hands={"Ben": "SH9,flip"})],
    ("tricks", "play", "follow_target"): [_tricks_trick(["RB9", "SH9", "RB5", "SH7"], "--start-cards", "2",
                                                        hands={"Dan": "SH7,RB10"})],
    ("tricks", "play", "equal_value"): [_tricks_trick(["RB5", "SH8", "SH5"], "--start-cards", "2",
                                                      hands={"Chloé": "SH5,RB9"})],
    ("tricks", "play", "streak_payout"): [_tricks_exact(3, [1, 2])],
    ("tricks", "play", "streak_beyond_7"): [_tricks_exact(3, list(range(1, 9)))],
    ("tricks", "play", "last_round"): [_tricks_exact(4, [8], "--start-cards", "8")],
    ("tricks", "play", "team_bids"): [TEAM_ROUND],
    ("tricks", "legal", "action_cards"): [["--trick", "RB5", "--hand", "SH9 flip"]],
    ("tricks", "legal", "follow_target"): [["--trick", "RB9 SH9 RB5", "--hand", "SH7 RB10"]],
    ("tricks", "legal", "equal_value"): [["--trick", "RB5 SH8", "--hand", "SH5 RB9"]],
    ("tricks", "legal", "triple_annulation"): [["--trick", "RB5 SH5 V5 RB3", "--hand", "RB4 SH12"]],
    ("tricks", "score", "streak_payout"): [["--bid", "2", "--won", "2", "--cards", "5", "--streak", "3"]],
    ("tricks", "score", "streak_beyond_7"): [["--bid", "2", "--won", "2", "--cards", "5", "--streak", "8"]],
    ("tricks", "rounds", "last_round"): [["--players", n] for n in ("3", "4", "5", "6")],
    ("tricks", "rounds", "extra_family"): [["--players", "7"]],
    ("sequence", "check", "stop_cost"): [["R3", "R5", "R7"]],
    ("sequence", "check", "rainbow_colour"): [["R3", "R5", "RB7"], ["RB3", "RB5", "RB7"]],
    ("sequence", "score", "stop_cost"): [["R3 R5 R7"]],
    ("sequence", "score", "rainbow_colour"): [["R3 R5 RB7"], ["RB3 RB5 RB7"]],
    # numwin play (card by card, one call): the rules a few moves show (issue 25)
    ("numwin", "play", "reflex_priority"): [[*_NW, "Ben=draw", "G9", "Ben=discard"]],
    ("numwin", "play", "drawn_action"): [[*_NW, "Ben=draw", "flash"]],
    ("numwin", "play", "own_miss_penalty"): [[*_NW, "Ben=draw", "G9", "Ben=discard", "Ana=claim:1"]],
    ("numwin", "play", "reflex_on_action"): [[*_NW, "Ben=draw", "flash", "Ben=flash>Ana:1"]],
    ("numwin", "play", "start_peek"): [_NW],
    ("numwin", "play", "same_value"): [_nw_round("R1 R2 R3 R4", "G9 B9 Y9")],  # Ana ends with three 9s
    ("numwin", "play", "rainbow_zero"): [_nw_round("R1 RB0 R3 R4", "G9 RB5 Y9")],  # and two Rainbows
    ("numwin", "play", "locked_count"): [[*_NW, *"Ben=draw G2 Ben=discard Ana=claim:1 Ana=draw G9 Ana=discard Ben=pass "
                                                  "Ana=pass Ben=draw B9 Ben=discard Ana=pass Ben=pass Ana=take Ana=add "
                                                  "Ben=draw Y9 Ben=discard Ana=pass Ben=pass Ana=take Ana=add".split()]],
    ("sequence", "play", "stop_cost"): [["--players", "Ana,Ben", "Ana=R3,R5,R7"]],
    ("sequence", "play", "rainbow_colour"): [["--players", "Ana,Ben", "Ana=R3,R5,RB7"], ["--players", "Ana,Ben", "Ana=RB3,RB5,RB7"]],
    ("collection", "play", "stop_cost"): [["--players", "Ana,Ben", "Ana=R3,R5,R7"]],
    ("collection", "play", "rainbow_colour"): [["--players", "Ana,Ben", "Ana=R3,R5,RB7"], ["--players", "Ana,Ben", "Ana=RB3,RB5,RB7"]],
    ("collection", "play", "shadow_voids_round"): [["--players", "Ana,Ben", "Ana=R3,SH2"]],
    ("collection", "check", "stop_cost"): [["R3", "R5", "R7"]],
    ("collection", "check", "rainbow_colour"): [["R3", "R5", "RB7"], ["RB3", "RB5", "RB7"]],
    ("collection", "check", "shadow_voids_round"): [["R3", "SH2"]],
    ("collection", "objectives", "share_cards"): [["--best", "R7", "G7", "B7", "Y7", "RB7"]],
    ("numwin", "score", "same_value"): [["R7", "G7", "B7"]],
    ("numwin", "score", "rainbow_zero"): [["RB3", "RB5", "R1"]],
    ("numwin", "score", "locked_count"): [["R1", "G2", "B3", "--locked", "R7+G7"]],
    ("numwin", "round", "same_value"): [["R7 G7 B7", "R1 G2 B3 Y4 SH0"]],
    ("numwin", "round", "rainbow_zero"): [["RB3 RB5 R1", "G1 G2 B3 Y4 SH0"]],
    ("numwin", "round", "locked_count"): [["R7+G7,R1,G2,B3", "Y1 B2 RB3 SH4 Y5"]],
    ("numwin", "reflex", "own_miss_penalty"): [["--discarded", "R5", "--claimed", "G6"]],
}

#: (game, command, key) → calls on a kept game (a fresh ``--state`` file) after which the rule
#: matters: the answer to the last call must change (the match is played on the engine, which
#: plays every house rule: issue 25)
_SKIPPED = [["--players", "Ana,Ben", "Ana=joker"], ["Ana=keep"], ["Ana=end"], ["Ben=passe>Ana"], ["Ben=end"],
            ["Ana=play:joker"]]  # Ana's turn skipped, a Joker in her reserve (SEQUENCE-R12)
_OPEN = [["--players", "Ana,Ben", "Ana=R3"], ["Ana=end"]]  # passing with the sequence open (SEQUENCE-R1)
_VALIDATED = [["--players", "Ana,Ben", "Ana=R3"], ["Ana=secure"], ["Ben=G5"], ["Ben=secure"], ["Ana=B3"], ["Ana=secure"],
              ["Ben=declare"], ["Ana=Y3"], ["Ana=secure"], ["Ana=brelan"], ["Ana=paire"]]  # the 3s twice (R17)
KEPT: dict[tuple[str, str, str], list[list[str]]] = {
    ("sequence", "play", "open_sequences"): _OPEN, ("collection", "play", "open_sequences"): _OPEN,
    ("sequence", "play", "skip_joker"): _SKIPPED, ("collection", "play", "skip_joker"): _SKIPPED,
    ("collection", "play", "share_cards"): _VALIDATED,
}

#: A valid input for each command, to see whether it accepts a key it has no INPUTS for.
BASIC: dict[tuple[str, str], list[str]] = {
    ("numwin", "play"): _NW,
    ("rows", "play"): ["p1=R5"], ("rows", "round"): ["p1=R5"],
    ("tricks", "trick"): ["RB1", "SH2", "RB3"], ("tricks", "play"): _tricks_trick(["RB1", "SH2", "RB3"]), ("tricks", "legal"): ["--hand", "RB3"],
    ("tricks", "score"): ["--bid", "1", "--won", "1", "--cards", "3"], ("tricks", "rounds"): ["--players", "4"],
    ("sequence", "check"): ["R3"], ("sequence", "score"): ["R3"],
    ("collection", "check"): ["R3"], ("collection", "objectives"): ["R3"],
    ("sequence", "play"): ["--players", "Ana,Ben", "Ana=R3"], ("collection", "play"): ["--players", "Ana,Ben", "Ana=R3"],
    ("numwin", "score"): ["R1"], ("numwin", "round"): ["R1", "G2"],
    ("numwin", "reflex"): ["--discarded", "R5", "--claimed", "G5"],
    ("numwin", "memory"): ["--discarded", "R5", "--claimed", "G5"],
}


def _commands() -> list[tuple[str, str]]:
    import importlib

    found = []
    for game in HOUSE_CLASSES:
        app = importlib.import_module(f"cardforge.referee.{game}").app
        group = typer.main.get_command(app)
        for name, command in group.commands.items():
            if any(p.name == "house" for p in command.params):
                found.append((game, name))
    return found


def _values(game: str) -> list[tuple[str, str]]:
    import importlib

    cls = importlib.import_module(HOUSE_CLASSES[game]).HouseRules
    pairs = []
    for f in dataclasses.fields(cls):
        if isinstance(f.default, bool):
            choices = [not f.default]
        else:
            choices = [c for c in f.metadata.get("choices", ()) if c != f.default]
        assert choices, f"{game} house rule {f.name} has no value to switch to"
        pairs.extend((f.name, str(c).lower()) for c in choices)
    return pairs


def _run(capsys, args: list[str]) -> tuple[int, str, str]:
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out, err = capsys.readouterr()
    return code, out, err


def _answer(capsys, game: str, command: str, inputs: list[str], house: list[str]) -> tuple[int, object]:
    code, out, err = _run(capsys, ["referee", game, command, *inputs, *house, "--json"])
    if code:
        return code, err
    data = json.loads(out)
    data.pop("question", None)
    if isinstance(data.get("position"), dict):  # a kept game echoes its house rules: not an answer
        data["position"].pop("house", None)
    return code, data


CASES = [(game, command, key, value) for game, command in _commands() for key, value in _values(game)]


def _kept_answer(capsys, folder, game: str, calls: list[list[str]], house: list[str]) -> tuple[int, object]:
    """The answer to the last of ``calls`` on a new state file in ``folder`` (the house rules on each)."""
    state = folder / f"kept{len(list(folder.iterdir()))}.json"
    for call in calls[:-1]:
        code, _, err = _run(capsys, ["referee", game, "play", "--state", str(state), *call, *house])
        assert code == 0, (call, err)
    return _answer(capsys, game, "play", ["--state", str(state), *calls[-1]], house)


@pytest.mark.parametrize("game, command, key, value", CASES, ids=[f"{g}-{c}-{k}={v}" for g, c, k, v in CASES])
def test_every_house_rule_is_applied_or_refused(capsys, tmp_path, game, command, key, value):
    probe = INPUTS.get((game, command, key), [BASIC[(game, command)]])
    code, _, err = _run(capsys, ["referee", game, command, *probe[0], "--house", f"{key}={value}", "--json"])
    if "does not apply" in err:
        assert code == 2 and err.count("\n") == 1
        assert (game, command, key) not in {**INPUTS, **KEPT}, f"{command} refuses {key}, which it should apply"
        return
    assert (game, command, key) in {**INPUTS, **KEPT}, f"'referee {game} {command}' accepts {key} but no input shows it applied"
    if (game, command, key) in KEPT:
        calls, house = KEPT[(game, command, key)], ["--house", f"{key}={value}"]
        assert _kept_answer(capsys, tmp_path, game, calls, []) != _kept_answer(capsys, tmp_path, game, calls, house)
        return
    changed = [inputs for inputs in probe
               if _answer(capsys, game, command, inputs, []) != _answer(capsys, game, command, inputs,
                                                                       ["--house", f"{key}={value}"])]
    assert changed, f"'referee {game} {command} --house {key}={value}' answers as without it on {probe}"


def test_the_walk_covers_every_command_with_house(capsys):
    commands = _commands()
    assert ("rows", "play") in commands and ("numwin", "memory") in commands and len(commands) >= 12
    assert {(g, c) for g, c, _ in INPUTS} <= set(commands)


def test_rows_play_with_a_state_applies_the_round_tie(capsys, tmp_path):
    """A kept rows match ends its round at the 10th reveal, where round_tie applies: Ana and Ben
    tie (the same points each reveal), so both win, or nobody with round_tie=nobody."""
    answers = []
    for house in ([], ["--house", "round_tie=nobody"]):
        path = tmp_path / f"state{len(answers)}.json"
        for value in range(1, 11):
            code, out, err = _run(capsys, ["referee", "rows", "play", "--state", str(path), f"Ana=R{value}",
                                           f"Ben=B{value}", *house, "--json"])
            assert code == 0, err
        answer = json.loads(out)
        assert answer["round_over"] and answer["position"]["house"] == house[1:]
        answers.append(answer["round"]["winners"])
    assert answers == [["Ana", "Ben"], []]
    code, _, err = _run(capsys, ["referee", "rows", "play", "p1=R5", "--house", "round_tie=nobody"])
    assert code == 2 and "does not apply to 'referee rows play' without --state/--table" in err
