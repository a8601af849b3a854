"""Round scoring: the bid table (TRICKS-9.x) and the accuracy streak bonus (TRICKS-10.x,
rulings TRICKS-R14, R15, R16).

    >>> bid_points(3, 3, cards=5), bid_points(0, 0, cards=5), bid_points(2, 4, cards=5)
    (19, 30, -6)
    >>> round_points(bid=2, won=2, cards=4, streak_before=2)
    RoundScore(points=16, bonus=10, streak_after=3, total=26)
"""

from __future__ import annotations

from typing import NamedTuple

from cardforge.errors import UsageError
from cardforge.i18n import refusal
from cardforge.games.tricks.house_rules import DEFAULT_RULES, HouseRules

__all__ = ["RoundScore", "bid_points", "bid_rule", "streak_bonus", "round_points", "round_score", "streak_rule", "check_round_numbers", "STREAK_TABLE"]

#: Streak length → bonus, from the sheet's table (TRICKS-10.2 … 10.7).
STREAK_TABLE: dict[int, int] = {2: 5, 3: 10, 4: 15, 5: 20, 6: 30, 7: 40}
#: The table's rule ID per streak length (8 and more: TRICKS-10.8).
STREAK_RULES: dict[int, str] = {n: f"TRICKS-10.{n}" for n in STREAK_TABLE}


class RoundScore(NamedTuple):
    """One player's (or joint team's) score for a round."""

    points: int
    bonus: int
    streak_after: int
    total: int


def bid_rule(bid: int, won: int) -> str:
    """The line of the points table that applies (TRICKS-9.1 … 9.4)."""
    if bid == 0:
        return "TRICKS-9.3" if won == 0 else "TRICKS-9.4"
    return "TRICKS-9.1" if won == bid else "TRICKS-9.2"


def bid_points(bid: int, won: int, cards: int) -> int:
    """Points of a bid: exact 10 + 3×bid; missed −3×difference; 0 made 20 + 2×cards (cards dealt
    to each player, TRICKS-R16); 0 missed −(10 + 5×tricks taken)."""
    if bid == 0:
        return 20 + 2 * cards if won == 0 else -(10 + 5 * won)
    return 10 + 3 * bid if won == bid else -3 * abs(bid - won)


def streak_bonus(streak: int, rules: HouseRules | None = None) -> int:
    """The bonus of the table line for a streak of ``streak`` exact bids in a row (one line
    only, TRICKS-R14); beyond 7, +10 per further exact bid (TRICKS-R15)."""
    rules = rules or DEFAULT_RULES
    if streak < 2:
        return 0
    if streak in STREAK_TABLE:
        return STREAK_TABLE[streak]
    if rules.streak_beyond_7 == "flat":
        return 10
    return STREAK_TABLE[7] + 10 * (streak - 7)


def streak_rule(streak: int) -> str:
    return STREAK_RULES.get(streak, "TRICKS-10.8")


def check_round_numbers(bid: int, won: int, cards: int, streak_before: int = 0) -> None:
    """``UsageError`` unless 0 ≤ bid ≤ cards, 0 ≤ won ≤ cards, cards ≥ 1, streak ≥ 0 (TRICKS-R3)."""
    if cards < 1:
        raise refusal(UsageError, "error.tricks.cards_min", cards=repr(cards))
    if not 0 <= bid <= cards:
        raise refusal(UsageError, "error.tricks.bid_range", bid=repr(bid), cards=cards)
    if not 0 <= won <= cards:
        raise refusal(UsageError, "error.tricks.won_range", won=repr(won), cards=cards)
    if streak_before < 0:
        raise refusal(UsageError, "error.tricks.streak_min", streak=repr(streak_before))


def round_points(
    bid: int, won: int, cards: int, streak_before: int = 0, rules: HouseRules | None = None, *, final: bool = False
) -> RoundScore:
    """Points, streak bonus and new streak for one round.

    ``streak_before`` counts the exact bids in a row before this round.  With the default
    ``streak_payout=each_round`` an exact bid earns the line of the new streak; with ``once``
    a streak is paid when it breaks, or at the game's ``final`` round.
    """
    rules = rules or DEFAULT_RULES
    check_round_numbers(bid, won, cards, streak_before)
    return round_score(bid, won, cards, streak_before, rules, final)


def round_score(bid: int, won: int, cards: int, streak_before: int, rules: HouseRules, final: bool) -> RoundScore:
    """``round_points`` without checking the numbers (the engine's are valid by construction)."""
    points = bid_points(bid, won, cards)
    exact = bid == won
    streak_after = streak_before + 1 if exact else 0
    if rules.streak_payout == "each_round":
        bonus = streak_bonus(streak_after, rules) if exact else 0
    else:
        ended = streak_after if exact and final else (0 if exact else streak_before)
        bonus = streak_bonus(ended, rules)
    return RoundScore(points, bonus, streak_after, points + bonus)
