"""Loading decks: find the file, read and validate it with its base, build a ``Deck``.

A validated deck is cached as JSON (``cardforge.deck.cache``) so that referee commands start
without importing ruamel.yaml or pydantic.
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from cardforge.deck import cache
from cardforge.errors import DeckError, UsageError

if TYPE_CHECKING:  # the model is imported by what builds a deck, not by ``GAMES`` readers
    from cardforge.cards import CardSystem
    from cardforge.deck.model import Deck

__all__ = ["GAMES", "default_system", "deck_path", "folder_deck", "load_deck", "load_base", "load_all", "validate_file", "BaseDeck", "decks_frozen"]

#: The five games of the family, in the designer's order.
GAMES: tuple[str, ...] = ("collection", "sequence", "tricks", "rows", "numwin")


def deck_path(name: str | os.PathLike[str]) -> Path:
    """``rows`` → ``decks/rows.yaml``; a path with a suffix or a slash is taken as it is."""
    from cardforge.paths import decks_dir

    text = str(name)
    if text.endswith((".yaml", ".yml")) or os.sep in text or "/" in text:
        given = Path(text)
        return folder_deck(given) if given.is_dir() else given
    path = decks_dir() / f"{text}.yaml"
    if not path.is_file() and Path(text).is_dir():  # a deck folder here (``cardforge new mine``)
        return folder_deck(Path(text))
    if not path.is_file():
        if os.path.lexists(path):  # there, but a folder, a dangling link, a device: say so
            what = "a folder" if path.is_dir() else ("a link to a missing file" if path.is_symlink()
                                                     else "not a regular file")
            raise UsageError(f"game {text!r}: {str(path)!r} is {what}, not a deck file")
        available = sorted(p.stem for p in decks_dir().glob("*.yaml") if p.stem != "base" and p.is_file())
        from cardforge.cards import nearest

        guess = nearest(text, available)
        hint = f"; did you mean {guess!r}?" if guess and guess != text else ""
        raise UsageError(f"unknown game {text!r}: decks are {', '.join(available)}{hint}")
    return path


def folder_deck(folder: Path) -> Path:
    """The deck file of a deck folder: ``NAME/NAME.yaml`` (what ``cardforge new NAME`` writes),
    else the folder's only YAML file that is not a layout; ``DeckError`` at the folder, saying
    which files it holds, otherwise."""
    import re

    if folder.suffix in (".yaml", ".yml"):  # a folder named as a file: no deck folder
        raise DeckError("is a folder, expected a .yaml file", file=str(folder))
    for suffix in (".yaml", ".yml"):
        own = folder / f"{folder.resolve().name}{suffix}"
        if own.is_file():
            return own
    layout = re.compile(r"^kind:\s*['\"]?layout\b", re.M)
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
    except OSError as exc:
        raise DeckError(f"is a folder that cannot be read ({exc.strerror})", file=str(folder)) from None
    decks = [p for p in files if not layout.search(p.read_text(encoding="utf-8", errors="replace")[:4096])]
    if len(decks) == 1:
        return decks[0]
    if not decks:
        raise DeckError(f"is a folder without a deck file: expected {folder.resolve().name}.yaml in it "
                        "(cardforge new NAME writes NAME/NAME.yaml)", file=str(folder))
    names = ", ".join(p.name for p in decks)
    raise DeckError(f"is a folder with {len(decks)} deck files ({names}): name one, e.g. "
                    f"{folder / decks[0].name}", file=str(folder))


class BaseDeck:
    """The validated base file: the card system and the defaults game decks extend."""

    def __init__(self, data: dict[str, Any], path: Path):
        self.data = data
        self.path = path
        from cardforge.deck.model import system_from_base

        self.system = system_from_base(data)


def _validate_base(path: Path) -> dict:
    from cardforge.deck.schema import BaseDeckFile
    from cardforge.deck.source import position_of, read_yaml, validate_all
    from cardforge.deck.icons import ICON_NAMES

    raw = read_yaml(path)
    if raw.get("kind") != "base":
        raise DeckError("expected a base deck here (kind: base)", file=str(path), line=1, column=1, path="kind")
    data = validate_all(BaseDeckFile, raw, path).model_dump(mode="json", by_alias=False, exclude={"schema_"})
    problems = []
    for slug, action in data["actions"].items():
        if action["icon"] not in ICON_NAMES:  # an unknown icon printed its initial letter, big
            from cardforge.cards import nearest

            guess = nearest(action["icon"], list(ICON_NAMES))
            hint = f"; did you mean {guess!r}?" if guess else f"; icons are {', '.join(ICON_NAMES)}"
            line, col = position_of(raw, ("actions", slug, "icon"))
            problems.append(DeckError(f"unknown icon {action['icon']!r}{hint}", file=str(path), line=line, column=col,
                                      path=f"actions.{slug}.icon"))
    _raise_all(problems)
    return data


def _raise_all(problems: list[DeckError]) -> None:
    if len(problems) == 1:
        raise problems[0]
    if problems:
        from cardforge.errors import DeckErrors

        raise DeckErrors(problems)


def base_path_for(path: Path, extends: str) -> Path:
    """The base a game deck extends: beside it, else (for ``extends: base``) the bundled one."""
    beside = path.parent / f"{extends}.yaml"
    if beside.is_file() or extends != "base":
        return beside
    from cardforge.paths import decks_dir

    return decks_dir() / "base.yaml"


def _check_files(game: dict, raw: Any, path: Path) -> list[DeckError]:
    """Art, fonts and card tables named by the deck exist, stay in its folder and can be read."""
    from cardforge.deck.source import position_of
    from cardforge.deck.art import check_image
    from cardforge.deck.fonts import check_font

    folder = path.parent.resolve()
    problems = []

    def check(loc: tuple, fn: Any, own_place: bool = False) -> None:
        try:
            fn()
        except DeckError as exc:
            if own_place and exc.file:  # a layout's own problem, at its line in the layout file
                problems.append(exc)
                return
            line, col = position_of(raw, loc)
            problems.append(DeckError(exc.detail, file=str(path), line=line, column=col, path=".".join(map(str, loc))))

    for code, fam in game["families"].items():
        if fam.get("image"):
            check(("families", code, "image"), lambda src=fam["image"]: check_image(src, folder))
    for slug, act in (game.get("actions") or {}).items():
        if act.get("image"):
            check(("actions", slug, "image"), lambda src=act["image"]: check_image(src, folder))
    for code, src in (game.get("images") or {}).items():
        check(("images", code), lambda src=src: check_image(src, folder))
    back = ((game.get("style") or {}).get("back") or {})
    if back.get("image"):
        check(("style", "back", "image"), lambda: check_image(back["image"], folder))
    for name, src in (game.get("fonts") or {}).items():
        check(("fonts", name), lambda name=name, src=src: check_font(name, src, folder))
    from cardforge.deck.paths import inside

    for key, what in (("rules", "rules text"), ("cards", "card table")):
        if isinstance(game.get(key), str) and game.get(key):
            check((key,), lambda src=game[key], what=what: _readable(inside(src, folder, what)))
    if game.get("layout"):
        from cardforge.deck.layout import load_layout

        check(("layout",), lambda: load_layout(game["layout"], folder), own_place=True)
    from cardforge.paths import fonts_dir

    known = sorted({p.stem for p in fonts_dir().glob("*.ttf")} | set(game.get("fonts") or {}))
    for key in ("font", "font_bold", "font_text"):
        name = (game.get("style") or {}).get(key)
        if name and name not in known:
            from cardforge.cards import nearest

            guess = nearest(name, known)
            hint = f"; did you mean {guess!r}?" if guess else ""
            check(("style", key), lambda name=name, hint=hint: _raise(
                f"unknown font {name!r}: fonts are {', '.join(known)} (or add yours under 'fonts:'){hint}"))
    if not problems:  # the fonts are readable: every printed character must be in them
        from cardforge.deck.glyphs import missing_glyphs

        problems += missing_glyphs(game, raw, path)
    return problems


def _readable(path: Path) -> None:
    """A card table's reader (an optional extra) is installed: said with the deck's other
    problems, not after them."""
    from cardforge.deck.table import require_reader

    require_reader(path)


def _raise(message: str) -> None:
    raise DeckError(message)


def _not_a_layout(raw: Any, path: Path) -> None:
    """A layout file given where a deck is expected is said to be one, with how to use it."""
    if raw.get("kind") == "layout":
        raise DeckError("this is a layout file (kind: layout), not a deck: name it in a deck's 'layout:' key "
                        f"(layout: {path.name}) and render that deck; 'cardforge validate {path}' checks the layout alone",
                        file=str(path), line=1, column=1)


def _validate_free(path: Path, raw: Any) -> dict:
    """Validate a deck of free cards (no ``extends``): its file, the files it names and its rows."""
    from cardforge.deck.free import read_free_rows
    from cardforge.deck.schema import FreeDeckFile
    from cardforge.deck.source import validate_all

    data = validate_all(FreeDeckFile, raw, path).model_dump(mode="json", exclude={"schema_"})
    problems = _language_problems(data, raw, path)
    problems += _check_files({**data, "families": {}, "cards": None}, raw, path)  # the table: read_free_rows
    from cardforge.deck.symbols import symbol_problems

    problems += symbol_problems(data, raw, path)
    read_free_rows(data, raw, path, problems)
    _raise_all(problems)
    return {"free": data}


def _language_problems(data: dict, raw: Any, path: Path) -> list[DeckError]:
    """Every text given per language (``{en: …, fr: …}``) names exactly the deck's languages."""
    from cardforge.deck.source import position_of

    langs = data["languages"]
    places: list[tuple[tuple, Any]] = [(("title",), data["title"]), (("tagline",), data.get("tagline")),
                                       (("style", "back", "title"), ((data.get("style") or {}).get("back") or {}).get("title"))]
    places += [(("families", code, "name"), f["name"]) for code, f in (data.get("families") or {}).items()]
    if isinstance(data["cards"], list):
        places += [(("cards", i, k), v) for i, row in enumerate(data["cards"]) for k, v in row.items()]
    problems = []
    for loc, text in places:
        if isinstance(text, dict) and set(text) != set(langs):
            missing, extra = [x for x in langs if x not in text], [x for x in text if x not in langs]
            said = "; ".join(filter(None, (f"{', '.join(missing)} missing" if missing else "",
                                           f"{', '.join(extra)} is not one of them" if extra else "")))
            line, col = position_of(raw, loc)
            problems.append(DeckError(f"expected a text in each of the deck's languages ({', '.join(langs)}): {said}",
                                      file=str(path), line=line, column=col, path=".".join(map(str, loc))))
    return problems


