"""The push-your-luck core shared by ``sequence`` (sheet 001) and ``collection`` (sheet 000).

Both games are played with two draw piles shuffled separately, a public reserve of at most two
action cards per player, and one open *sequence* per player that grows card by card until it
is secured (locked) or lost to a STOP: a Shadow, three consecutive cards of the same colour, or
two consecutive cards of the same value.  A Rainbow forces one extra draw.  The action cards
(Joker, Infini, Simple, Double, Passe Ton Tour, Flip, Swipe, Éclair, Tornade, Quantique) have
the same effect in both games; each game's deck says which of them it holds.

This module holds what the two games share:

* ``stop_reason`` and ``check_sequence``: the STOP conditions, as pure functions;
* ``sequence_points``: what a secured sequence is worth in each mode;
* ``Move``: the engine's action type;
* ``PushLuckState``: turns, draws, the reserve, every action card, skipped turns, the end of a
  round when the piles run out.  A game subclass says how a round ends and what happens then
  (``sequence`` scores the secured cards, ``collection`` validates objectives).

Rule IDs are cited through a ``Cites`` mapping (concept → the game's rule ID), so one code path
explains itself with ``SEQUENCE-…`` or ``COLLECTION-…`` IDs.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from cardforge.cards import Card, FamilyKind
from cardforge.errors import IllegalActionError, UsageError
from cardforge.games.base import CHANCE, TERMINAL, UNKNOWN, GameState, check_chance_mode
from cardforge.games.chance import shuffle
from cardforge.i18n import Message, refusal
from cardforge.games.steps import Step

__all__ = [
    "STOP_REASONS",
    "RAINBOW_COLOUR_CHOICES",
    "house_field",
    "check_mode",
    "Cites",
    "CheckStep",
    "SequenceCheck",
    "stop_reason",
    "check_sequence",
    "sequence_points",
    "require_securable",
    "Move",
    "Phase",
    "PushLuckState",
    "int_option",
    "is_rainbow",
    "is_shadow",
]

#: Why a sequence stopped, in the sheet's order.
STOP_REASONS = ("shadow", "color", "value")
#: How a Rainbow counts for the three-in-a-row colour STOP (ruling R4 of each game).
RAINBOW_COLOUR_CHOICES = ("own", "wild", "none")
#: How a sequence is left at the end of a turn (ruling R1).
OPEN_SEQUENCE_CHOICES = ("persist", "stop_secures")
#: What a colour or value STOP costs (ruling R2).
STOP_COST_CHOICES = ("sequence", "turn")
#: What a Joker does in a turn skipped by Passe Ton Tour (SEQUENCE-R12 / COLLECTION-R11).
SKIP_JOKER_CHOICES = ("replay", "none")

RESERVE_SIZE = 2
PILES = ("A", "B")


def house_field(default: Any, ruling: str, choices: tuple = ()) -> Any:
    """A ``HouseRules`` field switching ruling ``ruling`` (see ``cardforge.games.house``)."""
    metadata: dict[str, Any] = {"ruling": ruling}
    if choices:
        metadata["choices"] = choices
    return field(default=default, metadata=metadata)


def int_option(name: str, value: Any, minimum: int) -> int:
    """An integer engine option (strings accepted, as the playthrough CLI passes them)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise UsageError(f"option {name!r}: expected a whole number, found {value!r}") from None
    if number < minimum:
        raise UsageError(f"option {name!r}: expected at least {minimum}, found {number}")
    return number


def check_mode(deck: Any, mode: str) -> None:
    """``UsageError`` unless ``mode`` is one of the deck's modes."""
    if mode not in deck.modes:
        raise UsageError(f"unknown mode {mode!r} for {deck.id}: expected {' or '.join(deck.modes)}")


# -- the card system's kinds, without hard-coding family codes ---------------------------------


@functools.lru_cache(maxsize=1)
def _kinds() -> dict[str, FamilyKind]:
    from cardforge.deck import default_system

    return {code: fam.kind for code, fam in default_system().families.items()}


#: Family codes of the Shadow and Rainbow kinds, read from the card system on first use (the
#: STOP check runs on every draw: a set lookup, not a kind lookup per card).
_SHADOWS: frozenset[str] = frozenset()
_RAINBOWS: frozenset[str] = frozenset()
_loaded = False


def _load_kinds() -> None:
    global _SHADOWS, _RAINBOWS, _loaded
    kinds = _kinds()
    _SHADOWS = frozenset(code for code, k in kinds.items() if k is FamilyKind.SHADOW)
    _RAINBOWS = frozenset(code for code, k in kinds.items() if k is FamilyKind.RAINBOW)
    _loaded = True


def kind(card: Card) -> FamilyKind | None:
    """The family kind of a numbered card, ``None`` for an action card."""
    return None if card.family is None else _kinds()[card.family]


def is_shadow(card: Card) -> bool:
    if not _loaded:
        _load_kinds()
    return card.family in _SHADOWS


def is_rainbow(card: Card) -> bool:
    if not _loaded:
        _load_kinds()
    return card.family in _RAINBOWS


# -- rule citations ------------------------------------------------------------------------------

#: Concept → rule ID, so that one explanation cites ``SEQUENCE-…`` or ``COLLECTION-…``.  Keys the
#: check uses: ``classic``, ``action``, ``rainbow``, ``stop_shadow``, ``shadow_table``,
#: ``stop_discard``, ``stop_color``, ``stop_value``, ``joker``, ``infini``, ``stop_cost``,
#: ``rainbow_stop``; the referees add ``points_classic``, ``points_discovery``, ``actions_no_points``.
Cites = Mapping[str, str]


#: One step of a sequence check: the rule applied and what it found (a catalogue message,
#: ``pl.*`` in ``cardforge.i18n``); the referee's ``Step``, as the other engines use.
CheckStep = Step


@dataclass(frozen=True)
class SequenceCheck:
    """The outcome of ``check_sequence``: whether and why the sequence stopped.

    ``index`` is the position (in the cards given) of the card that stopped it; ``kept`` the
    cards in the sequence when it stopped or now; ``saved`` the positions of STOP cards that a
    Joker or Infini cancelled; ``extra_draws`` the draws still owed after the last card.
    """

    stop: bool
    reason: str | None
    index: int | None
    kept: tuple[Card, ...]
    saved: tuple[int, ...]
    extra_draws: int
    steps: tuple[CheckStep, ...]
    #: after a STOP: whether the sequence is lost (a Shadow, or ``stop_cost=sequence``); with
    #: ``stop_cost=turn`` a colour or value STOP costs the turn only and ``kept`` stays open
    lost: bool = False


def _colour_key(card: Card, rainbow_colour: str) -> str | None:
    """The colour a card counts as for the colour STOP; ``"*"`` matches every colour."""
    if is_rainbow(card):
        return {"own": card.family, "wild": "*", "none": None}[rainbow_colour]
    return card.family


def _same_colour(cards: Sequence[Card], rainbow_colour: str) -> bool:
    if rainbow_colour == "own":  # a Rainbow is a colour of its own: three equal families
        first = cards[0].family
        return all(c.family == first for c in cards)
    keys = [_colour_key(c, rainbow_colour) for c in cards]
    if None in keys:
        return False
    colours = {k for k in keys if k != "*"}
    return len(colours) <= 1


