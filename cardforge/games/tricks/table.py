"""Num Plis fed by a physical table (``new_game(…, chance="table")``): the engine stops at each
hand dealt (a chance node) and waits for ``apply_chance``.

A hand is either its cards (``(RB3, SH12)``) or ``UNKNOWN``: at a real table the referee does
not see the hands, so the engine then keeps the information state — how many cards each seat
holds (``HIDDEN`` stand-ins) and which cards the table has not seen yet — and each card laid or
passed from a hidden hand is checked against what is still unseen ("RB12 was played in
trick 2").  Everything else (bids, tricks, annulations, scores, rounds, the game's end) is the
seeded engine's own code: fed a seeded game's moves and hands, this engine reaches the same
states (``tests/test_tricks_chance.py``).

    >>> from cardforge.games.tricks import new_game
    >>> game = new_game(3, chance="table")
    >>> game.is_chance_node(), game.phase.value
    (True, 'deal')
    >>> for hand in ("RB3", "?", "SH9"):  # each seat's hand, as stored
    ...     game.apply_chance(game.parse_chance(hand))
    >>> game.observation(1)["hand"], game.phase.value
    (['?'], 'bid')
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import chain, combinations, islice
from typing import Any

from cardforge.cards import Card
from cardforge.errors import IllegalActionError
from cardforge.games.base import CHANCE, UNKNOWN
from cardforge.games.tricks.following import NUMX_CHOICES, options_of
from cardforge.games.tricks.resolution import NUMX
from cardforge.games.tricks.state import Action, GameConfig, Phase, TricksState
from cardforge.i18n import refusal

__all__ = ["HIDDEN", "TableTricksState", "HandOutcomes"]


class _Hidden:
    """A card in a hand the table did not reveal (it plays no part in any rule)."""

    __slots__ = ()
    code = "?"
    action = "hidden"
    value = family = None

    def undeclared(self) -> _Hidden:
        return self

    def __repr__(self) -> str:
        return "HIDDEN"

    def __reduce__(self) -> str:  # copied and pickled as the one stand-in
        return "HIDDEN"


#: The stand-in for each card of a hidden hand.
HIDDEN = _Hidden()


class HandOutcomes(Sequence[tuple[tuple[Card, ...], float]]):
    """Every hand of ``size`` cards from ``cards``, each as likely (``chance_outcomes``): a
    sequence that builds each hand when asked, since there may be billions of them."""

    def __init__(self, cards: Sequence[Card], size: int):
        self.cards, self.size = tuple(cards), size
        self.count = math.comb(len(self.cards), size)

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[tuple[tuple[Card, ...], float]]:
        p = 1 / self.count
        return ((hand, p) for hand in combinations(self.cards, self.size))

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return list(islice(self, *index.indices(self.count)))
        if not -self.count <= index < self.count:
            raise IndexError(index)
        return next(islice(self, index % self.count, None))


class TableTricksState(TricksState):
    """A game of Num Plis whose deals come from the table (see the module's docstring)."""

    chance_mode = "table"

    def __init__(self, config: GameConfig):
        super().__init__(config, 0)

    # -- chance --------------------------------------------------------------------------------

    def _deal_next_round(self) -> None:
        """The next round, waiting for each seat's hand (seat 1 first)."""
        size = self._new_round()
        n, deck = self._n, self.config.deck
        self.hands = [[] for _ in range(n)]
        self._undealt = self._tables.positions, n * size  # the reserve's size, for observation()
        #: the cards the table has not seen this round, by card: the deck's own objects
        self._unseen: dict[Card, list[Card]] = {}
        for card in deck:
            self._unseen.setdefault(card, []).append(card)
        self._after_deal = self.phase, self._player
        self.phase, self._player, self._dealing = Phase.DEAL, CHANCE, 0

    @property
    def dealing_seat(self) -> int | None:
        """The seat whose hand is being dealt (``None`` once the round is dealt)."""
        return self._dealing if self.phase is Phase.DEAL else None

    def chance_outcomes(self) -> HandOutcomes | list:
        """The hands the seat being dealt may receive, uniform over the cards not seen yet."""
        if self.phase is not Phase.DEAL:
            return []
        return HandOutcomes(sorted(self._unseen, key=self._tables.order.__getitem__), self.cards_per_player)

    def apply_chance(self, outcome: Any) -> None:
        """The hand of the seat being dealt: its cards, or ``UNKNOWN`` for a hidden hand."""
        if self.phase is not Phase.DEAL:
            raise refusal(IllegalActionError, "error.tricks.no_deal", player=self._to_act())
        seat, size = self._dealing, self.cards_per_player
        if outcome is UNKNOWN:
            hand: list[Any] = [HIDDEN] * size
        else:
            cards = [c.undeclared() for c in outcome]
            if len(cards) != size:
                raise refusal(IllegalActionError, "error.tricks.deal_size", player=self.seat_name(seat),
                              n=size, given=len(cards))
            for i, card in enumerate(cards):
                if card in cards[:i]:
                    raise refusal(IllegalActionError, "error.tricks.twice", card=repr(card.code))
                self._check_unseen(card)
            hand = self._sorted([self._unseen_object(card) for card in cards])
        self.hands[seat] = hand
        if self.chance_log is not None:
            self.chance_log.append(outcome if outcome is UNKNOWN else tuple(hand))
        self._dealing = seat + 1
        if self._dealing == self._n:
            self.phase, self._player = self._after_deal

    def _check_unseen(self, card: Card) -> None:
        """``IllegalActionError`` saying where ``card`` is, unless the table has not seen it."""
        if not self._unseen.get(card):
            where = self.where(card)
            if where is None:
                raise refusal(IllegalActionError, "error.tricks.not_in_deck", card=repr(card.code))
            raise refusal(IllegalActionError, where.key, **where.params)

    def _unseen_object(self, card: Card) -> Card:
        """The deck's own object for ``card``, now seen."""
        objects = self._unseen[card]
        found = objects.pop()
        if not objects:
            del self._unseen[card]
        return found

    def _to_act(self) -> Any:
        player = self._player
        return self.seat_name(player) if player >= 0 else ""

    # -- moves from hidden hands -----------------------------------------------------------------

    def _hidden_hand(self) -> bool:
        """A card to play or pass from a hand holding hidden cards."""
        return (self.phase is Phase.PLAY or self.phase is Phase.PASS) and HIDDEN in self.hands[self._player]

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.DEAL:
            return []
        if not self._hidden_hand():
            return super().legal_actions()
        # a hidden hand: any card the table has not seen may be in it (no follow rule checkable)
        known = [c for c in self.hands[self._player] if c is not HIDDEN]
        cards = self._sorted(known + [objects[0] for objects in self._unseen.values()])
        return options_of(cards) if phase is Phase.PLAY else cards

    def legal_count(self) -> int:
        return len(self.legal_actions()) if self.phase is Phase.DEAL or self._hidden_hand() else super().legal_count()

    def apply_index(self, index: int) -> None:
        if self._legal is None and (self.phase is Phase.DEAL or self._hidden_hand()):  # not from apply_legal
            self.apply_action(self.legal_actions()[index])
        else:
            super().apply_index(index)

    def apply_action(self, action: Action) -> None:
        """A bid, or a card named by the table: from a hidden hand, any card not seen yet;
        otherwise as the seeded engine checks it.  A card already seen is refused with where
        it is."""
        phase = self.phase
        if phase is Phase.DEAL:
            raise refusal(IllegalActionError, "error.tricks.deal_awaited", player=self.seat_name(self._dealing))
        if not isinstance(action, Card) or phase is Phase.OVER or phase is Phase.BID:
            super().apply_action(action)
            return
        if phase is Phase.PLAY and action.action == NUMX and action.value is None:
            raise refusal(IllegalActionError, "error.tricks.numx_undeclared")
        if action.action == NUMX and action.value is not None and action not in NUMX_CHOICES:
            raise refusal(IllegalActionError, "error.tricks.numx_value", card=action.code)
        physical = action.undeclared()
        hand = self.hands[self._player]
        if physical not in hand:
            self._check_unseen(physical)
            if HIDDEN not in hand:
                raise refusal(IllegalActionError, "error.tricks.not_in_hand", card=physical.code,
                              player=self.seat_name(self._player))
            card = hand[hand.index(HIDDEN)] = self._unseen_object(physical)
            if phase is Phase.PASS:
                self._pass(card)
            else:  # the engine's own play, from the hand's object (Num-X: its declaration's)
                self.apply_legal(card if card.action != NUMX else NUMX_CHOICES[NUMX_CHOICES.index(action)])
            return
        super().apply_action(action)

    def _sorted(self, cards: list[Card]) -> list[Card]:
        order, last = self._tables.order, len(self._tables.order)
        return sorted(cards, key=lambda c: order.get(c, last))  # a hidden card after the known ones

    # -- what the table holds --------------------------------------------------------------------

    @property
    def reserve(self) -> list[Card]:
        """The cards not seen this round (the reserve, once every hand is known)."""
        return [c for objects in self._unseen.values() for c in objects]

    def card_count(self) -> Counter[Card]:
        """Every card the table has seen, where it is, and the unseen ones (hidden hands and
        the reserve) as one pool."""
        seen = chain(*self.hands, *self.passing, *self.taken, self.set_aside)
        counts = Counter(c for c in seen if c is not HIDDEN)
        counts.update(card.undeclared() for card in self.trick)
        counts.update(self.reserve)
        return counts
