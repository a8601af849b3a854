"""Standard card sizes, by name: a deck says ``card: {size: tarot}`` instead of millimetres.

>>> SIZES["poker"]
(63.5, 88.9)
>>> size_name(88.9, 63.5)
'landscape'
"""

from __future__ import annotations

__all__ = ["SIZES", "size_name"]

#: width × height in mm, portrait unless the name says otherwise
SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (70.0, 120.0),
    "mini": (44.0, 63.0),
    "square": (70.0, 70.0),
    "landscape": (88.9, 63.5),
}


def size_name(width_mm: float, height_mm: float) -> str:
    """The standard name of a size, or ``custom``."""
    for name, (w, h) in SIZES.items():
        if abs(w - width_mm) < 0.01 and abs(h - height_mm) < 0.01:
            return name
    return "custom"
