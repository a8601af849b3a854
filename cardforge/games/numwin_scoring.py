"""Num Win's table facts without a game in progress: house rules, the final-combo score and
the reflex check.  The engine (``cardforge.games.numwin``), the referee, the score sheets and
the rulebook all call these, so each rule of the scoring table is written once, here.

    >>> from cardforge.deck import load_deck
    >>> cards = load_deck("numwin").parse_many("R7 G7 RB3 SH2 flash")
    >>> result = score_combo(cards)
    >>> result.points, [f"{a}+{b}" for a, b in result.pairs]
    (7, ['G7+R7'])
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardforge.cards import Card, FamilyKind, format_cards
from cardforge.errors import UsageError
from cardforge.i18n import Message
from cardforge.games.steps import Step

__all__ = [
    "ACTION_POINTS",
    "HouseRules",
    "CardPoints",
    "ComboScore",
    "ReflexResult",
    "score_combo",
    "unlocked_points",
    "check_reflex",
    "reflex_outcome",
    "is_rainbow",
    "same_value",
]

#: NUMWIN-7.5: "Cartes Action : +5 pts chacune".
ACTION_POINTS = 5


@dataclass(frozen=True)
class HouseRules:
    """The Num Win rulings that are genuine design choices (``--house KEY=VALUE``)."""

    same_value: str = field(default="pairs", metadata={"ruling": "NUMWIN-R1", "choices": ("pairs", "all")})
    rainbow_zero: str = field(default="lone", metadata={"ruling": "NUMWIN-R2", "choices": ("lone", "every")})
    start_peek: int = field(default=0, metadata={"ruling": "NUMWIN-R3", "choices": (0, 1, 2)})
    drawn_action: str = field(default="choose", metadata={"ruling": "NUMWIN-R4", "choices": ("choose", "must_play")})
    reflex_priority: str = field(
        default="clockwise", metadata={"ruling": "NUMWIN-R5", "choices": ("clockwise", "discarder_first")}
    )
    reflex_on_action: bool = field(default=True, metadata={"ruling": "NUMWIN-R6"})
    locked_count: bool = field(default=True, metadata={"ruling": "NUMWIN-R7"})
    own_miss_penalty: bool = field(default=False, metadata={"ruling": "NUMWIN-R12"})


DEFAULT_RULES = HouseRules()


@functools.lru_cache(maxsize=1)
def _rainbow_families() -> frozenset[str]:
    from cardforge.deck import load_deck

    return frozenset(load_deck("numwin").system.codes_of_kind(FamilyKind.RAINBOW))


def is_rainbow(card: Card) -> bool:
    """True for a card of the Rainbow family."""
    return card.family in _rainbow_families()


def same_value(a: Card, b: Card) -> bool:
    """Two numbered cards of equal value (NUMWIN-4.1); action cards have none (NUMWIN-R8)."""
    return a.is_numbered and b.is_numbered and a.value == b.value


@dataclass(frozen=True, slots=True)
class CardPoints:
    """One card's share of a combo score and the rule that gave it."""

    card: Card
    points: int
    rule: str
    removed: bool = False


@dataclass(frozen=True)
class ComboScore:
    """The score of one final combo, with the pairs removed and a step per rule applied."""

    points: int
    pairs: tuple[tuple[Card, Card], ...]
    locked_pairs: tuple[tuple[Card, Card], ...]
    removed: tuple[Card, ...]
    breakdown: tuple[CardPoints, ...]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "pairs": [[a.code, b.code] for a, b in self.pairs],
            "locked_pairs": [[a.code, b.code] for a, b in self.locked_pairs],
            "removed": [c.code for c in self.removed],
            "breakdown": [{"card": c.card.code, "points": c.points, "rule": c.rule} for c in self.breakdown],
        }


