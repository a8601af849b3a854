"""Random seeded Num Plis games with the invariants checked after every action, and the golden
playthrough files replayed.

The checks are written from the sheet, independently of the engine's own code: cards are
conserved, a lower card is played only when no higher one was held or it matches a laid value
(TRICKS-5.1, 5.2), each trick has one winner or none (TRICKS-6.1, 8.6), and each round's totals
follow the points and streak tables (TRICKS-9.x, 10.x).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardforge.cards import Card
from cardforge.games.playthrough import random_playthrough, record
from cardforge.games.tricks import Phase, TricksState

GOLDEN = Path(__file__).parent / "golden" / "tricks"

#: The sheet's tables, typed again here so the engine is checked against the sheet, not itself.
STREAK = {2: 5, 3: 10, 4: 15, 5: 20, 6: 30, 7: 40}


def sheet_points(bid: int, won: int, cards: int) -> int:
    if bid == 0:
        return 20 + 2 * cards if won == 0 else -(10 + 5 * won)
    return 10 + 3 * bid if bid == won else -3 * abs(bid - won)


def sheet_bonus(streak: int) -> int:
    return STREAK.get(streak, 0) if streak < 8 else 40 + 10 * (streak - 7)


def value(card: Card) -> int | None:
    return card.value if card.is_numbered or card.action == "numx" else None


class Invariants:
    """``check(state, action)`` for ``random_playthrough``: remembers the position before each
    action to judge it, and the scores before each round."""

    def __init__(self) -> None:
        self.before: dict | None = None
        self.deck: dict[Card, int] = {}
        self.streaks: list[int] = []
        self.totals: list[int] = []
        self.rounds = 0
        self.tricks = 0

    def __call__(self, state: TricksState, action) -> None:
        if self.before is None:
            self.deck = dict(Counter(state.config.deck))
            self.streaks = [0] * len(state.config.units)
            self.totals = [0] * len(state.config.units)
        assert dict(state.card_count()) == self.deck, "cards are conserved"  # dict ==: C speed
        if self.before is not None and self.before["phase"] is Phase.PLAY:
            self.check_play(action, state)
        if len(state.history) > self.rounds:
            self.check_round(state)
        self.before = {
            "phase": state.phase,
            "trick": list(state.trick),
            "hand": list(state.hands[state.current_player()]) if not state.is_terminal() else [],
            "leader": getattr(state, "leader", 0),
        }

    def check_play(self, card: Card, state: TricksState) -> None:
        trick, hand = self.before["trick"], self.before["hand"]
        assert card.undeclared() in hand, "a card from the player's own hand"
        if card.action == "numx":
            assert card.value in (0, 17)
        values = Counter(c.value for c in trick if c.is_numbered)
        live = [value(c) for c in trick if value(c) is not None and not (c.is_numbered and values[c.value] > 1)]
        if live and card.is_numbered and card.value <= max(live):
            held_higher = any(c.is_numbered and c.value > max(live) for c in hand)
            assert not held_higher or card.value in values, f"{card} played low while holding higher on {trick}"
        if len(trick) + 1 == state.num_players:  # the trick just ended
            self.tricks += 1
            result = state.last_trick
            assert result.winner is None or 0 <= result.winner < state.num_players
            if any(c.action == "flash" for c in result.cards):
                assert result.winner is None
            if result.winner is not None:
                assert value(result.winning_card) is not None and result.winning_card not in result.cancelled
        for seat in range(state.num_players):
            assert len(state.taken[seat]) == state.num_players * state.won[seat]

    def check_round(self, state: TricksState) -> None:
        record_ = state.history[self.rounds]
        for unit, seats in enumerate(state.config.units):
            bid, won = record_.bids[unit], record_.won[unit]
            cards = record_.cards * len(seats)
            assert 0 <= bid <= cards and 0 <= won <= cards
            exact = bid == won
            self.streaks[unit] = self.streaks[unit] + 1 if exact else 0
            self.totals[unit] += sheet_points(bid, won, cards) + (sheet_bonus(self.streaks[unit]) if exact else 0)
        assert state.totals == self.totals, "scores follow the tables"
        self.rounds += 1


def play_checked(players: int, seed: int, **options) -> tuple[TricksState, Invariants]:
    check = Invariants()
    state, _ = random_playthrough("tricks", players=players, seed=seed, check=check, **options)
    assert state.is_terminal() and check.rounds == len(state.config.schedule)
    assert check.tricks == sum(state.config.schedule)
    return state, check


#: (players, options) shapes the bulk runs cycle through.
SHAPES = [
    (3, {}), (4, {}), (5, {}), (6, {}), (7, {}), (8, {}), (9, {}), (10, {}),
    (4, {"team": True}), (6, {"team": True}), (8, {"team": True, "team_bids": "individual"}),
    (7, {"extra_family": False}), (5, {"no_winner_lead": "next"}), (4, {"action_cards": "follow"}),
]


@pytest.mark.parametrize("block", range(8))
def test_thousands_of_short_games_keep_the_invariants(block):
    """2,000 short games (up to 3 rounds, or 1 team round) across every table shape."""
    for seed in range(block * 250, block * 250 + 250):
        players, options = SHAPES[seed % len(SHAPES)]
        rounds = 1 if options.get("team") else 1 + seed % 3
        play_checked(players, seed, rounds=rounds, start_cards=1 + seed % 2 if not options.get("team") else 1,
                     **options)


@pytest.mark.parametrize("players, options", SHAPES)
def test_full_games_keep_the_invariants(players, options):
    """Complete games (every round of ruling TRICKS-R1, or 5 team rounds)."""
    for seed in range(2):
        play_checked(players, 1000 + seed, **options)


def test_same_seed_same_game_different_seed_different_game():
    a = record("tricks", players=4, seed=42)
    assert a == record("tricks", players=4, seed=42)
    assert a != record("tricks", players=4, seed=43)


GOLDEN_FILES = sorted(GOLDEN.glob("*.txt"))


def test_golden_files_exist():
    assert len(GOLDEN_FILES) >= 4


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_golden_playthrough_replays(path):
    """Replayed byte for byte (regenerate one with ``python -m cardforge.games.playthrough tricks --players N
    --seed S [--option key=value] > tests/golden/tricks/NAME.txt``)."""
    expected = path.read_text(encoding="utf-8")
    header = expected.splitlines()[0].split()
    assert header[:2] == ["#", "tricks"]
    fields = dict(item.split("=", 1) for item in header[2:])
    players, seed = int(fields.pop("players")), int(fields.pop("seed"))
    assert record("tricks", players=players, seed=seed, **fields) == expected
