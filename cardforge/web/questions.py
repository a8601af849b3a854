"""The referee's questions the page can ask, each a form of card fields mapped onto the very
verdict functions ``cardforge referee …`` calls (same parsing, same messages, same steps).

>>> [q.key for q in QUESTIONS["tricks"]]
['trick', 'legal']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from cardforge.cards import Text
from cardforge.errors import UsageError
from cardforge.i18n import refusal
from cardforge.referee.verdict import Verdict

__all__ = ["Field", "Question", "QUESTIONS", "ask"]


@dataclass(frozen=True)
class Field:
    """One text field of a question: card codes with the CLI's notation."""

    name: str
    label: Text
    example: str


@dataclass(frozen=True)
class Question:
    key: str
    title: Text
    fields: tuple[Field, ...]
    answer: Callable[[Mapping[str, str]], Verdict]


def _tokens(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _trick(values: Mapping[str, str]) -> Verdict:
    from cardforge.referee.tricks import parse_cards, trick_verdict

    cards = parse_cards(_tokens(values["cards"]))
    return trick_verdict(cards, len(cards))


def _legal(values: Mapping[str, str]) -> Verdict:
    from cardforge.referee.tricks import legal_verdict, parse_cards

    trick = parse_cards(_tokens(values["trick"]))
    return legal_verdict(trick, parse_cards(_tokens(values["hand"]), taken=trick))


def _rows_score(values: Mapping[str, str]) -> Verdict:
    from cardforge.deck import load_deck
    from cardforge.referee.rows import score_verdict

    return score_verdict(load_deck("rows").parse_many(_tokens(values["cards"])))


def _sequence(values: Mapping[str, str]) -> Verdict:
    from cardforge.referee.pushluck import parse_table_cards
    from cardforge.referee.sequence import check_verdict

    return check_verdict(parse_table_cards("sequence", _tokens(values["cards"]), "classic"))


def _collection(values: Mapping[str, str]) -> Verdict:
    from cardforge.referee.collection import collection_cards, objectives_verdict

    return objectives_verdict(collection_cards(_tokens(values["cards"])), best=True)


def _numwin(values: Mapping[str, str]) -> Verdict:
    from cardforge.referee.numwin import parse_combo, score_verdict

    loose, locked = parse_combo(values["cards"])
    return score_verdict(loose, locked)


def _claim(values: Mapping[str, str], from_opponent: bool) -> Verdict:
    from cardforge.deck import load_deck
    from cardforge.referee.numwin import reflex_verdict

    deck = load_deck("numwin")
    discarded, claimed = (deck.parse(values[k].strip()) if values[k].strip() else None for k in ("discarded", "claimed"))
    if discarded is None or claimed is None:
        raise refusal(UsageError, "error.web.reflex_cards")
    return reflex_verdict(discarded, claimed, from_opponent=from_opponent)


def _numwin_round(values: Mapping[str, str]) -> Verdict:
    from cardforge.referee.numwin import parse_combo, round_verdict

    combos = [parse_combo(line) for line in values["combos"].split(";") if line.strip()]
    if len(combos) < 2:
        raise refusal(UsageError, "error.web.combos")
    return round_verdict([loose for loose, _ in combos], locked=[pairs for _, pairs in combos])


_CARDS = Text("Cartes", "Cards")
_DISCARDED = Field("discarded", Text("Carte défaussée", "Discarded card"), "R7")
_CLAIMED = Field("claimed", Text("Carte qui la saisit", "Card claiming it"), "G7")

QUESTIONS: dict[str, tuple[Question, ...]] = {
    "tricks": (
        Question("trick", Text("Qui gagne le pli ?", "Who wins the trick?"),
                 (Field("cards", Text("Cartes dans l'ordre joué", "Cards in play order"), "RB13 RB2 SH13 flip"),), _trick),
        Question("legal", Text("Quelles cartes peut-on jouer ?", "Which cards may be played?"),
                 (Field("trick", Text("Pli en cours", "Trick so far"), "RB10"),
                  Field("hand", Text("Main", "Hand"), "SH3 SH10 SH12 flip")), _legal),
    ),
    "rows": (
        Question("score", Text("Points d'une pile", "Points of a pile"), (Field("cards", _CARDS, "R5 RB7 SH3"),), _rows_score),
    ),
    "sequence": (
        Question("check", Text("La séquence s'arrête-t-elle (STOP) ?", "Does the sequence STOP?"),
                 (Field("cards", Text("Cartes dans l'ordre tiré", "Cards in draw order"), "R3 G5 RB7"),), _sequence),
    ),
    "collection": (
        Question("objectives", Text("Objectifs et meilleur ensemble", "Objectives and the best set"),
                 (Field("cards", _CARDS, "R1 R2 R3 R4 R5 G5 RB6 B5 Y5"),), _collection),
    ),
    "numwin": (
        Question("score", Text("Score du combo final", "Score of the final combo"),
                 (Field("cards", Text("Combo (paire bloquée : R7+G7)", "Combo (locked pair: R7+G7)"), "R7 G7 RB3 SH2 flash"),),
                 _numwin),
        Question("reflex", Text("Saisie réflexe", "Reflex claim"), (_DISCARDED, _CLAIMED), lambda v: _claim(v, False)),
        Question("memory", Text("Saisie mémoire (variante)", "Memory claim (variant)"), (_DISCARDED, _CLAIMED),
                 lambda v: _claim(v, True)),
        Question("round", Text("Le plus bas de la manche", "The round's lowest"),
                 (Field("combos", Text("Combos finaux, séparés par ;", "Final combos, separated by ;"),
                        "R1 G2 B3 Y4 R5; SH1 G6 B7 Y8 R9"),), _numwin_round),
    ),
}


def ask(game: str, key: str, values: Mapping[str, str]) -> Verdict:
    """The verdict on one question (``UsageError`` for an unknown one or a bad card)."""
    for question in QUESTIONS.get(game, ()):
        if question.key == key:
            return question.answer({f.name: values.get(f.name, "") for f in question.fields})
    raise refusal(UsageError, "error.web.no_question", key=repr(key), game=repr(game))
