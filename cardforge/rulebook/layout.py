"""The shared page layout of every rulebook: cover, table of contents, running headers, folios.

``RulebookDocument`` is a platypus document with two page templates — ``cover`` (full-bleed
colour of the deck's card back, the back drawn by the card renderer) and ``body`` (a header
with the book's title and the current section, a page number in the footer).  Section headings
(``story.Heading``) feed the table of contents and the PDF outline; ``multiBuild`` runs the
layout until the page numbers in the table of contents are stable.
"""

from __future__ import annotations

import io
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus.tableofcontents import TableOfContents
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, NextPageTemplate, PageBreak, PageTemplate,
                                Paragraph, Table)

from cardforge.deck import Deck
from cardforge.rulebook.flowables import CardStrip
from cardforge.rulebook.story import Heading
from cardforge.rulebook.styles import Styles

__all__ = ["RulebookDocument", "render_pdf"]


class RulebookDocument(BaseDocTemplate):
    """A rulebook: cover page, then body pages with running header and page number."""

    def __init__(self, target: Any, *, styles: Styles, deck: Deck, lang: str, title: str, running_title: str):
        page = styles.page
        size = (page.width_mm * mm, page.height_mm * mm)
        super().__init__(
            target, pagesize=size, title=title, author="cardforge", subject=running_title, creator="cardforge",
            lang=lang, invariant=1, initialFontName=styles.font.regular, initialFontSize=styles.body.fontSize,
            leftMargin=page.margin_inner_mm * mm, rightMargin=page.margin_outer_mm * mm,
            topMargin=page.margin_top_mm * mm, bottomMargin=page.margin_bottom_mm * mm,
            displayDocTitle=1,
        )
        self.styles, self.deck, self.book_lang, self.running_title = styles, deck, lang, running_title
        body = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        cover = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="cover",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("cover", [cover], onPage=self._draw_cover),
            PageTemplate("body", [body], onPage=self._begin_page, onPageEnd=self._draw_header_footer),
        ])
        self._current: str = ""  # the section being laid out
        self._top: str = ""  # the section at the top of this page (its running header)
        self._content = False  # whether something other than headings is on this page yet
        self._passes = 0
        self.draft_first = True  # False: a book without a table of contents is laid out in one pass

    # -- headings: table of contents, outline, running header ----------------------------

    def beforeDocument(self) -> None:
        """Each multiBuild pass starts with no current section.  The first pass only measures
        where headings fall (its PDF is thrown away), so it skips drawing card art: the canvas
        is marked as a draft."""
        self._current = self._top = ""
        self._content = False
        self._passes += 1
        self.canv.rulebook_draft = self._passes == 1 and self.draft_first

    def afterFlowable(self, flowable: Any) -> None:
        if not isinstance(flowable, Heading):
            self._content = self._content or isinstance(flowable, (Paragraph, Table, CardStrip))
            return
        page = self.page
        label = f"{flowable.number}.\u00a0\u00a0{flowable.toc_text}" if flowable.number else flowable.toc_text
        self.notify("TOCEntry", (flowable.level, label, page, flowable.key))
        self.canv.bookmarkPage(flowable.key)
        self.canv.addOutlineEntry(flowable.plain, flowable.key, level=flowable.level, closed=flowable.level > 0)
        if flowable.level == 0:
            self._current = flowable.plain
            if not self._content:  # the page opens with this section
                self._top = flowable.plain

    def _begin_page(self, canv: Any, doc: Any) -> None:
        """A page starts inside the section the previous one ended in."""
        self._top, self._content = self._current, False

    # -- page decoration -------------------------------------------------------------------

    def _draw_header_footer(self, canv: Any, doc: Any) -> None:
        s = self.styles
        page = s.page
        width = page.width_mm * mm
        left, right = page.margin_inner_mm * mm, width - page.margin_outer_mm * mm
        top = page.height_mm * mm - page.margin_top_mm * mm * 0.55
        size = s.body.fontSize * 0.78
        canv.saveState()
        canv.setFont(s.font.condensed, size)
        canv.setFillColor(colors.HexColor(s.palette.muted))
        canv.drawString(left, top, self.running_title)
        section = self._top
        if section:
            canv.drawRightString(right, top, section)
        canv.setStrokeColor(colors.HexColor(s.palette.line))
        canv.setLineWidth(0.5)
        canv.line(left, top - size * 0.55, right, top - size * 0.55)
        canv.setFont(s.font.bold, size * 1.1)
        canv.setFillColor(colors.HexColor(s.palette.accent))
        canv.drawCentredString(width / 2, page.margin_bottom_mm * mm * 0.45, str(canv.getPageNumber()))
        canv.restoreState()

    def _draw_cover(self, canv: Any, doc: Any) -> None:
        from cardforge.render.faces import card_size_points, draw_back

        s = self.styles
        width, height = self.pagesize
        if getattr(canv, "rulebook_draft", False):
            return
        canv.saveState()
        canv.setFillColor(colors.HexColor(self.deck.style.back.color))
        canv.rect(0, 0, width, height, stroke=0, fill=1)
        # the deck's card back, fanned twice and faint, in the lower part of the cover
        cw, ch = card_size_points(self.deck)
        scale = height * 0.25 / ch
        for angle, dx in ((-10, -0.56), (8, 0.48)):
            canv.saveState()
            canv.translate(width / 2 + dx * cw * scale, height * 0.155)
            canv.rotate(angle)
            canv.translate(-cw * scale / 2, 0)
            canv.scale(scale, scale)
            canv.setFillAlpha(0.3)
            canv.setStrokeAlpha(0.3)
            draw_back(canv, self.deck, lang=self.book_lang)
            canv.restoreState()
        canv.restoreState()
        canv.saveState()
        canv.setFillColor(colors.HexColor(s.palette.highlight))
        canv.rect(0, height * 0.115, width, 1.4 * mm, stroke=0, fill=1)
        canv.restoreState()


