"""A referee's answer: the result, the steps that led to it, and the rules each step applied.

Commands print it readably (``emit``), or as exactly one JSON object with ``--json``::

    {"game": "tricks", "question": "...", <result keys>, "steps": [{"rule": "TRICKS-4.1",
     "text": "..."}], "rules": ["TRICKS-4.1", ...]}
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Step", "Verdict", "emit"]


@dataclass(frozen=True, slots=True)
class Step:
    """One reasoning step: the rule ID it applies and what it says, in English and French."""

    rule: str
    en: str
    fr: str | None = None

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" and self.fr else self.en


@dataclass
class Verdict:
    """The outcome of one referee question."""

    game: str
    question: str
    result: dict[str, Any]
    steps: list[Step] = field(default_factory=list)
    summary: str = ""
    summary_fr: str | None = None
    question_fr: str | None = None

    def add(self, rule: str, en: str, fr: str | None = None) -> None:
        self.steps.append(Step(rule, en, fr))

    @property
    def rules(self) -> list[str]:
        """The rule IDs applied, in first-use order, without repeats."""
        return list(dict.fromkeys(s.rule for s in self.steps))

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "game": self.game,
            "question": self.question_fr if lang == "fr" and self.question_fr else self.question,
            **self.result,
            "summary": self.summary_fr if lang == "fr" and self.summary_fr else self.summary,
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
    question = verdict.question_fr if lang == "fr" and verdict.question_fr else verdict.question
    console.print(f"[bold]{escape(question)}[/bold]")
    for number, step in enumerate(verdict.steps, 1):
        try:
            r = lookup(step.rule)
            title = getattr(r, "title", None)
            label = f"{step.rule}" + (f" · {title(lang)}" if title is not None else "")
        except KeyError:
            label = step.rule
        console.print(f"  {number}. {escape(step.text(lang))}  [dim]\\[{escape(label)}][/dim]")
    summary = verdict.summary_fr if lang == "fr" and verdict.summary_fr else verdict.summary
    if summary:
        console.print(f"[bold green]→ {escape(summary)}[/bold green]")
