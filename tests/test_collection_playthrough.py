"""Random seeded games of ``collection`` with the invariants checked after every action, and the
golden playthroughs in ``tests/golden/collection/`` (regenerate with
``python -m cardforge.games.playthrough collection --players N --seed S --option KEY=VALUE``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import random

from cardforge.games.collection import CITES, new_game
from cardforge.games.pushluck import check_sequence
from cardforge.games.playthrough import random_playthrough, record

GOLDEN = Path(__file__).parent / "golden" / "collection"
GOLDEN_CASES = {
    "3p_seed2_classic.txt": dict(players=3, seed=2, rounds="2"),
    "2p_seed5_discovery.txt": dict(players=2, seed=5, mode="discovery"),
}


class Invariants:
    """Cards conserved, reserves of at most 2, no stopped sequence held, an objective validated
    at most once and never changed, each validation made of the player's own secured cards (each
    card once), nothing validated after a Shadow voided the round, scores = validated points."""

    def __init__(self):
        self.scorecards: list[dict] | None = None

    def __call__(self, state, action) -> None:
        assert state.card_count() == Counter(state.cards), "cards were created or lost"
        assert all(len(r) <= 2 for r in state.reserves), "a reserve holds more than 2 cards"
        for p in range(state.num_players):
            for seq in (*state.secured[p], state.sequences[p]):
                assert not check_sequence(seq, state.house, cites=CITES).stop, f"p{p} holds a stopped sequence {seq}"
        if self.scorecards is not None:
            for p, before in enumerate(self.scorecards):
                now = state.scorecards[p]
                assert all(now[oid] is match for oid, match in before.items()), "a validated objective changed"
                added = set(now) - set(before)
                assert len(added) <= 1
                if added:
                    assert action.kind == "validate" and not state.void[p]
                    match = now[added.pop()]
                    mine = Counter(state.collection(p))
                    assert not Counter(match.cards) - mine, "validated with cards the player did not secure"
        if state.phase == "validate" and not state.house.share_cards:
            for p in range(state.num_players):
                used = Counter(c for oid, m in state.scorecards[p].items() if state.validated_in[p][oid] == state.round
                               for c in m.cards)
                assert not used - Counter(state.collection(p)), "a card served two objectives"
        assert state.scores == [sum(m.points for m in card.values()) for card in state.scorecards]
        self.scorecards = [dict(card) for card in state.scorecards]


@pytest.mark.parametrize("seed", range(10))
def test_random_games_keep_the_invariants(seed):
    players = 2 + seed % 5
    mode = "discovery" if seed % 3 == 0 else "classic"
    house = ["share_cards=true"] if seed % 4 == 1 else ["shadow_voids_round=false", "stop_cost=turn"] \
        if seed % 4 == 2 else None
    state, log = random_playthrough("collection", players=players, seed=seed, check=Invariants(), mode=mode,
                                    house=house)
    assert state.is_terminal() and log
    assert state.round == state.max_rounds or any(len(c) == 10 for c in state.scorecards)


def eager_playthrough(players: int, seed: int, check, **options):
    """A random game whose players lock, declare and validate more often than uniform play, so
    that scorecards fill up and the validation invariants are exercised."""
    state = new_game(players, seed=seed, **options)
    rng = random.Random(seed)
    check(state, None)
    while not state.is_terminal():
        legal = state.legal_actions()
        by_kind = {m.kind: m for m in legal}
        if "validate" in by_kind:
            move = rng.choice([m for m in legal if m.kind == "validate"])
        elif "lock" in by_kind and len(state.sequences[state.player]) >= 3 and rng.random() < 0.8:
            move = by_kind["lock"]
        elif "declare" in by_kind and rng.random() < 0.15:
            move = by_kind["declare"]
        else:
            move = rng.choice([m for m in legal if m.kind not in ("declare", "done")] or legal)
        state.apply_action(move)
        check(state, move)
    return state


@pytest.mark.parametrize("seed", range(8))
def test_eager_games_fill_scorecards_without_revalidating(seed):
    """Under the gentler Shadow house rule (COLLECTION-R20), so that most rounds validate something."""
    house = ["shadow_voids_round=false"] + (["share_cards=true"] if seed % 3 == 0 else [])
    state = eager_playthrough(2 + seed % 4, seed, Invariants(), mode="discovery" if seed % 2 else "classic",
                              house=house)
    assert state.is_terminal() and sum(len(c) for c in state.scorecards) >= 3


def test_same_seed_same_game():
    assert record("collection", players=2, seed=3, rounds="1") == record("collection", players=2, seed=3, rounds="1")


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_playthroughs(name):
    expected = (GOLDEN / name).read_text(encoding="utf-8")
    assert record("collection", **GOLDEN_CASES[name]) == expected
