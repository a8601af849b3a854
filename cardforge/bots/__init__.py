"""Bots: players for simulations, behind one small interface.

A bot is an object with ``name`` and ``act(observation, legal, rng) -> action``.  It is given
``state.observation(player)`` (what that player may see) and the legal actions, never the
state: a bot cannot read a hidden card.  A bot whose ``sees`` is ``False`` (``random``) does
not look at the observation, and the simulator does not build one for it.

Every game has ``random`` and ``strategy``; ``make_bot(game, name)`` builds one, and
``bot_names(game)`` lists them.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from cardforge.errors import UsageError

__all__ = ["Bot", "RandomBot", "BOT_MODULES", "bot_names", "make_bot", "by_kind"]

#: game slug → module defining ``BOTS`` (name → bot class) for it
BOT_MODULES: dict[str, str] = {
    "rows": "cardforge.bots.rows",
    "tricks": "cardforge.bots.tricks",
    "sequence": "cardforge.bots.pushluck",
    "collection": "cardforge.bots.pushluck",
    "numwin": "cardforge.bots.numwin",
}


class Bot(Protocol):
    """What the simulator needs from a player."""

    name: str
    #: whether ``act`` reads the observation (the simulator builds one only then)
    sees: bool

    def act(self, observation: Mapping[str, Any] | None, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``, chosen from what the player sees."""


class RandomBot:
    """Uniformly random among the legal actions (the baseline every game has)."""

    name = "random"
    sees = False

    def act(self, observation: Mapping[str, Any] | None, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[int(rng.random() * len(legal))]


def by_kind(legal: Sequence[Any]) -> dict[str, list[Any]]:
    """Legal moves grouped by their ``kind`` (``draw``, ``claim``, …), in their order."""
    groups: dict[str, list[Any]] = {}
    for move in legal:
        groups.setdefault(move.kind, []).append(move)
    return groups


def _module(game: str) -> Any:
    if game not in BOT_MODULES:
        raise UsageError(f"unknown game {game!r}: games are {', '.join(BOT_MODULES)}")
    return importlib.import_module(BOT_MODULES[game])


def bot_names(game: str) -> list[str]:
    """The bots available for ``game``, ``random`` first."""
    return ["random", *(n for n in _module(game).BOTS if n != "random")]


def make_bot(game: str, name: str) -> Bot:
    """A fresh bot ``name`` for ``game``; ``UsageError`` naming the choices for an unknown one."""
    if name == "random":
        return RandomBot()
    bots = _module(game).BOTS
    if name not in bots:
        raise UsageError(f"unknown bot {name!r} for {game}: expected one of {', '.join(bot_names(game))}")
    return bots[name](game) if getattr(bots[name], "per_game", False) else bots[name]()
