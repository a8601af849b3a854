"""Vector shapes: the family symbols (circle, triangle, …) and the action-card icons.

Every shape is drawn centred on ``(x, y)`` inside a ``size``×``size`` box, in one colour, so
the same shape serves as a big centre motif and as a small corner index.  The names are the
vocabulary of ``decks/base.yaml`` (``style.symbol`` and ``actions.*.icon``); which family gets
which shape is decided there, not here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

__all__ = ["SYMBOLS", "ICONS", "draw_symbol", "draw_icon", "draw_glyph", "icon_text"]


def _polygon(canv: Any, points: list[tuple[float, float]]) -> Any:
    p = canv.beginPath()
    p.moveTo(*points[0])
    for pt in points[1:]:
        p.lineTo(*pt)
    p.close()
    return p


def _star_points(x: float, y: float, outer: float, inner: float, n: int, turn: float = 90) -> list[tuple[float, float]]:
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / n)
        pts.append((x + r * math.cos(a), y + r * math.sin(a)))
    return pts


def _regular(x: float, y: float, r: float, n: int, turn: float) -> list[tuple[float, float]]:
    return [(x + r * math.cos(math.radians(turn + i * 360 / n)), y + r * math.sin(math.radians(turn + i * 360 / n))) for i in range(n)]


# -- family symbols: each returns a path ------------------------------------------------------


def _circle(c: Any, x: float, y: float, s: float) -> Any:
    p = c.beginPath()
    p.circle(x, y, s * 0.46)
    return p


def _triangle(c: Any, x: float, y: float, s: float) -> Any:
    r = s * 0.56
    return _polygon(c, _regular(x, y - s * 0.08, r, 3, 90))


def _square(c: Any, x: float, y: float, s: float) -> Any:
    h = s * 0.40
    p = c.beginPath()
    p.rect(x - h, y - h, 2 * h, 2 * h)
    return p


def _diamond(c: Any, x: float, y: float, s: float) -> Any:
    return _polygon(c, [(x, y + s * 0.5), (x + s * 0.36, y), (x, y - s * 0.5), (x - s * 0.36, y)])


def _star(c: Any, x: float, y: float, s: float) -> Any:
    return _polygon(c, _star_points(x, y - s * 0.03, s * 0.53, s * 0.22, 5))


def _moon(c: Any, x: float, y: float, s: float) -> Any:
    """A crescent: the outer circle minus a circle shifted up and right."""
    R = s * 0.47
    cx, cy, r = x + R * 0.42, y + R * 0.28, R * 0.86
    d = math.hypot(cx - x, cy - y)
    a = (R * R - r * r + d * d) / (2 * d)
    h = math.sqrt(max(R * R - a * a, 0))
    ux, uy = (cx - x) / d, (cy - y) / d
    mx, my = x + a * ux, y + a * uy
    p1 = (mx - h * uy, my + h * ux)
    p2 = (mx + h * uy, my - h * ux)
    ang = lambda px, py, ox, oy: math.degrees(math.atan2(py - oy, px - ox))  # noqa: E731
    o1, o2 = ang(*p1, x, y), ang(*p2, x, y)
    i1, i2 = ang(*p1, cx, cy), ang(*p2, cx, cy)
    outer_extent = (o2 - o1) % 360  # the long way round, away from the inner circle
    inner_extent = -((i1 - i2) % 360)
    p = c.beginPath()
    p.moveTo(*p1)
    p.arcTo(x - R, y - R, x + R, y + R, o1, outer_extent)
    p.arcTo(cx - r, cy - r, cx + r, cy + r, i2, inner_extent)
    p.close()
    return p


def _hexagon(c: Any, x: float, y: float, s: float) -> Any:
    return _polygon(c, _regular(x, y, s * 0.5, 6, 0))


def _heart(c: Any, x: float, y: float, s: float) -> Any:
    p = c.beginPath()
    p.moveTo(x, y - s * 0.45)
    p.curveTo(x - s * 0.1, y - s * 0.3, x - s * 0.5, y - s * 0.05, x - s * 0.48, y + s * 0.2)
    p.curveTo(x - s * 0.46, y + s * 0.48, x - s * 0.08, y + s * 0.5, x, y + s * 0.25)
    p.curveTo(x + s * 0.08, y + s * 0.5, x + s * 0.46, y + s * 0.48, x + s * 0.48, y + s * 0.2)
    p.curveTo(x + s * 0.5, y - s * 0.05, x + s * 0.1, y - s * 0.3, x, y - s * 0.45)
    p.close()
    return p


def _cross(c: Any, x: float, y: float, s: float) -> Any:
    a, b = s * 0.16, s * 0.46
    return _polygon(c, [(x - a, y + b), (x + a, y + b), (x + a, y + a), (x + b, y + a), (x + b, y - a), (x + a, y - a),
                        (x + a, y - b), (x - a, y - b), (x - a, y - a), (x - b, y - a), (x - b, y + a), (x - a, y + a)])


def _drop(c: Any, x: float, y: float, s: float) -> Any:
    r = s * 0.3
    cy = y - s * 0.18
    p = c.beginPath()
    p.moveTo(x, y + s * 0.5)
    p.curveTo(x + s * 0.12, y + s * 0.25, x + r, cy + r * 0.6, x + r, cy)
    p.arcTo(x - r, cy - r, x + r, cy + r, 0, -180)
    p.curveTo(x - r, cy + r * 0.6, x - s * 0.12, y + s * 0.25, x, y + s * 0.5)
    p.close()
    return p


def _spade(c: Any, x: float, y: float, s: float) -> Any:
    """A heart turned upside down on a flared stem (one outline: it fills as one shape)."""
    p = c.beginPath()
    p.moveTo(x, y + s * 0.48)
    p.curveTo(x + s * 0.1, y + s * 0.3, x + s * 0.48, y + s * 0.12, x + s * 0.46, y - s * 0.12)
    p.curveTo(x + s * 0.44, y - s * 0.34, x + s * 0.16, y - s * 0.36, x + s * 0.04, y - s * 0.2)
    p.curveTo(x + s * 0.06, y - s * 0.34, x + s * 0.12, y - s * 0.42, x + s * 0.2, y - s * 0.48)
    p.lineTo(x - s * 0.2, y - s * 0.48)
    p.curveTo(x - s * 0.12, y - s * 0.42, x - s * 0.06, y - s * 0.34, x - s * 0.04, y - s * 0.2)
    p.curveTo(x - s * 0.16, y - s * 0.36, x - s * 0.44, y - s * 0.34, x - s * 0.46, y - s * 0.12)
    p.curveTo(x - s * 0.48, y + s * 0.12, x - s * 0.1, y + s * 0.3, x, y + s * 0.48)
    p.close()
    return p


def _club(c: Any, x: float, y: float, s: float) -> Any:
    """Three round leaves and a flared stem (overlapping outlines: filled non-zero, see ``draw_symbol``)."""
    r = s * 0.2
    p = c.beginPath()
    for cx, cy in ((x, y + s * 0.26), (x - s * 0.24, y - s * 0.06), (x + s * 0.24, y - s * 0.06)):
        p.circle(cx, cy, r)
    p.circle(x, y + s * 0.04, s * 0.1)  # fills the gap where the three leaves meet
    p.moveTo(x - s * 0.05, y + s * 0.1)
    p.curveTo(x - s * 0.05, y - s * 0.25, x - s * 0.1, y - s * 0.4, x - s * 0.2, y - s * 0.48)
    p.lineTo(x + s * 0.2, y - s * 0.48)
    p.curveTo(x + s * 0.1, y - s * 0.4, x + s * 0.05, y - s * 0.25, x + s * 0.05, y + s * 0.1)
    p.close()
    return p


#: symbols made of overlapping outlines, filled by the non-zero rule (the others keep even-odd)
_NON_ZERO = frozenset({"club"})

SYMBOLS: dict[str, Callable[[Any, float, float, float], Any]] = {
    "circle": _circle, "triangle": _triangle, "square": _square, "diamond": _diamond, "star": _star,
    "moon": _moon, "hexagon": _hexagon, "heart": _heart, "cross": _cross, "drop": _drop,
    "spade": _spade, "club": _club,
}


def draw_symbol(canv: Any, name: str, x: float, y: float, size: float, fill: Any,
                stroke: Any = None, stroke_width: float = 0.0) -> None:
    """Draw family symbol ``name`` centred on (x, y), filled with ``fill`` (optionally outlined)."""
    path = SYMBOLS[name](canv, x, y, size)
    mode = {"fillMode": 1} if name in _NON_ZERO else {}  # FILL_NON_ZERO: overlapping parts stay filled
    canv.setFillColor(fill)
    if stroke is not None and stroke_width > 0:
        canv.setStrokeColor(stroke)
        canv.setLineWidth(stroke_width)
        canv.setLineJoin(1)
    canv.drawPath(path, fill=1, stroke=1 if stroke is not None and stroke_width > 0 else 0, **mode)


# -- action icons -------------------------------------------------------------------------------


def _text_icon(text: str, scale: float = 0.62) -> Callable[..., None]:
    """An icon drawn as ``text`` in the element's font (its characters: ``icon_text``)."""

    def draw(c: Any, x: float, y: float, s: float, font: str) -> None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        size = s * scale
        width = stringWidth(text, font, size)
        if width > s * 0.95:
            size *= s * 0.95 / width
        c.setFont(font, size)
        c.drawCentredString(x, y - size * 0.36, text)

    draw.text = text  # type: ignore[attr-defined]
    return draw


