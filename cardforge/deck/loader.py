"""Loading decks: find the file, read and validate it with its base, build a ``Deck``.

A validated deck is cached as JSON (keyed by the bytes of both files and the cardforge
version) so that referee commands start without importing ruamel.yaml or pydantic.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any

from cardforge import __version__
from cardforge.deck.model import Deck, system_from_base
from cardforge.errors import CardforgeError, DeckError, UsageError

__all__ = ["GAMES", "deck_path", "load_deck", "load_base", "load_all", "validate_file", "BaseDeck"]

#: The five games of the family, in the designer's order.
GAMES: tuple[str, ...] = ("collection", "sequence", "tricks", "rows", "numwin")


def deck_path(name: str | os.PathLike[str]) -> Path:
    """``rows`` → ``decks/rows.yaml``; a path with a suffix or a slash is taken as it is."""
    from cardforge.paths import decks_dir

    text = str(name)
    if text.endswith((".yaml", ".yml")) or os.sep in text or "/" in text:
        return Path(text)
    path = decks_dir() / f"{text}.yaml"
    if not path.is_file():
        available = ", ".join(sorted(p.stem for p in decks_dir().glob("*.yaml") if p.stem != "base"))
        from cardforge.cards import nearest

        guess = nearest(text, available.split(", "))
        hint = f"; did you mean {guess!r}?" if guess else ""
        raise UsageError(f"unknown game {text!r}: decks are {available}{hint}")
    return path


class BaseDeck:
    """The validated base file: the card system and the defaults game decks extend."""

    def __init__(self, data: dict[str, Any], path: Path):
        self.data = data
        self.path = path
        self.system = system_from_base(data)


def _cache_dir() -> Path | None:
    if os.environ.get("CARDFORGE_NO_CACHE"):
        return None
    try:
        from platformdirs import user_cache_dir

        return Path(user_cache_dir("cardforge"))
    except Exception:  # platformdirs missing or no home: run without a cache
        return None


def _digest(*paths: Path) -> str:
    """Cache key of deck files; reads them within the deck limits (a folder, a device or an
    unreadable file is a ``DeckError`` here, before any parsing)."""
    from cardforge.deck.source import read_source

    h = hashlib.sha256(__version__.encode())
    for p in paths:
        h.update(str(p.resolve()).encode())
        h.update(read_source(p).encode())
    return h.hexdigest()[:32]


#: A cache entry unused for this long is removed (a deck in a folder since deleted, …).
CACHE_MAX_AGE_S = 30 * 24 * 3600


def _cache_file(folder: Path, slot: str, key: str) -> Path:
    """``deck-<slot>-<key>.json``: ``slot`` names the deck file, ``key`` its contents."""
    return folder / f"deck-{slot}-{key}.json"


def _slot(path: Path) -> str:
    return hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:12]


def _read_cache(slot: str, key: str) -> dict | None:
    folder = _cache_dir()
    if folder is None:
        return None
    entry = _cache_file(folder, slot, key)
    try:
        data = json.loads(entry.read_text(encoding="utf-8"))
        os.utime(entry)  # recently used: kept by the pruning
        return data
    except (OSError, ValueError):
        return None


def _write_cache(slot: str, key: str, merged: dict) -> None:
    folder = _cache_dir()
    if folder is None:
        return
    try:
        from cardforge.atomic import atomic_write_text

        folder.mkdir(parents=True, exist_ok=True)
        entry = _cache_file(folder, slot, key)
        atomic_write_text(entry, json.dumps(merged, ensure_ascii=False))
        prune_cache(folder, entry, slot)
    except (OSError, CardforgeError):
        pass  # a cache we cannot write is only a slower start


def prune_cache(folder: Path, keep: Path, slot: str) -> list[Path]:
    """Remove the entries a new one (``keep``) makes stale: older versions of the same deck
    file (same ``slot``), entries of an older naming, and entries unused for 30 days."""
    removed = []
    now = time.time()
    for entry in folder.glob("deck-*.json"):
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


def _validate_base(path: Path) -> dict:
    from cardforge.deck.schema import BaseDeckFile
    from cardforge.deck.source import read_yaml, validate

    raw = read_yaml(path)
    if raw.get("kind") != "base":
        raise DeckError("expected a base deck here (kind: base)", file=str(path), line=1, column=1, path="kind")
    return validate(BaseDeckFile, raw, path).model_dump(mode="json", by_alias=False, exclude={"schema_"})


def _validate_game(path: Path) -> tuple[dict, Path]:
    """Validate a game deck and its base together; return the merged dict and the base path."""
    from cardforge.deck.schema import GameDeckFile
    from cardforge.deck.source import position_of, read_yaml, validate

    raw = read_yaml(path)
    if raw.get("kind") == "base":
        raise DeckError("this is the base deck; give a game deck (with 'extends: base')", file=str(path), line=1, column=1)
    game = validate(GameDeckFile, raw, path).model_dump(mode="json", exclude={"schema_"})
    base_path = path.parent / f"{game['extends']}.yaml"
    if not base_path.is_file():
        line, col = position_of(raw, ("extends",))
        raise DeckError(f"extends {game['extends']!r}, but {base_path} does not exist", file=str(path), line=line, column=col, path="extends")
    base = _validate_base(base_path)

    def fail(message: str, loc: tuple, key: bool = False) -> DeckError:
        line, col = position_of(raw, loc, key=key)
        return DeckError(message, file=str(path), line=line, column=col, path=".".join(map(str, loc)))

    for code, fam in game["families"].items():
        if code not in base["families"]:
            known = ", ".join(base["families"])
            raise fail(f"unknown family {code!r}: the base defines {known}", ("families", code), key=True)
        lo, hi = base["families"][code]["values"]["min"], base["families"][code]["values"]["max"]
        rng = fam.get("values")
        if rng and not (lo <= rng["min"] and rng["max"] <= hi):
            name = base["families"][code]["name"]["en"]
            raise fail(
                f"value range {rng['min']}\u2013{rng['max']} is outside the {name} family's {lo}\u2013{hi}",
                ("families", code, "values"),
            )
    for slug in game.get("actions", {}):
        if slug not in base["actions"]:
            from cardforge.cards import nearest

            guess = nearest(slug, list(base["actions"]))
            hint = f"; did you mean {guess!r}?" if guess else ""
            raise fail(f"unknown action card {slug!r}{hint}", ("actions", slug), key=True)
    return {"base": base, "game": game}, base_path


@functools.lru_cache(maxsize=64)
def _load_cached(path_str: str, mtime_ns: int, base_mtime_ns: int) -> Deck:
    path = Path(path_str)
    base_path = path.parent / "base.yaml"
    key = None
    if base_path.is_file():
        key = _digest(path, base_path)
        merged = _read_cache(_slot(path), key)
        if merged is not None:
            return Deck.from_dict(merged, source=path)
    merged, real_base = _validate_game(path)
    deck = Deck.from_dict(merged, source=path)
    if key is not None and real_base.resolve() == base_path.resolve():
        _write_cache(_slot(path), key, merged)
    return deck


def load_deck(name: str | os.PathLike[str]) -> Deck:
    """Load a game deck by game name (``"rows"``) or path; raise ``DeckError`` if invalid."""
    path = deck_path(name)
    if not path.is_file():  # a folder, a device, a FIFO, nothing: say so, with the path as given
        from cardforge.deck.source import read_source

        read_source(path)
    try:
        mtime = path.stat().st_mtime_ns
    except FileNotFoundError:
        raise DeckError("file not found", file=str(path)) from None
    base = path.parent / "base.yaml"
    base_mtime = base.stat().st_mtime_ns if base.is_file() else 0
    return _load_cached(str(path.resolve()), mtime, base_mtime)


@functools.lru_cache(maxsize=8)
def _load_base_cached(path_str: str, mtime_ns: int) -> BaseDeck:
    path = Path(path_str)
    key = _digest(path)
    data = _read_cache(_slot(path), key)
    if data is None:
        data = _validate_base(path)
        _write_cache(_slot(path), key, data)
    return BaseDeck(data, path)


def load_base(path: str | os.PathLike[str] | None = None) -> BaseDeck:
    """Load and validate the base deck (``decks/base.yaml`` by default)."""
    from cardforge.paths import decks_dir

    p = Path(path) if path is not None else decks_dir() / "base.yaml"
    try:
        mtime = p.stat().st_mtime_ns
    except FileNotFoundError:
        raise DeckError("file not found", file=str(p)) from None
    return _load_base_cached(str(p.resolve()), mtime)


def load_all() -> dict[str, Deck]:
    """Every game deck in ``decks/``, in the designer's order, then any others by name."""
    from cardforge.paths import decks_dir

    names = [p.stem for p in decks_dir().glob("*.yaml") if p.stem != "base"]
    ordered = [g for g in GAMES if g in names] + sorted(n for n in names if n not in GAMES)
    return {name: load_deck(name) for name in ordered}


def validate_file(path: str | os.PathLike[str]) -> str:
    """Validate one deck file of either kind without the cache; return a one-line summary."""
    p = Path(path)
    if p.is_dir():
        raise DeckError("is a folder, expected a .yaml file", file=str(p))
    from cardforge.deck.source import read_yaml

    raw = read_yaml(p)
    if raw.get("kind") == "base":
        data = _validate_base(p)
        return f"{p}: ok (base: {len(data['families'])} families, {len(data['actions'])} action cards)"
    merged, _ = _validate_game(p)
    deck = Deck.from_dict(merged, source=p)
    return f"{p}: ok ({deck.id}: {deck.total()} cards, {deck.players_min}\u2013{deck.players_max} players)"
