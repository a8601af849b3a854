"""The action-card icons a deck may name (``actions.*.icon`` in ``decks/base.yaml``).

The vocabulary is the deck format's: the loader refuses a name outside it (with a suggestion),
``cardforge.render.symbols`` draws each one, and running text (rulebooks) prints each as a
character of the bundled DejaVu fonts.
"""

from __future__ import annotations

__all__ = ["ICON_GLYPHS", "ICON_NAMES", "GAME_ICONS"]

#: icons for any game's cards (``:sword:`` in a text, ``icon: sword`` on an icon element), each
#: drawn as a character of the bundled DejaVu Sans Bold
GAME_ICONS: dict[str, str] = {
    "spade": "\u2660",
    "heart": "\u2665",
    "diamond": "\u2666",
    "club": "\u2663",
    "sword": "\u2694",
    "skull": "\u2620",
    "crown": "\u265b",
    "star": "\u2605",
    "sun": "\u2600",
    "moon": "\u263e",
    "anchor": "\u2693",
    "flag": "\u2691",
    "die": "\u2684",
    "gear": "\u2699",
    "scales": "\u2696",
    "snowflake": "\u2744",
    "check": "\u2714",
    "no": "\u2718",
    "recycle": "\u267b",
    "pencil": "\u270e",
}

#: each icon as a character of the bundled DejaVu fonts, for running text (rulebooks), where the
#: vector drawing cannot go
ICON_GLYPHS: dict[str, str] = {
    "joker": "\u265b", "infinity": "\u221e", "plus1": "+1", "plus2": "+2", "skip": "\u2298", "flip": "\u21c5",
    "swap": "\u21c4", "bolt": "\u26a1", "tornado": "\u224b", "atom": "\u269b", "eye": "\u25c9", "flash": "\u2738",
    "numx": "0|17",
    **GAME_ICONS,
}

#: every icon name, in the order of the table above
ICON_NAMES: tuple[str, ...] = tuple(ICON_GLYPHS)
