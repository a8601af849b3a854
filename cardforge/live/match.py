"""A match at a physical table, stored as its history and replayed through the engine.

``LiveMatch(game, players, house, options, lang, history, moves)``: ``history`` is the list of
entries the table typed, each a player's move or a chance outcome in notation text (``Ana=R7
Ben=SH3``, ``deal Ana=?``); ``moves`` groups them into the moves made (the version after each,
and the client's move id when it gave one).  ``version == len(history)``.  The engine state is
the history replayed into a ``chance="table"`` engine (``state()``, cached: the next move
continues from the cache).  The game's rules are the engine's; what the table types is read by
the game's adapter (``cardforge.live.adapter``).

A move carries the version it was made on and an optional move id: the same id sent again is
answered with the first verdict and applied once; a move made on an older version is refused
with what changed since.  ``undo()`` takes back the last move with its chance outcomes.

    >>> match = LiveMatch.start("rows")
    >>> match, verdict = match.play(["Ana=R7", "Ben=SH3"], version=0, move_id="m1")
    >>> match.version, match.history
    (3, ('deal Ana=?', 'deal Ben=?', 'Ana=R7 Ben=SH3'))
    >>> match.play(["Ana=R7", "Ben=SH3"], version=0, move_id="m1")[0].version  # a retry: once
    3
    >>> match.undo().version
    0
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Sequence
from typing import Any

from cardforge.errors import CardforgeError, UsageError
from cardforge.i18n import DEFAULT_LANG, Message, refusal
from cardforge.live.adapter import CHANCE_PREFIX, Adapter

__all__ = ["LiveMatch", "Move", "ADAPTERS", "adapter_for", "game_title", "FORMAT", "check_match_json", "schema_problem"]

#: The storage format of a match (``to_json``); format 1 was a position without its history.
FORMAT = 2
#: game slug → the module holding its adapter (``ADAPTER``)
ADAPTERS = {"rows": "cardforge.live.rows", "numwin": "cardforge.live.numwin", "tricks": "cardforge.live.tricks",
            "sequence": "cardforge.live.sequence", "collection": "cardforge.live.collection"}
#: bounds the load checks (a match of an evening stays far below them)
MAX_HISTORY, MAX_ENTRY, MAX_HOUSE, MAX_NAME = 20_000, 2_000, 32, 64
MOVE_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


def game_title(game: str) -> Any:
    """The game's name in a sentence (its deck's title, ``Text``: « Num Rangées »), not its id."""
    from cardforge.deck import load_deck

    return load_deck(game).title


def adapter_for(game: str) -> Adapter:
    """The adapter of ``game``; ``UsageError`` for a game not on the live model yet."""
    module = ADAPTERS.get(game)
    if module is None:
        raise refusal(UsageError, "error.position.no_game", game=repr(game), games=", ".join(ADAPTERS))
    return importlib.import_module(module).ADAPTER


@dataclasses.dataclass(frozen=True)
class Move:
    """What the table typed, with the version it was made on and an optional move id."""

    tokens: tuple[str, ...]
    version: int | None = None
    move_id: str | None = None


@dataclasses.dataclass(frozen=True)
class LiveMatch:
    """One game's match at the table (see the module docstring)."""

    game: str
    players: tuple[str, ...] = ()
    house: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    lang: str = DEFAULT_LANG
    history: tuple[str, ...] = ()
    #: per move: (the version after it, its move id or None)
    moves: tuple[tuple[int, str | None], ...] = ()

    @classmethod
    def start(cls, game: str, players: Sequence[str] = (), house: Sequence[str] = (), lang: str = DEFAULT_LANG,
              **options: Any) -> LiveMatch:
        adapter = adapter_for(game)
        for name in options:
            if name not in adapter.options:
                raise refusal(UsageError, "error.live.option", option=repr(name), game=game_title(game),
                              options=", ".join(adapter.options) or "-")
        return cls(game, tuple(players), tuple(house), tuple(sorted(options.items())), lang)

    # -- reading ---------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.history)

    @property
    def adapter(self) -> Adapter:
        return adapter_for(self.game)

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)

    def state(self) -> Any:
        """The engine state after the whole history (the cache, or a replay)."""
        cached = self.__dict__.get("_state")
        if cached is None:
            cached = self._replay(self.history, f"matches.{self.game}.history")
            object.__setattr__(self, "_state", cached)
        return cached

    def _replay(self, entries: Sequence[str], where: str = "history") -> Any:
        """The engine after ``entries``; the decks are looked at on disk once for the whole
        replay, not once per card entered (a card is checked against its deck)."""
        from cardforge.deck import decks_frozen

        adapter = self.adapter
        with decks_frozen():
            state = adapter.engine(self)
            for i, entry in enumerate(entries):
                try:
                    adapter.replay(self, state, entry)
                except CardforgeError as exc:
                    why = exc.message if hasattr(exc, "message") else str(exc)
                    raise refusal(UsageError, "error.live.replay", where=f"{where}[{i}]", entry=repr(entry),
                                  why=why) from None
        return state

    def view(self) -> dict[str, Any]:
        """What the faces show of the position now (the game's adapter decides)."""
        return self.adapter.view(self, self.state())

    def __getattr__(self, name: str) -> Any:
        """A position's fields (``rows``, ``captured``, ``totals``…) read from ``view()``."""
        if name.startswith("_"):
            raise AttributeError(name)
        view = self.view()
        if name in view:
            return view[name]
        raise AttributeError(f"{self.game} match has no {name!r}")

    # -- moves -----------------------------------------------------------------------------

    def parse_move(self, tokens: Sequence[str], version: int | None = None, move_id: str | None = None) -> Move:
        if move_id is not None and not MOVE_ID.fullmatch(move_id):
            raise refusal(UsageError, "error.live.move_id", move_id=repr(move_id))
        return Move(tuple(tokens), version, move_id)

    def apply(self, move: Move) -> tuple[LiveMatch, Any]:
        """``(the match after move, its verdict)``; refused moves change nothing."""
        return self.play(move.tokens, version=move.version, move_id=move.move_id)

    def play(self, tokens: Sequence[str], *, version: int | None = None,
             move_id: str | None = None) -> tuple[LiveMatch, Any]:
        """Apply what the table typed (see the module docstring)."""
        self.parse_move(tokens, version, move_id)
        for i, (_, known) in enumerate(self.moves):
            if move_id is not None and known == move_id:  # a retry: the first verdict again
                start = self.moves[i - 1][0] if i else 0
                return self, self._verdict(self._replay(self.history[:start]), self.history[start:self.moves[i][0]])
        if version is not None and version != self.version:
            self._refuse_stale(version)
        match = self if self.players else dataclasses.replace(self, players=self.adapter.seats(tokens))
        adapter = self.adapter
        before = self.state() if match is self else match.state()
        state = before.clone()
        entries = adapter.entries(match, state, list(tokens))
        for entry in entries:
            adapter.replay(match, state, entry)
        after = dataclasses.replace(match, history=match.history + tuple(entries),
                                    moves=match.moves + ((match.version + len(entries), move_id),))
        object.__setattr__(after, "_state", state)
        return after, after._verdict(before, entries, state)

    def _verdict(self, before: Any, entries: Sequence[str], state: Any = None) -> Any:
        if state is None:
            state = before.clone()
            for entry in entries:
                self.adapter.replay(self, state, entry)
        verdict = self.adapter.verdict(self, before, state, entries)
        verdict.result["version"] = self.version
        verdict.result["position"] = self.to_json()
        return verdict

    def _refuse_stale(self, version: int) -> None:
        if not 0 <= version <= self.version:
            raise refusal(UsageError, "error.live.version", version=version, now=self.version)
        adapter = self.adapter
        changes = [adapter.describe(e, self.players) for e in self.history[version:] if not e.startswith(CHANCE_PREFIX)]
        raise refusal(UsageError, "error.live.stale", version=version, now=self.version,
                      changes=changes or [Message("live.change.deal")])

    def undo(self) -> LiveMatch:
        """The match without its last move (and the chance outcomes entered with it)."""
        if not self.moves:
            raise refusal(UsageError, "error.live.nothing_to_undo", game=game_title(self.game))
        start = self.moves[-2][0] if len(self.moves) > 1 else 0
        return dataclasses.replace(self, history=self.history[:start], moves=self.moves[:-1])

    def fresh(self) -> LiveMatch:
        """The same table (seats, house rules, options) with no move made."""
        return dataclasses.replace(self, history=(), moves=())

    def replace(self, **changes: Any) -> LiveMatch:
        """The match with ``house`` or options changed: refused once moves were made on others."""
        house = tuple(changes.pop("house", self.house))
        options = dict(self.options)
        for name, value in changes.items():
            if name not in self.adapter.options:
                raise refusal(UsageError, "error.live.option", option=repr(name), game=game_title(self.game),
                              options=", ".join(self.adapter.options) or "-")
            options[name] = value
        options_t = tuple(sorted(options.items()))
        if (house, options_t) == (self.house, self.options):
            return self
        if self.history:
            raise refusal(UsageError, "error.live.options_changed", game=game_title(self.game))
        return dataclasses.replace(self, house=house, options=options_t)

    # -- storage ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "format": FORMAT, "players": list(self.players), "house": list(self.house),
                "options": dict(self.options), "lang": self.lang, "history": list(self.history),
                "moves": [[end, move_id] for end, move_id in self.moves]}

    @classmethod
    def from_json(cls, data: Any, where: str = "match") -> LiveMatch:
        """A match from ``to_json()`` output, every key checked (``UsageError`` naming the bad key)."""
        check_match_json(data, where)
        return cls(data["game"], tuple(data["players"]), tuple(data["house"]),
                   tuple(sorted(data.get("options", {}).items())), data.get("lang", DEFAULT_LANG),
                   tuple(data["history"]), tuple((end, move_id) for end, move_id in data.get("moves", ())))


