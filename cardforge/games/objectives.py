"""The scorecard of Num Collection (sheet 000): ten poker/Yahtzee-like objectives.

``OBJECTIVES`` is the table of the sheet (id, names fr/en, base points, condition); each
objective scores its base points, plus 2 per card beyond 5 for Couleur, plus the *highest card*
of the cards that make it (ruling COLLECTION-R18).  A Rainbow is a colour joker for the Couleur
family (Couleur, Grande Couleur) and for Suite Couleur only (COLLECTION-R19); elsewhere it is a
card with its face value.  Shadows and action cards never count.

>>> from cardforge.cards import parse_cards
>>> [(m.id, m.points) for m in find_objectives(parse_cards("R7 G7 B7 Y2"))]
[('pair', 9), ('three_of_a_kind', 13)]
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardforge.cards import Card, FamilyKind, Text

__all__ = ["Objective", "ObjectiveMatch", "OBJECTIVES", "OBJECTIVE_IDS", "objective", "objective_id", "find_objectives",
           "candidates", "best_validation", "validation_key", "FEWEST_CARDS"]


@dataclass(frozen=True, slots=True)
class Objective:
    """One line of the scorecard table."""

    id: str
    name: Text
    base: int
    condition: Text
    family: Text
    rule: str  # the rule ID of its line in the sheet's table
    per_extra_card: int = 0  # Couleur: +2 per card beyond ``min_cards``
    min_cards: int = 0


@dataclass(frozen=True, slots=True)
class ObjectiveMatch:
    """An objective achieved with particular cards, and what it scores."""

    id: str
    points: int
    cards: tuple[Card, ...]

    @property
    def highest(self) -> int:
        return max(c.value for c in self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "points": self.points, "cards": [c.code for c in self.cards]}


_VALUE, _COLOUR, _STRAIGHT, _FREE = (
    Text("Valeur", "Value"), Text("Couleur", "Colour"), Text("Suite", "Straight"), Text("Indépendant", "Independent"))

#: The sheet's table, in its order.
OBJECTIVES: tuple[Objective, ...] = (
    Objective("pair", Text("Paire", "Pair"), 2, Text("2 cartes même valeur", "2 cards of the same value"),
              _VALUE, "COLLECTION-5.1"),
    Objective("three_of_a_kind", Text("Brelan", "Three of a kind"), 6,
              Text("3 cartes même valeur", "3 cards of the same value"), _VALUE, "COLLECTION-5.2"),
    Objective("four_of_a_kind", Text("Carré", "Four of a kind"), 15,
              Text("4 cartes même valeur", "4 cards of the same value"), _VALUE, "COLLECTION-5.3"),
    Objective("flush", Text("Couleur", "Flush"), 8, Text("5 cartes+ même couleur", "5+ cards of the same colour"),
              _COLOUR, "COLLECTION-5.4", per_extra_card=2, min_cards=5),
    Objective("grand_flush", Text("Grande Couleur", "Grand flush"), 20,
              Text("8 cartes+ même couleur", "8+ cards of the same colour"), _COLOUR, "COLLECTION-5.5"),
    Objective("small_straight", Text("Petite Suite", "Small straight"), 5,
              Text("3 valeurs consécutives", "3 consecutive values"), _STRAIGHT, "COLLECTION-5.6"),
    Objective("large_straight", Text("Grande Suite", "Large straight"), 12,
              Text("5 valeurs consécutives", "5 consecutive values"), _STRAIGHT, "COLLECTION-5.7"),
    Objective("straight_flush", Text("Suite Couleur", "Straight flush"), 20,
              Text("5 valeurs consécutives, même couleur", "5 consecutive values, same colour"), _STRAIGHT,
              "COLLECTION-5.8"),
    Objective("rainbow_set", Text("Arc-en-ciel", "Rainbow set"), 10,
              Text("1 carte de chaque couleur classique + 1 Rainbow", "1 card of each classic colour + 1 Rainbow"),
              _FREE, "COLLECTION-5.9"),
    Objective("rainbow_straight", Text("Rainbow", "Rainbow straight"), 12,
              Text("Suite de 3 valeurs consécutives, uniquement Rainbow", "3 consecutive values, Rainbow cards only"),
              _FREE, "COLLECTION-5.10"),
)
OBJECTIVE_IDS: tuple[str, ...] = tuple(o.id for o in OBJECTIVES)
_BY_ID = {o.id: o for o in OBJECTIVES}


def objective(objective_id: str) -> Objective:
    """The objective with this id (``KeyError`` if none)."""
    return _BY_ID[objective_id]


def _fold(name: str) -> str:
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", name.strip())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return bare.replace("-", "_").replace(" ", "_")


_ALIASES = {_fold(n): o.id for o in OBJECTIVES for n in (o.id, o.name.fr, o.name.en)}


def objective_id(typed: str) -> str | None:
    """The objective a player names: its id, or its French or English name, in any case and
    with or without accents (``paire``, ``Arc-en-ciel``, ``small straight``); ``None`` if none.

    >>> objective_id("arc-en-ciel"), objective_id("Petite Suite"), objective_id("pair")
    ('rainbow_set', 'small_straight', 'pair')
    """
    return _ALIASES.get(_fold(typed))


# -- families of the card system (no family code is hard-coded) ---------------------------------


@functools.lru_cache(maxsize=1)
def _families() -> tuple[tuple[str, ...], str]:
    from cardforge.deck import default_system

    system = default_system()
    return system.codes_of_kind(FamilyKind.CLASSIC), system.codes_of_kind(FamilyKind.RAINBOW)[0]


@functools.lru_cache(maxsize=1)
def _rank() -> dict[str, int]:
    """Family code → its place among the usable families (classic colours, then Rainbow)."""
    classic, rainbow = _families()
    return {code: i for i, code in enumerate((*classic, rainbow))}


def _usable(cards: Iterable[Card]) -> list[Card]:
    """The cards objectives may use: numbered, neither Shadow nor action, highest first, and
    classic colours before Rainbow at equal value (a Rainbow is worth keeping for jokers)."""
    rank = _rank()  # the key is (-value, rank) as one number: ranks are below 100
    return sorted((c for c in cards if c.family in rank), key=lambda c: rank[c.family] - 100 * c.value)


def _by_value(cards: Iterable[Card]) -> dict[int, list[Card]]:
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(card.value, []).append(card)
    return groups


class _View:
    """Usable cards (in ``_usable`` order) and the groupings several finders share, each made
    once, when first asked for: one pass over the cards instead of one per finder and colour."""

    __slots__ = ("cards", "_values", "_families", "_pools")

    def __init__(self, cards: Sequence[Card]):
        self.cards = cards
        self._values: dict[int, list[Card]] | None = None
        self._families: dict[str, list[Card]] | None = None
        self._pools: list[tuple[list[Card], list[Card]]] | None = None

    def by_value(self) -> dict[int, list[Card]]:
        if self._values is None:
            self._values = _by_value(self.cards)
        return self._values

    def of_family(self, code: str) -> list[Card]:
        """The cards of one family, in order (a shared list: not to be changed)."""
        if self._families is None:
            groups: dict[str, list[Card]] = {}
            for card in self.cards:
                groups.setdefault(card.family, []).append(card)
            self._families = groups
        return self._families.get(code, [])

    def colour_pools(self) -> list[tuple[list[Card], list[Card]]]:
        """For each classic colour present: its cards, and its cards with the Rainbows as jokers;
        then the Rainbows alone, a colour of their own (COLLECTION-R19)."""
        if self._pools is None:
            classic, rainbow = _families()
            rainbows = self.of_family(rainbow)
            pools = []
            for colour in classic:
                own = self.of_family(colour)
                if own:
                    pools.append((own, sorted(own + rainbows, key=lambda c: -c.value)))
            if rainbows:
                pools.append((rainbows, rainbows))
            self._pools = pools
        return self._pools


Finder = Callable[[_View], list[tuple[Card, ...]]]


def _with_swaps(choices: Sequence[Sequence[Card]]) -> list[tuple[Card, ...]]:
    """One card from each list of ``choices``: the first of each, then the same with one card
    swapped for another of its list (so a search may leave a particular card free)."""
    first = tuple(options[0] for options in choices)
    return [first, *(first[:i] + (other,) + first[i + 1:] for i, options in enumerate(choices) for other in options[1:])]


def _of_a_kind(size: int) -> Finder:
    def find(view: _View) -> list[tuple[Card, ...]]:
        return [combo for g in view.by_value().values() if len(g) >= size for combo in itertools.combinations(g, size)]
    return find


def _runs(groups: dict[int, list[Card]], length: int) -> list[tuple[Card, ...]]:
    """Runs of ``length`` consecutive values: for each top, the first card of each value, then
    the variants with one card swapped for another of its value."""
    if len(groups) < length:  # fewer values than the run needs (most collections are small)
        return []
    values = sorted(groups)
    reach: dict[int, int] = {}  # value → how many consecutive values end at it
    for v in values:
        reach[v] = reach.get(v - 1, 0) + 1
    return [run for top in reversed(values) if reach[top] >= length
            for run in _with_swaps([groups[v] for v in range(top - length + 1, top + 1)])]


def _straight(length: int) -> Finder:
    return lambda view: _runs(view.by_value(), length)


def _flush(minimum: int, take: int | None) -> Finder:
    def find(view: _View) -> list[tuple[Card, ...]]:
        found = []
        for own, with_jokers in view.colour_pools():
            for pool in (with_jokers, own) if len(with_jokers) > len(own) else (own,):
                if len(pool) >= minimum:
                    found.append(tuple(pool[:take]))
        return found
    return find


def _straight_flush(view: _View) -> list[tuple[Card, ...]]:
    found = []
    for own, with_jokers in view.colour_pools():
        if len(with_jokers) < 5:
            continue
        colour = own[0].family
        for run in _runs(_by_value(with_jokers), 5):  # own card first at equal value (sorted order)
            run = tuple(next((c for c in with_jokers if c.value == card.value and c.family == colour), card)
                        for card in run)
            if any(c.family == colour for c in run):
                found.append(run)
    return found


def _rainbow_set(view: _View) -> list[tuple[Card, ...]]:
    classic, rainbow = _families()
    choices = [view.of_family(code) for code in (*classic, rainbow)]
    return _with_swaps(choices) if all(choices) else []


def _rainbow_straight(view: _View) -> list[tuple[Card, ...]]:
    _, rainbow = _families()
    rainbows = view.of_family(rainbow)
    return _runs(_by_value(rainbows), 3) if len(rainbows) >= 3 else []


_FINDERS: dict[str, Finder] = {
    "pair": _of_a_kind(2),
    "three_of_a_kind": _of_a_kind(3),
    "four_of_a_kind": _of_a_kind(4),
    "flush": _flush(5, None),
    "grand_flush": _flush(8, 8),
    "small_straight": _straight(3),
    "large_straight": _straight(5),
    "straight_flush": _straight_flush,
    "rainbow_set": _rainbow_set,
    "rainbow_straight": _rainbow_straight,
}


def _points(obj: Objective, cards: Sequence[Card]) -> int:
    extra = obj.per_extra_card * max(len(cards) - obj.min_cards, 0)
    return obj.base + extra + max([c.value for c in cards])


def _ranked(obj: Objective, view: _View) -> list[ObjectiveMatch]:
    """``candidates`` for cards already filtered and ordered by ``_usable``."""
    found = dict.fromkeys(_FINDERS[obj.id](view))
    matches = [ObjectiveMatch(obj.id, _points(obj, m), m) for m in found]
    return sorted(matches, key=lambda m: (-m.points, len(m.cards)))


def _best(obj: Objective, view: _View) -> ObjectiveMatch | None:
    """``_ranked(obj, view)[0]`` (or ``None``) without ranking the others: the first of the
    best choices in the finder's order, as the stable sort would put it first."""
    best, key = None, None
    for m in _FINDERS[obj.id](view):
        k = (-_points(obj, m), len(m))
        if key is None or k < key:
            best, key = m, k
    return None if best is None else ObjectiveMatch(obj.id, -key[0], best)


