"""Random seeded games of ``sequence`` with the invariants checked after every action, and the
golden playthroughs in ``tests/golden/sequence/`` (regenerate with
``python -m cardforge.games.playthrough sequence --players N --seed S --option KEY=VALUE``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardforge.games.playthrough import random_playthrough, record
from cardforge.games.sequence import check_sequence, sequence_points

GOLDEN = Path(__file__).parent / "golden" / "sequence"
GOLDEN_CASES = {
    "3p_seed1_classic.txt": dict(players=3, seed=1, turns="3", rounds="2"),
    "2p_seed4_discovery.txt": dict(players=2, seed=4, mode="discovery", turns="4", rounds="2"),
}


class Invariants:
    """The issue's invariants, checked after every action of one game: cards conserved, reserves
    of at most 2, no stopped sequence ever held or scored, a round scoring exactly its secured
    sequences (the last one possibly locked by the action that ended the round)."""

    def __init__(self):
        self.before: tuple[int, list[int], list[int]] | None = None
        self.rounds_seen = 0

    def __call__(self, state, action) -> None:
        assert state.card_count() == Counter(state.cards), "cards were created or lost"
        assert all(len(r) <= 2 for r in state.reserves), "a reserve holds more than 2 cards"
        for p in range(state.num_players):
            for seq in (*state.secured[p], state.sequences[p]):
                assert not check_sequence(seq, state.house).stop, f"p{p} holds a stopped sequence {seq}"
                assert not any(c.is_action for c in seq)
        if len(state.round_points) > self.rounds_seen:
            player, secured, open_ = self.before
            expected = list(secured)
            if action.kind == "lock":
                expected[player] += open_[player]
            assert state.round_points[-1] == expected, "a round scored other than its secured sequences"
            self.rounds_seen = len(state.round_points)
        points = lambda seqs: sum(sequence_points(s, state.mode) for s in seqs)  # noqa: E731
        self.before = (state.player, [points(state.secured[p]) for p in range(state.num_players)],
                       [points([state.sequences[p]]) for p in range(state.num_players)])
        assert state.returns() == [sum(r[p] for r in state.round_points) for p in range(state.num_players)]


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_invariants(seed):
    players = 2 + seed % 5
    mode = "discovery" if seed % 3 == 0 else "classic"
    house = ["open_sequences=stop_secures"] if seed % 4 == 1 else ["stop_cost=turn"] if seed % 4 == 2 else None
    state, log = random_playthrough("sequence", players=players, seed=seed, check=Invariants(), mode=mode,
                                    turns=4, rounds=2, house=house)
    assert state.is_terminal() and len(state.round_points) == 2 and log


def test_until_the_piles_run_out():
    """turns=0: a round lasts until both piles are empty (SEQUENCE-6.1, SEQUENCE-R8)."""
    state, _ = random_playthrough("sequence", players=2, seed=9, check=Invariants(), turns=0, rounds=1)
    assert state.is_terminal() and not any(state.piles)


def test_same_seed_same_game():
    a = record("sequence", players=3, seed=5, turns="2", rounds="1")
    assert a == record("sequence", players=3, seed=5, turns="2", rounds="1")
    assert a != record("sequence", players=3, seed=6, turns="2", rounds="1")


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_playthroughs(name):
    options = dict(GOLDEN_CASES[name])
    expected = (GOLDEN / name).read_text(encoding="utf-8")
    assert record("sequence", **options) == expected
