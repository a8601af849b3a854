"""The quick reference: a one-page A5 summary, then a card-sized, double-sided player aid on
print sheets with the cards' bleed, crop marks and mirrored duplex backs.

The aid's front says the turn in order, its back the scoring, both from the ``book:`` block of
the game's rule catalogue (``turn``, ``scoring``).  The sheet geometry is the deck's own
(``cardforge.render.sheets.sheet_layout``), so the aids go to the printer with the cards and are
cut on the same crop marks.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, NextPageTemplate, PageBreak, PageTemplate, Paragraph, Spacer

from cardforge.deck import Deck
from cardforge.rulebook.styles import Styles

__all__ = ["reference_pdf", "draw_aid", "fits_one_page", "summary_scale", "SUMMARY_SCALES"]

#: Type scales the one-page summary tries, largest first.
SUMMARY_SCALES = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66)

#: Type sizes the aid tries, largest first, until its text fits the card's safe zone.
AID_SIZES = (8.0, 7.5, 7.0, 6.6, 6.2, 5.8, 5.5)
SAFE_MM = 4.0  # the vendors' 1/8" safe zone, rounded up


def _aid_flow(title: str, lines: Sequence[str], styles: Styles, size: float) -> list[Any]:
    """The aid's title and bulleted lines set at ``size`` points."""
    head = styles.h2.clone("aid_head", fontSize=size * 1.35, leading=size * 1.6, spaceBefore=0,
                           spaceAfter=size * 0.5, textColor=colors.HexColor(styles.palette.accent))
    item = styles.bullet.clone("aid_item", fontSize=size, leading=size * 1.28, leftIndent=size * 1.1,
                               bulletIndent=0, spaceAfter=size * 0.35, bulletFontSize=size)
    return [Paragraph(escape(title), head)] + [Paragraph(escape(t), item, bulletText="•") for t in lines]


def _fit_size(title: str, lines: Sequence[str], styles: Styles, width: float, height: float) -> float:
    """The largest size of ``AID_SIZES`` at which title and lines fit ``width``×``height`` (the
    smallest if none does)."""
    for size in AID_SIZES:
        flow = _aid_flow(title, lines, styles, size)
        if sum(f.wrap(width, height)[1] + f.getSpaceAfter() for f in flow) <= height:
            return size
    return AID_SIZES[-1]


def _aid_frame(deck: Deck) -> tuple[float, float]:
    """Width and height of the aid's text frame: the card's safe zone above the footer."""
    from cardforge.render.faces import card_size_points

    w, h = card_size_points(deck)
    return w - 2 * SAFE_MM * mm, h - 2 * SAFE_MM * mm - 4 * mm


def draw_aid(canv: Any, deck: Deck, styles: Styles, title: str, lines: Sequence[str], footer: str,
             size: float | None = None) -> None:
    """One side of the aid with its lower-left trim corner at the origin, bleeding 3 mm out
    (``size``: the type size, as ``_fit_size`` finds it when not given)."""
    from cardforge.render.faces import card_size_points

    w, h = card_size_points(deck)
    bleed = 3 * mm
    canv.setFillColor(colors.HexColor(deck.style.back.color))
    canv.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    inset = SAFE_MM * mm * 0.6
    canv.setFillColor(colors.white)
    canv.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.2 * mm, stroke=0, fill=1)
    pad = SAFE_MM * mm
    frame_w, frame_h = _aid_frame(deck)
    flow = _aid_flow(title, lines, styles, size or _fit_size(title, lines, styles, frame_w, frame_h))
    Frame(pad, pad + 4 * mm, frame_w, frame_h, leftPadding=0, rightPadding=0, topPadding=0,
          bottomPadding=0, showBoundary=0).addFromList(flow, canv)
    canv.setFont(styles.font.condensed, 5.5)
    canv.setFillColor(colors.HexColor(styles.palette.muted))
    canv.drawCentredString(w / 2, pad, footer)


class _DraftCanvas(Canvas):
    """A canvas for measuring a layout: card art is not drawn and no PDF is written."""

    rulebook_draft = True

    def save(self) -> None:
        pass


class _Overflow(Exception):
    """The summary being measured ran onto a second page."""


