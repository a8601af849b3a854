"""Bots for Num Rangées.

``strategy`` looks at the rows it sees and, for each card in hand, places that card alone with
the rules' own placement (``place_ids``: ``place_cards`` on card ids, under the house
rules of the game): it prefers the card that
captures the most points now (a 5th card takes the row, a lower card takes the first card),
never takes a Shadow if it can help it, and avoids laying a row's 4th card, which hands the
next player a 5th-card capture.  Ties go to the lower card (keep the high ones for later).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardforge.bots import RandomBot
from cardforge.cards import Card
from cardforge.games.rows import ROW_CAPACITY, ROW_COLOURS, place_ids, tables

__all__ = ["StrategyBot", "BOTS"]


class StrategyBot:
    """Greedy capture hunter (see the module docstring)."""

    name = "strategy"
    sees = True
    reads_rules = True

    def __init__(self, rules: Any = None):
        self.rules = rules

    def act(self, observation: Mapping[str, Any] | None, legal: Sequence[Card], rng: random.Random) -> Card:
        t = tables()
        by_code, values, points = t.by_code, t.value, t.points
        rows = [[by_code[c] for c in observation["rows"][colour]] for colour in ROW_COLOURS]
        best, best_value = legal[0], None
        for option in legal:
            table = [row[:] for row in rows]
            (taken,), _ = place_ids(table, [t.card_id(option)], self.rules)
            value = sum([points[c] for c in taken])
            value -= sum([0.5 * sum([max(values[c], 0) for c in row]) for before, row in zip(rows, table)
                          if len(row) == ROW_CAPACITY - 1 and len(before) < ROW_CAPACITY - 1])
            value -= option.value / 100  # equal value: keep the higher card
            if best_value is None or value > best_value:
                best, best_value = option, value
        return best


BOTS = {"random": RandomBot, "strategy": StrategyBot}