#: no objective takes fewer cards than a pair
FEWEST_CARDS = 2


@functools.lru_cache(maxsize=1)
def _fewest() -> dict[str, int]:
    """Objective → the fewest cards any of its matches takes (its finder is not asked about fewer)."""
    classic, _ = _families()
    return {"pair": 2, "three_of_a_kind": 3, "four_of_a_kind": 4, "flush": 5, "grand_flush": 8, "small_straight": 3,
            "large_straight": 5, "straight_flush": 5, "rainbow_set": len(classic) + 1, "rainbow_straight": 3}


def candidates(objective_id: str, cards: Iterable[Card]) -> list[ObjectiveMatch]:
    """Every way (one per value, colour or top of run) the cards achieve an objective, best
    first (more points, then fewer cards)."""
    return _ranked(_BY_ID[objective_id], _View(_usable(cards)))


def find_objectives(cards: Iterable[Card], exclude: Iterable[str] = frozenset()) -> list[ObjectiveMatch]:
    """Each objective the cards achieve (table order), at its best-scoring choice of cards;
    objectives in ``exclude`` (already validated) are left out."""
    usable = _usable(cards)
    if len(usable) < FEWEST_CARDS:  # most collections at a round's end are empty (a Shadow, nothing locked)
        return []
    view = _View(usable)
    skip = set(exclude)
    size = len(usable)
    fewest = _fewest()
    out = []
    for obj in OBJECTIVES:
        if obj.id not in skip and fewest[obj.id] <= size:
            best = _best(obj, view)
            if best is not None:
                out.append(best)
    return out


