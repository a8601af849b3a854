"""Where a face puts ink that must not be cut: each text, value, icon, symbol and ring of a
resolved face measured against the trim and the safe zone, for ``validate``'s warnings.

A background that runs into the bleed is meant to (``anchor: bleed``); a text or an icon that
does will be cut, and one that leaves the safe zone may be (a cutter strays 1–1.5 mm) or look
off-centre. ``margin_warnings`` names the element at its layout ``file:line:col``.
"""

from __future__ import annotations

import math
from typing import Any

from cardforge.errors import DeckError

__all__ = ["ink_boxes", "margin_warnings"]

Box = tuple[float, float, float, float]
_MM = 72 / 25.4
#: ink this close to a limit (points) is not reported: the measures are estimates of the glyphs
TOLERANCE = 0.5


def _text_box(op: Any) -> Box:
    """The ink of a fitted text as its drawer places it (ascent 0.75, descent 0.22 of the size)."""
    from cardforge.render.inline import text_width

    x0, y0, x1, y1 = op.box
    pad = op.get("padding") or 0.0
    x0, y0, x1, y1 = x0 + pad, y0 + pad, x1 - pad, y1 - pad
    size, align, valign = op.get("size"), op.get("align") or "center", op.get("valign") or "middle"
    rich = op.get("rich")
    if rich is not None:
        from cardforge.render.richtext import line_width

        widths = [line_width(line, size, op.get("font")) for line in rich.lines]
        heights, first = list(rich.heights), rich.heights[0] / 1.18
    else:
        lines = op.get("lines")
        widths = [text_width(line, op.get("font"), size) for line in lines]
        heights, first = [op.get("leading")] * len(lines), size
    total = sum(heights)
    if valign == "top":
        base = y1 - first * 0.92
    elif valign == "bottom":
        base = y0 + total - first * 0.92
    elif len(heights) > 1:
        base = (y0 + y1) / 2 + total / 2 - first * 0.92
    else:
        base = (y0 + y1) / 2 - first * 0.36
    top, bottom = base + first * 0.75, base - sum(heights[1:]) - size * 0.22
    width = max(widths) if widths else 0.0
    left = {"left": x0, "right": x1 - width}.get(align, (x0 + x1) / 2 - width / 2)
    return (left, bottom, left + width, top)


def _rotated(box: Box, centre: tuple[float, float], degrees: float) -> Box:
    if not degrees:
        return box
    a = math.radians(degrees)
    cx, cy = centre
    xs, ys = [], []
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        dx, dy = x - cx, y - cy
        xs.append(cx + dx * math.cos(a) - dy * math.sin(a))
        ys.append(cy + dx * math.sin(a) + dy * math.cos(a))
    return (min(xs), min(ys), max(xs), max(ys))


def ink_boxes(op: Any, geo: Any) -> list[Box]:
    """The boxes where ``op`` puts ink that must not be cut (two if mirrored; none for shapes)."""
    from cardforge.render.elements import value_box

    x0, y0, x1, y1 = op.box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if op.type == "text":
        boxes = [_text_box(op)]
    elif op.type == "value":
        boxes = [value_box(op.get("text"), op.get("font"), op.get("size"), cx, cy)]
    elif op.type in ("icon", "symbol"):
        s = min(x1 - x0, y1 - y0) / 2
        boxes = [(cx - s, cy - s, cx + s, cy + s)]
    elif op.type == "ring":
        n, r, s = 2 * len(op.get("entries")), op.get("radius"), op.get("size") / 2
        angles = [math.radians(90 - i * 360 / n) for i in range(n)]
        boxes = [(cx + r * math.cos(a) - s, cy + r * math.sin(a) - s, cx + r * math.cos(a) + s, cy + r * math.sin(a) + s)
                 for a in angles]
    else:
        return []
    boxes = [_rotated(b, (cx, cy), op.rotate) for b in boxes]
    if op.mirror:
        boxes += [(geo.w - b[2], geo.h - b[3], geo.w - b[0], geo.h - b[1]) for b in boxes]
    return boxes


def _beyond(inner: Box, outer: Box) -> float:
    """How far (points) ``inner`` reaches past ``outer`` on its worst side (≤ 0: inside)."""
    return max(outer[0] - inner[0], outer[1] - inner[1], inner[2] - outer[2], inner[3] - outer[3])


def margin_warnings(deck: Any, card: Any, lang: str, ops: list[Any], label: str) -> list[DeckError]:
    """A warning (a ``DeckError`` at the element's layout line) per element of this face whose
    ink crosses the trim into the bleed, or leaves the safe zone."""
    from cardforge.deck.layout import where_error
    from cardforge.render.faces import Geometry, face_elements

    geo = Geometry.of(deck)
    trim, safe = geo.anchor("trim"), geo.anchor("safe")
    where = {el.name: el.where for el in face_elements(deck, card, lang)}
    out = []
    for op in ops:
        boxes = ink_boxes(op, geo)
        if not boxes or op.name not in where:
            continue
        cut, unsafe = max(_beyond(b, trim) for b in boxes), max(_beyond(b, safe) for b in boxes)
        if cut > TOLERANCE:
            out.append(where_error(where[op.name], f"element {op.name!r} ({op.type}) runs {cut / _MM:.1f} mm past the "
                                                   f"trim into the bleed on {label}: it will be cut off; move it inside "
                                                   f"the safe zone ({deck.card.safe_mm:g} mm from the cut)"))
        elif unsafe > TOLERANCE:
            out.append(where_error(where[op.name], f"element {op.name!r} ({op.type}) leaves the safe zone by "
                                                   f"{unsafe / _MM:.1f} mm on {label}: within {deck.card.safe_mm:g} mm of "
                                                   "the cut it may be cut or look off-centre"))
    return out
