"""Num Win (rule sheet 004): a seeded game engine with hidden information.

Each player builds a combo (2 face-down cards at the start, NUMWIN-1.3) and tries to finish
with the fewest points.  A turn is ``draw`` (deck) or ``take`` (discard top), then ``discard`` /
``swap i`` / ``add`` / an action card's effect (NUMWIN-2.*, 3.*, R4).  Every numbered card that
reaches the discard pile opens a *reflex window* (NUMWIN-4.1, R5): the players, in a fixed
order, each ``pass`` or ``claim`` (``claim i`` with their own card, ``claim p2:1`` with an
opponent's under the memory extension, NUMWIN-5.*).  After your turn you may call ``numwin``
with 5 cards (NUMWIN-6.1); the others play one last turn, short combos are completed from the
deck, and every combo is scored with ``score_combo`` (NUMWIN-7.*).  One round per dealer.

Chance is every card taken from the deck (the deal, a draw, a penalty card, the cards that
complete a short combo): a ``chance="table"`` engine stops there (``current_player() ==
CHANCE``) and waits for the table to name the card (``apply_chance``), checked against the
cards not yet out (a copy already placed is refused with where each copy is).  A rebuilt deck
(R14) is the discard pile's cards, in no order.  A seeded engine draws from its own shuffle,
exactly as before.

Knowledge is modelled as perfect memory: each card in a combo records who has seen it
(``Slot.known_by``), and ``observation(p)`` shows a card's code only if it is face up or ``p``
has seen it::

    >>> game = new_game(3, seed=7)
    >>> game.observation(1)["combos"][2]
    [{'card': None, 'face_up': False, 'locked': None}, {'card': None, 'face_up': False, 'locked': None}]
"""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, NamedTuple

from cardforge.cards import Card
from cardforge.errors import IllegalActionError, UsageError
from cardforge.games.base import CHANCE, TERMINAL, UNKNOWN, GameState, check_chance_mode
from cardforge.games.chance import shuffle
from cardforge.games.house import parse_house_rules
from cardforge.games.numwin_scoring import (
    ComboScore,
    HouseRules,
    ReflexResult,
    check_reflex,
    score_combo,
    unlocked_points,
)

__all__ = [
    "Phase",
    "Move",
    "Slot",
    "NumWinState",
    "new_game",
    "HouseRules",
    "ComboScore",
    "ReflexResult",
    "score_combo",
    "check_reflex",
    "COMBO_SIZE",
    "NumwinTally",
    "lowest",
    "default_rounds",
]

#: NUMWIN-1.2: "Construire un combo de 5 cartes."
COMBO_SIZE = 5
#: NUMWIN-1.3: "Chaque joueur reçoit 2 cartes face cachée au départ."
START_CARDS = 2


class Phase(str, Enum):
    """What the game waits for."""

    DRAW = "draw"  # turn player: draw from the deck or take the discard top
    PLACE = "place"  # turn player: place the drawn / taken card
    REFLEX = "reflex"  # players in the window: pass or claim the discard top
    ANNOUNCE = "announce"  # a player with 5 cards: call NUM WIN or not
    CHANCE = "chance"  # a table engine: waiting for the card taken from the deck
    OVER = "over"


_DRAWING, _PLACE, _REFLEX, _ANNOUNCE, _OVER = Phase.DRAW, Phase.PLACE, Phase.REFLEX, Phase.ANNOUNCE, Phase.OVER
_WAIT = Phase.CHANCE


class Move(NamedTuple):
    """One action.  ``kind`` is one of draw take discard swap add swipe flip quantum flash pass
    claim numwin continue; ``slot`` is the acting player's combo position, ``target`` and
    ``target_slot`` an opponent's (or, for Quantum, any player's) card.  (A named tuple: moves
    compare and hash at C speed, which the checked ``apply_action`` relies on.)"""

    kind: str
    slot: int | None = None
    target: int | None = None
    target_slot: int | None = None

    def __str__(self) -> str:
        parts = [self.kind]
        if self.slot is not None:
            parts.append(str(self.slot))
        if self.target is not None:
            parts.append(f"p{self.target}:{self.target_slot}")
        return " ".join(parts)


_DRAW, _TAKE, _ADD, _DISCARD = Move("draw"), Move("take"), Move("add"), Move("discard")
_PASS, _NUMWIN, _CONTINUE = Move("pass"), Move("numwin"), Move("continue")

#: the moves naming one of your own positions, built once: ``_SWAP[i]``, ``_CLAIM[i]``, and
#: ``_CLAIMS[n]`` = pass + a claim with each of ``n`` cards (grown to the deck's size by new_game)
_SWAP: list[Move] = []
_CLAIM: list[Move] = []
_CLAIMS: list[list[Move]] = [[_PASS]]


def _grow_moves(size: int) -> None:
    while len(_SWAP) < size:
        i = len(_SWAP)
        _SWAP.append(Move("swap", i))
        _CLAIM.append(Move("claim", i))
        _CLAIMS.append([_PASS, *_CLAIM])


_grow_moves(16)


@functools.lru_cache(maxsize=4096)
def _at(kind: str, slot: int | None, target: int, target_slot: int) -> Move:
    """A move on a player's card (memory claim, Swipe, Quantum, Flash), built once."""
    return Move(kind, slot, target, target_slot)


#: frozensets of seats, built once: ``_SEAT[p]`` = {p}, ``_SEATS[n]`` = every seat of n players
_SEAT = tuple(frozenset({p}) for p in range(16))
_SEATS = tuple(frozenset(range(n)) for n in range(17))

