"""Random seeded Num Win games: card conservation at every step, no hidden card in another
player's view, round scores that follow the table, and golden playthroughs replayed."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

from cardforge.deck import load_deck
from cardforge.games.numwin import Slot
from cardforge.games.numwin_scoring import is_rainbow
from cardforge.games.playthrough import random_playthrough, record

DECK = load_deck("numwin")
GOLDEN = Path(__file__).parent / "golden" / "numwin"


# -- helpers ------------------------------------------------------------------------------------


def hidden_from(state, viewer: int) -> list[tuple]:
    """Every place holding a card ``viewer`` has not seen: the deck, another's drawn card, and
    face-down cards they never looked at (their own included)."""
    places = [("deck", i) for i in range(len(state.deck))]
    if state.held is not None and state.held_from == "deck" and viewer != state.turn:
        places.append(("held", None))
    places += [("slot", (q, i)) for q, combo in enumerate(state.combos) for i, s in enumerate(combo) if not s.seen_by(viewer)]
    return places


def _get(state, place):
    kind, where = place
    if kind == "deck":
        return state.deck[where]
    if kind == "held":
        return state.held
    q, i = where
    return state.combos[q][i].card


def _set(state, place, card) -> None:
    kind, where = place
    if kind == "deck":
        state.deck[where] = card
    elif kind == "held":
        state.held = card
    else:
        q, i = where
        state.combos[q][i].card = card


def shuffled_unseen(state, viewer: int, rng: random.Random):
    """A copy of ``state`` where the cards ``viewer`` has not seen are dealt again at random."""
    other = state.clone()
    places = hidden_from(other, viewer)
    cards = [_get(other, p) for p in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards):
        _set(other, place, card)
    return other


def table_points(combo: list[str], locked: list[list[str]]) -> int:
    """The scoring table applied by brute force (default rules): every way to keep one card of
    each odd value group, pairs removed, a lone Rainbow left at 0, action cards 5."""
    cards = DECK.parse_many(" ".join(combo))
    rest = Counter(cards) - Counter(DECK.parse_many(" ".join(c for p in locked for c in p)))
    numbered = [c for c in rest.elements() if c.is_numbered]
    action_points = 5 * sum(1 for c in rest.elements() if c.is_action)
    groups = [[c for c in numbered if c.value == v] for v in sorted({c.value for c in numbered})]
    choices = [g if len(g) % 2 else [None] for g in groups]
    best = None
    for kept in itertools.product(*choices):
        left = [c for c in kept if c is not None]
        rainbows = [c for c in left if is_rainbow(c)]
        pts = sum(0 if (is_rainbow(c) and len(rainbows) == 1) else c.value for c in left)
        best = pts if best is None else min(best, pts)
    return best + action_points


def invariants(full: Counter, rng: random.Random, check_views: bool):
    rounds_seen = [0]

    def check(state, action) -> None:
        assert state.card_count() == full, f"cards not conserved after {action}"
        if check_views and not state.is_terminal():
            for viewer in range(state.num_players):
                other = shuffled_unseen(state, viewer, rng)
                assert other.observation(viewer) == state.observation(viewer), f"p{viewer}'s view leaks after {action}"
        if len(state.history) > rounds_seen[0]:
            last = state.history[-1]
            for p, combo in enumerate(last["combos"]):
                assert last["points"][p] == table_points(combo, last["locked_pairs"][p]), (combo, last)
            rounds_seen[0] = len(state.history)

    return check


# -- random games -------------------------------------------------------------------------------


@pytest.mark.parametrize("players,memory", [(2, False), (3, True), (4, False), (5, True)])
def test_random_games_conserve_cards_hide_cards_and_follow_the_table(players, memory):
    for seed in range(3):
        check = invariants(DECK.counts(), random.Random(seed), check_views=seed == 0)
        state, _ = random_playthrough("numwin", players=players, seed=seed, check=check, memory=memory)
        assert state.is_terminal()
        assert len(state.history) == players  # NUMWIN-8.1
        assert state.returns() == [sum(h["points"][p] for h in state.history) for p in range(players)]


def test_random_games_with_house_rules_finish():
    for house in ({"same_value": "all"}, {"drawn_action": "must_play", "reflex_priority": "discarder_first"},
                  {"locked_count": False, "own_miss_penalty": True, "start_peek": 2}):
        state, _ = random_playthrough("numwin", players=3, seed=4, memory=True, check=lambda s, a: None, **house)
        assert state.is_terminal()


def test_the_leak_check_catches_a_leak(monkeypatch):
    """The view check is not vacuous: a view that shows every card fails it."""
    from cardforge.games.numwin import new_game

    state = new_game(3, seed=2)
    other = shuffled_unseen(state, 0, random.Random(0))
    assert other.observation(0) == state.observation(0)
    monkeypatch.setattr(Slot, "seen_by", lambda self, player: True)
    assert other.observation(0) != state.observation(0)


def test_same_seed_same_game():
    a = record("numwin", players=3, seed=9, memory=True)
    assert a == record("numwin", players=3, seed=9, memory=True)
    assert a != record("numwin", players=3, seed=10, memory=True)


# -- golden playthroughs ------------------------------------------------------------------------

GOLDEN_CASES = {
    "p2_seed1": dict(players=2, seed=1),
    "p3_seed2_memory": dict(players=3, seed=2, memory=True, rounds=1),
    "p4_seed3_all_pairs": dict(players=4, seed=3, rounds=1, same_value="all"),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_playthrough_replays(name):
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert record("numwin", **GOLDEN_CASES[name]) == expected


def write_golden() -> None:  # pragma: no cover - run by hand after a deliberate rule change
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, case in GOLDEN_CASES.items():
        (GOLDEN / f"{name}.txt").write_text(record("numwin", **case), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    write_golden()
