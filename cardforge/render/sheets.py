"""Home-printer sheets: cards N-up on A4 or Letter with bleed, crop marks and duplex backs.

Cards sit on a grid centred on the page, trim edge to trim edge (or ``gutter`` apart); each card's
background runs ``bleed`` past its trim where there is room (the outer edges of the grid, or half
the gutter), and crop marks stand outside the bleed in the margins, on every trim line.  Each
front page is followed by its back page, on which the columns are mirrored so that a long-edge
duplex print puts each back behind its front; ``back_offset`` (mm, as read off the calibration
page) shifts the back pages to undo a printer's duplex drift.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.errors import UsageError
from cardforge.render.faces import card_size_points, draw_back, draw_card
from cardforge.render.pdf import MM, new_canvas, pdf_bytes

__all__ = ["PAPERS", "SheetLayout", "check_gutter", "sheet_layout", "sheets_pdf", "calibration_pdf", "parse_offset"]

#: Paper sizes in millimetres.
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

SHEET_BLEED_MM = 3.0   # bleed around each card on home sheets
MARK_GAP_MM = 1.0      # crop marks start this far outside the bleed
MARK_LENGTH_MM = 5.0   # …and are at most this long
MIN_MARGIN_MM = 5.0    # the grid keeps at least this much paper around it (marks, printer margin)


def _paper(name: str) -> tuple[float, float]:
    if name not in PAPERS:
        raise UsageError(f"unknown paper {name!r}: expected {' or '.join(PAPERS)}")
    return PAPERS[name]


def parse_offset(text: str) -> tuple[float, float]:
    """``"0.5,-1"`` → ``(0.5, -1.0)`` millimetres; a clear error otherwise."""
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise UsageError(f"bad --back-offset {text!r}: expected X,Y in millimetres, e.g. 0.5,-1") from None
    if abs(x) > 20 or abs(y) > 20:
        raise UsageError(f"--back-offset {text!r} is over 20 mm: expected the small shift read off the calibration page")
    return x, y


@dataclass(frozen=True)
class SheetLayout:
    """Where each card goes on a page (points, origin at the page's lower-left corner)."""

    page: tuple[float, float]
    card: tuple[float, float]      # trim size
    cols: int
    rows: int
    gutter: float
    bleed: float
    x0: float                      # trim lower-left of the bottom-left slot
    y0: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def slot(self, index: int, *, back: bool = False) -> tuple[float, float]:
        """Trim lower-left corner of slot ``index`` (row by row from the top left).

        On a back page the column is mirrored (long-edge duplex flip).
        """
        row, col = divmod(index, self.cols)
        if back:
            col = self.cols - 1 - col
        w, h = self.card
        return (self.x0 + col * (w + self.gutter), self.y0 + (self.rows - 1 - row) * (h + self.gutter))

    def cell(self, index: int, *, back: bool = False) -> tuple[float, float, float, float]:
        """The area a card's bleed may cover: full bleed on the grid's outside, half the gutter inside."""
        x, y = self.slot(index, back=back)
        w, h = self.card
        inner = min(self.bleed, self.gutter / 2)
        row, col = divmod(index, self.cols)
        if back:
            col = self.cols - 1 - col
        left = self.bleed if col == 0 else inner
        right = self.bleed if col == self.cols - 1 else inner
        bottom = self.bleed if row == self.rows - 1 else inner
        top = self.bleed if row == 0 else inner
        return (x - left, y - bottom, x + w + right, y + h + top)


def check_gutter(gutter_mm: float) -> float:
    if not 0 <= gutter_mm <= 20:
        raise UsageError(f"bad --gutter {gutter_mm:g}: expected 0 to 20 mm")
    return gutter_mm


def sheet_layout(deck: Deck, paper: str = "a4", gutter_mm: float = 0.0) -> SheetLayout:
    """As many cards as fit on ``paper`` with the margins crop marks need."""
    check_gutter(gutter_mm)
    pw, ph = (v * MM for v in _paper(paper))
    w, h = card_size_points(deck)
    g, margin = gutter_mm * MM, MIN_MARGIN_MM * MM
    cols = int((pw - 2 * margin + g) // (w + g))
    rows = int((ph - 2 * margin + g) // (h + g))
    if cols < 1 or rows < 1:
        raise UsageError(f"a {deck.card.width_mm:g}×{deck.card.height_mm:g} mm card does not fit on {paper} with a {gutter_mm:g} mm gutter")
    grid_w, grid_h = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
    return SheetLayout((pw, ph), (w, h), cols, rows, g, SHEET_BLEED_MM * MM, (pw - grid_w) / 2, (ph - grid_h) / 2)


def _crop_marks(canv, layout: SheetLayout) -> None:
    """Hairlines on every trim line, in the margins outside the bleed."""
    from reportlab.lib.colors import black

    pw, ph = layout.page
    w, h = layout.card
    xs = sorted({round(layout.x0 + c * (w + layout.gutter) + dx, 3) for c in range(layout.cols) for dx in (0, w)})
    ys = sorted({round(layout.y0 + r * (h + layout.gutter) + dy, 3) for r in range(layout.rows) for dy in (0, h)})
    start = layout.bleed + MARK_GAP_MM * MM
    canv.setStrokeColor(black)
    canv.setLineWidth(0.3)
    left, right, bottom, top = xs[0], xs[-1], ys[0], ys[-1]
    v_len = min(MARK_LENGTH_MM * MM, bottom - start - 1 * MM)
    h_len = min(MARK_LENGTH_MM * MM, left - start - 1 * MM)
    for x in xs:
        if v_len > 0:
            canv.line(x, bottom - start, x, bottom - start - v_len)
            canv.line(x, top + start, x, top + start + v_len)
    for y in ys:
        if h_len > 0:
            canv.line(left - start, y, left - start - h_len, y)
            canv.line(right + start, y, right + start + h_len, y)


def _draw_in_cell(canv, cell: tuple[float, float, float, float], origin: tuple[float, float], draw: Callable[[], None]) -> None:
    x0, y0, x1, y1 = cell
    canv.saveState()
    p = canv.beginPath()
    p.rect(x0, y0, x1 - x0, y1 - y0)
    canv.clipPath(p, stroke=0, fill=0)
    canv.translate(*origin)
    draw()
    canv.restoreState()


def _footer(canv, deck: Deck, layout: SheetLayout, text: str) -> None:
    from cardforge.render.fonts import base_font

    room = layout.y0 - layout.bleed - (MARK_GAP_MM + MARK_LENGTH_MM) * MM
    if room < 4 * MM:
        return
    canv.setFont(base_font(), 6)
    canv.setFillGray(0.45)
    canv.drawCentredString(layout.page[0] / 2, min(room / 2, 5 * MM), text)


def sheets_pdf(deck: Deck, cards: Sequence[Card], *, paper: str = "a4", lang: str = "en", gutter_mm: float = 0.0,
               back_offset: tuple[float, float] = (0.0, 0.0), backs: bool = True,
               progress: Callable[[int], None] | None = None) -> bytes:
    """The sheets PDF: each front page followed (if ``backs``) by its mirrored back page."""
    layout = sheet_layout(deck, paper, gutter_mm)
    canv = new_canvas(layout.page, title=f"{deck.title(lang)} — print-and-play sheets", subject=deck.id)
    pages = [cards[i : i + layout.per_page] for i in range(0, len(cards), layout.per_page)]
    ox, oy = back_offset[0] * MM, back_offset[1] * MM
    for number, page in enumerate(pages, 1):
        for i, card in enumerate(page):
            _draw_in_cell(canv, layout.cell(i), layout.slot(i),
                          lambda card=card: draw_card(canv, deck, card, lang=lang, bleed=True))
            if progress:
                progress(1)
        _crop_marks(canv, layout)
        _footer(canv, deck, layout, f"{deck.title(lang)} · {number}/{len(pages)} · cardforge")
        canv.showPage()
        if backs:
            canv.translate(ox, oy)
            for i in range(len(page)):
                _draw_in_cell(canv, layout.cell(i, back=True), layout.slot(i, back=True),
                              lambda: draw_back(canv, deck, lang=lang, bleed=True))
            canv.showPage()
    return pdf_bytes(canv)


# -- calibration --------------------------------------------------------------------------------

_TARGETS = ((0.5, 0.5), (0.25, 0.75), (0.75, 0.25))  # measuring spots, as fractions of the page
_SCALE_MM = 5                                         # scales read −5 … +5 mm


def calibration_pdf(paper: str = "a4", lang: str = "en") -> bytes:
    """Two pages to print duplex (long-edge flip) to measure a printer's back-page offset.

    The front has a cross at each target; the back, a millimetre scale under each line of it.
    Held against the light, the front's line crosses the back's scale at the value to pass as
    ``--back-offset X,Y`` (X from the horizontal scale, Y from the vertical one).
    """
    from reportlab.lib.colors import black, red

    from cardforge.render.fonts import FontNames, base_font

    base_font()
    fonts = FontNames()
    pw, ph = (v * MM for v in _paper(paper))
    canv = new_canvas((pw, ph), title="cardforge duplex calibration", subject="calibration")
    texts = {
        "en": ["Duplex calibration — print both pages double-sided, flip on the LONG edge, at 100 % (no 'fit to page').",
               "Hold the sheet against a light. Where each red line crosses the scale on the back, read the number:",
               "the horizontal scale gives X, the vertical one Y. Then render with  --back-offset X,Y  (millimetres).",
               "The 100 mm bar below must measure 100 mm; if not, your printer is scaling the page."],
        "fr": ["Calibrage recto verso — imprimez les deux pages en recto verso, retournement bord LONG, à 100 %.",
               "Placez la feuille devant une lumière. Là où chaque ligne rouge croise l'échelle du verso, lisez le nombre :",
               "l'échelle horizontale donne X, la verticale Y. Puis lancez le rendu avec  --back-offset X,Y  (millimètres).",
               "La barre de 100 mm ci-dessous doit mesurer 100 mm ; sinon, l'imprimante met la page à l'échelle."],
    }[lang if lang == "fr" else "en"]
    # front: instructions, a 100 mm bar, a red cross at each target
    canv.setFont(fonts.regular, 8.5)
    y = ph - 18 * MM
    for line in texts:
        canv.drawString(15 * MM, y, line)
        y -= 11
    canv.setLineWidth(0.8)
    canv.line(15 * MM, y - 6 * MM, 115 * MM, y - 6 * MM)
    for x in (15, 115):
        canv.line(x * MM, y - 8 * MM, x * MM, y - 4 * MM)
    canv.drawString(118 * MM, y - 7 * MM, "100 mm")
    canv.setStrokeColor(red)
    canv.setLineWidth(0.35)
    for fx, fy in _TARGETS:
        x, y = fx * pw, fy * ph
        canv.line(x, y - 18 * MM, x, y + 18 * MM)
        canv.line(x - 18 * MM, y, x + 18 * MM, y)
    canv.showPage()
    # back: scales behind each target (mirrored across the long edge)
    canv.setStrokeColor(black)
    canv.setFillColor(black)
    for fx, fy in _TARGETS:
        x, y = pw - fx * pw, fy * ph
        for v10 in range(-_SCALE_MM * 2, _SCALE_MM * 2 + 1):
            v = v10 / 2
            major = v10 % 2 == 0
            tick = (3.5 if v10 % 10 == 0 else 2.5 if major else 1.5) * MM
            canv.setLineWidth(0.3)
            # horizontal scale (X) under the cross's vertical line, above the horizontal one
            canv.line(x + v * MM, y + 8 * MM, x + v * MM, y + 8 * MM + tick)
            # vertical scale (Y) beside the cross's horizontal line, right of the vertical one
            canv.line(x + 8 * MM, y + v * MM, x + 8 * MM + tick, y + v * MM)
            if major:
                canv.setFont(fonts.regular, 4.5)
                label = f"{v:+g}" if v else "0"
                canv.drawCentredString(x + v * MM, y + 8 * MM + tick + 1.2 * MM, label)
                canv.drawString(x + 8 * MM + tick + 0.8 * MM, y + v * MM - 1.5, label)
        canv.setFont(fonts.regular, 6)
        canv.drawCentredString(x, y + 17 * MM, "X")
        canv.drawString(x + 17 * MM, y - 2, "Y")
    canv.showPage()
    return pdf_bytes(canv)
