"""A referee's answer: the result, the steps that led to it, and the rules each step applied.

A verdict is data: its texts are ``cardforge.i18n.Message`` objects rendered only when a face
asks for a language, so the CLI (``emit``) and the web page print the same verdict.  With
``--json`` it is exactly one JSON object::

    {"game": "tricks", "question": "...", <result keys>, "summary": "...",
     "steps": [{"rule": "TRICKS-4.1", "text": "..."}], "rules": ["TRICKS-4.1", ...]}

Result keys follow one convention (docs/notation.md): players are named by name, and any
position (a card in a trick, a card in a sequence) is counted from 1, as the text says it.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any

from cardforge.i18n import Message

__all__ = ["Step", "Verdict", "emit"]


class Step:
    """One reasoning step: the rule ID it applies and what it says (a ``Message``)."""

    __slots__ = ("rule", "message")

    def __init__(self, rule: str, message: Message):
        self.rule = rule
        self.message = message

    def text(self, lang: str = "en") -> str:
        return self.message.text(lang)

    @property
    def en(self) -> str:
        return self.text("en")

    @property
    def fr(self) -> str:
        return self.text("fr")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and (self.rule, self.message) == (other.rule, other.message)

    def __hash__(self) -> int:
        return hash(self.rule)

    def __repr__(self) -> str:
        return f"Step({self.rule!r}, {self.message!r})"


@dataclass
class Verdict:
    """The outcome of one referee question.

    ``board`` holds lines that show the position after the move (the rows after a reveal, the
    sequences in progress); the CLI prints them between the steps and the summary."""

    game: str
    question: Message
    result: dict[str, Any]
    steps: list[Step] = field(default_factory=list)
    summary: Message | None = None
    board: list[Message] = field(default_factory=list)

    def add(self, rule: str, message: Message) -> None:
        self.steps.append(Step(rule, message))

    def say(self, rule: str, key: str, **params: Any) -> None:
        """Add a step whose text is the catalogue message ``key``."""
        self.steps.append(Step(rule, Message(key, **params)))

    @property
    def rules(self) -> list[str]:
        """The rule IDs applied, in first-use order, without repeats."""
        return list(dict.fromkeys(s.rule for s in self.steps))

    def question_text(self, lang: str = "en") -> str:
        return self.question.text(lang)

    def summary_text(self, lang: str = "en") -> str:
        return self.summary.text(lang) if self.summary is not None else ""

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "game": self.game,
            "question": self.question_text(lang),
            **self.result,
            "summary": self.summary_text(lang),
            "steps": [{"rule": s.rule, "text": s.text(lang)} for s in self.steps],
            "rules": self.rules,
        }


def emit(verdict: Verdict, *, as_json: bool = False, lang: str = "en") -> None:
    """Print a verdict: one JSON object, or a readable ruling citing each rule's title."""
    if as_json:
        sys.stdout.write(json.dumps(verdict.to_json(lang), ensure_ascii=False) + "\n")
        return
    from rich.markup import escape

    from cardforge.console import make_console
    from cardforge.rules import rule as lookup

    console = make_console()  # unwrapped into a pipe: a step and its rule ID stay on one line
    console.print(f"[bold]{escape(verdict.question_text(lang))}[/bold]")
    for number, step in enumerate(verdict.steps, 1):
        try:
            r = lookup(step.rule)
            title = getattr(r, "title", None)
            label = f"{step.rule}" + (f" · {title(lang)}" if title is not None else "")
        except KeyError:
            label = step.rule
        console.print(f"  {number}. {escape(step.text(lang))}  [dim]\\[{escape(label)}][/dim]")
    for line in verdict.board:
        console.print(f"     {escape(line.text(lang))}")
    summary = verdict.summary_text(lang)
    if summary:
        console.print(f"[bold green]→ {escape(summary)}[/bold green]")
