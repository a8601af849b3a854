"""Inline icons in card and rulebook texts: ``:flash:`` or ``{icon:flash}`` draws the icon at
text size, in the text's colour.

>>> split("Play :flash: now")
['Play ', ('icon', 'flash'), ' now']
>>> unknown_icons("a :meteor: and a {icon:bolt}")
['meteor']
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["ICON_TOKEN", "split", "unknown_icons", "text_width", "draw_line", "ICON_EM"]

ICON_TOKEN = re.compile(r":([a-z][a-z0-9]*):|\{icon:([a-z][a-z0-9]*)\}")
ICON_EM = 1.05  # an inline icon's advance, in ems


def split(text: str) -> list[Any]:
    """Text runs and ``("icon", name)`` pieces, in order."""
    out: list[Any] = []
    last = 0
    for m in ICON_TOKEN.finditer(text):
        if m.start() > last:
            out.append(text[last : m.start()])
        out.append(("icon", m.group(1) or m.group(2)))
        last = m.end()
    if last < len(text):
        out.append(text[last:])
    return out


def unknown_icons(text: str) -> list[str]:
    from cardforge.render.symbols import ICONS

    return [p[1] for p in split(text) if isinstance(p, tuple) and p[1] not in ICONS]


def text_width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if ":" not in text and "{" not in text:
        return stringWidth(text, font, size)
    return sum(size * ICON_EM if isinstance(p, tuple) else stringWidth(p, font, size) for p in split(text))


def draw_line(canv: Any, line: str, font: str, size: float, x0: float, x1: float, y: float, align: str,
              colour: Any, icon_font: str) -> None:
    """One line at baseline ``y`` between ``x0`` and ``x1``, icons drawn in place."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = text_width(line, font, size)
    x = {"left": x0, "right": x1 - width}.get(align, (x0 + x1) / 2 - width / 2)
    pieces = split(line) if (":" in line or "{" in line) else [line]
    if len(pieces) == 1 and isinstance(pieces[0], str):
        canv.drawString(x, y, line)
        return
    from cardforge.render.symbols import draw_icon

    for p in pieces:
        if isinstance(p, tuple):
            draw_icon(canv, p[1], x + size * ICON_EM / 2, y + size * 0.36, size * 0.95, colour, icon_font)
            x += size * ICON_EM
        else:
            canv.setFont(font, size)
            canv.setFillColor(colour)
            canv.drawString(x, y, p)
            x += stringWidth(p, font, size)
