"""SQLite failures of the score-sheet database, said in one line.

Every ``sqlite3.Error`` the store meets after the file is opened becomes an ``OutputError``
naming the file and the cause in plain words (damaged, read-only, disk full, busy), and saying
that nothing was recorded: each entry is one transaction, so a failure rolls it back whole.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

from cardforge.errors import OutputError

__all__ = ["explain", "DISK_FULL_BYTES"]

#: Below this much free space, an I/O error is reported as a full disk.
DISK_FULL_BYTES = 1 << 20


def _code(exc: sqlite3.Error) -> str:
    """``SQLITE_CORRUPT``, ``SQLITE_READONLY`` … (Python 3.11+), or a guess from the message."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name:
        return name
    text = str(exc).lower()
    for needle, code in (("malformed", "SQLITE_CORRUPT"), ("not a database", "SQLITE_NOTADB"),
                         ("readonly", "SQLITE_READONLY"), ("disk is full", "SQLITE_FULL"),
                         ("disk i/o", "SQLITE_IOERR"), ("locked", "SQLITE_BUSY")):
        if needle in text:
            return code
    return ""


def _disk_full(path: Path) -> bool:
    try:
        return shutil.disk_usage(path.parent if str(path.parent) else Path(".")).free < DISK_FULL_BYTES
    except OSError:
        return False


def _read_only_files(path: Path) -> list[str]:
    """The database's files (itself, -wal, -shm) and folder this process may not write."""
    from cardforge.i18n import Message

    found: list[str | Message] = []
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if p.exists() and not os.access(p, os.W_OK):
            found.append(p.name)
    folder = path.parent if str(path.parent) else Path(".")
    if not os.access(folder, os.W_OK):
        found.append(Message("error.db.its_folder", folder=repr(str(folder))))
    return found


def explain(exc: sqlite3.Error, path: Path) -> OutputError:
    """The one-line ``OutputError`` for a SQLite failure on the database at ``path``."""
    from cardforge.i18n import Message, refusal

    where = Message("error.db.where", path=repr(str(path)))
    code = _code(exc)
    if os.path.exists(path) and not os.access(path, os.R_OK):  # chmod 000: not "read-only"
        return refusal(OutputError, "error.db.unreadable", where=where)
    if code.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        what = Message("error.db.not_sqlite") if code.startswith("SQLITE_NOTADB") else Message("error.db.damaged", why=exc)
        return refusal(OutputError, "error.db.broken", where=where, what=what)
    if code.startswith("SQLITE_FULL") or (code.startswith("SQLITE_IOERR") and _disk_full(path)):
        return refusal(OutputError, "error.db.full", where=where)
    if code.startswith("SQLITE_READONLY") or (code.startswith("SQLITE_CANTOPEN") and _read_only_files(path)):
        files = _read_only_files(path)
        which = Message("error.db.not_writable", files=files) if files else ""
        return refusal(OutputError, "error.db.read_only", where=where, which=which)
    if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return refusal(OutputError, "error.db.locked", where=where)
    return refusal(OutputError, "error.db.other", where=where, why=exc)