def _validate_deck(path: Path) -> tuple[dict, Path | None]:
    """Validate a deck of either kind: a Num game deck with its base, or a deck of free cards."""
    from cardforge.deck.source import read_yaml

    raw = read_yaml(path)
    _not_a_layout(raw, path)
    if raw.get("kind") != "base" and "extends" not in raw:
        return _validate_free(path, raw), None
    return _validate_game(path, raw)


def _validate_game(path: Path, raw: Any) -> tuple[dict, Path]:
    """Validate a game deck and its base together; return the merged dict and the base path."""
    from cardforge.deck.schema import GameDeckFile
    from cardforge.deck.source import position_of, validate_all

    if raw.get("kind") == "base":
        raise DeckError("this is the base deck; give a game deck (with 'extends: base')", file=str(path), line=1, column=1)
    game = validate_all(GameDeckFile, raw, path).model_dump(mode="json", exclude={"schema_"})
    base_path = base_path_for(path, game["extends"])
    if not base_path.is_file():
        line, col = position_of(raw, ("extends",))
        raise DeckError(f"extends {game['extends']!r}, but {base_path} does not exist", file=str(path), line=line, column=col, path="extends")
    if base_path.parent == path.parent:  # beside the deck (else the bundled base): no link out of its folder
        from cardforge.deck.paths import deck_inside

        deck_inside(path, base_path.name, "extends", ("extends",))
    base = _validate_base(base_path)

    problems: list[DeckError] = []

    def fail(message: str, loc: tuple, key: bool = False) -> None:
        line, col = position_of(raw, loc, key=key)
        problems.append(DeckError(message, file=str(path), line=line, column=col, path=".".join(map(str, loc))))

    for code, fam in game["families"].items():
        if code not in base["families"]:
            known = ", ".join(base["families"])
            fail(f"unknown family {code!r}: the base defines {known}", ("families", code), key=True)
            continue
        lo, hi = base["families"][code]["values"]["min"], base["families"][code]["values"]["max"]
        rng = fam.get("values")
        if rng and not (lo <= rng["min"] and rng["max"] <= hi):
            name = base["families"][code]["name"]["en"]
            fail(
                f"value range {rng['min']}\u2013{rng['max']} is outside the {name} family's {lo}\u2013{hi}",
                ("families", code, "values"),
            )
    for slug in game.get("actions", {}):
        if slug not in base["actions"]:
            from cardforge.cards import nearest

            guess = nearest(slug, list(base["actions"]))
            hint = f"; did you mean {guess!r}?" if guess else ""
            fail(f"unknown action card {slug!r}{hint}", ("actions", slug), key=True)
    problems += _check_files(game, raw, path)
    _raise_all(problems)
    return {"base": base, "game": game}, base_path


