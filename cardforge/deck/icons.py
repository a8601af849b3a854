"""The action-card icons a deck may name (``actions.*.icon`` in ``decks/base.yaml``).

The vocabulary is the deck format's: the loader refuses a name outside it (with a suggestion),
``cardforge.render.symbols`` draws each one, and running text (rulebooks) prints each as a
character of the bundled DejaVu fonts.
"""

from __future__ import annotations

__all__ = ["ICON_GLYPHS", "ICON_NAMES"]

#: each icon as a character of the bundled DejaVu fonts, for running text (rulebooks), where the
#: vector drawing cannot go
ICON_GLYPHS: dict[str, str] = {
    "joker": "\u265b", "infinity": "\u221e", "plus1": "+1", "plus2": "+2", "skip": "\u2298", "flip": "\u21c5",
    "swap": "\u21c4", "bolt": "\u26a1", "tornado": "\u224b", "atom": "\u269b", "eye": "\u25c9", "flash": "\u2738",
    "numx": "0|17",
}

#: every icon name, in the order of the table above
ICON_NAMES: tuple[str, ...] = tuple(ICON_GLYPHS)
