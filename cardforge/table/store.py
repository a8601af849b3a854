"""The score-sheet database: an append-only event log in SQLite.

Every entry is one transaction (``BEGIN IMMEDIATE`` … ``COMMIT``) in WAL mode with
``synchronous=FULL``: once ``append`` returns, the entry survives a crash, a ``kill -9`` or a
power cut; an entry interrupted before its commit leaves no trace.  Triggers forbid ``UPDATE``
and ``DELETE`` on the log, so history is never rewritten (an undo is an event too).  Readers
take a snapshot in a read transaction and never block the writer.

Beside the log, each match has a **snapshot** (``snapshots``, one row per match, schema 2): what
a page needs of it — its creation, the rounds still on the sheet, the last saved position, the
saved positions still standing (the live undo stack) — as event numbers, folded in with each
entry in the entry's own transaction, so a request reads a few rows however long the match is
(issue 28).  The log stays the truth: a snapshot that is missing, of another ``SNAPSHOT_FORMAT``
or behind the log (written by an older cardforge) is rebuilt from the log.

The phones' tokens of ``cardforge serve`` (``phone_tokens``, schema 3) are kept here too, as
SHA-256 digests with their expiry time: a phone that joined stays joined when the server
restarts.

The schema version is SQLite's ``user_version``; ``_MIGRATIONS[i]`` brings a database from
version ``i`` to ``i + 1``.  The default database lives in the user's data directory
(``platformdirs.user_data_dir("cardforge")``); ``--db PATH`` or ``CARDFORGE_TABLE_DB`` choose
another.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from cardforge.atomic import check_writable_file, ensure_dir
from cardforge.errors import OutputError, UsageError
from cardforge.i18n import Message, refusal
from cardforge.table.dberrors import explain
from cardforge.table.events import (Event, MatchCreated, PositionSaved, RoundCorrected, RoundRecorded, StoredEvent,
                                    Undone, decode_event, encode_event)

__all__ = ["SCHEMA_VERSION", "APPLICATION_ID", "SNAPSHOT_FORMAT", "UNDO_MARK", "Store", "MatchSummary", "Digest",
           "default_db_path", "damaged_event"]

_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        match_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        recorded_at TEXT NOT NULL
    );
    CREATE INDEX events_by_match ON events (match_id, seq);
    CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the score-sheet log is append-only'); END;
    CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'the score-sheet log is append-only'); END;
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    """
    CREATE TABLE snapshots (match_id INTEGER PRIMARY KEY, payload TEXT NOT NULL);
    """,
    """
    CREATE TABLE IF NOT EXISTS phone_tokens (digest TEXT PRIMARY KEY, expires REAL NOT NULL);
    """,
)

#: The shape of a snapshot's payload; another one is rebuilt from the log.
SNAPSHOT_FORMAT = 1
#: The key of a saved position that takes back the position before it (the live table's undo).
UNDO_MARK = "web_undo"

#: The schema version this code writes.
SCHEMA_VERSION = len(_MIGRATIONS)

#: SQLite ``application_id`` marking a cardforge score sheet ("CFts").
APPLICATION_ID = int.from_bytes(b"CFts", "big")


def default_db_path() -> Path:
    """The configured database (``CARDFORGE_DB``, ``database`` in ``cardforge.toml``), else
    ``<user data dir>/cardforge/table.sqlite3``."""
    from cardforge.config import value

    chosen = value("database")
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("cardforge")) / "table.sqlite3"


@dataclass(frozen=True)
class MatchSummary:
    """One match in the database, for ``table list``."""

    match_id: int
    created_at: str
    updated_at: str
    match: MatchCreated
    entries: int


@dataclass(frozen=True)
class Digest:
    """What a match's snapshot holds, read in a few rows whatever the match's length.

    ``events`` is the log as the standings and the live table see it: the creation, the rounds
    still on the sheet and the last saved position, oldest first (``compute_standings(events)``
    is the whole log's); ``positions`` are the saved positions still standing (the live undo
    stack, event numbers); ``last_seq`` and ``count`` are the whole log's."""

    events: list[StoredEvent]
    positions: tuple[int, ...]
    last_seq: int
    count: int

    @property
    def position(self) -> StoredEvent | None:
        """The last saved position (``None`` before the first move)."""
        last = self.events[-1]
        return last if isinstance(last.event, PositionSaved) else None


