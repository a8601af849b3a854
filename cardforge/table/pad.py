"""The printable score pad: one A4 page drawn like the pads sold with card games.

A coloured header band in the deck's back colours with the game's title, a line to write the
date and place, then the grid: one numbered line per round, a column group per player (or
team) with the game's own sub-columns (bid, tricks won, streak bonus, points …) and a running
total, the totals and tallies at the bottom, and a reminder of the scoring rules printed from
the rule catalogue.  The same drawing serves a blank pad (``cardforge build``) and a filled
one (``table export --pdf``).  Fonts: the bundled DejaVu, embedded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Pad", "PadColumn", "draw_pads"]

_MARGIN = 30.0
_INK = "#1F2328"
_RULE = "#9AA3AD"
_FAINT = "#5E6873"


@dataclass(frozen=True)
class PadColumn:
    """A sub-column of each side's group: its label and relative width."""

    label: str
    width: float = 1.0
    bold: bool = False


@dataclass
class Pad:
    """Everything one score pad page shows (strings only: the drawing decides nothing)."""

    title: str
    subtitle: str
    band: str  # header colour
    accent: str
    info: list[str]
    left: list[PadColumn]  # the round columns at the left (Round, Cards, Dealer …)
    sides: list[str]  # player or team names ("" on a blank pad: written by hand)
    columns: list[PadColumn]  # each side's sub-columns
    rows: list[tuple[list[str], list[list[str]]]]  # (left cells, per side its cells)
    foot: list[tuple[str, list[str]]] = field(default_factory=list)  # (label, per side)
    notes: list[str] = field(default_factory=list)
    result: str = ""
    marked: set[tuple[int, int]] = field(default_factory=set)  # (row, side) round winners
    side_label: str = ""  # printed faintly in a blank name box


def draw_pads(pads: Sequence[Pad], *, title: str) -> Any:
    """A canvas with one page per pad (finish it with ``cardforge.render.pdf.save_pdf``)."""
    from reportlab.lib.pagesizes import A4, landscape

    from cardforge.render.fonts import register_fonts
    from cardforge.render.pdf import new_canvas

    fonts = register_fonts()
    canv = None
    for pad in pads:
        units = len(pad.sides) * sum(c.width for c in pad.columns)
        size = landscape(A4) if units > 13 else A4
        if canv is None:
            canv = new_canvas(size, title=title, subject="score sheet")
        else:
            canv.setPageSize(size)
        _draw(canv, pad, fonts, size)
        canv.showPage()
    return canv


def _fit(canv: Any, text: str, font: str, size: float, width: float, minimum: float = 5.0) -> float:
    """The largest font size ≤ ``size`` at which ``text`` fits ``width`` (at least ``minimum``)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    while size > minimum and stringWidth(text, font, size) > width:
        size -= 0.25
    return size


def _centred(canv: Any, text: str, x: float, y: float, width: float, font: str, size: float,
              wrap: bool = False) -> None:
    """Centre ``text`` in a cell, shrinking it to fit; with ``wrap`` a long list of cards goes
    on two lines rather than below a legible size."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    fitted = _fit(canv, text, font, size, width - 4, 6.5)
    words = text.split()
    if wrap and stringWidth(text, font, fitted) > width - 4 and len(words) > 1:
        half = (len(words) + 1) // 2
        lines = [" ".join(words[:half]), " ".join(words[half:])]
        fitted = min(_fit(canv, line, font, size, width - 4, 4.0) for line in lines)
        canv.setFont(font, fitted)
        canv.drawCentredString(x + width / 2, y + fitted * 0.55, lines[0])
        canv.drawCentredString(x + width / 2, y - fitted * 0.55, lines[1])
        return
    canv.setFont(font, _fit(canv, text, font, size, width - 4))
    canv.drawCentredString(x + width / 2, y, text)


