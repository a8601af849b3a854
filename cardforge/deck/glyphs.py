"""Every character a deck's texts use is in the deck's own fonts: a font without ``é`` or ``’``
would print "est d fauss e." silently, so ``validate`` names the text, the character and the
font (``file:line:col``).

``missing_glyphs`` checks the deck file's own texts against the deck's own fonts at their
``file:line:col``; ``lacking`` checks what a card face really draws (every text, value, span
and glyph icon, with the font it is drawn in, bundled fonts included), which the renderer does
for every card ``validate`` resolves, so a field from a spreadsheet is checked too.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardforge.errors import DeckError

__all__ = ["missing_glyphs", "TEXT_KEYS", "lacking", "no_glyph"]

#: The deck keys whose strings are printed (in any language below them).
TEXT_KEYS = frozenset({"title", "tagline", "name", "effect", "text", "subtitle"})

#: At most this many missing characters are reported per deck (the first ones, file order).
MAX_REPORTS = 20

#: Never printed as a glyph: line breaks and tabs.
_NOT_DRAWN = frozenset("\n\r\t")


def _texts(node: Any, loc: tuple = (), printed: bool = False) -> Iterator[tuple[tuple, str]]:
    """(location, string) of every printed string of the raw deck tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _texts(value, (*loc, key), printed or key in TEXT_KEYS)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _texts(value, (*loc, i), printed)
    elif printed and isinstance(node, str):
        yield loc, node


def _cmap(path: Path) -> frozenset[int]:
    from cardforge.deck.cff import cmap_of

    return cmap_of(path)  # TrueType or OpenType-CFF


def missing_glyphs(game: dict, raw: Any, path: Path) -> list[DeckError]:
    """One error per character missing from one of the deck's own fonts that ``style`` uses, at
    its first occurrence in each printed string (at most ``MAX_REPORTS``)."""
    from cardforge.deck.source import position_of

    fonts = game.get("fonts") or {}
    style = game.get("style") or {}
    used = sorted({style.get(k) for k in ("font", "font_bold", "font_text")} & set(fonts))
    if not used:
        return []
    try:
        maps = {name: _cmap((path.parent / fonts[name]).resolve()) for name in used}
    except Exception:  # an unreadable font is reported by check_font
        return []
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        lines = []
    problems: list[DeckError] = []
    for loc, text in _texts(raw):
        for name, cmap in maps.items():
            for missing in (c for c in dict.fromkeys(text) if c not in _NOT_DRAWN and ord(c) not in cmap):
                line, col = position_of(raw, loc)
                source = lines[line - 1] if 0 < line <= len(lines) else ""
                found = source.find(missing, col - 1)
                problems.append(DeckError(
                    f"{missing!r} (U+{ord(missing):04X}) is not in font {name!r} ({fonts[name]}): it would print "
                    f"as nothing; use a font that has it, or another character",
                    file=str(path), line=line, column=found + 1 if found >= 0 else col, path=".".join(map(str, loc))))
                if len(problems) >= MAX_REPORTS:
                    return problems
    return problems


def _font_cmap(font: str) -> frozenset[int] | None:
    """The code points a registered font has glyphs for (``None``: not a TrueType font)."""
    from reportlab.pdfbase import pdfmetrics

    face = getattr(pdfmetrics.getFont(font), "face", None)
    chars = getattr(face, "charToGlyph", None)
    if chars is None:
        return None
    key = (font, id(face))
    cmap = _CMAPS.get(key)
    if cmap is None:
        cmap = _CMAPS[key] = frozenset(chars)
    return cmap


_CMAPS: dict[tuple[str, int], frozenset[int]] = {}


@functools.lru_cache(maxsize=8192)
def _lacking(text: str, font: str, face: int) -> tuple[str, ...]:
    cmap = _font_cmap(font)
    if cmap is None:
        return ()
    return tuple(c for c in dict.fromkeys(text) if not c.isspace() and ord(c) not in cmap and c not in _NOT_DRAWN)


def lacking(text: str, font: str) -> tuple[str, ...]:
    """The distinct characters of ``text`` that registered font ``font`` has no glyph for."""
    from reportlab.pdfbase import pdfmetrics

    return _lacking(text, font, id(getattr(pdfmetrics.getFont(font), "face", None)))


def no_glyph(what: str, missing: str, font: str, icon: str | None = None) -> DeckError:
    """The error for a character a face would print as a blank box."""
    shown = f"icon {icon!r} draws {missing!r}" if icon else repr(missing)
    error = DeckError(f"{what}: {shown} (U+{ord(missing):04X}) is not in font {font!r}: it would print as an empty "
                      "box; use a font that has it, or another character")
    error.glyph = missing  # validate finds the table cell it came from
    return error
