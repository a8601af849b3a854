"""Resolving a trick, in the sheet's order: annulations (TRICKS-8.4), then action cards by
priority (TRICKS-8.5, ruling TRICKS-R9): Flash, Quantique and Flip, Num-X, highest value.

    >>> from cardforge.cards import Card, CardSystem, FamilyKind
    >>> rb, sh = Card("RB", 7), Card("SH", 7)
    >>> result = resolve_trick([rb, Card("RB", 3), sh], players=3)
    >>> result.winner, [c.code for c in result.cancelled]
    (1, ['RB7', 'SH7'])
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardforge.cards import Card, FamilyKind
from cardforge.errors import UsageError
from cardforge.games.tricks.house_rules import DEFAULT_RULES, HouseRules
from cardforge.games.steps import Step

__all__ = ["Event", "TrickResult", "resolve_trick", "trick_outcome", "cancelled_positions", "card_value", "codes"]

FLASH, FLIP, QUANTIQUE, NUMX = "flash", "flip", "quantique", "numx"


#: One decision of a resolution: the rule applied, a catalogue key (``tricks.<key>`` in
#: ``cardforge.i18n``) and its parameters.
Event = tuple[str, str, dict]


@dataclass(frozen=True, slots=True)
class TrickResult:
    """How a trick ended: the winning position in play order (``None``: no winner), the cards
    removed by annulation, and each step with the rule it applied (``steps``, built on demand
    from ``events`` so that simulations pay no text formatting)."""

    cards: tuple[Card, ...]
    winner: int | None
    cancelled: tuple[Card, ...]
    events: tuple[Event, ...]

    @property
    def winning_card(self) -> Card | None:
        return None if self.winner is None else self.cards[self.winner]

    @property
    def steps(self) -> tuple[Step, ...]:
        from cardforge.i18n import Message

        return tuple(Step(rule, Message(f"tricks.{key}", **params)) for rule, key, params in self.events)

    @property
    def rules(self) -> list[str]:
        """The rule IDs applied, in order."""
        return [rule for rule, _, _ in self.events]


def codes(cards: Sequence[Card]) -> str:
    """``RB7, SH7`` — card codes for step texts."""
    return ", ".join(c.code for c in cards)


def card_value(card: Card) -> int | None:
    """The value a card plays at: a numbered card's value, Num-X's declared value, else None."""
    action = card.action
    return card.value if action is None or action == NUMX else None


def cancelled_positions(cards: Sequence[Card], rules: HouseRules = DEFAULT_RULES,
                        laid: list[int] | None = None) -> list[int]:
    """Positions of the numbered cards removed by annulation: cards of equal value from
    different families (TRICKS-7.1, 7.3, 7.4); with three or more, all of them or only the first
    two laid (ruling TRICKS-R7).  ``laid``: the numbered cards' values, when the caller kept them."""
    values = [c.value for c in cards if c.action is None] if laid is None else laid
    if len(set(values)) == len(values):  # no equal values: the usual trick, decided at C speed
        return []
    by_value: dict[int, list[int]] = {}
    for position, card in enumerate(cards):
        if card.action is None:
            by_value.setdefault(card.value, []).append(position)
    out: list[int] = []
    for positions in by_value.values():
        if len(positions) < 2 or len({cards[p].family for p in positions}) < 2:
            continue
        out.extend(positions if rules.triple_annulation == "all" else positions[:2])
    return sorted(out)


def _check_trick(cards: Sequence[Card], players: int) -> None:
    if players < 1:
        raise UsageError(f"a trick needs at least 1 player, not {players!r}")
    seen: set[Card] = set()
    for card in cards:
        physical = card.undeclared()
        if physical in seen:
            raise UsageError(f"card {physical.code!r} is played twice: each card exists once (TRICKS-1.1)")
        seen.add(physical)
        if card.action == NUMX and card.value is None:
            raise UsageError("Num-X must be declared when played: write 'numx=17' or 'numx=0' (TRICKS-6.2)")


def resolve_trick(cards: Sequence[Card], players: int, rules: HouseRules | None = None) -> TrickResult:
    """Resolve a complete trick (cards in play order, the leader's first) for ``players``, with
    each step explained.

    Raises ``UsageError`` for a card played twice or an undeclared Num-X.
    """
    rules = rules or DEFAULT_RULES
    cards = tuple(cards)
    _check_trick(cards, players)
    events: list[Event] = []
    winner, gone = trick_outcome(cards, players, rules, events.append)
    return TrickResult(cards, winner, tuple(cards[p] for p in gone), tuple(events))


