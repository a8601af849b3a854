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

from cardforge.games.steps import Step
from cardforge.i18n import Message

__all__ = ["Verdict", "emit"]


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


def emit(verdict: Verdict, *, as_json: bool = False, lang: str = "en", rich: bool | None = None) -> None:
    """Print a verdict: one JSON object, or a readable ruling citing each rule's title.

    Into a pipe or a file (``rich=None`` decides) the ruling is the same text without styles,
    written without importing rich.
    """
    if as_json:
        sys.stdout.write(json.dumps(verdict.to_json(lang), ensure_ascii=False) + "\n")
        return
    lines = _ruling_lines(verdict, lang)
    if not (_styled_output() if rich is None else rich):
        sys.stdout.write("".join(text + (f"  [{label}]" if label else "") + "\n" for _, text, label in lines))
        return
    from rich.markup import escape

    from cardforge.console import make_console

    console = make_console()  # unwrapped into a pipe: a step and its rule ID stay on one line
    for style, text, label in lines:
        markup = f"[{style}]{escape(text)}[/{style}]" if style else escape(text)
        console.print(markup + (f"  [dim]\\[{escape(label)}][/dim]" if label else ""))


def _styled_output() -> bool:
    """Whether rich would style or wrap stdout (a terminal, ``FORCE_COLOR``, ``COLUMNS`` …)."""
    import os

    forced = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "JUPYTER_COLUMNS", "JUPYTER_LINES")
    return any(os.environ.get(v) for v in forced) or sys.stdout.isatty()


def _ruling_lines(verdict: Verdict, lang: str) -> list[tuple[str, str, str]]:
    """The ruling as ``(style, text, rule label)`` lines."""
    from cardforge.rules import rule as lookup

    lines = [("bold", verdict.question_text(lang), "")]
    for number, step in enumerate(verdict.steps, 1):
        try:
            r = lookup(step.rule)
            title = getattr(r, "title", None)
            label = f"{step.rule}" + (f" · {title(lang)}" if title is not None else "")
        except KeyError:
            label = step.rule
        lines.append(("", f"  {number}. {step.text(lang)}", label))
    lines += [("", f"     {line.text(lang)}", "") for line in verdict.board]
    summary = verdict.summary_text(lang)
    if summary:
        lines.append(("bold green", f"→ {summary}", ""))
    return lines
