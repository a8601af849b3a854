"""Bots for Num Win (lowest combo wins).

``strategy`` keeps low cards: it takes the discard top when it is low, swaps a drawn or taken
card for its highest card it knows (an unseen card of its own counts as ``UNSEEN``, the deck's
average), looks at its unseen cards with Flip, claims every pair it knows (own cards only: no
blind claim), and calls NUM WIN once the combo it can estimate is worth ``threshold`` points or
less — a bar it raises by 2 each time it lets a call go, so that a round always ends.  ``blind`` plays the same but also claims with an unseen card of its own whenever a
reflex window opens, to measure what ruling NUMWIN-R12 (no penalty for a wrong own claim)
gives away.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardforge.bots import RandomBot
from cardforge.bots import by_kind as group
from cardforge.bots.cards import card
from cardforge.games.numwin import Move

__all__ = ["StrategyBot", "BlindBot", "BOTS"]

UNSEEN = 8.0  # average value of a 0–16 card
LOW = 4


class _Facts(dict):
    """code → (points as the bot counts them, value or ``None`` for an action card), filled on
    first use: the bots read the same few dozen codes at every decision."""

    def __missing__(self, code: str) -> tuple[float, int | None]:
        c = card(code)
        facts = self[code] = (0.0, None) if c.is_action else (float(c.value), c.value)
        return facts


_FACTS = _Facts()


def _value(code: str | None) -> float:
    return UNSEEN if code is None else _FACTS[code][0]


def _number(code: str) -> int | None:
    """The card's value, ``None`` for an action card (which pairs with nothing, NUMWIN-R8)."""
    return _FACTS[code][1]


class StrategyBot:
    """Keeps low cards, claims known pairs, announces at a threshold."""

    name = "strategy"
    sees = True
    blind = False

    def __init__(self, threshold: int = 12):
        self.threshold = threshold
        self.patience = 0
        self.round = 0

    def act(self, observation: Mapping[str, Any] | None, legal: Sequence[Move], rng: random.Random) -> Move:
        obs = observation
        me = obs["current_player"]
        mine = obs["combos"][me]
        phase = obs["phase"]
        if obs["round"] != self.round:
            self.round, self.patience = obs["round"], 0
        if phase == "reflex":  # the most frequent decision: read from ``legal`` directly
            return self._claim(obs, mine, legal)
        by_kind = group(legal)
        if phase == "announce":
            estimate = sum(_value(s["card"]) for s in mine if s["locked"] != "pair")
            if estimate <= self.threshold + self.patience:
                return by_kind["numwin"][0]
            self.patience += 2  # each chance let go makes the next call likelier: the round ends
            return by_kind["continue"][0]
        if phase == "draw":
            top = obs["discard"][-1] if obs["discard"] else None
            if "take" in by_kind and top is not None and _number(top) is not None and _value(top) <= LOW:
                return by_kind["take"][0]
            return (by_kind.get("draw") or legal)[0]
        return self._place(obs, mine, by_kind, legal)

    def _claim(self, obs: Mapping[str, Any], mine: list[dict], legal: Sequence[Move]) -> Move:
        """The first own card known to pair with the discard top; else (``blind``) the first
        unseen own card; else pass."""
        facts = _FACTS
        top = facts[obs["discard"][-1]][1]
        own = [m for m in legal if m.kind == "claim" and m.target is None]
        if top is not None:
            for move in own:
                code = mine[move.slot]["card"]
                if code is not None and facts[code][1] == top:
                    return move
        if self.blind:
            for move in own:
                if mine[move.slot]["card"] is None:
                    return move
        return next(m for m in legal if m.kind == "pass")

    def _place(self, obs: Mapping[str, Any], mine: list[dict], by_kind: dict[str, list[Move]], legal: Sequence[Move]) -> Move:
        held = obs["held"]
        if "flip" in by_kind:
            return by_kind["flip"][0]
        swaps = by_kind.get("swap", ())
        worst = max(swaps, key=lambda m: _value(mine[m.slot]["card"]), default=None)
        if held is not None and _number(held) is not None:
            value = _value(held)
            if "add" in by_kind and value <= LOW:
                return by_kind["add"][0]
            if worst is not None and _value(mine[worst.slot]["card"]) > value:
                return worst
        if "discard" in by_kind:
            return by_kind["discard"][0]
        return by_kind["add"][0] if "add" in by_kind else worst or legal[0]


class BlindBot(StrategyBot):
    """``strategy`` that also claims blind with its unseen cards."""

    name = "blind"
    blind = True


BOTS = {"random": RandomBot, "strategy": StrategyBot, "blind": BlindBot}
