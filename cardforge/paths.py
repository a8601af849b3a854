"""Where cardforge finds its data (decks, templates, fonts) and where it writes.

In a source checkout (editable install, tests) the top-level ``decks/`` and ``templates/`` are
used; in an installed wheel the copies packaged under ``cardforge/_data``.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

__all__ = ["PACKAGE_DIR", "project_root", "decks_dir", "templates_dir", "fonts_dir", "output_dir", "seeds_dir"]

PACKAGE_DIR = Path(__file__).resolve().parent


@functools.cache
def project_root() -> Path | None:
    """The source checkout holding this package, if there is one (it cannot change while the
    package runs: found once per process — an engine loads its deck for every game)."""
    root = PACKAGE_DIR.parent
    return root if (root / "pyproject.toml").is_file() and (root / "decks").is_dir() else None


def _data(name: str) -> Path:
    root = project_root()
    if root is not None:
        return root / name
    return PACKAGE_DIR / "_data" / name


def decks_dir() -> Path:
    """The folder of deck YAML files (``CARDFORGE_DECKS`` overrides it; a folder that does not
    exist is a one-line ``UsageError``, not an empty list of decks)."""
    chosen = os.environ.get("CARDFORGE_DECKS")
    if not chosen:
        return _data("decks")
    folder = Path(chosen)
    if not folder.is_dir():
        from cardforge.errors import UsageError
        from cardforge.i18n import Message, refusal

        what = Message("error.decks.env_not_folder" if folder.exists() else "error.decks.env_missing")
        raise refusal(UsageError, "error.decks.env", chosen=repr(chosen), what=what)
    return folder


def templates_dir() -> Path:
    return _data("templates")


def fonts_dir() -> Path:
    """Bundled TrueType fonts (DejaVu, Bitstream Vera licence) shipped inside the package."""
    return PACKAGE_DIR / "fonts"


def output_dir() -> Path:
    """Default output folder: ``output/`` of the checkout when working inside it, else
    ``./output`` (a deck of one's own, rendered from anywhere with an editable install, writes
    beside where one is, not into the checkout)."""
    root = project_root()
    cwd = Path.cwd()
    inside = root is not None and (cwd == root or root in cwd.resolve().parents or cwd.resolve() == root)
    return (root / "output") if inside else cwd / "output"


def seeds_dir() -> Path | None:
    """The designer's rule sheets (``../shared/seeds``), when present beside the checkout."""
    root = project_root()
    if root is None:
        return None
    candidate = root.parent / "shared" / "seeds"
    return candidate if candidate.is_dir() else None
