"""Worked examples of the rulebooks, computed by the game engines when a book is built.

Each game has a module here (``tricks``, ``rows`` …) exposing ``examples() -> list[Example]``.
An example is built from card codes; the game's engine resolves it, and the book prints the
engine's steps and outcome — never a hand-typed result.  Each example also keeps a
``recompute`` callable that re-resolves it from its card codes, so a test can check that what the
book states (``facts``) is still what the engine says, and ``demonstrates`` fails the build when
an example stops showing what its title promises (e.g. a rule change means no annulation any
more).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardforge.cards import Text
from cardforge.errors import CardforgeError

__all__ = ["Figure", "Example", "ExampleError", "examples_for", "Table", "PLAYERS", "points", "signed", "steps_of", "require"]

#: Names of the players in examples (the same in both languages).
#: (No initial vowel: the engines' French texts say « de Bruno », never « de Anne ».)
PLAYERS: tuple[str, ...] = ("Bruno", "Chloé", "David", "Farid", "Gaëlle", "Hugo", "Léa", "Marc")


class ExampleError(CardforgeError):
    """An example no longer shows what it promises (a rule or engine change altered it)."""


@dataclass(frozen=True, slots=True)
class Figure:
    """A row of cards to draw: codes, an optional label on the left, captions and marks."""

    codes: tuple[str, ...]
    label: Text | None = None
    captions: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Table:
    """A small reference table computed by an engine (e.g. bid points for each bid)."""

    id: str
    title: Text
    header: tuple[Text, ...]
    rows: tuple[tuple[str | Text, ...], ...]  # a Text cell is printed in the book's language
    rules: tuple[str, ...] = ()
    note: Text | None = None

    @property
    def section(self) -> str:
        return section_of(self.rules[0]) if self.rules else ""


@dataclass(frozen=True)
class Example:
    """One worked example: the situation, the engine's reasoning, and its outcome."""

    id: str
    title: Text
    rules: tuple[str, ...]
    setup: Text
    before: tuple[Figure, ...]
    steps: tuple[tuple[tuple[str, ...], Text], ...]
    outcome: Text
    facts: Mapping[str, Any]
    recompute: Callable[[], Mapping[str, Any]] = field(repr=False, compare=False)
    after: tuple[Figure, ...] = ()
    before_caption: Text | None = None
    after_caption: Text | None = None
    command: str = ""

    @property
    def section(self) -> str:
        """The catalogue section the example illustrates (that of its first rule)."""
        return section_of(self.rules[0])


def section_of(rule_id: str) -> str:
    """``"ROWS-6.1"`` → ``"6"``; a ruling (``ROWS-R3``) → ``"R"``."""
    number = rule_id.split("-", 1)[1]
    return "R" if number.startswith("R") else number.split(".", 1)[0]


def _sentence(text: str) -> str:
    """A step as a printed sentence: capital first letter, final full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?)" else text + "."


def steps_of(events: Sequence[Any]) -> tuple[tuple[tuple[str, ...], Text], ...]:
    """Referee steps (``Step(rule, en, fr)``) as (rule IDs, text) pairs, for print: a step
    repeated with the same text under several rules is printed once citing them all, and
    consecutive steps of the same rule are joined into one sentence."""
    by_text: dict[str, tuple[list[str], str]] = {}
    for step in events:
        rules, _ = by_text.setdefault(step.en, ([], step.fr or step.en))
        if step.rule not in rules:
            rules.append(step.rule)
    joined: list[tuple[tuple[str, ...], list[str], list[str]]] = []
    for en, (rules, fr) in by_text.items():
        if joined and joined[-1][0] == tuple(rules):
            joined[-1][1].append(fr)
            joined[-1][2].append(en)
        else:
            joined.append((tuple(rules), [fr], [en]))
    def clause(text: str) -> str:
        return text.strip().rstrip(".")

    return tuple(
        (rules, Text(fr=_sentence(" ; ".join(map(clause, fr))), en=_sentence("; ".join(map(clause, en)))))
        for rules, fr, en in joined
    )


def signed(value: int) -> str:
    """``+4``, ``−4`` (a true minus sign), ``0``."""
    return "0" if value == 0 else f"{value:+d}".replace("-", "\u2212")


def points(value: int) -> str:
    """``+1 point``, ``−4 points``: the same in French and English."""
    return f"{signed(value)} point{'s' if abs(value) > 1 else ''}"


def require(condition: bool, example_id: str, promise: str) -> None:
    """Fail the build when an example no longer demonstrates ``promise``."""
    if not condition:
        raise ExampleError(f"rulebook example {example_id!r} no longer shows {promise}: the rules or the engine changed; "
                           f"pick other cards in cardforge/rulebook/examples/")


@functools.lru_cache(maxsize=8)
def examples_for(game: str) -> tuple[list[Example], list[Table]]:
    """The worked examples and reference tables of ``game`` (empty if it has none yet),
    computed once per process (the three books of a game in two languages share them)."""
    try:
        module = importlib.import_module(f"cardforge.rulebook.examples.{game}")
    except ModuleNotFoundError as exc:
        if exc.name == f"cardforge.rulebook.examples.{game}":
            return [], []
        raise
    tables = module.tables() if hasattr(module, "tables") else []
    return module.examples(), tables
