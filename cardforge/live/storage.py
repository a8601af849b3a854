"""Where a live match is kept between two referee calls: a JSON state file, or the table
store's match for that game.

``StateFile(path)``, format 2::

    {"format": 2, "matches": {"rows": {"players": […], "house": […], "options": {…},
                                       "lang": "en", "history": […], "moves": […]}}

one match per game (``LiveMatch.to_json`` without its ``game`` and ``format``), so one file
(one ``CARDFORGE_STATE``) serves a whole evening.  All five games are on ``LiveMatch``: a
format-1 file (a position per game, ``{"game": …, "version": 1, …}``) is migrated where the
game's adapter can rebuild its history (``Adapter.migrate``: sequence, collection and tricks kept the
engine's steps or the entries typed), else refused in one line saying how to start afresh (remove the game's entry
or use a new ``--state`` file), the file left as it was.
The load checks every key, type and bound (``check_match_json``), the nesting depth before
parsing, and accepts a BOM.  ``transaction()`` holds an exclusive lock (``fcntl.flock`` on the
sidecar ``PATH.lock``) around a read-modify-write, so two calls at once never lose a move; the
file is rewritten atomically (``cardforge.atomic``).

``MatchSlot(db, match_id)``: the match is appended to the table store's log (a
``position_saved`` event holding the match with its history); its players and house rules are
the match's; two referees writing at once cannot both win (the second is refused and retries).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from cardforge.errors import UsageError
from cardforge.i18n import refusal
from cardforge.live import GAMES, from_json, live_games, new_position

__all__ = ["Storage", "StateFile", "MatchSlot", "STATE_MAX_BYTES", "MAX_DEPTH"]

#: A match is tens of kilobytes at most; a bigger "state file" is not one (and is not read whole).
STATE_MAX_BYTES = 1024 * 1024
#: A state is 4 levels deep; JSON nested deeper is refused before it is parsed.
MAX_DEPTH = 16
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


class Storage(Protocol):
    def load(self, game: str) -> Any: ...

    def save(self, position: Any) -> None: ...

    def transaction(self) -> contextlib.AbstractContextManager[Any]: ...


def _depth(text: str) -> int:
    """The deepest nesting of ``text``'s JSON arrays and objects (strings skipped)."""
    depth = most = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        most = max(most, depth)
    return most


class StateFile:
    """Matches in a JSON file, one per game (see the module docstring); created by the first move."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._held = False

    def _where(self) -> str:
        return repr(str(self.path))

    @contextlib.contextmanager
    def transaction(self) -> Iterator[StateFile]:
        """An exclusive lock on the sidecar ``PATH.lock`` for a read-modify-write."""
        import fcntl
        import os

        if self._held or (self.path.exists() and not self.path.is_file()):  # a folder, a device: the read refuses it
            yield self
            return
        lock = self.path.with_name(self.path.name + ".lock")
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        except OSError as exc:
            raise refusal(UsageError, "error.state.locked", path=self._where(), why=exc.strerror or str(exc)) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            self._held = True
            yield self
        finally:
            self._held = False
            os.close(fd)  # closing releases the lock

    def _read(self) -> dict[str, Any]:
        """The file's matches by game (format 2, a format-1 file migrated), checked."""
        if not self.path.exists():
            return {}
        from cardforge.userfile import UnreadableFile, json_problem, read_user_file

        try:
            text = read_user_file(self.path, limit=STATE_MAX_BYTES).decode("utf-8-sig")
        except UnreadableFile as exc:
            raise refusal(UsageError, "error.state.unreadable", path=self._where(), why=exc.message) from None
        except UnicodeDecodeError:
            raise refusal(UsageError, "error.state.not_utf8", path=self._where()) from None
        if _depth(text) > MAX_DEPTH:
            raise refusal(UsageError, "error.state.depth", path=self._where(), n=MAX_DEPTH)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise refusal(UsageError, "error.state.json", path=self._where(), msg=json_problem(exc.msg), line=exc.lineno) from None
        if isinstance(data, dict) and "format" in data:
            if data["format"] != 2 or isinstance(data["format"], bool):
                raise refusal(UsageError, "error.state.format", path=self._where(), found=repr(data["format"]))
            extra = [k for k in data if k not in ("format", "matches")]
            matches = data.get("matches", {})
            if extra or not isinstance(matches, dict):
                raise self._bad(extra[0] if extra else "matches", "schema.key" if extra else "schema.object",
                                data[extra[0]] if extra else matches, keys="format, matches")
            return {game: self._checked(game, entry) for game, entry in matches.items()}
        if isinstance(data, dict) and isinstance(data.get("game"), str):  # format 1: a single position
            data = {data["game"]: data}
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise refusal(UsageError, "error.state.shape", path=self._where())
        for game in data:
            if game not in GAMES and game in live_games():
                from cardforge.live.match import adapter_for, game_title

                migrated = adapter_for(game).migrate(data[game])
                if migrated is None:
                    raise refusal(UsageError, "error.state.format1", path=self._where(), game=game, name=game_title(game))
                data[game] = migrated
        return {game: self._checked(game, entry) for game, entry in data.items()}

    def _bad(self, key: str, expected: str, found: Any, **params: Any) -> UsageError:
        from cardforge.i18n import Message
        from cardforge.live.match import schema_problem

        problem = schema_problem(key, Message(expected, **params), found)
        return refusal(UsageError, "error.state.bad", path=self._where(), problem=problem)

    def _checked(self, game: str, entry: Any) -> dict[str, Any]:
        """One game's stored match (or a legacy position), its JSON as ``from_json`` reads it."""
        from cardforge.errors import CardforgeError

        if game not in live_games():
            raise self._bad(f"matches.{game}", "schema.key", game, keys=", ".join(live_games()))
        if not isinstance(entry, dict):
            raise self._bad(f"matches.{game}", "schema.object", entry)
        data = dict(entry) if game in GAMES else {"game": game, "format": 2, **entry}
        try:
            from_json(data) if game in GAMES else _match_json(data, f"matches.{game}")
        except CardforgeError as exc:
            message = getattr(exc, "message", None) or str(exc)
            raise refusal(UsageError, "error.state.bad", path=self._where(), problem=message) from None
        return data

    def load(self, game: str) -> Any:
        """The match of ``game`` (a new one when the file has none), its history replayed."""
        from cardforge.errors import CardforgeError

        data = self._read().get(game)
        if data is None:
            return new_position(game)
        match = from_json(data)
        if game not in GAMES:
            try:
                match.state()
            except CardforgeError as exc:
                problem = getattr(exc, "message", None) or str(exc)
                raise refusal(UsageError, "error.state.bad", path=self._where(), problem=problem) from None
        return match

    def save(self, position: Any, verdict: Any = None) -> None:
        """Write the match (``verdict``, the move's, is for the table store's sheet: unused here)."""
        from cardforge.atomic import atomic_write_text

        with self.transaction():
            matches = self._read()
            matches[position.game] = position.to_json()
            stored = {game: _stored(game, data) for game, data in matches.items()}
            atomic_write_text(self.path, json.dumps({"format": 2, "matches": stored}, ensure_ascii=False, indent=1) + "\n")


