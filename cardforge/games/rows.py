"""Num Rangées (``rows``, rule sheet 003): simultaneous play onto four colour rows.

Two layers:

* pure functions the referee, the rulebook and the score sheet reuse — ``place_cards`` (one
  simultaneous reveal placed on the rows, with the rule IDs applied at each step),
  ``score_pile`` and ``round_winners``;
* ``RowsState``, the engine: a simultaneous step is played as hidden sequential choices
  (player 0, 1, … each choose a card) and resolved once all have chosen; a round ends when the
  10 cards are played; the match ends when a player alone has 3 round wins.  Chance is the
  deal of each round (ROWS-1.4), one hand per seat in seat order; the rows' start cards are
  the four 0s (ROWS-1.3), no chance.  A ``chance="table"`` engine waits for each hand: its ten
  cards, or ``UNKNOWN`` (the table keeps it hidden); a card revealed from a hidden hand must
  be one the table has not seen this round, else it is refused with where it is.

Both place cards with one implementation of the rules, ``_place``, which works on card ids
(``CardTables``): the engine calls it bare, ``place_cards`` around Card objects and with the
explanations, the bots through ``place_ids``.

Worked example (rule ROWS-6.1, the 5th card takes the four others)::

    >>> from cardforge.cards import parse_cards
    >>> rows = default_rows()
    >>> rows["B"] = parse_cards("B0 B3 B5 B8")
    >>> result = place_cards(rows, {"ann": parse_cards("B9")[0]})
    >>> [c.code for c in result.captured["ann"]], [c.code for c in result.rows["B"]]
    (['B0', 'B3', 'B5', 'B8'], ['B9'])
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from cardforge.cards import Card, FamilyKind
from cardforge.errors import IllegalActionError, UsageError
from cardforge.games.base import CHANCE, TERMINAL, UNKNOWN, GameState, check_chance_mode
from cardforge.games.chance import shuffle
from cardforge.games.compiled import mypyc_attr
from cardforge.games.house import parse_house_rules

if TYPE_CHECKING:
    import random

__all__ = [
    "ROW_COLOURS",
    "ROW_CAPACITY",
    "HAND_SIZE",
    "HouseRules",
    "Event",
    "PlacementResult",
    "default_rows",
    "check_table",
    "check_player_count",
    "place_cards",
    "card_kind",
    "card_points",
    "score_pile",
    "round_winners",
    "RoundResult",
    "RowsState",
    "new_game",
    "CardTables",
    "tables",
    "place_ids",
    "TAKE_ROW",
    "TAKE_FIRST",
    "TAKE_OWN",
]

#: The four rows, in the sheet's order (ROWS-1.3: "Bleu, Rouge, Jaune, Vert").
ROW_COLOURS: tuple[str, ...] = ("B", "R", "Y", "G")
#: A row that reaches this many cards is taken (ROWS-6.1) or explodes (ROWS-8.1).
ROW_CAPACITY = 5
#: Cards dealt to each player per round (ROWS-1.4).
HAND_SIZE = 10
#: Round wins needed to take the match (ROWS-7.4).
TARGET_WINS = 3


@mypyc_attr(native_class=False)  # frozen, pickled with a state: a plain class even compiled
@dataclass(frozen=True)
class HouseRules:
    """The rulings of ``rows`` that are genuine design choices (see ``cardforge/rules/rows.yaml``)."""

    compare_with: str = field(default="last", metadata={"ruling": "ROWS-R1", "choices": ("last", "any")})
    row_tie: str = field(default="sheet_order", metadata={"ruling": "ROWS-R2", "choices": ("sheet_order", "fewest_cards")})
    lower_fifth: str = field(default="capture", metadata={"ruling": "ROWS-R3", "choices": ("capture", "first_card")})
    shadow_equal: str = field(default="fits", metadata={"ruling": "ROWS-R5", "choices": ("fits", "strict")})
    round_tie: str = field(default="all_win", metadata={"ruling": "ROWS-R6", "choices": ("all_win", "nobody")})

    @classmethod
    def parse(cls, pairs: Iterable[str] | None) -> HouseRules:
        """``["row_tie=fewest_cards"]`` → ``HouseRules(row_tie="fewest_cards")``."""
        return parse_house_rules(cls, pairs)


DEFAULT_RULES = HouseRules()


# -- card kinds (from the deck, not hard-coded) ----------------------------------------------


_KINDS: dict[str, FamilyKind] = {}
_PRIORITY = {FamilyKind.SHADOW: 0, FamilyKind.RAINBOW: 1, FamilyKind.CLASSIC: 2}
#: family code → (kind priority, row index) for the placement order
_ORDER: dict[str, tuple[int, int]] = {}


def _load_kinds() -> dict[str, FamilyKind]:
    from cardforge.deck.loader import load_deck  # the submodule (games/compiled.py)

    for code, fam in load_deck("rows").families.items():
        kind = fam.family.kind
        _KINDS[code] = kind
        _ORDER[code] = (_PRIORITY[kind], ROW_COLOURS.index(code) if kind is FamilyKind.CLASSIC else 0)
    return _KINDS


@functools.cache
def deck_cards() -> tuple[Card, ...]:
    """The 102 cards of the rows deck, in canonical order (ROWS-1.1)."""
    from cardforge.deck.loader import load_deck  # the submodule (games/compiled.py)

    return tuple(load_deck("rows").cards())


@functools.cache
def _dealt_cards() -> tuple[Card, ...]:
    """The cards dealt each round: the deck without the four rows' 0s."""
    zeros = {row[0] for row in default_rows().values()}
    return tuple(c for c in deck_cards() if c not in zeros)


def card_kind(card: Card) -> FamilyKind:
    """The family kind of a rows card; ``UsageError`` for a card not in the rows deck."""
    kind = (_KINDS or _load_kinds()).get(card.family or "")
    if kind is None:
        raise UsageError(f"card {card.code!r} is not a Num Rangées card: expected R, G, B, Y, RB or SH 0–16")
    return kind


