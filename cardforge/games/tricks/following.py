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
from cardforge.games.tricks.resolution import NUMX, cancelled_positions

__all__ = ["NUMX_CHOICES", "declarations", "follow_target", "following", "follow_step", "options_of",
           "legal_plays", "playable"]

#: The two ways to play Num-X (TRICKS-6.2).
NUMX_CHOICES: tuple[Card, ...] = (Card(action=NUMX, value=0), Card(action=NUMX, value=17))


def declarations(card: Card) -> tuple[Card, ...]:
    """The ways a card in hand can be played: Num-X as 0 or 17, any other card as itself."""
    return NUMX_CHOICES if card.action == NUMX and card.value is None else (card,)


def follow_target(trick: Sequence[Card], rules: HouseRules | None = None) -> int | None:
    """The value a card must strictly exceed, or ``None`` when nothing in the trick has a value.

    Cancelled cards no longer count unless ``follow_target=played`` (ruling TRICKS-R5).
    """
    return following(trick, rules or DEFAULT_RULES)[0]


def following(trick: Sequence[Card], rules: HouseRules) -> tuple[int | None, list[int]]:
    """What ``trick`` asks of the next card: its follow target and the values of the numbered
    cards laid in it (cancelled or not, for the equal-value exception)."""
    laid: list[int] = []
    target = None
    for card in trick:
        action = card.action
        if action is None:
            laid.append(card.value)
        elif action == NUMX and card.value is not None and (target is None or card.value > target):
            target = card.value
    if not laid:
        return target, laid
    if len(laid) == 1 or len(set(laid)) == len(laid) or rules.follow_target != "valid":
        top = max(laid)
    else:  # equal values: the cancelled cards no longer count
        gone = cancelled_positions(trick, rules)
        live = [c.value for p, c in enumerate(trick) if c.action is None and p not in gone]
        if not live:
            return target, laid
        top = max(live)
    return (top if target is None or top > target else target), laid


def follow_step(trick: Sequence[Card], target: int | None, laid: list[int], rules: HouseRules) -> int | None:
    """``following`` one card at a time (an engine keeps the facts as the trick grows): the
    target once ``trick[-1]`` is laid, from the ``target`` and ``laid`` values of the cards before
    it; the new card's value joins ``laid``.  An equal value (an annulation) counts again."""
    card = trick[-1]
    value = card.value
    if card.action is None:
        if value in laid and rules.follow_target == "valid":
            laid.append(value)
            return following(trick, rules)[0]
        laid.append(value)
    elif card.action != NUMX or value is None:
        return target
    return value if target is None or value > target else target


def options_of(hand: list[Card]) -> list[Card]:
    """The cards of ``hand`` as they may be played: Num-X as ``numx=0`` and ``numx=17``, in
    hand order; ``hand`` itself when it holds no undeclared Num-X."""
    for card in hand:
        if card.action is not None and card.action == NUMX and card.value is None:
            return [d for card in hand for d in declarations(card)]
    return hand


def legal_plays(trick: Sequence[Card], hand: Sequence[Card], rules: HouseRules | None = None) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (cards so far, in play order).

    Num-X in hand is offered as ``numx=0`` and ``numx=17``; order follows the hand.
    """
    rules = rules or DEFAULT_RULES
    target, laid = following(trick, rules) if trick else (None, [])
    legal = options_of(hand) if target is None else playable(hand, target, laid, rules)
    return list(legal) if legal is hand else legal  # a new list, never the caller's hand


def playable(hand: Sequence[Card], target: int, laid: list[int], rules: HouseRules) -> list[Card]:
    """The cards of ``hand`` (as ``options_of`` offers them) that may be played on a trick whose
    follow target is ``target`` and whose numbered values are ``laid`` (from ``following``): a
    higher card if one is held (TRICKS-5.1), an equal value (5.2, ruling R6), action cards
    (ruling R4); every option when none is higher (``hand`` itself if it holds no Num-X)."""
    # "higher": a numbered card above the target; with action_cards=follow, a declared Num-X too
    if rules.equal_value != "any":
        laid = [target]
    legal: list[Card] = []
    higher = False
    if rules.action_cards == "always":  # one pass: higher cards, equal values, action cards
        for c in hand:
            if c.action is not None:
                if c.action == NUMX and c.value is None:
                    legal += NUMX_CHOICES
                else:
                    legal.append(c)
            elif c.value > target:
                legal.append(c)
                higher = True
            elif c.value in laid:
                legal.append(c)
        return legal if higher else options_of(hand)
    for c in hand:
        if c.action is None:
            if c.value > target:
                legal.append(c)
                higher = True
            elif c.value in laid:
                legal.append(c)
        elif c.action == NUMX:
            for d in declarations(c):
                if d.value is not None and d.value > target:
                    legal.append(d)
                    higher = True
    return legal if higher else options_of(hand)
