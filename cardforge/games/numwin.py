"""Num Win (rule sheet 004): a seeded game engine with hidden information.

Each player builds a combo (2 face-down cards at the start, NUMWIN-1.3) and tries to finish
with the fewest points.  A turn is ``draw`` (deck) or ``take`` (discard top), then ``discard`` /
``swap i`` / ``add`` / an action card's effect (NUMWIN-2.*, 3.*, R4).  Every numbered card that
reaches the discard pile opens a *reflex window* (NUMWIN-4.1, R5): the players, in a fixed
order, each ``pass`` or ``claim`` (``claim i`` with their own card, ``claim p2:1`` with an
opponent's under the memory extension, NUMWIN-5.*).  After your turn you may call ``numwin``
with 5 cards (NUMWIN-6.1); the others play one last turn, short combos are completed from the
deck, and every combo is scored with ``score_combo`` (NUMWIN-7.*).  One round per dealer.

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
from typing import Any

from cardforge.cards import Card
from cardforge.errors import IllegalActionError, UsageError
from cardforge.games.base import TERMINAL, GameState
from cardforge.games.house import parse_house_rules
from cardforge.games.numwin_scoring import (
    ComboScore,
    HouseRules,
    ReflexResult,
    check_reflex,
    reflex_outcome,
    score_combo,
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
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Move:
    """One action.  ``kind`` is one of draw take discard swap add swipe flip quantum flash pass
    claim numwin continue; ``slot`` is the acting player's combo position, ``target`` and
    ``target_slot`` an opponent's (or, for Quantum, any player's) card."""

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


#: frozensets of seats, built once: ``_SEAT[p]`` = {p}, ``_SEATS[n]`` = every seat of n players
_SEAT = tuple(frozenset({p}) for p in range(16))
_SEATS = tuple(frozenset(range(n)) for n in range(17))


@functools.lru_cache(maxsize=64)
def _own_claim(slot: int) -> Move:
    return Move("claim", slot)


@functools.lru_cache(maxsize=64)
def _swap(slot: int) -> Move:
    return Move("swap", slot)


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


@dataclass
class _Window:
    """An open reflex window on the discard top (NUMWIN-4.1, NUMWIN-R5)."""

    discarder: int
    queue: list[int]


@dataclass
class NumWinState(GameState[Move]):
    """One position of a Num Win game (see the module docstring)."""

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

    game = "numwin"

    # -- the GameState interface ------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def _everyone(self) -> frozenset[int]:
        """Every seat: a card shown to all."""
        return _SEATS[self.players]

    @property
    def dealer(self) -> int:
        """NUMWIN-8.1 / R16: each player deals once, in turn."""
        return self.round % self.players

    def current_player(self) -> int:
        if self.phase is Phase.OVER:
            return TERMINAL
        if self.phase is Phase.REFLEX:
            return self.window.queue[0]
        if self.phase is Phase.ANNOUNCE:
            return self.announcing[0]
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def returns(self) -> list[int]:
        """Each player's total over the rounds played (NUMWIN-8.2); lowest wins (NUMWIN-8.3)."""
        return list(self.totals)

    def winners(self) -> list[int]:
        """The players with the lowest total; ties win together (NUMWIN-R15)."""
        low = min(self.totals)
        return [p for p, t in enumerate(self.totals) if t == low]

    def card_count(self) -> Counter[Card]:
        count = Counter(self.deck) + Counter(self.discard)
        count.update(s.card for combo in self.combos for s in combo)
        if self.held is not None:
            count[self.held] += 1
        return count

    def legal_actions(self) -> list[Move]:
        phase = self.phase
        if phase is Phase.DRAW:
            moves = [_DRAW] if self._can_draw() else []
            return moves + ([_TAKE] if self._can_take() else [])
        if phase is Phase.PLACE:
            return self._place_moves()
        if phase is Phase.REFLEX:
            return self._claim_moves(self.window.queue[0])
        if phase is Phase.ANNOUNCE:
            return [_NUMWIN, _CONTINUE]
        return []

    def apply_action(self, action: Move) -> None:
        if action not in self.legal_actions():
            legal = ", ".join(map(str, self.legal_actions())) or "none (the game is over)"
            raise IllegalActionError(
                f"illegal move {str(action)!r} for player {self.current_player()} in phase {self.phase.value}; legal: {legal}"
            )
        getattr(self, f"_do_{action.kind}")(action)

    def apply_legal(self, action: Move) -> None:
        getattr(self, f"_do_{action.kind}")(action)

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
        return other

    def action_to_string(self, action: Move) -> str:
        return str(action)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: face-up cards, cards they have seen, public piles and scores;
        never an unseen card or the deck order."""
        holder_sees = self.held is not None and (player == self.turn or self.held_from == "discard")
        return {
            "player": player,
            "round": self.round,
            "dealer": self.dealer,
            "turn": self.turn,
            "phase": self.phase.value,
            "current_player": self.current_player(),
            "deck_size": len(self.deck),
            "discard": [c.code for c in self.discard],
            "combos": [
                [
                    {"card": s.card.code if s.seen_by(player) else None, "face_up": s.face_up, "locked": s.lock}
                    for s in combo
                ]
                for combo in self.combos
            ],
            "held": self.held.code if holder_sees else None,
            "held_from": self.held_from,
            "reflex_queue": list(self.window.queue) if self.window else [],
            "announcer": self.announcer,
            "last_turns": list(self.last_turns) if self.last_turns is not None else None,
            "totals": list(self.totals),
            "history": [dict(h) for h in self.history],
        }

    def __str__(self) -> str:
        rows = [f"round {min(self.round + 1, self.rounds)}/{self.rounds} dealer p{self.dealer} phase {self.phase.value} turn p{self.turn}"]
        for p, combo in enumerate(self.combos):
            cards = " ".join(s.card.code + ("*" if s.lock else "") for s in combo)
            rows.append(f"  p{p}: {cards}  total {self.totals[p]}")
        rows.append(f"  deck {len(self.deck)}  discard {' '.join(c.code for c in self.discard[-3:])}")
        return "\n".join(rows)

    # -- dealing, drawing ---------------------------------------------------------------------

    def _deal(self) -> None:
        """Shuffle everything and deal 2 face-down cards each from the dealer's left (R16, R3)."""
        self.deck = list(self.full_deck.elements())
        self.rng.shuffle(self.deck)
        self.discard = []
        self.combos = [[] for _ in range(self.players)]
        self.locked_pairs = [[] for _ in range(self.players)]
        for _ in range(START_CARDS):
            for p in self._order_from(self.dealer + 1):
                self.combos[p].append(Slot(self.deck.pop()))
        for p, combo in enumerate(self.combos):
            for slot in combo[: self.rules.start_peek]:
                slot.known_by = frozenset({p})
        self.held = self.held_from = self.window = self.announcer = self.last_turns = None
        self.announcing = []
        self.turn = (self.dealer + 1) % self.players
        self.phase = Phase.DRAW

    def _order_from(self, first: int) -> list[int]:
        return [(first + i) % self.players for i in range(self.players)]

    def _can_draw(self) -> bool:
        return bool(self.deck) or len(self.discard) > 1

    def _can_take(self) -> bool:
        """The discard top may be taken only if it can then be placed (swap or add, NUMWIN-2.3)."""
        me = self.turn
        return bool(self.discard) and (len(self.combos[me]) < COMBO_SIZE or bool(self._movable(me)))

    def _draw(self) -> Card | None:
        """The deck's top card; an empty deck is rebuilt from the discard pile but its top (R14)."""
        if not self.deck and len(self.discard) > 1:
            self.deck = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None

    # -- what may be done ---------------------------------------------------------------------

    def _movable(self, player: int) -> list[int]:
        """Positions of ``player``'s cards that swaps and action cards may touch (4.3, R10)."""
        return [i for i, s in enumerate(self.combos[player]) if s.lock is None]

    def _opponents(self, player: int) -> list[int]:
        return [q for q in self._order_from(player + 1) if q != player]

    def _place_moves(self) -> list[Move]:
        me = self.turn
        swaps = [_swap(i) for i in self._movable(me)]
        if self.held_from == "discard":
            add = [_ADD] if len(self.combos[me]) < COMBO_SIZE else []
            return swaps + add
        plays = self._action_moves(me) if self.held.is_action else []
        if plays and self.rules.drawn_action == "must_play":
            return plays
        return [_DISCARD, *swaps, *plays]

    def _action_moves(self, me: int) -> list[Move]:
        kind = self.held.action
        theirs = [(q, j) for q in self._opponents(me) for j in self._movable(q)]
        if kind == "swipe":
            return [Move("swipe", i, q, j) for i in self._movable(me) for q, j in theirs]
        if kind == "flip":
            return [Move("flip", i) for i, s in enumerate(self.combos[me]) if not s.face_up]
        if kind == "quantum":
            everyone = [(q, j) for q in self._order_from(me) for j in self._movable(q)]
            return [Move("quantum", None, q, j) for q, j in everyone]
        if kind == "flash":
            return [Move("flash", None, q, j) for q, j in theirs]
        return []

    def _can_claim(self, player: int) -> bool:
        if any(s.lock != "pair" for s in self.combos[player]):
            return True
        return self.memory and any(self._movable(q) for q in self._opponents(player))

    def _claim_moves(self, player: int) -> list[Move]:
        moves = [_PASS]
        moves += [_own_claim(i) for i, s in enumerate(self.combos[player]) if s.lock != "pair"]
        if self.memory:
            moves += [Move("claim", None, q, j) for q in self._opponents(player) for j in self._movable(q)]
        return moves

    # -- a turn -------------------------------------------------------------------------------

    def _do_draw(self, move: Move) -> None:
        self.held, self.held_from, self.phase = self._draw(), "deck", Phase.PLACE

    def _do_take(self, move: Move) -> None:
        self.held, self.held_from, self.phase = self.discard.pop(), "discard", Phase.PLACE

    def _take_held(self) -> Card:
        card, self.held, self.held_from = self.held, None, None
        return card

    def _do_discard(self, move: Move) -> None:
        self._discard(self._take_held(), by=self.turn)

    def _do_swap(self, move: Move) -> None:
        seen = _SEAT[self.turn] if self.held_from == "deck" else self._everyone
        old = self.combos[self.turn][move.slot]
        self.combos[self.turn][move.slot] = Slot(self._take_held(), known_by=seen)
        self._discard(old.card, by=self.turn)

    def _do_add(self, move: Move) -> None:
        self.combos[self.turn].append(Slot(self._take_held(), known_by=self._everyone))
        self._end_turn()

    def _play(self) -> None:
        """The action card goes to the discard pile before its effect (R10); no reflex on it (R8)."""
        self.discard.append(self._take_held())

    def _do_swipe(self, move: Move) -> None:
        self._play()
        mine, theirs = self.combos[self.turn], self.combos[move.target]
        mine[move.slot], theirs[move.target_slot] = theirs[move.target_slot], mine[move.slot]
        self._end_turn()

    def _do_flip(self, move: Move) -> None:
        self._play()
        slot = self.combos[self.turn][move.slot]
        slot.known_by = slot.known_by | {self.turn}
        self._end_turn()

    def _do_quantum(self, move: Move) -> None:
        self._play()
        slot = self.combos[move.target][move.target_slot]
        slot.face_up, slot.lock = True, "quantum"
        self._end_turn()

    def _do_flash(self, move: Move) -> None:
        self._play()
        victim = self.combos[move.target].pop(move.target_slot)
        self._discard(victim.card, by=self.turn, by_action=True)

    # -- reflex windows -----------------------------------------------------------------------

    def _discard(self, card: Card, *, by: int, by_action: bool = False) -> None:
        """Put ``card`` on the discard pile and open a reflex window on it (4.1, R5, R6, R8)."""
        self.discard.append(card)
        if card.is_action or (by_action and not self.rules.reflex_on_action):
            self._end_turn()
            return
        order = self._order_from(by + 1)
        order = [by, *order[:-1]] if self.rules.reflex_priority == "discarder_first" else order
        self.window = _Window(by, order)
        self.phase = Phase.REFLEX
        self._skip_idle()

    def _do_pass(self, move: Move) -> None:
        self._next_in_window()

    def _next_in_window(self) -> None:
        self.window.queue.pop(0)
        self._skip_idle()

    def _skip_idle(self) -> None:
        """Players with no card to claim with are not asked; an empty queue closes the window."""
        queue = self.window.queue
        while queue and not self._can_claim(queue[0]):
            queue.pop(0)
        if not queue:
            self.window = None
            self._end_turn()

    def _do_claim(self, move: Move) -> None:
        claimer = self.window.queue[0]
        top = self.discard[-1]
        owner = claimer if move.target is None else move.target
        position = move.slot if move.target is None else move.target_slot
        slot = self.combos[owner][position]
        valid, penalty = reflex_outcome(top, slot.card, self.rules, from_opponent=move.target is not None)
        if not valid:
            slot.known_by = self._everyone  # shown to check, put back (R12)
            if penalty:
                penalty = self._draw()
                if penalty is not None:
                    self.combos[claimer].append(Slot(penalty))
            self._next_in_window()
            return
        self.discard.pop()
        pair = (slot.card, top)
        if move.target is None:
            slot.face_up, slot.lock = True, "pair"
        else:
            del self.combos[owner][position]
            self.combos[claimer].append(Slot(slot.card, True, "pair"))
        self.combos[claimer].append(Slot(top, True, "pair"))
        self.locked_pairs[claimer].append(pair)
        self.window = None
        if move.target is not None and self._may_announce(claimer):
            self.announcing = [claimer]  # NUMWIN-5.2: may announce right after a memory pair
        self._end_turn()

    # -- end of turn, NUM WIN, end of round ----------------------------------------------------

    def _combo_size(self, player: int) -> int:
        combo = self.combos[player]
        if self.rules.locked_count:
            return len(combo)
        return sum(1 for s in combo if s.lock != "pair")

    def _may_announce(self, player: int) -> bool:
        """NUMWIN-6.1 with R7, R9: at least 5 cards, nobody has announced yet."""
        return self.announcer is None and self._combo_size(player) >= COMBO_SIZE

    def _end_turn(self) -> None:
        """After the turn (and its reflex window): who may call NUM WIN, then the next turn."""
        if self._may_announce(self.turn) and self.turn not in self.announcing:
            self.announcing.append(self.turn)
        if self.announcing:
            self.phase = Phase.ANNOUNCE
            return
        self._next_turn()

    def _do_numwin(self, move: Move) -> None:
        """NUMWIN-6.2, R13: every other player plays one more turn, from the next player."""
        self.announcer = self.announcing.pop(0)
        self.last_turns = [p for p in self._order_from(self.turn + 1) if p != self.announcer]
        self._next_turn()

    def _do_continue(self, move: Move) -> None:
        self.announcing.pop(0)
        if not self.announcing:
            self._next_turn()

    def _next_turn(self) -> None:
        self.announcing = []
        if self.last_turns is not None:
            if not self.last_turns:
                self._end_round()
                return
            self.turn = self.last_turns.pop(0)
        else:
            self.turn = (self.turn + 1) % self.players
        self.phase = Phase.DRAW
        if not (self._can_draw() or self._can_take()):  # nothing to draw nor take (R14)
            self._end_round()

    def _end_round(self) -> None:
        """Complete short combos unseen (6.3, R7, R14), score them (7.*), total them (8.2)."""
        for p in self._order_from(self.dealer + 1):
            while self._combo_size(p) < COMBO_SIZE:
                card = self._draw()
                if card is None:
                    break
                self.combos[p].append(Slot(card))
        scores = [score_combo([s.card for s in combo], self.locked_pairs[p], self.rules) for p, combo in enumerate(self.combos)]
        for p, score in enumerate(scores):
            self.totals[p] += score.points
        self.history.append(
            {
                "round": self.round,
                "dealer": self.dealer,
                "announcer": self.announcer,
                "combos": [[s.card.code for s in combo] for combo in self.combos],
                "locked_pairs": [[[a.code, b.code] for a, b in pairs] for pairs in self.locked_pairs],
                "points": [s.points for s in scores],
            }
        )
        self.round += 1
        if self.round >= self.rounds:
            for combo in self.combos:
                for slot in combo:
                    slot.face_up = True
            self.phase = Phase.OVER
            return
        self._deal()


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
    **house: Any,
) -> NumWinState:
    """A new seeded Num Win game.  ``memory`` turns on the memory extension; ``rounds`` defaults
    to one per dealer (NUMWIN-8.1); other keywords are house rules (``same_value="all"`` …)."""
    from cardforge.deck import load_deck

    deck = load_deck("numwin")
    players = int(players)
    if not deck.players_min <= players <= deck.players_max:
        raise UsageError(f"numwin is for {deck.players_min}\u2013{deck.players_max} players, not {players}")
    if rules is None:
        rules = parse_house_rules(HouseRules, [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in house.items()])
    elif house:
        rules = replace(rules, **house)
    try:
        n_rounds = players if rounds is None else int(rounds)
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
        full_deck=deck.counts(),
        totals=[0] * players,
    )
    state._deal()
    return state