def placement_key(card: Card) -> tuple[int, int, int]:
    """Order of placement: ascending value (ROWS-2.3); equal values Shadow, Rainbow, then the
    classic colours (ROWS-2.4), these in the rows' order."""
    order = _ORDER.get(card.family or "")
    if order is None:
        card_kind(card)  # loads the kinds, or raises for a card not in the deck
        order = _ORDER[card.family or ""]
    return (cast(int, card.value), *order)


def default_rows() -> dict[str, list[Card]]:
    """The rows at the start of a round: each colour's 0 (ROWS-1.3)."""
    return {colour: [Card(family=colour, value=0)] for colour in ROW_COLOURS}


# -- placement -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened during placement: the rule applied and its facts.

    ``what`` names a catalogue message (``rows.<what>``); texts are built only when asked
    (``PlacementResult.steps``), so the engine's hot loop stays cheap.
    """

    rule: str
    what: str
    player: str = ""
    card: Card | None = None
    row: str = ""
    cards: tuple[Card, ...] = ()
    #: rows equally close, for a tie (ROWS-R2)
    tied: tuple[str, ...] = ()


def _message(event: Event) -> Any:
    """The event as a catalogue message (``rows.<what>``, texts in ``cardforge.i18n``)."""
    from cardforge.i18n import Message

    return Message(
        f"rows.{event.what}",
        player=event.player,
        card=event.card.code if event.card else "",
        row=Message(f"rows.row.{event.row}") if event.row else "",
        cards=" ".join(c.code for c in event.cards),
        tied=[Message(f"rows.row.{c}") for c in event.tied],
    )


@dataclass(frozen=True)
class PlacementResult:
    """The outcome of one simultaneous reveal."""

    #: the rows after every placement, colour → cards (first card first)
    rows: dict[str, list[Card]]
    #: cards each player took in this step (every player given has an entry)
    captured: dict[str, list[Card]]
    #: cards discarded by explosions (variant)
    discarded: list[Card]
    #: the order in which the cards were placed: (player, card)
    order: list[tuple[str, Card]]
    #: what happened, in order, each with its rule ID
    events: tuple[Event, ...]

    @property
    def steps(self) -> list[Any]:
        """The events as referee steps (``Step(rule, message)``)."""
        from cardforge.games.steps import Step

        return [Step(e.rule, _message(e)) for e in self.events]

    def rules(self) -> list[str]:
        return list(dict.fromkeys(e.rule for e in self.events))


def check_player_count(count: int, what: str) -> None:
    """``UsageError`` when more players are given than a table can seat (ruling ROWS-R7)."""
    most = tables().players[1]
    if count > most:
        raise UsageError(f"{count} {what}, one per player: rows plays with at most {most} players (ROWS-R7)")


def check_table(rows: Mapping[str, list[Card]], plays: Mapping[str, Card]) -> None:
    """Check a table is one the game can reach; ``UsageError`` naming the problem if not.

    Each row has 1–4 cards of its own colour, Rainbow or Shadow; no card is on the table twice;
    no revealed card is already in a row; no card is revealed twice.
    """
    seen: dict[Card, str] = {}
    for colour in ROW_COLOURS:
        row = rows.get(colour)
        if row is None:
            raise UsageError(f"missing row {colour!r}: the rows are {', '.join(ROW_COLOURS)}")
        if not 1 <= len(row) < ROW_CAPACITY:
            raise UsageError(
                f"row {colour!r} has {len(row)} cards: a row holds 1 to {ROW_CAPACITY - 1} cards between steps"
            )
        for card in row:
            kind = card_kind(card)
            if kind is FamilyKind.CLASSIC and card.family != colour:
                raise UsageError(
                    f"card {card.code!r} cannot be in the {colour!r} row: classic cards go on their own colour's row"
                )
            if card in seen:
                raise UsageError(f"card {card.code!r} is twice on the table (rows {seen[card]!r} and {colour!r})")
            seen[card] = colour
    check_player_count(len(plays), "revealed cards")
    played: dict[Card, str] = {}
    for player, card in plays.items():
        card_kind(card)
        if card in seen:
            raise UsageError(f"card {card.code!r} of {player!r} is already on the table (row {seen[card]!r})")
        if card in played:
            raise UsageError(f"card {card.code!r} is revealed twice (by {played[card]!r} and {player!r})")
        played[card] = player


# The placement core works on card ids (``CardTables``): one implementation of the rules, which the
# engine calls bare and ``place_cards`` calls with a ``note`` hook that records the events.

#: ``CardTables.kind`` values, in the order of ROWS-2.4 (Shadow, Rainbow, then the classic colours)
_SHADOW, _RAINBOW, _CLASSIC = 0, 1, 2
#: a reveal is sorted as ``card id << _SEAT_BITS | seat``: placement order, then the seat
_SEAT_BITS = 7
_SEAT_MASK = (1 << _SEAT_BITS) - 1
#: the kinds of capture the engine logs (``RowsState.capture_counts``): a full row (5th card, ROWS-6.1), a row's first
#: card (a lower card or a Rainbow fitting nowhere), a Shadow fitting nowhere (ROWS-5.2)
TAKE_ROW, TAKE_FIRST, TAKE_OWN = "row", "first", "own"


class CardTables:
    """The rows deck as per-card tables (``tables()``).  A card's id is its rank in placement
    order (``placement_key``), so sorting ids sorts cards as ROWS-2.3/2.4 do."""

    def __init__(self) -> None:
        from cardforge.deck.loader import load_deck  # the submodule (games/compiled.py)

        deck = load_deck("rows")
        self.players = (deck.players_min, deck.players_max)
        cards = sorted(deck_cards(), key=placement_key)
        if len({placement_key(c) for c in cards}) != len(cards):  # pragma: no cover - a deck error
            raise UsageError("the rows deck has two cards of the same placement rank")
        self.cards: tuple[Card, ...] = tuple(cards)
        self.value: tuple[int, ...] = tuple(cast(int, c.value) for c in cards)
        self.kind = tuple(_PRIORITY[card_kind(c)] for c in cards)
        self.home = tuple(ROW_COLOURS.index(c.family) if k == _CLASSIC else -1 for c, k in zip(cards, self.kind))
        self.points = tuple(card_points(c) for c in cards)
        self.shadow = tuple(int(k == _SHADOW) for k in self.kind)
        #: (value, kind, home row) of each card, unpacked at once by the placement core
        self.info = tuple(zip(self.value, self.kind, self.home))
        self.code = tuple(c.code for c in cards)
        #: the deck's own Card objects → id (``id()`` keys: hashing a Card is slow)
        self.by_object = {id(c): i for i, c in enumerate(cards)}
        self.by_key = {(c.family, c.value): i for i, c in enumerate(cards)}
        self.by_code = {c.code: i for i, c in enumerate(cards)}
        self.zeros = tuple(self.by_key[(colour, 0)] for colour in ROW_COLOURS)
        #: the dealt cards in the deck's canonical order (the order the shuffle starts from)
        self.dealt = tuple(self.by_object[id(c)] for c in deck_cards() if self.by_key[(c.family, c.value)] not in self.zeros)

    def card_id(self, card: Card) -> int:
        """The id of ``card`` (any object equal to a deck card); ``UsageError`` for another card."""
        i = self.by_object.get(id(card))
        if i is not None and self.cards[i] is card:
            return i
        i = self.by_key.get((card.family, card.value)) if card.action is None else None
        if i is None:
            card_kind(card)  # raises for a family outside the deck
            raise UsageError(f"card {card.code!r} is not a Num Rangées card: expected R, G, B, Y, RB or SH 0–16")
        return i

    def shuffled(self, rng: random.Random) -> list[int]:
        """The dealt cards shuffled exactly as ``rng.shuffle`` would (same random stream)."""
        cards = list(self.dealt)
        shuffle(rng, cards)
        return cards


def tables() -> CardTables:
    """The rows deck's card tables (built on first use)."""
    global _TABLES
    if _TABLES is None:
        _TABLES = CardTables()
    return _TABLES


