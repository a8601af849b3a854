"""Which cards may be played: the obligation to go strictly higher (TRICKS-5.1, 8.2), the
equal-value exception (TRICKS-5.2, 8.3, ruling TRICKS-R6) and the rulings on action cards (TRICKS-R4), on what
"higher" compares to (TRICKS-R5) and on equal values (TRICKS-R6).

    >>> from cardforge.cards import Card
    >>> [c.code for c in legal_plays([Card("RB", 10)], [Card("SH", 3), Card("SH", 12), Card("SH", 10)])]
    ['SH12', 'SH10']
"""

from __future__ import annotations

from collections.abc import Sequence

from cardforge.cards import Card
from cardforge.games.tricks.house_rules import DEFAULT_RULES, HouseRules
from cardforge.games.tricks.resolution import NUMX, cancelled_positions, card_value

__all__ = ["NUMX_CHOICES", "declarations", "follow_target", "legal_plays"]

#: The two ways to play Num-X (TRICKS-6.2).
NUMX_CHOICES: tuple[Card, ...] = (Card(action=NUMX, value=0), Card(action=NUMX, value=17))


def declarations(card: Card) -> tuple[Card, ...]:
    """The ways a card in hand can be played: Num-X as 0 or 17, any other card as itself."""
    return NUMX_CHOICES if card.action == NUMX and card.value is None else (card,)


def follow_target(trick: Sequence[Card], rules: HouseRules | None = None) -> int | None:
    """The value a card must strictly exceed, or ``None`` when nothing in the trick has a value.

    Cancelled cards no longer count unless ``follow_target=played`` (ruling TRICKS-R5).
    """
    rules = rules or DEFAULT_RULES
    gone = set(cancelled_positions(trick, rules)) if rules.follow_target == "valid" else set()
    values = [card_value(c) for p, c in enumerate(trick) if p not in gone]
    values = [v for v in values if v is not None]
    return max(values) if values else None


def legal_plays(trick: Sequence[Card], hand: Sequence[Card], rules: HouseRules | None = None) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (cards so far, in play order).

    Num-X in hand is offered as ``numx=0`` and ``numx=17``; order follows the hand.
    """
    rules = rules or DEFAULT_RULES
    options = [d for card in hand for d in declarations(card)]
    target = follow_target(trick, rules)
    if target is None:
        return options
    counts_as_higher = (lambda c: c.is_numbered) if rules.action_cards == "always" else (lambda c: card_value(c) is not None)
    higher = [c for c in options if counts_as_higher(c) and c.value > target]
    if not higher:
        return options
    laid = {c.value for c in trick if c.is_numbered} if rules.equal_value == "any" else {target}
    return [
        c for c in options
        if c in higher
        or (c.is_numbered and c.value in laid)
        or (c.is_action and rules.action_cards == "always")
    ]
