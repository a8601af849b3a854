"""Bots for Num Plis.

``strategy`` bids the number of tricks that maximises its expected round score: each card of
its hand wins a trick with a chance of about ``(value / 17) ** (players - 1)`` (Num-X three
times in four: it is declared 17 or 0 as the trick needs, but a Flash or a Flip laid after it
can still undo it; Flash never), the number won follows from
those chances, and each bid is scored with the rules' own points (``round_score``, the house
rules' streak payout included) — so that at a large table, where a zero bid is usually right,
a strong hand still bids its tricks.  It then plays to hit the bid, judging each card by the
rules' own trick resolution (``trick_outcome`` under the house rules, on the trick so far):
while it needs tricks it plays the weakest card that would take the trick (leading with its
strongest numbered card), and once it has enough the strongest card that would not (a Flash, or Num-X
declared 0 — or 17 under a Flip — when nothing else loses).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardforge.bots import RandomBot
from cardforge.bots.cards import card
from cardforge.cards import Card
from cardforge.games.tricks.house_rules import DEFAULT_RULES
from cardforge.games.tricks.resolution import trick_outcome
from cardforge.games.tricks.scoring import round_score

__all__ = ["StrategyBot", "BOTS", "win_chance", "tricks_won_chances"]

TOP = 17  # Num-X's high declaration, above every numbered card
#: a card's chance to take a trick, for the action cards (Num-X is declared as the trick needs)
_ACTION_CHANCE = {"numx": 0.75, "flash": 0.0, "flip": 0.15, "quantique": 0.15}


def win_chance(code: str, players: int) -> float:
    """The chance that the card written ``code`` takes a trick at a table of ``players``."""
    c = card(code)
    if c.is_action:
        return _ACTION_CHANCE.get(c.action, 0.1)
    return (c.value / TOP) ** (players - 1)


def tricks_won_chances(chances: Sequence[float]) -> list[float]:
    """The chance of taking exactly ``k`` tricks, ``k = 0…len(chances)``, each card taking its
    own with its chance, independently (a Poisson-binomial law)."""
    law = [1.0]
    for p in chances:
        law = [a * (1 - p) + b * p for a, b in zip([*law, 0.0], [0.0, *law])]
    return law


def _power(c: Card) -> float:
    """How strongly a played card (as offered in ``legal``) tends to win."""
    if c.action == "flash":
        return -2.0
    if c.is_action:
        return -1.0 if c.value is None else float(c.value)
    return float(c.value)


class StrategyBot:
    """Bids for the best expected score, then plays to hit the bid (see the module docstring)."""

    name = "strategy"
    sees = True
    reads_rules = True

    def __init__(self, rules: Any = None):
        self.rules = rules or DEFAULT_RULES

    def act(self, observation: Mapping[str, Any] | None, legal: Sequence[Any], rng: random.Random) -> Any:
        obs = observation
        if isinstance(legal[0], int):
            return self._bid(obs, legal)
        if obs["phase"] == "pass":  # team variant: give the partner the strongest card
            return max(legal, key=_power)
        me = obs["current_player"]
        need = (obs["bids"][me] or 0) - obs["won"][me]
        trick = [card(c) for c in obs["trick"]]
        if not trick:  # lead: the strongest numbered card (Num-X is worth more late in a trick)
            if need <= 0:
                return min(legal, key=_power)
            numbered = [c for c in legal if c.is_numbered]
            return max(numbered or legal, key=_power)
        players = len(obs["bids"])
        takes = [self._takes(trick, c, players) for c in legal]
        if need > 0:
            winners = [c for c, t in zip(legal, takes) if t]
            return min(winners, key=_power) if winners else min(legal, key=_power)
        losers = [c for c, t in zip(legal, takes) if not t]
        return max(losers, key=_power) if losers else min(legal, key=_power)

    def _takes(self, trick: list[Card], c: Card, players: int) -> bool:
        """Whether ``c`` would take the trick if it ended with it (the rules' own resolution)."""
        winner, _ = trick_outcome([*trick, c], players, self.rules)
        return winner == len(trick)

    def _bid(self, obs: Mapping[str, Any], legal: Sequence[int]) -> int:
        players = len(obs["bids"])
        law = tricks_won_chances([win_chance(c, players) for c in obs["hand"]])
        me = obs["current_player"]
        streaks = obs["streaks"]
        streak = streaks[me] if len(streaks) == players else 0
        size = obs["cards"]

        def expected(bid: int) -> float:
            return sum(p * round_score(bid, won, size, streak, self.rules, False).total for won, p in enumerate(law))

        return max(legal, key=lambda b: (expected(b), -b))


BOTS = {"random": RandomBot, "strategy": StrategyBot}
