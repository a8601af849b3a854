"""What a game gives the live framework (``cardforge.live.match``): a small adapter per game.

An adapter turns what the table types (the notation of docs/notation.md, ``Ana=R7 Ben=SH3``)
into **history entries** — text, one per player's move or chance outcome, the form a match is
stored in — and an entry into engine calls.  It builds the referee ``Verdict`` of a move from
the engine states before and after it, and the ``view`` the faces show.  It decides no rule:
the engine (``cardforge.games``) does; an entry the engine refuses is refused.

Writing one for a game (``cardforge/live/<game>.py``)::

    class TricksAdapter(Adapter):
        game = "tricks"
        options = {"cards": int}                  # match options kept with the history
        def engine(self, match): ...              # a chance="table" engine, seat_names set
        def seats(self, tokens): ...              # the names a first move seats
        def entries(self, match, state, tokens): ...  # the entries this input makes
        def replay(self, match, state, entry): ...    # one entry into the engine
        def verdict(self, match, before, state, entries): ...
        def view(self, match, state): ...         # {"trick": …, "won": …} for the faces

and register it in ``cardforge.live.match.ADAPTERS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from cardforge.games.base import GameState
    from cardforge.referee.verdict import Verdict

__all__ = ["Adapter", "CHANCE_PREFIX", "MatchFacts"]

#: An entry that is a chance outcome starts with this word (``deal Ana=?``); a move does not.
CHANCE_PREFIX = "deal "


class MatchFacts(Protocol):
    """What an adapter reads of a match (``cardforge.live.match.LiveMatch`` is one): named here,
    so this module needs nothing of the framework that imports it."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def house(self) -> tuple[str, ...]: ...

    @property
    def options(self) -> tuple[tuple[str, Any], ...]: ...

    def option(self, name: str, default: Any = None) -> Any: ...


class Adapter:
    """The per-game part of a live match (see the module docstring)."""

    game: ClassVar[str] = ""
    #: option name → its type (bool, int, str): kept in the match, checked on load
    options: ClassVar[dict[str, type]] = {}
    #: the most players a table seats (a bound the state file's load checks)
    max_players: ClassVar[int] = 10

    def engine(self, match: MatchFacts) -> GameState:  # pragma: no cover - each game overrides
        raise NotImplementedError

    def seats(self, tokens: Sequence[str]) -> tuple[str, ...]:  # pragma: no cover
        raise NotImplementedError

    def entries(self, match: MatchFacts, state: GameState, tokens: Sequence[str]) -> list[str]:  # pragma: no cover
        raise NotImplementedError

    def replay(self, match: MatchFacts, state: GameState, entry: str) -> None:  # pragma: no cover
        raise NotImplementedError

    def verdict(self, match: MatchFacts, before: GameState, state: GameState,
                entries: Sequence[str]) -> Verdict:  # pragma: no cover
        raise NotImplementedError

    def view(self, match: MatchFacts, state: GameState) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    def migrate(self, position: dict[str, Any]) -> dict[str, Any] | None:
        """A format-1 position of this game as a format-2 match (``LiveMatch.to_json`` without
        ``game`` and ``format``), or ``None`` when its history cannot be rebuilt: then the state
        file is refused in one line saying how to start afresh."""
        return None

    def sheet_rounds(self, match: MatchFacts, state: GameState, verdict: Verdict) -> list[tuple[list[str], dict[str, Any]]]:
        """The rounds the move just ended, as the score sheet takes them (``table round``'s
        ``NAME=…`` tokens and options): what the table store puts on the sheet with the move."""
        return []

    def describe(self, entry: str, players: Sequence[str] = ()) -> Any:
        """An entry as a refusal quotes it ("Ben played G5 meanwhile"), ``players`` the seats
        in order (for a move naming a target): the entry itself."""
        return entry