def trick_outcome(cards: Sequence[Card], players: int, rules: HouseRules,
                  note: Callable[[Event], None] | None = None, *, laid: list[int] | None = None,
                  ) -> tuple[int | None, list[int]]:
    """The rules of a trick's end, in the sheet's order: the winning position in play order
    (``None``: no winner) and the cancelled positions.  ``note`` receives each decision as an
    ``Event`` (``resolve_trick`` explains with it); without it, nothing is formatted and the
    cards are not checked (the engines' fast path: their tricks are valid by construction).
    ``laid``: the numbered cards' values in play order, when the caller kept them."""
    gone = cancelled_positions(cards, rules, laid)
    if note is not None:
        if gone:
            _note_annulations(tuple(cards[p] for p in gone), rules, note)
        else:
            note(("TRICKS-8.4", "no_annulation", {}))

    flip = quantique = False
    valid: list[int] = []  # positions with a value, not cancelled
    for p, card in enumerate(cards):
        action = card.action
        if action is None:
            if p not in gone:
                valid.append(p)
        elif action == NUMX:
            if card.value is not None:
                valid.append(p)
        elif action == FLASH:
            if note is not None:
                note(("TRICKS-6.1", "flash", {}))
            return None, gone
        elif action == FLIP:
            flip = True
        elif action == QUANTIQUE:
            quantique = True

    if note is not None:
        for p in valid:
            if cards[p].action == NUMX:
                note(("TRICKS-6.2", "numx", {"value": cards[p].value}))
    if not valid:
        if note is not None:
            note(("TRICKS-R8", "no_valid", {}))
        return None, gone

    alone_after_annulations = len(valid) == 1
    if flip and quantique:
        if note is not None:
            note(("TRICKS-R10", {"combine": "combine", "flip": "flip_only", "quantique": "quantique_only"}[rules.flip_quantique], {}))
        flip = rules.flip_quantique in ("combine", "flip")
        quantique = rules.flip_quantique in ("combine", "quantique")

    if quantique:
        parity = players % 2
        matching = [p for p in valid if cards[p].value % 2 == parity]
        words = {"parity": "odd" if parity else "even"}
        if matching:
            if note is not None:
                note(("TRICKS-6.4", "parity", {"players": players, "listed": codes([cards[p] for p in matching]), **words}))
            valid = matching
        elif rules.quantique_fallback == "none":
            if note is not None:
                note(("TRICKS-R11", "parity_none", words))
            return None, gone
        elif note is not None:
            note(("TRICKS-R11", "parity_ignored", words))

    winner = valid[0]
    best = cards[winner].value
    if flip:  # the lowest valid value, the first laid among equals
        for p in valid:
            if cards[p].value < best:
                winner, best = p, cards[p].value
        if note is not None:
            note(("TRICKS-7.5", "flip_single", {"card": cards[winner].code}) if alone_after_annulations
                 else ("TRICKS-6.3", "flip", {"card": cards[winner].code}))
    else:  # the highest valid value, the first laid among equals
        for p in valid:
            if cards[p].value > best:
                winner, best = p, cards[p].value
        if note is not None:
            note(("TRICKS-6.5", "highest", {"card": cards[winner].code}))
    return winner, gone


@functools.cache
def _rainbow_and_shadow() -> frozenset[str]:
    """The Rainbow and Shadow family codes (from the base deck): any other family cancelling is
    the extra family of TRICKS-7.4."""
    from cardforge.deck import default_system

    system = default_system()
    return frozenset(system.codes_of_kind(FamilyKind.RAINBOW) + system.codes_of_kind(FamilyKind.SHADOW))


def _note_annulations(cancelled: tuple[Card, ...], rules: HouseRules, note) -> None:
    groups: dict[int, list[Card]] = {}
    for card in cancelled:
        groups.setdefault(card.value, []).append(card)
    rule = "TRICKS-7.3" if len(groups) > 1 else "TRICKS-7.1"
    if any(len(g) > 2 for g in groups.values()):
        rule = "TRICKS-R7"
    elif any(c.family not in _rainbow_and_shadow() for c in cancelled):
        rule = "TRICKS-7.4"
    note((rule, "annulation", {"listed": "; ".join(codes(g) for _, g in sorted(groups.items()))}))
    if rules.triple_annulation == "pair":
        note(("TRICKS-R7", "pair_only", {}))
    note(("TRICKS-7.2", "rest_normal", {}))
