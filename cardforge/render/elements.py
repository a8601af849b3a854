"""Drawing one resolved layout element (an ``Op``) on a reportlab canvas.

An ``Op`` is fully concrete — its box in points (trim origin at the lower left), colours as
``#RRGGBB``, texts as strings — so it is hashable and two equal ops draw the same pixels; the
face interpreter (``faces``) builds them from a layout and a card and decides what becomes a
reusable form XObject.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

from cardforge.render.colours import Palette
from cardforge.render.symbols import draw_icon, draw_symbol

__all__ = ["Op", "draw_op", "DRAWERS", "value_box", "regular_points", "gradient_colour"]


class Op(NamedTuple):
    """One element ready to draw: ``props`` is a sorted tuple of (key, value)."""

    type: str
    name: str
    box: tuple[float, float, float, float]
    rotate: float
    mirror: bool
    props: tuple[tuple[str, Any], ...]

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.props:
            if k == key:
                return v
        return default


def _centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _fill_stroke(canv: Any, op: Op, palette: Palette) -> tuple[int, int]:
    fill, stroke, width = op.get("fill"), op.get("stroke"), op.get("stroke_width") or 0.0
    if fill:
        canv.setFillColor(palette.colour(fill))
    if stroke and width > 0:
        canv.setStrokeColor(palette.colour(stroke))
        canv.setLineWidth(width)
    return (1 if fill else 0), (1 if stroke and width > 0 else 0)


def _rect(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    if op.get("gradient"):
        path = canv.beginPath()
        x0, y0, x1, y1 = op.box
        path.roundRect(x0, y0, x1 - x0, y1 - y0, op.get("radius") or 0.0)
        _shape(canv, op, palette, path)
        return
    fill, stroke = _fill_stroke(canv, op, palette)
    if not (fill or stroke):
        return
    x0, y0, x1, y1 = op.box
    radius = op.get("radius") or 0.0
    if radius > 0:
        canv.roundRect(x0, y0, x1 - x0, y1 - y0, radius, fill=fill, stroke=stroke)
    else:
        canv.rect(x0, y0, x1 - x0, y1 - y0, fill=fill, stroke=stroke)


def _ellipse(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    if op.get("gradient"):
        path = canv.beginPath()
        path.ellipse(op.box[0], op.box[1], op.box[2] - op.box[0], op.box[3] - op.box[1])
        _shape(canv, op, palette, path)
        return
    fill, stroke = _fill_stroke(canv, op, palette)
    if fill or stroke:
        x0, y0, x1, y1 = op.box
        if abs((x1 - x0) - (y1 - y0)) < 1e-6:
            canv.circle((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, fill=fill, stroke=stroke)
        else:
            canv.ellipse(x0, y0, x1, y1, fill=fill, stroke=stroke)


#: at most this many steps per gradient (one per 1/255 of the largest channel change, so no band shows)
GRADIENT_STEPS = 256


def gradient_colour(colours: tuple[str, ...], t: float) -> str:
    """The colour ``t`` (0 … 1) of the way through evenly spaced ``colours``."""
    from cardforge.render.colours import mix

    if len(colours) == 1:
        return colours[0]
    pos = min(max(t, 0.0), 1.0) * (len(colours) - 1)
    i = min(int(pos), len(colours) - 2)
    return mix(colours[i], colours[i + 1], pos - i)


def _steps(colours: tuple[str, ...]) -> int:
    from cardforge.render.colours import hex_to_rgb

    change = sum(max(abs(x - y) for x, y in zip(hex_to_rgb(a), hex_to_rgb(b))) for a, b in zip(colours, colours[1:]))
    return max(2, min(GRADIENT_STEPS, round(change * 255)))


def _gradient(canv: Any, op: Op, palette: Palette, path: Any) -> None:
    """Paint ``op``'s gradient through ``colors`` (``linear`` along ``angle``, or ``radial`` out from
    the box centre), clipped to ``path``: as many flat vector steps as the colours need, so it
    draws inside a reused form and stays plain DeviceCMYK for a print shop."""
    x0, y0, x1, y1 = op.box
    colours = tuple(op.get("colors") or ("#FFFFFF", "#000000"))
    n = _steps(colours)
    cx, cy = _centre(op.box)
    canv.saveState()
    canv.clipPath(path, stroke=0, fill=0)
    if op.get("gradient") == "radial":
        reach = math.hypot(x1 - x0, y1 - y0) / 2
        for i in range(n, 0, -1):  # outside in, each disc over the last
            canv.setFillColor(palette.colour(gradient_colour(colours, i / n)))
            canv.circle(cx, cy, reach * i / n, fill=1, stroke=0)
    else:  # linear: from the box's edge opposite ``angle`` (degrees anticlockwise from +x) to the other
        angle = op.get("angle") if op.get("angle") is not None else -90.0
        a = math.radians(angle)
        along = abs((x1 - x0) * math.cos(a)) + abs((y1 - y0) * math.sin(a))
        across = abs((x1 - x0) * math.sin(a)) + abs((y1 - y0) * math.cos(a))
        canv.translate(cx, cy)
        canv.rotate(angle)
        step = along / n
        for i in range(n):
            canv.setFillColor(palette.colour(gradient_colour(colours, (i + 0.5) / n)))
            canv.rect(-along / 2 + i * step, -across / 2, step * 1.02 if i < n - 1 else step, across, fill=1, stroke=0)
    canv.restoreState()


def _stroke_style(canv: Any, op: Op) -> None:
    cap, join, dash = op.get("cap"), op.get("join"), op.get("dash")
    if cap:
        canv.setLineCap({"butt": 0, "round": 1, "square": 2}[cap])
    if join:
        canv.setLineJoin({"miter": 0, "round": 1, "bevel": 2}[join])
    if dash:
        canv.setDash(list(dash))


def _shape(canv: Any, op: Op, palette: Palette, path: Any, closed: bool = True) -> None:
    """Fill (a colour or a gradient) and stroke ``path``."""
    grad = closed and op.get("gradient")
    fill, stroke = _fill_stroke(canv, op, palette)
    if grad:
        _gradient(canv, op, palette, path)
        fill = 0
    if not closed:
        fill = 0
    if fill or stroke:
        canv.saveState()
        _stroke_style(canv, op)
        canv.drawPath(path, fill=fill, stroke=stroke)
        canv.restoreState()


def regular_points(box: tuple[float, float, float, float], sides: int, inner: float | None = None) -> list[tuple[float, float]]:
    """The corners of a regular polygon (or, with ``inner``, a star of ``sides`` points whose inner
    corners are ``inner`` of the way out) in the ellipse of ``box``, the first corner at the top."""
    cx, cy = _centre(box)
    rx, ry = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    n = sides * 2 if inner is not None else sides
    out = []
    for i in range(n):
        a = math.radians(90 + i * 360 / n)
        r = inner if inner is not None and i % 2 else 1.0
        out.append((cx + rx * r * math.cos(a), cy + ry * r * math.sin(a)))
    return out


def _points_path(canv: Any, points: Any, closed: bool) -> Any:
    path = canv.beginPath()
    (x, y), *rest = points
    path.moveTo(x, y)
    for x, y in rest:
        path.lineTo(x, y)
    if closed:
        path.close()
    return path


def _line(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    x0, y0, x1, y1 = op.box
    points = op.get("points") or ((x0, y1), (x1, y0))  # top left to bottom right of the box
    _shape(canv, op, palette, _points_path(canv, points, False), closed=False)


def _polyline(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    _shape(canv, op, palette, _points_path(canv, op.get("points"), False), closed=False)


def _polygon(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    points = op.get("points") or regular_points(op.box, op.get("sides") or (6 if op.type == "hexagon" else 5))
    _shape(canv, op, palette, _points_path(canv, points, True))


def _star(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    inner = op.get("inner")
    points = regular_points(op.box, op.get("sides") or 5, 0.382 if inner is None else inner)
    _shape(canv, op, palette, _points_path(canv, points, True))


def _drawn_from_data(canv: Any, op: Op, palette: Palette, colour: str) -> bool:
    """A symbol or icon from data (``deck.symbols``): its picture, or its glyph in its font."""
    if op.get("src"):
        from cardforge.render.art import draw_image

        draw_image(canv, op.get("src"), op.box, "contain", palette.cmyk)
        return True
    if op.get("glyph"):
        from cardforge.render.symbols import draw_glyph

        x0, y0, x1, y1 = op.box
        draw_glyph(canv, op.get("glyph"), *_centre(op.box), min(x1 - x0, y1 - y0), palette.colour(colour), op.get("font"))
        return True
    return False


def _symbol(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    if _drawn_from_data(canv, op, palette, op.get("fill") or "#000000"):
        return
    x0, y0, x1, y1 = op.box
    cx, cy = _centre(op.box)
    stroke = op.get("stroke")
    draw_symbol(canv, op.get("symbol"), cx, cy, min(x1 - x0, y1 - y0), palette.colour(op.get("fill") or "#000000"),
                palette.colour(stroke) if stroke else None, op.get("stroke_width") or 0.0)


def _icon(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    if _drawn_from_data(canv, op, palette, op.get("color") or "#000000"):
        return
    x0, y0, x1, y1 = op.box
    cx, cy = _centre(op.box)
    draw_icon(canv, op.get("icon"), cx, cy, min(x1 - x0, y1 - y0), palette.colour(op.get("color") or "#000000"), op.get("font"))


def _text(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    """Lines already fitted by the interpreter (``lines``, ``size``, ``leading``)."""
    from cardforge.render.inline import draw_line

    x0, y0, x1, y1 = op.box
    pad = op.get("padding") or 0.0
    x0, y0, x1, y1 = x0 + pad, y0 + pad, x1 - pad, y1 - pad
    lines, size, leading = op.get("lines"), op.get("size"), op.get("leading")
    font, align, valign = op.get("font"), op.get("align") or "center", op.get("valign") or "middle"
    rich = op.get("rich")
    if rich is not None:
        from cardforge.render.richtext import draw

        plain = op.get("color") or "#000000"
        draw(canv, rich, (x0, y0, x1, y1), align, valign, lambda c: palette.colour(c or plain), font,
             op.get("icon_font") or font, palette.cmyk)
        return
    height = leading * len(lines)
    if valign == "top":
        y = y1 - size * 0.92
    elif valign == "bottom":
        y = y0 + height - size * 0.92
    else:
        y = (y0 + y1) / 2 + height / 2 - size * 0.92 if len(lines) > 1 else (y0 + y1) / 2 - size * 0.36
    colour = palette.colour(op.get("color") or "#000000")
    canv.setFillColor(colour)
    canv.setFont(font, size)
    for line in lines:
        draw_line(canv, line, font, size, x0, x1, y, align, colour, op.get("icon_font") or font)
        y -= leading


def value_box(text: str, font: str, size: float, cx: float, cy: float) -> tuple[float, float, float, float]:
    """The ink box of a centred value (cap-height centring, as ``_value`` draws it)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    w = stringWidth(text, font, size)
    return (cx - w / 2, cy - size * 0.36, cx + w / 2, cy + size * 0.36)