@functools.lru_cache(maxsize=64)
def _seating(n: int, reflex_priority: str) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For ``n`` seats: the order from each seat, the reflex queue after each discarder
    (NUMWIN-R5) and each seat's opponents from its left."""
    orders = tuple(tuple((first + i) % n for i in range(n)) for first in range(n))
    if reflex_priority == "discarder_first":
        queues = tuple((by, *orders[(by + 1) % n][:-1]) for by in range(n))
    else:
        queues = tuple(orders[(by + 1) % n] for by in range(n))
    return orders, queues, tuple(orders[(p + 1) % n][:-1] for p in range(n))


#: event names the engine counts as it plays (``NumWinState.events``), indexed by
#: ``2 * from_opponent + valid`` for claims
_CLAIM_EVENTS = ("claim_wrong", "claim_ok", "claim_wrong_memory", "claim_ok_memory")


@dataclass(slots=True)
class Slot:
    """A card in a combo: face up or down, its lock (``"pair"`` or ``"quantum"``) and who has
    seen it (perfect memory, the basis of the memory extension)."""

    card: Card
    face_up: bool = False
    lock: str | None = None
    known_by: frozenset[int] = frozenset()

    def seen_by(self, player: int) -> bool:
        return self.face_up or player in self.known_by


@dataclass(slots=True)
class _Window:
    """An open reflex window on the discard top (NUMWIN-4.1, NUMWIN-R5)."""

    discarder: int
    queue: list[int]


