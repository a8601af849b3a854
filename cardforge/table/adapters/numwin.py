"""``numwin`` score sheet: each player's final combo per round; one round per dealer; lowest
total wins.

Table syntax: ``NAME=CARD,CARD,…`` is the player's final combo; a pair locked during the round
(by a reflex) is written with ``+`` (``Ana=R5+G5,SH3,flash,RB2``).  Points are the engine's
``score_combo`` (pairs removed, a lone Rainbow 0, action cards +5, NUMWIN-7.*); one round per
dealer and the lowest total wins (NUMWIN-8.1, 8.3), ties win together (NUMWIN-R15).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.cards import Text
from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal
from cardforge.table.adapters.base import POINTS, Column, GameAdapter, best_sides
from cardforge.table.events import StoredEvent
from cardforge.table.sheet import Outcome, RoundResult, Tally

__all__ = ["Adapter"]


class Adapter(GameAdapter):
    game = "numwin"
    lowest_leads = True
    columns = (Column("combo", Text("Combo final", "Final combo"), 2.4), POINTS)
    round_columns = (Column("dealer", Text("Donneur", "Dealer"), 1.8),)
    pad_rules = ("NUMWIN-7.1", "NUMWIN-7.2", "NUMWIN-7.3", "NUMWIN-7.4", "NUMWIN-7.5", "NUMWIN-8.1", "NUMWIN-8.3")

    def round_limit(self) -> int:
        return len(self.match.players)

    def dealer(self, number: int) -> str:
        return self.match.players[(number - 1) % len(self.match.players)]

    def round_cells(self, number: int) -> list[str]:
        return [self.dealer(number)]

    def describe_round(self, number: int) -> Message:
        return Message("table.next.numwin", n=number, limit=self.round_limit(), dealer=self.dealer(number))

    def parse_round(self, tokens: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        combos = {}
        for player, spec in self.split(tokens):
            cards, locked = [], []
            for part in (p for p in spec.replace(" ", ",").split(",") if p):
                group = [self.deck.parse(code) for code in part.split("+")]
                if len(group) == 2:
                    locked.append([c.code for c in group])
                elif len(group) != 1:
                    raise refusal(UsageError, "error.table.locked_pair", token=f"{player}={spec!r}", part=repr(part))
                cards += group
            needed = self.engine.COMBO_SIZE + (0 if self.rules.locked_count else 2 * len(locked))
            if len(cards) < needed:
                raise refusal(UsageError, "error.table.combo_size", token=f"{player}={spec!r}", needed=needed,
                              given=len(cards))
            combos[player] = {"cards": [c.code for c in cards], "locked": locked}
        self.require_everyone(combos)
        self.check_copies(self.deck.parse(c) for combo in combos.values() for c in combo["cards"])
        return {"combos": {p: combos[p] for p in self.match.players}}

    def example_specs(self) -> list[str]:
        return ["R5+G5,SH3,flash,RB2", "B1,Y2,G3,R4,B6", "RB7,SH0,G9,Y9,B2"]

    def _combo_score(self, combo: dict[str, Any]) -> Any:
        cards = self.deck.parse_many(combo["cards"])
        locked = tuple(tuple(self.deck.parse_many(pair)) for pair in combo["locked"])
        try:
            return self.engine.score_combo(cards, locked_pairs=locked, rules=self.rules)
        except UsageError as exc:
            raise refusal(UsageError, "error.table.combo", cards=" ".join(combo["cards"]),
                          why=getattr(exc, "message", None) or str(exc)) from None

    def score(self, rounds: Sequence[StoredEvent]) -> tuple[list[RoundResult], list[Tally]]:
        results = []
        for number, stored, entries in self.numbered(rounds):
            combos = entries["combos"]
            points, cells = {}, {}
            for p in self.match.players:
                s = self._combo_score(combos[p])
                points[p] = s.points
                shown = [("+".join(pair)) for pair in combos[p]["locked"]]
                in_pairs = [c for pair in combos[p]["locked"] for c in pair]
                shown += [c for c in combos[p]["cards"] if c not in in_pairs]
                cells[p] = {"combo": " ".join(shown), "points": s.points}
            winners = best_sides(points, highest=False)
            results.append(RoundResult(number, stored.seq, points, cells, winners, stored.event.typed))
        return results, []

    def outcome(self, results: Sequence[RoundResult], totals: dict[str, int], tallies: Sequence[Tally]) -> Outcome:
        if len(results) < self.round_limit():
            return Outcome(False)
        leaders = self.leaders(totals)
        rules = ("NUMWIN-8.1", "NUMWIN-8.3") + (("NUMWIN-R15",) if len(leaders) > 1 else ())
        why = self.why(Message("table.why.everyone_dealt"), Message("table.why.lowest_total"), tie=len(leaders) > 1)
        return Outcome(True, leaders, why, rules)