@functools.lru_cache(maxsize=64)
def _load_cached(path_str: str, mtime_ns: int, base_mtime_ns: int) -> Deck:
    from cardforge.deck.model import Deck

    path = Path(path_str)
    base_path = base_path_for(path, "base")
    if base_path.is_file():
        merged = cache.read_merged((path, base_path))
        if merged is not None:
            return _with_table(Deck.from_dict(merged, source=path), merged)
    merged, real_base = _validate_deck(path)
    deck = _with_table(Deck.from_dict(merged, source=path), merged)
    if base_path.is_file() and (real_base is None or real_base.resolve() == base_path.resolve()):
        cache.write_merged((path, base_path), merged)
    return deck


def _with_table(deck: Deck, merged: dict) -> Deck:
    """The deck with its card table (``cards: file``) read, checked and attached — read on every
    load, so an edited table is never served from the cache."""
    if "free" in merged:
        return _with_free_rows(deck, merged["free"])
    src = merged["game"].get("cards")
    if not src or deck.source is None:
        return deck
    import dataclasses

    from cardforge.deck.art import check_image
    from cardforge.deck.table import read_table
    from cardforge.errors import CardCodeError

    from cardforge.deck.paths import deck_inside

    folder = deck.source.parent
    problems: list[DeckError] = []
    rows = read_table(deck_inside(deck.source, src, "card table", ("cards",)), shown=str(folder / src), problems=problems)
    images = dict(deck.images)
    for row in rows:
        try:
            card = deck.parse(row.code)
        except CardCodeError as exc:
            problems.append(DeckError(str(exc), file=row.file, line=row.row, column=row.card_col))
            continue
        if row.image:
            try:
                check_image(row.image, folder)
                images[card.undeclared().code] = row.image
            except DeckError as exc:
                problems.append(DeckError(exc.detail, file=row.file, line=row.row, column=row.image_col))
    _raise_all(sorted(problems, key=lambda e: (e.line or 0, e.column or 0)))
    return dataclasses.replace(deck, table=tuple(rows), images=images, _counts_cache={})


