"""Num Rangées (``rows``, rule sheet 003): simultaneous play onto four colour rows.

Two layers:

* pure functions the referee, the rulebook and the score sheet reuse — ``place_cards`` (one
  simultaneous reveal placed on the rows, with the rule IDs applied at each step),
  ``score_pile`` and ``round_winners``;
* ``RowsState``, the seeded engine: a simultaneous step is played as hidden sequential choices
  (player 0, 1, … each choose a card) and resolved by ``place_cards`` once all have chosen; a
  round ends when the 10 cards are played; the match ends when a player alone has 3 round wins.

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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge.cards import Card, FamilyKind
from cardforge.errors import IllegalActionError, UsageError
from cardforge.games.base import TERMINAL, GameState
from cardforge.games.house import parse_house_rules

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
]

#: The four rows, in the sheet's order (ROWS-1.3: "Bleu, Rouge, Jaune, Vert").
ROW_COLOURS: tuple[str, ...] = ("B", "R", "Y", "G")
#: A row that reaches this many cards is taken (ROWS-6.1) or explodes (ROWS-8.1).
ROW_CAPACITY = 5
#: Cards dealt to each player per round (ROWS-1.4).
HAND_SIZE = 10
#: Round wins needed to take the match (ROWS-7.4).
TARGET_WINS = 3


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
    from cardforge.deck import load_deck

    for code, fam in load_deck("rows").families.items():
        kind = fam.family.kind
        _KINDS[code] = kind
        _ORDER[code] = (_PRIORITY[kind], ROW_COLOURS.index(code) if kind is FamilyKind.CLASSIC else 0)
    return _KINDS


@functools.cache
def deck_cards() -> tuple[Card, ...]:
    """The 102 cards of the rows deck, in canonical order (ROWS-1.1)."""
    from cardforge.deck import load_deck

    return tuple(load_deck("rows").cards())


@functools.cache
def _dealt_cards() -> tuple[Card, ...]:
    """The cards dealt each round: the deck without the four rows' 0s."""
    zeros = {row[0] for row in default_rows().values()}
    return tuple(c for c in deck_cards() if c not in zeros)


def card_kind(card: Card) -> FamilyKind:
    """The family kind of a rows card; ``UsageError`` for a card not in the rows deck."""
    kind = (_KINDS or _load_kinds()).get(card.family)
    if kind is None:
        raise UsageError(f"card {card.code!r} is not a Num Rangées card: expected R, G, B, Y, RB or SH 0–16")
    return kind


def placement_key(card: Card) -> tuple[int, int, int]:
    """Order of placement: ascending value (ROWS-2.3); equal values Shadow, Rainbow, then the
    classic colours (ROWS-2.4), these in the rows' order."""
    order = _ORDER.get(card.family)
    if order is None:
        card_kind(card)  # loads the kinds, or raises for a card not in the deck
        order = _ORDER[card.family]
    return (card.value, *order)


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
        from cardforge.referee.verdict import Step

        return [Step(e.rule, _message(e)) for e in self.events]

    def rules(self) -> list[str]:
        return list(dict.fromkeys(e.rule for e in self.events))


def check_player_count(count: int, what: str) -> None:
    """``UsageError`` when more players are given than a table can seat (ruling ROWS-R7)."""
    from cardforge.deck import load_deck

    most = load_deck("rows").players_max
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


def _best_row(candidates: list[tuple[int, str]], rows: Mapping[str, list[Card]], rules: HouseRules) -> tuple[str, tuple[str, ...]]:
    """Among (distance, colour) pairs, the closest row; ties broken by ROWS-R2.  Returns the
    colour and the rows that tied (in sheet order; one row when there was no tie)."""
    best = min(d for d, _ in candidates)
    tied = [c for d, c in candidates if d == best]
    if rules.row_tie == "fewest_cards":
        return min(tied, key=lambda c: len(rows[c])), tuple(tied)  # min keeps sheet order among equals
    return tied[0], tuple(tied)