def icon_text(name: str) -> str:
    """The characters an icon is drawn with from its font (``""`` for a vector icon)."""
    draw = ICONS.get(name)
    return getattr(draw, "text", "") if draw is not None else name[:1].upper()


def _joker(c: Any, x: float, y: float, s: float, font: str) -> None:
    """A jester's cap: three points with bells, on a band."""
    base, top = y - s * 0.28, y + s * 0.22
    pts = [(x - s * 0.38, base), (x - s * 0.44, top), (x - s * 0.16, y - s * 0.02), (x, top + s * 0.12),
           (x + s * 0.16, y - s * 0.02), (x + s * 0.44, top), (x + s * 0.38, base)]
    c.drawPath(_polygon(c, pts), fill=1, stroke=0)
    c.roundRect(x - s * 0.42, y - s * 0.42, s * 0.84, s * 0.12, s * 0.05, fill=1, stroke=0)
    for bx, by in ((x - s * 0.44, top), (x, top + s * 0.12), (x + s * 0.44, top)):
        c.circle(bx, by + s * 0.05, s * 0.07, fill=1, stroke=0)


def _skip(c: Any, x: float, y: float, s: float, font: str) -> None:
    r = s * 0.4
    c.setLineWidth(s * 0.1)
    c.circle(x, y, r, fill=0, stroke=1)
    d = r * math.cos(math.radians(45))
    c.line(x - d, y - d, x + d, y + d)