def _check_locked(pairs: Iterable[tuple[Card, Card]]) -> list[tuple[Card, Card]]:
    checked = []
    for pair in pairs:
        if len(pair) != 2:
            raise UsageError(f"locked pair {pair!r}: expected two cards")
        a, b = pair
        if not same_value(a, b):
            raise UsageError(
                f"locked pair {a.code + '+' + b.code!r}: a locked pair is two numbered cards of equal value "
                "(NUMWIN-4.1, NUMWIN-R8); e.g. R7+G7"
            )
        checked.append((a, b))
    return checked


def _pairings(numbered: Sequence[Card], same: str, locked_values: set[int]) -> Iterable[tuple[list, list]]:
    """Every way to remove pairs from the unlocked numbered cards: ``(pairs, left)`` options."""
    groups: dict[int, list[Card]] = {}
    for card in sorted(numbered):
        groups.setdefault(card.value, []).append(card)
    per_group: list[list[tuple[list, list]]] = []
    for value, cards in groups.items():
        if same == "all" and (len(cards) >= 2 or (cards and value in locked_values)):
            pairs = [tuple(cards[i:i + 2]) for i in range(0, len(cards) - 1, 2)]
            per_group.append([(pairs, [], cards)])
        elif len(cards) % 2 == 0:
            per_group.append([([tuple(cards[i:i + 2]) for i in range(0, len(cards), 2)], [], [])])
        else:
            options = []
            for odd in dict.fromkeys(cards):
                rest = list(cards)
                rest.remove(odd)
                options.append(([tuple(rest[i:i + 2]) for i in range(0, len(rest), 2)], [odd], []))
            per_group.append(options)
    for choice in itertools.product(*per_group):
        pairs = [p for c in choice for p in c[0]]
        left = [x for c in choice for x in c[1]]
        extra = [x for c in choice for x in c[2]]
        yield pairs, left, extra


def _left_points(left: Sequence[Card], rules: HouseRules, any_rainbow_paired: bool) -> list[CardPoints]:
    rainbows = [c for c in left if is_rainbow(c)]
    zero_rainbow = rules.rainbow_zero == "every" or len(rainbows) == 1
    out = []
    for card in left:
        if is_rainbow(card) and zero_rainbow:
            rule = "NUMWIN-7.4" if any_rainbow_paired and rules.rainbow_zero == "lone" else "NUMWIN-7.3"
            out.append(CardPoints(card, 0, rule))
        else:
            out.append(CardPoints(card, card.value, "NUMWIN-7.1"))
    return out


