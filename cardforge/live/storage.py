"""Where a live position is kept between two referee calls: a JSON state file, or the table
store's match for that game.

``StateFile(path)``: one JSON object holding a position per game (``{"rows": {…}}``), rewritten
atomically after every move (``cardforge.atomic``), so an interrupted call leaves the previous
position.  ``MatchSlot(db,
match_id)``: the position is appended to the match's log (a ``position_saved`` event), its
players and house rules are the match's; two referees writing at once cannot both win (the
second is refused and retries on the new position).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Protocol

from cardforge.errors import UsageError
from cardforge.i18n import refusal
from cardforge.live import from_json, new_position
from cardforge.live.base import Position

__all__ = ["Storage", "StateFile", "MatchSlot", "STATE_MAX_BYTES"]

#: A position is a few kilobytes; a bigger "state file" is not one (and is not read whole).
STATE_MAX_BYTES = 1024 * 1024


class Storage(Protocol):
    def load(self, game: str) -> Position: ...

    def save(self, position: Position) -> None: ...


class StateFile:
    """Positions in a JSON file, one per game (``{"rows": {…}, "tricks": {…}}``), so one file
    (one ``CARDFORGE_STATE``) serves a whole evening of games; created by the first move."""

    def __init__(self, path: Path):
        self.path = Path(path)

    def _read(self) -> dict[str, Any]:
        if not self.path.exists():
            return {}
        from cardforge.userfile import UnreadableFile, json_problem, read_user_file

        try:
            data = json.loads(read_user_file(self.path, limit=STATE_MAX_BYTES).decode("utf-8"))
        except UnreadableFile as exc:
            raise refusal(UsageError, "error.state.unreadable", path=repr(str(self.path)), why=exc.message) from None
        except UnicodeDecodeError:
            raise refusal(UsageError, "error.state.not_utf8", path=repr(str(self.path))) from None
        except json.JSONDecodeError as exc:
            raise refusal(UsageError, "error.state.json", path=repr(str(self.path)), msg=json_problem(exc.msg), line=exc.lineno) from None
        if isinstance(data, dict) and isinstance(data.get("game"), str):  # a single position (to_json)
            return {data["game"]: data}
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise refusal(UsageError, "error.state.shape", path=repr(str(self.path)))
        return data

    def load(self, game: str) -> Position:
        data = self._read().get(game)
        if data is None:
            return new_position(game)
        position = from_json(data)
        if position.game != game:
            raise refusal(UsageError, "error.state.other_game", path=repr(str(self.path)), held=position.game, game=game)
        return position

    def save(self, position: Position) -> None:
        from cardforge.atomic import atomic_write_text

        positions = self._read()
        positions[position.game] = position.to_json()
        atomic_write_text(self.path, json.dumps(positions, ensure_ascii=False, indent=1) + "\n")


class MatchSlot:
    """A position kept in a table-store match (``--table``, ``--db``, ``--match``)."""

    def __init__(self, db: Path | None = None, match_id: int | None = None):
        self.db = db
        self.match_id = match_id
        self._loaded: dict[str, Any] | None = None

    def _store(self):
        from cardforge.table.store import Store

        return Store(self.db)

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
                options = {"start_cards": match.start_cards, "rounds": match.rounds, "team": match.variant == "team"}
            return new_position(game, match.players, match.house, **options)
        return from_json(self._loaded)

    def save(self, position: Position) -> None:
        from cardforge.table.events import PositionSaved

        expected = self._loaded

        def check(events: list) -> None:
            if _last_position(events[:-1]) != expected:
                raise refusal(UsageError, "error.state.raced", match=self.match_id)

        with self._store() as store:
            store.append(self.match_id, PositionSaved(position=position.to_json()), check=check)
        self._loaded = position.to_json()


def _last_position(events: list) -> dict[str, Any] | None:
    from cardforge.table.events import PositionSaved

    for stored in reversed(events):
        if isinstance(stored.event, PositionSaved):
            return stored.event.position
    return None