def fits_one_page(body: list[Any], styles: Styles) -> bool:
    """Whether the summary's flowables fit the one page they are meant for (laid out alone, as a
    draft: no card art, no PDF, and no further than the start of a second page)."""
    doc = _ReferenceDocument(io.BytesIO(), styles=styles, deck=None, lang="", title="", sides=None)
    try:
        doc.build(list(body), canvasmaker=_DraftCanvas)
    except _Overflow:
        return False
    return doc.page == 1


def summary_scale(fits: Callable[[float], bool]) -> float:
    """The largest of ``SUMMARY_SCALES`` at which ``fits(scale)`` (the smallest when none does):
    the two largest are tried in turn, the others halved (smaller type never takes more pages),
    so at most four layouts are measured, not six."""
    scales = SUMMARY_SCALES
    for scale in scales[:2]:
        if fits(scale):
            return scale
    low, high = 2, len(scales) - 1  # the answer is in scales[low:high + 1]; the last is never measured
    while low < high:
        mid = (low + high) // 2
        if fits(scales[mid]):
            high = mid
        else:
            low = mid + 1
    return scales[low]


class _ReferenceDocument(BaseDocTemplate):
    """Page 1: the A5 summary (platypus); then one front and one back sheet of aids."""

    def __init__(self, target: Any, *, styles: Styles, deck: Deck, lang: str, title: str,
                 sides: tuple[tuple[str, Sequence[str]], tuple[str, Sequence[str]]]):
        page = styles.page
        size = (page.width_mm * mm, page.height_mm * mm)
        super().__init__(target, pagesize=size, title=title, author="cardforge", creator="cardforge", lang=lang,
                         invariant=1, initialFontName=styles.font.regular, leftMargin=page.margin_inner_mm * mm,
                         rightMargin=page.margin_outer_mm * mm, topMargin=page.margin_top_mm * mm * 0.8,
                         bottomMargin=page.margin_bottom_mm * mm * 0.8)
        self.styles, self.deck, self.sides, self.book_lang = styles, deck, sides, lang
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="summary",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("summary", [frame], pagesize=size)])
        if deck is None:  # measuring the summary alone
            return
        from cardforge.render.sheets import sheet_layout

        self.sheet = sheet_layout(deck, "a4")
        tiny = Frame(0, 0, 10, 10, id="sheet", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("front", [tiny], pagesize=self.sheet.page, onPage=lambda c, d: self._sheet(c, back=False)),
            PageTemplate("back", [tiny], pagesize=self.sheet.page, onPage=lambda c, d: self._sheet(c, back=True)),
        ])

    def beforePage(self) -> None:
        if self.deck is None and self.page > 1:  # measuring: the summary does not fit one page
            raise _Overflow

    def _sheet(self, canv: Any, *, back: bool) -> None:
        from cardforge.render.sheets import draw_crop_marks, draw_footer, draw_in_cell

        layout = self.sheet
        title, lines = self.sides[1 if back else 0]
        game = self.deck.title(self.book_lang)
        size = _fit_size(title, lines, self.styles, *_aid_frame(self.deck))  # once a side, not once a cell
        canv.saveState()
        for i in range(layout.per_page):
            draw_in_cell(canv, layout.cell(i, back=back), layout.placement(i, back=back),
                          lambda: draw_aid(canv, self.deck, self.styles, title, lines, game, size))
        draw_crop_marks(canv, layout)
        draw_footer(canv, layout, f"{game} · {title} · cardforge")
        canv.restoreState()


def reference_pdf(body: list[Any], *, styles: Styles, deck: Deck, lang: str, title: str,
                  sides: tuple[tuple[str, Sequence[str]], tuple[str, Sequence[str]]]) -> bytes:
    """The quick reference's PDF: ``body`` on one A5 page, then the aid's front and back sheets
    (``sides``: (title, lines) of the front, then of the back)."""
    buffer = io.BytesIO()
    doc = _ReferenceDocument(buffer, styles=styles, deck=deck, lang=lang, title=title, sides=sides)
    doc.build([*body, NextPageTemplate("front"), PageBreak(), Spacer(1, 1), NextPageTemplate("back"), PageBreak(),
               Spacer(1, 1)])
    return buffer.getvalue()
