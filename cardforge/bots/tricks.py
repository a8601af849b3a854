"""Bots for Num Plis.

``strategy`` bids from its hand's strength — each card counts for its chance of beating every
other card in the trick, about ``(value / 17) ** (players - 1)``, Num-X as 17 — and then plays
to hit the bid exactly: while it needs tricks it plays the lowest card that beats the trick so
far (leading with its best card), and once it has enough it plays the card least likely to win
(a Flash cancels the trick outright, Num-X goes in as 0).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardforge.bots import RandomBot
from cardforge.bots.cards import card
from cardforge.cards import Card
from cardforge.games.tricks.following import follow_target

__all__ = ["StrategyBot", "BOTS"]

TOP = 17  # Num-X's high declaration, above every numbered card


def _strength(code: str) -> float:
    c = card(code)
    if c.action == "numx":
        return TOP
    if c.is_action:
        return 0.0 if c.action == "flash" else 4.0
    return float(c.value)


def _power(c: Card) -> float:
    """How strongly a played card (as offered in ``legal``) tends to win."""
    if c.action == "flash":
        return -2.0
    if c.is_action:
        return -1.0 if c.value is None else float(c.value)
    return float(c.value)


class StrategyBot:
    """Bids from hand strength, then plays to hit the bid (see the module docstring)."""

    name = "strategy"
    sees = True

    def act(self, observation: Mapping[str, Any] | None, legal: Sequence[Any], rng: random.Random) -> Any:
        if isinstance(legal[0], int):
            players = len(observation["bids"])
            expected = sum((_strength(c) / TOP) ** (players - 1) for c in observation["hand"])
            return min(legal, key=lambda b: (abs(b - expected), b))
        if observation["phase"] == "pass":  # team variant: give the partner the strongest card
            return max(legal, key=_power)
        me = observation["current_player"]
        need = (observation["bids"][me] or 0) - observation["won"][me]
        if need <= 0:
            return min(legal, key=_power)
        trick = [card(c) for c in observation["trick"]]
        if not trick:
            return max(legal, key=_power)
        target = follow_target(trick)
        winners = [c for c in legal if c.is_numbered and target is not None and c.value > target
                   or c.action == "numx" and c.value == TOP]
        return min(winners, key=_power) if winners else min(legal, key=_power)


BOTS = {"random": RandomBot, "strategy": StrategyBot}