#: the tables once ``tables()`` has built them (read without a call in the hot path)
_TABLES: CardTables | None = None


def _flags(rules: HouseRules) -> tuple[bool, bool, bool, bool]:
    """The placement rulings as booleans: compare with any card (ROWS-R1), fewest cards breaks a
    row tie (ROWS-R2), a lower 5th card takes the row (ROWS-R3), a Shadow needs a strictly lower
    card (ROWS-R5)."""
    return (rules.compare_with == "any", rules.row_tie == "fewest_cards",
            rules.lower_fifth == "capture", rules.shadow_equal == "strict")


def _anchor_any(row: list[int], top: int, value: tuple[int, ...]) -> int:
    """The highest card of ``row`` whose value is at most ``top`` (the first of equals), or -1."""
    anchor, best = -1, -1
    for x in row:
        v = value[x]
        if best < v <= top:
            anchor, best = x, v
    return anchor


def _tie_break(tied: int, rows: list[list[int]]) -> int:
    """ROWS-R2 "fewest_cards": among the rows in the bit mask ``tied``, the one with the fewest
    cards (sheet order among equals)."""
    return min((r for r in range(len(rows)) if tied >> r & 1), key=lambda r: len(rows[r]))


def _rows_of(mask: int) -> tuple[int, ...]:
    return tuple(r for r in range(len(ROW_COLOURS)) if mask >> r & 1)


