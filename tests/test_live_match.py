"""The live framework (cardforge.live.match): a match is its history replayed through the
engine — versions, move ids, stale moves, undo, round and game ends in the engine (issue #25)."""

from __future__ import annotations

import pytest

from cardforge.errors import CardforgeError, IllegalActionError, UsageError
from cardforge.live.match import LiveMatch
from cardforge.games.playthrough import random_playthrough


def test_a_move_is_history_and_the_state_is_its_replay():
    match = LiveMatch.start("rows", ("Ana", "Ben"))
    match, verdict = match.play(["Ana=R7", "Ben=SH3"])
    assert match.history == ("deal Ana=?", "deal Ben=?", "Ana=R7 Ben=SH3") and match.version == 3
    assert verdict.result["version"] == 3 and match.rows["R"] == ("R0", "R7")
    again = LiveMatch.from_json(match.to_json())  # no cache: a replay
    assert again == match and again.state().observation(0) == match.state().observation(0)


def test_a_hand_a_tool_dealt_is_checked_then_its_cards_are_known():
    match = LiveMatch.start("rows", ("Ana", "Ben"))
    match, _ = match.play(["deal", "Ana=R1,R2,R3,R4,R5,R6,R7,R8,R9,R10"])
    assert match.history == ("deal Ana=R1,R2,R3,R4,R5,R6,R7,R8,R9,R10", "deal Ben=?")
    with pytest.raises(IllegalActionError, match="card G3 is not|cannot play"):
        match.play(["Ana=G3", "Ben=B5"])
    with pytest.raises(IllegalActionError, match="card R4 is in Ana's hand"):
        match.play(["Ana=R1", "Ben=R4"])


def test_the_same_move_id_is_applied_once():
    match = LiveMatch.start("rows", ("Ana", "Ben"))
    first, verdict = match.play(["Ana=R7", "Ben=SH3"], version=0, move_id="phone-1")
    retried, again = first.play(["Ana=R7", "Ben=SH3"], version=0, move_id="phone-1")
    assert retried is first and again.to_json("en")["steps"] == verdict.to_json("en")["steps"]


def test_a_move_on_a_stale_version_is_refused_with_what_changed():
    match = LiveMatch.start("rows", ("Ana", "Ben"))
    match, _ = match.play(["Ana=R7", "Ben=SH3"], version=0)
    with pytest.raises(UsageError, match=r"moved on since version 0 \(now 3\); meanwhile: reveal Ana=R7 Ben=SH3"):
        match.play(["Ana=R9", "Ben=B5"], version=0)
    with pytest.raises(UsageError, match="version 9 is unknown"):
        match.play(["Ana=R9", "Ben=B5"], version=9)
    assert match.play(["Ana=R9", "Ben=B5"], version=3)[0].version == 4


def test_undo_takes_back_the_last_move_with_its_chance_outcomes():
    match = LiveMatch.start("rows", ("Ana", "Ben"))
    one, _ = match.play(["Ana=R7", "Ben=SH3"])
    two, _ = one.play(["Ana=R9", "Ben=B5"])
    assert two.undo() == one and one.undo().history == ()
    with pytest.raises(UsageError, match="nothing to undo"):
        one.undo().undo()


def test_a_refused_move_changes_nothing():
    match, _ = LiveMatch.start("rows", ("Ana", "Ben")).play(["Ana=R7", "Ben=SH3"])
    before = match.state().observation(0)
    with pytest.raises(CardforgeError):
        match.play(["Ana=G5", "Ben=R7"])  # R7 is in the Red row
    assert match.state().observation(0) == before and match.version == 3


def test_rows_rounds_and_the_match_end_in_the_engine_with_the_winner_named():
    """A seeded match's hands and reveals typed at the table: three round wins end it (ROWS-7.4)
    and no reveal is accepted after."""
    names = ("Ana", "Ben", "Chloé")
    seeded, log = random_playthrough("rows", players=3, seed=5, record_chance=True)
    match = LiveMatch.start("rows", names)
    hands = iter(seeded.chance_log)
    cards = iter(line.split(": ")[1] for line in log)
    verdict = None
    while not match.state().is_terminal():
        if match.state().is_chance_node():
            match, _ = match.play(["deal", *(f"{n}={','.join(c.code for c in next(hands))}" for n in names)])
        match, verdict = match.play([f"{n}={next(cards)}" for n in names])
    winner = names[seeded.winner()]
    assert verdict.result["winner"] == winner and match.winner == winner and match.over
    assert f"{winner} wins the match" in verdict.summary_text("en")
    assert "gagne la partie" in verdict.summary_text("fr")
    with pytest.raises(IllegalActionError, match="the match is over"):
        match.play(["Ana=R1", "Ben=R2", "Chloé=R3"])


