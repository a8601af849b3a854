"""One score-sheet adapter per game (``cardforge.table.adapters.<game>``, class ``Adapter``).

>>> sorted(ADAPTERS) == sorted(["collection", "sequence", "tricks", "rows", "numwin"])
True
"""

from __future__ import annotations

import importlib

from cardforge.errors import UsageError
from cardforge.table.adapters.base import GameAdapter
from cardforge.table.events import MatchCreated

__all__ = ["ADAPTERS", "adapter_class", "adapter_for", "GameAdapter"]

#: Game slug → module holding its ``Adapter``.
ADAPTERS: dict[str, str] = {game: f"cardforge.table.adapters.{game}"
                            for game in ("collection", "sequence", "tricks", "rows", "numwin")}


def adapter_class(game: str) -> type[GameAdapter]:
    """The adapter class of ``game`` (``UsageError`` for an unknown game)."""
    if game not in ADAPTERS:
        from cardforge.i18n import refusal

        raise refusal(UsageError, "error.table.unknown_game", game=repr(game), games=", ".join(ADAPTERS))
    return importlib.import_module(ADAPTERS[game]).Adapter


def adapter_for(match: MatchCreated) -> GameAdapter:
    """The adapter of a match's game, with the match's options and house rules applied."""
    return adapter_class(match.game)(match)
