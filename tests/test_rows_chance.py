"""Rows on the live-model contract (issue #25): the deal as chance nodes, a table engine fed
the seeded games' outcomes agreeing at every step, hidden hands and card conservation."""

from __future__ import annotations

import pytest

from cardforge.cards import parse_cards
from cardforge.errors import IllegalActionError
from cardforge.games.base import CHANCE, UNKNOWN
from cardforge.games.playthrough import check_equivalence, random_playthrough
from cardforge.games.rows import HAND_SIZE, new_game
from tests.test_rows_playthroughs import SETUPS


def _factory(seed: int, **chance):
    """Each seed plays one of the setups: every player count, the variant, every house rule."""
    players, options = SETUPS[seed % len(SETUPS)]
    return new_game(players, seed, **options, **chance)


def test_seeded_and_table_engines_agree_at_every_step():
    """300 seeds: the seeded game's moves and recorded deals fed into a table engine."""
    assert check_equivalence(_factory, range(300)) > 300 * 60


@pytest.mark.slow
def test_thousands_of_seeds_agree():
    assert check_equivalence(_factory, range(300, 2000)) > 1700 * 60


def test_recording_chance_changes_nothing():
    """record_chance only writes the log: the same match, one hand per seat per round."""
    plain, log = random_playthrough("rows", players=4, seed=9)
    recorded, log2 = random_playthrough("rows", players=4, seed=9, record_chance=True)
    assert log == log2 and plain.history == recorded.history and plain.chance_log is None
    assert len(recorded.chance_log) == 4 * recorded.round_no
    assert all(len(hand) == HAND_SIZE for hand in recorded.chance_log)


def _table(players: int = 2, **options):
    state = new_game(players, chance="table", **options)
    state.seat_names = ["Ana", "Ben", "Chloé"][:players]
    return state


def test_a_table_engine_waits_for_each_hand():
    state = _table()
    assert state.current_player() == CHANCE and state.is_chance_node() and state.legal_actions() == []
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 98 and abs(sum(p for _, p in outcomes) - HAND_SIZE) < 1e-9
    with pytest.raises(IllegalActionError, match="Ana's hand is dealt first"):
        state.apply_action(parse_cards("R5")[0])
    state.apply_chance(state.parse_chance("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10"))
    assert state.is_chance_node()
    state.apply_chance(UNKNOWN)
    assert state.current_player() == 0 and not state.is_chance_node()
    assert state.observation(1)["hand"] is None and len(state.observation(0)["hand"]) == 10
    with pytest.raises(IllegalActionError, match="no hand is being dealt"):
        state.apply_chance(UNKNOWN)


def test_a_hand_dealt_is_checked():
    state = _table()
    with pytest.raises(IllegalActionError, match="Ana's hand has 3 cards: each player is dealt 10"):
        state.apply_chance(tuple(parse_cards("R1 R2 R3")))
    with pytest.raises(IllegalActionError, match="card R0 is already in the Red row"):
        state.apply_chance(tuple(parse_cards("R0 R2 R3 R4 R5 R6 R7 R8 R9 R10")))
    with pytest.raises(IllegalActionError, match="card R2 is twice in Ana's hand"):
        state.apply_chance(tuple(parse_cards("R2 R2 R3 R4 R5 R6 R7 R8 R9 R10")))
    state.apply_chance(tuple(parse_cards("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10")))
    with pytest.raises(IllegalActionError, match="card R4 is in Ana's hand"):
        state.apply_chance(tuple(parse_cards("R4 G2 G3 G4 G5 G6 G7 G8 G9 G10")))


def test_a_card_revealed_from_a_hidden_hand_is_checked_against_the_unseen_cards():
    state = _table()
    state.apply_chance(tuple(parse_cards("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10")))
    state.apply_chance(UNKNOWN)
    state.apply_action(parse_cards("R5")[0])
    with pytest.raises(IllegalActionError, match="card R5 is already revealed by Ana"):
        state.apply_action(parse_cards("R5")[0])
    with pytest.raises(IllegalActionError, match="card R6 is in Ana's hand"):
        state.apply_action(parse_cards("R6")[0])
    with pytest.raises(IllegalActionError, match="card G0 is already in the Green row"):
        state.apply_action(parse_cards("G0")[0])
    state.apply_action(parse_cards("R11")[0])  # R0 R5 R11: nobody takes a card
    assert state.rows["R"] == parse_cards("R0 R5 R11")
    state.apply_action(parse_cards("R4")[0])  # lower than R11: Ana takes R0
    state.apply_action(parse_cards("G16")[0])
    assert state.captured[0] == parse_cards("R0")
    state.apply_action(parse_cards("R6")[0])
    with pytest.raises(IllegalActionError, match="card R0 is already in Ana's captured pile"):
        state.apply_action(parse_cards("R0")[0])


def test_a_round_of_hidden_hands_ends_and_the_next_deal_is_awaited():
    """Both hands hidden: ten reveals end the round, the match goes on to round 2's deal."""
    state = _table()
    state.apply_chance(UNKNOWN)
    state.apply_chance(UNKNOWN)
    ana, ben = parse_cards("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10"), parse_cards("G1 G2 G3 G4 G5 G6 G7 G8 G9 G10")
    for a, b in zip(ana, ben):
        state.apply_action(a)
        state.apply_action(b)
    assert state.round_no == 2 and state.is_chance_node() and len(state.history) == 1
    assert state.history[0].points == (28, 28)


def test_the_match_ends_in_the_engine_with_the_winner_named():
    state, _ = random_playthrough("rows", players=3, seed=5)
    assert state.is_terminal() and state.winners() == [state.winner()] and max(state.wins) == 3
    with pytest.raises(IllegalActionError, match="the match is over"):
        state.apply_action(parse_cards("R5")[0])
