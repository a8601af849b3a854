"""Chance as explicit nodes in ``sequence`` and ``collection`` (issue #25): a seeded game's moves
and the cards it turned over, fed one at a time into a ``chance="table"`` engine, give the same
state at every step under every house rule; the table's engine refuses a card that is already
somewhere else, saying where."""

from __future__ import annotations

import random

import pytest

from cardforge.cards import Card
from cardforge.errors import IllegalActionError
from cardforge.games import collection, sequence
from cardforge.games.base import UNKNOWN
from cardforge.games.playthrough import check_equivalence
from cardforge.games.pushluck import Move
from tests.live_paths import house_combos, snapshot

MODULES = {"sequence": sequence, "collection": collection}


def options(game: str, seed: int, combos: list[list[str]]) -> dict:
    opts = {"house": combos[seed % len(combos)], "mode": ("classic", "discovery")[seed // len(combos) % 2]}
    if game == "sequence":
        opts["turns"] = (2, 4, 0)[seed % 3]
        opts["rounds"] = 1 + seed % 2
    else:
        opts["rounds"] = 1 + seed % 3
    return opts


def replay_through_table(game: str, seed: int, combos: list[list[str]], *, check_outcomes: bool) -> int:
    """Play ``seed`` at random (seeded chance, recorded) and the same moves and outcomes on a
    table engine; assert the two agree after every move.  Returns the number of chance nodes."""
    module = MODULES[game]
    players = 2 + seed % 4
    opts = options(game, seed, combos)
    seeded = module.new_game(players, seed, record_chance=True, **opts)
    table = module.new_game(players, 0, chance="table", **opts)
    rng = random.Random(seed)
    assert snapshot(table) == snapshot(seeded)
    log = seeded.chance_log
    nodes = 0
    for step in range(20_000):
        if seeded.is_terminal():
            break
        move = seeded.legal_actions()[rng.randrange(seeded.legal_count())]
        before = len(log)
        seeded.apply_action(move)
        table.apply_action(move)
        for outcome in log[before:]:
            assert table.is_chance_node()
            if check_outcomes:
                assert outcome in dict(table.chance_outcomes())
            written = table.chance_to_string(outcome)
            assert table.parse_chance(written) == outcome, written
            table.apply_chance(outcome)
            nodes += 1
        assert not table.is_chance_node()
        assert snapshot(table) == snapshot(seeded), (seed, table.action_to_string(move))
        if step % 16 == 0:  # (the costliest check: every 16th move, and at the end)
            assert table.card_count() == seeded.card_count()
    assert seeded.is_terminal() and table.card_count() == seeded.card_count()
    return nodes


@pytest.mark.parametrize("game", MODULES)
def test_seeded_and_table_agree_at_every_step(game):
    """1,000 seeded games of each game, every house-rule combination, 2–5 players, both modes,
    through the shared harness: the moves and the recorded chance (as stored text) fed into a
    table engine give the same states, returns and winners at every step."""
    module, combos = MODULES[game], house_combos(MODULES[game])

    def factory(seed: int, **chance):
        return module.new_game(2 + seed % 4, seed, **options(game, seed, combos), **chance)

    assert check_equivalence(factory, range(1000)) > 100_000


@pytest.mark.parametrize("game", MODULES)
def test_each_outcome_is_among_the_chance_outcomes(game):
    """Every card the seed turned over is one the table engine offered, and both engines hold
    the same cards in the same number (card conservation)."""
    combos = house_combos(MODULES[game])
    assert sum(replay_through_table(game, seed, combos, check_outcomes=True) for seed in range(0, 400, 10)) > 500


def test_recording_does_not_change_the_game():
    """``record_chance`` only writes a log: the same seed plays the same game."""
    for seed in range(20):
        a, b = sequence.new_game(3, seed), sequence.new_game(3, seed, record_chance=True)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        while not a.is_terminal():
            a.apply_index(rng_a.randrange(a.legal_count()))
            b.apply_index(rng_b.randrange(b.legal_count()))
            assert str(a) == str(b) and a.scores == b.scores
        assert a.chance_log is None and b.chance_log


def _table(game: str = "sequence", players: int = 2):
    state = MODULES[game].new_game(players, chance="table")
    state.seat_names = ("Ana", "Ben", "Chloé")[:players]
    return state


def _draw(state, code: str, pile: int = 0) -> None:
    state.apply_action(Move("draw", pile=pile))
    state.apply_chance(state.parse_chance(code))


def _play_from_reserve(state, action: str) -> None:
    """The player to act has ``action`` in the reserve (taken from the unseen cards) and plays it."""
    state.reserves[state.player].append(Card(action=action))
    state.unseen[Card(action=action)] -= 1
    state.apply_action(Move("activate", slot=0))


def test_a_card_turned_over_is_a_chance_node():
    state = _table()
    state.apply_action(Move("draw", pile=0))
    assert state.current_player() == -1 and state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(set(state.cards)) and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    with pytest.raises(IllegalActionError, match="the card turned over must be said first"):
        state.apply_action(Move("lock"))
    state.apply_chance(Card("R", 3))
    assert state.current_player() == 0 and [c.code for c in state.sequences[0]] == ["R3"]


@pytest.mark.parametrize("where, setup, message", [
    ("one sequence", ["R3"], "R3 is already in Ana's sequence"),
    ("a secured sequence", ["R3", "lock"], "R3 is already in one of Ana's locked sequences"),
])
def test_the_same_card_twice_is_refused_with_where_it_is(where, setup, message):
    state = _table()
    for step in setup:
        if step == "lock":
            state.apply_action(Move("lock"))
        else:
            _draw(state, step)
    state.apply_action(Move("draw", pile=0))
    with pytest.raises(IllegalActionError, match=message) as caught:
        state.apply_chance(Card("R", 3))
    assert caught.value.message.text("fr").startswith("R3 est déjà dans")
    assert state.is_chance_node()  # nothing changed: the right card may still be said
    state.apply_chance(Card("G", 5))


def test_a_card_in_another_players_open_sequence_is_refused():
    state = _table()
    _draw(state, "R3")
    state.apply_action(Move("end"))
    state.apply_action(Move("draw", pile=1))
    with pytest.raises(IllegalActionError, match="R3 is already in Ana's sequence"):
        state.apply_chance(Card("R", 3))


def test_a_discarded_card_is_refused():
    state = _table()
    _draw(state, "R3")
    _draw(state, "G3")  # value STOP: both discarded (no Joker in the reserve)
    assert state.current_player() == 1
    state.apply_action(Move("draw", pile=0))
    with pytest.raises(IllegalActionError, match="G3 is already in the discard"):
        state.apply_chance(Card("G", 3))
    with pytest.raises(IllegalActionError, match="R3 is already in the discard"):
        state.apply_chance(Card("R", 3))


def test_flip_shows_the_tops_and_the_next_draw_is_that_card():
    state = _table()
    _play_from_reserve(state, "flip")
    assert state.is_chance_node()
    state.apply_chance(state.parse_chance("R3 G5"))
    assert state.observation(0)["peek"] == ["R3", "G5"] and "peek" not in state.observation(1)
    state.apply_action(Move("draw", pile=1))
    assert state.chance_outcomes() == [(Card("G", 5), 1.0)]
    with pytest.raises(IllegalActionError, match="the top card of pile B is G5"):
        state.apply_chance(Card("Y", 2))
    state.apply_chance(Card("G", 5))
    assert [c.code for c in state.sequences[0]] == ["G5"]
    state.apply_action(Move("draw", pile=1))  # pile B's next card is unknown again
    with pytest.raises(IllegalActionError, match="R3 is on top of pile A"):
        state.apply_chance(Card("R", 3))


def test_flip_unknown_tops_are_allowed():
    state = _table()
    _play_from_reserve(state, "flip")
    state.apply_chance(state.parse_chance("? ?"))
    assert state.observation(0)["peek"] == ["?", "?"]
    assert state.parse_chance("? -") == (UNKNOWN, None)


def test_tornade_is_a_chance_node():
    state = _table(players=3)
    _draw(state, "R3")
    state.apply_action(Move("end"))
    _draw(state, "G5")
    state.apply_action(Move("end"))
    _play_from_reserve(state, "tornade")
    assert state.is_chance_node() and len(state.chance_outcomes()) == 2
    with pytest.raises(IllegalActionError, match="Tornado"):
        state.apply_chance((0, 2))
    state.apply_chance(state.parse_chance("p1 p0"))
    assert [c.code for c in state.sequences[0]] == ["G5"] and [c.code for c in state.sequences[1]] == ["R3"]


def test_an_action_card_not_in_discovery_is_refused():
    state = sequence.new_game(2, mode="discovery", chance="table")
    state.apply_action(Move("draw", pile=0))
    with pytest.raises(IllegalActionError, match="joker is not in the discovery deck"):
        state.apply_chance(Card(action="joker"))
