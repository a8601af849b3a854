"""The report's figures as SVG, written directly from their data (``figures.figure_data``).

The default report draws its figures here, in pure Python: a few milliseconds where importing
matplotlib alone took 0.5 CPU-s (``--figures png,pdf`` still draws with matplotlib, see
``output.write_report``).  The output is byte-for-byte the same for the same data (no random ids).
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

__all__ = ["svg"]

WIDTH, HEIGHT = 720, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 40, 70  # margins (px); hbars take a wider left one
BAR, REFERENCE = "#4C72B0", "#C44E52"
SERIES = ["#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860"]


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering ``low``..``high`` (steps of 1, 2 or 5 × 10^k)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    return [round(first + i * step, 12) for i in range(int(math.ceil((high - first) / step)) + 1)]


def _label(value: float, signed: bool) -> str:
    return f"{value:+g}" if signed else f"{value:g}"


def _text(x: float, y: float, content: str, *, size: int = 11, anchor: str = "middle", rotate: bool = False) -> str:
    turn = f' transform="rotate(-90 {x:.1f} {y:.1f})"' if rotate else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"{turn}>'
            f"{escape(content)}</text>")


def _bars(figure: dict[str, Any], horizontal: bool, left: int) -> list[str]:
    values, low, high = figure["values"], figure["low"], figure["high"]
    ticks = _ticks(min([0.0, *low]), max([0.0, *high, figure.get("reference") or 0.0]))
    lo, hi = ticks[0], ticks[-1]
    span_x, span_y = WIDTH - left - RIGHT, HEIGHT - TOP - BOTTOM
    if horizontal:
        def pos(v: float) -> float:
            return left + (v - lo) / (hi - lo) * span_x
    else:
        def pos(v: float) -> float:
            return TOP + span_y - (v - lo) / (hi - lo) * span_y
    out = []
    for t in ticks:
        p = pos(t)
        out.append(f'<line x1="{p:.1f}" y1="{TOP}" x2="{p:.1f}" y2="{TOP + span_y}" stroke="#ddd"/>' if horizontal else
                   f'<line x1="{left}" y1="{p:.1f}" x2="{left + span_x}" y2="{p:.1f}" stroke="#ddd"/>')
        out.append(_text(p, TOP + span_y + 14, _label(t, True)) if horizontal else
                   _text(left - 6, p + 4, _label(t, False), anchor="end"))
    slot = (span_y if horizontal else span_x) / max(1, len(values))
    for i, (label, v, a, b) in enumerate(zip(figure["labels"], values, low, high)):
        mid = (TOP if horizontal else left) + slot * (i + 0.5)
        base, end, err_a, err_b = pos(0.0), pos(v), pos(a), pos(b)
        if horizontal:
            out.append(f'<rect x="{min(base, end):.1f}" y="{mid - slot * 0.35:.1f}" width="{abs(end - base):.1f}" '
                       f'height="{slot * 0.7:.1f}" fill="{BAR}"/>')
            out.append(f'<line x1="{err_a:.1f}" y1="{mid:.1f}" x2="{err_b:.1f}" y2="{mid:.1f}" stroke="#222"/>')
            out.append(_text(left - 6, mid + 4, label, size=9, anchor="end"))
        else:
            out.append(f'<rect x="{mid - slot * 0.35:.1f}" y="{min(base, end):.1f}" width="{slot * 0.7:.1f}" '
                       f'height="{abs(end - base):.1f}" fill="{BAR}"/>')
            out.append(f'<line x1="{mid:.1f}" y1="{err_a:.1f}" x2="{mid:.1f}" y2="{err_b:.1f}" stroke="#222"/>')
            out.append(_text(mid, TOP + span_y + 16, label, size=10))
    if figure.get("reference") is not None:
        r = pos(figure["reference"])
        out.append(f'<line x1="{r:.1f}" y1="{TOP}" x2="{r:.1f}" y2="{TOP + span_y}" stroke="{REFERENCE}" '
                   'stroke-dasharray="5 3"/>' if horizontal else
                   f'<line x1="{left}" y1="{r:.1f}" x2="{left + span_x}" y2="{r:.1f}" stroke="{REFERENCE}" '
                   'stroke-dasharray="5 3"/>')
    return out


def _histograms(figure: dict[str, Any], left: int) -> list[str]:
    """Binned counts: each series' bars span their bins (``width`` wide, centred on ``values``)."""
    series = figure["series"]
    width = max([hist.get("width", 1) for hist in series.values()] or [1])
    xs = sorted({x for hist in series.values() for x in hist["values"]}) or [0]
    top = max([c for hist in series.values() for c in hist["counts"]] or [1])
    ticks = _ticks(0, top)
    span_x, span_y = WIDTH - left - RIGHT, HEIGHT - TOP - BOTTOM
    x_lo, x_hi = xs[0] - width / 2, xs[-1] + width / 2
    unit = span_x / (x_hi - x_lo)

    def px(x: float) -> float:
        return left + (x - x_lo) * unit

    def py(c: float) -> float:
        return TOP + span_y - c / ticks[-1] * span_y

    out = []
    for t in ticks:
        out.append(f'<line x1="{left}" y1="{py(t):.1f}" x2="{left + span_x}" y2="{py(t):.1f}" stroke="#ddd"/>')
        out.append(_text(left - 6, py(t) + 4, _label(t, False), anchor="end"))
    for t in _ticks(x_lo, x_hi):
        if x_lo <= t <= x_hi:
            out.append(_text(px(t), TOP + span_y + 16, _label(t, False), size=10))
    for k, (name, hist) in enumerate(series.items()):
        colour = SERIES[k % len(SERIES)]
        bar = hist.get("width", 1) * unit
        for x, c in zip(hist["values"], hist["counts"]):
            out.append(f'<rect x="{px(x) - bar * 0.45:.2f}" y="{py(c):.1f}" width="{bar * 0.9:.2f}" '
                       f'height="{py(0) - py(c):.1f}" fill="{colour}" fill-opacity="0.55"/>')
        if len(series) > 1:
            out.append(f'<rect x="{WIDTH - RIGHT - 150}" y="{TOP + 4 + 16 * k}" width="10" height="10" fill="{colour}"/>')
            out.append(_text(WIDTH - RIGHT - 134, TOP + 13 + 16 * k, str(name), size=10, anchor="start"))
    return out


def svg(figure: dict[str, Any]) -> str:
    """One figure (``bars``, ``hbars`` or ``histograms``) as an SVG document."""
    kind = figure["kind"]
    left = 230 if kind == "hbars" else LEFT  # room for the measures' names
    if kind in ("bars", "hbars"):
        body = _bars(figure, kind == "hbars", left)
    elif kind == "histograms":
        body = _histograms(figure, left)
    else:
        raise ValueError(f"unknown figure kind {kind!r}")
    span_y = HEIGHT - TOP - BOTTOM
    frame = [f'<rect x="{left}" y="{TOP}" width="{WIDTH - left - RIGHT}" height="{span_y}" fill="none" stroke="#888"/>',
             _text(WIDTH / 2, 24, figure["title"], size=14),
             _text(left + (WIDTH - left - RIGHT) / 2, HEIGHT - 18, figure["xlabel"]),
             _text(18, TOP + span_y / 2, figure["ylabel"], rotate=True)]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans, sans-serif">'
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>' + "".join(body + frame) + "</svg>\n")