def _number(canv: Any, text: str, x: float, y: float, font: str, size: float, fill: Any,
            outline: Any | None, outline_width: float, mode: str = "paint") -> None:
    """A centred number: ``paint`` (filled, outlined if ``outline``), ``stroke`` only, or ``clip``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if mode != "clip":
        canv.saveState()  # the text render mode is graphics state: keep it from leaking
    t = canv.beginText()
    t.setFont(font, size)
    t.setTextRenderMode({"clip": 7, "stroke": 1}.get(mode, 2 if outline is not None else 0))
    if fill is not None:
        canv.setFillColor(fill)
    if outline is not None:
        canv.setStrokeColor(outline)
        canv.setLineWidth(outline_width)
        canv.setLineJoin(1)
    t.setTextOrigin(x - stringWidth(text, font, size) / 2, y)
    t.textOut(text)
    canv.drawText(t)
    if mode != "clip":
        canv.restoreState()


def _value(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text, font, size = op.get("text"), op.get("font"), op.get("size")
    cx, cy = _centre(op.box)
    base = cy - size * 0.36
    colour, outline = op.get("color") or "#000000", op.get("outline")
    out_c = palette.colour(outline) if outline else None
    width = op.get("outline_width") or 0.0
    if isinstance(colour, tuple):  # bands of colours seen through the glyphs
        canv.saveState()
        _number(canv, text, cx, base, font, size, None, None, 0, mode="clip")
        tw = stringWidth(text, font, size)
        bands(canv, colour, (cx - tw / 2, base, cx + tw / 2, base + size * 0.73), palette, angle=-12)
        canv.restoreState()
        if out_c is not None:
            _number(canv, text, cx, base, font, size, None, out_c, width, mode="stroke")
        bar = outline or "#000000"
    else:
        _number(canv, text, cx, base, font, size, palette.colour(colour), out_c, width)
        bar = colour
    if op.get("underline", True) and text in ("6", "9"):  # read right whichever way up
        w = stringWidth(text, font, size) * 0.7
        canv.setFillColor(palette.colour(bar))
        canv.rect(cx - w / 2, base - size * 0.16, w, size * 0.07, fill=1, stroke=0)


def bands(canv: Any, colours: tuple[str, ...], box: tuple[float, float, float, float], palette: Palette,
          angle: float = -28.0) -> None:
    """Bands of ``colours``, tilted by ``angle`` degrees, exactly covering ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    a = math.radians(angle)
    across = abs(w * math.sin(a)) + abs(h * math.cos(a))
    along = abs(w * math.cos(a)) + abs(h * math.sin(a))
    step = across / len(colours)
    canv.saveState()
    canv.translate(x0 + w / 2, y0 + h / 2)
    canv.rotate(angle)
    for i, colour in enumerate(colours):
        canv.setFillColor(palette.colour(colour))
        canv.rect(-along / 2, across / 2 - (i + 1) * step, along, step + 0.05 * step, fill=1, stroke=0)
    canv.restoreState()


