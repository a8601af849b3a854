"""A step of an engine's reasoning: the rule ID it applies and what it says.

Engines explain a trick's winner, a row's choice or a score as a list of ``Step``; the referee
gathers them into a ``Verdict`` (``cardforge.referee.verdict``) and the faces print them.
"""

from __future__ import annotations

from cardforge.i18n import Message

__all__ = ["Step"]


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
