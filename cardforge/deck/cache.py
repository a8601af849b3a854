"""The deck cache: validated decks, layouts and rule files as JSON in the user's cache folder.

An entry is ``<kind>-<slot>-<key>.json``: ``slot`` names the source file (its resolved path),
``key`` its files' paths, sizes and mtimes and the cardforge version, so a hit reads and hashes
nothing.  Each entry also holds the files' ``digest`` (their bytes): when only the stat changed
(a touched but unchanged file), the entry is found again by its slot and renamed.  Entries are
data (JSON), never code.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from cardforge import __version__
from cardforge.errors import CardforgeError

__all__ = ["CACHE_MAX_AGE_S", "cache_dir", "digest", "entry_path", "slot", "stat_key", "load_entry", "prune",
           "read_merged", "write_merged"]

#: A cache entry unused for this long is removed (a deck in a folder since deleted, …).
CACHE_MAX_AGE_S = 30 * 24 * 3600


def cache_dir() -> Path | None:
    """The cache folder, or None when ``CARDFORGE_NO_CACHE`` is set or there is no home."""
    if os.environ.get("CARDFORGE_NO_CACHE"):
        return None
    if sys.platform.startswith("linux"):  # platformdirs' answer, without importing it
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
        return Path(base) / "cardforge"
    try:
        from platformdirs import user_cache_dir

        return Path(user_cache_dir("cardforge"))
    except Exception:  # platformdirs missing or no home: run without a cache
        return None


def digest(*paths: Path) -> str:
    """The files' contents as a key; reads them within the deck limits (a folder, a device or an
    unreadable file is a ``DeckError`` here, before any parsing)."""
    import hashlib

    from cardforge.deck.source import read_source

    h = hashlib.blake2b(__version__.encode(), digest_size=16)
    for p in paths:
        h.update(str(p.resolve()).encode())
        h.update(read_source(p).encode())
    return h.hexdigest()[:32]


def entry_path(folder: Path, slot: str, key: str, kind: str = "deck") -> Path:
    """``<kind>-<slot>-<key>.json`` in ``folder`` (kind: ``deck``, ``layout``, ``rules``)."""
    return folder / f"{kind}-{slot}-{key}.json"


def _crc(text: str) -> str:
    import zlib

    data = text.encode()
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def slot(path: Path) -> str:
    """The entry's slot: which source file it is of (its resolved path)."""
    return _crc(str(path.resolve()))[:12]


def stat_key(*paths: Path) -> str:
    """The entry's key: the files' paths, sizes and mtimes and the cardforge version."""
    parts = [__version__]
    for p in paths:
        st = p.stat()
        parts.append(f"{p.resolve()}:{st.st_size}:{st.st_mtime_ns}")
    return _crc("\n".join(parts))


def load_entry(entry: Path) -> dict | None:
    """An entry's ``{"digest", "merged", …}``, or None if it is missing or not one of ours."""
    try:
        data = json.loads(entry.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and "merged" in data and "digest" in data else None


def prune(folder: Path, keep: Path, slot: str, kind: str = "deck") -> list[Path]:
    """Remove the entries a new one (``keep``) makes stale: older versions of the same source
    file (same ``slot``), entries of an older naming, and entries unused for 30 days."""
    removed = []
    now = time.time()
    for entry in folder.glob(f"{kind}-*.json"):
        if entry == keep:
            continue
        try:
            parts = entry.stem.split("-")
            stale = (len(parts) != 3 or parts[1] == slot or now - entry.stat().st_mtime > CACHE_MAX_AGE_S)
            if stale:
                entry.unlink()
                removed.append(entry)
        except OSError:
            continue
    return removed


def read_merged(paths: tuple[Path, ...]) -> dict | None:
    """The cached validated data of ``paths`` (the deck file first), or None.

    By (size, mtime) first; else the deck file's one entry is checked against the files' digest
    and renamed to the new (size, mtime) if the bytes are the same.
    """
    folder = cache_dir()
    if folder is None:
        return None
    where = slot(paths[0])
    entry = entry_path(folder, where, stat_key(*paths))
    data = load_entry(entry)
    if data is not None:
        try:
            os.utime(entry)  # recently used: kept by the pruning
        except OSError:
            pass
        return data["merged"]
    for old in folder.glob(f"deck-{where}-*.json"):
        data = load_entry(old)
        if data is not None and data["digest"] == digest(*paths):
            write_merged(paths, data["merged"], known_digest=data["digest"])
            return data["merged"]
    return None


def write_merged(paths: tuple[Path, ...], merged: dict, *, known_digest: str | None = None) -> None:
    """Cache the validated data of ``paths``; a cache we cannot write is only a slower start."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        from cardforge.atomic import atomic_write_text

        folder.mkdir(parents=True, exist_ok=True)
        where = slot(paths[0])
        entry = entry_path(folder, where, stat_key(*paths))
        data = {"digest": known_digest or digest(*paths), "merged": merged}
        atomic_write_text(entry, json.dumps(data, ensure_ascii=False))
        prune(folder, entry, where)
    except (OSError, CardforgeError):
        pass