def _closest_lower(card: Card, rows: Mapping[str, list[Card]], rules: HouseRules, strict: bool) -> tuple[str, Card, tuple[str, ...]] | None:
    """The row holding the closest card lower than or equal to ``card`` (ROWS-4.1/5.1):
    compared with each row's last card, or any card of it (ROWS-R1)."""
    candidates: list[tuple[int, str]] = []
    anchors: dict[str, Card] = {}
    top = card.value - 1 if strict else card.value
    for colour in ROW_COLOURS:
        pool = rows[colour] if rules.compare_with == "any" else rows[colour][-1:]
        anchor = None
        for c in pool:
            if c.value <= top and (anchor is None or c.value > anchor.value):
                anchor = c
        if anchor is not None:
            anchors[colour] = anchor
            candidates.append((card.value - anchor.value, colour))
    if not candidates:
        return None
    colour, tied = _best_row(candidates, rows, rules)
    return colour, anchors[colour], tied


def _silent(*args: Any, **kwargs: Any) -> None:
    """``note`` when nothing is explained."""


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

    Pure: the inputs are not modified.  The engine, whose tables are legal by construction and
    which needs no explanation, passes ``check=False`` (skip ``check_table``) and
    ``explain=False`` (no events).
    """
    rules = rules or DEFAULT_RULES
    if check:
        check_table(rows, plays)
    table = {colour: list(rows[colour]) for colour in ROW_COLOURS}
    captured: dict[str, list[Card]] = {player: [] for player in plays}
    discarded: list[Card] = []
    order = sorted(plays.items(), key=lambda pc: placement_key(pc[1]))
    events: list[Event] = []

    def note(rule: str, what: str, player: str = "", card: Card | None = None, row: str = "",
             cards: tuple[Card, ...] = (), tied: tuple[str, ...] = ()) -> None:
        events.append(Event(rule, what, player, card, row, cards, tied))

    if not explain:
        note = _silent  # noqa: F811 - the engine's path records nothing

    def note_tie(player: str, card: Card, colour: str, tied: tuple[str, ...]) -> None:
        if len(tied) > 1:
            what = "row_tie_fewest" if rules.row_tie == "fewest_cards" else "row_tie"
            note("ROWS-R2", what, player, card, colour, tied=tied)

    note("ROWS-2.3", "order", cards=tuple(c for _, c in order))
    values = [c.value for _, c in order]
    if explain and len(set(values)) < len(values):
        note("ROWS-2.4", "tie_order")

    def fill(player: str, card: Card, colour: str, takes_first: bool) -> None:
        """Put ``card`` at the end of a row; the 5th card takes (or explodes) the row, a card
        that takes the first card (lower card, Rainbow that fits nowhere) takes it."""
        row = table[colour]
        row.append(card)
        if len(row) == ROW_CAPACITY and (not takes_first or rules.lower_fifth == "capture"):
            others = tuple(row[:-1])
            del row[:-1]
            if takes_first:
                note("ROWS-R3", "lower_fifth", player, card, colour)
            if explosion:
                discarded.extend(others)
                note("ROWS-8.1", "explode", player, card, colour)
                note("ROWS-8.2", "discard", player, card, colour, others)
                note("ROWS-8.3", "no_points", player, card, colour)
                note("ROWS-R4", "survivor", player, card, colour)
            else:
                captured[player].extend(others)
                note("ROWS-6.1", "fifth", player, card, colour, others)
                note("ROWS-6.2", "new_first", player, card, colour)
        elif takes_first:
            first = row.pop(0)
            captured[player].append(first)
            rule = "ROWS-3.1" if card_kind(card) is FamilyKind.CLASSIC else "ROWS-4.2"
            what = "lower" if rule == "ROWS-3.1" else "rainbow_nowhere"
            note(rule, what, player, card, colour, (first,))

    for player, card in order:
        kind = card_kind(card)
        if kind is FamilyKind.CLASSIC:
            colour = card.family
            if card.value < table[colour][-1].value:
                fill(player, card, colour, takes_first=True)
            else:
                note("ROWS-3.2", "append", player, card, colour)
                fill(player, card, colour, takes_first=False)
            continue
        is_shadow = kind is FamilyKind.SHADOW
        strict = is_shadow and rules.shadow_equal == "strict"
        found = _closest_lower(card, table, rules, strict)
        if found is not None:
            colour, anchor, tied = found
            note("ROWS-5.1" if is_shadow else "ROWS-4.1", "special_fits", player, card, colour, (anchor,))
            note_tie(player, card, colour, tied)
            if anchor is table[colour][-1] and anchor.value == card.value:
                note("ROWS-2.5", "same_value", player, card, colour)
                if is_shadow:
                    note("ROWS-R5", "shadow_equal", player, card, colour)
            fill(player, card, colour, takes_first=False)
        elif is_shadow:
            captured[player].append(card)
            note("ROWS-5.2", "shadow_nowhere", player, card)
            if explain and strict and any(table[c][-1].value == card.value for c in ROW_COLOURS):
                note("ROWS-R5", "shadow_strict", player, card)
        else:
            candidates = [(abs(table[c][-1].value - card.value), c) for c in ROW_COLOURS]
            colour, tied = _best_row(candidates, table, rules)
            note_tie(player, card, colour, tied)
            fill(player, card, colour, takes_first=True)
    return PlacementResult(table, captured, discarded, order, tuple(events))


# -- scoring -------------------------------------------------------------------------------


def card_points(card: Card) -> int:
    """Points of one captured card: classic and Rainbow at face value (ROWS-7.1), Shadow
    negative (ROWS-7.2)."""
    return -card.value if card_kind(card) is FamilyKind.SHADOW else card.value


def score_pile(cards: Iterable[Card]) -> int:
    """Points of a pile of captured cards.

    >>> from cardforge.cards import parse_cards
    >>> score_pile(parse_cards("R5 RB7 SH3 B0"))
    9
    """
    return sum(card_points(c) for c in cards)


def round_winners(scores: Mapping[str, int], rules: HouseRules | None = None) -> list[str]:
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


@dataclass(frozen=True)
class RoundResult:
    """A finished round: each player's captured pile, their points, and the winners' indices."""

    piles: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    winners: tuple[int, ...]


class RowsState(GameState[Card]):
    """One position of a Num Rangées match.

    Actions are cards: the current player picks one card of their hand, hidden from the others;
    once all have picked, the step is placed (``place_cards``).  ``returns()`` are the round
    wins; ``points()`` the current round's points.
    """

    game = "rows"

    def __init__(self, players: int, seed: int = 0, *, rules: HouseRules | None = None,
                 explosion: bool = False, target_wins: int = TARGET_WINS):
        from cardforge.deck import load_deck

        deck = load_deck("rows")
        if not deck.players_min <= players <= deck.players_max:
            raise UsageError(
                f"rows plays with {deck.players_min}–{deck.players_max} players (ruling ROWS-R7), not {players}"
            )
        if target_wins < 1:
            raise UsageError(f"target_wins must be at least 1, not {target_wins}")
        self._n = players
        self.rules = rules or DEFAULT_RULES
        self.explosion = explosion
        self.target_wins = target_wins
        import random  # here: a referee ruling plays no seeded game

        self._rng = random.Random(seed)
        self.wins = [0] * players
        self.round_no = 0
        #: the finished rounds, in order
        self.history: list[RoundResult] = []
        self.last_result: PlacementResult | None = None
        self._deal()

    def _deal(self) -> None:
        """Shuffle the whole deck and deal a new round (ROWS-1.3, ROWS-1.4)."""
        self.round_no += 1
        self.rows = default_rows()
        cards = list(_dealt_cards())
        self._rng.shuffle(cards)
        self.hands = [sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=placement_key) for i in range(self._n)]
        self.stock = cards[self._n * HAND_SIZE:]
        self.captured: list[list[Card]] = [[] for _ in range(self._n)]
        self.discard: list[Card] = []
        #: the hidden choices of this step; players choose in turn, 0 first
        self.pending: list[Card | None] = [None] * self._n
        self._chosen = 0
        self._terminal = False

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
        return list(self.hands[self.current_player()])

    def apply_action(self, action: Card) -> None:
        if self._terminal:
            raise IllegalActionError("the match is over: no more cards can be played")
        player = self.current_player()
        hand = self.hands[player]
        for i, card in enumerate(hand):  # the card given is usually the hand's own object
            if card is action:
                del hand[i]
                break
        else:
            if action not in hand:
                have = " ".join(c.code for c in hand)
                raise IllegalActionError(f"{_player(player)} cannot play {action!r}: not in their hand ({have})")
            hand.remove(action)
        self.pending[player] = action
        self._chosen += 1
        if self._chosen == self._n:
            self._resolve()

    def _resolve(self) -> None:
        plays = dict(zip(_NAMES, self.pending))
        result = place_cards(self.rows, plays, self.rules, self.explosion, check=False, explain=False)
        self.rows = result.rows
        for pile, name in zip(self.captured, _NAMES):
            pile.extend(result.captured[name])
        self.discard.extend(result.discarded)
        self.pending = [None] * self._n
        self._chosen = 0
        self.last_result = result
        if not self.hands[0]:
            self._end_round()

    def _end_round(self) -> None:
        """Score the round (ROWS-7.1–7.3); the match ends when one player alone has the
        target number of wins (ROWS-7.4, ROWS-R9); otherwise deal again."""
        points = self.points()
        winners = round_winners({_player(i): p for i, p in enumerate(points)}, self.rules)
        indices = tuple(int(w[1:]) for w in winners)
        for i in indices:
            self.wins[i] += 1
        self.history.append(RoundResult(tuple(tuple(p) for p in self.captured), tuple(points), indices))
        best = max(self.wins)
        if best >= self.target_wins and self.wins.count(best) == 1:
            self._terminal = True
        else:
            self._deal()

    def is_terminal(self) -> bool:
        return self._terminal

    def returns(self) -> list[int]:
        """Round wins per player (the match score)."""
        return list(self.wins)

    def points(self) -> list[int]:
        """Each player's points in the current round: their captured pile's value."""
        return [score_pile(pile) for pile in self.captured]

    def winner(self) -> int | None:
        """The match winner once terminal."""
        return self.wins.index(max(self.wins)) if self._terminal else None

    def observation(self, player: int) -> dict[str, Any]:
        return {
            "round": self.round_no,
            "hand": [c.code for c in self.hands[player]],
            "chosen": None if self.pending[player] is None else self.pending[player].code,
            "waiting_for": [_player(i) for i, c in enumerate(self.pending) if c is None],
            "rows": {colour: [c.code for c in row] for colour, row in self.rows.items()},
            "captured": {_player(i): [c.code for c in pile] for i, pile in enumerate(self.captured)},
            "points": self.points(),
            "wins": list(self.wins),
        }

    def card_count(self) -> Counter[Card]:
        counts: Counter[Card] = Counter(self.stock)
        for hand in self.hands:
            counts.update(hand)
        counts.update(c for c in self.pending if c is not None)
        for row in self.rows.values():
            counts.update(row)
        for pile in self.captured:
            counts.update(pile)
        counts.update(self.discard)
        return counts

    def action_to_string(self, action: Card) -> str:
        return action.code

    def clone(self) -> RowsState:
        other = object.__new__(RowsState)
        other.__dict__.update(self.__dict__)
        other._rng = type(self._rng)()
        other._rng.setstate(self._rng.getstate())
        other.wins = list(self.wins)
        other.history = list(self.history)
        other.rows = {c: list(r) for c, r in self.rows.items()}
        other.hands = [list(h) for h in self.hands]
        other.stock = list(self.stock)
        other.captured = [list(p) for p in self.captured]
        other.discard = list(self.discard)
        other.pending = list(self.pending)
        return other

    def __str__(self) -> str:
        rows = "  ".join(f"{c}: {' '.join(x.code for x in r)}" for c, r in self.rows.items())
        return f"round {self.round_no} wins {self.wins} points {self.points()} | {rows}"


def new_game(players: int, seed: int = 0, **options: Any) -> RowsState:
    """A new seeded match.  Options: ``explosion`` (bool), ``target_wins`` (int, default 3),
    ``rules`` (a ``HouseRules``) or ``house`` (``"key=value"`` pairs).  String values are
    accepted (``explosion="true"``) for the playthrough command line."""
    explosion = _as_bool(options.pop("explosion", False), "explosion")
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
        raise UsageError(f"unknown rows option(s) {', '.join(map(repr, options))}: expected explosion, target_wins, rules, house")
    return RowsState(int(players), int(seed), rules=rules, explosion=explosion, target_wins=target)
