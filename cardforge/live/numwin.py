"""The live position of Num Win: the totals carried over from round to round.

``NumwinPosition`` holds each player's total and the rounds played; ``RoundCombos`` is one
round's final combos by name (``Ana=R7+G7,RB3 Ben=SH2,B9``), scored by
``cardforge.referee.numwin.round_verdict`` and added to the totals (lowest total wins, NUMWIN-1.1).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal
from cardforge.live.base import Position, check_seats, seated

__all__ = ["NumwinPosition", "RoundCombos", "POSITIONS"]


@dataclasses.dataclass(frozen=True)
class RoundCombos:
    combos: tuple[tuple[str, str], ...]


@dataclasses.dataclass(frozen=True)
class NumwinPosition(Position):
    game = "numwin"
    totals: dict[str, int] = dataclasses.field(default_factory=dict)
    rounds: int = 0

    def __hash__(self) -> int:
        return hash((self.players, self.rounds))

    def parse_move(self, tokens: Sequence[str]) -> RoundCombos:
        from cardforge.referee.numwin import parse_combo

        if self.players and not any("=" in t for t in tokens):  # one combo per seat, in seat order
            if len(tokens) != len(self.players):
                raise refusal(UsageError, "error.numwin.seat_count", n=len(tokens), players=list(self.players))
            tokens = [f"{name}={combo}" for name, combo in zip(self.players, tokens)]
        pairs = seated(tokens, "combo", "Ana=R7+G7,RB3")
        for _, text in pairs:
            parse_combo(text)  # a bad card is refused before anything changes
        return RoundCombos(tuple(pairs))

    def apply(self, move: RoundCombos) -> tuple[NumwinPosition, Any]:
        from cardforge.deck import load_deck
        from cardforge.games.house import parse_house_rules
        from cardforge.games.numwin_scoring import HouseRules
        from cardforge.referee.numwin import parse_combo, round_verdict

        names = [n for n, _ in move.combos]
        players = self.players or tuple(names)
        check_seats(names, players)
        missing = [p for p in players if p not in names]
        if missing:
            raise refusal(UsageError, "error.numwin.missing", missing=missing)
        parsed = [parse_combo(text) for _, text in move.combos]
        every = [c for loose, held in parsed for c in (*loose, *(x for pair in held for x in pair))]
        load_deck("numwin").check_copies(every, len(parsed), where=" in this round")
        verdict = round_verdict([loose for loose, _ in parsed], parse_house_rules(HouseRules, self.house),
                                names=names, locked=[held for _, held in parsed])
        scored = dict(zip(names, verdict.result["points"]))
        totals = {p: self.totals.get(p, 0) + scored[p] for p in players}
        position = self.replace(players=players, totals=totals, rounds=self.rounds + 1)
        verdict.board.append(Message("live.numwin.totals", n=position.rounds, totals=[
            Message("live.tricks.count", player=p, n=totals[p]) for p in players]))
        verdict.result["totals"] = totals
        verdict.result["position"] = position.to_json()
        return position, verdict


POSITIONS = {"numwin": NumwinPosition}