def test_numwin_rounds_totals_and_the_game_end_with_the_winner():
    match = LiveMatch.start("numwin", ("Ana", "Ben"))
    match, verdict = match.play(["Ana=R1,G2", "Ben=B3"])
    assert verdict.result["totals"] == {"Ana": 3, "Ben": 3} and "winners" not in verdict.result
    match, verdict = match.play(["Ana=R5", "Ben=B0,G0"])
    assert verdict.result["totals"] == {"Ana": 8, "Ben": 3} and verdict.result["winners"] == ["Ben"]
    assert "End of the game: Ben wins" in verdict.summary_text("en")
    with pytest.raises(IllegalActionError, match="the game is over: it has 2 rounds, one per dealer"):
        match.play(["Ana=R1", "Ben=B1"])
    assert match.undo().play(["Ana=R1", "Ben=B1"])[1].result["totals"] == {"Ana": 4, "Ben": 4}


def test_house_rules_cannot_change_under_the_moves_made():
    match, _ = LiveMatch.start("rows", ("Ana", "Ben")).play(["Ana=R7", "Ben=SH3"])
    assert match.replace(house=()) is match
    with pytest.raises(UsageError, match="started with other house rules"):
        match.replace(house=("row_tie=fewest_cards",))
    with pytest.raises(UsageError, match="unknown option 'jokers'"):
        match.replace(jokers=True)


def _typed_through(storage, seeded, log, names, check) -> int:
    """Type a recorded seeded match at the table through ``storage`` (load, play, save per
    move, as the referee does); ``check(match)`` after each reveal.  Returns the reveals typed."""
    hands = iter(seeded.chance_log)
    cards = iter(line.split(": ")[1] for line in log)
    n = len(names)
    reveals = 0
    for _ in range(len(log) // n):
        match = storage.load("rows")
        if match.state().is_chance_node():
            match, _ = match.play(["deal", *(f"{p}={','.join(c.code for c in next(hands))}" for p in names)])
        match, _ = match.play([f"{p}={next(cards)}" for p in names])
        storage.save(match)
        reveals += 1
        check(storage.load("rows"), reveals)
    return reveals


@pytest.mark.parametrize("store", ["state file", "table store"])
def test_seeded_matches_typed_through_the_storage_agree_with_the_simulator_at_every_reveal(tmp_path, store):
    """The issue's property through the live path: seeded matches (2–5 players, the variant
    and house rules) typed move by move through a state file (12) and through the table store
    the web page uses (4), the engine replayed from the storage after each reveal agreeing with
    the simulator's (every seat's observation, wins, end)."""
    from cardforge.games.rows import new_game
    from cardforge.live.storage import MatchSlot, StateFile
    from cardforge.table.events import MatchCreated
    from cardforge.table.store import Store

    setups = [(2, {}), (3, {"explosion": True}), (4, {"house": "row_tie=fewest_cards"}), (5, {"house": "round_tie=nobody"})]
    for seed in range(12 if store == "state file" else 4):
        players, options = setups[seed % len(setups)]
        names = ("Ana", "Ben", "Chloé", "Dan", "Émile")[:players]
        seeded, log = random_playthrough("rows", players=players, seed=seed, record_chance=True, **options)
        replay = new_game(players, seed, **options)  # the simulator's states, step by step
        house = tuple(options.get("house", "").split(",")) if "house" in options else ()
        if store == "state file":
            storage = StateFile(tmp_path / f"s{seed}.json")
        else:
            with Store(tmp_path / f"t{seed}.db") as db:
                created = db.create_match(MatchCreated(game="rows", players=names, house=house,
                                                       variant="explosion" if "explosion" in options else None))
            storage = MatchSlot(tmp_path / f"t{seed}.db", created.match_id)
            storage.load("rows")
        storage.save(LiveMatch.start("rows", names, house, **({"explosion": True} if "explosion" in options else {})))
        actions = iter([line.split(": ")[1] for line in log])

        def check(match, reveals, replay=replay, actions=actions):
            from cardforge.cards import parse_cards

            for _ in range(players):
                replay.apply_action(parse_cards(next(actions))[0])
            state = match.state()
            waiting = state.is_chance_node()  # a round ended: the table deals next, the simulator has dealt
            for seat in range(players):
                seen, expected = state.observation(seat), replay.observation(seat)
                if waiting:
                    del seen["hand"], expected["hand"]
                assert seen == expected, (seed, reveals, seat)
            assert state.is_terminal() == replay.is_terminal() and state.winners() == replay.winners()

        assert _typed_through(storage, seeded, log, names, check) * players == len(log)
        assert storage.load("rows").winner == names[seeded.winner()]