def score_combo(
    cards: Sequence[Card],
    locked_pairs: Iterable[tuple[Card, Card]] = (),
    rules: HouseRules | None = None,
) -> ComboScore:
    """Score one final combo (NUMWIN-7.*).

    ``cards`` is the whole combo; ``locked_pairs`` names the pairs locked by a reflex during the
    round (their cards are counted in the combo even if ``cards`` omits them).  Pairs of equal
    value are removed (NUMWIN-7.2, NUMWIN-R1, the most favourable pairing), a lone Rainbow left
    scores 0 (NUMWIN-7.3/7.4, NUMWIN-R2), other numbered cards score face value (NUMWIN-7.1) and
    action cards +5 each (NUMWIN-7.5).
    """
    rules = rules or DEFAULT_RULES
    locked = _check_locked(locked_pairs)
    combo = Counter(cards)
    locked_cards = Counter(c for pair in locked for c in pair)
    for card, n in locked_cards.items():
        combo[card] = max(combo[card], n)
    pool = combo - locked_cards
    actions = sorted(c for c in pool.elements() if c.is_action)
    numbered = [c for c in pool.elements() if c.is_numbered]
    locked_values = {a.value for a, _ in locked}

    best = None
    for pairs, left, extra in _pairings(numbered, rules.same_value, locked_values):
        rainbow_paired = any(is_rainbow(c) for p in [*pairs, *locked] for c in p)
        points = _left_points(left, rules, rainbow_paired)
        total = sum(p.points for p in points)
        if best is None or total < best[0]:
            best = (total, pairs, left, extra, points)
    _, pairs, left, extra, left_points = best

    breakdown: list[CardPoints] = []
    steps: list[Step] = []
    for a, b in locked:
        breakdown += [CardPoints(a, 0, "NUMWIN-4.4", True), CardPoints(b, 0, "NUMWIN-4.4", True)]
        steps.append(Step("NUMWIN-4.4", Message("numwin.locked_removed", a=a, b=b)))
    for a, b in pairs:
        breakdown += [CardPoints(a, 0, "NUMWIN-7.2", True), CardPoints(b, 0, "NUMWIN-7.2", True)]
        steps.append(Step("NUMWIN-7.2", Message("numwin.pair_removed", a=a, b=b)))
    paired = {c for p in pairs for c in p}
    for card in extra:
        if card not in paired:
            breakdown.append(CardPoints(card, 0, "NUMWIN-R1", True))
    if extra:
        steps.append(Step("NUMWIN-R1", Message("numwin.same_value_all", cards=format_cards(extra))))
    elif max(Counter(c.value for c in combo.elements() if c.is_numbered).values(), default=0) >= 3:
        steps.append(Step("NUMWIN-R1", Message("numwin.only_pairs")))
    breakdown += left_points
    for cp in left_points:
        if cp.rule == "NUMWIN-7.1":
            steps.append(Step("NUMWIN-7.1", Message("numwin.face_value", card=cp.card, n=cp.points)))
        else:
            key = "numwin.rainbow_after_pair" if cp.rule == "NUMWIN-7.4" else (
                "numwin.rainbow_every" if rules.rainbow_zero == "every" else "numwin.rainbow_lone")
            steps.append(Step(cp.rule, Message(key, card=cp.card)))
    for card in actions:
        breakdown.append(CardPoints(card, ACTION_POINTS, "NUMWIN-7.5"))
        steps.append(Step("NUMWIN-7.5", Message("numwin.action_card", card=card, n=ACTION_POINTS)))
    total = sum(cp.points for cp in breakdown)
    removed = tuple(cp.card for cp in breakdown if cp.removed)
    return ComboScore(total, tuple(pairs), tuple(locked), removed, tuple(breakdown), tuple(steps))


def unlocked_points(cards: Iterable[Card], locked_values: Container[int] = (), rules: HouseRules | None = None) -> int:
    """``score_combo(...).points`` without the explanation (the engine's path, once per combo
    and round): ``cards`` are the combo's cards outside its locked pairs, ``locked_values`` the
    values of those pairs (NUMWIN-R1 ``same_value=all`` removes their other copies).

    The best pairing in closed form: each value with an even count is removed (NUMWIN-7.2);
    each odd one leaves one card of that value, and only its kind is a choice — a Rainbow where
    one can score 0 (NUMWIN-7.3/7.4, R2: every Rainbow left under ``every``; under ``lone``
    exactly one, the highest of the values where a Rainbow may stay, unless one value has
    nothing but Rainbows to leave, which then is the lone one, or two such values, when no
    Rainbow scores 0).  Action cards +5 each (NUMWIN-7.5)."""
    rules = rules or DEFAULT_RULES
    rainbow = _rainbow_families()
    actions = 0
    count: dict[int, int] = {}
    rainbows: dict[int, int] = {}
    for card in cards:
        if card.action is not None:
            actions += 1
            continue
        value = card.value
        count[value] = count.get(value, 0) + 1
        if card.family in rainbow:
            rainbows[value] = rainbows.get(value, 0) + 1
    wipe, every = rules.same_value == "all", rules.rainbow_zero == "every"
    points = discount = best = 0
    only_rainbows: list[int] = []
    for value, n in count.items():
        if not n % 2 or (wipe and (n >= 2 or value in locked_values)):
            continue  # paired away (NUMWIN-7.2, NUMWIN-R1)
        points += value
        r = rainbows.get(value, 0)
        if not r:
            continue
        if every:
            discount += value
        elif r == n:
            only_rainbows.append(value)
        elif value > best:
            best = value
    if not every:
        discount = best if not only_rainbows else only_rainbows[0] if len(only_rainbows) == 1 else 0
    return points - discount + ACTION_POINTS * actions


