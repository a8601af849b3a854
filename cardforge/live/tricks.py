"""The live position of Num Plis: a round trick by trick, seats by name.

``TricksPosition`` holds the seats in playing order, who leads the trick in progress, the cards
laid so far, the cards already played this round and the tricks each player won.  ``Lay`` lays
one or more cards in play order (``Ana=RB12 Ben=SH3``); when every seat has laid, the trick is
settled (``cardforge.referee.tricks.trick_verdict``) and its winner leads the next one
(TRICKS-8.6; without a winner, TRICKS-R12).  The seats are learnt from the first complete trick
when the position does not know them yet.  With ``cards`` (cards dealt to each player), the
round ends after that many tricks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal
from cardforge.live.base import Position, check_seats, seated

__all__ = ["TricksPosition", "Lay", "POSITIONS"]


@dataclasses.dataclass(frozen=True)
class Lay:
    """Cards laid in play order: (player, card code)."""

    plays: tuple[tuple[str, str], ...]


@dataclasses.dataclass(frozen=True)
class TricksPosition(Position):
    game = "tricks"
    leader: str | None = None
    trick: tuple[tuple[str, str], ...] = ()
    played: tuple[str, ...] = ()
    won: dict[str, int] = dataclasses.field(default_factory=dict)
    tricks: int = 0
    cards: int | None = None

    def __hash__(self) -> int:
        return hash((self.players, self.trick, self.tricks))

    def parse_move(self, tokens: Sequence[str]) -> Lay:
        from cardforge.referee.tricks import parse_cards

        if not tokens:
            raise refusal(UsageError, "error.tricks.no_card")
        bare = not any("=" in t and not t.lower().startswith("numx=") for t in tokens)
        if bare and not self.players:
            parse_cards(tokens, taken=self._taken())  # a bad card is the first thing to report
            raise refusal(UsageError, "error.tricks.seats_unknown")
        if bare:
            from cardforge.cards import split_cards

            # seats known: bare cards are laid by the next seats in play order
            codes_ = split_cards(tokens)
            order = self._order(self.players, self.leader or self.players[0])[len(self.trick):]
            if len(codes_) > len(order):
                raise refusal(UsageError, "error.tricks.too_many", n=len(codes_), left=len(order))
            tokens = [f"{name}={code}" for name, code in zip(order, codes_)]
        pairs = seated(tokens, "card", "Ana=RB12")
        cards = parse_cards([c for _, c in pairs], taken=self._taken())
        return Lay(tuple((name, card.code) for (name, _), card in zip(pairs, cards)))

    def _taken(self) -> list[Any]:
        from cardforge.deck import load_deck

        deck = load_deck("tricks")
        return [deck.parse(c) for c in (*self.played, *(c for _, c in self.trick))]

    def _order(self, players: tuple[str, ...], leader: str) -> list[str]:
        start = players.index(leader)
        return [players[(start + i) % len(players)] for i in range(len(players))]

    def apply(self, move: Lay) -> tuple[TricksPosition, Any]:
        from cardforge.deck import load_deck
        from cardforge.games.house import parse_house_rules
        from cardforge.games.tricks import HouseRules
        from cardforge.referee.tricks import trick_verdict

        names = [n for n, _ in move.plays]
        players = self.players
        if not players:
            if self.trick or len(names) < 2:
                raise refusal(UsageError, "error.tricks.seats_unknown")
            players = tuple(names)
        check_seats(names, players)
        leader = self.leader or names[0] if not self.trick else self.leader
        order = self._order(players, leader)
        trick = list(self.trick)
        deck = load_deck("tricks")
        rules = parse_house_rules(HouseRules, self.house)
        for name, code in move.plays:
            if len(trick) == len(players):
                raise refusal(UsageError, "error.tricks.full", token=f"{name}={code}")
            expected = order[len(trick)]
            if name != expected:
                raise refusal(UsageError, "error.tricks.turn_lead" if not trick else "error.tricks.turn_next",
                              expected=expected, name=name)
            trick.append((name, code))
        position = self.replace(players=players, leader=leader, trick=tuple(trick))
        if len(trick) < len(players):
            from cardforge.referee.verdict import Verdict

            laid = " ".join(f"{n}={c}" for n, c in trick)
            verdict = Verdict("tricks", Message("tricks.q.trick", cards=laid, n=len(players)),
                              _result(position, None))
            for name, code in move.plays:
                verdict.say("TRICKS-8.1", "live.tricks.laid", player=name, card=code)
            waiting = [p for p in order if p not in dict(trick)]
            verdict.summary = Message("live.tricks.waiting", cards=len(trick), players=waiting)
            verdict.board.append(Message("live.tricks.next", player=waiting[0]))
            verdict.result["position"] = position.to_json()
            return position, verdict
        cards = [deck.parse(c) for _, c in trick]
        verdict = trick_verdict(cards, len(players), rules, [n for n, _ in trick])
        winner = verdict.result["winner_player"]
        won = {p: self.won.get(p, 0) + (p == winner) for p in players}
        if winner is not None:
            next_leader = winner
        elif rules.no_winner_lead == "same":
            next_leader = leader
        else:
            next_leader = order[1 % len(order)]
        position = position.replace(leader=next_leader, trick=(), played=self.played + tuple(c for _, c in trick),
                                    won=won, tricks=self.tricks + 1)
        verdict.board.append(Message("live.tricks.won", counts=[Message("live.tricks.count", player=p, n=won[p])
                                                                 for p in players]))
        if position.cards is not None and position.tricks >= position.cards:
            verdict.summary = Message("live.tricks.round_over", summary=verdict.summary, n=position.tricks)
            position = position.replace(leader=None, played=(), tricks=0, won={})
        else:
            verdict.board.append(Message("live.tricks.next", player=next_leader))
        verdict.result.update(_result(position, verdict.result))
        verdict.result["position"] = position.to_json()
        return position, verdict


def _result(position: TricksPosition, settled: dict | None) -> dict[str, Any]:
    keys = {"players": len(position.players), "seats": list(position.players), "cards": [c for _, c in position.trick],
            "winner": None, "winner_player": None, "winning_card": None, "cancelled": []}
    if settled is not None:
        keys = {k: settled.get(k, v) for k, v in keys.items()}
    keys["settled"] = settled is not None
    keys["next"] = position.leader if settled is not None else None
    keys["won"] = dict(position.won)
    keys["position"] = None
    return keys


POSITIONS = {"tricks": TricksPosition}
