"""``cardforge watch``: rebuild what a saved file changes, say what and how long, keep watching.

The rebuild is the incremental ``cardforge build`` (of the watched decks' cards, or of
everything): a save that changes nothing is a no-op, a deck error is one line and the watch goes
on until the file is fixed.  The output folder removed during a rebuild is created again and the
rebuild done again; a watched folder removed and created again (a ``git checkout``) is watched
again and rebuilt.  Ctrl-C ends the watch (exit 130, the CLI's one line).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from cardforge.errors import CardforgeError, Interrupted
from cardforge.i18n import text

__all__ = ["watch_decks", "rebuild_once"]

#: Builds tried when the output folder vanishes under one (removed again and again: give up, say why).
ATTEMPTS = 3

#: Seconds between two looks at a watched folder that does not exist (yet).
MISSING_POLL = 0.2


def _identity(path: Path) -> tuple[int, int] | None:
    """The folder's (device, inode), None if it is gone: a folder removed and made again differs."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _same_path(path: str, roots: set[str]) -> bool:
    return path in roots or os.path.realpath(path) in roots


def _failure(exc: Exception, lang: str = "en") -> str:
    """One line for a failed build (an ``OSError`` no check foresaw names its file), in ``lang``."""
    from cardforge.i18n import Message

    if isinstance(exc, OSError):
        where = f" {str(exc.filename)!r}" if exc.filename else ""
        return text("out.cannot_build", lang, where=where, why=exc.strerror or exc)
    message = getattr(exc, "message", None)
    return message.text(lang) if isinstance(message, Message) else str(exc)


def rebuild_once(decks: Sequence[str] | None, out: Path, *, workers: int | None = None,
                 echo: Callable[[str], None] = print, lang: str = "en") -> bool:
    """One incremental build; print what was rebuilt (or the error, as one line); True if it worked.

    If the output folder is removed while the build runs, it is built again (into a new folder).
    """
    from cardforge.atomic import ensure_dir
    from cardforge.scheduler import build_all

    for attempt in range(1, ATTEMPTS + 1):
        try:
            folder = _identity(ensure_dir(Path(out)))
            report = build_all(out, decks=decks, workers=workers)
        except (CardforgeError, OSError) as exc:
            if attempt < ATTEMPTS and _identity(Path(out)) != folder:
                echo(text("out.watch.removed", lang, folder=repr(str(out))))
                continue
            echo(text("error.prefix", lang, message=_failure(exc, lang)))
            return False
        break
    if report.targets_built:
        echo(text("out.watch.rebuilt", lang, targets=", ".join(report.targets_built), n=len(report.written),
                  seconds=f"{report.seconds:.1f}", faces=report.rasterised))
    else:
        echo(text("out.watch.up_to_date", lang, seconds=f"{report.seconds:.2f}"))
    return True


def _watched_paths(decks: Sequence[str] | None) -> list[Path]:
    """The folders a rebuild reads: the bundled decks' folder, and the folder of each deck given
    by its path (``mine/mine.yaml`` → ``mine``)."""
    from cardforge.paths import PACKAGE_DIR, decks_dir, templates_dir

    if decks is None:  # a full build also reads the rule catalogues and the templates
        return [decks_dir(), *(p for p in (PACKAGE_DIR / "rules", templates_dir()) if p.is_dir())]
    folders = [Path(d).parent if d.endswith((".yaml", ".yml")) else decks_dir() for d in decks]
    return list(dict.fromkeys(folders))


def _until_present(paths: Sequence[Path], stop: threading.Event | None, echo: Callable[[str], None],
                   lang: str = "en") -> bool:
    """Wait until every watched folder exists (False if ``stop`` is set first)."""
    missing = [p for p in paths if _identity(p) is None]
    if missing:
        echo(text("out.watch.waiting", lang, paths=", ".join(map(str, missing))))
    wait = (stop or threading.Event()).wait
    while any(_identity(p) is None for p in paths):
        if wait(MISSING_POLL):
            return False
    return not (stop and stop.is_set())


def watch_decks(decks: Sequence[str] | None, out: Path, *, workers: int | None = None,
                stop: threading.Event | None = None, echo: Callable[[str], None] | None = None,
                lang: str = "en") -> None:
    """Build once, then rebuild on every change under the deck folder until Ctrl-C (or ``stop``)."""
    try:
        from watchfiles import DefaultFilter, watch
    except ImportError:
        from cardforge.i18n import refusal

        raise refusal(CardforgeError, "error.watch.package") from None

    def say(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    echo = echo or say
    paths = _watched_paths(decks)
    rebuild_once(decks, out, workers=workers, echo=echo, lang=lang)
    usual = DefaultFilter(ignore_paths=[str(Path(out).resolve())])

    def wanted(change: object, path: str) -> bool:
        return usual(change, path) and not path.endswith(".part")  # our own temporary files

    try:
        _watch(decks, out, paths, watch, wanted, workers=workers, stop=stop, echo=echo, lang=lang)
    except KeyboardInterrupt:  # watchfiles' own (the CLI's handler ran inside its Rust loop)
        raise Interrupted() from None


def _watch(decks: Sequence[str] | None, out: Path, paths: list[Path], watch: Callable, wanted: Callable, *,
           workers: int | None, stop: threading.Event | None, echo: Callable[[str], None], lang: str = "en") -> None:
    """Rebuild on each batch of changes; watch a folder again once it was removed and made again."""
    roots = {os.path.realpath(p) for p in paths} | {os.path.abspath(p) for p in paths}
    announced = rearmed = False
    while _until_present(paths, stop, echo, lang):
        armed = [_identity(p) for p in paths]
        # rust_timeout: an empty yield every half second, the first one once the watcher runs (a save
        # made before that would be missed, so "watching" is said only then); raise_interrupt: Ctrl-C
        # reaches the CLI, which says so in one line and exits 130
        for changes in watch(*paths, stop_event=stop, debounce=200, step=50, watch_filter=wanted,
                             rust_timeout=500, yield_on_timeout=True):
            if not announced:
                announced = True
                echo(text("out.watch.watching", lang, paths=", ".join(map(str, paths))))
            if rearmed:  # files written while the new folder was not watched yet
                rearmed = False
                rebuild_once(decks, out, workers=workers, echo=echo, lang=lang)
            # a removed root is reported as a change of its own path (its inode may be reused at once)
            replaced = [_identity(p) for p in paths] != armed or any(_same_path(c, roots) for _k, c in changes)
            if changes:
                names = sorted({Path(p).name for _c, p in changes if Path(p).exists()}) or [text("out.watch.deleted", lang)]
                echo(text("out.watch.changed", lang, names=", ".join(names)))
                rebuild_once(decks, out, workers=workers, echo=echo, lang=lang)
            if replaced:  # the folder watched is gone: watch the one now at that path
                rearmed = True
                break
        else:
            return  # stopped
