"""Registering a deck's own TrueType fonts (checked by ``cardforge.deck.fonts``) for drawing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardforge.deck.fonts import check_font
from cardforge.errors import DeckError

__all__ = ["register_deck_fonts"]


def register_deck_fonts(deck: Any) -> tuple[str, ...]:
    """Check and register every font the deck brings (idempotent); their files."""
    if not deck.fonts:
        return ()
    from cardforge.render.fonts import register_extra_font

    files = []
    folder = deck.source.parent if deck.source is not None else Path.cwd()
    for name, src in deck.fonts.items():
        try:
            path = check_font(name, src, folder)
        except DeckError as exc:
            raise DeckError(f"{deck.source}: fonts.{name}: {exc.detail}") from None
        register_extra_font(name, str(path))
        files.append(str(path))
    return tuple(files)