class NotesPage(Flowable):
    """A page of ruled lines for the players' notes: fills a booklet to a multiple of 4 pages."""

    def __init__(self, title: str, styles: Styles):
        super().__init__()
        self.title, self.styles = title, styles

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width, self.height = avail_width, avail_height - 1
        return self.width, self.height

    def draw(self) -> None:
        s, canv = self.styles, self.canv
        canv.saveState()
        canv.setFont(s.font.bold, s.h1.fontSize)
        canv.setFillColor(colors.HexColor(s.palette.accent))
        canv.drawString(0, self.height - s.h1.fontSize, self.title)
        canv.setStrokeColor(colors.HexColor(s.palette.line))
        canv.setLineWidth(0.5)
        y = self.height - s.h1.fontSize * 2.6
        while y > 0:
            canv.line(0, y, self.width, y)
            y -= 8 * mm
        canv.restoreState()


def render_pdf(cover: list[Any], body: list[Any], *, styles: Styles, deck: Deck, lang: str, title: str,
               running_title: str, back: list[Any] | None = None, multiple: int = 1,
               rebuild: Any = None) -> bytes:
    """Lay out the cover and body flowables into PDF bytes (two or more passes for the TOC).

    ``back``: the back cover's flowables, set on the last page (a cover
    page); ``multiple``: the page count is made a multiple of it (a saddle-stitched booklet:
    4) with pages of ruled lines for notes before the back cover, laid out again from the
    fresh ``(cover, body, back)`` that ``rebuild()`` gives (laid-out flowables keep state)."""
    notes = 0
    while True:
        buffer = io.BytesIO()
        doc = RulebookDocument(buffer, styles=styles, deck=deck, lang=lang, title=title, running_title=running_title)
        doc.draft_first = any(isinstance(f, TableOfContents) for f in body)
        story = [*cover, NextPageTemplate("body"), PageBreak(), *body]
        for _ in range(notes):
            story += [PageBreak(), NotesPage("Notes", styles)]
        if back is not None:
            story += [NextPageTemplate("cover"), PageBreak(), *back]
        doc.multiBuild(story, maxPasses=6)
        pages = doc.page
        if multiple <= 1 or pages % multiple == 0 or notes or rebuild is None:
            return buffer.getvalue()
        notes = multiple - pages % multiple
        cover, body, back = rebuild()