@dataclass(slots=True)
class NumWinState(GameState[Move]):
    """One position of a Num Win game (see the module docstring).

    Kept as the engine plays, for speed and for the playtest lab: ``locked_pairs[p]`` names
    exactly the ``"pair"`` slots of ``combos[p]`` (two slots a pair, an invariant the random
    playthrough tests check at every step), ``turns_played`` counts turns (a draw or a take
    starts each) and ``events`` counts per seat the claims by outcome, the action cards played
    and the NUM WIN calls.  What the locks of each combo allow (``_shape``) is remembered until
    the engine changes that combo: a position rigged by hand is seen if each combo it changes is
    a new list or of a new length.  The house rules are fixed for a game."""

    players: int
    rules: HouseRules
    memory: bool
    rounds: int
    rng: random.Random
    full_deck: Counter = field(default_factory=Counter)
    round: int = 0
    deck: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    combos: list[list[Slot]] = field(default_factory=list)
    locked_pairs: list[list[tuple[Card, Card]]] = field(default_factory=list)
    phase: Phase = Phase.DRAW
    turn: int = 0
    held: Card | None = None
    held_from: str | None = None
    window: _Window | None = None
    announcer: int | None = None
    announcing: list[int] = field(default_factory=list)
    last_turns: list[int] | None = None
    totals: list[int] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    turns_played: int = 0
    #: the deck has been rebuilt from the discard pile this round (once only in play, R14)
    rebuilt: bool = False
    events: dict[str, list[int]] = field(default_factory=dict)
    #: the deck's cards in their unshuffled order (``full_deck.elements()``), built once
    cards: tuple[Card, ...] = ()
    chance_mode: str = "seeded"
    chance_log: list[Card] | None = None
    #: a table engine at a chance node: what the card is for (``"deal"``, ``"draw"``,
    #: ``"penalty"``, ``"complete"``) and what resuming needs
    pending: tuple[str, Any] | None = None
    # per game tables (``_tables``): slots, so that every attribute is read at one speed
    _everyone: frozenset[int] = field(init=False, repr=False, compare=False)
    _orders: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _queues: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _opponents_of: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _claim_tally: tuple[list[int], ...] = field(init=False, repr=False, compare=False)
    _window: _Window = field(init=False, repr=False, compare=False)
    _shapes: list[tuple | None] = field(init=False, repr=False, compare=False)
    _locked_count: bool = field(init=False, repr=False, compare=False)
    _placing: tuple | None = field(init=False, repr=False, compare=False)
    #: a table engine (chance comes from ``apply_chance``); ``_slow``: that, or recording chance
    _table: bool = field(init=False, repr=False, compare=False)
    _slow: bool = field(init=False, repr=False, compare=False)

    game = "numwin"

    def __post_init__(self) -> None:
        n = self.players
        if not self.cards:
            self.cards = tuple(self.full_deck.elements())
        _grow_moves(len(self.cards) + 1)
        for name in (*_CLAIM_EVENTS, "numwin_call"):
            self.events.setdefault(name, [0] * n)
        self._tables()

    def _tables(self) -> None:
        """What each seat's order, reflex queue and view need, computed once per game."""
        n = self.players
        self._everyone = _SEATS[n]
        self._orders, self._queues, self._opponents_of = _seating(n, self.rules.reflex_priority)
        self._claim_tally = tuple(self.events[name] for name in _CLAIM_EVENTS)
        self._window = _Window(0, [])
        self._shapes = [None] * n
        self._locked_count = self.rules.locked_count
        self._placing = None
        self._table = self.chance_mode == "table"
        self._slow = self._table or self.chance_log is not None

    # -- the GameState interface ------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def dealer(self) -> int:
        """NUMWIN-8.1 / R16: each player deals once, in turn."""
        return self.round % self.players

    def current_player(self) -> int:
        phase = self.phase
        if phase is _REFLEX:  # the phases by frequency: reflex, draw and place, announce
            return self.window.queue[0]
        if phase is _ANNOUNCE:
            return self.announcing[0]
        if phase is _OVER:
            return TERMINAL
        if phase is _WAIT:
            return CHANCE
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def returns(self) -> list[int]:
        """Each player's total over the rounds played (NUMWIN-8.2); lowest wins (NUMWIN-8.3)."""
        return list(self.totals)

    def winners(self) -> list[int]:
        """The players with the lowest total; ties win together (NUMWIN-R15)."""
        return lowest(self.totals)

    def card_count(self) -> Counter[Card]:
        count = Counter(self.deck) + Counter(self.discard)
        count.update(s.card for combo in self.combos for s in combo)
        if self.held is not None:
            count[self.held] += 1
        return count

    def legal_actions(self) -> list[Move]:
        phase = self.phase
        if phase is _REFLEX:  # pass, or claim with any card not in a locked pair (NUMWIN-4.1)
            player = self.window.queue[0]
            if self.memory:
                return self._claim_moves(player)
            if self.locked_pairs[player]:
                return self._shape(player)[1].copy()
            return _CLAIMS[len(self.combos[player])].copy()
        if phase is _DRAWING:  # NUMWIN-2.1, R14
            take = self._can_take()
            if self._can_draw():
                return [_DRAW, _TAKE] if take else [_DRAW]
            return [_TAKE] if take else []
        if phase is _PLACE:
            swaps = self._shape(self.turn)[0]
            if self.held_from == "discard":  # swap or add (NUMWIN-2.3)
                return [*swaps, _ADD] if self._combo_size(self.turn) < COMBO_SIZE else swaps.copy()
            if self.held.action is None:  # discard or swap (NUMWIN-2.2)
                return [_DISCARD, *swaps]
            return self._action_place(swaps).copy()
        if phase is _ANNOUNCE:
            return [_NUMWIN, _CONTINUE]
        return []

    def legal_count(self) -> int:
        """``len(legal_actions())``, counted without the list (the simulator's random seats)."""
        phase = self.phase
        if phase is _REFLEX:  # pass, and a claim with each card not in a locked pair
            p = self.window.queue[0]
            count = len(self.combos[p]) + 1 - 2 * len(self.locked_pairs[p])
            if self.memory:
                for q in self._opponents_of[p]:
                    count += len(self._shape(q)[2])
            return count
        if phase is _DRAWING:
            return (True if self.deck else self._can_draw()) + self._can_take()
        if phase is _PLACE:
            swaps = self._shape(self.turn)[0]
            if self.held_from == "discard":
                return len(swaps) + (self._combo_size(self.turn) < COMBO_SIZE)
            if self.held.action is None:
                return len(swaps) + 1
            return len(self._action_place(swaps))
        return 2 if phase is _ANNOUNCE else 0

    def apply_index(self, index: int) -> None:
        """``apply_legal(legal_actions()[index])``: the move found by its place in that list and
        played by its method, without the list."""
        phase = self.phase
        if phase is _REFLEX:
            if not index:
                self._do_pass(_PASS)
                return
            p = self.window.queue[0]
            own = self._shape(p)[1] if self.locked_pairs[p] else _CLAIMS[len(self.combos[p])]
            self._do_claim(own[index] if index < len(own) else self._memory_claim(p, index - len(own)))
        elif phase is _DRAWING:
            if index or not (self.deck or self._can_draw()):
                self._do_take(_TAKE)
            else:
                self._do_draw(_DRAW)
        elif phase is _PLACE:
            swaps = self._shape(self.turn)[0]
            if self.held_from == "discard":
                if index < len(swaps):
                    self._do_swap(swaps[index])
                else:
                    self._do_add(_ADD)
            elif self.held.action is None:
                if index:
                    self._do_swap(swaps[index - 1])
                else:
                    self._do_discard(_DISCARD)
            else:
                self.apply_legal(self._action_place(swaps)[index])
        elif index:
            self._do_continue(_CONTINUE)
        else:
            self._do_numwin(_NUMWIN)

    def apply_action(self, action: Move) -> None:
        legal = self.legal_actions()
        if action not in legal:
            shown = ", ".join(map(str, legal)) or "none (the game is over)"
            raise IllegalActionError(
                f"illegal move {str(action)!r} for player {self.current_player()} in phase {self.phase.value}; legal: {shown}"
            )
        self.apply_legal(action)

    def apply_legal(self, action: Move) -> None:
        _DO[action.kind](self, action)

    def clone(self) -> NumWinState:
        """A fast independent copy (cards are immutable; only the containers are copied)."""
        other = copy.copy(self)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.deck, other.discard, other.history = list(self.deck), list(self.discard), list(self.history)
        other.combos = [[replace(s) for s in combo] for combo in self.combos]
        other.locked_pairs = [list(pairs) for pairs in self.locked_pairs]
        other.totals, other.announcing = list(self.totals), list(self.announcing)
        other.last_turns = None if self.last_turns is None else list(self.last_turns)
        other.window = None if self.window is None else _Window(self.window.discarder, list(self.window.queue))
        other.events = {name: list(seats) for name, seats in self.events.items()}
        if self.chance_log is not None:
            other.chance_log = list(self.chance_log)
        other._tables()
        return other

    def action_to_string(self, action: Move) -> str:
        return str(action)

    def round_index(self) -> int:
        return self.round

    def leaders(self) -> list[int]:
        return lowest(self.totals)  # the lowest total leads (NUMWIN-8.3)

    def standing(self) -> list[float]:
        return [-float(t) for t in self.totals]

    def resample_from_infostate(self, player: int, rng: Any) -> NumWinState:
        """A copy where the deck, the held card ``player`` cannot see and every unlocked combo
        card ``player`` has not seen (their own face-down cards too) are dealt again from ``rng``
        (``GameState.resample_from_infostate``)."""
        from cardforge.games.chance import card_code, redeal, reseeded

        other = self.clone()
        slots = [s for combo in other.combos for s in combo if s.lock is None and not s.seen_by(player)]
        cards = [s.card for s in slots]
        held = other.held is not None and not (player == other.turn or other.held_from == "discard")
        hand = [other.held] if held else []
        redeal(rng, [cards, hand, other.deck], card_code)
        for s, card in zip(slots, cards):
            s.card = card
        if held:
            other.held = hand[0]
        other._shapes = [None] * other.players
        other._placing = None
        other.rng = reseeded(rng)
        return other


    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: face-up cards, cards they have seen, public piles and scores;
        never an unseen card or the deck order."""
        held = self.held
        holder_sees = held is not None and (player == self.turn or self.held_from == "discard")
        window, last = self.window, self.last_turns
        return {
            "player": player,
            "round": self.round,
            "dealer": self.round % self.players,
            "turn": self.turn,
            "phase": self.phase._value_,
            "current_player": self.current_player(),
            "deck_size": len(self.deck),
            "discard": _codes(self.discard),
            "combos": self._combo_views(player),
            "held": held.code if holder_sees else None,
            "held_from": self.held_from,
            "reflex_queue": list(window.queue) if window else [],
            "announcer": self.announcer,
            "last_turns": list(last) if last is not None else None,
            "totals": list(self.totals),
            "history": [dict(h) for h in self.history],
        }

    def _combo_views(self, player: int) -> list[list[dict[str, Any]]]:
        """Each combo's cards as ``player`` sees them (plain loops: the strategy bots' hot path,
        where nested comprehensions cost a function object per combo)."""
        code, seen_by = _CODES.get, Slot.seen_by  # (the deck's cards' codes by id)
        views = []
        for combo in self.combos:
            view = []
            for s in combo:
                view.append({"card": (code(id(s.card)) or s.card.code) if seen_by(s, player) else None,
                             "face_up": s.face_up, "locked": s.lock})
            views.append(view)
        return views

    def __str__(self) -> str:
        rows = [f"round {min(self.round + 1, self.rounds)}/{self.rounds} dealer p{self.dealer} phase {self.phase.value} turn p{self.turn}"]
        for p, combo in enumerate(self.combos):
            cards = " ".join(s.card.code + ("*" if s.lock else "") for s in combo)
            rows.append(f"  p{p}: {cards}  total {self.totals[p]}")
        rows.append(f"  deck {len(self.deck)}  discard {' '.join(c.code for c in self.discard[-3:])}")
        return "\n".join(rows)

    # -- dealing, drawing ---------------------------------------------------------------------

    def _deal(self) -> None:
        """Shuffle everything and deal 2 face-down cards each from the dealer's left (R16, R3);
        a table engine waits for each card dealt."""
        deck = list(self.cards)
        n = self.players
        self.combos = combos = [[] for _ in range(n)]
        self.locked_pairs = [[] for _ in range(n)]
        self._shapes = [None] * n
        order = self._orders[(self.dealer + 1) % n]
        if self._table:
            self.deck, self.discard = deck, []
            self._await("deal", order * START_CARDS)
            return
        shuffle(self.rng, deck)
        self.deck, self.discard = deck, []
        for _ in range(START_CARDS):
            for p in order:
                combos[p].append(Slot(deck.pop()))
        if self.chance_log is not None:
            self.chance_log.extend(combos[p][k].card for k in range(START_CARDS) for p in order)
        self._dealt()

    def _dealt(self) -> None:
        """The deal done: the peeks of R3, then the first turn from the dealer's left."""
        n, combos = self.players, self.combos
        if self.rules.start_peek:
            for p, combo in enumerate(combos):
                for slot in combo[: self.rules.start_peek]:
                    slot.known_by = _SEAT[p]
        self.held = self.held_from = self.window = self.announcer = self.last_turns = None
        self.announcing, self.rebuilt = [], False
        self.turn = (self.dealer + 1) % n
        self.phase = _DRAWING

    def _order_from(self, first: int) -> tuple[int, ...]:
        return self._orders[first % self.players]

    def _can_draw(self) -> bool:
        """The deck has a card, or can be rebuilt from the discard pile (once a round, R14)."""
        return bool(self.deck) or (len(self.discard) > 1 and not self.rebuilt)

    def _can_take(self) -> bool:
        """The discard top may be taken only if it can then be placed (swap or add, NUMWIN-2.3;
        the 3rd to 5th card counted as for NUM WIN, R7)."""
        if not self.discard:
            return False
        turn = self.turn
        size = len(self.combos[turn]) if self._locked_count else self._unpaired(turn)
        return size < COMBO_SIZE or bool(self._shape(turn)[0])

    def _refill(self, completing: bool = False) -> bool:
        """Whether a card can be taken from the deck: an empty deck is rebuilt from the discard
        pile but its top, once a round in play, as often as needed to complete the combos (R14)."""
        if not self.deck and len(self.discard) > 1 and (completing or not self.rebuilt):
            self.deck = self.discard[:-1]
            self.discard = self.discard[-1:]
            if not self._table:  # a table's rebuilt deck is its cards, in no order
                shuffle(self.rng, self.deck)
            self.rebuilt = True
        return bool(self.deck)

    def _draw(self, completing: bool = False) -> Card | None:
        """The deck's top card (seeded), recorded when chance is; ``None`` when there is none."""
        if not self._refill(completing):
            return None
        card = self.deck.pop()
        if self.chance_log is not None:
            self.chance_log.append(card)
        return card

    def _round_over(self) -> bool:
        """R14: the rebuilt deck is empty too, or nothing can be drawn nor taken."""
        return not self.deck and (self.rebuilt or not (len(self.discard) > 1 or self._can_take()))

    # -- chance: a table engine waits for each card taken from the deck ------------------------

    def _await(self, kind: str, data: Any) -> None:
        """Stop at a chance node: the next card from the deck is the table's to name."""
        self.pending, self.phase = (kind, data), _WAIT

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """At a chance node, each card still in the deck with its chance of being the one taken."""
        if self.phase is not _WAIT:
            return []
        counts = Counter(self.deck)
        return [(card, n / len(self.deck)) for card, n in counts.items()]

    def apply_chance(self, outcome: Any) -> None:
        """The card the table takes from the deck: the next dealt, drawn, penalty or completing card."""
        from cardforge.i18n import refusal

        if self.phase is not _WAIT:
            raise refusal(IllegalActionError, "error.numwin.engine.no_chance")
        if outcome is UNKNOWN or not isinstance(outcome, Card):
            raise refusal(IllegalActionError, "error.numwin.engine.unknown")
        card = self._take_from_deck(outcome)
        kind, data = self.pending
        self.pending = None
        if kind == "draw":
            self.held, self.held_from, self.phase = card, "deck", _PLACE
        elif kind == "deal":
            self.combos[data[0]].append(Slot(card))
            if len(data) > 1:
                self._await("deal", data[1:])
            else:
                self._dealt()
        elif kind == "penalty":
            claimer, move = data
            self.combos[claimer].append(Slot(card))
            self._shapes[claimer] = None
            self.phase = _REFLEX
            self._do_pass(move)
        else:  # "complete": the round's end goes on
            self.combos[data].append(Slot(card))
            self._shapes[data] = None
            self._end_round()

    def _take_from_deck(self, card: Card) -> Card:
        """The deck's own copy of ``card``, taken out; refused with where every copy is."""
        deck = self.deck
        for i, mine in enumerate(deck):
            if mine == card:
                return deck.pop(i)
        from cardforge.i18n import Message, refusal

        places = [Message("numwin.engine.place.combo", owner=self.seat_name(p))
                  for p, combo in enumerate(self.combos) for s in combo if s.card == card]
        places += [Message("numwin.engine.place.discard")] * self.discard.count(card)
        if self.held == card:
            places.append(Message("numwin.engine.place.held", owner=self.seat_name(self.turn)))
        raise refusal(IllegalActionError, "error.numwin.engine.none_left", card=card.code, places=places)

    # -- what may be done ---------------------------------------------------------------------

    def _shape(self, player: int) -> tuple[list[Move], list[Move], list[int], list[Slot], int]:
        """What the locks of ``player``'s combo allow: ``(swaps, claims, movable, …)`` — swaps
        and Swipe/Flash/Quantum targets are the unlocked cards (NUMWIN-4.3, R10), claims (pass
        first) any card not in a locked pair.  Remembered until the engine changes the combo
        (``_shapes[p] = None``); the lists are shared: copy one before changing it."""
        combo = self.combos[player]
        shape = self._shapes[player]
        if shape is not None and shape[3] is combo and shape[4] == len(combo):
            return shape
        swaps, claims, movable = [], [_PASS], []
        i = 0
        for slot in combo:
            lock = slot.lock
            if lock is None:
                swaps.append(_SWAP[i])
                movable.append(i)
                claims.append(_CLAIM[i])
            elif lock != "pair":
                claims.append(_CLAIM[i])
            i += 1
        shape = self._shapes[player] = (swaps, claims, movable, combo, i)
        return shape

    def _movable(self, player: int) -> list[int]:
        """Positions of ``player``'s cards that swaps and action cards may touch (4.3, R10)."""
        return self._shape(player)[2]

    def _action_place(self, swaps: list[Move]) -> list[Move]:
        """An action card drawn from the deck: discard it, swap it in, or play it (NUMWIN-R4).
        Kept for the turn (``legal_count`` then ``apply_index`` ask twice): copy before changing."""
        placing = self._placing
        if placing is not None and placing[0] == self.turns_played and placing[1] is self.held:
            return placing[2]
        plays = self._action_moves(self.turn)
        moves = plays if plays and self.rules.drawn_action == "must_play" else [_DISCARD, *swaps, *plays]
        self._placing = (self.turns_played, self.held, moves)
        return moves

    def _action_moves(self, me: int) -> list[Move]:
        kind = self.held.action
        theirs = [(q, j) for q in self._opponents_of[me] for j in self._movable(q)]
        if kind == "swipe":
            return [_at("swipe", i, q, j) for i in self._movable(me) for q, j in theirs]
        if kind == "flip":
            return [Move("flip", i) for i, s in enumerate(self.combos[me]) if not s.face_up]
        if kind == "quantum":
            return [_at("quantum", None, q, j) for q in self._orders[me] for j in self._movable(q)]
        if kind == "flash":
            return [_at("flash", None, q, j) for q, j in theirs]
        return []

    def _unpaired(self, player: int) -> int:
        """How many of ``player``'s cards are not in a locked pair (``locked_pairs`` names them)."""
        return len(self.combos[player]) - 2 * len(self.locked_pairs[player])

    def _can_claim(self, player: int) -> bool:
        if self._unpaired(player):
            return True
        return self.memory and any(self._shape(q)[2] for q in self._opponents_of[player])

    def _memory_claim(self, player: int, k: int) -> Move:
        """The ``k``-th memory claim of ``_claim_moves(player)`` (after the own ones), found
        without the list: opponents from the player's left, their movable cards in order."""
        for q in self._opponents_of[player]:
            movable = self._shape(q)[2]
            if k < len(movable):
                return _at("claim", None, q, movable[k])
            k -= len(movable)
        raise IndexError(k)

    def _claim_moves(self, player: int) -> list[Move]:
        if self.locked_pairs[player]:
            moves = self._shape(player)[1].copy()
        else:
            moves = _CLAIMS[len(self.combos[player])].copy()
        if self.memory:
            moves += [_at("claim", None, q, j) for q in self._opponents_of[player] for j in self._movable(q)]
        return moves

    # -- a turn -------------------------------------------------------------------------------

    def _do_draw(self, move: Move) -> None:
        self.turns_played += 1
        if self._slow:
            if self._table:
                self._refill()
                self._await("draw", None)
                return
            self.held = self._draw()
            self.held_from, self.phase = "deck", _PLACE
            return
        deck = self.deck
        self.held = deck.pop() if deck else self._draw()
        self.held_from, self.phase = "deck", _PLACE

    def _do_take(self, move: Move) -> None:
        self.turns_played += 1
        self.held, self.held_from, self.phase = self.discard.pop(), "discard", _PLACE

    def _take_held(self) -> Card:
        card, self.held, self.held_from = self.held, None, None
        return card

    def _do_discard(self, move: Move) -> None:
        card, self.held, self.held_from = self.held, None, None
        self._discard(card, self.turn)

    def _do_swap(self, move: Move) -> None:
        """The held card takes the slot's place (the slot object is reused: it is unlocked and
        face down, as a new one would be), and the card it replaces is discarded."""
        me = self.turn
        slot = self.combos[me][move.slot]
        old = slot.card
        slot.card, slot.face_up = self.held, False
        slot.known_by = _SEAT[me] if self.held_from == "deck" else self._everyone
        self.held = self.held_from = None
        self._discard(old, me)

    def _do_add(self, move: Move) -> None:
        self.combos[self.turn].append(Slot(self.held, False, None, self._everyone))
        self._shapes[self.turn] = None
        self.held = self.held_from = None
        self._end_turn()

    def _play(self) -> None:
        """The action card goes to the discard pile before its effect (R10); no reflex on it (R8)."""
        card = self._take_held()
        self.discard.append(card)
        self.events.setdefault(f"action:{card.action}", [0] * self.players)[self.turn] += 1

    def _do_swipe(self, move: Move) -> None:
        self._play()
        mine, theirs = self.combos[self.turn], self.combos[move.target]
        mine[move.slot], theirs[move.target_slot] = theirs[move.target_slot], mine[move.slot]
        self._shapes[self.turn] = self._shapes[move.target] = None
        self._end_turn()

    def _do_flip(self, move: Move) -> None:
        self._play()
        slot = self.combos[self.turn][move.slot]
        slot.known_by = slot.known_by | _SEAT[self.turn]
        self._end_turn()

    def _do_quantum(self, move: Move) -> None:
        self._play()
        slot = self.combos[move.target][move.target_slot]
        slot.face_up, slot.lock = True, "quantum"
        self._shapes[move.target] = None
        self._end_turn()

    def _do_flash(self, move: Move) -> None:
        self._play()
        victim = self.combos[move.target].pop(move.target_slot)
        self._shapes[move.target] = None
        self._discard(victim.card, self.turn, by_action=True)

    # -- reflex windows -----------------------------------------------------------------------

    def _do_pass(self, move: Move) -> None:
        """The player asked lets the card go: the window moves on to the next who can claim."""
        queue = self.window.queue
        del queue[0]
        if not queue:
            self.window = None
            self._end_turn()
            return
        p = queue[0]
        pairs = self.locked_pairs[p]
        if not ((len(self.combos[p]) > 2 * len(pairs)) if pairs else self.combos[p]):
            self._skip_idle()

    def _do_claim(self, move: Move) -> None:
        """NUMWIN-4.1, as ``reflex_outcome`` decides: valid if the claimed card is numbered and
        of the discard top's value (always a numbered card: R8); a wrong claim shows the card
        and puts it back (R12), with a penalty card from an opponent's combo (5.4)."""
        claimer, target = self.window.queue[0], move.target
        slot = self.combos[claimer][move.slot] if target is None else self.combos[target][move.target_slot]
        card = slot.card
        if card.action is None and card.value == self.discard[-1].value:
            self._lock_pair(claimer, move, slot)
            return  # the window is closed
        slot.known_by = self._everyone
        if target is None:
            self._claim_tally[0][claimer] += 1
            if self.rules.own_miss_penalty and self._penalty(claimer, move):  # NUMWIN-R12's house rule
                return
        else:
            self._claim_tally[2][claimer] += 1
            if self._penalty(claimer, move):  # NUMWIN-5.4
                return
        self._do_pass(move)

    def _discard(self, card: Card, by: int, by_action: bool = False) -> None:
        """Put ``card`` on the discard pile and open a reflex window on it (4.1, R5, R6, R8)."""
        self.discard.append(card)
        if card.action is not None or (by_action and not self.rules.reflex_on_action):
            self._end_turn()
            return
        self.window = window = self._window  # one object per game, reused by each window
        window.discarder, window.queue = by, list(self._queues[by])
        self.phase = _REFLEX
        p = window.queue[0]
        pairs = self.locked_pairs[p]
        if (len(self.combos[p]) > 2 * len(pairs)) if pairs else self.combos[p]:
            return  # the first player asked can claim
        self._skip_idle()

    def _skip_idle(self) -> None:
        """Players with no card to claim with are not asked; an empty queue closes the window."""
        queue = self.window.queue
        combos, pairs = self.combos, self.locked_pairs
        while queue:
            p = queue[0]
            if len(combos[p]) > 2 * len(pairs[p]) or (self.memory and self._can_claim(p)):
                return
            del queue[0]
        self.window = None
        self._end_turn()

    def _penalty(self, claimer: int, move: Move) -> bool:
        """A wrong claim's penalty card, put down unseen (NUMWIN-5.4); whether a table engine
        now waits for it (the window then moves on once it is named)."""
        if self._table:
            if self._refill():
                self._await("penalty", (claimer, move))
                return True
            return False
        penalty = self._draw()
        if penalty is not None:
            self.combos[claimer].append(Slot(penalty))
            self._shapes[claimer] = None
        return False

    def _lock_pair(self, claimer: int, move: Move, slot: Slot) -> None:
        """A valid claim: the discard top and the claimed card, face up, locked in the
        claimer's combo (NUMWIN-4.2, R11; from an opponent's combo, NUMWIN-5.2)."""
        top = self.discard.pop()
        card = slot.card
        owner = claimer if move.target is None else move.target
        memory = owner != claimer
        self._claim_tally[3 if memory else 1][claimer] += 1
        if memory:
            del self.combos[owner][move.target_slot]
            self.combos[claimer].append(Slot(card, True, "pair"))
        else:
            slot.face_up, slot.lock = True, "pair"
        self.combos[claimer].append(Slot(top, True, "pair"))
        self.locked_pairs[claimer].append((card, top))
        self._shapes[claimer] = self._shapes[owner] = None
        self.window = None
        if memory and self._may_announce(claimer):
            self.announcing = [claimer]  # NUMWIN-5.2: may announce right after a memory pair
        self._end_turn()

    # -- end of turn, NUM WIN, end of round ----------------------------------------------------

    def _combo_size(self, player: int) -> int:
        return len(self.combos[player]) if self._locked_count else self._unpaired(player)

    def _may_announce(self, player: int) -> bool:
        """NUMWIN-6.1 with R7, R9: at least 5 cards, nobody has announced yet."""
        return self.announcer is None and self._combo_size(player) >= COMBO_SIZE

    def _end_turn(self) -> None:
        """After the turn (and its reflex window): who may call NUM WIN, then the next turn."""
        turn = self.turn
        if self.announcer is None:
            combo = self.combos[turn]
            size = len(combo) if self._locked_count else len(combo) - 2 * len(self.locked_pairs[turn])
            if size >= COMBO_SIZE and turn not in self.announcing:
                self.announcing.append(turn)
        if self.announcing:
            self.phase = _ANNOUNCE
        elif self.last_turns is None:  # _next_turn's usual case, inline
            self.turn = (turn + 1) % self.players
            self.phase = _DRAWING
            if not self.deck and self._round_over():
                self._end_round()
        else:
            self._next_turn()

    def _do_numwin(self, move: Move) -> None:
        """NUMWIN-6.2, R13: every other player plays one more turn, from the next player."""
        self.announcer = announcer = self.announcing.pop(0)
        self.events["numwin_call"][announcer] += 1
        self.last_turns = [p for p in self._order_from(self.turn + 1) if p != announcer]
        self._next_turn()

    def _do_continue(self, move: Move) -> None:
        self.announcing.pop(0)
        if not self.announcing:
            self._next_turn()

    def _next_turn(self) -> None:
        if self.announcing:
            self.announcing = []
        if self.last_turns is not None:
            if not self.last_turns:
                self._end_round()
                return
            self.turn = self.last_turns.pop(0)
        else:
            self.turn = (self.turn + 1) % self.players
        self.phase = _DRAWING
        if not self.deck and self._round_over():
            self._end_round()

    def _end_round(self) -> None:
        """Complete short combos unseen (6.3, R7, R14), score them (7.*), total them (8.2)."""
        for p in self._orders[(self.dealer + 1) % self.players]:
            while self._combo_size(p) < COMBO_SIZE:
                if self._table:
                    if not self._refill(completing=True):
                        break
                    self._await("complete", p)  # apply_chance comes back here
                    return
                card = self._draw(completing=True)
                if card is None:
                    break
                self.combos[p].append(Slot(card))
                self._shapes[p] = None
        points = [
            unlocked_points([s.card for s in combo if s.lock != "pair"], {a.value for a, _ in pairs}, self.rules)
            for combo, pairs in zip(self.combos, self.locked_pairs)
        ]
        for p, score in enumerate(points):
            self.totals[p] += score
        codes = _CODES.get
        self.history.append(
            {
                "round": self.round,
                "dealer": self.dealer,
                "announcer": self.announcer,
                "combos": [[codes(id(s.card)) or s.card.code for s in combo] for combo in self.combos],
                "locked_pairs": [[[codes(id(a)) or a.code, codes(id(b)) or b.code] for a, b in pairs]
                                 for pairs in self.locked_pairs],
                "points": points,
            }
        )
        self.round += 1
        if self.round >= self.rounds:
            for combo in self.combos:
                for slot in combo:
                    slot.face_up = True
            self.phase = _OVER
            return
        self._deal()


