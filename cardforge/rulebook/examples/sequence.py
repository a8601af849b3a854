"""Worked examples of Num Séquence, resolved by ``cardforge.games.sequence.check_sequence`` and
``cardforge.games.pushluck.sequence_points``."""

from __future__ import annotations

from cardforge.cards import Text, parse_cards
from cardforge.games import pushluck
from cardforge.games.pushluck import sequence_points
from cardforge.games.sequence import CITES, HouseRules
from cardforge.rulebook.examples import Example, Table
from cardforge.rulebook.examples.pushluck import stop_example

__all__ = ["examples", "tables"]

_COMMAND = "cardforge referee sequence check"


def _check(cards: list, reserve: tuple[str, ...] = ()) -> pushluck.SequenceCheck:
    """Sequence's STOP check, with the player's reserve (a Joker there saves a STOP)."""
    return pushluck.check_sequence(cards, HouseRules(), cites=CITES, reserve=reserve)


def _stop(id: str, title: Text, rules: tuple[str, ...], codes: str, promise: str, shows,
          reserve: tuple[str, ...] = ()) -> Example:
    return stop_example("sequence", id, title, rules, codes, _check, promise, shows, _COMMAND, reserve)


def examples() -> list[Example]:
    """The examples of the Num Séquence rulebook."""
    return [
        _stop("sequence-rainbow", Text("Une Rainbow fait piocher encore", "A Rainbow makes you draw again"),
              ("SEQUENCE-2.6", "SEQUENCE-2.3"), "R3 G7 RB12 B2", "a Rainbow's extra draw",
              lambda r: not r.stop and any(s.rule == "SEQUENCE-2.6" for s in r.steps)),
        _stop("sequence-value", Text("Deux valeurs égales de suite", "Two equal values in a row"),
              ("SEQUENCE-4.5", "SEQUENCE-4.3"), "R3 G5 B5", "a value STOP", lambda r: r.reason == "value"),
        _stop("sequence-colour", Text("Trois cartes de même couleur", "Three cards of one colour"),
              ("SEQUENCE-4.4", "SEQUENCE-4.3"), "G2 R3 R5 R9", "a colour STOP", lambda r: r.reason == "color"),
        _stop("sequence-joker", Text("Le Joker sauve la séquence", "The Joker saves the sequence"),
              ("SEQUENCE-4.2", "SEQUENCE-4.1"), "B4 RB9 G2 SH7 joker Y8", "a Shadow cancelled by a Joker",
              lambda r: not r.stop and bool(r.saved), reserve=("joker",)),
    ]


def tables() -> list[Table]:
    """What locked sequences score in each mode (``sequence_points``)."""
    sequences = ["R3 G7 RB12 B2", "Y16 B1", "B14 G2 R9", "RB1 B9 Y0"]  # locked: numbered cards only
    return [Table(
        id="sequence-points",
        title=Text("Points des séquences verrouillées", "Points of locked sequences"),
        header=(Text("Séquence verrouillée", "Locked sequence"), Text("Mode Classique", "Classic mode"),
                Text("Mode Découverte", "Discovery mode")),
        rows=tuple((codes, str(sequence_points(parse_cards(codes), "classic")),
                    str(sequence_points(parse_cards(codes), "discovery"))) for codes in sequences),
        rules=("SEQUENCE-5.1",),
    )]
