"""Bots for the push-your-luck games, Num Séquence and Num Collection (one shared turn).

``strategy`` draws while its open sequence is short and the next card is unlikely to STOP it,
and locks once the sequence holds ``threshold`` cards or its last two share a colour (the next
card of that colour would STOP it).  It keeps Jokers and Infinis (they cancel a STOP) and
spends them on a STOP that would cost a sequence; it fires Éclair at the longest open opponent
sequence, keeps other action cards while the reserve has room, and takes from Quantique the
highest card that does not STOP.  In Collection it validates the objective worth most and
declares the end of the round once it has secured ``threshold`` sequences.

It reads the house rules: with ``stop_cost=turn`` (a colour or value STOP costs the turn, not
the sequence) it no longer locks for fear of a colour STOP and goes one card further; its
Quantique choice judges a STOP with the table's ``rainbow_colour``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardforge.bots import RandomBot
from cardforge.bots import by_kind as group
from cardforge.bots.cards import card
from cardforge.games.pushluck import Move, Phase, stop_reason

__all__ = ["StrategyBot", "BOTS"]

SAVERS = ("joker", "infini")


class StrategyBot:
    """Stops at a risk threshold and keeps useful action cards (see the module docstring)."""

    name = "strategy"
    sees = True
    reads_rules = True

    def __init__(self, threshold: int = 3, rules: Any = None):
        #: a colour or value STOP costs only the turn (``stop_cost=turn``): only a Shadow costs the sequence
        self.cheap_stops = getattr(rules, "stop_cost", "sequence") == "turn"
        self.threshold = threshold + 1 if self.cheap_stops else threshold
        self.rainbow_colour = getattr(rules, "rainbow_colour", "own")
        self.declare_at = threshold

    def act(self, observation: Mapping[str, Any] | None, legal: Sequence[Move], rng: random.Random) -> Move:
        obs = observation
        me = obs["current_player"]
        by_kind = group(legal)
        phase = obs["phase"]
        if phase == Phase.VALIDATE:
            return max(by_kind.get("validate", ()), key=lambda m: len(m.choice), default=legal[-1])
        if phase == Phase.ELIMINATION:
            saves = by_kind.get("activate")
            return saves[0] if saves and obs["sequences"][me] else by_kind["accept"][0]
        if phase == Phase.QUANTIQUE:
            return self._quantique(obs, me, by_kind["choose"])
        if phase == Phase.ACTION_DRAWN:
            return self._drawn(obs, me, legal, by_kind)
        attack = self._attack(obs, me, by_kind.get("activate", ()))
        if attack is not None:
            return attack
        if "declare" in by_kind and len(obs["secured"][me]) >= self.declare_at:
            return by_kind["declare"][0]
        seq = [card(c) for c in obs["sequences"][me]]
        risky = not self.cheap_stops and len(seq) >= 2 and seq[-1].family == seq[-2].family
        if "draw" in by_kind and not ((len(seq) >= self.threshold or risky) and "lock" in by_kind):
            return by_kind["draw"][int(rng.random() * len(by_kind["draw"]))]
        for kind in ("lock", "end"):
            if kind in by_kind:
                return by_kind[kind][0]
        return legal[0]

    def _reserve_card(self, obs: Mapping[str, Any], me: int, move: Move) -> str:
        return obs["pending"] if move.slot is None else obs["reserves"][me][move.slot]

    def _attack(self, obs: Mapping[str, Any], me: int, plays: Sequence[Move]) -> Move | None:
        """Éclair on the longest open opponent sequence of 3 cards or more."""
        best, length = None, 2
        for move in plays:
            if self._reserve_card(obs, me, move) == "eclair" and move.target is not None:
                size = len(obs["sequences"][move.target])
                if size > length:
                    best, length = move, size
        return best

    def _drawn(self, obs: Mapping[str, Any], me: int, legal: Sequence[Move], by_kind: dict[str, list[Move]]) -> Move:
        pending = obs["pending"]
        if "keep" in by_kind and (pending in SAVERS or pending not in ("eclair",)):
            return by_kind["keep"][0]
        attack = self._attack(obs, me, by_kind.get("activate", ()))
        if attack is not None:
            return attack
        plays = [m for m in by_kind.get("activate", ()) if self._reserve_card(obs, me, m) not in SAVERS]
        return plays[0] if plays else legal[0]

    def _quantique(self, obs: Mapping[str, Any], me: int, choices: Sequence[Move]) -> Move:
        seq = [card(c) for c in obs["sequences"][me]]
        shown = obs.get("quantique", [])
        best, value = choices[-1], -1
        for move in choices:
            if move.slot is None:
                continue
            c = card(shown[move.slot])
            stops = c.is_action or stop_reason(seq, c, self.rainbow_colour)
            worth = 20 if c.action in SAVERS else (-1 if stops else c.value)
            if worth > value:
                best, value = move, worth
        return best


BOTS = {"random": RandomBot, "strategy": StrategyBot}
