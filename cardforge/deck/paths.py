"""The one containment rule for every file a deck names.

Rules text (``rules:``), card tables (``cards:``), art, fonts, layouts and their ``extends``,
and every reference inside an SVG are files inside the deck's folder (a bundled layout's
references: inside the bundled layouts).  ``inside`` resolves a name against its folder,
symbolic links followed, and refuses an absolute path, a ``..`` that climbs out, a link that
points out and a URL, each in one plain sentence; ``deck_inside`` adds the deck file's
``file:line:column``.  Every reader of such a file calls one of them, so a deck downloaded
from anywhere cannot put ``~/.ssh/id_rsa`` into a PDF.

>>> import tempfile; root = Path(tempfile.mkdtemp())
>>> inside("art/x.png", root, "image") == root.resolve() / "art" / "x.png"
True
>>> inside("../x.png", root, "image")
Traceback (most recent call last):
cardforge.errors.DeckError: image '../x.png' leaves the deck's folder (through '..'); keep the file inside the deck's folder and name it relative to the deck
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from cardforge.errors import DeckError

__all__ = ["inside", "deck_inside", "located"]

#: ``http:``, ``file:``, ``data:`` …: a reference with a scheme is not a file name
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+:")
_HINT = "keep the file inside the deck's folder and name it relative to the deck"


def inside(src: str, root: Path, what: str, *, base: Path | None = None) -> Path:
    """The file ``src`` names, relative to ``base`` (default ``root``), resolved with its
    symbolic links; a ``DeckError`` (no position: the caller adds it) unless it lies in ``root``."""
    if not isinstance(src, str) or not src.strip() or "\0" in src:
        raise DeckError(f"{what} {src!r} is not a file name; {_HINT}")
    if _SCHEME.match(src) and not re.match(r"^[A-Za-z]:[\\/]", src):
        raise DeckError(f"{what} {src!r} is a URL; only files inside the deck's folder can be used")
    if os.path.isabs(src) or re.match(r"^~[^/\\]*([/\\]|$)|^[A-Za-z]:|^[/\\]", src):  # ~/, ~user/, C:, \\server
        raise DeckError(f"{what} {src!r} is an absolute path; {_HINT}")
    top = root.resolve()
    start = (base or root).resolve()
    try:
        target = (start / src).resolve()
    except (OSError, RuntimeError):  # a loop of symbolic links
        raise DeckError(f"{what} {src!r} cannot be resolved (a loop of symbolic links); {_HINT}") from None
    if target == top or top in target.parents:
        return target
    if Path(os.path.normpath(start / src)).is_relative_to(top):
        raise DeckError(f"{what} {src!r} is a symbolic link to a file outside the deck's folder; {_HINT}")
    raise DeckError(f"{what} {src!r} leaves the deck's folder (through '..'); {_HINT}")


def deck_inside(source: Path | None, src: str, what: str, loc: tuple) -> Path:
    """``inside`` for a file named at ``loc`` of the deck file ``source`` (its folder is the
    root): a refusal says ``deck.yaml:line:column: key: …``."""
    root = source.parent if source is not None else Path.cwd()
    try:
        return inside(src, root, what)
    except DeckError as exc:
        raise located(exc, source, loc) from None


def located(exc: DeckError, source: Path | None, loc: tuple) -> DeckError:
    """``exc`` at ``loc`` of the deck file ``source`` (as far as the file can be read)."""
    line = col = None
    if source is not None:
        try:
            from cardforge.deck.source import position_of, read_yaml

            line, col = position_of(read_yaml(source), loc)
        except DeckError:
            pass
    return DeckError(exc.detail, file=str(source or ""), line=line, column=col, path=".".join(map(str, loc)))

