"""Card codes in an observation back to ``Card`` values (cached: bots parse the same codes often)."""

from __future__ import annotations

import functools

from cardforge.cards import Card, parse_card

__all__ = ["card"]


@functools.lru_cache(maxsize=4096)
def card(code: str) -> Card:
    """The card written ``code`` (``"R7"``, ``"numx=17"``)."""
    from cardforge.deck import default_system

    return parse_card(code, default_system())