def _bolt(c: Any, x: float, y: float, s: float, font: str) -> None:
    pts = [(0.12, 0.5), (-0.3, -0.04), (-0.02, -0.04), (-0.14, -0.5), (0.3, 0.08), (0.02, 0.08)]
    c.drawPath(_polygon(c, [(x + px * s, y + py * s) for px, py in pts]), fill=1, stroke=0)


def _tornado(c: Any, x: float, y: float, s: float, font: str) -> None:
    widths = (0.9, 0.72, 0.56, 0.4, 0.26, 0.14)
    h = s * 0.1
    for i, w in enumerate(widths):
        cy = y + s * 0.4 - i * s * 0.16
        shift = s * 0.05 * math.sin(i * 1.1)
        c.roundRect(x - w * s / 2 + shift, cy - h / 2, w * s, h, h / 2, fill=1, stroke=0)


def _atom(c: Any, x: float, y: float, s: float, font: str) -> None:
    c.setLineWidth(s * 0.045)
    for angle in (0, 60, 120):
        c.saveState()
        c.translate(x, y)
        c.rotate(angle)
        c.ellipse(-s * 0.46, -s * 0.17, s * 0.46, s * 0.17, fill=0, stroke=1)
        c.restoreState()
    c.circle(x, y, s * 0.08, fill=1, stroke=0)


def _eye(c: Any, x: float, y: float, s: float, font: str) -> None:
    w, h = s * 0.48, s * 0.3
    p = c.beginPath()
    p.moveTo(x - w, y)
    p.curveTo(x - w * 0.5, y + h * 1.2, x + w * 0.5, y + h * 1.2, x + w, y)
    p.curveTo(x + w * 0.5, y - h * 1.2, x - w * 0.5, y - h * 1.2, x - w, y)
    p.close()
    c.setLineWidth(s * 0.06)
    c.drawPath(p, fill=0, stroke=1)
    c.circle(x, y, s * 0.16, fill=1, stroke=0)


def _flash(c: Any, x: float, y: float, s: float, font: str) -> None:
    c.drawPath(_polygon(c, _star_points(x, y, s * 0.5, s * 0.2, 8, turn=90)), fill=1, stroke=0)


#: the drawing of each icon of the deck format's vocabulary (``cardforge.deck.icons.ICON_NAMES``)
from cardforge.deck.icons import GAME_ICONS  # noqa: E402  (the vocabulary is the deck format's)

ICONS: dict[str, Callable[[Any, float, float, float, str], None]] = {
    "joker": _joker,
    "infinity": _text_icon("\u221e", 0.95),
    "plus1": _text_icon("+1"),
    "plus2": _text_icon("+2"),
    "skip": _skip,
    "flip": _text_icon("\u21c5", 0.85),
    "swap": _text_icon("\u21c4", 0.85),
    "bolt": _bolt,
    "tornado": _tornado,
    "atom": _atom,
    "eye": _eye,
    "flash": _flash,
    "numx": _text_icon("0|17", 0.5),
    # game icons for any deck (issue 26): each a character of the bundled DejaVu Sans Bold
    **{name: _text_icon(char, 0.9) for name, char in GAME_ICONS.items()},
}


def draw_glyph(canv: Any, glyph: str, x: float, y: float, size: float, colour: Any, font: str) -> None:
    """Draw ``glyph`` of ``font`` centred on (x, y) in a ``size`` box, in ``colour`` (a symbol a
    deck declares, or a game icon used as a family's symbol)."""
    canv.saveState()
    canv.setFillColor(colour)
    _text_icon(glyph, 0.9)(canv, x, y, size, font)
    canv.restoreState()


def draw_icon(canv: Any, name: str, x: float, y: float, size: float, colour: Any, font: str) -> None:
    """Draw action icon ``name`` centred on (x, y) in ``colour`` (``font`` for glyph icons).

    An icon name the renderer does not know is drawn as its initial letter, so a new action
    card still prints (the deck schema only asks for a slug).
    """
    canv.saveState()
    canv.setFillColor(colour)
    canv.setStrokeColor(colour)
    canv.setLineCap(1)
    draw = ICONS.get(name) or _text_icon(name[:1].upper())
    draw(canv, x, y, size, font)
    canv.restoreState()
