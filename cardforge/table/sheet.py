"""The lines of a score sheet as data: a round's result, a running tally, the match's outcome.

Both the adapters (which produce them from the engines' scoring) and ``standings`` (which
replays a log into them) import these types from here, so neither imports the other's module
the wrong way round: ``standings`` → ``adapters`` → ``sheet``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardforge.cards import Text

__all__ = ["RoundResult", "Tally", "Outcome"]


@dataclass(frozen=True)
class RoundResult:
    """One line of the score sheet.

    ``points`` are each side's points for the round (bonuses included); ``cells`` what the
    score pad shows in each of the game's columns (bid, tricks won, bonus, cards …).
    """

    number: int
    seq: int
    points: dict[str, int]
    cells: dict[str, dict[str, Any]]
    winners: tuple[str, ...] = ()
    typed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tally:
    """A running count the game keeps beside the points (round wins, objectives, streak)."""

    key: str
    label: Text
    values: dict[str, int]


@dataclass(frozen=True)
class Outcome:
    """Whether the match is over, who won, and why (a catalogue message: the sheet is shown in
    the user's language) with the rule IDs applied."""

    over: bool
    winners: tuple[str, ...] = ()
    reason: Any = ""
    rules: tuple[str, ...] = ()