def _with_free_rows(deck: Deck, data: dict) -> Deck:
    """A free deck with its cards read (from its table file on every load) and checked."""
    import dataclasses

    from cardforge.deck.free import free_system, read_free_rows

    problems: list[DeckError] = []
    rows = read_free_rows(data, None, deck.source or Path("deck.yaml"), problems)
    if isinstance(data["cards"], str):
        problems += _row_art(rows, deck.source.parent if deck.source else Path.cwd())
    _raise_all(sorted(problems, key=lambda e: (e.line or 0, e.column or 0)))
    free = dataclasses.replace(deck.free, rows=tuple(rows))
    return dataclasses.replace(deck, free=free, system=free_system(len(rows)), _counts_cache={})


def _row_art(rows: list, folder: Path) -> list[DeckError]:
    """Each row's art and back exist, stay in the deck's folder and can be read."""
    from cardforge.deck.art import check_image

    problems = []
    for row in rows:
        for key in ("image", "back"):
            src = getattr(row, key)
            if src:
                try:
                    check_image(src, folder)
                except DeckError as exc:
                    problems.append(DeckError(exc.detail, file=row.file, line=row.row, column=row.cols.get(key)))
    return problems


class _Frozen(threading.local):
    """While ``decks_frozen()`` is active in this thread: deck name → the deck loaded for it
    (per thread: a web server's other requests go on seeing the files)."""

    decks: dict[str, Deck] | None = None