#: The search takes the objectives whose cards are hardest to replace first (a straight flush
#: needs those very cards; a pair of 5s can be any two 5s left over).
_SEARCH_ORDER = ("rainbow_straight", "straight_flush", "grand_flush", "flush", "rainbow_set", "large_straight",
                 "small_straight", "four_of_a_kind", "three_of_a_kind", "pair")


#: Up to this many cards, the search also tries each objective served first (cheap there, and
#: it finds sets such as a small straight keeping two cards out of a flush).
_EVERY_FIRST_UP_TO = 14


def _search_orders(*, every_first: bool) -> list[tuple[str, ...]]:
    """Table order, hardest-to-place first, and (``every_first``) each objective served first."""
    orders = [OBJECTIVE_IDS, _SEARCH_ORDER]
    if every_first:
        orders += [(first, *(o for o in OBJECTIVE_IDS if o != first)) for first in _SEARCH_ORDER[:-1]]
    return orders


def validation_key(matches: Sequence[ObjectiveMatch], mode: str = "classic") -> tuple[int, int]:
    """How good a set of validations is: points (then fewer objectives spent) in Classic,
    the number of objectives (then points) in Discovery (sheet rules 8.3 and 8.4)."""
    points = sum(m.points for m in matches)
    return (len(matches), points) if mode == "discovery" else (points, -len(matches))


