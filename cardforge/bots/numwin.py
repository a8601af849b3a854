"""Bots for Num Win (lowest combo wins).

``strategy`` keeps low cards: it takes the discard top when it is low, swaps a drawn or taken
card for its highest card it knows (an unseen card counts as ``UNSEEN``, the deck's average; an
action card in a combo as the +5 it scores, NUMWIN-7.5; a Rainbow as 0 under the house rule
``rainbow_zero=every``), claims every pair it knows (own cards only: no blind claim), and calls
NUM WIN once the combo it can estimate is worth ``threshold`` points or less — a bar it raises
by 2 each time it lets a call go, so that a round always ends.  It plays every action card:
Flip on an unseen card of its own, Swipe to trade its worst card for an opponent's card worth
``GAIN`` points less, Flash on an opponent's card it knows to be low, Quantum to lock a low
card of its own (no Swipe or Flash takes it then) or else to reveal an opponent's card;
otherwise it discards the action card.  ``blind`` plays the same but also claims with an unseen card of its own whenever a
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
from cardforge.games.numwin_scoring import DEFAULT_RULES, is_rainbow

__all__ = ["StrategyBot", "BlindBot", "BOTS"]

UNSEEN = 8.0  # average value of a 0–16 card
LOW = 4
#: what an action card left in a combo scores (NUMWIN-7.5)
ACTION_POINTS = 5.0
#: the least a Swipe must gain (points, as the bot counts them) to be played
GAIN = 3.0


class _Facts(dict):
    """code → (points as the bot counts them, value or ``None`` for an action card), filled on
    first use: the bots read the same few dozen codes at every decision.  One table per
    Rainbow rule (``rainbow_zero``)."""

    def __init__(self, every_rainbow_zero: bool):
        super().__init__()
        self.zero = every_rainbow_zero

    def __missing__(self, code: str) -> tuple[float, int | None]:
        c = card(code)
        if c.is_action:
            facts = (ACTION_POINTS, None)
        else:
            facts = (0.0 if self.zero and is_rainbow(c) else float(c.value), c.value)
        self[code] = facts
        return facts


_TABLES = {zero: _Facts(zero) for zero in (False, True)}
_FACTS = _TABLES[False]


def _number(code: str) -> int | None:
    """The card's value, ``None`` for an action card (which pairs with nothing, NUMWIN-R8)."""
    return _FACTS[code][1]


def _theirs(obs: Mapping[str, Any], move: Move) -> dict[str, Any]:
    """The combo card ``move`` targets, as the bot sees it."""
    return obs["combos"][move.target][move.target_slot]


class StrategyBot:
    """Keeps low cards, claims known pairs, announces at a threshold."""

    name = "strategy"
    sees = True
    blind = False

    reads_rules = True

    def __init__(self, threshold: int = 12, rules: Any = None):
        self.threshold = threshold
        self.patience = 0
        self.round = 0
        self.rules = rules or DEFAULT_RULES
        self.facts = _TABLES[self.rules.rainbow_zero == "every"]

    def _value(self, code: str | None) -> float:
        return UNSEEN if code is None else self.facts[code][0]

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
            estimate = sum(self._value(s["card"]) for s in mine if s["locked"] != "pair")
            if estimate <= self.threshold + self.patience:
                return by_kind["numwin"][0]
            self.patience += 2  # each chance let go makes the next call likelier: the round ends
            return by_kind["continue"][0]
        if phase == "draw":
            top = obs["discard"][-1] if obs["discard"] else None
            if "take" in by_kind and top is not None and _number(top) is not None and self._value(top) <= LOW:
                return by_kind["take"][0]
            return (by_kind.get("draw") or legal)[0]
        return self._place(obs, mine, by_kind, legal)

    def _claim(self, obs: Mapping[str, Any], mine: list[dict], legal: Sequence[Move]) -> Move:
        """The first own card known to pair with the discard top; else (``blind``) the first
        unseen own card; else pass."""
        facts = self.facts
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
        value = self._value
        flips = [m for m in by_kind.get("flip", ()) if mine[m.slot]["card"] is None]
        if flips:  # look at a card of its own it has not seen
            return flips[0]
        action = self._action(obs, mine, by_kind)
        if action is not None:
            return action
        swaps = by_kind.get("swap", ())
        worst = max(swaps, key=lambda m: value(mine[m.slot]["card"]), default=None)
        if held is not None and _number(held) is not None:
            points = value(held)
            if "add" in by_kind and points <= LOW:
                return by_kind["add"][0]
            if worst is not None and value(mine[worst.slot]["card"]) > points:
                return worst
        if "discard" in by_kind:
            return by_kind["discard"][0]
        return by_kind["add"][0] if "add" in by_kind else worst or legal[0]

    def _action(self, obs: Mapping[str, Any], mine: list[dict], by_kind: dict[str, list[Move]]) -> Move | None:
        """Swipe, Flash or Quantum when it pays (see the module docstring), else ``None``."""
        value = self._value
        swipes = by_kind.get("swipe")
        if swipes:
            best = max(swipes, key=lambda m: value(mine[m.slot]["card"]) - value(_theirs(obs, m)["card"]))
            if value(mine[best.slot]["card"]) - value(_theirs(obs, best)["card"]) >= GAIN:
                return best
        flashes = [m for m in by_kind.get("flash", ()) if _theirs(obs, m)["card"] is not None]
        if flashes:
            best = min(flashes, key=lambda m: value(_theirs(obs, m)["card"]))
            if value(_theirs(obs, best)["card"]) <= LOW:
                return best
        quanta = by_kind.get("quantum")
        if quanta:
            me = obs["current_player"]
            own = [m for m in quanta if m.target == me and _theirs(obs, m)["card"] is not None]
            low = min(own, key=lambda m: value(_theirs(obs, m)["card"]), default=None)
            if low is not None and value(_theirs(obs, low)["card"]) <= LOW:
                return low
            unseen = [m for m in quanta if m.target != me and _theirs(obs, m)["card"] is None]
            if unseen:
                return unseen[0]
        return None


class BlindBot(StrategyBot):
    """``strategy`` that also claims blind with its unseen cards."""

    name = "blind"
    blind = True


BOTS = {"random": RandomBot, "strategy": StrategyBot, "blind": BlindBot}
