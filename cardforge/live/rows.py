"""The live position of Num Rangées: the four rows kept between reveals.

``RowsPosition`` holds the rows, each player's captured pile and how many of the round's ten
reveals were made; ``Reveal`` is one simultaneous reveal (``Ana=R7 Ben=SH3 Chloé=RB9``).  The
tenth reveal ends the round: the piles are scored (ROWS-7), the round's winners noted and the
rows set back to their 0s (ROWS-1.3).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal
from cardforge.live.base import Position, cards_of, check_seats, codes, seated

__all__ = ["RowsPosition", "Reveal", "POSITIONS"]


def _deck():
    from cardforge.deck import load_deck

    return load_deck("rows")


@dataclasses.dataclass(frozen=True)
class Reveal:
    """One simultaneous reveal: (player, card code) in the order typed."""

    plays: tuple[tuple[str, str], ...]


def _start_rows() -> dict[str, tuple[str, ...]]:
    from cardforge.games.rows import default_rows

    return {colour: codes(cards) for colour, cards in default_rows().items()}


@dataclasses.dataclass(frozen=True)
class RowsPosition(Position):
    """The rows between two reveals (colour → codes, first card first)."""

    game = "rows"
    rows: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=_start_rows)
    captured: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    reveals: int = 0
    round: int = 1
    wins: dict[str, int] = dataclasses.field(default_factory=dict)
    explosion: bool = False

    def __hash__(self) -> int:
        return hash((self.players, self.reveals, self.round))

    def with_rows(self, rows: dict[str, Sequence[Any]]) -> RowsPosition:
        """The same position with the rows set as the table shows them (``--row``)."""
        return self.replace(rows={c: tuple(getattr(x, "code", x) for x in cards) for c, cards in rows.items()})

    def parse_move(self, tokens: Sequence[str]) -> Reveal:
        """``["Ana=R7", "Ben=SH3"]`` → ``Reveal``; the cards are checked against the deck."""
        if not tokens:
            raise refusal(UsageError, "error.rows.no_reveal")
        deck = _deck()
        pairs = seated(tokens, "reveal", "Ana=R7")
        return Reveal(tuple((name, deck.parse(code).code) for name, code in pairs))

    def apply(self, move: Reveal) -> tuple[RowsPosition, Any]:
        from cardforge.games.rows import HAND_SIZE, HouseRules, score_pile
        from cardforge.referee.rows import play_verdict, round_verdict, rows_line

        deck = _deck()
        names = [name for name, _ in move.plays]
        players = self.players or tuple(names)
        check_seats(names, players)
        missing = [p for p in players if p not in names]
        if missing:
            raise refusal(UsageError, "error.rows.missing", missing=missing, players=list(players))
        for name, code in move.plays:
            for owner, pile in self.captured.items():
                if code in pile:
                    raise refusal(UsageError, "error.rows.captured", card=repr(code), player=name, owner=owner)
        rules = HouseRules.parse(self.house)
        rows = {colour: cards_of(deck, cards) for colour, cards in self.rows.items()}
        plays = {name: deck.parse(code) for name, code in move.plays}
        verdict = play_verdict(rows, plays, rules, self.explosion)
        captured = {p: self.captured.get(p, ()) + tuple(verdict.result["captured"].get(p, ())) for p in players}
        after = {colour: tuple(cards) for colour, cards in verdict.result["rows"].items()}
        position = self.replace(players=players, rows=after, captured=captured, reveals=self.reveals + 1)
        verdict.result["reveal"] = position.reveals
        verdict.result["round_over"] = position.reveals >= HAND_SIZE
        verdict.result["round"] = None
        verdict.board.append(Message("live.rows.board", rows=rows_line(after)))
        verdict.board.append(Message("live.rows.reveal", n=position.reveals, total=HAND_SIZE, round=self.round))
        verdict.board.append(Message("live.rows.piles", piles=[
            Message("live.rows.pile", player=p, points=score_pile(cards_of(deck, captured[p]))) for p in players]))
        if position.reveals >= HAND_SIZE:
            piles = {p: cards_of(deck, captured[p]) for p in players}
            scored = round_verdict(piles, rules)
            verdict.steps.extend(scored.steps)
            winners = scored.result["winners"]
            verdict.result["round"] = {"points": scored.result["points"], "winners": winners}
            wins = {p: self.wins.get(p, 0) + (p in winners) for p in players}
            verdict.summary = Message("live.rows.round_over", summary=verdict.summary, round=scored.summary)
            position = position.replace(rows=_start_rows(), captured={}, reveals=0, round=self.round + 1, wins=wins)
        verdict.result["position"] = position.to_json()
        return position, verdict


POSITIONS = {"rows": RowsPosition}
