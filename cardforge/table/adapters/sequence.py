"""``sequence`` score sheet: the sequences each player secured; rounds agreed at the start.

Table syntax: ``NAME=CARD,CARD,…`` is one secured sequence in draw order; a player who secured
several gives one argument each (``Ana=R5,G7 Ana=B2,Y9``), one who secured nothing is left
out.  The engine's ``check_sequence`` refuses a sequence that hit a STOP (it scores nothing and
cannot be secured) or that still owes a draw after a Rainbow (``require_securable``, SEQUENCE-R5;
``Ana=R3,RB7,secure-empty`` when both piles were empty) and ``sequence_points`` scores it by the match's mode (face values in
Classic, number of cards in Discovery).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.i18n import Message, refusal
from cardforge.cards import Text
from cardforge.errors import UsageError
from cardforge.games.pushluck import require_securable
from cardforge.table.adapters.base import POINTS, Column, GameAdapter, best_sides
from cardforge.table.events import StoredEvent
from cardforge.table.sheet import Outcome, RoundResult, Tally

__all__ = ["Adapter", "PILES_EMPTY"]

#: The last item of a sequence secured when both piles were empty, so the draw a Rainbow
#: demands had lapsed (SEQUENCE-R5): ``Ana=R3,G5,RB7,secure-empty`` (the word ``referee
#: sequence play`` takes: ``Ana=secure-empty``).
PILES_EMPTY = "secure-empty"


class Adapter(GameAdapter):
    game = "sequence"
    columns = (Column("secured", Text("Séquences verrouillées", "Locked sequences"), 2.6), POINTS)
    pad_rules = ("SEQUENCE-5.1", "SEQUENCE-5.3", "SEQUENCE-5.5", "SEQUENCE-6.3", "SEQUENCE-6.4")
    agreed_rounds = True
    blank_rounds = 8

    def blank_round_count(self) -> int:
        return self.blank_rounds  # the table agrees the number of rounds: leave room

    def validate_setup(self) -> None:
        super().validate_setup()
        if self.match.rounds is not None and self.match.rounds < 1:
            raise refusal(UsageError, "error.table.rounds_min", rounds=self.match.rounds)

    def round_limit(self) -> int:
        """The rounds agreed (``--rounds``), else the engine's default (ruling SEQUENCE-R13)."""
        return self.match.rounds or self.engine.DEFAULT_ROUNDS

    def parse_round(self, tokens: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        secured: dict[str, list[list[str]]] = {p: [] for p in self.match.players}
        for player, spec in self.split(tokens, repeat=True):
            codes, piles_empty = _piles_empty(spec)
            cards = self.cards(codes, f"{player}={spec}")
            if not cards:
                continue
            verdict = self.engine.check_sequence(cards, self.rules)
            if verdict.stop:
                raise refusal(UsageError, "error.table.stopped", token=f"{player}={spec}",
                              reason=Message(f"seq.reason.{verdict.reason}"), card=cards[verdict.index].code)
            if not piles_empty:
                require_securable(cards, verdict, self.engine.CITES, f"{player}={spec}",
                                  f"{player}={codes},{PILES_EMPTY}")
            secured[player].append([c.code for c in cards])
        self.check_copies(self.deck.parse(code) for seqs in secured.values() for seq in seqs for code in seq)
        return {"secured": secured}

    def example_specs(self) -> list[str]:
        return ["R5,G7,B2", "Y9,RB3,G4", "-"]

    def score(self, rounds: Sequence[StoredEvent]) -> tuple[list[RoundResult], list[Tally]]:
        results, wins = [], {p: 0 for p in self.match.players}
        for number, stored, entries in self.numbered(rounds):
            secured = entries["secured"]
            points = {
                p: sum(self._points(seq) for seq in secured[p])
                for p in self.match.players
            }
            winners = best_sides(points)
            for w in winners:
                wins[w] += 1
            cells = {p: {"secured": " | ".join(" ".join(seq) for seq in secured[p]) or "—", "points": points[p]}
                     for p in points}
            results.append(RoundResult(number, stored.seq, points, cells, winners, stored.event.typed))
        return results, [Tally("wins", Text("Manches gagnées", "Rounds won"), wins)]

    def _points(self, codes: list[str]) -> int:
        """A secured sequence's points: its cards kept (a STOP card a Joker cancelled is not)."""
        kept = self.engine.check_sequence(self.deck.parse_many(codes), self.rules).kept
        return self.engine.sequence_points(kept, self.mode)

    def outcome(self, results: Sequence[RoundResult], totals: dict[str, int], tallies: Sequence[Tally]) -> Outcome:
        if len(results) < self.round_limit():
            return Outcome(False)
        leaders = best_sides(totals)
        most, rule = ("most_cards_secured", "SEQUENCE-5.2") if self.mode == "discovery" else ("most_points", "SEQUENCE-6.4")
        rules = ("SEQUENCE-6.3", rule) + (("SEQUENCE-R19",) if len(leaders) > 1 else ())
        why = self.why(Message("table.rounds_played", n=len(results)), Message(f"table.why.{most}"), tie=len(leaders) > 1)
        return Outcome(True, leaders, why, rules)



def _piles_empty(spec: str) -> tuple[str, bool]:
    """``"R3,RB7,secure-empty"`` → ``("R3,RB7", True)``: the cards, and whether the piles were empty."""
    head, sep, last = spec.strip().rpartition(",")
    if sep and last.strip().lower() == PILES_EMPTY:
        return head.strip(), True
    return spec, False