def lowest(totals: list[int]) -> list[int]:
    """The seats with the lowest total: the winners, ties winning together (NUMWIN-8.3, R15)."""
    low = min(totals)
    return [p for p, t in enumerate(totals) if t == low]


def default_rounds(players: int) -> int:
    """NUMWIN-8.1 / R16: one round per dealer, each player dealing once."""
    return players


class NumwinTally(GameState[tuple[int, ...]]):
    """Num Win as the table's score sheet follows it: an action is one round's points, one per
    seat (each combo scored with ``score_combo``); the game ends after one round per dealer
    (``default_rounds``) and the lowest total wins (``lowest``).  No chance: the cards stay at
    the table.  ``legal_actions()`` is empty: any tuple of points is one."""

    game = "numwin"

    def __init__(self, players: int, rounds: int | None = None):
        self._n = players
        self.rounds = default_rounds(players) if rounds is None else rounds
        self.totals = [0] * players
        self.played: list[tuple[int, ...]] = []

    @property
    def num_players(self) -> int:
        return self._n

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else 0

    def legal_actions(self) -> list[tuple[int, ...]]:
        return []

    def apply_action(self, action: tuple[int, ...]) -> None:
        from cardforge.i18n import refusal

        if self.is_terminal():
            raise refusal(IllegalActionError, "error.numwin.over", n=self.rounds)
        if len(action) != self._n:
            raise IllegalActionError(f"a round scores {self._n} players, not {len(action)}")
        self.played.append(tuple(action))
        self.totals = [t + p for t, p in zip(self.totals, action)]

    def is_terminal(self) -> bool:
        return len(self.played) >= self.rounds

    def returns(self) -> list[int]:
        return list(self.totals)

    def winners(self) -> list[int]:
        return lowest(self.totals) if self.is_terminal() else []

    def observation(self, player: int) -> dict[str, Any]:
        return {"round": len(self.played), "totals": list(self.totals)}

    def card_count(self) -> Counter[Card]:
        return Counter()


