"""The deck's ``#RRGGBB`` colours as reportlab colours, in RGB or CMYK.

A print shop that asks for CMYK (DriveThruCards) gets every fill and stroke in DeviceCMYK,
converted here with the plain undercolour-removal formula (no ICC profile: a shop's own RIP
does the final conversion; the point is that no RGB object reaches its preflight), total ink
limited to 240 % (``cmyk.limit_ink``). Art is converted with an ICC profile (``render.cmyk``).

A deck's near-black ink (``#2B2B2B``: soft on screen) would come out as 83 % K, printed as a
halftone dot pattern that frays text and hairlines.  So every dark neutral — no hue (channels
within 2 %) and no lighter than #333333 — is solid black in CMYK: 0 0 0 100, one plate, sharp.

>>> Palette(cmyk=False).colour("#FF0000").rgb()
(1.0, 0.0, 0.0)
>>> Palette(cmyk=True).colour("#FF0000").cmyk()
(0.0, 1.0, 1.0, 0.0)
>>> Palette(cmyk=True).colour("#2B2B2B").cmyk()
(0, 0, 0, 1)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

__all__ = ["Palette", "mix", "hex_to_rgb", "luminance", "is_print_black"]


def hex_to_rgb(hex_colour: str) -> tuple[float, float, float]:
    """``"#FF8000"`` → ``(1.0, 0.502, 0.0)``."""
    h = hex_colour.lstrip("#")
    return tuple(int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (both ``#RRGGBB``)."""
    ra, rb = hex_to_rgb(a), hex_to_rgb(b)
    return "#" + "".join(f"{round((x + (y - x) * t) * 255):02X}" for x, y in zip(ra, rb))


def luminance(hex_colour: str) -> float:
    """Relative luminance (0 black … 1 white), to pick light or dark ink."""
    r, g, b = hex_to_rgb(hex_colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


#: Dark neutrals print as solid black: channels this close together…
NEUTRAL_SPREAD = 0.02
#: …and no lighter than this (``#333333``, 80 % K by the plain formula).
BLACK_LIGHTNESS = 0x33 / 0xFF


def is_print_black(hex_colour: str) -> bool:
    """True for the near-blacks that CMYK output prints as 100 % K (``#2B2B2B``, ``#1A1A1A``)."""
    rgb = hex_to_rgb(hex_colour)
    return max(rgb) - min(rgb) <= NEUTRAL_SPREAD and max(rgb) <= BLACK_LIGHTNESS


@dataclass(frozen=True)
class Palette:
    """Turns ``#RRGGBB`` into the colour objects a canvas wants (RGB, or CMYK for print shops)."""

    cmyk: bool = False

    def colour(self, hex_colour: str, alpha: float | None = None) -> Any:
        return _colour(hex_colour.upper(), self.cmyk, alpha)


@functools.cache
def _colour(hex_colour: str, cmyk: bool, alpha: float | None) -> Any:
    from reportlab.lib.colors import CMYKColor, Color

    r, g, b = hex_to_rgb(hex_colour)
    if not cmyk:
        return Color(r, g, b, alpha=1 if alpha is None else alpha)
    k = 1 - max(r, g, b)
    if k >= 1 or is_print_black(hex_colour):
        return CMYKColor(0, 0, 0, 1, alpha=1 if alpha is None else alpha)
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    from cardforge.render.cmyk import limit_ink

    c, m, y, k = limit_ink(c, m, y, k)  # a dark saturated colour (#000080: 250 %) within the shop's 240 %
    return CMYKColor(round(c, 4), round(m, 4), round(y, 4), round(k, 4), alpha=1 if alpha is None else alpha)
