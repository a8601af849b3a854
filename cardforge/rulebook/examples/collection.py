"""Worked examples of Num Collection, resolved by the shared push-your-luck core (STOPs) and
``cardforge.games.objectives`` (``find_objectives``, ``best_validation``, ``candidates``)."""

from __future__ import annotations

from typing import Any

from cardforge.cards import Text
from cardforge.deck import load_deck
from cardforge.games import pushluck
from cardforge.games.collection import CITES, HouseRules
from cardforge.games.objectives import OBJECTIVES, best_validation, candidates, find_objectives, objective
from cardforge.referee.collection import objectives_verdict
from cardforge.rulebook.examples import PLAYERS, Example, Figure, Table, require, steps_of
from cardforge.rulebook.examples.pushluck import stop_example

__all__ = ["examples", "tables"]


def _check(cards: list, reserve: tuple[str, ...] = ()) -> pushluck.SequenceCheck:
    """Collection's STOP check: a Joker from the reserve right after a STOP card saves the sequence."""
    return pushluck.check_sequence(cards, HouseRules(), cites=CITES, savers=("joker",), reserve=reserve)


def _objectives(codes: str) -> Example:
    cards = load_deck("collection").parse_many(codes)

    def recompute() -> dict[str, Any]:
        found = find_objectives(cards)
        best = best_validation(cards)
        return {"achievable": {m.id: m.points for m in found}, "chosen": [m.id for m in best],
                "best_points": sum(m.points for m in best)}

    facts = recompute()
    require(len(facts["achievable"]) > len(facts["chosen"]) > 1, "collection-objectives",
            "a choice between objectives that share cards")
    verdict = objectives_verdict(cards, best=True)
    names = [objective(i).name for i in facts["chosen"]]
    who = PLAYERS[4]
    return Example(
        id="collection-objectives", title=Text("Objectifs en fin de manche", "Objectives at the end of a round"),
        rules=("COLLECTION-5.1", "COLLECTION-6.3"),
        setup=Text(f"En fin de manche, la collection verrouillée de {who} est {codes}.",
                   f"At the end of the round, {who}'s locked collection is {codes}."),
        before=(Figure(tuple(codes.split())),),
        steps=steps_of(verdict.steps),
        outcome=Text(f"Résultat : {who} valide {' et '.join(n.fr for n in names)}, soit {facts['best_points']} points.",
                     f"Result: {who} scores {' and '.join(n.en for n in names)}, {facts['best_points']} points."),
        facts=facts, recompute=recompute, command=f"cardforge referee collection objectives --best {codes}",
    )


def examples() -> list[Example]:
    """The examples of the Num Collection rulebook."""
    return [
        stop_example("collection", "collection-colour", Text("Trois cartes de même couleur", "Three cards of one colour"),
                     ("COLLECTION-4.4", "COLLECTION-R2"), "B7 Y2 Y9 Y11", _check, "a colour STOP",
                     lambda r: r.reason == "color", "cardforge referee collection check"),
        stop_example("collection", "collection-joker", Text("Le Joker sauve la séquence", "The Joker saves the sequence"),
                     ("COLLECTION-4.2", "COLLECTION-4.1"), "R5 SH3 joker G8", _check,
                     "a Shadow cancelled by a Joker", lambda r: not r.stop and bool(r.saved),
                     "cardforge referee collection check", reserve=("joker",)),
        _objectives("R3 G3 B4 Y5 RB6 R7 R8"),
    ]


#: One collection per objective of the scorecard, in the sheet's order.
_SAMPLES = {
    "pair": "R9 G9", "three_of_a_kind": "R4 G4 B4", "four_of_a_kind": "R2 G2 B2 Y2",
    "flush": "R1 R4 R6 R9 R12 R13", "grand_flush": "B1 B2 B4 B6 B8 B10 B12 B14",
    "small_straight": "R5 G6 B7", "large_straight": "R5 G6 B7 Y8 R9", "straight_flush": "G3 G4 G5 G6 G7",
    "rainbow_set": "R2 G5 B9 Y11 RB4", "rainbow_straight": "RB7 RB8 RB9",
}


def tables() -> list[Table]:
    """The scorecard with an example of each objective, scored by the engine (``candidates``)."""
    deck = load_deck("collection")
    rows = []
    for obj in OBJECTIVES:
        found = candidates(obj.id, deck.parse_many(_SAMPLES[obj.id]))
        require(bool(found), f"collection-scorecard/{obj.id}", f"the objective {obj.id}")
        rows.append((obj.name, _SAMPLES[obj.id], str(found[0].points)))
    return [Table(
        id="collection-scorecard",
        title=Text("Le scorecard, avec un exemple par objectif", "The scorecard, with an example of each objective"),
        header=(Text("Objectif", "Objective"), Text("Exemple", "Example"), Text("Points", "Points")),
        rows=tuple(rows), rules=("COLLECTION-5.11",),
    )]