def _place(rows: list[list[int]], plays: list[int], flags: tuple[bool, bool, bool, bool], explosion: bool,
           captured: list[list[int]], discarded: list[int], log: list[tuple[int, str, list[int]]] | None = None,
           note: Any = None, lasts: list[int] | None = None) -> list[int]:
    """Place one reveal on ``rows`` (row index → card ids), in place; ``plays`` holds each
    player's card as ``card id << _SEAT_BITS | seat`` (so that sorting it gives the order):
    cards taken go to ``captured[seat]``, exploded ones to ``discarded``, each capture to ``log``
    as ``(seat, TAKE_…, cards)``; ``note(rule, what, seat, card, row, cards, tied)`` is called
    for each rule applied (ids and row indices; ``-1`` for none); ``lasts``, the value of each
    row's last card, is kept up to date when given (an engine keeps it between reveals: a placed
    card always ends its row).  Returns the placement order (``card id << _SEAT_BITS | seat``)."""
    d = _TABLES or tables()
    value, info = d.value, d.info
    any_card, fewest, fifth_takes, strict = flags
    order = sorted(plays)
    explain = note is not None
    if lasts is None:
        lasts = [value[row[-1]] for row in rows]
    if explain:
        note("ROWS-2.3", "order", cards=[o >> _SEAT_BITS for o in order])
        values = [value[o >> _SEAT_BITS] for o in order]
        if len(set(values)) < len(values):  # which kinds meet at an equal value decides the words
            kinds = {info[o >> _SEAT_BITS][1] for o in order if values.count(value[o >> _SEAT_BITS]) > 1}
            note("ROWS-2.4", "tie_order" if kinds != {_CLASSIC} else "tie_order_classic")
    for o in order:
        c = o >> _SEAT_BITS
        v, k, r = info[c]
        if k == _CLASSIC:
            takes_first = v < lasts[r]
            if explain and not takes_first:
                note("ROWS-3.2", "append", o & _SEAT_MASK, c, r)
        else:
            # ROWS-4.1/5.1: the row whose last card (or any card, ROWS-R1) is the closest lower
            top = v - 1 if strict and k == _SHADOW else v
            r, best, tied, i = -1, 99, 0, 0
            if any_card:
                for row in rows:
                    a = _anchor_any(row, top, value)
                    if a >= 0:
                        gap = v - value[a]
                        if gap < best:
                            r, best, tied = i, gap, 1 << i
                        elif gap == best:
                            tied |= 1 << i
                    i += 1
            else:  # the highest last card at most ``top``: its first row, and the rows tied with it
                best = -1
                for av in lasts:
                    if best < av <= top:
                        best = av
                if best >= 0:
                    r = lasts.index(best)
                    if (fewest or explain) and lasts.count(best) > 1:
                        tied = sum([1 << i for i, av in enumerate(lasts) if av == best])
            if r >= 0:
                if fewest and tied & (tied - 1):
                    r = _tie_break(tied, rows)
                takes_first = False
                if explain:
                    anchor = _anchor_any(rows[r], top, value) if any_card else rows[r][-1]
                    note("ROWS-5.1" if k == _SHADOW else "ROWS-4.1", "special_fits", o & _SEAT_MASK, c, r, (anchor,))
                    if tied & (tied - 1):
                        note("ROWS-R2", "row_tie_fewest" if fewest else "row_tie", o & _SEAT_MASK, c, r, tied=_rows_of(tied))
                    if anchor == rows[r][-1] and value[anchor] == v:
                        note("ROWS-2.5", "same_value", o & _SEAT_MASK, c, r)
                        if k == _SHADOW:
                            note("ROWS-R5", "shadow_equal", o & _SEAT_MASK, c, r)
            elif k == _SHADOW:  # ROWS-5.2: a Shadow that fits nowhere is kept by its player
                s = o & _SEAT_MASK
                captured[s].append(c)
                if log is not None:
                    log.append((s, TAKE_OWN, [c]))
                if explain:
                    note("ROWS-5.2", "shadow_nowhere", s, c)
                    if strict and v in lasts:
                        note("ROWS-R5", "shadow_strict", s, c)
                continue
            else:  # ROWS-4.2: a Rainbow that fits nowhere goes to the closest row and takes its first card
                best, tied = 99, 0
                for i in range(4):
                    gap = abs(lasts[i] - v)
                    if gap < best:
                        r, best, tied = i, gap, 1 << i
                    elif gap == best:
                        tied |= 1 << i
                if fewest and tied & (tied - 1):
                    r = _tie_break(tied, rows)
                if explain and tied & (tied - 1):
                    note("ROWS-R2", "row_tie_fewest" if fewest else "row_tie", o & _SEAT_MASK, c, r, tied=_rows_of(tied))
                takes_first = True
        # the card goes at the end of its row: a 5th card takes (or explodes) the row; a card
        # that takes the first card (lower card, Rainbow fitting nowhere) takes it
        row = rows[r]
        row.append(c)
        lasts[r] = v
        if len(row) == ROW_CAPACITY and (fifth_takes or not takes_first):
            s = o & _SEAT_MASK
            others = row[:-1]
            del row[:-1]
            if explain and takes_first:
                if k != _CLASSIC:  # a Rainbow fitting nowhere (ROWS-4.2) lands as the 5th card
                    note("ROWS-4.2", "rainbow_goes", s, c, r)
                note("ROWS-R3", "lower_fifth_explode" if explosion else "lower_fifth", s, c, r)
            if explosion:
                discarded.extend(others)
                if explain:
                    note("ROWS-8.1", "explode", s, c, r)
                    note("ROWS-8.2", "discard", s, c, r, others)
                    note("ROWS-8.3", "no_points", s, c, r)
                    note("ROWS-R4", "survivor", s, c, r)
            else:
                captured[s].extend(others)
                if log is not None:
                    log.append((s, TAKE_ROW, others))
                if explain:
                    note("ROWS-6.1", "fifth", s, c, r, others)
                    note("ROWS-6.2", "new_first", s, c, r)
        elif takes_first:
            s = o & _SEAT_MASK
            first = row.pop(0)
            captured[s].append(first)
            if log is not None:
                log.append((s, TAKE_FIRST, [first]))
            if explain:
                if k == _CLASSIC:
                    note("ROWS-3.1", "lower", s, c, r, (first,))
                else:
                    note("ROWS-4.2", "rainbow_nowhere", s, c, r, (first,))
    return order


def place_ids(rows: list[list[int]], cards: Sequence[int], rules: HouseRules | None = None,
              explosion: bool = False) -> tuple[list[list[int]], list[int]]:
    """``place_cards`` on card ids (``tables()``), for callers that place many reveals (the
    bots): ``cards[seat]`` placed on ``rows`` (row index in ``ROW_COLOURS`` order → ids), which
    is changed in place.  Returns each seat's captures and the discards (explosions)."""
    captured: list[list[int]] = [[] for _ in cards]
    discarded: list[int] = []
    _place(rows, [c << _SEAT_BITS | s for s, c in enumerate(cards)], _flags(rules or DEFAULT_RULES), explosion,
           captured, discarded)
    return captured, discarded


def place_cards(
    rows: Mapping[str, list[Card]],
    plays: Mapping[str, Card],
    rules: HouseRules | None = None,
    explosion: bool = False,
    *,
    check: bool = True,
    explain: bool = True,
) -> PlacementResult:
    """Place one simultaneous reveal (``plays``: player → card) on ``rows`` (colour → cards).

    Pure: the inputs are not modified, and the result holds the very Card objects given.
    ``check=False`` skips ``check_table`` (for tables legal by construction); ``explain=False``
    records no events.  The engine calls the same core (``_place``) on card ids directly.
    """
    rules = rules or DEFAULT_RULES
    if check:
        check_table(rows, plays)
    d = tables()
    back: dict[int, Card] = {}

    def ids(cards: Iterable[Card]) -> list[int]:
        out = []
        for card in cards:
            i = d.card_id(card)
            back[i] = card
            out.append(i)
        return out

    table = [ids(rows[colour]) for colour in ROW_COLOURS]
    names = list(plays)
    played = [c << _SEAT_BITS | s for s, c in enumerate(ids(plays.values()))]
    captured: list[list[int]] = [[] for _ in names]
    discarded: list[int] = []
    events: list[Event] = []

    def note(rule: str, what: str, seat: int = -1, card: int = -1, row: int = -1,
             cards: Iterable[int] = (), tied: Iterable[int] = ()) -> None:
        events.append(Event(rule, what, names[seat] if seat >= 0 else "", back[card] if card >= 0 else None,
                            ROW_COLOURS[row] if row >= 0 else "", tuple(back[x] for x in cards),
                            tuple(ROW_COLOURS[x] for x in tied)))

    order = _place(table, played, _flags(rules), explosion, captured, discarded, None, note if explain else None)
    return PlacementResult(
        {colour: [back[x] for x in row] for colour, row in zip(ROW_COLOURS, table)},
        {name: [back[x] for x in pile] for name, pile in zip(names, captured)},
        [back[x] for x in discarded],
        [(names[o & _SEAT_MASK], back[o >> _SEAT_BITS]) for o in order],
        tuple(events),
    )