def stop_reason(sequence: Sequence[Card], card: Card, rainbow_colour: str = "own") -> str | None:
    """Whether adding numbered ``card`` to ``sequence`` triggers a STOP, and which (sheet order:
    ``"shadow"``, ``"color"``, ``"value"``); ``None`` if the card may be added."""
    if not _loaded:
        _load_kinds()
    family = card.family
    if family in _SHADOWS:
        return "shadow"
    if not sequence:
        return None
    last = sequence[-1]
    if len(sequence) >= 2:
        before = sequence[-2]
        if (before.family == last.family == family if rainbow_colour == "own"
                else _same_colour((before, last, card), rainbow_colour)):
            return "color"
    if last.value == card.value:
        return "value"
    return None


def require_securable(cards: Sequence[Card], check: SequenceCheck, cites: Mapping[str, str], said: str,
                      fix: str) -> None:
    """Refuse securing a sequence whose last card still owes a draw: a Rainbow (ruling
    ``rainbow_owed``: SEQUENCE-R5 / COLLECTION-R5) or a Joker that cancelled a STOP.  The one
    legitimate case, both piles empty, is for the caller to recognise (``fix`` says how to write it).
    """
    if check.stop or not check.extra_draws:
        return
    rule = cites["rainbow_owed"] if is_rainbow(cards[-1]) else cites["joker"]
    raise refusal(UsageError, "error.seq.draw_owed", said=said, card=cards[-1].code, rule=rule, fix=fix)


def sequence_points(cards: Iterable[Card], mode: str) -> int:
    """What secured cards score: face values in Classic, the number of cards in Discovery.

    Action cards never count (they are not part of a sequence).

    >>> from cardforge.cards import Card
    >>> cards = [Card("R", 7), Card("RB", 3), Card(action="joker")]
    >>> sequence_points(cards, "classic"), sequence_points(cards, "discovery")
    (10, 2)
    """
    numbered = [c.value for c in cards if c.action is None]
    if mode == "discovery":
        return len(numbered)
    if mode == "classic":
        return sum(numbered)
    raise UsageError(f"unknown mode {mode!r}: expected classic or discovery")


_SAVERS = ("joker", "infini")
def check_sequence(
    cards: Sequence[Card],
    rules: Any = None,
    *,
    cites: Cites,
    savers: Iterable[str] = _SAVERS,
    reserve: Iterable[str] | None = None,
) -> SequenceCheck:
    """Walk the cards of one sequence in draw order and say whether it stopped.

    ``rules`` is the game's ``HouseRules`` (for ``rainbow_colour``); ``savers`` the action
    cards that cancel a STOP card when they come right after it (Joker, and Infini in
    ``sequence``).  Other action cards are noted and left out of the sequence.  Nothing is
    drawn after a STOP card, so a saver there is played from the reserve: given ``reserve``
    (the action cards the player holds there), a saver it does not hold is an
    ``IllegalActionError``; ``None`` (the referee) takes the reserve to hold it.
    """
    held = None if reserve is None else list(reserve)
    rainbow_colour = getattr(rules, "rainbow_colour", "own")
    stop_cost = getattr(rules, "stop_cost", "sequence")
    savers = tuple(savers)
    shield = False  # Infini played in advance: the next STOP card is set aside (SEQUENCE-R3)
    kept: list[Card] = []
    saved: list[int] = []
    steps: list[CheckStep] = []
    extra = 0
    pending: tuple[int, str] | None = None  # a STOP card waiting for a saver

    def add(rule: str, key: str, **params: Any) -> None:
        steps.append(CheckStep(cites[rule], Message(f"pl.{key}", **params)))

    for index, card in enumerate(cards):
        if pending is not None:
            stop_index, reason = pending
            if card.action in savers:
                if held is not None and card.action not in held:
                    raise IllegalActionError(
                        f"{card.code} after {cards[stop_index].code}: nothing is drawn after a STOP, so this "
                        f"{card.code} must come from the reserve, which holds {' '.join(held) or 'nothing'}")
                if held is not None:
                    held.remove(card.action)
                which = "joker" if card.action == "joker" else "infini"
                add(which, "saves", card=card.code, stop=cards[stop_index].code)
                saved.append(stop_index)
                if reason == "shadow":
                    add("shadow_table", "shadow_stays", card=cards[stop_index].code)
                pending = None
                extra = 1 if which == "joker" else 0
                continue
            if reason == "shadow" or stop_cost == "sequence":
                break
            add("stop_cost", "turn_cost_went_on", card=cards[stop_index].code)
            pending = None
            extra = 0
        extra = max(extra - 1, 0)
        if card.action == "infini" and "infini" in savers:
            shield = True
            add("infini", "infini_ahead", card=card.code)
            continue
        if card.is_action:
            if held is not None and len(held) < 2:
                held.append(card.action)  # drawn and kept in the reserve
            add("action", "action", card=card.code)
            continue
        reason = stop_reason(kept, card, rainbow_colour)
        if reason is not None:
            rule = {"shadow": "stop_shadow", "color": "stop_color", "value": "stop_value"}[reason]
            shown = " ".join(c.code for c in {"shadow": [], "color": kept[-2:], "value": kept[-1:]}[reason])
            add(rule, "stop_after" if shown else "stop", card=card.code, after=shown,
                why=Message(f"pl.reason.{reason}"))
            if reason == "color" and any(is_rainbow(c) for c in (*kept[-2:], card)):
                add("rainbow_stop", f"rainbow_colour.{rainbow_colour}")
            if reason == "value" and (is_rainbow(card) or is_rainbow(kept[-1])):
                add("rainbow_stop", "rainbow_value")
            if shield:
                shield = False
                saved.append(index)
                add("infini", "infini_ahead_saves", card=card.code)
                if reason == "shadow":
                    add("shadow_table", "shadow_stays", card=card.code)
                continue
            pending = (index, reason)
            continue
        kept.append(card)
        add("classic", "joins", card=card.code)
        if is_rainbow(card):
            extra += 1
            add("rainbow", "rainbow_draw", card=card.code)

    if pending is not None:
        stop_index, reason = pending
        lost = reason == "shadow" or stop_cost == "sequence"
        if reason == "shadow":
            add("shadow_table", "shadow_stays", card=cards[stop_index].code)
        elif lost:
            add("stop_cost", "stop_costs_sequence")
        else:
            add("stop_cost", "turn_cost", card=cards[stop_index].code)
        if lost:
            # a colour or value STOP costs the sequence, not the round (COLLECTION-R2): cite that
            add("stop_discard" if reason == "shadow" else "stop_cost",
                "discarded_infini" if "infini" in savers else "discarded")
        if stop_index + 1 < len(cards):
            add("stop_discard", "after_stop", cards=" ".join(c.code for c in cards[stop_index + 1:]))
        return SequenceCheck(True, reason, stop_index, tuple(kept), tuple(saved), 0, tuple(steps), lost)
    return SequenceCheck(False, None, None, tuple(kept), tuple(saved), extra, tuple(steps))


