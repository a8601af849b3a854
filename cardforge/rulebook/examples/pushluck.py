"""Examples shared by the two push-your-luck games (``sequence``, ``collection``): a sequence
drawn card by card and checked for a STOP by the shared core (``cardforge.games.pushluck``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardforge.cards import Text
from cardforge.deck import load_deck
from cardforge.games.pushluck import SequenceCheck
from cardforge.rulebook.examples import PLAYERS, Example, Figure, require, steps_of

__all__ = ["stop_example"]

_REASONS = {
    "shadow": Text("une Shadow", "a Shadow"),
    "color": Text("trois cartes de même couleur de suite", "three cards of the same colour in a row"),
    "value": Text("deux cartes de même valeur de suite", "two cards of the same value in a row"),
}


def _facts(check: SequenceCheck) -> dict[str, Any]:
    # positions counted from 1, as the referee's JSON gives them (docs/notation.md)
    return {"stop": check.stop, "reason": check.reason, "index": None if check.index is None else check.index + 1,
            "kept": [c.code for c in check.kept], "saved": [i + 1 for i in check.saved]}


def _setup(who: str, cards: list, result: SequenceCheck, reserve: tuple[str, ...], deck: Any) -> Text:
    """What the player does, in order: the cards drawn, and each saver played from the reserve
    right after a STOP card (nothing is drawn after a STOP: COLLECTION-R3 / SEQUENCE-R3)."""
    played = {i + 1 for i in result.saved}
    fr: list[str] = []
    en: list[str] = []
    drawn: list[str] = []
    for i, card in enumerate(cards):
        if i in played:
            name = deck.actions[card.action].action.name
            fr.append(f"{'il pioche' if not fr else 'doit piocher'} {' '.join(drawn)} : STOP ; il joue le {name.fr} de sa réserve")
            en.append(f"{who} {'draws' if not en else 'must draw'} {' '.join(drawn)}: STOP; {who} plays the {name.en} from the reserve")
            drawn = []
        else:
            drawn.append(card.code)
    if not reserve:
        codes = " ".join(c.code for c in cards)
        return Text(f"{who} pioche, dans l'ordre : {codes}.", f"{who} draws, in order: {codes}.")
    if drawn:
        fr.append(f"puis doit piocher de nouveau : {' '.join(drawn)}")
        en.append(f"then must draw again: {' '.join(drawn)}")
    held = Text(" et ".join(deck.actions[a].action.name.fr for a in reserve),
                " and ".join(deck.actions[a].action.name.en for a in reserve))
    first = ", ".join(fr)
    return Text(f"{who} a un {held.fr} dans sa réserve. " + first[0].upper() + first[1:] + ".",
                f"{who} holds a {held.en} in reserve. " + ", ".join(en) + ".")


def stop_example(game: str, id: str, title: Text, rules: tuple[str, ...], codes: str,
                 check: Callable[[list, tuple[str, ...]], SequenceCheck], promise: str,
                 shows: Callable[[SequenceCheck], bool], command: str, reserve: tuple[str, ...] = ()) -> Example:
    """A sequence in draw order, checked by ``check(cards, reserve)`` (the game's STOP check);
    ``reserve``: the action cards the player holds in reserve before drawing."""
    deck = load_deck(game)
    cards = deck.parse_many(codes)

    def recompute() -> dict[str, Any]:
        return _facts(check(cards, reserve))

    result = check(cards, reserve)
    require(shows(result), id, promise)
    marks = ["-"] * len(cards)
    for position in result.saved:
        marks[position] = "cancel"
    if result.stop and result.index is not None:
        marks[result.index] = "cancel"
        marks[result.index + 1:] = ["-"] * (len(cards) - result.index - 1)
    who = PLAYERS[3]
    if result.stop:
        reason = _REASONS.get(result.reason, Text(str(result.reason), str(result.reason)))
        stopper = cards[result.index].code
        outcome = Text(f"Résultat : STOP à {stopper} ({reason.fr}) ; la séquence de {who} est perdue.",
                       f"Result: STOP at {stopper} ({reason.en}); {who}'s sequence is lost.")
    else:
        kept = " ".join(c.code for c in result.kept)
        outcome = Text(f"Résultat : pas de STOP ; la séquence de {who} est {kept}.",
                       f"Result: no STOP; {who}'s sequence is {kept}.")
    return Example(
        id=id, title=title, rules=rules,
        setup=_setup(who, cards, result, reserve, deck),
        before=(Figure(tuple(codes.split()), marks=tuple(marks)),),
        steps=steps_of(result.steps), outcome=outcome, facts=_facts(result), recompute=recompute,
        command=f"{command} {codes}",
    )
