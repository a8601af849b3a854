"""Resolving a trick, in the sheet's order: annulations (TRICKS-8.4), then action cards by
priority (TRICKS-8.5, ruling TRICKS-R9): Flash, Quantique and Flip, Num-X, highest value.

    >>> from cardforge.cards import Card
    >>> rb, sh = Card("RB", 7), Card("SH", 7)
    >>> result = resolve_trick([rb, Card("RB", 3), sh], players=3)
    >>> result.winner, [c.code for c in result.cancelled]
    (1, ['RB7', 'SH7'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardforge.cards import Card
from cardforge.errors import UsageError
from cardforge.games.tricks.house_rules import DEFAULT_RULES, HouseRules
from cardforge.referee.verdict import Step

__all__ = ["TrickResult", "resolve_trick", "cancelled_positions", "card_value", "codes"]

FLASH, FLIP, QUANTIQUE, NUMX = "flash", "flip", "quantique", "numx"


@dataclass(frozen=True, slots=True)
class TrickResult:
    """How a trick ended: the winning position in play order (``None``: no winner), the cards
    removed by annulation, and each step with the rule it applied."""

    cards: tuple[Card, ...]
    winner: int | None
    cancelled: tuple[Card, ...]
    steps: tuple[Step, ...]

    @property
    def winning_card(self) -> Card | None:
        return None if self.winner is None else self.cards[self.winner]


def codes(cards: Sequence[Card]) -> str:
    """``RB7, SH7`` — card codes for step texts."""
    return ", ".join(c.code for c in cards)


def card_value(card: Card) -> int | None:
    """The value a card plays at: a numbered card's value, Num-X's declared value, else None."""
    if card.is_numbered or card.action == NUMX:
        return card.value
    return None


def cancelled_positions(cards: Sequence[Card], rules: HouseRules = DEFAULT_RULES) -> list[int]:
    """Positions of the numbered cards removed by annulation: cards of equal value from
    different families (TRICKS-7.1, 7.3, 7.4); with three or more, all of them or only the first
    two laid (ruling TRICKS-R7)."""
    by_value: dict[int, list[int]] = {}
    for position, card in enumerate(cards):
        if card.is_numbered:
            by_value.setdefault(card.value, []).append(position)
    out: list[int] = []
    for positions in by_value.values():
        if len({cards[p].family for p in positions}) < 2:
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
    """Resolve a complete trick (cards in play order, the leader's first) for ``players``.

    Raises ``UsageError`` for a card played twice or an undeclared Num-X.
    """
    rules = rules or DEFAULT_RULES
    cards = tuple(cards)
    _check_trick(cards, players)
    steps: list[Step] = []

    gone = cancelled_positions(cards, rules)
    cancelled = tuple(cards[p] for p in gone)
    if cancelled:
        _explain_annulations(cancelled, rules, steps)
    else:
        steps.append(Step("TRICKS-8.4", "No equal values between families: nothing is cancelled.",
                          "Aucune valeur égale entre familles : rien n'est annulé."))

    def done(winner: int | None) -> TrickResult:
        return TrickResult(cards, winner, cancelled, tuple(steps))

    actions = {c.action for c in cards if c.is_action}
    if FLASH in actions:
        steps.append(Step("TRICKS-6.1", "Flash cancels the trick: no winner, whatever its position.",
                          "Flash annule le pli : aucun vainqueur, quelle que soit sa position."))
        return done(None)

    valid = [p for p, c in enumerate(cards) if p not in gone and card_value(c) is not None]
    for p in valid:
        if cards[p].action == NUMX:
            steps.append(Step("TRICKS-6.2", f"Num-X counts as {cards[p].value}, as declared.",
                              f"Num-X vaut {cards[p].value}, comme déclaré."))
    if not valid:
        steps.append(Step("TRICKS-R8", "No valid card remains: the trick has no winner.",
                          "Il ne reste aucune carte valide : le pli n'a pas de vainqueur."))
        return done(None)

    flip, quantique = FLIP in actions, QUANTIQUE in actions
    if flip and quantique:
        _explain_flip_quantique(rules, steps)
        flip = rules.flip_quantique in ("combine", "flip")
        quantique = rules.flip_quantique in ("combine", "quantique")

    if quantique:
        parity = players % 2
        word_en, word_fr = ("odd", "impaire") if parity else ("even", "paire")
        matching = [p for p in valid if cards[p].value % 2 == parity]
        if matching:
            steps.append(Step("TRICKS-6.4", f"Quantique with {players} players: only {word_en} cards compete "
                              f"({codes([cards[p] for p in matching])}).",
                              f"Quantique à {players} joueurs : seules les cartes {word_fr}s comptent "
                              f"({codes([cards[p] for p in matching])})."))
            valid = matching
        elif rules.quantique_fallback == "none":
            steps.append(Step("TRICKS-R11", f"Quantique: no valid {word_en} card, so the trick has no winner.",
                              f"Quantique : aucune carte {word_fr} valide, le pli n'a pas de vainqueur."))
            return done(None)
        else:
            steps.append(Step("TRICKS-R11", f"Quantique: no valid {word_en} card, so it has no effect.",
                              f"Quantique : aucune carte {word_fr} valide, elle est sans effet."))

    if flip:
        winner = min(valid, key=lambda p: cards[p].value)
        if len(valid) == 1:
            steps.append(Step("TRICKS-7.5", f"Flip: only one valid card remains, {cards[winner].code}, and it wins.",
                              f"Flip : il ne reste qu'une carte valide, {cards[winner].code}, elle gagne."))
        else:
            steps.append(Step("TRICKS-6.3", f"Flip: the lowest valid card wins: {cards[winner].code}.",
                              f"Flip : la plus petite carte valide gagne : {cards[winner].code}."))
    else:
        winner = max(valid, key=lambda p: cards[p].value)
        steps.append(Step("TRICKS-6.5", f"The highest valid card wins: {cards[winner].code}.",
                          f"La plus haute carte valide gagne : {cards[winner].code}."))
    return done(winner)


def _explain_annulations(cancelled: tuple[Card, ...], rules: HouseRules, steps: list[Step]) -> None:
    values = sorted({c.value for c in cancelled})
    groups = {v: [c for c in cancelled if c.value == v] for v in values}
    rule = "TRICKS-7.3" if len(values) > 1 else "TRICKS-7.1"
    if any(len(g) > 2 for g in groups.values()):
        rule = "TRICKS-R7"
    elif any(c.family not in ("RB", "SH") for c in cancelled):
        rule = "TRICKS-7.4"
    listed = "; ".join(codes(g) for g in groups.values())
    steps.append(Step(rule, f"Equal values from different families cancel and are removed: {listed}.",
                      f"Les valeurs égales de familles différentes s'annulent et sont retirées : {listed}."))
    if rules.triple_annulation == "pair":
        steps.append(Step("TRICKS-R7", "House rule: only the first two cards of a value cancel.",
                          "Règle maison : seules les deux premières cartes d'une valeur s'annulent."))
    steps.append(Step("TRICKS-7.2", "The rest of the trick resolves normally.",
                      "Le reste du pli se résout normalement."))


def _explain_flip_quantique(rules: HouseRules, steps: list[Step]) -> None:
    en, fr = {
        "combine": ("Flip and Quantique both apply: the lowest card of the required parity wins.",
                    "Flip et Quantique s'appliquent tous deux : la plus petite carte de la bonne parité gagne."),
        "flip": ("House rule: with Flip in the trick, Quantique has no effect.",
                 "Règle maison : avec Flip dans le pli, Quantique est sans effet."),
        "quantique": ("House rule: with Quantique in the trick, Flip has no effect.",
                      "Règle maison : avec Quantique dans le pli, Flip est sans effet."),
    }[rules.flip_quantique]
    steps.append(Step("TRICKS-R10", en, fr))
