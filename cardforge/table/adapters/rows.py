"""``rows`` score sheet: each player's captured cards per round; first to 3 round wins.

Table syntax: ``NAME=CARD,CARD,…`` — the cards the player took this round (``Ana=R5,RB3,SH2``);
a player who took nothing may be left out or written ``Ben=-``.  Points are the engine's
``score_pile`` (classic and Rainbow cards at face value, Shadows negative, ROWS-7.1/7.2), the
round's winners its ``round_winners`` (ROWS-7.3, ties per ROWS-R6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.cards import Text
from cardforge.i18n import Message
from cardforge.table.adapters.base import POINTS, Column, GameAdapter, best_sides
from cardforge.table.events import StoredEvent
from cardforge.table.sheet import Outcome, RoundResult, Tally

__all__ = ["Adapter"]

ROUND_WINS = Text("Manches gagnées", "Rounds won")


class Adapter(GameAdapter):
    game = "rows"
    columns = (Column("captured", Text("Cartes récupérées", "Cards captured"), 2.6), POINTS)
    pad_rules = ("ROWS-7.1", "ROWS-7.2", "ROWS-7.3", "ROWS-7.4")
    blank_tallies = ((ROUND_WINS, "○   ○   ○"),)

    def parse_round(self, tokens: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        captured = {p: [] for p in self.match.players}
        for player, spec in self.split(tokens):
            captured[player] = [c.code for c in self.cards(spec, f"{player}={spec}")]
        self.check_copies(self.deck.parse(code) for cards in captured.values() for code in cards)
        return {"captured": captured}

    def example_specs(self) -> list[str]:
        return ["R5,RB3,SH2", "G12,B1", "-"]

    def score(self, rounds: Sequence[StoredEvent]) -> tuple[list[RoundResult], list[Tally]]:
        results, wins = [], {p: 0 for p in self.match.players}
        for number, stored, entries in self.numbered(rounds):
            captured = entries["captured"]
            points = {p: self.engine.score_pile(self.deck.parse_many(captured[p])) for p in self.match.players}
            winners = tuple(self.engine.round_winners(points, self.rules))
            for w in winners:
                wins[w] += 1
            cells = {p: {"captured": " ".join(captured[p]) or "—", "points": points[p]} for p in points}
            results.append(RoundResult(number, stored.seq, points, cells, winners, stored.event.typed))
        return results, [Tally("wins", ROUND_WINS, wins)]

    def outcome(self, results: Sequence[RoundResult], totals: dict[str, int], tallies: Sequence[Tally]) -> Outcome:
        """ROWS-7.4: the first to win 3 rounds; ROWS-R9: several at once play on until one
        alone has the most round wins."""
        wins = tallies[0].values
        leaders = best_sides(wins)
        target = self.engine.TARGET_WINS
        if not wins or wins[leaders[0]] < target:
            return Outcome(False)
        if len(leaders) > 1:
            return Outcome(False, reason=self.why(Message("table.why.rows_play_on", names=list(leaders), n=wins[leaders[0]])),
                           rules=("ROWS-R9",))
        rules = ("ROWS-7.4", "ROWS-R9") if any(w >= target for p, w in wins.items() if p != leaders[0]) else ("ROWS-7.4",)
        return Outcome(True, leaders, self.why(Message("table.why.rows_won", player=leaders[0], n=wins[leaders[0]])), rules)

    def describe_round(self, number: int) -> Message:
        return Message("table.next.rows", n=number, target=self.engine.TARGET_WINS)