# -- scoring -------------------------------------------------------------------------------


def card_points(card: Card) -> int:
    """Points of one captured card: classic and Rainbow at face value (ROWS-7.1), Shadow
    negative (ROWS-7.2)."""
    kind = card_kind(card)
    value = cast(int, card.value)
    return -value if kind is FamilyKind.SHADOW else value


def score_pile(cards: Iterable[Card]) -> int:
    """Points of a pile of captured cards.

    >>> from cardforge.cards import parse_cards
    >>> score_pile(parse_cards("R5 RB7 SH3 B0"))
    9
    """
    return sum(card_points(c) for c in cards)


def round_winners(scores: Mapping[Any, int], rules: HouseRules | None = None) -> list[Any]:
    """The players who win the round: the most points (ROWS-7.3); a tie is settled by ROWS-R6
    (every tied player wins, or nobody does), in the order given."""
    if not scores:
        return []
    rules = rules or DEFAULT_RULES
    best = max(scores.values())
    top = [p for p, s in scores.items() if s == best]
    if len(top) > 1 and rules.round_tie == "nobody":
        return []
    return top


# -- the engine ----------------------------------------------------------------------------


def _player(i: int) -> str:
    return f"p{i}"


#: the players' names at a table, in seat order (``p0``, ``p1``, …)
_NAMES = tuple(_player(i) for i in range(64))