#: each move's kind → the method that plays it
_DO = {name[4:]: method for name, method in vars(NumWinState).items() if name.startswith("_do_")}


@functools.cache
def _deck_facts() -> tuple[Counter, tuple[Card, ...], int, int]:
    """The Num Win deck once per process: its counts, its cards in order, its player range."""
    from cardforge.deck import load_deck

    deck = load_deck("numwin")
    counts = deck.counts()
    _CODES.update((id(card), card.code) for card in counts)
    return counts, tuple(counts.elements()), deck.players_min, deck.players_max


#: ``id(card)`` → code, for the deck's own card objects (kept alive by ``_deck_facts``, so no
#: other object can have their ids): cheaper than ``Card.code``, for each round's history
_CODES: dict[int, str] = {}


def _codes(cards: list[Card]) -> list[str]:
    """The codes of ``cards``, looked up by id in C for the deck's own cards (``_CODES``)."""
    try:
        return list(map(_CODES.__getitem__, map(id, cards)))
    except KeyError:  # a card object from elsewhere (a rigged position)
        return [c.code for c in cards]


def _flag(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in {"1", "true", "yes", "on"}:
        return True
    if text in {"0", "false", "no", "off"}:
        return False
    raise UsageError(f"option {name}={value!r}: expected true or false")


def new_game(
    players: int,
    seed: int = 0,
    *,
    memory: bool | str = False,
    rounds: int | str | None = None,
    rules: HouseRules | None = None,
    chance: str = "seeded",
    record_chance: bool | str = False,
    **house: Any,
) -> NumWinState:
    """A new Num Win game.  ``memory`` turns on the memory extension; ``rounds`` defaults
    to one per dealer (NUMWIN-8.1); ``chance``/``record_chance`` as in ``cardforge.games.base``;
    other keywords are house rules (``same_value="all"`` …)."""
    counts, cards, least, most = _deck_facts()
    players = int(players)
    if not least <= players <= most:
        raise UsageError(f"numwin is for {least}\u2013{most} players, not {players}")
    if rules is None:
        rules = parse_house_rules(HouseRules, [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in house.items()])
    elif house:
        rules = replace(rules, **house)
    try:
        n_rounds = default_rounds(players) if rounds is None else int(rounds)
    except ValueError:
        raise UsageError(f"option rounds={rounds!r}: expected a whole number of rounds") from None
    if n_rounds < 1:
        raise UsageError(f"option rounds={rounds!r}: expected at least 1 round")
    state = NumWinState(
        players=players,
        rules=rules,
        memory=_flag(memory, "memory"),
        rounds=n_rounds,
        rng=random.Random(seed),
        full_deck=counts,
        cards=cards,
        totals=[0] * players,
        chance_mode=check_chance_mode(chance),
        chance_log=[] if _flag(record_chance, "record_chance") else None,
    )
    state._deal()
    return state