@dataclass(frozen=True)
class ReflexResult:
    """Whether a reflex claim is valid, and what happens at the table."""

    valid: bool
    discarded: Card
    claimed: Card
    from_opponent: bool
    penalty: bool
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "discarded": self.discarded.code,
            "claimed": self.claimed.code,
            "from_opponent": self.from_opponent,
            "penalty_card": self.penalty,
            "locked_pair": [self.claimed.code, self.discarded.code] if self.valid else None,
        }


def reflex_outcome(discarded: Card, claimed: Card, rules: HouseRules | None = None, *,
                   from_opponent: bool = False) -> tuple[bool, bool]:
    """(valid, penalty card) of a reflex claim — the decision ``check_reflex`` explains, without
    the explanation (the engine's path): same value, numbered cards only (NUMWIN-4.1, R8); a
    wrong memory claim draws a penalty (NUMWIN-5.4), a wrong own claim as NUMWIN-R12 says."""
    valid = discarded.action is None and claimed.action is None and discarded.value == claimed.value
    return valid, not valid and (from_opponent or (rules or DEFAULT_RULES).own_miss_penalty)


def check_reflex(
    discarded: Card, claimed: Card, rules: HouseRules | None = None, *, from_opponent: bool = False
) -> ReflexResult:
    """Is a reflex claim valid (NUMWIN-4.1), and what follows: a locked pair (NUMWIN-4.2/4.3,
    NUMWIN-R11), or for a memory claim on an opponent's card (``from_opponent``) both cards
    taken (NUMWIN-5.2) or a penalty card (NUMWIN-5.4); a wrong claim with your own card follows
    NUMWIN-R12."""
    rules = rules or DEFAULT_RULES
    steps: list[Step] = []
    if discarded == claimed and discarded.is_numbered:
        raise UsageError(f"claimed card {claimed.code!r} is the discarded card itself: claim with another card of the same value")
    valid, penalty = reflex_outcome(discarded, claimed, rules, from_opponent=from_opponent)
    if discarded.is_action or claimed.is_action:
        steps.append(Step("NUMWIN-R8", Message("numwin.actions_no_pair")))
    else:
        if valid:
            steps.append(Step("NUMWIN-4.1", Message("numwin.claim_valid", claimed=claimed, discarded=discarded,
                                                    n=discarded.value)))
        else:
            steps.append(Step("NUMWIN-4.1", Message("numwin.claim_wrong", claimed=claimed, discarded=discarded,
                                                    m=claimed.value, n=discarded.value)))
    if from_opponent:
        steps.insert(0, Step("NUMWIN-5.1", Message("numwin.memory_claim")))
    if valid:
        if from_opponent:
            steps.append(Step("NUMWIN-5.2", Message("numwin.memory_take", claimed=claimed, discarded=discarded)))
        else:
            steps.append(Step("NUMWIN-R11", Message("numwin.joins_combo", claimed=claimed, discarded=discarded)))
        steps.append(Step("NUMWIN-4.2", Message("numwin.revealed_locked")))
        steps.append(Step("NUMWIN-4.3", Message("numwin.actions_cannot")))
        steps.append(Step("NUMWIN-4.4", Message("numwin.pair_scores_zero")))
    elif from_opponent:
        steps.append(Step("NUMWIN-5.4", Message("numwin.memory_penalty")))
    else:
        if penalty:
            steps.append(Step("NUMWIN-R12", Message("numwin.own_penalty")))
        else:
            steps.append(Step("NUMWIN-R12", Message("numwin.own_miss", claimed=claimed)))
    return ReflexResult(valid, discarded, claimed, from_opponent, penalty, tuple(steps))