def _remove(cards: list[Card], used: Iterable[Card]) -> list[Card]:
    left = list(cards)
    for card in used:
        left.remove(card)
    return left


def best_validation(
    cards: Iterable[Card],
    exclude: Iterable[str] = frozenset(),
    *,
    mode: str = "classic",
    share_cards: bool = False,
    breadth: int | None = None,
) -> list[ObjectiveMatch]:
    """The set of objectives to validate together that scores best (``validation_key``), each
    card serving one objective only unless ``share_cards`` (ruling COLLECTION-R17).

    Dynamic programming over the objectives: each is skipped or taken at one of its
    ``breadth`` best card choices among the cards still free (the best choices and their
    one-card swaps), and the best continuation of
    (objective, free cards) is computed once.  Which cards an objective takes depends on the
    order, so the search runs in table order and hardest-to-place first (up to 14 cards, also
    with each objective first) and keeps the best.  It is a bounded search, not an exhaustive
    one.  The default breadth narrows as collections grow (4 up to 24 cards, 3 up to 32, then 2).
    """
    free = tuple(_usable(cards))
    if breadth is None:
        breadth = 4 if len(free) <= 24 else 3 if len(free) <= 32 else 2
    skip = set(exclude)
    orders = _search_orders(every_first=len(free) <= _EVERY_FIRST_UP_TO)
    view = _View(free)
    todo = [o for o in OBJECTIVE_IDS if o not in skip and _best(_BY_ID[o], view)]
    results = [_search([o for o in order if o in todo], free, mode, share_cards, breadth)
               for order in orders]
    chosen = max(results, key=lambda r: validation_key(r, mode))
    return sorted(chosen, key=lambda m: OBJECTIVE_IDS.index(m.id))


def _search(todo: Sequence[str], free0: tuple[Card, ...], mode: str, share_cards: bool, breadth: int) -> list[ObjectiveMatch]:
    # keyed by the cards' identities (free cards are always free0's own objects): hashing a Card
    # is a Python call per card, an id is not; equal copies as distinct objects only cost a recomputation
    memo: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, int], tuple[ObjectiveMatch, ...]]] = {}

    def plus(key: tuple[int, int], match: ObjectiveMatch) -> tuple[int, int]:
        if mode == "discovery":
            return key[0] + 1, key[1] + match.points
        return key[0] + match.points, key[1] - 1

    def best_from(i: int, free: tuple[Card, ...]) -> tuple[tuple[int, int], tuple[ObjectiveMatch, ...]]:
        if i == len(todo):
            return (0, 0), ()
        here = (i, tuple(map(id, free)))
        result = memo.get(here)
        if result is None:
            result = best_from(i + 1, free)
            for match in _ranked(_BY_ID[todo[i]], _View(free))[:breadth]:
                rest = free if share_cards else tuple(_remove(list(free), match.cards))
                key, matches = best_from(i + 1, rest)
                if plus(key, match) > result[0]:
                    result = plus(key, match), (match, *matches)
            memo[here] = result
        return result

    return list(best_from(0, free0)[1])
