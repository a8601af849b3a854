"""Num Win on the live-model contract (issue #25): every card taken from the deck is a chance
node; a table engine fed the seeded games' outcomes agrees at every step, under the house rules."""

from __future__ import annotations

import functools

import pytest

from cardforge.cards import parse_cards
from cardforge.errors import IllegalActionError
from cardforge.games.base import CHANCE, UNKNOWN
from cardforge.games.numwin import Move, new_game
from cardforge.games.playthrough import check_equivalence, random_playthrough

#: players and options each seed cycles through: every house rule and the memory extension
SETUPS = [
    (2, {}),
    (3, {"memory": True}),
    (4, {"same_value": "all", "own_miss_penalty": True}),
    (5, {"drawn_action": "must_play", "reflex_priority": "discarder_first"}),
    (3, {"start_peek": 1, "locked_count": False, "reflex_on_action": True}),
    (6, {"memory": True, "rounds": 2}),
]


def _factory(seed: int, **chance):
    players, options = SETUPS[seed % len(SETUPS)]
    return new_game(players, seed, **options, **chance)


def test_seeded_and_table_engines_agree_at_every_step():
    assert check_equivalence(_factory, range(120)) > 120 * 50


@pytest.mark.slow
def test_thousands_of_seeds_agree():
    assert check_equivalence(_factory, range(120, 1500)) > 1380 * 50


def test_recording_chance_changes_nothing():
    plain, log = random_playthrough("numwin", players=4, seed=9)
    recorded, log2 = random_playthrough("numwin", players=4, seed=9, record_chance=True)
    assert log == log2 and plain.history == recorded.history and plain.chance_log is None
    assert len(recorded.chance_log) >= 2 * 4 * 4  # at least each round's deal


def _table(players: int = 2, **options):
    state = new_game(players, chance="table", **options)
    state.seat_names = ["Ana", "Ben", "Chloé"][:players]
    return state


def test_a_table_engine_waits_for_each_card_dealt_and_drawn():
    state = _table()
    assert state.current_player() == CHANCE and state.is_chance_node() and state.legal_actions() == []
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    for code in ("R1", "R2", "R3", "R4"):  # Ben (the dealer's left), Ana, Ben, Ana
        state.apply_chance(state.parse_chance(code))
    assert not state.is_chance_node() and state.current_player() == 1
    assert [s.card.code for s in state.combos[1]] == ["R1", "R3"]
    state.apply_action(Move("draw"))
    assert state.is_chance_node()
    state.apply_chance(state.parse_chance("G7"))
    assert state.held.code == "G7" and state.legal_actions()[0] == Move("discard")


def test_a_card_already_out_is_refused_with_where_every_copy_is():
    state = _table()
    deck = state.chance_deck()
    copies = sum(1 for c in state.cards if c.code == "R1")
    for _ in range(copies):
        state.apply_chance(deck.parse("R1"))
        if not state.is_chance_node():
            break
    if state.is_chance_node():
        with pytest.raises(IllegalActionError, match="no R1 is left in the deck: every copy is already out"):
            state.apply_chance(deck.parse("R1"))
    with pytest.raises(IllegalActionError, match="name the card taken from the deck"):
        _table().apply_chance(UNKNOWN)
    with pytest.raises(IllegalActionError, match="no card is to be taken from the deck now"):
        new_game(2).apply_chance(parse_cards("R1")[0])


def test_the_game_ends_in_the_engine_with_the_winner_named():
    state, _ = random_playthrough("numwin", players=3, seed=5, chance="seeded")
    assert state.is_terminal() and state.winners() and len(state.history) == 3
