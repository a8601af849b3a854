"""Worked examples of Num Win, resolved by ``cardforge.games.numwin_scoring`` (``score_combo``,
``check_reflex``)."""

from __future__ import annotations

from typing import Any

from cardforge.cards import Text
from cardforge.deck import load_deck
from cardforge.games.numwin_scoring import check_reflex, score_combo
from cardforge.rulebook.examples import PLAYERS, Example, Figure, require, steps_of

__all__ = ["examples"]


def _claim(id: str, title: Text, rules: tuple[str, ...], discarded: str, claimed: str, *, from_opponent: bool,
           promise: str, shows) -> Example:
    deck = load_deck("numwin")
    card, mine = deck.parse(discarded), deck.parse(claimed)

    def recompute() -> dict[str, Any]:
        result = check_reflex(card, mine, from_opponent=from_opponent)
        return {"valid": result.valid, "penalty": result.penalty}

    result = check_reflex(card, mine, from_opponent=from_opponent)
    require(shows(result), id, promise)
    who, other = PLAYERS[0], PLAYERS[1]
    if from_opponent:
        setup = Text(f"{other} défausse {discarded}. {who} pense que la carte cachée {claimed} de {other} a la même "
                     f"valeur et la désigne.",
                     f"{other} discards {discarded}. {who} believes {other}'s hidden card {claimed} has the same value "
                     f"and names it.")
    else:
        setup = Text(f"{other} défausse {discarded} ; {who} montre aussitôt {claimed} de son combo.",
                     f"{other} discards {discarded}; {who} at once shows {claimed} from their combo.")
    if result.valid:
        outcome = Text(f"Résultat : saisie valable, {claimed} et {discarded} forment une paire verrouillée.",
                       f"Result: a valid claim, {claimed} and {discarded} form a locked pair.")
    else:
        outcome = Text(f"Résultat : erreur, {who} pioche une carte de pénalité.",
                       f"Result: a miss, {who} draws a penalty card.") if result.penalty else \
            Text("Résultat : saisie refusée.", "Result: the claim is refused.")
    verb = "memory" if from_opponent else "reflex"
    return Example(
        id=id, title=title, rules=rules, setup=setup,
        before=(Figure((discarded, claimed), captions=(other, who if not from_opponent else other),
                       marks=("-", "win" if result.valid else "cancel")),),
        steps=steps_of(result.steps), outcome=outcome, facts=recompute(), recompute=recompute,
        command=f"cardforge referee numwin {verb} --discarded {discarded} --claimed {claimed}",
    )


def _count(id: str, title: Text, rules: tuple[str, ...], codes: str, promise: str, shows) -> Example:
    deck = load_deck("numwin")
    cards = deck.parse_many(codes)

    def recompute() -> dict[str, Any]:
        result = score_combo(cards)
        return {"points": result.points, "removed": [c.code for c in result.removed]}

    result = score_combo(cards)
    require(shows(result), id, promise)
    removed = {c for c in result.removed}
    zero = {cp.card for cp in result.breakdown if cp.points == 0}
    marks = tuple("cancel" if c in removed else "zero" if c in zero else "-" for c in cards)
    who = PLAYERS[2]
    return Example(
        id=id, title=title, rules=rules,
        setup=Text(f"À la fin de la manche, le combo de {who} est {codes}.",
                   f"At the end of the round, {who}'s combo is {codes}."),
        before=(Figure(tuple(codes.split()), marks=marks),),
        steps=steps_of(result.steps),
        outcome=Text(f"Résultat : {who} marque {result.points} point{'s' if result.points > 1 else ''}.",
                     f"Result: {who} scores {result.points} point{'' if result.points == 1 else 's'}."),
        facts=recompute(), recompute=recompute, command=f"cardforge referee numwin score {codes}",
    )


def examples() -> list[Example]:
    """The examples of the Num Win rulebook."""
    return [
        _claim("numwin-reflex", Text("Un réflexe", "A reflex"), ("NUMWIN-4.1", "NUMWIN-4.2"), "R9", "B9",
               from_opponent=False, promise="a valid reflex", shows=lambda r: r.valid),
        _claim("numwin-memory", Text("Une erreur de mémoire", "A memory mistake"), ("NUMWIN-5.4", "NUMWIN-5.1"),
               "R9", "SH6", from_opponent=True, promise="a penalty card", shows=lambda r: r.penalty),
        _count("numwin-count", Text("Le décompte final", "The final count"), ("NUMWIN-7.2", "NUMWIN-7.1", "NUMWIN-7.3"),
               "R7 G7 RB3 SH12 flash", "a pair removed and a lone Rainbow",
               lambda r: bool(r.pairs) and any(cp.rule == "NUMWIN-7.3" for cp in r.breakdown)),
        _count("numwin-zero", Text("Deux paires et une Rainbow", "Two pairs and a Rainbow"), ("NUMWIN-7.4", "NUMWIN-7.2"),
               "RB4 Y4 RB9 B2 SH2", "the Rainbow left after a pair",
               lambda r: any(cp.rule == "NUMWIN-7.4" for cp in r.breakdown)),
    ]