def _draw(canv: Any, pad: Pad, fonts: Any, size: tuple[float, float]) -> None:
    from reportlab.lib.colors import HexColor, white

    page_w, page_h = size
    x0, x1 = _MARGIN, page_w - _MARGIN
    top = page_h - _MARGIN

    # header band
    band_h = 50
    canv.setFillColor(HexColor(pad.band))
    canv.roundRect(x0, top - band_h, x1 - x0, band_h, 8, stroke=0, fill=1)
    canv.setFillColor(white)
    canv.setFont(fonts.bold, 22)
    canv.drawString(x0 + 14, top - 32, pad.title)
    canv.setFillColor(HexColor(pad.accent))
    canv.setFont(fonts.bold, 13)
    canv.drawRightString(x1 - 14, top - 24, pad.subtitle)
    canv.setFillColor(white)
    canv.setFont(fonts.regular, 8)
    if pad.info:
        canv.drawRightString(x1 - 14, top - 38, pad.info[0])

    # info lines (date, place, options) under the band
    y = top - band_h - 18
    canv.setFillColor(HexColor(_INK))
    for line in pad.info[1:]:
        canv.setFont(fonts.regular, 9.5)
        canv.drawString(x0 + 2, y, line)
        y -= 14

    # grid geometry
    left_w = sum(c.width for c in pad.left) * 34
    unit = (x1 - x0 - left_w) / (len(pad.sides) * sum(c.width for c in pad.columns))
    group_w = unit * sum(c.width for c in pad.columns)
    notes_h = 12 + 9 * len(pad.notes) + (16 if pad.result else 0)
    name_h, label_h = 26, 15
    body_rows = len(pad.rows) + len(pad.foot)
    grid_top = y - 4
    avail = grid_top - (_MARGIN + notes_h) - name_h - label_h
    row_h = max(12.0, min(24.0, avail / max(body_rows, 1)))
    grid_bottom = grid_top - name_h - label_h - row_h * body_rows

    def side_x(i: int) -> float:
        return x0 + left_w + i * group_w

    # name row
    canv.setStrokeColor(HexColor(_RULE))
    canv.setLineWidth(0.6)
    for i, name in enumerate(pad.sides):
        sx = side_x(i)
        canv.setFillColor(HexColor(pad.band))
        canv.setFillAlpha(0.10)
        canv.rect(sx, grid_top - name_h, group_w, name_h, stroke=0, fill=1)
        canv.setFillAlpha(1)
        canv.setFillColor(HexColor(_INK))
        if name:
            _centred(canv, name, sx, grid_top - name_h + 9, group_w, fonts.bold, 12)
        elif pad.side_label:
            canv.setFillColor(HexColor(_FAINT))
            canv.setFont(fonts.regular, 6.5)
            canv.drawString(sx + 4, grid_top - 9, f"{pad.side_label} {i + 1}")
            canv.setFillColor(HexColor(_INK))

    # label row
    ly = grid_top - name_h - label_h
    canv.setFillColor(HexColor(pad.accent))
    canv.setFillAlpha(0.22)
    canv.rect(x0, ly, x1 - x0, label_h, stroke=0, fill=1)
    canv.setFillAlpha(1)
    canv.setFillColor(HexColor(_INK))
    cx = x0
    for col in pad.left:
        _centred(canv, col.label, cx, ly + 4.5, col.width * 34, fonts.bold, 7.5)
        cx += col.width * 34
    for i in range(len(pad.sides)):
        cx = side_x(i)
        for col in pad.columns:
            _centred(canv, col.label, cx, ly + 4.5, col.width * unit, fonts.bold if col.bold else fonts.regular, 7.5)
            cx += col.width * unit

    # body rows, zebra shading, round-winner marks
    ry = ly
    for r, (left_cells, side_cells) in enumerate(pad.rows):
        ry -= row_h
        if r % 2:
            canv.setFillColor(HexColor(pad.band))
            canv.setFillAlpha(0.05)
            canv.rect(x0, ry, x1 - x0, row_h, stroke=0, fill=1)
            canv.setFillAlpha(1)
        text_y = ry + row_h / 2 - 3.5
        canv.setFillColor(HexColor(_INK))
        cx = x0
        for col, text in zip(pad.left, left_cells, strict=False):
            _centred(canv, text, cx, text_y, col.width * 34, fonts.bold if col.bold else fonts.regular, 10)
            cx += col.width * 34
        for i, cells in enumerate(side_cells):
            cx = side_x(i)
            if (r, i) in pad.marked:
                canv.setFillColor(HexColor(pad.accent))
                canv.setFillAlpha(0.28)
                canv.rect(cx, ry, group_w, row_h, stroke=0, fill=1)
                canv.setFillAlpha(1)
                canv.setFillColor(HexColor(_INK))
            for col, text in zip(pad.columns, cells, strict=False):
                _centred(canv, text, cx, text_y, col.width * unit, fonts.bold if col.bold else fonts.regular, 10,
                         wrap=True)
                cx += col.width * unit
        canv.setStrokeColor(HexColor(_RULE))
        canv.setLineWidth(0.4)
        canv.line(x0, ry, x1, ry)

    # totals and tallies
    for k, (label, values) in enumerate(pad.foot):
        ry -= row_h
        canv.setFillColor(HexColor(pad.band))
        canv.setFillAlpha(0.16 if k == 0 else 0.07)
        canv.rect(x0, ry, x1 - x0, row_h, stroke=0, fill=1)
        canv.setFillAlpha(1)
        canv.setFillColor(HexColor(_INK))
        font = fonts.bold if k == 0 else fonts.regular
        _centred(canv, label, x0, ry + row_h / 2 - 3.5, left_w, font, 9.5)
        for i, text in enumerate(values):
            _centred(canv, text, side_x(i), ry + row_h / 2 - 4, group_w, font, 12 if k == 0 else 10)
        canv.setStrokeColor(HexColor(_INK if k == 0 else _RULE))
        canv.setLineWidth(1.2 if k == 0 else 0.4)
        canv.line(x0, ry + row_h, x1, ry + row_h)

    # vertical rules: thin between sub-columns, thick between sides
    canv.setStrokeColor(HexColor(_RULE))
    canv.setLineWidth(0.4)
    body_top = ly + label_h
    for i in range(len(pad.sides)):
        cx = side_x(i)
        for col in pad.columns[:-1]:
            cx += col.width * unit
            canv.line(cx, grid_bottom + row_h * len(pad.foot), cx, ly + label_h)
    canv.setStrokeColor(HexColor(_INK))
    canv.setLineWidth(1.1)
    cx = x0
    for col in pad.left[:-1]:
        cx += col.width * 34
        canv.setLineWidth(0.4)
        canv.line(cx, grid_bottom + row_h * len(pad.foot), cx, body_top)
    canv.setLineWidth(1.1)
    for i in range(len(pad.sides) + 1):
        canv.line(side_x(i), grid_bottom, side_x(i), grid_top)
    canv.roundRect(x0, grid_bottom, x1 - x0, grid_top - grid_bottom, 4, stroke=1, fill=0)
    canv.line(x0, ly, x1, ly)

    # result and rule reminders
    ny = grid_bottom - 16
    if pad.result:
        canv.setFont(fonts.bold, 11)
        canv.setFillColor(HexColor(_INK))
        canv.drawString(x0 + 2, ny, pad.result)
        ny -= 16
    canv.setFillColor(HexColor(_FAINT))
    for note in pad.notes:
        size = _fit(canv, note, fonts.regular, 7, x1 - x0 - 4, 4.5)
        canv.setFont(fonts.regular, size)
        canv.drawString(x0 + 2, ny, note)
        ny -= 9
