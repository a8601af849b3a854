"""The live position of Num Séquence and Num Collection: each player's sequence card by card.

``SequencePosition`` holds, per player, the open sequence (cards in draw order, action cards
included, as ``check_sequence`` reads them), the sequences secured this round, and whether the
last card was a STOP still waiting for a Joker (or Infini) from the reserve.  Moves:

* ``Draw`` — ``Ana=R3`` (or ``Ana=R3,G5``): cards drawn onto Ana's sequence, checked at once
  (STOP, draws owed after a Rainbow, house rules such as ``stop_cost=turn``);
* ``Secure`` — ``Ana=secure``: Ana secures her sequence; refused while a draw is owed after a
  Rainbow (SEQUENCE-2.6 / COLLECTION-2.6) unless the piles are empty (``Ana=secure-empty``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal
from cardforge.live.base import Position, check_seats, seated

__all__ = ["SequencePosition", "CollectionPosition", "Draw", "Secure", "POSITIONS"]

SECURE_WORDS = {"secure": False, "secure-empty": True, "securise": False, "sécurise": False}


@dataclasses.dataclass(frozen=True)
class Draw:
    player: str
    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Secure:
    player: str
    piles_empty: bool = False


@dataclasses.dataclass(frozen=True)
class SequencePosition(Position):
    game = "sequence"
    mode: str = "classic"
    open: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    secured: dict[str, tuple[tuple[str, ...], ...]] = dataclasses.field(default_factory=dict)
    #: players whose last card is a STOP that a Joker from the reserve may still cancel
    pending: tuple[str, ...] = ()
    #: the seats are fixed (a table match's players): another name is refused; otherwise a
    #: player joins the position with their first move
    seated: bool = False

    @classmethod
    def start(cls, players: tuple[str, ...], house: tuple[str, ...], **options: Any) -> SequencePosition:
        return cls(players=players, house=house, seated=bool(players), **options)

    def __hash__(self) -> int:
        return hash((self.players, tuple(self.open.items())))

    def _rules(self):
        from cardforge.games.house import parse_house_rules

        module = __import__(f"cardforge.games.{self.game}", fromlist=["HouseRules"])
        return parse_house_rules(module.HouseRules, self.house)

    def _check(self, cards: Sequence[Any]):
        from cardforge.games import pushluck

        module = __import__(f"cardforge.games.{self.game}", fromlist=["CITES"])
        savers = ("joker", "infini") if self.game == "sequence" else ("joker",)
        return pushluck.check_sequence(cards, self._rules(), cites=module.CITES, savers=savers)

    def parse_move(self, tokens: Sequence[str]) -> Draw | Secure:
        from cardforge.cards import split_cards
        from cardforge.referee.pushluck import parse_table_cards

        if len(tokens) != 1:
            raise refusal(UsageError, "error.seq.one_move")
        ((name, value),) = seated(tokens, "move", "Ana=R3, Ana=secure")
        word = value.lower()
        if word in SECURE_WORDS:
            return Secure(name, SECURE_WORDS[word])
        cards = parse_table_cards(self.game, split_cards(value), self.mode)
        return Draw(name, tuple(c.code for c in cards))

    def apply(self, move: Draw | Secure) -> tuple[SequencePosition, Any]:
        from cardforge.deck import load_deck
        from cardforge.referee.pushluck import stop_verdict

        if self.seated:
            check_seats([move.player], self.players)
        players = tuple(dict.fromkeys((*self.players, move.player)))
        deck = load_deck(self.game)
        current = self.open.get(move.player, ())
        if isinstance(move, Secure):
            return self._secure(move, players, deck, current)
        cards = [deck.parse(c) for c in (*current, *move.cards)]
        check = self._check(cards)
        cites = __import__(f"cardforge.games.{self.game}", fromlist=["CITES"]).CITES
        verdict = stop_verdict(self.game, cards, check, self.mode if self.game == "sequence" else None, cites)
        open_ = dict(self.open)
        pending = [p for p in self.pending if p != move.player]
        if check.stop and check.index == len(cards) - 1:
            open_[move.player] = tuple(c.code for c in cards)
            pending.append(move.player)
        elif check.stop:
            open_[move.player] = () if check.lost else tuple(c.code for c in check.kept)
        else:
            open_[move.player] = tuple(c.code for c in cards)
        position = self.replace(players=players, open=open_, pending=tuple(pending))
        verdict.board.append(_board(position, move.player))
        verdict.result["player"] = move.player
        verdict.result["position"] = position.to_json()
        return position, verdict

    def _secure(self, move: Secure, players, deck, current) -> tuple[SequencePosition, Any]:
        from cardforge.games.pushluck import sequence_points
        from cardforge.referee.verdict import Verdict

        if not current:
            raise refusal(UsageError, "error.seq.nothing_open", player=move.player)
        if move.player in self.pending:
            raise refusal(UsageError, "error.seq.stopped", player=move.player)
        cards = [deck.parse(c) for c in current]
        check = self._check(cards)
        prefix = "SEQUENCE" if self.game == "sequence" else "COLLECTION"
        if check.extra_draws and not move.piles_empty:
            raise refusal(UsageError, "error.seq.owed", player=move.player, rule=f"{prefix}-2.6")
        kept = tuple(c.code for c in check.kept if c.is_numbered)
        secured = dict(self.secured)
        secured[move.player] = self.secured.get(move.player, ()) + (kept,)
        open_ = {p: s for p, s in self.open.items() if p != move.player}
        position = self.replace(players=players, open=open_, secured=secured)
        verdict = Verdict(self.game, Message("live.seq.q.secure", player=move.player, cards=" ".join(kept)),
                          {"player": move.player, "secured": list(kept)})
        verdict.say(f"{prefix}-2.5", "live.seq.secured", player=move.player, cards=" ".join(kept))
        if self.game == "sequence":
            points = sequence_points(check.kept, self.mode)
            verdict.result["points"] = points
            verdict.summary = Message("live.seq.secured_points", player=move.player, n=points)
        else:
            verdict.result["points"] = None
            verdict.summary = Message("live.seq.secured", player=move.player, cards=" ".join(kept))
        verdict.board.append(_board(position, move.player))
        verdict.result["position"] = position.to_json()
        return position, verdict


@dataclasses.dataclass(frozen=True)
class CollectionPosition(SequencePosition):
    game = "collection"

    def __hash__(self) -> int:
        return hash((self.players, tuple(self.open.items())))


def _board(position: SequencePosition, player: str) -> Message:
    open_ = " ".join(position.open.get(player, ())) or "—"
    done = len(position.secured.get(player, ()))
    return Message("live.seq.board", player=player, cards=open_, n=done)


POSITIONS = {"sequence": SequencePosition, "collection": CollectionPosition}