def _symbol_form(canv: Any, symbol: str, colour: Any, size: float) -> str:
    import hashlib

    key = ("tile", symbol, repr(colour), size)
    known = canv.__dict__.setdefault("_cardforge_forms", {})
    name = known.get(key)
    if name is None:
        name = "cf" + hashlib.sha1(repr(key).encode()).hexdigest()[:12]
        canv.beginForm(name, -size, -size, size, size)
        draw_symbol(canv, symbol, 0, 0, size, colour)
        canv.endForm()
        known[key] = name
    return name


def _grid(box: tuple[float, float, float, float], gap: float, centre: tuple[float, float], stagger: bool):
    """Points of a grid through ``centre`` covering ``box`` (rows offset if ``stagger``),
    symmetric about the centre so a pattern reads the same turned 180°."""
    x0, y0, x1, y1 = box
    cx, cy = centre
    dy = gap * (0.866 if stagger else 1.0)
    rows = int(max(cy - y0, y1 - cy) / dy) + 2
    cols = int(max(cx - x0, x1 - cx) / gap) + 2
    for r in range(-rows, rows + 1):
        shift = gap / 2 if stagger and r % 2 else 0.0
        for c in range(-cols, cols + 1):
            yield cx + c * gap + shift, cy + r * dy


def _pattern(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    kind = op.get("pattern") or "plain"
    box = op.box
    x0, y0, x1, y1 = box
    centre = (geo.w / 2, geo.h / 2)
    colour = palette.colour(op.get("color") or "#000000")
    size, gap = op.get("size") or 4.0, op.get("gap") or 12.0
    canv.saveState()
    p = canv.beginPath()
    p.rect(x0, y0, x1 - x0, y1 - y0)
    canv.clipPath(p, stroke=0, fill=0)
    canv.setFillColor(colour)
    canv.setStrokeColor(colour)
    if kind == "bands":
        bands(canv, tuple(op.get("colors") or ()), box, palette, angle=op.get("angle") or -28.0)
    elif kind == "tile":
        name = _symbol_form(canv, op.get("symbol") or "circle", colour, size)
        at = (0.0, 0.0)  # each tile moves the origin from the last one (a form keeps its own state):
        for x, y in _grid((x0 - size, y0 - size, x1 + size, y1 + size), gap, centre, True):  # half the ops
            if x0 - size < x < x1 + size and y0 - size < y < y1 + size:
                canv.translate(x - at[0], y - at[1])
                canv.doForm(name)
                at = (x, y)
    elif kind == "dots":
        for x, y in _grid(box, gap, centre, False):
            if x0 - size < x < x1 + size and y0 - size < y < y1 + size:
                canv.circle(x, y, size, fill=1, stroke=0)
    elif kind == "stripes":
        canv.setLineWidth(op.get("stroke_width") or 1.0)
        a = math.radians(op.get("angle") or 45.0)
        reach = math.hypot(x1 - x0, y1 - y0)
        n = int(reach / gap) + 1
        dx, dy = math.cos(a) * reach, math.sin(a) * reach
        nx, ny = -math.sin(a) * gap, math.cos(a) * gap
        for i in range(-n, n + 1):
            px, py = centre[0] + i * nx, centre[1] + i * ny
            canv.line(px - dx, py - dy, px + dx, py + dy)
    elif kind == "rays":
        n = 24
        reach = geo.w + geo.h
        cx, cy = centre
        path = canv.beginPath()
        for i in range(0, 2 * n, 2):
            a0, a1 = math.radians(i * 180 / n), math.radians((i + 1) * 180 / n)
            path.moveTo(cx, cy)
            path.lineTo(cx + reach * math.cos(a0), cy + reach * math.sin(a0))
            path.lineTo(cx + reach * math.cos(a1), cy + reach * math.sin(a1))
            path.close()
        canv.drawPath(path, fill=1, stroke=0)
    canv.restoreState()


def _ring(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    """Each entry twice, at opposite ends of a diameter, evenly spaced round the ring."""
    cx, cy = _centre(op.box)
    entries = op.get("entries") or ()
    radius, size, width = op.get("radius") or 0.0, op.get("size") or 10.0, op.get("stroke_width") or 0.0
    n = 2 * len(entries)
    for i in range(n):
        symbol, fill, stroke = entries[i % len(entries)]
        a = math.radians(90 - i * 360 / n)
        canv.saveState()
        canv.translate(cx + radius * math.cos(a), cy + radius * math.sin(a))
        if i >= len(entries):
            canv.rotate(180)  # the twin is the first one turned with the card
        draw_symbol(canv, symbol, 0, 0, size, palette.colour(fill), palette.colour(stroke) if stroke else None, width)
        canv.restoreState()


def _image(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    from cardforge.render.art import draw_image

    draw_image(canv, op.get("src"), op.box, op.get("fit") or "cover", palette.cmyk)


DRAWERS: dict[str, Callable[[Any, Op, Palette, Any], None]] = {
    "rect": _rect, "ellipse": _ellipse, "symbol": _symbol, "icon": _icon, "text": _text, "value": _value,
    "pattern": _pattern, "ring": _ring, "image": _image, "line": _line, "polyline": _polyline, "polygon": _polygon,
    "hexagon": _polygon, "star": _star,
}


def draw_op(canv: Any, op: Op, palette: Palette, geo: Any) -> None:
    """Draw ``op`` (turned by its ``rotate``), and again turned 180° about the card if ``mirror``."""
    draw = DRAWERS[op.type]
    if not op.mirror and not op.rotate:
        draw(canv, op, palette, geo)
        return
    for turned in ((False, True) if op.mirror else (False,)):
        canv.saveState()
        if turned:
            canv.transform(-1, 0, 0, -1, geo.w, geo.h)  # turned 180° about the card centre, one operator
        if op.rotate:
            cx, cy = _centre(op.box)
            canv.translate(cx, cy)
            canv.rotate(op.rotate)
            canv.translate(-cx, -cy)
        draw(canv, op, palette, geo)
        canv.restoreState()