# -- the engine ----------------------------------------------------------------------------------


class Phase:
    """What the current player is deciding."""

    TURN = "turn"                  # draw, lock, end the turn, play a reserve card (+ game extras)
    ACTION_DRAWN = "action_drawn"  # a drawn action card: activate it or keep it
    ELIMINATION = "elimination"    # a STOP card is pending: play a Joker/Infini or accept
    QUANTIQUE = "quantique"        # keep one of the cards Quantique drew, or none
    SKIPPED = "skipped"            # a turn lost to Passe Ton Tour: lock, play a reserve card, end
    VALIDATE = "validate"          # collection: choose objectives at the end of a round
    DEAL = "deal"                  # a table's chance node: the card(s) turned over are the table's to say
    OVER = "over"


#: the phases as module constants for the engine (in CPython 3.11 a global is read faster than a
#: class attribute)
_TURN, _ACTION_DRAWN, _ELIMINATION, _QUANTIQUE, _SKIPPED, _VALIDATE, _DEAL, _OVER = (
    Phase.TURN, Phase.ACTION_DRAWN, Phase.ELIMINATION, Phase.QUANTIQUE, Phase.SKIPPED, Phase.VALIDATE, Phase.DEAL,
    Phase.OVER)


class Move(NamedTuple):
    """One engine action (a small immutable value: equal moves compare equal, at C speed).

    ``kind``: ``draw`` (``pile``), ``lock``, ``end``, ``keep`` (the drawn action card into the
    reserve), ``activate`` (``slot`` = reserve slot, or ``None`` for the card just drawn;
    ``target`` = a player, ``pile`` for Quantique), ``accept`` (a STOP), ``choose`` (``slot`` =
    a Quantique card, ``None`` for none), ``declare`` and ``validate``/``done`` (collection,
    ``choice`` = an objective id and its card codes).
    """

    kind: str
    pile: int | None = None
    slot: int | None = None
    target: int | None = None
    choice: tuple[str, ...] = ()


@functools.lru_cache(maxsize=None)
def _move(kind: str, pile: int | None = None, slot: int | None = None, target: int | None = None) -> Move:
    """The one ``Move`` with these fields: legal-move lists reuse it instead of building it."""
    return Move(kind, pile, slot, target)


_DRAW = (Move("draw", pile=0), Move("draw", pile=1))
_DEALT = Move("draw")  # internal (never legal): the card the table turned over reaches the player
#: the draws open, by which piles hold cards (1: pile A, 2: pile B)
_DRAWS = ((), (_DRAW[0],), (_DRAW[1],), _DRAW)
_LOCK = Move("lock")
_END = Move("end")
_KEEP = Move("keep")
_ACCEPT = Move("accept")
_CHOOSE_NONE = Move("choose")
_NO_TARGET = (None,)
#: the plain turn moves, by ``draws + 4 * (a sequence to lock) + 8 * (the turn may end)``
_TURN_MOVES = tuple((*_DRAWS[key & 3], *((_LOCK,) if key & 4 else ()), *((_END,) if key & 8 else ())) for key in range(16))
#: the tally's key for each STOP reason
_STOP_EVENTS = {reason: f"stop:{reason}" for reason in STOP_REASONS}
#: the tally's key for each action card played (``action:<card>``), made once per card
_ACTION_EVENTS: dict[str, str] = {}


_DECK_CARDS: dict[tuple[int, int, str], tuple[Any, tuple[Card, ...]]] = {}


def _deck_cards(deck: Any, players: int, mode: str) -> tuple[Card, ...]:
    """``deck.cards(players, mode)``, kept per deck object (a reloaded deck is a new object)."""
    key = (id(deck), players, mode)
    held = _DECK_CARDS.get(key)
    if held is None or held[0] is not deck:
        if len(_DECK_CARDS) > 64:
            _DECK_CARDS.clear()
        held = _DECK_CARDS[key] = (deck, tuple(deck.cards(players, mode)))
    return held[1]


@functools.lru_cache(maxsize=None)
def _others(n: int, p: int) -> tuple[int, ...]:
    """The seats other than ``p`` at a table of ``n``."""
    return tuple(q for q in range(n) if q != p)


@functools.lru_cache(maxsize=None)
def _everyone(n: int) -> tuple[int, ...]:
    return tuple(range(n))


@functools.lru_cache(maxsize=None)
def _neighbours(n: int, p: int) -> tuple[int, ...]:
    """``p``'s neighbours, left then right (one seat when there are two players)."""
    return tuple(dict.fromkeys(((p - 1) % n, (p + 1) % n)))


@functools.lru_cache(maxsize=None)
def _activations(slot: int | None, action: str, targets: tuple[int | None, ...], *then: Move) -> tuple[Move, ...]:
    """The moves playing the action card in ``slot`` (``None``: the card just drawn) at each
    target (Quantique aims at a pile), followed by ``then``."""
    if action == "quantique":
        return (*(_move("activate", t, slot) for t in targets), *then)
    return (*(_move("activate", None, slot, t) for t in targets), *then)


class _LoggedPile(list):
    """A seeded draw pile that appends each card taken from it to the chance log
    (``record_chance=True``), so the engine's draws need no check of their own."""

    __slots__ = ("log",)

    def __init__(self, cards: Iterable[Card], log: list[Any]):
        super().__init__(cards)
        self.log = log

    def pop(self, index: int = -1) -> Card:  # type: ignore[override]
        card = super().pop(index)
        self.log.append(card)
        return card


def _pile_name(pile: Any) -> str:
    return PILES[pile] if pile in (0, 1) else repr(pile)


def _held(cards: Sequence[Card], slot: Any) -> Card | str:
    return cards[slot] if isinstance(slot, int) and 0 <= slot < len(cards) else "nothing"