def _match_json(data: dict[str, Any], where: str) -> None:
    from cardforge.live.match import check_match_json

    check_match_json(data, where)


def _stored(game: str, data: dict[str, Any]) -> dict[str, Any]:
    """A match as the state file keeps it (without the ``game`` and ``format`` its key says)."""
    if game in GAMES:
        return data
    return {k: v for k, v in data.items() if k not in ("game", "format")}


class MatchSlot:
    """A position kept in a table-store match (``--table``, ``--db``, ``--match``)."""

    def __init__(self, db: Path | None = None, match_id: int | None = None):
        self.db = db
        self.match_id = match_id
        self._loaded: dict[str, Any] | None = None

    def _store(self):
        from cardforge.table.store import Store

        return Store(self.db)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[MatchSlot]:
        """Nothing to hold: ``save`` checks in the store's own transaction that nothing moved."""
        yield self

    def load(self, game: str) -> Position:
        from cardforge.table.events import MatchCreated

        with self._store() as store:
            mid = self.match_id if self.match_id is not None else store.current_match()
            self.match_id = mid
            events = store.events(mid)
        match = events[0].event
        assert isinstance(match, MatchCreated)
        if match.game != game:
            raise refusal(UsageError, "error.state.match_game", match=mid, held=match.game, game=game)
        self._loaded = _last_position(events)
        if self._loaded is None:
            options = {"explosion": match.variant == "explosion"} if game == "rows" else {}
            if game in ("sequence", "collection") and match.mode:
                options["mode"] = match.mode
            if game == "tricks":  # the engine plays the sheet's schedule
                options = {"start_cards": match.start_cards, "rounds": match.rounds, "team": match.variant == "team" or None}
                options = {k: v for k, v in options.items() if v is not None}
            return new_position(game, match.players, match.house, **options)
        # the page's notes on a saved position (``web_…``) are not the match's
        return from_json({k: v for k, v in self._loaded.items() if not k.startswith(WEB_NOTE)})

    def save(self, position: Position, verdict: Any = None) -> None:
        """Append the match; the rounds the move (``verdict``) ended go on the score sheet in the
        same transaction, as the page's live table puts them (its ``web_recorded_round`` note
        lets either undo take both back)."""
        from cardforge.table.adapters import adapter_for as sheet_adapter
        from cardforge.table.events import MatchCreated, PositionSaved, RoundRecorded
        from cardforge.table.scorekeeper import LIVE_CLOSED_ROUND

        expected = self._loaded
        saved = position.to_json()
        writes: list[Any] = []
        if verdict is not None and hasattr(position, "adapter"):
            rounds = position.adapter.sheet_rounds(position, position.state(), verdict)
            if rounds:
                with self._store() as store:
                    created = store.events(self.match_id)[0].event
                assert isinstance(created, MatchCreated)
                sheet = sheet_adapter(created)
                writes = [RoundRecorded(entries=sheet.parse_round(tokens, options), typed=tuple(tokens))
                          for tokens, options in rounds]
                saved = {**saved, LIVE_CLOSED_ROUND: True}
        writes.append(PositionSaved(position=saved))

        def check(events: list) -> None:
            if _last_position(events[: len(events) - len(writes)]) != expected:
                raise refusal(UsageError, "error.state.raced", match=self.match_id)

        with self._store() as store:
            store.append_many(self.match_id, writes, check=check)
        self._loaded = saved


#: the prefix of the notes the page adds to a saved position (``cardforge.web.live``)
WEB_NOTE = "web_"


def _last_position(events: list) -> dict[str, Any] | None:
    from cardforge.table.events import PositionSaved

    for stored in reversed(events):
        if isinstance(stored.event, PositionSaved):
            return stored.event.position
    return None
