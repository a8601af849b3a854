"""Home-printer sheets: cards N-up on A4 or Letter with bleed, crop marks and duplex backs.

Cards sit on a grid, trim edge to trim edge (or ``gutter`` apart); each card's background runs
``bleed`` past its trim where there is room (the outer edges of the grid, or half the gutter),
and crop marks stand outside the bleed in the margins, on every trim line.  Home printers
cannot print within ~3–5 mm of the paper's edge, so every mark and the footer keep
``PRINTER_MARGIN_MM`` clear of it; where the paper leaves no room for that, the layout changes
— a 2 mm outer bleed (poker cards on A4), or the cards turned a quarter turn (8 poker cards on
Letter, whose 6.35 mm top margin has no room for a mark) — and the footer says so.  Each front
page is followed by its back page, on which the columns are mirrored so that a long-edge duplex
print puts each back behind its front; ``back_offset`` (mm, as read off the calibration page)
shifts the back pages to undo a printer's duplex drift.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.errors import UsageError
from cardforge.i18n import either, refusal
from cardforge.render.faces import card_size_points, draw_back, draw_card
from cardforge.render.pdf import MM, new_canvas, pdf_bytes

__all__ = ["PAPERS", "SheetLayout", "check_gutter", "sheet_layout", "crop_marks", "sheets_pdf", "calibration_pdf",
           "parse_offset", "PRINTER_MARGIN_MM", "draw_crop_marks", "draw_in_cell", "draw_footer"]

#: Paper sizes in millimetres.
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

SHEET_BLEED_MM = 3.0       # bleed around each card on home sheets…
SHEET_BLEEDS_MM = (3.0, 2.0)   # …or less where the paper is tight (never under 2 mm)
PRINTER_MARGIN_MM = 4.0    # nothing is printed closer to the paper's edge
MARK_GAP_MM = 0.5          # crop marks start this far outside the bleed
MARK_LENGTH_MM = 5.0       # …and are at most this long
MIN_MARK_MM = 3.0          # …and at least this long
FOOTER_MM = 2.8            # a 6 pt line under the bottom marks


def _paper(name: str) -> tuple[float, float]:
    if name not in PAPERS:
        raise refusal(UsageError, "error.render.paper", paper=repr(name), papers=either(PAPERS))
    return PAPERS[name]


def parse_offset(text: str) -> tuple[float, float]:
    """``"0.5,-1"`` → ``(0.5, -1.0)`` millimetres; a clear error otherwise."""
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise refusal(UsageError, "error.render.back_offset", text=repr(text)) from None
    if abs(x) > 20 or abs(y) > 20:
        raise refusal(UsageError, "error.render.back_offset_far", text=repr(text))
    return x, y


@dataclass(frozen=True)
class SheetLayout:
    """Where each card goes on a page (points, origin at the page's lower-left corner)."""

    page: tuple[float, float]
    card: tuple[float, float]      # a slot's trim size on the page (height × width when rotated)
    cols: int
    rows: int
    gutter: float
    bleed: float
    x0: float                      # trim lower-left of the bottom-left slot
    y0: float
    rotated: bool = False          # cards turned a quarter turn (their top towards the page's left)

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

    def placement(self, index: int, *, back: bool = False) -> tuple[float, float, float]:
        """``(x, y, degrees)``: where a card's own origin goes and how it turns.

        A turned card's top points to the page's left on the front; the long-edge flip brings
        that edge to the right on the back, so backs turn the other way.
        """
        x, y = self.slot(index, back=back)
        if not self.rotated:
            return x, y, 0.0
        w, h = self.card
        return (x, y + h, -90.0) if back else (x + w, y, 90.0)

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
        raise refusal(UsageError, "error.render.gutter", gutter=f"{gutter_mm:g}")
    return gutter_mm


def sheet_layout(deck: Deck, paper: str = "a4", gutter_mm: float = 0.0) -> SheetLayout:
    """As many cards as fit on ``paper`` with crop marks that print.

    Each side keeps the printer's margin, a mark of at least ``MIN_MARK_MM``, its gap and the
    bleed; the bottom also keeps the footer.  Of the upright and the turned grid, each with a
    3 or a 2 mm bleed, the one with the most cards wins, then the larger bleed, then upright.
    """
    check_gutter(gutter_mm)
    pw, ph = (v * MM for v in _paper(paper))
    g = gutter_mm * MM
    w, h = card_size_points(deck)
    best: tuple | None = None
    for rotated in (False, True):
        cw, ch = (h, w) if rotated else (w, h)
        for bleed_mm in SHEET_BLEEDS_MM:
            side = (PRINTER_MARGIN_MM + MIN_MARK_MM + MARK_GAP_MM + bleed_mm) * MM
            cols = int((pw - 2 * side + g) // (cw + g))
            rows = int((ph - 2 * side - FOOTER_MM * MM + g) // (ch + g))
            if cols >= 1 and rows >= 1:
                key = (cols * rows, bleed_mm, not rotated)
                if best is None or key > best[0]:
                    best = (key, rotated, cw, ch, cols, rows, bleed_mm)
    if best is None:
        raise refusal(UsageError, "error.render.no_fit", width=f"{deck.card.width_mm:g}", height=f"{deck.card.height_mm:g}",
                      paper=paper, gutter=f"{gutter_mm:g}", margin=f"{PRINTER_MARGIN_MM:g}")
    _, rotated, cw, ch, cols, rows, bleed_mm = best
    grid_w, grid_h = cols * cw + (cols - 1) * g, rows * ch + (rows - 1) * g
    spare = ph - grid_h
    return SheetLayout((pw, ph), (cw, ch), cols, rows, g, bleed_mm * MM, (pw - grid_w) / 2,
                       (spare + FOOTER_MM * MM) / 2, rotated)


Segment = tuple[float, float, float, float]


def crop_marks(layout: SheetLayout) -> list[Segment]:
    """The crop marks, ``(x0, y0, x1, y1)`` in points: on every trim line, outside the bleed,
    no closer to the paper's edge than the printer's margin (and the footer, at the bottom)."""
    pw, ph = layout.page
    w, h = layout.card
    xs = sorted({round(layout.x0 + c * (w + layout.gutter) + dx, 3) for c in range(layout.cols) for dx in (0, w)})
    ys = sorted({round(layout.y0 + r * (h + layout.gutter) + dy, 3) for r in range(layout.rows) for dy in (0, h)})
    start = layout.bleed + MARK_GAP_MM * MM
    edge = PRINTER_MARGIN_MM * MM
    left, right, bottom, top = xs[0] - start, xs[-1] + start, ys[0] - start, ys[-1] + start
    down = min(MARK_LENGTH_MM * MM, bottom - edge - FOOTER_MM * MM)
    up = min(MARK_LENGTH_MM * MM, ph - edge - top)
    out = min(MARK_LENGTH_MM * MM, left - edge, pw - edge - right)
    marks = [(x, bottom, x, bottom - down) for x in xs] + [(x, top, x, top + up) for x in xs]
    marks += [(left, y, left - out, y) for y in ys] + [(right, y, right + out, y) for y in ys]
    return marks


def draw_crop_marks(canv, layout: SheetLayout) -> None:
    """Stroke ``crop_marks(layout)`` on the page (the sheets and the rulebook's player aid)."""
    from reportlab.lib.colors import black

    canv.setStrokeColor(black)
    canv.setLineWidth(0.3)
    for segment in crop_marks(layout):
        canv.line(*segment)


def draw_in_cell(canv, cell: tuple[float, float, float, float], placement: tuple[float, float, float],
                 draw: Callable[[], None]) -> None:
    """Run ``draw`` clipped to ``cell`` with the origin and rotation of ``placement``."""
    x0, y0, x1, y1 = cell
    canv.saveState()
    p = canv.beginPath()
    p.rect(x0, y0, x1 - x0, y1 - y0)
    canv.clipPath(p, stroke=0, fill=0)
    x, y, degrees = placement
    canv.translate(x, y)
    if degrees:
        canv.rotate(degrees)
    draw()
    canv.restoreState()


def layout_note(layout: SheetLayout, paper: str, lang: str) -> str:
    """What the layout changed so that the marks print, in the page's language ('' if nothing)."""
    name = {"a4": "A4", "letter": "Letter"}.get(paper, paper)
    margin = f"{PRINTER_MARGIN_MM:g} mm"
    why = {"fr": f"pour que chaque trait de coupe s'imprime, à {margin} au moins du bord de la feuille",
           "en": f"so that every crop mark prints, {margin} or more from the paper's edge"}[lang]
    if layout.rotated:
        return {"fr": f"{name}\u202f: cartes tournées d'un quart de tour, {layout.per_page} par page, {why}",
                "en": f"{name}: cards turned a quarter turn, {layout.per_page} a page, {why}"}[lang]
    if layout.bleed < SHEET_BLEED_MM * MM - 1e-6:
        bleed = f"{layout.bleed / MM:g} mm"
        return {"fr": f"{name}\u202f: fond perdu de {bleed} (au lieu de {SHEET_BLEED_MM:g}) {why}",
                "en": f"{name}: {bleed} bleed (not {SHEET_BLEED_MM:g}) {why}"}[lang]
    return ""


def draw_footer(canv, layout: SheetLayout, text: str) -> None:
    """One 6 pt line centred under the bottom marks, above the printer's margin."""
    from cardforge.render.fonts import base_font

    font = base_font()
    size = 6.0
    room = layout.page[0] - 2 * PRINTER_MARGIN_MM * MM
    while canv.stringWidth(text, font, size) > room and size > 4:
        size -= 0.5
    canv.setFont(font, size)
    canv.setFillGray(0.45)
    canv.drawCentredString(layout.page[0] / 2, PRINTER_MARGIN_MM * MM + 0.3 * size, text)


def sheets_pdf(deck: Deck, cards: Sequence[Card], *, paper: str = "a4", lang: str = "en", gutter_mm: float = 0.0,
               back_offset: tuple[float, float] = (0.0, 0.0), backs: bool = True,
               progress: Callable[[int], None] | None = None) -> bytes:
    """The sheets PDF: each front page followed (if ``backs``) by its mirrored back page."""
    layout = sheet_layout(deck, paper, gutter_mm)
    canv = new_canvas(layout.page, title=f"{deck.title(lang)} — print-and-play sheets", subject=deck.id)
    pages = [cards[i : i + layout.per_page] for i in range(0, len(cards), layout.per_page)]
    ox, oy = back_offset[0] * MM, back_offset[1] * MM
    note = layout_note(layout, paper, "fr" if lang == "fr" else "en")
    for number, page in enumerate(pages, 1):
        for i, card in enumerate(page):
            draw_in_cell(canv, layout.cell(i), layout.placement(i),
                          lambda card=card: draw_card(canv, deck, card, lang=lang, bleed=True))
            if progress:
                progress(1)
        draw_crop_marks(canv, layout)
        draw_footer(canv, layout, " · ".join(t for t in (f"{deck.title(lang)}", f"{number}/{len(pages)}", "cardforge", note) if t))
        canv.showPage()
        if backs:
            canv.translate(ox, oy)
            for i, card in enumerate(page):
                draw_in_cell(canv, layout.cell(i, back=True), layout.placement(i, back=True),
                              lambda card=card: draw_back(canv, deck, lang=lang, bleed=True, card=card))
            canv.showPage()
    return pdf_bytes(canv)


# -- calibration --------------------------------------------------------------------------------

_TARGETS = ((0.5, 0.5), (0.25, 0.75), (0.75, 0.25))  # measuring spots, as fractions of the page
_SCALE_MM = 10                                        # scales read −10 … +10 mm, by half millimetres
_SCALE_AT_MM = 14                                     # each scale this far from the target's centre
_CROSS_MM = 22                                        # half the length of each red line
#: tick length by kind: every 10 mm (and 0), 5 mm, 1 mm, half millimetre
_TICK_MM = (4.5, 3.5, 2.2, 1.2)
_LABEL_PT = 5.0                                       # labels at 0, ±5, ±10 mm: 5 mm apart, never touching


def _scale(canv, x: float, y: float, *, horizontal: bool, font: str) -> None:
    """A millimetre scale centred on the target (x, y): the X one above it, the Y one to its right."""
    base = _SCALE_AT_MM * MM
    canv.setFont(font, _LABEL_PT)
    for half in range(-2 * _SCALE_MM, 2 * _SCALE_MM + 1):
        v = half / 2
        kind = 0 if half % 20 == 0 else 1 if half % 10 == 0 else 2 if half % 2 == 0 else 3
        tick = _TICK_MM[kind] * MM
        canv.setLineWidth(0.35 if kind < 2 else 0.25)
        if horizontal:
            canv.line(x + v * MM, y + base, x + v * MM, y + base + tick)
        else:
            canv.line(x + base, y + v * MM, x + base + tick, y + v * MM)
        if kind < 2:
            label = "0" if not half else ("+" if v > 0 else "\u2212") + f"{abs(v):g}"
            top = base + _TICK_MM[0] * MM + 1.0 * MM
            if horizontal:
                canv.drawCentredString(x + v * MM, y + top, label)
            else:
                canv.drawString(x + top, y + v * MM - 0.35 * _LABEL_PT, label)


def calibration_pdf(paper: str = "a4", lang: str = "en") -> bytes:
    """Two pages to print duplex (long-edge flip) to measure a printer's back-page offset.

    The front has a cross at each target; the back, a millimetre scale under each line of it.
    Held against the light, the front's line crosses the back's scale at the value to pass as
    ``--back-offset X,Y`` (X from the horizontal scale, Y from the vertical one).
    """
    from reportlab.lib.colors import black, red

    from cardforge.render.fonts import register_fonts

    fonts = register_fonts()
    pw, ph = (v * MM for v in _paper(paper))
    canv = new_canvas((pw, ph), title="cardforge duplex calibration", subject="calibration")
    nb = "\u202f"  # French: a narrow no-break space before ; : % and inside « »
    texts = {
        "en": ["Duplex calibration — print both pages double-sided, flip on the LONG edge, at 100 % (no 'fit to page').",
               "Hold the sheet against a light. Where each red line crosses the scale on the back, read the value: "
               "a tick every half millimetre, a number every 5 mm. The horizontal scale gives X, the vertical one Y. "
               "Then render with  --back-offset X,Y  (millimetres).",
               "The 100 mm bar at the foot of the page must measure 100 mm; if not, your printer is scaling the page."],
        "fr": [f"Calibrage recto verso — imprimez les deux pages en recto verso, retournement bord LONG, à 100{nb}% "
               f"(pas «{nb}ajuster à la page{nb}»).",
               f"Placez la feuille devant une lumière. Là où chaque ligne rouge croise l'échelle du verso, lisez la "
               f"valeur{nb}: un trait par demi-millimètre, un nombre tous les 5 mm. L'échelle horizontale donne X, la "
               f"verticale Y. Puis lancez le rendu avec  --back-offset X,Y  (en millimètres).",
               f"La barre de 100 mm en bas de la page doit mesurer 100 mm{nb}; sinon, l'imprimante met la page à l'échelle."],
    }[lang if lang == "fr" else "en"]
    # front: instructions, a 100 mm bar, a red cross at each target
    from reportlab.lib.utils import simpleSplit

    canv.setFont(fonts.regular, 8.5)
    y = ph - 18 * MM
    for paragraph in texts:
        for line in simpleSplit(paragraph, fonts.regular, 8.5, pw - 30 * MM):
            canv.drawString(15 * MM, y, line)
            y -= 11
    y = 20 * MM  # the 100 mm bar, bottom left: clear of the three crosses on A4 and Letter
    canv.setLineWidth(0.8)
    canv.line(15 * MM, y, 115 * MM, y)
    for x in (15, 115):
        canv.line(x * MM, y - 2 * MM, x * MM, y + 2 * MM)
    canv.drawString(118 * MM, y - 1 * MM, "100 mm")
    canv.setStrokeColor(red)
    canv.setLineWidth(0.35)
    for fx, fy in _TARGETS:
        x, y = fx * pw, fy * ph
        canv.line(x, y - _CROSS_MM * MM, x, y + _CROSS_MM * MM)
        canv.line(x - _CROSS_MM * MM, y, x + _CROSS_MM * MM, y)
    canv.showPage()
    # back: scales behind each target (mirrored across the long edge)
    canv.setStrokeColor(black)
    canv.setFillColor(black)
    for fx, fy in _TARGETS:
        x, y = pw - fx * pw, fy * ph
        _scale(canv, x, y, horizontal=True, font=fonts.regular)
        _scale(canv, x, y, horizontal=False, font=fonts.regular)
        canv.setFont(fonts.bold, 7)
        canv.drawCentredString(x, y + (_SCALE_AT_MM + _TICK_MM[0] + 4.2) * MM, "X")
        canv.drawString(x + (_SCALE_AT_MM + _TICK_MM[0] + 6.5) * MM, y - 2.5, "Y")
    canv.showPage()
    return pdf_bytes(canv)
