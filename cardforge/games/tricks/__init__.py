"""Num Plis (rule sheet 002): trick taking with exact bids, Rainbow/Shadow annulations, the
Flash/Flip/Quantique/Num-X action cards, accuracy streaks and a team variant.

The pure rule functions (``resolve_trick``, ``legal_plays``, ``bid_points``, ``streak_bonus``,
``round_points``) serve the referee, the rulebook's worked examples and the score sheet; the
engine (``new_game`` → ``TricksState``) plays whole seeded games with them.
"""

from cardforge.games.tricks.following import NUMX_CHOICES, declarations, follow_target, legal_plays
from cardforge.games.tricks.house_rules import DEFAULT_RULES, HouseRules
from cardforge.games.tricks.resolution import TrickResult, cancelled_positions, card_value, resolve_trick
from cardforge.games.tricks.scoring import (
    STREAK_TABLE,
    RoundScore,
    bid_points,
    bid_rule,
    check_round_numbers,
    round_points,
    streak_bonus,
    streak_rule,
)
from cardforge.games.tricks.setup import OPTIONS, check_players, deck_for, round_schedule

#: the engine's names, imported on first use (a referee ruling needs the rules, not the engine)
_ENGINE = ("GameConfig", "Phase", "TricksState")


def __getattr__(name: str):  # PEP 562
    if name in _ENGINE:
        from cardforge.games.tricks import state

        return getattr(state, name)
    if name == "new_game":
        from cardforge.games.tricks import start

        return start.new_game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_RULES", "HouseRules", "NUMX_CHOICES", "OPTIONS", "STREAK_TABLE", "GameConfig", "Phase", "RoundScore",
    "TrickResult", "TricksState", "bid_points", "bid_rule", "cancelled_positions", "card_value",
    "check_players", "check_round_numbers", "declarations", "deck_for", "follow_target", "legal_plays",
    "new_game", "resolve_trick", "round_points", "round_schedule", "streak_bonus", "streak_rule",
]
