"""Every character of every text a face prints is in the font it is printed with: a font
without ``é``, ``’`` or ``♠`` prints a box or nothing, silently, so ``validate`` names the card,
the character and the font once — at the table cell (row and column) or deck line it came from
when it can find it.  Characters of ASCII are taken to be in every text font.
"""

from __future__ import annotations

import functools
from typing import Any

from cardforge.errors import DeckError

__all__ = ["missing_glyphs_in", "font_has"]


@functools.lru_cache(maxsize=64)
def _cmap(font: str) -> frozenset[int] | None:
    """The code points a registered font has (``None``: not a font we can read a map of)."""
    from reportlab.pdfbase import pdfmetrics

    try:
        face = pdfmetrics.getFont(font).face
    except (KeyError, AttributeError):
        return None
    chars = getattr(face, "charToGlyph", None)
    return frozenset(chars) if chars else None


def font_has(font: str, char: str) -> bool:
    """True if ``font`` (registered) has a glyph for ``char`` (or its map cannot be read)."""
    cmap = _cmap(font)
    return cmap is None or ord(char) in cmap


def _where(deck: Any, card: Any, char: str) -> tuple[str, int | None, int | None]:
    """The table cell of a free card holding ``char`` (else the deck file, no position)."""
    row = deck.free.row(card) if deck.free is not None and card is not None else None
    if row is not None:
        for key, value in row.fields.items():
            texts = value.values() if isinstance(value, dict) else (value,)
            if any(char in str(t) for t in texts):
                return row.file or str(deck.source or ""), row.row or None, row.cols.get(key)
    return str(deck.source or deck.id), None, None


def missing_glyphs_in(deck: Any, card: Any, ops: list[Any], seen: set) -> list[DeckError]:
    """One error per character of the texts in ``ops`` that their font lacks (``seen``: the
    (font, character, place) already reported, so each is said once for the whole deck)."""
    from cardforge.render.faces import face_label

    problems = []
    for op in ops:
        if op.type not in ("text", "value") or not op.get("font"):
            continue
        font = op.get("font")
        for char in dict.fromkeys(str(op.get("text") or "")):
            if ord(char) < 0x80 or font_has(font, char):
                continue
            file, line, col = _where(deck, card, char)
            key = (font, char, file, line, col)
            if key in seen:
                continue
            seen.add(key)
            what = face_label(deck, card)
            problems.append(DeckError(f"{char!r} (U+{ord(char):04X}) is not in font {font!r} (element {op.name!r} of {what}): "
                                      "it would print as a box or nothing; use a font that has it, or another character",
                                      file=file, line=line, column=col))
    return problems