def _copied(value: Any) -> Any:
    """``value`` with its lists, dicts and counters copied all the way down (``clone``)."""
    kind = type(value)
    if kind is list:
        return [_copied(v) if type(v) in _CONTAINERS else v for v in value]
    if kind is dict:
        return {k: _copied(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if kind is Counter:
        return Counter(value)
    if kind is random.Random:
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    return value


_CONTAINERS = frozenset({list, dict, Counter, random.Random})


class PushLuckState(GameState[Move]):
    """One position of a push-your-luck game.  Subclasses set ``game`` and ``cites`` and
    implement ``_turn_limit``, ``_finish_round`` and (optionally) the extra-move hooks.

    ``tally`` counts what happened, per seat, for the playtest lab (``(event, seat) → count``:
    ``stop:<reason>`` as drawn, ``stop_saved``, ``action:<card>`` played, ``round_voided``), and
    ``turns_total`` the turns ended over the game and ``draws_total`` the cards drawn from the
    piles (the playing-time estimate counts both); nothing in play reads them.

    ``apply_action`` and ``apply_index`` use the moves the last ``legal_count()`` (or
    ``legal_actions()``) call found when no move was applied since (every move drops them); code
    that edits a position's zones directly (tests stacking the piles) does so before asking for
    the moves.
    """

    cites: Cites = {}

    #: the core's fields as slots: past 30 attributes CPython 3.11 stops sharing instance-dict keys
    #: and every ``self.x`` becomes a dict lookup (games add their own fields in ``__dict__``)
    __slots__ = ("_n", "deck_id", "mode", "house", "cards", "rng", "round", "scores", "phase", "tally", "turns_total", "draws_total",
                 "_legal", "piles", "sequences", "secured", "reserves", "discard", "table",
                 "forced", "skip", "turns_played", "pending", "pending_reason", "quantique", "peek",
                 "player", "drawn", "shield", "flip_pending", "last_action", "_persist", "_own_colour",
                 "_stop_loses", "_round_end", "chance_log", "_table", "unseen", "known_top", "_dealing",
                 "_deal_kind", "_resume", "_dealt", "_holders", "owed_by")

    #: whether the game adds choices before the first draw of a turn (``_turn_start_moves``)
    _extra_start = False

    def __init__(self, players: int, seed: int, *, deck: Any, mode: str, house: Any, chance: str = "seeded",
                 record_chance: bool = False, deck_edit: Any = None):
        if not deck.players_min <= players <= deck.players_max:
            raise UsageError(f"{deck.id} plays with {deck.players_min}–{deck.players_max} players, not {players}")
        check_mode(deck, mode)
        if not _loaded:
            _load_kinds()
        self._n = players
        self.deck_id = deck.id
        self.mode = mode
        self.house = house
        self.cards = _deck_cards(deck, players, mode)
        if deck_edit:  # cards removed or swapped (``cardforge.games.deck_edit``)
            from cardforge.games.deck_edit import edit_cards, parse_deck_edit

            self.cards = edit_cards(self.cards, parse_deck_edit(deck_edit), deck.id)
        self.rng = random.Random(seed)
        self.round = 0
        self.scores = [0] * players
        self.phase = _TURN
        self.tally: dict[tuple[str, int], int] = {}
        self.turns_total = 0
        self.draws_total = 0
        self._legal: Sequence[Move] | None = None  # the last legal_count() answer, dropped by every move
        self._persist = house.open_sequences == "persist"  # read on most moves (house rules are frozen)
        self._own_colour = house.rainbow_colour == "own"
        self._stop_loses = house.stop_cost == "sequence"  # a colour or value STOP costs the sequence (R2)
        self.chance_mode = check_chance_mode(chance)
        self._table = chance == "table"
        #: every outcome the seeded engine sampled, in order (``record_chance=True``), else None
        self.chance_log: list[Any] | None = [] if record_chance and not self._table else None
        self._dealing: list[int] = []  # table: the piles still owing a card turned over
        self._deal_kind = ""  # table: what the chance node is for (draw, quantique, flip, tornade)
        self._resume = _TURN
        self._dealt: Card | None = None
        self._holders: tuple[int, ...] = ()
        self._start_round()

    # -- rounds and turns ---------------------------------------------------------------------

    def _start_round(self) -> None:
        """Rebuild and shuffle the two piles; everyone starts with nothing."""
        self.round += 1
        half = (len(self.cards) + 1) // 2
        if self._table:  # the table's piles: their sizes, not their cards (each is said when turned over)
            self.piles: list[list[Card]] = [[None] * half, [None] * (len(self.cards) - half)]  # type: ignore[list-item]
            self.unseen: Counter[Card] = Counter(self.cards)
            self.known_top: list[Any] = [None, None]  # a top card Flip showed
        else:
            deck = list(self.cards)
            shuffle(self.rng, deck)
            self.piles = [deck[:half], deck[half:]]
            for pile in self.piles:  # "mélangées séparément"
                shuffle(self.rng, pile)
            if self.chance_log is not None:  # every card taken from a pile is logged as it goes
                self.piles = [_LoggedPile(pile, self.chance_log) for pile in self.piles]
        n = self._n
        self.sequences: list[list[Card]] = [[] for _ in range(n)]
        self.secured: list[list[list[Card]]] = [[] for _ in range(n)]
        self.reserves: list[list[Card]] = [[] for _ in range(n)]
        self.discard: list[Card] = []
        self.table: list[Card] = []  # Shadows that stopped a sequence stay here
        self.forced = [0] * n
        #: why each seat's draws are owed (``rainbow``, ``joker``, ``simple``, ``double``), for the words
        self.owed_by: list[str | None] = [None] * n
        self.skip = [False] * n
        self.turns_played = 0
        self._round_end = self._turn_limit()
        self.pending: Card | None = None
        self.pending_reason: str | None = None
        self.quantique: list[Card] = []
        self.peek: tuple[int, tuple[Card | None, Card | None]] | None = None
        self.player = (self.round - 1) % n
        self._reset_turn()
        self._begin_turn()

    def _turn_limit(self) -> float:
        """How many turns the round lasts at most, as known when it starts (``_round_end``: the
        round ends once ``turns_played`` reaches it, or when both piles are empty)."""
        raise NotImplementedError

    def _reset_turn(self) -> None:
        self.drawn = 0
        self.shield = False
        self.flip_pending = False
        self.last_action = False  # Quantique: the turn ends once its card is resolved

    def _begin_turn(self) -> None:
        p = self.player
        if self.skip[p]:
            self.skip[p] = False
            self.phase = _SKIPPED
        else:
            self.phase = _TURN

    def _end_turn(self) -> None:
        """The turn is over: the round ends, or the next player's turn begins (``_reset_turn``
        and ``_begin_turn`` inlined: this runs once a turn)."""
        p = self.player
        if self.phase != _SKIPPED:
            self.forced[p] = 0  # draws still owed end with the turn (R6)
        self.turns_played = played = self.turns_played + 1
        self.turns_total += 1
        self.peek = None
        self.drawn = 0
        self.shield = self.flip_pending = self.last_action = False
        a, b = self.piles
        if not (a or b) or played >= self._round_end:
            self._finish_round()
            return
        self.player = p = (p + 1) % self._n
        skip = self.skip
        if skip[p]:
            skip[p] = False
            self.phase = _SKIPPED
        else:
            self.phase = _TURN

    def _finish_round(self) -> None:
        """Score the round, then ``_next_round_or_end``."""
        raise NotImplementedError

    def _last_round(self) -> bool:
        raise NotImplementedError

    def _next_round_or_end(self) -> None:
        if self._last_round():
            self.phase = _OVER
        else:
            self._start_round()

    def _note(self, event: str, player: int) -> None:
        """Count one event of ``player`` in ``tally``."""
        key = (event, player)
        tally = self.tally
        tally[key] = tally.get(key, 0) + 1

    # -- GameState ------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    def current_player(self) -> int:
        phase = self.phase
        if phase == _TURN:  # most steps
            return self.player
        return TERMINAL if phase == _OVER else CHANCE if phase == _DEAL else self.player

    def is_chance_node(self) -> bool:
        return self.phase == _DEAL

    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def returns(self) -> list[int]:
        return list(self.scores)

    def winners(self) -> list[int]:
        """The players with the best result (a tie shares the victory)."""
        keys = [self._ranking_key(p) for p in range(self._n)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def _ranking_key(self, player: int) -> tuple:
        return (self.scores[player],)

    def card_count(self) -> Counter[Card]:
        count: Counter[Card] = Counter()
        zones = (self.sequences, self.reserves, (self.discard, self.table, self.quantique))
        if self._table:  # a table's piles hold what it has not seen (and what Flip showed on top)
            count.update(self.unseen)
            count.update(c for c in self.known_top if isinstance(c, Card))
        else:
            zones += (self.piles,)
        for group in zones:
            for zone in group:
                count.update(c for c in zone if c is not None)
        for sequences in self.secured:
            for seq in sequences:
                count.update(seq)
        if self.pending is not None:
            count[self.pending] += 1
        return count

    def clone(self) -> PushLuckState:
        """An independent copy: lists, dicts and counters are copied (nested ones too), the
        cards, moves, tuples and house rules (immutable) shared, the generator copied with its
        state; a recorded game (``chance_log``) is deep-copied whole (its piles log to it)."""
        if self.chance_log is not None:
            import copy

            return copy.deepcopy(self)
        other = object.__new__(type(self))
        for name in PushLuckState.__slots__:
            if hasattr(self, name):  # (a seeded game has no table fields)
                setattr(other, name, _copied(getattr(self, name)))
        if hasattr(self, "__dict__"):  # a game's own fields
            other.__dict__.update({k: _copied(v) for k, v in self.__dict__.items()})
        other._legal = None
        return other

    def round_index(self) -> int:
        return self.round

    def leaders(self) -> list[int]:
        return self.winners()  # the best ranking so far, whether the game is over or not

    def resample_from_infostate(self, player: int, rng: Any) -> PushLuckState:
        """A copy where the two piles (but the top cards ``player`` saw with Flip) and the cards
        of another player's Quantique are dealt again from ``rng``
        (``GameState.resample_from_infostate``)."""
        from cardforge.games.chance import card_code, redeal, reseeded

        other = self.clone()
        mine = other.peek is not None and other.peek[0] == player
        piles = [pile[:-1] if mine and pile else pile[:] for pile in other.piles]
        quantique = other.quantique if other.quantique and player != other.player else []
        redeal(rng, [*piles, quantique], card_code)
        for pile, dealt in zip(other.piles, piles):
            pile[:len(dealt)] = dealt
        if other.peek is not None and not mine:  # what the other player saw is the new tops
            other.peek = (other.peek[0], tuple(pile[-1] if pile else None for pile in other.piles))
        other.rng = reseeded(rng)
        return other

    def open_sequence(self, player: int) -> list[Card]:
        return self.sequences[player]

    def observation(self, player: int) -> dict[str, Any]:
        """The table as ``player`` sees it: sequences and reserves are public (face up); only the
        cards Flip showed and Quantique drew are private."""
        obs: dict[str, Any] = {
            "round": self.round,
            "phase": self.phase,
            "current_player": self.current_player(),
            "piles": [len(p) for p in self.piles],
            "sequences": [[c.code for c in s] for s in self.sequences],
            "secured": [[[c.code for c in s] for s in seqs] for seqs in self.secured],
            "reserves": [[c.code for c in r] for r in self.reserves],
            "table": [c.code for c in self.table],
            "discard": len(self.discard),
            "scores": list(self.scores),
            "forced": list(self.forced),
            "skip": list(self.skip),
            "pending": self.pending.code if self.pending is not None else None,
        }
        if self.peek is not None and self.peek[0] == player:
            obs["peek"] = [c.code if isinstance(c, Card) else None if c is None else "?" for c in self.peek[1]]
        if self.quantique and player == self.player:
            obs["quantique"] = [c.code for c in self.quantique]
        return obs

    # -- legal actions ----------------------------------------------------------------------

    def legal_count(self) -> int:
        """``len(legal_actions())``; the moves are kept for ``apply_index`` (most are a shared
        tuple of ``_TURN_MOVES``, not a new list)."""
        if self.phase == _TURN:  # most moves are made here: inline, from a table
            p = self.player
            a, b = self.piles
            d = (1 if a else 0) + (2 if b else 0)  # which piles may be drawn from: _DRAWS[d]
            if d and self.forced[p]:  # a Rainbow, a Joker's replay, Simple/Double: draw first (R5, R6)
                moves: Sequence[Move] = _DRAWS[d]
            elif self.flip_pending and d:  # Flip: draw one more or say stop (R16); with nothing to
                seq = self.sequences[p]  # lock, stop ends it
                moves = _TURN_MOVES[d + (4 if seq else 0) + (8 if self.drawn and not seq else 0)]
            else:
                drawn = self.drawn
                seq = self.sequences[p]
                moves = _TURN_MOVES[d + (4 if seq else 0) + (8 if not d or drawn and (not seq or self._persist) else 0)]
                if not drawn and self._extra_start:
                    moves = [*moves, *self._turn_start_moves()]
                if self.reserves[p]:
                    moves = [*moves, *self._reserve_moves(False)]
        else:
            moves = self._other_moves()
        self._legal = moves
        return len(moves)

    def legal_actions(self) -> list[Move]:
        self.legal_count()
        moves = self._legal
        if type(moves) is not list:
            moves = self._legal = list(moves)
        return moves

    def _other_moves(self) -> list[Move]:
        """The legal moves outside the plain turn."""
        phase = self.phase
        if phase == _ACTION_DRAWN:
            return self._action_drawn_moves()
        if phase == _ELIMINATION:
            savers = self._savers()
            return [_move("activate", None, i) for i, c in enumerate(self.reserves[self.player])
                    if c.action in savers] + [_ACCEPT]
        if phase == _QUANTIQUE:
            room = len(self.reserves[self.player]) < RESERVE_SIZE
            return [_move("choose", None, i) for i, c in enumerate(self.quantique)
                    if c.action is None or room] + [_CHOOSE_NONE]
        if phase == _SKIPPED:
            moves = [_LOCK] if self.sequences[self.player] else []
            moves += self._reserve_moves(True)
            moves.append(_END)
            return moves
        if phase == _VALIDATE:
            return self._validate_moves()
        return []

    def _turn_start_moves(self) -> list[Move]:
        """Extra choices before the first draw of a turn (``collection``: declare the end);
        asked only of a game whose ``_extra_start`` says it has some."""
        return []

    def _savers(self) -> tuple[str, ...]:
        return _SAVERS

    def _targets(self, action: str, skipped: bool) -> tuple[int | None, ...] | None:
        """Who or what an action card may aim at now; ``None`` when it cannot be played (the
        cards most often held in a reserve are asked about first)."""
        if action == "joker":  # only after a STOP card (ELIMINATION), or to give a skipped turn back (R12)
            return _NO_TARGET if skipped and self.house.skip_joker == "replay" else None
        if action == "infini":
            return None if skipped or self.shield else _NO_TARGET
        p, n = self.player, self._n
        if action == "simple" or action == "double":
            a, b = self.piles
            return _others(n, p) if skipped or not (a or b) else _everyone(n)
        if action == "passe":
            return _others(n, p)
        if action == "eclair":
            sequences = self.sequences
            return tuple(q for q in range(n) if q != p and sequences[q]) or None
        if action == "swipe":
            sequences = self.sequences
            return tuple(q for q in _neighbours(n, p) if sequences[q]) or None
        if action == "tornade":
            return _NO_TARGET if sum(1 for s in self.sequences if s) >= 2 else None
        if skipped:  # the rest make their owner draw
            return None
        if action == "flip":
            a, b = self.piles
            return _NO_TARGET if a or b else None
        if action == "quantique":
            return tuple(i for i, pile in enumerate(self.piles) if pile) or None
        return None

    def _reserve_moves(self, skipped: bool) -> list[Move]:
        moves: list[Move] = []
        for slot, card in enumerate(self.reserves[self.player]):
            action = card.action
            targets = self._targets(action, skipped)
            if targets:
                moves += _activations(slot, action, targets)
        return moves

    def _action_drawn_moves(self) -> list[Move]:
        action = self.pending.action
        targets = self._targets(action, False) or _NO_TARGET  # played for no effect (R9)
        if len(self.reserves[self.player]) < RESERVE_SIZE:
            return _activations(None, action, targets, _KEEP)
        # full reserve: play one of it to make room (sheet's 💡)
        return [*_activations(None, action, targets), *self._reserve_moves(False)]

    def _validate_moves(self) -> list[Move]:
        raise NotImplementedError

    # -- applying ----------------------------------------------------------------------------

    def apply_action(self, action: Move) -> None:
        legal = self._legal
        if not (legal is not None and action in legal) and action not in self.legal_actions():
            if self.phase == _DEAL:
                raise refusal(IllegalActionError, "error.pl.chance_first", move=self.action_to_string(action))
            raise IllegalActionError(
                f"illegal move {self.action_to_string(action)!r} for player {self.player} in phase {self.phase}; "
                f"legal: {', '.join(self.action_to_string(m) for m in self._legal)}"
            )
        self.apply_legal(action)

    def apply_index(self, index: int) -> None:
        """Play move ``index`` of the moves ``legal_count()`` kept (found now if none are): the
        one body of ``apply_legal`` too, so the simulator's step makes no further call to
        dispatch the move, nor to receive the card drawn."""
        legal = self._legal
        if legal is None:
            self.legal_count()
            legal = self._legal
        action = legal[index]
        self._legal = None
        kind_ = action.kind
        p = self.player
        if kind_ == "draw":
            if action is not _DEALT:
                piles = self.piles
                card = piles[action.pile].pop()
                self.drawn += 1
                self.draws_total += 1
                self.flip_pending = False
                self.peek = None
                forced = self.forced
                if forced[p]:
                    forced[p] -= 1
                if not (piles[0] or piles[1]):
                    forced[p] = 0  # nothing left to draw (R8)
                if card is None:  # the table turns the card over: a chance node
                    self._await("draw", (action.pile,))
                    return
            else:  # the card the table turned over (``apply_chance``)
                card = self._dealt
                self._dealt = None
            if card.action is not None:  # an action card waits for a choice
                self.pending = card
                self.phase = _ACTION_DRAWN
                return
        elif kind_ == "choose":  # the card kept from Quantique is received as a drawn one
            card = self._quantique_choose(action.slot)
            if card is None:
                return
        else:
            if kind_ == "lock":
                if self.sequences[p]:
                    self.secured[p].append(self.sequences[p])
                    self.sequences[p] = []
                self._end_turn()
            elif kind_ == "end":
                if self.phase == _SKIPPED and self.sequences[p]:
                    self.discard += self.sequences[p]  # Passe Ton Tour: not secured → discarded
                    self.sequences[p] = []
                    self._on_sequence_lost(p, "skipped")
                self._end_turn()
            elif kind_ == "keep":
                self.reserves[p].append(self.pending)
                self.pending = None
                self._after_card()
            elif kind_ == "activate":
                self._activate(action)
            elif kind_ == "accept":
                self._accept_stop()
            else:
                self._apply_game_move(action)
            return
        # a numbered card reaches the player: it joins the sequence unless it triggers a STOP
        seq = self.sequences[p]
        if card.family in _SHADOWS:
            reason: str | None = "shadow"
        elif not seq:
            reason = None
        elif self._own_colour:  # ``stop_reason`` for the default Rainbow colour, inlined
            last = seq[-1]
            family = last.family
            reason = ("color" if family == card.family and len(seq) >= 2 and seq[-2].family == family
                      else "value" if last.value == card.value else None)
        else:
            reason = stop_reason(seq, card, self.house.rainbow_colour)
        if reason is not None:
            self._note(_STOP_EVENTS[reason], p)
            self._stop(card, reason)
        else:
            seq.append(card)
            if self.last_action:  # Quantique's card: the turn ends (``_after_card``)
                self._end_turn()
            elif card.family in _RAINBOWS and (self.piles[0] or self.piles[1]):  # (a draw: the phase stays TURN)
                self.forced[p] += 1  # "doit piocher immédiatement une nouvelle carte"
                self.owed_by[p] = "rainbow"

    def apply_legal(self, action: Move) -> None:
        self._legal = (action,)
        self.apply_index(0)

    def _apply_game_move(self, move: Move) -> None:
        raise IllegalActionError(f"unknown move {move!r}")

    def _after_card(self) -> None:
        """Back to the player's choices, or the end of the turn after Quantique."""
        if self.last_action:
            self._end_turn()
        else:
            self.phase = _TURN

    def _set_aside(self, card: Card) -> None:
        """A STOP card leaves play: a Shadow stays on the table, any other goes to the discard."""
        (self.table if card.family in _SHADOWS else self.discard).append(card)

    def _stop(self, card: Card, reason: str) -> None:
        p = self.player
        if self.shield:  # Infini played earlier this turn (R3)
            self._note("stop_saved", p)
            self.shield = False
            self._set_aside(card)
            self._after_card()
            return
        self.pending, self.pending_reason = card, reason
        savers = self._savers()
        for held in self.reserves[p]:
            if held.action in savers:
                self.phase = _ELIMINATION
                return
        self._accept_stop()

    def _accept_stop(self) -> None:
        p = self.player
        card, reason = self.pending, self.pending_reason
        self.pending = self.pending_reason = None
        if reason == "shadow":  # ``_set_aside``: a Shadow stays on the table (and costs the sequence)
            self.table.append(card)
        else:
            self.discard.append(card)
        if reason == "shadow" or self._stop_loses:
            self.discard += self.sequences[p]
            self.sequences[p] = []
            self._on_sequence_lost(p, reason)
        self._end_turn()

    def _on_sequence_lost(self, player: int, reason: str) -> None:
        """Hook: a sequence was discarded (``collection`` voids the round after a Shadow)."""

    def _activate(self, move: Move) -> None:
        p = self.player
        reserve = self.reserves[p]
        if move.slot is None:
            card, self.pending = self.pending, None
        else:
            card = reserve.pop(move.slot)
            if self.phase == _ACTION_DRAWN:  # the reserve had no room: the new card fills it
                reserve.append(self.pending)
                self.pending = None
        self.discard.append(card)  # "s'activent à la défausse"
        self._note(_ACTION_EVENTS.get(card.action) or _ACTION_EVENTS.setdefault(card.action, f"action:{card.action}"), p)
        if self.phase == _ELIMINATION:
            self._note("stop_saved", p)
        _EFFECTS[card.action](self, move)

    # -- the action cards ------------------------------------------------------------------

    def _effect_joker(self, move: Move) -> None:
        """Joker: after a STOP card, play on with the sequence and draw again at once (R3); in a
        skipped turn, the player plays the turn after all (R12)."""
        if self.phase == _SKIPPED:
            self.phase = _TURN
            return
        if self.phase == _ELIMINATION:
            self._saved()
            if any(self.piles) and not self.last_action:
                self.forced[self.player] += 1  # "rejouez immédiatement"
                self.owed_by[self.player] = "joker"
        self._after_card()

    def _effect_infini(self, move: Move) -> None:
        """Infini: the next STOP card of this turn is set aside without elimination (R3)."""
        if self.phase == _ELIMINATION:
            self._saved()
        else:
            self.shield = True
        self._after_card()

    def _saved(self) -> None:
        self._set_aside(self.pending)
        self.pending = self.pending_reason = None

    def _effect_simple(self, move: Move) -> None:
        self._force(move.target, 1, "simple")

    def _effect_double(self, move: Move) -> None:
        self._force(move.target, 2, "double")

    def _force(self, target: int | None, count: int, why: str) -> None:
        """Simple/Double: the target owes more draws — now if it is the player, else at the
        start of their next real turn (R6)."""
        if target is not None and any(self.piles):
            self.forced[target] += count
            self.owed_by[target] = why
        self._back_to_choice()

    def _effect_passe(self, move: Move) -> None:
        if move.target is not None:
            self.skip[move.target] = True
        self._back_to_choice()

    def _effect_flip(self, move: Move) -> None:
        """Flip: the player looks at the top card of each pile, then draws one more or stops (R16)."""
        piles = self.piles
        if piles[0] or piles[1]:
            if self._table:
                self._await("flip")
                return
            tops = tuple(pile[-1] if pile else None for pile in piles)
            if self.chance_log is not None:
                self.chance_log.append(tops)
            self.peek = (self.player, tops)
            self.flip_pending = True
        self._back_to_choice()

    def _effect_swipe(self, move: Move) -> None:
        p, q = self.player, move.target
        if q is not None:
            self.sequences[p], self.sequences[q] = self.sequences[q], self.sequences[p]
        self._back_to_choice()

    def _effect_eclair(self, move: Move) -> None:
        if move.target is not None:
            self.discard += self.sequences[move.target]
            self.sequences[move.target] = []
        self._back_to_choice()

    def _effect_tornade(self, move: Move) -> None:
        """Tornade: the unsecured sequences are shuffled as wholes and dealt back (R10)."""
        holders = tuple(q for q in range(self._n) if self.sequences[q])
        if len(holders) > 1:  # (a Tornade drawn and played for no effect deals nothing, R9)
            if self._table:
                self._holders = holders
                self._await("tornade")
                return
            order = list(holders)
            self.rng.shuffle(order)  # the same draws as shuffling the sequences themselves
            if self.chance_log is not None:
                self.chance_log.append(tuple(order))
            self._redeal(holders, order)
        self._back_to_choice()

    def _redeal(self, holders: Sequence[int], order: Sequence[int]) -> None:
        """Tornade's outcome: ``holders[k]`` receives the sequence ``order[k]`` held."""
        bundles = [self.sequences[q] for q in order]
        for q, bundle in zip(holders, bundles):
            self.sequences[q] = bundle

    def _effect_quantique(self, move: Move) -> None:
        """Quantique: draw 3 from the chosen pile (the other completes it), keep one or none."""
        if move.pile is None:
            self._back_to_choice()
            return
        order = (move.pile, 1 - move.pile)
        sources = []
        for _ in range(3):
            source = next((i for i in order if self.piles[i]), None)
            if source is None:
                break
            sources.append(source)
            self.quantique.append(self.piles[source].pop())
        self.last_action = True
        if self._table:
            self._await("quantique", sources, resume=_QUANTIQUE)
            return
        self.phase = _QUANTIQUE

    def _quantique_choose(self, slot: int | None) -> Card | None:
        """Keep one of Quantique's cards (or none) and discard the others: an action card goes to
        the reserve and the turn ends; a numbered card is returned, to be received as drawn."""
        cards, self.quantique = self.quantique, []
        kept = cards.pop(slot) if slot is not None else None
        self.discard += cards
        if kept is not None and kept.action is None:
            return kept
        if kept is not None:
            self.reserves[self.player].append(kept)
        self._end_turn()
        return None

    def _back_to_choice(self) -> None:
        """After an effect: back to the turn (or the skipped turn), or end it after Quantique."""
        if self.phase == _SKIPPED:
            return
        self._after_card()

    # -- chance at a table (``chance="table"``) ---------------------------------------------------

    def _await(self, kind: str, piles: Sequence[int] = (), *, resume: str | None = None) -> None:
        """Stop at a chance node: ``kind`` says what the table turns over (``draw``/``quantique``:
        a card from each of ``piles`` in turn; ``flip``: the top of each pile; ``tornade``: who
        receives which sequence); ``resume`` is the phase after it (default: the phase now)."""
        self._deal_kind = kind
        self._dealing = list(piles)
        self._resume = self.phase if resume is None else resume
        self.phase = _DEAL

    def chance_kind(self) -> str | None:
        """What the table turns over at this chance node: ``draw`` (one card), ``quantique``
        (Quantique's cards, one at a time), ``flip`` (each pile's top), ``tornade`` (who receives
        which sequence); ``None`` elsewhere."""
        return self._deal_kind if self.phase == _DEAL else None

    def tornade_holders(self) -> tuple[int, ...]:
        """The seats whose open sequences a pending Tornade deals back."""
        return self._holders if self.chance_kind() == "tornade" else ()

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """What the table may turn over here, each with its probability (uniform over the cards
        it has not seen; a top card Flip showed is certain)."""
        if self.phase != _DEAL:
            return []
        kind_ = self._deal_kind
        if kind_ == "tornade":
            orders = list(itertools.permutations(self._holders))
            return [(order, 1 / len(orders)) for order in orders]
        if kind_ == "flip":
            options = [self._pile_outcomes(i) if self.piles[i] else [(None, 1.0)] for i in range(2)]
            pairs = [((a, b), pa * pb) for a, pa in options[0] for b, pb in options[1] if a is None or a != b
                     or self.unseen[a] > 1]
            total = sum(w for _, w in pairs)
            return [(pair, w / total) for pair, w in pairs]
        return self._pile_outcomes(self._dealing[0])

    def _pile_outcomes(self, pile: int) -> list[tuple[Card, float]]:
        top = self.known_top[pile]
        if isinstance(top, Card):
            return [(top, 1.0)]
        total = sum(self.unseen.values())
        return [(card, n / total) for card, n in self.unseen.items() if n]

    def apply_chance(self, outcome: Any) -> None:
        """Apply what the table turned over (see ``chance_outcomes``); a card that is not in the
        piles is an ``IllegalActionError`` saying where it is."""
        if self.phase != _DEAL:
            raise refusal(IllegalActionError, "error.pl.no_chance")
        self._legal = None
        kind_ = self._deal_kind
        if kind_ == "tornade":
            if not isinstance(outcome, tuple) or sorted(outcome) != sorted(self._holders):
                raise refusal(IllegalActionError, "error.pl.tornade_outcome",
                              holders=", ".join(self.seat_name(q) for q in self._holders))
            self.phase = self._resume
            self._redeal(self._holders, outcome)
            self._back_to_choice()
            return
        if kind_ == "flip":
            self._apply_flip(outcome)
            return
        pile = self._dealing[0]
        self._take(outcome, pile)
        self._dealing.pop(0)
        if kind_ == "draw":
            self.phase = self._resume
            self._dealt = outcome
            self._legal = (_DEALT,)
            self.apply_index(0)
            return
        self.quantique[self.quantique.index(None)] = outcome  # type: ignore[arg-type]
        if not self._dealing:
            self.phase = self._resume

    def _apply_flip(self, outcome: Any) -> None:
        tops = tuple(outcome) if isinstance(outcome, tuple | list) else ()
        if len(tops) != 2 or any((top is None) != (not pile) for top, pile in zip(tops, self.piles)):
            raise refusal(IllegalActionError, "error.pl.flip_outcome",
                          piles=", ".join(PILES[i] for i in range(2) if self.piles[i]))
        taken = []
        try:
            for i, top in enumerate(tops):
                if isinstance(top, Card) and top != self.known_top[i]:
                    self._take(top, i)
                    taken.append(top)
        except IllegalActionError:
            self.unseen.update(taken)  # all or nothing
            raise
        for i, top in enumerate(tops):
            if top is not None and (top is not UNKNOWN or not isinstance(self.known_top[i], Card)):
                self.known_top[i] = top
        self.phase = self._resume
        self.peek = (self.player, tops)
        self.flip_pending = True
        self._back_to_choice()

    def _take(self, card: Any, pile: int) -> None:
        """A card turned over from ``pile`` leaves the table's unseen cards (card conservation)."""
        if not isinstance(card, Card):
            raise refusal(IllegalActionError, "error.pl.card_expected", found=str(card))
        top = self.known_top[pile]
        if isinstance(top, Card):
            if card != top:
                raise refusal(IllegalActionError, "error.pl.top_is", pile=PILES[pile], top=top.code, card=card.code)
            self.known_top[pile] = None
            return
        self.known_top[pile] = None
        if self.unseen[card] <= 0:
            raise self._where(card)
        self.unseen[card] -= 1

    def _where(self, card: Card) -> IllegalActionError:
        """The refusal of a card that cannot be turned over: where it is already."""
        for q in range(self._n):
            name = self.seat_name(q)
            if card in self.sequences[q]:
                return refusal(IllegalActionError, "error.pl.in_sequence", card=card.code, player=name)
            if any(card in seq for seq in self.secured[q]):
                return refusal(IllegalActionError, "error.pl.in_secured", card=card.code, player=name)
            if card in self.reserves[q]:
                return refusal(IllegalActionError, "error.pl.in_reserve", card=card.code, player=name)
        if card == self.pending:
            return refusal(IllegalActionError, "error.pl.in_hand", card=card.code, player=self.seat_name(self.player))
        for i, top in enumerate(self.known_top):
            if card == top:
                return refusal(IllegalActionError, "error.pl.on_top", card=card.code, pile=PILES[i])
        if card in self.quantique:
            return refusal(IllegalActionError, "error.pl.in_quantique", card=card.code)
        if card in self.table:
            return refusal(IllegalActionError, "error.pl.on_table", card=card.code)
        if card in self.discard:
            return refusal(IllegalActionError, "error.pl.in_discard", card=card.code)
        return refusal(IllegalActionError, "error.pl.not_in_deck", card=card.code, game=self.game,
                       mode=Message(f"mode.{self.mode}"))

    def chance_to_string(self, outcome: Any) -> str:
        """A chance outcome as stored: a card code, ``R3 -`` (Flip's tops, ``-`` an empty pile,
        ``?`` unrevealed), ``p1 p0`` (Tornade: whose sequence each holder receives)."""
        if isinstance(outcome, tuple) and outcome and isinstance(outcome[0], int):
            return " ".join(f"p{q}" for q in outcome)
        if isinstance(outcome, tuple):
            return " ".join("-" if c is None else self.chance_to_string(c) for c in outcome)
        return super().chance_to_string(outcome)

    def parse_chance(self, text: str) -> Any:
        """The outcome ``chance_to_string`` wrote, for the chance node this position is at."""
        deck = self.chance_deck()
        parts = text.replace(",", " ").split()
        if self._deal_kind == "tornade":
            try:
                return tuple(int(t.removeprefix("p")) for t in parts)
            except ValueError:
                raise refusal(IllegalActionError, "error.pl.tornade_outcome",
                              holders=", ".join(self.seat_name(q) for q in self._holders)) from None
        if self._deal_kind == "flip":
            return tuple(None if t == "-" else UNKNOWN if t == "?" else deck.parse(t) for t in parts)
        return super().parse_chance(text)

    # -- text ------------------------------------------------------------------------------------

    def action_to_string(self, action: Move) -> str:
        """The move as the tests and golden files write it: ``draw A``, ``lock``, ``keep flip``,
        ``play reserve[0] double -> p1``, ``play quantique pile B``, ``keep R5`` (Quantique).
        A move naming a slot or pile this position lacks is written too (an illegal move's
        message quotes it): the missing card reads ``nothing``."""
        k = action.kind
        fixed = {"lock": "lock", "end": "end turn", "accept": "accept STOP", "declare": "declare end of round",
                 "done": "done"}
        if k in fixed:
            return fixed[k]
        if k == "draw":
            return f"draw {_pile_name(action.pile)}"
        if k == "keep":
            return f"keep {self.pending or 'nothing'}"
        if k == "choose":
            return "keep none" if action.slot is None else f"keep {_held(self.quantique, action.slot)}"
        if k == "validate":
            return f"validate {' '.join(action.choice)}"
        card = self.pending or "nothing" if action.slot is None else _held(self.reserves[self.player], action.slot)
        where = "" if action.slot is None else f"reserve[{action.slot}] "
        aim = f" -> p{action.target}" if action.target is not None else ""
        aim += f" pile {_pile_name(action.pile)}" if action.pile is not None else ""
        return f"play {where}{card}{aim}"

    def __str__(self) -> str:
        seqs = " | ".join(f"p{q}:{' '.join(c.code for c in s) or '-'}" for q, s in enumerate(self.sequences))
        return f"{self.game} round {self.round} p{self.player} {self.phase}: {seqs}"


#: each action card's effect, by its slug (``PushLuckState._effect_<slug>``, the same in both
#: games), for ``_activate``
_EFFECTS: dict[str, Any] = {name[len("_effect_"):]: fn for name, fn in vars(PushLuckState).items()
                            if name.startswith("_effect_")}