@dataclass(frozen=True)
class _Fold:
    """A snapshot's payload: event numbers only (the events themselves stay in the log)."""

    first: int
    rounds: tuple[int, ...] = ()
    position: int | None = None
    positions: tuple[int, ...] = ()
    last_seq: int = 0
    count: int = 0

    def add(self, stored: StoredEvent) -> _Fold:
        """The fold after one more event of the match."""
        event, seq = stored.event, stored.seq
        rounds, position, positions = self.rounds, self.position, self.positions
        if isinstance(event, (RoundRecorded, RoundCorrected)):  # a round, or a correction of one
            rounds += (seq,)
        elif isinstance(event, Undone):
            rounds = tuple(r for r in rounds if r != event.round_seq)
        elif isinstance(event, PositionSaved):
            position = seq
            positions = positions[:-1] if event.position.get(UNDO_MARK) else (*positions, seq)
        return _Fold(self.first, rounds, position, positions, seq, self.count + 1)

    def to_json(self) -> str:
        return json.dumps({"format": SNAPSHOT_FORMAT, "first": self.first, "rounds": self.rounds,
                           "position": self.position, "positions": self.positions,
                           "last_seq": self.last_seq, "count": self.count}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> _Fold | None:
        """The fold stored as ``text``; ``None`` if it is of another format or damaged (rebuilt)."""
        try:
            data = json.loads(text)
            if data.get("format") != SNAPSHOT_FORMAT:
                return None
            return cls(int(data["first"]), tuple(map(int, data["rounds"])),
                       None if data["position"] is None else int(data["position"]),
                       tuple(map(int, data["positions"])), int(data["last_seq"]), int(data["count"]))
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            return None


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Store:
    """An open score-sheet database.  Use as a context manager, or call ``close()``."""

    def __init__(self, path: Path | str | None = None, *, timeout: float = 30.0, reading: bool = False):
        self.path = Path(path) if path is not None else default_db_path()
        if os.path.isdir(self.path):
            raise refusal(UsageError, "error.table.db_folder", path=repr(str(self.path)))
        check_writable_file(self.path, "use score-sheet database")
        #: A database this process may not write is opened read-only: show/list/export work,
        #: an entry is refused in one line, and no -wal/-shm is left behind (issue 12).  A command
        #: that only reads (``reading``) opens an existing, current database read-only too, so it
        #: works on a full disk or a read-only folder (issue 31).
        self.read_only = os.path.exists(self.path) and (
            not os.access(self.path, os.W_OK) or (reading and _current_schema(self.path)))
        try:
            if self.read_only:
                self._db = sqlite3.connect(_read_only_uri(self.path), timeout=timeout, isolation_level=None, uri=True)
            else:
                ensure_dir(self.path.parent, "database folder")
                self._db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise explain(exc, self.path) from None
        except OSError as exc:
            raise refusal(OutputError, "error.table.db_create", path=repr(str(self.path)), why=exc.strerror) from None
        try:
            with self._guard():
                self._check_ours()  # before WAL mode, which would change the header of a foreign file
                if not self.read_only:
                    self._db.execute("PRAGMA journal_mode=WAL")
                    self._db.execute("PRAGMA synchronous=FULL")
                self._migrate()
        except BaseException:
            self._db.close()
            raise

    # -- lifecycle ---------------------------------------------------------------------------

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Any SQLite failure inside becomes one ``OutputError`` line (``dberrors.explain``)."""
        try:
            yield
        except sqlite3.Error as exc:
            raise explain(exc, self.path) from None

    def _check_ours(self) -> None:
        """Refuse a SQLite file of another program (it would get our tables added to it).

        Ours carry ``application_id`` = ``APPLICATION_ID``; an empty database is adopted, and so is
        one written by cardforge before the marker existed (exactly our two tables).
        """
        app_id = self._db.execute("PRAGMA application_id").fetchone()[0]
        if app_id == APPLICATION_ID:
            return
        tables = sorted(r[0] for r in self._db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
        if app_id == 0 and (not tables or set(tables) in ({"events", "settings"}, {"events", "settings", "snapshots"},
                                                {"events", "phone_tokens", "settings", "snapshots"})):
            return  # empty, or cardforge's before the marker: _migrate marks it
        held = Message("error.table.db_tables", tables=", ".join(tables[:5]) + (" …" if len(tables) > 5 else "")) \
            if tables else Message("error.table.db_app_id", app_id=f"{app_id:#x}")
        raise refusal(UsageError, "error.table.db_foreign", path=repr(str(self.path)), held=held)

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        marked = self._db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        if version > SCHEMA_VERSION:
            raise refusal(UsageError, "error.table.db_newer", path=repr(str(self.path)), version=version,
                          known=SCHEMA_VERSION)
        if version == SCHEMA_VERSION and (marked or self.read_only):
            return
        if self.read_only and version >= 1:  # read as it is: without snapshots, from the log
            return
        with self._transaction():
            version = self._db.execute("PRAGMA user_version").fetchone()[0]  # another process may have won
            for step in range(version, SCHEMA_VERSION):
                for statement in _statements(_MIGRATIONS[step]):
                    self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    @contextmanager
    def _transaction(self, mode: str = "IMMEDIATE") -> Iterator[sqlite3.Connection]:
        """One transaction: committed if the block succeeds, rolled back if it raises."""
        try:
            with self._guard():
                self._db.execute(f"BEGIN {mode}")
                yield self._db
                self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:  # SQLite may have rolled back itself (disk full, I/O error)
                with suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise

    # -- writing -----------------------------------------------------------------------------

    def create_match(self, match: MatchCreated) -> StoredEvent:
        """Start a new match (numbered after the last one) and make it the current match."""
        with self._transaction() as db:
            match_id = db.execute("SELECT COALESCE(MAX(match_id), 0) + 1 FROM events").fetchone()[0]
            stored = self._insert(match_id, match)
            self._save_fold(match_id, _Fold(stored.seq).add(stored))
            self._set(db, "current_match", str(match_id))
        return stored

    def append(self, match_id: int, event: Event,
               check: Callable[[list[StoredEvent]], None] | None = None) -> StoredEvent:
        """Append ``event`` to a match's log in one transaction.

        ``check`` sees the match's log with the new event at its end, inside the same
        transaction — the log as ``Digest.events`` has it (its creation, the rounds still on the
        sheet, the last saved position), which is what the standings and the live table read;
        if it raises, nothing is written (the sheet is unchanged) and the error propagates.
        """
        return self.append_many(match_id, [event], check)[0]

    def append_many(self, match_id: int, events: list[Event],
                    check: Callable[[list[StoredEvent]], None] | None = None) -> list[StoredEvent]:
        """Append several events in one transaction (a live move that also ends a round):
        all of them are written, or none; ``check`` as for ``append``."""
        with self._transaction():
            fold = self._fold(match_id)
            before = self._digest_of(fold) if fold is not None else None
            stored = [self._insert(match_id, event) for event in events]
            if check is not None:
                check([*(before.events if before else ()), *stored])
            if fold is not None:
                for one in stored:
                    fold = fold.add(one)
                self._save_fold(match_id, fold)
        return stored

    def _insert(self, match_id: int, event: Event) -> StoredEvent:
        at = _now()
        with self._guard():
            cursor = self._db.execute(
                "INSERT INTO events (match_id, kind, payload, recorded_at) VALUES (?, ?, ?, ?)",
                (match_id, event.kind, encode_event(event), at),
            )
        return StoredEvent(cursor.lastrowid, match_id, at, event)

    def set_current(self, match_id: int) -> None:
        """Make ``match_id`` the match that ``table round``/``show``/``undo`` act on."""
        with self._transaction() as db:
            if not self._exists(match_id):
                raise self._no_such_match(match_id)
            self._set(db, "current_match", str(match_id))

    def _set(self, db: sqlite3.Connection, key: str, value: str) -> None:
        with self._guard():
            db.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    def add_token(self, digest: str, now: float, life: float) -> None:
        """Keep a phone's token (its digest, never the token) for ``life`` seconds from ``now``
        (Unix time); the tokens expired by ``now`` go at the same time."""
        with self._transaction() as db:
            db.execute("DELETE FROM phone_tokens WHERE expires <= ?", (now,))
            db.execute("INSERT OR REPLACE INTO phone_tokens (digest, expires) VALUES (?, ?)", (digest, now + life))

    def has_token(self, digest: str, now: float) -> bool:
        """Whether a token with this digest was handed out and has not expired at ``now``."""
        if not self._has_tokens():
            return False
        with self._guard():
            return self._db.execute("SELECT 1 FROM phone_tokens WHERE digest = ? AND expires > ?",
                                    (digest, now)).fetchone() is not None

    def _has_tokens(self) -> bool:
        """False only for a read-only database of an older schema (it cannot be migrated)."""
        return self._has_table("phone_tokens")

    # -- reading -----------------------------------------------------------------------------

    def events(self, match_id: int) -> list[StoredEvent]:
        """A consistent snapshot of one match's log, oldest first (``UsageError`` if unknown)."""
        with self._transaction("DEFERRED"):
            events = self._read(match_id)
        if not events:
            raise self._no_such_match(match_id)
        return events

    def _read(self, match_id: int) -> list[StoredEvent]:
        if not _storable(match_id):  # beyond SQLite's 64-bit INTEGER: no such match
            return []
        with self._guard():
            rows = self._db.execute(
                "SELECT seq, match_id, recorded_at, kind, payload FROM events WHERE match_id = ? ORDER BY seq",
                (match_id,),
            ).fetchall()
        return [StoredEvent(seq, mid, at, self._decode(seq, kind, payload)) for seq, mid, at, kind, payload in rows]

    def _decode(self, seq: int, kind: str, payload: str) -> Event:
        """``decode_event``, or one line naming the event a hand edit broke."""
        try:
            return decode_event(kind, payload)
        except RecursionError:  # JSON nested thousands deep: no cardforge event is
            raise damaged_event(self.path, seq, kind, Message("error.table.why.deep")) from None
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            reason = (Message("error.table.why.not_json") if isinstance(exc, json.JSONDecodeError) else
                      getattr(exc, "message", None) or str(exc) if type(exc) is ValueError else
                      Message("error.table.why.shape"))  # no __init__() talk
            raise damaged_event(self.path, seq, kind, reason) from None

    def digest(self, match_id: int) -> Digest:
        """The match's snapshot (``Digest``), consistent, in a few rows (``UsageError`` if unknown)."""
        with self._transaction("DEFERRED"):
            fold = self._fold(match_id)
            if fold is None:
                raise self._no_such_match(match_id)
            return self._digest_of(fold)

    def last_seq(self, match_id: int) -> int | None:
        """The number of the match's last event (one indexed look-up; ``None``: no such match)."""
        if not _storable(match_id):
            return None
        with self._guard():
            return self._db.execute("SELECT MAX(seq) FROM events WHERE match_id = ?", (match_id,)).fetchone()[0]

    def event(self, seq: int) -> StoredEvent:
        """One event of the log by its number (``UsageError`` if there is none)."""
        found = self._fetch([seq])
        if not found:
            raise refusal(UsageError, "error.table.no_event", seq=seq, path=repr(str(self.path)))
        return found[0]

    def events_at(self, seqs: Sequence[int]) -> list[StoredEvent]:
        """The events numbered ``seqs`` (those that exist), oldest first: a few rows."""
        return self._fetch(list(seqs))

    def _fetch(self, seqs: list[int]) -> list[StoredEvent]:
        with self._guard():
            rows = self._db.execute(
                "SELECT seq, match_id, recorded_at, kind, payload FROM events WHERE seq IN "
                f"(SELECT value FROM json_each(?)) ORDER BY seq", (json.dumps(seqs),)).fetchall()
        return [StoredEvent(seq, mid, at, self._decode(seq, kind, payload)) for seq, mid, at, kind, payload in rows]

    def _digest_of(self, fold: _Fold) -> Digest:
        wanted = [fold.first, *fold.rounds, *([fold.position] if fold.position is not None else [])]
        return Digest(self._fetch(wanted), fold.positions, fold.last_seq, fold.count)

    def _fold(self, match_id: int) -> _Fold | None:
        """The match's snapshot, rebuilt from the log when missing, stale or of another format
        (and stored again when this store may write); ``None`` for a match with no event."""
        if not _storable(match_id):
            return None
        with self._guard():
            row = self._db.execute("SELECT payload FROM snapshots WHERE match_id = ?", (match_id,)).fetchone() \
                if self._has_snapshots() else None
            last = self._db.execute("SELECT MAX(seq) FROM events WHERE match_id = ?", (match_id,)).fetchone()[0]
        if last is None:
            return None
        fold = _Fold.from_json(row[0]) if row is not None else None
        if fold is not None and fold.last_seq == last:
            return fold
        events = self._read(match_id)  # rebuilt: once per match, after an older cardforge wrote
        fold = _Fold(events[0].seq)
        for stored in events:
            fold = fold.add(stored)
        return fold  # stored by the next entry of the match (a read does not write)

    def _save_fold(self, match_id: int, fold: _Fold) -> None:
        if self.read_only or not self._has_snapshots():
            return
        with self._guard():
            self._db.execute("INSERT INTO snapshots (match_id, payload) VALUES (?, ?) "
                             "ON CONFLICT (match_id) DO UPDATE SET payload = excluded.payload",
                             (match_id, fold.to_json()))

    def _has_snapshots(self) -> bool:
        """False only for a read-only database of schema 1 (it cannot be migrated)."""
        return self._has_table("snapshots")

    def _has_table(self, name: str) -> bool:
        key = f"_table_{name}"
        if key not in self.__dict__:
            with self._guard():
                self.__dict__[key] = self._db.execute(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone() is not None
        return self.__dict__[key]

    def current_match(self) -> int:
        """The current match's ID; ``UsageError`` telling how to start one if there is none."""
        with self._guard():
            row = self._db.execute("SELECT value FROM settings WHERE key = 'current_match'").fetchone()
        if row is None:
            raise refusal(UsageError, "error.table.no_current", path=repr(str(self.path)))
        try:
            return int(row[0])
        except (TypeError, ValueError):
            raise refusal(OutputError, "error.table.current_bad", path=repr(str(self.path)), value=repr(row[0])) from None

    def matches(self) -> list[MatchSummary]:
        """Every match, oldest first."""
        with self._transaction("DEFERRED") as db:
            rows = db.execute(
                "SELECT e.match_id, e.recorded_at, e.payload, e.seq, "
                "(SELECT MAX(recorded_at) FROM events x WHERE x.match_id = e.match_id), "
                "(SELECT COUNT(*) - 1 FROM events x WHERE x.match_id = e.match_id) "
                "FROM events e WHERE e.kind = ? ORDER BY e.match_id",
                (MatchCreated.kind,),
            ).fetchall()
        return [MatchSummary(mid, created, updated, self._decode(seq, MatchCreated.kind, payload), count)
                for mid, created, payload, seq, updated, count in rows]

    def _exists(self, match_id: int) -> bool:
        if not _storable(match_id):
            return False
        with self._guard():
            return self._db.execute("SELECT 1 FROM events WHERE match_id = ? LIMIT 1", (match_id,)).fetchone() is not None

    def _no_such_match(self, match_id: int) -> UsageError:
        return refusal(UsageError, "error.table.no_match", match=repr(match_id), path=repr(str(self.path)))

    def integrity_check(self) -> str:
        """SQLite's own verdict on the file (``"ok"`` when intact)."""
        with self._guard():
            return self._db.execute("PRAGMA integrity_check").fetchone()[0]


def damaged_event(path: Path, seq: int, kind: str, reason: str | Message) -> OutputError:
    """The one line for a log row that cannot be read or replayed (a hand edit, usually)."""
    return refusal(OutputError, "error.table.damaged", path=repr(str(path)), seq=seq, kind=kind, why=reason)


def _current_schema(path: Path) -> bool:
    """Whether the database at ``path`` needs no migration (so a reader may open it read-only);
    False if it cannot tell (the normal open then explains)."""
    try:
        db = sqlite3.connect(_read_only_uri(path), uri=True)
        try:
            return db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        finally:
            db.close()
    except sqlite3.Error:
        return False


def _read_only_uri(path: Path) -> str:
    """A read-only SQLite URI; ``immutable`` unless a writer's -wal is there, so that a read
    leaves no -wal/-shm files (owned by us, unwritable to the owner) behind."""
    from urllib.request import pathname2url

    live_wal = Path(f"{path}-wal").exists()
    return f"file:{pathname2url(str(path.resolve()))}?mode=ro" + ("" if live_wal else "&immutable=1")


def _storable(match_id: int) -> bool:
    """True if ``match_id`` fits SQLite's 64-bit INTEGER (a typed 10**30 is simply no match)."""
    return -(2**63) <= match_id < 2**63


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (triggers keep their inner ``;``)."""
    statements, buffer = [], ""
    for line in script.strip().splitlines():
        buffer += line + "\n"
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    return statements