_FROZEN = _Frozen()


@contextlib.contextmanager
def decks_frozen() -> Iterator[None]:
    """Within this, a deck loaded by name is not looked at on disk again: a simulation's
    thousands of games each start from their deck without checking its files (three ``stat``
    calls a game); after it, ``load_deck`` sees any change again."""
    outer = _FROZEN.decks
    if outer is None:
        _FROZEN.decks = {}
    try:
        yield
    finally:
        _FROZEN.decks = outer


def load_deck(name: str | os.PathLike[str]) -> Deck:
    """Load a game deck by game name (``"rows"``) or path; raise ``DeckError`` if invalid."""
    frozen = _FROZEN.decks
    if frozen is not None and isinstance(name, str):
        deck = frozen.get(name)
        if deck is None:
            deck = frozen[name] = _load_deck(name)
        return deck
    return _load_deck(name)


def _load_deck(name: str | os.PathLike[str]) -> Deck:
    path = deck_path(name)
    if not path.is_file():  # a folder, a device, a FIFO, nothing: say so, with the path as given
        from cardforge.deck.source import read_source

        read_source(path)
    try:
        mtime = path.stat().st_mtime_ns
    except FileNotFoundError:
        raise DeckError("file not found", file=str(path)) from None
    base = base_path_for(path, "base")
    base_mtime = base.stat().st_mtime_ns if base.is_file() else 0
    return _load_cached(os.path.abspath(path), mtime, base_mtime)  # resolve() costs 20 µs a game


@functools.lru_cache(maxsize=8)
def _load_base_cached(path_str: str, mtime_ns: int) -> BaseDeck:
    path = Path(path_str)
    data = cache.read_merged((path,))
    if data is None:
        data = _validate_base(path)
        cache.write_merged((path,), data)
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


def default_system() -> CardSystem:
    """The card system of the bundled base deck (``decks/base.yaml``)."""
    return load_base().system


def load_all() -> dict[str, Deck]:
    """Every game deck in ``decks/``, in the designer's order, then any others by name."""
    from cardforge.paths import decks_dir

    names = [p.stem for p in decks_dir().glob("*.yaml") if p.stem != "base"]
    ordered = [g for g in GAMES if g in names] + sorted(n for n in names if n not in GAMES)
    return {name: load_deck(name) for name in ordered}


def validate_file(path: str | os.PathLike[str]) -> str:
    """Validate one deck file of either kind without the cache; return a one-line summary."""
    p = Path(path)
    if p.is_dir():  # a deck folder: its deck file
        p = folder_deck(p)
    from cardforge.deck.source import read_yaml

    raw = read_yaml(p)
    if raw.get("kind") != "base" and raw.get("kind") != "layout" and "extends" not in raw:
        from cardforge.deck.model import Deck

        merged = _validate_free(p, raw)
        deck = _with_free_rows(Deck.from_dict(merged, source=p), merged["free"])
        return f"{p}: ok ({deck.id}: {deck.total()} cards, {len(deck.free.rows)} different)"
    if raw.get("kind") == "layout":
        from cardforge.deck.layout import load_layout

        layout = load_layout(str(p.resolve()))
        faces = [f.name for f in layout.fronts] + (["back"] if layout.back else [])
        return f"{p}: ok (layout {layout.id}: faces {', '.join(faces)})"
    if raw.get("kind") == "base":
        data = _validate_base(p)
        return f"{p}: ok (base: {len(data['families'])} families, {len(data['actions'])} action cards)"
    merged, _ = _validate_game(p, raw)
    from cardforge.deck.model import Deck

    deck = _with_table(Deck.from_dict(merged, source=p), merged)
    return f"{p}: ok ({deck.id}: {deck.total()} cards, {deck.players_min}\u2013{deck.players_max} players)"