def _as_bool(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise UsageError(f"option {name!r}: expected true or false, found {value!r}")


@mypyc_attr(native_class=False)  # frozen, pickled with a state: a plain class even compiled
@dataclass(frozen=True)
class RoundResult:
    """A finished round: each player's captured pile (card ids, ``tables()``; ``piles`` shows
    them as Cards), their points, and the winners' indices."""

    pile_ids: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Each player's captured pile as Cards."""
        cards = tables().cards
        return tuple(tuple([cards[c] for c in pile]) for pile in self.pile_ids)


class RowsState(GameState[Card]):
    """One position of a Num Rangées match.

    Actions are cards: the current player picks one card of their hand, hidden from the others;
    once all have picked, the step is placed (``_place``, the core of ``place_cards``).
    ``returns()`` are the round wins; ``points()`` the current round's points.

    Cards are ids (``CardTables``); ``hands``, ``rows``, ``stock``, ``pending``, ``captured`` and
    ``discard`` show them as Cards.  ``hands`` is built on first use and then kept beside the
    ids: tests may edit it (to hide information), and every move first reads the edits back
    (``_sync``), so the simulator, which never asks for it, builds no Card list per deal.
    Every capture of the match is logged (``_log``: seat, ``TAKE_…``, card ids), summed per
    player by ``capture_counts()``; ``steps`` counts the reveals placed: the simulator's event
    counts read these.
    """

    game = "rows"

    def __init__(self, players: int, seed: int = 0, *, rules: HouseRules | None = None,
                 explosion: bool = False, target_wins: int = TARGET_WINS, chance: str = "seeded",
                 record_chance: bool = False, _shell: bool = False):
        if _shell:  # a copy's empty shell (``clone``, unpickling): the caller sets every field
            return
        d = tables()
        low, high = d.players
        if not low <= players <= high:
            raise UsageError(f"rows plays with {low}–{high} players (ruling ROWS-R7), not {players}")
        if target_wins < 1:
            raise UsageError(f"target_wins must be at least 1, not {target_wins}")
        self._d = d
        self._n = players
        self.rules = rules or DEFAULT_RULES
        self._flags = _flags(self.rules)
        self.explosion = explosion
        self.target_wins = target_wins
        self.chance_mode = check_chance_mode(chance)
        if record_chance:
            self.chance_log = []
        #: per seat, the cards of a hand dealt ``UNKNOWN`` still held (``None``: a seeded engine)
        self._hidden: list[int] | None = [0] * players if chance == "table" else None
        import random  # here: a referee ruling plays no seeded game

        self._rng = random.Random(seed)
        self.wins = [0] * players
        self.round_no = 0
        #: the finished rounds, in order
        self.history: list[RoundResult] = []
        #: every capture of the match, in order: (seat, TAKE_ROW/TAKE_FIRST/TAKE_OWN, card ids)
        self._log: list[tuple[int, str, list[int]]] = []
        #: reveals placed in the match
        self.steps = 0
        #: Shadows in each player's piles of the rounds before this one
        self._shadows = [0] * players
        self._last: tuple[Any, ...] | None = None
        self._deal()

    def _deal(self) -> None:
        """Shuffle the whole deck and deal a new round (ROWS-1.3, ROWS-1.4)."""
        d = self._d
        self.round_no += 1
        self._rows = [[z] for z in d.zeros]
        #: the value of each row's last card (``_place`` keeps it)
        self._lasts = [d.value[z] for z in d.zeros]
        n = self._n
        #: ``hands`` once asked for (None: not built this deal)
        self._hands: list[list[Card]] | None = None
        if self._hidden is None:
            cards = d.shuffled(self._rng)
            #: each hand's card ids (sorted ids are in placement order)
            self._ids = [sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(n)]
            self._stock = cards[n * HAND_SIZE:]
            if self.chance_log is not None:
                self.chance_log.extend(tuple(self._cards(hand)) for hand in self._ids)
        else:  # the table deals: hands come through apply_chance, seat by seat
            self._ids = [[] for _ in range(n)]
            self._hidden = [0] * n
            self._stock = []
        self._captured: list[list[int]] = [[] for _ in range(n)]
        self._discard: list[int] = []
        #: the hidden choices of this step (``card id << _SEAT_BITS | seat``, -1 not yet chosen);
        #: players choose in turn, 0 first
        self._pending = [-1] * n
        #: the seat choosing; ``CHANCE`` while a table engine waits for the deal
        self._chosen = 0 if self._hidden is None else CHANCE
        #: the seat whose hand the table deals next
        self._dealing = 0
        self._terminal = False

    # -- the zones as Card objects -----------------------------------------------------

    def _cards(self, ids: Iterable[int]) -> list[Card]:
        table = self._d.cards
        return [table[c] for c in ids]

    @property
    def hands(self) -> list[list[Card]]:
        """Each player's hand (the deck's own Card objects); edits are the position's."""
        if self._hands is None:
            self._hands = [self._cards(hand) for hand in self._ids]
        return self._hands

    @hands.setter
    def hands(self, hands: Iterable[Iterable[Card]]) -> None:
        self._hands = [list(hand) for hand in hands]
        self._sync()

    def _sync(self) -> None:
        """Read edited ``hands`` back into the ids (only once ``hands`` was asked for)."""
        card_id = self._d.card_id
        self._ids = [[card_id(c) for c in hand] for hand in self._hands or ()]

    @property
    def rows(self) -> dict[str, list[Card]]:
        """Colour → the row's cards, first card first."""
        return {colour: self._cards(row) for colour, row in zip(ROW_COLOURS, self._rows)}

    @property
    def stock(self) -> list[Card]:
        """The cards not dealt this round (tests may replace them)."""
        return self._cards(self._stock)

    @stock.setter
    def stock(self, cards: Iterable[Card]) -> None:
        self._stock = [self._d.card_id(c) for c in cards]

    @property
    def pending(self) -> list[Card | None]:
        """This step's hidden choices (``None``: not chosen yet)."""
        return [self._d.cards[c >> _SEAT_BITS] if c >= 0 else None for c in self._pending]

    @property
    def captured(self) -> list[list[Card]]:
        """Each player's pile this round."""
        return [self._cards(pile) for pile in self._captured]

    @captured.setter
    def captured(self, piles: Iterable[Iterable[Card]]) -> None:
        self._captured = [[self._d.card_id(c) for c in pile] for pile in piles]

    @property
    def discard(self) -> list[Card]:
        """Cards discarded by explosions this round (variant)."""
        return self._cards(self._discard)

    def capture_counts(self) -> dict[str, list[int]]:
        """Per player, this match: captures of each kind (``TAKE_ROW``, ``TAKE_FIRST``,
        ``TAKE_OWN``) and ``"shadows"``, the Shadows taken in row and first-card captures."""
        n = self._n
        counts = {TAKE_ROW: [0] * n, TAKE_FIRST: [0] * n, TAKE_OWN: [0] * n}
        for seat, what, _ in self._log:
            counts[what][seat] += 1
        shadow = self._d.shadow
        counts["shadows"] = [done + sum([shadow[c] for c in pile]) - own
                             for done, pile, own in zip(self._shadows, self._captured, counts[TAKE_OWN])]
        return counts

    @property
    def last_result(self) -> PlacementResult | None:
        """The last reveal placed (without events), or ``None`` before the first."""
        if self._last is None:
            return None
        order, rows, log_from, discard, discard_from = self._last
        get = self._d.cards.__getitem__
        captured: dict[str, list[Card]] = {name: [] for name in _NAMES[:self._n]}
        for seat, _, cards in self._log[log_from:]:
            captured[_NAMES[seat]].extend(map(get, cards))
        return PlacementResult({colour: self._cards(row) for colour, row in zip(ROW_COLOURS, rows)}, captured,
                               self._cards(discard[discard_from:]),
                               [(_NAMES[o & _SEAT_MASK], get(o >> _SEAT_BITS)) for o in order], ())

    # -- GameState ---------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    def current_player(self) -> int:
        if self._terminal:
            return TERMINAL
        return self._chosen

    def legal_actions(self) -> list[Card]:
        if self._terminal:
            return []
        if self._hidden is not None:  # a table engine: the deal, or a hidden hand (any card unseen)
            if self._chosen < 0:
                return []
            if self._hidden[self._chosen]:
                return self._cards(self._unseen())
        if self._hands is not None:
            self._sync()
            return self._hands[self._chosen][:]
        return [*map(self._d.cards.__getitem__, self._ids[self._chosen])]

    def legal_count(self) -> int:
        # no test of the end: the match ends with a round, when every hand is empty
        if self._hands is not None:
            self._sync()
        return len(self._ids[self._chosen])

    def apply_action(self, action: Card) -> None:
        if self._terminal:
            raise self._refusal("error.rows.engine.over")
        if self._hidden is not None:  # a table engine: the deal first, a hidden hand's card checked
            if self._chosen < 0:
                raise self._refusal("error.rows.engine.deal_first", seat=self.seat_name(self._dealing))
            if self._hidden[self._chosen]:
                return self._play_unseen(action)
        if self._hands is not None:
            self._sync()
        ids = self._ids[self._chosen]
        d = self._d
        c = d.by_object.get(id(action), -1)
        if c in ids and (self._hands is None or self._hands[self._chosen][ids.index(c)] is action):
            return self.apply_index(ids.index(c))
        held = self._hands[self._chosen] if self._hands is not None else self._cards(ids)
        if action not in held:  # not the hand's own object: compare cards
            have = " ".join(c.code for c in held)
            raise self._refusal("error.rows.engine.not_held", player=self.seat_name(self._chosen), card=repr(action),
                                hand=have)
        self.apply_index(held.index(action))

    def apply_legal(self, action: Card) -> None:
        """``apply_action`` for a card taken from ``legal_actions()`` (the hand's own object),
        found by its id rather than compared card by card; anything else goes to the checks."""
        if self._hands is None:
            ids = self._ids[self._chosen]
            c = self._d.by_object.get(id(action), -1)
            if c in ids:
                return self.apply_index(ids.index(c))
        self.apply_action(action)

    def apply_index(self, index: int) -> None:
        """Play the card at ``index`` of the hand (``legal_actions()[index]``), unchecked."""
        player = self._chosen
        if self._hands is not None:
            self._sync()
            del self._hands[player][index]
        self._pending[player] = self._ids[player].pop(index) << _SEAT_BITS | player
        if player + 1 < self._n:
            self._chosen = player + 1
            return
        # every player has chosen: the reveal is placed
        plays, log, discard = self._pending, self._log, self._discard
        mark, discarded = len(log), len(discard)
        order = _place(self._rows, plays, self._flags, self.explosion, self._captured, discard, log, None, self._lasts)
        self._last = (order, self._rows, mark, discard, discarded)
        self.steps += 1
        self._pending = [-1] * self._n
        self._chosen = 0
        if not self._ids[0] and not (self._hidden and self._hidden[0]):
            self._end_round()

    # -- chance: the deal (a table engine) ---------------------------------------------------

    def _refusal(self, key: str, **params: Any) -> IllegalActionError:
        from cardforge.i18n import refusal

        return refusal(IllegalActionError, key, **params)

    def _where(self, c: int) -> tuple[str, dict[str, Any]] | None:
        """Where card id ``c`` is this round, as a catalogue key and its parameters; ``None``
        for a card the table has not seen."""
        from cardforge.i18n import Message

        for colour, row in zip(ROW_COLOURS, self._rows):
            if c in row:
                return "error.rows.engine.in_row", {"row": Message(f"rows.row.{colour}")}
        for seat, pile in enumerate(self._captured):
            if c in pile:
                return "error.rows.engine.in_pile", {"owner": self.seat_name(seat)}
        if c in self._discard:
            return "error.rows.engine.discarded", {}
        for o in self._pending:
            if o >= 0 and o >> _SEAT_BITS == c:
                return "error.rows.engine.revealed", {"owner": self.seat_name(o & _SEAT_MASK)}
        for seat, hand in enumerate(self._ids):
            if c in hand:
                return "error.rows.engine.in_hand", {"owner": self.seat_name(seat)}
        return None

    def _unseen(self) -> list[int]:
        """The dealt cards the table has not seen this round, in placement order."""
        return [c for c in range(len(self._d.cards)) if c not in self._d.zeros and self._where(c) is None]

    def _check_unseen(self, card: Card) -> int:
        """``card``'s id when the table has not seen it this round; refused with where it is."""
        c = self._d.card_id(card)
        where = self._where(c)
        if where is not None:
            key, params = where
            raise self._refusal(key, card=card.code, **params)
        return c

    def _play_unseen(self, card: Card) -> None:
        """A card revealed from a hidden hand: checked against the unseen cards, then played."""
        player = self._chosen
        c = self._check_unseen(card)
        hidden = cast("list[int]", self._hidden)  # a table engine's
        hidden[player] -= 1
        self._ids[player].append(c)
        self.apply_index(len(self._ids[player]) - 1)

    def deals_tuple(self) -> bool:
        return True

    @property
    def dealing_seat(self) -> int | None:
        """The seat whose hand a table engine waits for, or ``None`` when no deal is pending."""
        return self._dealing if self._chosen == CHANCE and not self._terminal else None

    @property
    def round_reveals(self) -> int:
        """The reveals placed in the current round."""
        return self.steps - HAND_SIZE * len(self.history)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """At a deal, each unseen card with its chance of being in the hand dealt."""
        if self._chosen != CHANCE or self._terminal:
            return []
        unseen = self._unseen()
        return [(card, HAND_SIZE / len(unseen)) for card in self._cards(unseen)]

    def apply_chance(self, outcome: Any) -> None:
        """The hand of the next seat: its ten cards (any order) or ``UNKNOWN``."""
        if self._chosen != CHANCE or self._terminal:
            raise self._refusal("error.rows.engine.no_deal")
        seat = self._dealing
        hidden = cast("list[int]", self._hidden)  # only a table engine has chance nodes
        if outcome is UNKNOWN:
            hidden[seat] = HAND_SIZE
        else:
            cards = list(outcome)
            if len(cards) != HAND_SIZE:
                raise self._refusal("error.rows.engine.hand_size", seat=self.seat_name(seat), n=len(cards),
                                    size=HAND_SIZE)
            ids: list[int] = []
            for card in cards:
                c = self._check_unseen(card)
                if c in ids:
                    raise self._refusal("error.rows.engine.hand_twice", card=card.code, seat=self.seat_name(seat))
                ids.append(c)
            self._ids[seat] = sorted(ids)
        self._dealing = seat + 1
        if self._dealing == self._n:
            self._chosen = 0
            if not any(hidden):  # every hand known: the rest is the stock
                dealt = {c for hand in self._ids for c in hand}
                self._stock = [c for c in self._d.dealt if c not in dealt]

    def _end_round(self) -> None:
        """Score the round (ROWS-7.1–7.3); the match ends when one player alone has the
        target number of wins (ROWS-7.4, ROWS-R9); otherwise deal again."""
        points = self.points()
        winners = tuple(round_winners(dict(enumerate(points)), self.rules))
        for i in winners:
            self.wins[i] += 1
        self.history.append(RoundResult(tuple(map(tuple, self._captured)), tuple(points), winners))
        best = max(self.wins)
        if best >= self.target_wins and self.wins.count(best) == 1:
            self._terminal = True
        else:
            shadow = self._d.shadow
            self._shadows = [n + sum([shadow[c] for c in pile]) for n, pile in zip(self._shadows, self._captured)]
            self._deal()

    def is_terminal(self) -> bool:
        return self._terminal

    def returns(self) -> list[int]:
        """Round wins per player (the match score)."""
        return list(self.wins)

    def points(self) -> list[int]:
        """Each player's points in the current round: their captured pile's value."""
        points = self._d.points
        return [sum([points[c] for c in pile]) for pile in self._captured]

    def winner(self) -> int | None:
        """The match winner once terminal."""
        return self.wins.index(max(self.wins)) if self._terminal else None

    def observation(self, player: int) -> dict[str, Any]:
        if self._hands is not None:
            self._sync()
        code = self._d.code
        chosen = self._pending[player]
        hidden = self._hidden[player] if self._hidden else 0
        return {
            "round": self.round_no,
            "hand": None if hidden else [code[c] for c in self._ids[player]],
            "chosen": None if chosen < 0 else code[chosen >> _SEAT_BITS],
            "waiting_for": [_NAMES[i] for i, c in enumerate(self._pending) if c < 0],
            "rows": {colour: [code[c] for c in row] for colour, row in zip(ROW_COLOURS, self._rows)},
            "captured": {_NAMES[i]: [code[c] for c in pile] for i, pile in enumerate(self._captured)},
            "points": self.points(),
            "wins": list(self.wins),
        }

    def card_count(self) -> Counter[Card]:
        if self._hands is not None:
            self._sync()
        ids: Counter[int] = Counter(c >> _SEAT_BITS for c in self._pending if c >= 0)
        for zone in (self._stock, *self._rows, *self._captured, self._discard, *self._ids):
            ids.update(zone)
        cards = self._d.cards
        return Counter({cards[i]: n for i, n in ids.items()})

    def action_to_string(self, action: Card) -> str:
        return action.code

    def clone(self) -> RowsState:
        """An independent copy (the tables and the cards are shared): every attribute written
        out, no ``__dict__``, so that the compiled engine (``cardforge.games.compiled``) copies
        as fast as the pure one."""
        other = RowsState(self._n, _shell=True)  # (a compiled class has no bare ``__new__``)
        other._d, other._n, other.rules, other._flags = self._d, self._n, self.rules, self._flags
        other.explosion, other.target_wins, other.chance_mode = self.explosion, self.target_wins, self.chance_mode
        other.seat_names, other.round_no, other.steps = self.seat_names, self.round_no, self.steps
        other._chosen, other._dealing, other._terminal = self._chosen, self._dealing, self._terminal
        other._rng = type(self._rng)()
        other._rng.setstate(self._rng.getstate())
        other.wins = list(self.wins)
        other.history = list(self.history)
        other._log = list(self._log)
        other._shadows = list(self._shadows)
        other._rows = [list(r) for r in self._rows]
        other._lasts = list(self._lasts)
        other._ids = [list(h) for h in self._ids]
        other._hands = None if self._hands is None else [list(h) for h in self._hands]
        other._stock = list(self._stock)
        other._captured = [list(p) for p in self._captured]
        other._discard = list(self._discard)
        other._pending = list(self._pending)
        other._hidden = None if self._hidden is None else list(self._hidden)
        other.chance_log = None if self.chance_log is None else list(self.chance_log)
        other._last = self._last
        if self._last is not None:  # its rows and discard are this state's own lists
            order, rows, mark, discard, discarded = self._last
            other._last = (order, [list(r) for r in rows] if rows is not self._rows else other._rows, mark,
                           list(discard) if discard is not self._discard else other._discard, discarded)
        return other

    def round_index(self) -> int:
        return self.round_no

    def resample_from_infostate(self, player: int, rng: Any) -> RowsState:
        """A copy where the other hands, their hidden choices of this step and the stock are
        dealt again from ``rng`` (``GameState.resample_from_infostate``)."""
        from cardforge.games.chance import redeal, reseeded

        other = self.clone()
        if other._hands is not None:
            other._sync()
            other._hands = None
        others = [q for q in range(self._n) if q != player]
        chosen = [q for q in others if other._pending[q] >= 0]
        choices = [other._pending[q] >> _SEAT_BITS for q in chosen]
        hands = [other._ids[q] for q in others]
        redeal(rng, [*hands, choices, other._stock])
        for hand in hands:
            hand.sort()
        for q, c in zip(chosen, choices):
            other._pending[q] = c << _SEAT_BITS | q
        other._rng = reseeded(rng)
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its fields without the tables: they key Cards by ``id()``,
        which only means something in this process; ``__setstate__`` takes this process's.  The
        fields are named (``_FIELDS``): a compiled engine has no ``__dict__``."""
        return _unpickled, (self._n,), self.__getstate__()

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _FIELDS}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._d = tables()

    def __str__(self) -> str:
        code = self._d.code
        rows = "  ".join(f"{c}: {' '.join(code[x] for x in r)}" for c, r in zip(ROW_COLOURS, self._rows))
        return f"round {self.round_no} wins {self.wins} points {self.points()} | {rows}"


#: what a ``RowsState`` holds beside its tables (pickled by ``__getstate__``)
_FIELDS = ("_n", "rules", "_flags", "explosion", "target_wins", "chance_mode", "chance_log", "seat_names", "_hidden",
           "_rng", "wins", "round_no", "history", "_log", "steps", "_shadows", "_last", "_rows", "_lasts", "_hands",
           "_ids", "_stock", "_captured", "_discard", "_pending", "_chosen", "_dealing", "_terminal")

def _unpickled(players: int) -> RowsState:
    """The shell a pickled ``RowsState`` is read back into (``__reduce__``)."""
    return RowsState(players, _shell=True)


#: the options of ``new_game`` beside ``rules``/``house`` (``cardforge.games.option_names``)
OPTIONS = ("explosion", "target_wins")


def new_game(players: int, seed: int = 0, **options: Any) -> RowsState:
    """A new match.  Options: ``chance`` (``"seeded"``/``"table"``), ``record_chance`` (bool),
    ``explosion`` (bool), ``target_wins`` (int, default 3),
    ``rules`` (a ``HouseRules``) or ``house`` (``"key=value"`` pairs).  String values are
    accepted (``explosion="true"``) for the playthrough command line."""
    explosion = _as_bool(options.pop("explosion", False), "explosion")
    chance = options.pop("chance", "seeded")
    record = _as_bool(options.pop("record_chance", False), "record_chance")
    target = options.pop("target_wins", TARGET_WINS)
    try:
        target = int(target)
    except (TypeError, ValueError):
        raise UsageError(f"option 'target_wins': expected a whole number, found {target!r}") from None
    rules = options.pop("rules", None)
    house = options.pop("house", None)
    if house is not None:
        rules = HouseRules.parse(house.split(",") if isinstance(house, str) else house)
    if options:
        raise UsageError(f"unknown rows option(s) {', '.join(map(repr, options))}: expected {', '.join(OPTIONS)}")
    return RowsState(int(players), int(seed), rules=rules, explosion=explosion, target_wins=target, chance=chance,
                     record_chance=record)
