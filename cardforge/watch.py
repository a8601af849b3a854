"""``cardforge watch``: rebuild what a saved file changes, say what and how long, keep watching.

The rebuild is the incremental ``cardforge build`` (of the watched decks' cards, or of
everything): a save that changes nothing is a no-op, a deck error is one line and the watch goes
on until the file is fixed.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from cardforge.errors import CardforgeError

__all__ = ["watch_decks", "rebuild_once"]


def rebuild_once(decks: Sequence[str] | None, out: Path, *, workers: int | None = None,
                 echo: Callable[[str], None] = print) -> bool:
    """One incremental build; print what was rebuilt (or the error, as one line); True if it worked."""
    from cardforge.scheduler import build_all

    try:
        report = build_all(out, decks=decks, workers=workers)
    except CardforgeError as exc:
        echo(f"cardforge: error: {exc}")
        return False
    if report.targets_built:
        echo(f"rebuilt {', '.join(report.targets_built)}: {len(report.written)} files in {report.seconds:.1f} s "
             f"({report.rasterised} faces rasterised)")
    else:
        echo(f"up to date ({report.seconds:.2f} s)")
    return True


def _watched_paths(decks: Sequence[str] | None) -> list[Path]:
    """The folders a rebuild reads: the bundled decks' folder, and the folder of each deck given
    by its path (``mine/mine.yaml`` → ``mine``)."""
    from cardforge.paths import PACKAGE_DIR, decks_dir, templates_dir

    if decks is None:  # a full build also reads the rule catalogues and the templates
        return [decks_dir(), *(p for p in (PACKAGE_DIR / "rules", templates_dir()) if p.is_dir())]
    folders = [Path(d).parent if d.endswith((".yaml", ".yml")) else decks_dir() for d in decks]
    return list(dict.fromkeys(folders))


def watch_decks(decks: Sequence[str] | None, out: Path, *, workers: int | None = None,
                stop: threading.Event | None = None, echo: Callable[[str], None] | None = None) -> None:
    """Build once, then rebuild on every change under the deck folder until Ctrl-C (or ``stop``)."""
    try:
        from watchfiles import DefaultFilter, watch
    except ImportError:
        raise CardforgeError("'cardforge watch' needs the watchfiles package: pip install watchfiles") from None

    def say(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    echo = echo or say
    paths = _watched_paths(decks)
    rebuild_once(decks, out, workers=workers, echo=echo)
    usual = DefaultFilter(ignore_paths=[str(Path(out).resolve())])

    def wanted(change: object, path: str) -> bool:
        return usual(change, path) and not path.endswith(".part")  # our own temporary files

    ready = False
    # rust_timeout: an empty yield every half second, the first one once the watcher runs (a save
    # made before that would be missed, so "watching" is said only then)
    for changes in watch(*paths, stop_event=stop, debounce=200, step=50, watch_filter=wanted, raise_interrupt=False,
                         rust_timeout=500, yield_on_timeout=True):
        if not ready:
            ready = True
            echo(f"watching {', '.join(map(str, paths))} (Ctrl-C to stop)")
        if not changes:
            continue
        names = sorted({Path(p).name for _c, p in changes if Path(p).exists()}) or ["(deleted files)"]
        echo(f"changed: {', '.join(names)}")
        rebuild_once(decks, out, workers=workers, echo=echo)
