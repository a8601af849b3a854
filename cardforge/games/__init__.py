"""Game engines, one module per game, sharing the card system and the engine shape of
``cardforge.games.base`` (state, current player, legal actions, apply, scores, terminal).

``new_game(slug, players=…, seed=…)`` builds a fresh, seeded game of any of the five.
"""

from __future__ import annotations

import importlib
from typing import Any

from cardforge.errors import UsageError
from cardforge.games.compiled import extend

extend(__path__, __name__)  # the engines compiled by `make fast`, when built (cardforge.games.compiled)

__all__ = ["ENGINES", "engine_module", "new_game", "option_names"]

#: Game slug → module implementing it (each exposes ``new_game(players, seed, **options)``).
ENGINES: dict[str, str] = {
    "collection": "cardforge.games.collection",
    "sequence": "cardforge.games.sequence",
    "tricks": "cardforge.games.tricks",
    "rows": "cardforge.games.rows",
    "numwin": "cardforge.games.numwin",
}


def engine_module(game: str) -> Any:
    """Import the engine module of ``game``; ``UsageError`` for an unknown game."""
    if game not in ENGINES:
        raise UsageError(f"unknown game {game!r}: games are {', '.join(ENGINES)}")
    return importlib.import_module(ENGINES[game])


def option_names(game: str) -> tuple[str, ...]:
    """The options ``new_game`` of ``game`` takes beside players, seed, house rules and chance: the
    module's ``OPTIONS`` if it takes ``**options``, else its keyword-only parameters."""
    import inspect

    module = engine_module(game)
    declared = getattr(module, "OPTIONS", None)
    if declared is not None:
        return tuple(declared)
    return tuple(p.name for p in inspect.signature(module.new_game).parameters.values()
                 if p.kind is p.KEYWORD_ONLY and p.name not in ("house", "rules", "chance", "record_chance"))


def new_game(game: str, *, players: int, seed: int = 0, **options: Any) -> Any:
    """A new seeded game state of ``game`` for ``players`` players."""
    return engine_module(game).new_game(players=players, seed=seed, **options)