def schema_problem(key: str, expected: Message, found: Any) -> Message:
    """``key: expected …, found …`` (the value quoted, cut at 40 characters)."""
    shown = repr(found)
    return Message("error.schema.bad", key=key, expected=expected, found=shown if len(shown) <= 40 else shown[:37] + "…")


def _bad(key: str, expected: Message, found: Any) -> UsageError:
    return refusal(UsageError, "error.schema.bad", **schema_problem(key, expected, found).params)


def _texts(data: Any, key: str, most: int, longest: int) -> None:
    if not isinstance(data, list):
        raise _bad(key, Message("schema.list"), data)
    if len(data) > most:
        raise _bad(key, Message("schema.at_most", n=most), f"{len(data)} items")
    for i, item in enumerate(data):
        if not isinstance(item, str) or not item.strip() or len(item) > longest:
            raise _bad(f"{key}[{i}]", Message("schema.text", n=longest), item)


def check_match_json(data: Any, where: str) -> None:
    """Every key, type and bound of a stored match; ``UsageError`` naming the first bad one."""
    from cardforge.i18n import languages

    keys = ("game", "format", "players", "house", "options", "lang", "history", "moves")
    if not isinstance(data, dict):
        raise _bad(where, Message("schema.object"), data)
    for key in data:
        if key not in keys:
            raise _bad(f"{where}.{key}", Message("schema.key", keys=", ".join(keys)), key)
    for key in ("game", "format", "players", "house", "history"):
        if key not in data:
            raise refusal(UsageError, "error.schema.missing", key=f"{where}.{key}")
    if data["game"] not in ADAPTERS:
        raise _bad(f"{where}.game", Message("schema.one_of", values=", ".join(ADAPTERS)), data["game"])
    if data["format"] != FORMAT or isinstance(data["format"], bool):
        raise _bad(f"{where}.format", Message("schema.one_of", values=str(FORMAT)), data["format"])
    adapter = adapter_for(data["game"])
    _texts(data["players"], f"{where}.players", adapter.max_players, MAX_NAME)
    if len(set(data["players"])) != len(data["players"]) or any("=" in p for p in data["players"]):
        raise _bad(f"{where}.players", Message("schema.names"), data["players"])
    _texts(data["house"], f"{where}.house", MAX_HOUSE, 200)
    _texts(data["history"], f"{where}.history", MAX_HISTORY, MAX_ENTRY)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise _bad(f"{where}.options", Message("schema.object"), options)
    for name, value in options.items():
        kind = adapter.options.get(name)
        if kind is None:
            raise _bad(f"{where}.options.{name}", Message("schema.key", keys=", ".join(adapter.options) or "-"), name)
        if type(value) is not kind or (kind is int and not 0 <= value <= 1000) or (kind is str and len(value) > 100):
            raise _bad(f"{where}.options.{name}", Message(f"schema.{kind.__name__}"), value)
    lang = data.get("lang", DEFAULT_LANG)
    if lang not in languages():
        raise _bad(f"{where}.lang", Message("schema.one_of", values=", ".join(languages())), lang)
    moves = data.get("moves", [])
    if not isinstance(moves, list) or len(moves) > MAX_HISTORY:
        raise _bad(f"{where}.moves", Message("schema.list"), moves)
    last = 0
    for i, move in enumerate(moves):
        ok = (isinstance(move, list) and len(move) == 2 and type(move[0]) is int and last < move[0] <= len(data["history"])
              and (move[1] is None or (isinstance(move[1], str) and MOVE_ID.fullmatch(move[1]))))
        if not ok:
            raise _bad(f"{where}.moves[{i}]", Message("schema.move", low=last + 1, high=len(data["history"])), move)
        last = move[0]
    if last != len(data["history"]):
        raise _bad(f"{where}.moves", Message("schema.moves_cover", n=len(data["history"])), moves)
