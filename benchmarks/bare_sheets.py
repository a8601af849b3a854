"""The floor the card renderer is measured against: cards 9-up on A4 with plain reportlab calls.

Imported by ``bench_render.py`` (drawing in-process) and run as a script by ``bench_build.py``
(a whole process, start-up included, drawing the rows deck's 102 fronts and their backs)::

    python benchmarks/bare_sheets.py FONT.ttf OUT.pdf
"""

from __future__ import annotations

import io
import sys

#: The rows deck: six families (colour, ink) × values 0–16.
ROWS_FAMILIES = [("#D62839", "#FFFFFF"), ("#2E9A47", "#FFFFFF"), ("#1F63C6", "#FFFFFF"), ("#F4B400", "#2B2B2B"),
                 ("#FFFFFF", "#2B2B2B"), ("#23232B", "#EDEDF2")]


def draw(cards: list[tuple[str, str, int]], font_path: str, *, back: str = "#1B1F3B", paper: str = "#FFFDF6") -> bytes:
    """``cards`` as (colour, ink, value): fronts, mirrored backs and crop marks, embedded TTF."""
    from reportlab.lib.colors import HexColor, black
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    if "BenchSans" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("BenchSans", font_path))
    mm = 72 / 25.4
    w, h, bleed = 63.5 * mm, 88.9 * mm, 3 * mm
    pw, ph = 210 * mm, 297 * mm
    x0, y0 = (pw - 3 * w) / 2, (ph - 3 * h) / 2
    canv = Canvas(io.BytesIO(), pagesize=(pw, ph), invariant=1, initialFontName="BenchSans")
    for start in range(0, len(cards), 9):
        chunk = cards[start : start + 9]
        for is_back in (False, True):
            for i, (colour, ink, value) in enumerate(chunk):
                r, c = divmod(i, 3)
                if is_back:
                    c = 2 - c
                x, y = x0 + c * w, y0 + (2 - r) * h
                fill = HexColor(back if is_back else colour)
                canv.setFillColor(fill)
                canv.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, fill=1, stroke=0)
                canv.setFillColor(HexColor(paper))
                canv.circle(x + w / 2, y + h / 2, w * 0.34, fill=1, stroke=0)
                canv.setFillColor(fill if not is_back else black)
                canv.setFont("BenchSans", 54)
                canv.drawCentredString(x + w / 2, y + h / 2 - 19, "Num" if is_back else str(value))
                if not is_back:
                    canv.setFillColor(HexColor(ink))
                    canv.setFont("BenchSans", 16)
                    canv.drawString(x + 12, y + h - 26, str(value))
                    canv.drawRightString(x + w - 12, y + 12, str(value))
            if not is_back:
                canv.setStrokeColor(black)
                canv.setLineWidth(0.3)
                for k in range(4):
                    canv.line(x0 + k * w, y0 - bleed - mm, x0 + k * w, y0 - bleed - 6 * mm)
                    canv.line(x0 - bleed - mm, y0 + k * h, x0 - bleed - 6 * mm, y0 + k * h)
            canv.showPage()
    canv.save()
    return canv._filename.getvalue()


if __name__ == "__main__":
    rows = [(colour, ink, value) for colour, ink in ROWS_FAMILIES for value in range(17)]
    with open(sys.argv[2], "wb") as handle:
        handle.write(draw(rows, sys.argv[1]))
