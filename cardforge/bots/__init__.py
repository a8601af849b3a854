"""Bots: players for simulations, behind one small interface.

A bot is an object with ``name`` and ``act(observation, legal, rng) -> action``.  It is given
``state.observation(player)`` (what that player may see) and the legal actions, never the
state: a bot cannot read a hidden card.  A bot whose ``sees`` is ``False`` (``random``) does
not look at the observation, and the simulator does not build one for it.

Every game has ``random``, ``strategy`` and ``ismcts`` (``cardforge.bots.ismcts``: a search
bot, whose ``sees`` is ``"infostate"``: it is given an ``InfoState`` — the observation and a way
to draw games consistent with it — instead of the observation).  ``make_bot(game, spec,
rules=…)`` builds one from its spec, a name and ``:``-separated parameters
(``ismcts:iterations=400``), with the game's house rules; ``bot_names(game)`` lists them.

Other packages add bots through the entry point group ``cardforge.bots`` (docs/simulate.md,
"Adding a bot"): each entry point's name is the bot's name, its object a factory called
``factory(game, rules, **params)`` that returns a bot (``UsageError`` for a game it does not
play); its optional ``games`` attribute lists the games it plays.  A cluster worker resolves
the same entry point: a bot travels as its spec.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from cardforge.errors import UsageError
from cardforge.i18n import refusal

__all__ = ["Bot", "RandomBot", "InfoState", "BOT_MODULES", "GENERIC_BOTS", "ENTRY_POINT_GROUP", "bot_names",
           "make_bot", "parse_bot_spec", "by_kind", "seat_view"]

#: the entry point group other packages register bots in
ENTRY_POINT_GROUP = "cardforge.bots"

#: bots that play every game, by name → ``module:factory`` (also registered as entry points of
#: ``cardforge.bots`` in pyproject.toml, so that they are found the way a plugin's are)
GENERIC_BOTS: dict[str, str] = {"ismcts": "cardforge.bots.ismcts:ISMCTSBot"}

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
    #: whether ``act`` reads the observation (the simulator builds one only then); ``"infostate"``:
    #: ``act`` is given an ``InfoState`` instead
    sees: bool | str

    def act(self, observation: Mapping[str, Any] | None, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``, chosen from what the player sees."""


class RandomBot:
    """Uniformly random among the legal actions (the baseline every game has)."""

    name = "random"
    sees = False

    def act(self, observation: Mapping[str, Any] | None, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[int(rng.random() * len(legal))]


class InfoState:
    """What a search bot is given instead of the observation: its seat's ``observation`` and
    ``sample(rng)``, a copy of the game in which every card the seat has not seen is dealt
    again (``GameState.resample_from_infostate``).  The bot never reads the real position."""

    __slots__ = ("_state", "player")

    def __init__(self, state: Any, player: int):
        self._state = state
        self.player = player

    @property
    def observation(self) -> dict[str, Any]:
        return self._state.observation(self.player)

    def sample(self, rng: random.Random) -> Any:
        return self._state.resample_from_infostate(self.player, rng)

    def action_to_string(self, action: Any) -> str:
        return self._state.action_to_string(action)


def seat_view(bot: Bot, state: Any) -> Callable[[int], Any] | None:
    """What the simulator hands ``bot`` for a seat: ``view(player)`` — the observation, or an
    ``InfoState`` for a search bot — or ``None`` for a bot that looks at nothing."""
    if bot.sees == "infostate":
        return lambda player: InfoState(state, player)
    return state.observation if bot.sees else None


def by_kind(legal: Sequence[Any]) -> dict[str, list[Any]]:
    """Legal moves grouped by their ``kind`` (``draw``, ``claim``, …), in their order."""
    groups: dict[str, list[Any]] = {}
    for move in legal:
        groups.setdefault(move.kind, []).append(move)
    return groups


def _module(game: str) -> Any:
    if game not in BOT_MODULES:
        raise refusal(UsageError, "error.bots.game", game=repr(game), games=", ".join(BOT_MODULES))
    return importlib.import_module(BOT_MODULES[game])


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=400:explore=0.5"`` → ``("ismcts", {"iterations": "400", …})``."""
    name, *pairs = spec.strip().split(":")
    params: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise refusal(UsageError, "error.bots.param_syntax", spec=repr(spec), pair=repr(pair))
        params[key.strip()] = value.strip()
    return name.strip(), params


@functools.cache
def _plugins() -> dict[str, Any]:
    """The entry points of ``cardforge.bots`` installed, by name (read once)."""
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _factory(name: str) -> Any:
    """The factory of a bot playing every game: built in, or an installed entry point."""
    if name in GENERIC_BOTS:
        module, _, attribute = GENERIC_BOTS[name].partition(":")
        return getattr(importlib.import_module(module), attribute)
    return _plugins()[name].load()


def _plays(name: str, game: str) -> bool:
    """Whether an entry point's bot plays ``game`` (its ``games`` attribute, read on load)."""
    try:
        games = getattr(_factory(name), "games", None)
    except Exception:  # a broken plugin is not listed (make_bot says why when it is asked for)
        return False
    return games is None or game in games


def bot_names(game: str) -> list[str]:
    """The bots available for ``game``, ``random`` first, then the game's own, the generic ones
    and the installed plugins."""
    own = [n for n in _module(game).BOTS if n != "random"]
    extra = [n for n in (*GENERIC_BOTS, *sorted(_plugins())) if n not in own and n != "random"]
    return ["random", *own, *dict.fromkeys(n for n in extra if n in GENERIC_BOTS or _plays(n, game))]


def make_bot(game: str, spec: str, *, rules: Any = None) -> Bot:
    """A fresh bot for ``game`` from its spec (``strategy``, ``ismcts:iterations=400``) playing
    under the house rules ``rules`` (the engine's ``HouseRules``; ``None``: the defaults);
    ``UsageError`` naming the choices for an unknown one or a bad parameter."""
    name, params = parse_bot_spec(spec)
    if name == "random" and not params:
        return RandomBot()
    bots = _module(game).BOTS
    if name in bots:
        if params:
            raise refusal(UsageError, "error.bots.no_params", name=repr(name), spec=repr(spec))
        cls = bots[name]
        return cls(rules=rules) if getattr(cls, "reads_rules", False) else cls()
    if name not in GENERIC_BOTS and name not in _plugins():
        raise refusal(UsageError, "error.bots.unknown", name=repr(name), game=game, names=", ".join(bot_names(game)))
    factory = _factory(name)
    games = getattr(factory, "games", None)
    if games is not None and game not in games:
        raise refusal(UsageError, "error.bots.wrong_game", name=repr(name), game=game, games=", ".join(games))
    _check_params(name, spec, factory, params)
    bot = factory(game, rules, **params)
    bot.name = spec.strip()  # the report names a bot as its spec (two budgets are two bots)
    return bot


def _check_params(name: str, spec: str, factory: Any, params: Mapping[str, str]) -> None:
    """``UsageError`` naming the parameters ``factory`` takes when ``spec`` gives another."""
    import inspect

    accepted = inspect.signature(factory).parameters
    if any(p.kind is p.VAR_KEYWORD for p in accepted.values()):
        return
    names = [p.name for p in list(accepted.values())[2:] if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]
    for key in params:
        if key not in names:
            raise refusal(UsageError, "error.bots.unknown_param", spec=repr(spec), key=repr(key), name=name,
                          names=", ".join(names) or "-")
