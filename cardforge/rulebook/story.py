"""Rulebook markup (``markup.Markup``) turned into reportlab platypus flowables.

Headings become ``Heading`` paragraphs that the document (``layout``) numbers into the table of
contents and the PDF outline; ``<rule>`` gets its ID run in before the text; tables repeat their
header rows after a page break and short ones are kept on one page; examples are tinted blocks
kept together; ``<cards>`` becomes a ``CardStrip`` drawn by the card renderer.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import (CondPageBreak, Flowable, Indenter, KeepTogether, PageBreak, Paragraph, Spacer, Table,
                                TableStyle)
from reportlab.platypus.flowables import FrameBG, _listWrapOn
from reportlab.platypus.tableofcontents import TableOfContents

from cardforge.deck import Deck
from cardforge.errors import CardCodeError
from cardforge.rulebook.flowables import MARKS, CardStrip
from cardforge.rulebook.markup import Markup
from cardforge.rulebook.styles import Styles
from cardforge.rulebook.typography import NNBSP

__all__ = ["Heading", "StoryBuilder", "build_story", "story_builder", "SHORT_TABLE_ROWS"]

#: Tables with at most this many rows are never split across pages; a longer one splits only
#: after at least ``MIN_ROWS_BEFORE_SPLIT`` body rows (its header rows repeat on the next page).
SHORT_TABLE_ROWS = 8
MIN_ROWS_BEFORE_SPLIT = 4
#: A table that splits keeps at least this many body rows on each side of the break.
MIN_ROWS_EACH_SIDE = 3
#: Examples up to this fraction of the page height (all that fit) are never split across pages; longer ones
#: keep their title, setup and first figure together and may continue on the next page.
KEEP_WHOLE = 1.0
#: Card width as a fraction of true size when a <cards> element gives no ``scale``.
DEFAULT_CARD_SCALE = 0.25
#: Smaller picture sizes (fractions of the normal) an example kept whole may take to fit the space
#: left on its page, rather than move to the next page and leave most of this one empty.
EXAMPLE_ZOOMS = (0.9, 0.8, 0.7, 0.62)

# Characters the rule sheets use that DejaVu Sans has no glyph for, and what to print instead.
_GLYPH_FALLBACKS = {"\ufe0f": "", "👉": "☞", "💡": "☀", "🃏": "", "🔄": "", "📍": "", "🌈": "", "🌑": "",
                    "🏆": "", "💥": "", "5️⃣": "", "⃣": "", "✅": "✔"}


class FitOrMove(KeepTogether):
    """A block kept on one page that, when it does not fit the space left, is first tried in its
    smaller versions (pictures shrunk, largest first); only when none fits does it move whole to
    the next page, as a ``KeepTogether`` does.  ``smaller(i)`` builds version ``i`` (``None``
    past the last), only when the full block does not fit."""

    def __init__(self, flowables: list[Any], smaller: Callable[[int], list[Any] | None]):
        super().__init__(flowables)
        self._make = smaller
        self._versions: list[list[Any]] = []

    def _version(self, i: int) -> list[Any] | None:
        while len(self._versions) <= i:
            version = self._make(len(self._versions))
            if version is None:
                return None
            self._versions.append(version)
        return self._versions[i]

    def _fits(self, version: list[Any], aW: float, aH: float) -> bool:
        return _listWrapOn(version, aW, self.canv)[1] <= aH

    def split(self, aW: float, aH: float) -> list[Any]:
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        # the text does not shrink: with less than half the block's height left, no version fits
        if self._H <= aH or self._H > 2 * aH:
            return super().split(aW, aH)
        count = 0
        while self._version(count) is not None:
            count += 1
        if count and self._fits(self._versions[-1], aW, aH):  # the smallest first: most often none fits
            return list(next(v for v in self._versions if self._fits(v, aW, aH)))
        return super().split(aW, aH)


class SplitTable(Table):
    """A ``Table`` that splits only with at least ``MIN_ROWS_EACH_SIDE`` body rows on each side
    of the break (its header rows repeat): no orphan "Total" row under a repeated header."""

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        parts = super().split(availWidth, availHeight)
        if len(parts) != 2:
            return parts
        head = self.repeatRows if isinstance(self.repeatRows, int) else len(self.repeatRows)
        body = len(self._cellvalues) - head
        first = len(parts[0]._cellvalues) - head
        if body - first >= MIN_ROWS_EACH_SIDE and first >= MIN_ROWS_EACH_SIDE:
            return parts
        first = min(first, body - MIN_ROWS_EACH_SIDE)
        if first < MIN_ROWS_EACH_SIDE:
            return []
        return super().split(availWidth, sum(self._rowHeights[:head + first]) + 0.01)


def keep_together(flowables: list[Any]) -> KeepTogether:
    """``KeepTogether`` of the flowables, flattening nested ones (reportlab measures a nested
    ``KeepTogether`` as infinitely tall, which would push every block to a new page)."""
    flat: list[Any] = []
    for f in flowables:
        flat += keep_together(f._content)._content if isinstance(f, KeepTogether) else [f]  # FitOrMove too
    return KeepTogether(flat)


class Heading(Paragraph):
    """A section heading: ``level`` 0 or 1, its number and plain title for the TOC and outline."""

    def __init__(self, text: str, style: Any, *, level: int, number: str, toc_text: str, plain: str, key: str):
        super().__init__(text, style)
        self.level, self.number, self.toc_text, self.plain, self.key = level, number, toc_text, plain, key


@dataclass
class StoryBuilder:
    """Walks a parsed ``Markup`` tree and collects its flowables (cover and body)."""

    markup: Markup
    deck: Deck
    styles: Styles
    lang: str
    cover: list[Any] = field(default_factory=list)
    body: list[Any] = field(default_factory=list)
    _counters: list[int] = field(default_factory=lambda: [0, 0])
    _keys: int = 0
    _depth: int = 0
    back: list[Any] = field(default_factory=list)
    #: card pictures' size while an example is set in a smaller version (``EXAMPLE_ZOOMS``)
    _picture_zoom: float = 1.0
    _names: Any = None

    def __post_init__(self) -> None:
        #: ``<book cards="0.25">``: every card picture at that one size, never shrunk (player's book)
        fixed = self.markup.root.get("cards")
        self.fixed_scale = float(fixed) if fixed else None
        names = sorted({n for n in [f.family.name(self.lang) for f in self.deck.families.values()]
                        + [a.action.name(self.lang) for a in self.deck.actions.values()] if n}, key=len, reverse=True)
        if names:
            import re

            self._names = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?:[ \u00a0](\d+))?(?!\w)")

    # -- inline text --------------------------------------------------------------------

    def text(self, raw: str | None, size: float) -> str:
        """Plain text as reportlab paragraph markup: escaped, glyphs the font lacks replaced,
        and each narrow no-break space (which reportlab would break a line at) drawn as a
        no-break space at a smaller size — same width, never a line break."""
        narrow = f'<font size="{size * 0.7:.2f}">\u00a0</font>'
        printable = raw or ""
        for bad, good in _GLYPH_FALLBACKS.items():
            printable = printable.replace(bad, good)
        if self._names is not None:  # a card's name and value never break across lines
            printable = self._names.sub(lambda m: m.group(0).replace(" ", "\u00a0"), printable)
        return escape(printable).replace(NNBSP, narrow)

    def inline(self, elem: ET.Element, size: float) -> str:
        """The reportlab paragraph markup of an inline container and its <b>, <i>, <code>, <br>."""
        out = [self.text(elem.text, size)]
        for child in elem:
            inner = self.inline(child, size)
            if child.tag == "br":
                out.append("<br/>")
            elif child.tag in ("b", "i"):
                out.append(f"<{child.tag}>{inner}</{child.tag}>")
            elif child.tag == "code":
                out.append(f'<font name="{self.styles.font.condensed}" color="{self.styles.palette.muted}">{inner}</font>')
            out.append(self.text(child.tail, size))
        return "".join(out)

    def para(self, elem: ET.Element, style: Any) -> Paragraph:
        return Paragraph(self.inline(elem, style.fontSize), style)

    # -- blocks -------------------------------------------------------------------------

    def build(self) -> None:
        for child in self.markup.root:
            if child.tag == "cover":
                self.cover = [f for c in child for f in self.block(c, cover=True)]
            elif child.tag == "back":
                self.back = [f for c in child for f in self.block(c, cover=True)]
            else:
                self.body += self.block(child)

    def blocks(self, elem: ET.Element) -> list[Any]:
        return self._pictures_with_tables([f for child in elem for f in self.block(child)])

    def _pictures_with_tables(self, flow: list[Any]) -> list[Any]:
        """Card pictures followed by a table never part from it: the pictures go to the next page
        together with the table's first rows (the table's own ``CondPageBreak`` moves before them,
        grown by their height); before a short table, pictures and table are kept together."""
        out: list[Any] = []
        for f in flow:
            if out and isinstance(out[-1], CardStrip) and isinstance(f, CondPageBreak):
                strip = out.pop()
                _, height = strip.wrap(self._frame_width(), 1e6)
                out += [CondPageBreak(f.height + height + strip.spaceBefore + strip.spaceAfter), strip]
            elif out and isinstance(out[-1], CardStrip) and isinstance(f, KeepTogether) \
                    and any(isinstance(c, Table) for c in f._content):
                out.append(keep_together([out.pop(), f]))
            else:
                out.append(f)
        return out

    def block(self, elem: ET.Element, cover: bool = False) -> list[Any]:
        s = self.styles
        tag = elem.tag
        if tag == "title":
            return [self.para(elem, s.cover_title)]
        if tag == "subtitle":
            return [self.para(elem, s.cover_subtitle)]
        if tag == "p":
            return [self.para(elem, s.cover_text if cover else s.body)]
        if tag == "note":
            return self._tinted([self.para(elem, s.note)])
        if tag == "rule":
            return [self._rule(elem)]
        if tag == "ul":
            return [Paragraph(self.inline(li, s.bullet.fontSize), s.bullet, bulletText="•") for li in elem]
        if tag == "table":
            return self._table(elem)
        if tag == "cards":
            return [self._cards(elem, cover)]
        if tag == "example":
            return self._example(elem)
        if tag == "keep":
            return [keep_together(self.blocks(elem))]
        if tag == "side":
            return [self._side(elem)]
        if tag == "scene":
            return [self._scene(elem)]
        if tag == "flow":
            return [self._flow(elem)]
        if tag == "pagebreak":
            return [PageBreak()]
        if tag == "spacer":
            return [Spacer(1, float(elem.get("mm", "3")) * mm)]
        if tag == "toc":
            return self._toc(elem)
        if tag == "section":
            return self._section(elem)
        raise self.markup.error(elem, f"<{tag}> cannot be used here")

    def _rule(self, elem: ET.Element) -> Paragraph:
        """A rule: its ID run in (``id``), or a small number in the margin (``num``), or plain."""
        s = self.styles
        rule_id, number = elem.get("id"), elem.get("num")
        if rule_id:
            label = (f'<font name="{s.font.condensed_bold}" size="{s.id_size}" color="{s.palette.accent}">'
                     f"{escape(rule_id)}</font>\u00a0\u00a0")
            return Paragraph(label + self.inline(elem, s.rule.fontSize), s.rule)
        return Paragraph(self.inline(elem, s.margin_rule.fontSize), s.margin_rule, bulletText=number or None)

    def _section(self, elem: ET.Element) -> list[Any]:
        level = self._depth
        number = elem.get("number")
        if number is None:
            self._counters[level] += 1
            number = str(self._counters[level]) if level == 0 else f"{self._counters[0]}.{self._counters[1]}"
        elif number and level == 0 and number.isdigit():
            self._counters[0] = int(number)
        if level == 0:
            self._counters[1] = 0
        title = elem.get("title")
        self._keys += 1
        key = f"s{self._keys}"
        style = self.styles.h1 if level == 0 else self.styles.h2
        numbered = f"{escape(number)}.\u00a0\u00a0" if number else ""
        heading = Heading(numbered + self.text(title, style.fontSize), style, level=level, number=number,
                          toc_text=self.text(title, style.fontSize),
                          plain=f"{number}. {title}" if number else title, key=key)
        flow: list[Any] = [CondPageBreak(self.styles.page.height_mm * mm * 0.18)] if level == 0 else []
        self._depth += 1
        try:
            return flow + self._with_heading(heading, self.blocks(elem))
        finally:
            self._depth -= 1

    def _with_heading(self, heading: Heading, body: list[Any]) -> list[Any]:
        """A heading never ends a page: it is kept with the first block after it (reportlab's
        ``keepWithNext`` gives up when that block is itself kept together); before a table that
        may split, the table's ``CondPageBreak`` grows by the heading's height and moves before it."""
        if not body:
            return [heading]
        first, rest = body[0], body[1:]
        if isinstance(first, CondPageBreak):
            _, height = heading.wrap(self._frame_width(), 1e6)
            return [CondPageBreak(first.height + height + heading.getSpaceBefore() + heading.getSpaceAfter()),
                    heading, *rest]
        return [keep_together([heading, first]), *rest]

    def _toc(self, elem: ET.Element) -> list[Any]:
        s = self.styles
        toc = TableOfContents(levelStyles=s.toc_levels, dotsMinLevel=0, rightColumnWidth=14 * mm,
                              tableStyle=TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                                     ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                                     ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                                     ("TOPPADDING", (0, 0), (-1, -1), 0),
                                                     ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                                                     ("FONTNAME", (0, 0), (-1, -1), s.font.regular)]))
        return [Paragraph(self.text(elem.get("title"), s.toc_title.fontSize), s.toc_title), toc, PageBreak()]

    def _table(self, elem: ET.Element) -> list[Flowable]:
        s = self.styles
        rows, header_rows = [], 0
        for tr in elem:
            cells = []
            for cell in tr:
                style = s.cell_head if cell.tag == "th" else s.cell
                if cell.get("align") == "right":
                    from reportlab.lib.enums import TA_RIGHT

                    style = type(style)(style.name + "-r", parent=style, alignment=TA_RIGHT)
                cells.append(self.para(cell, style))
            if all(c.tag == "th" for c in tr) and len(rows) == header_rows:
                header_rows += 1
            rows.append(cells)
        if not rows:
            raise self.markup.error(elem, "<table> has no rows")
        ncols = max(len(r) for r in rows)
        for r in rows:
            r += [""] * (ncols - len(r))
        width = self._frame_width()
        widths = elem.get("widths")
        if widths:
            parts = [float(w) for w in widths.split(",")]
            if len(parts) != ncols:
                raise self.markup.error(elem, f"widths={widths!r} gives {len(parts)} columns, the table has {ncols}")
            col_widths = [width * p / sum(parts) for p in parts]
        else:
            col_widths = [width / ncols] * ncols
        pal = s.palette
        style = [
            ("FONTNAME", (0, 0), (-1, -1), s.font.regular),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("LINEBELOW", (0, header_rows), (-1, -1), 0.4, colors.HexColor(pal.line)),
            ("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [colors.white, colors.HexColor(pal.tint)]),
        ]
        if header_rows:
            style.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.HexColor(pal.accent)))
        table = SplitTable(rows, colWidths=col_widths, repeatRows=header_rows, style=TableStyle(style), hAlign="LEFT")
        if len(rows) <= SHORT_TABLE_ROWS:
            return [keep_together([table])]
        # a long table may split (its header rows repeat), but only with a few rows on this page
        table.wrap(width, 1e6)
        return [CondPageBreak(sum(table._rowHeights[:header_rows + MIN_ROWS_BEFORE_SPLIT])), table]

    def _frame_width(self) -> float:
        page = self.styles.page
        return (page.width_mm - page.margin_inner_mm - page.margin_outer_mm) * mm

    def _cards(self, elem: ET.Element, cover: bool) -> Flowable:
        s = self.styles
        try:
            cards = self.deck.parse_many(elem.get("codes"))
        except CardCodeError as exc:
            raise self.markup.error(elem, str(exc)) from None
        marks = (elem.get("marks") or "").split()
        bad = [m for m in marks if m not in MARKS]
        if bad:
            raise self.markup.error(elem, f"unknown card mark {bad[0]!r}: expected one of {', '.join(MARKS)}")
        captions = [self.text(c, s.caption.fontSize) for c in elem.get("captions", "").split("|")] \
            if elem.get("captions") else []
        try:
            scale = self._scale(elem.get("scale"))
        except ValueError:
            raise self.markup.error(elem, f"scale={elem.get('scale')!r} is not a number") from None
        from cardforge.render.faces import card_size_points

        label = elem.get("label", "")
        label_style = s.caption.clone("label", alignment=0, fontName=s.font.condensed_bold, textColor=s.palette.ink,
                                      fontSize=s.caption.fontSize * 1.05)
        strip = CardStrip(self.deck, cards, lang=self.lang, card_width=card_size_points(self.deck)[0] * scale,
                          gap=(1.4 if self.fixed_scale else 2.2) * mm, captions=captions, marks=marks,
                          label=self.text(label, label_style.fontSize) if label else "",
                          label_width=17 * mm if label else 0.0, caption_style=s.caption,
                          label_style=label_style, highlight=s.palette.highlight)
        strip.hAlign = "CENTER" if cover or not label else "LEFT"
        strip.spaceBefore, strip.spaceAfter = 1.2 * mm, 1.6 * mm
        return strip

    def _scale(self, asked: str | None) -> float:
        """A card picture's scale: the book's one size when it fixes one, else ``asked``."""
        if self.fixed_scale is not None:
            return self.fixed_scale * self.styles.page.card_zoom
        return float(asked or DEFAULT_CARD_SCALE) * self.styles.page.card_zoom * self._picture_zoom

    def _side(self, elem: ET.Element) -> Flowable:
        """The first block (a picture) in a narrow left column, the other blocks beside it; with
        four ``widths`` and four blocks, two such pairs side by side (picture, text, picture, text)."""
        children = list(elem)
        parts = [float(w) for w in (elem.get("widths") or "30,70").split(",")]
        if len(children) < 2 or (len(parts) == 4 and len(children) != 4):
            raise self.markup.error(elem, "<side> needs a picture and a block beside it (or two such pairs)")
        width = self._frame_width()
        widths = [width * p / sum(parts) for p in parts]
        cells = [self.block(c) for c in children] if len(parts) == 4 else \
            [self.block(children[0]), [f for c in children[1:] for f in self.block(c)]]
        for i in range(0, len(cells), 2):
            for f in cells[i]:
                f.hAlign = "CENTER"
        pictures = [("RIGHTPADDING", (i, 0), (i, 0), 5) for i in range(0, len(cells), 2)]
        texts = [("RIGHTPADDING", (i, 0), (i, 0), 6 if i < len(cells) - 1 else 0) for i in range(1, len(cells), 2)]
        return Table([cells], colWidths=widths, hAlign="LEFT",
                     style=TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                       ("FONTNAME", (0, 0), (-1, -1), self.styles.font.regular),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 0), *pictures, *texts,
                                       ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))

    def _scene(self, elem: ET.Element) -> Flowable:
        """The table seen from above: piles of card backs and face-up cards, captioned."""
        from cardforge.render.faces import card_size_points
        from cardforge.rulebook.flowables import Scene, Spot

        lines = []
        for line in elem:
            spots = []
            for spot in line:
                try:
                    cards = self.deck.parse_many(spot.get("codes")) if spot.get("codes") else []
                except CardCodeError as exc:
                    raise self.markup.error(spot, str(exc)) from None
                spots.append(Spot(cards=cards, backs=int(spot.get("back", "0") or 0), fan=spot.get("fan") == "1",
                                  caption=self.text(spot.get("caption"), self.styles.caption.fontSize)))
            lines.append(spots)
        scale = self._scale(None)
        scene = Scene(self.deck, lines, lang=self.lang, card_width=card_size_points(self.deck)[0] * scale,
                      caption_style=self.styles.caption, tint=self.styles.palette.tint, line=self.styles.palette.line)
        scene.spaceBefore, scene.spaceAfter = 1.2 * mm, 2.4 * mm
        return scene

    def _flow(self, elem: ET.Element) -> Flowable:
        """A turn as a column of boxes joined by arrows (the quick reference)."""
        s = self.styles
        rows: list[list[Any]] = []
        arrow = s.caption.clone("arrow", fontSize=s.body.fontSize * 1.1, leading=s.body.fontSize * 1.2,
                                textColor=s.palette.accent)
        for i, step in enumerate(elem):
            if i:
                rows.append([Paragraph("\u25bc", arrow)])
            rows.append([self.para(step, s.cell)])
        style = [("FONTNAME", (0, 0), (-1, -1), s.font.regular),
                 ("LEFTPADDING", (0, 0), (-1, -1), 5), ("RIGHTPADDING", (0, 0), (-1, -1), 5),
                 ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
        for r in range(0, len(rows), 2):
            style += [("BOX", (0, r), (0, r), 0.8, colors.HexColor(s.palette.accent)),
                      ("BACKGROUND", (0, r), (0, r), colors.HexColor(s.palette.tint))]
        for r in range(1, len(rows), 2):
            style += [("TOPPADDING", (0, r), (0, r), 0), ("BOTTOMPADDING", (0, r), (0, r), 0)]
        return keep_together([Table(rows, colWidths=[self._frame_width() * 0.62], hAlign="LEFT", style=TableStyle(style))])

    def _tinted(self, flowables: list[Any], head: int | None = None) -> list[Any]:
        """Flowables on a tinted background with inner padding.  The first ``head`` flowables
        (all when ``None``) are kept on one page together with the start of the background, so
        a block never leaves a sliver of tint at the foot of a page."""
        pad = 3.2 * mm
        tint = colors.HexColor(self.styles.palette.tint)
        opening = [FrameBG(color=tint, start=True, strokeWidth=0), Spacer(1, pad * 0.7), Indenter(pad, pad)]
        closing = [Indenter(-pad, -pad), Spacer(1, pad * 0.7), FrameBG(start=False), Spacer(1, 2.2 * mm)]
        if head is None or head >= len(flowables):
            return [keep_together(opening + flowables + closing)]
        # the closing padding travels with the last flowable: no empty tint atop a page
        return [keep_together(opening + flowables[:head]), *flowables[head:-1],
                keep_together([flowables[-1], *closing])]

    def _example(self, elem: ET.Element) -> list[Any]:
        """A tinted block, kept on one page when short (``KEEP_WHOLE``); a long one may continue
        on the next page but never leaves its title, setup and first picture behind."""
        content = self._example_content(elem)
        if self._height(content) <= KEEP_WHOLE * self._frame_height():
            whole = self._tinted(content)[0]
            if self.fixed_scale is not None:  # one card size throughout: never shrunk
                return [whole]

            def smaller(i: int) -> list[Any] | None:
                return self._tinted(self._example_content(elem, EXAMPLE_ZOOMS[i]))[0]._content if i < len(EXAMPLE_ZOOMS) else None

            return [FitOrMove(whole._content, smaller)]
        head = 1  # through the first figure and the figures right after it (a "before" picture)
        while head < len(content) and not isinstance(content[head - 1], CardStrip):
            head += 1
        while head < len(content) and isinstance(content[head], CardStrip):
            head += 1
        return self._tinted(content, head)

    def _example_content(self, elem: ET.Element, zoom: float = 1.0) -> list[Any]:
        """An example's title and blocks, its card pictures at ``zoom`` times their size."""
        s = self.styles
        self._picture_zoom = zoom
        try:
            title = Paragraph(self.text(elem.get("title"), s.example_title.fontSize), s.example_title)
            return self._grid([title, *self.blocks(elem)])
        finally:
            self._picture_zoom = 1.0

    def _grid(self, flowables: list[Any], columns: int = 2, least: int = 3) -> list[Any]:
        """Runs of ``least`` or more labelled card strips (Rows' four rows) set two to a line,
        so that an example with its pictures and its result fits on one page."""
        out: list[Any] = []
        run: list[CardStrip] = []

        def flush() -> None:
            if len(run) < least or max(len(strip.cards) for strip in run) > 3:  # a long row needs the full width
                out.extend(run)
            else:
                width = (self._frame_width() - 6.4 * mm) / columns
                for strip in run:
                    strip.label_width = min(strip.label_width, 13.5 * mm)
                    strip.hAlign = "LEFT"
                cells = [run[i:i + columns] + [""] * (columns - len(run[i:i + columns]))
                         for i in range(0, len(run), columns)]
                grid = Table(cells, colWidths=[width] * columns, hAlign="LEFT",
                             style=TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                               ("FONTNAME", (0, 0), (-1, -1), self.styles.font.regular),
                                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                               ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                               ("TOPPADDING", (0, 0), (-1, -1), 0),
                                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
                grid.spaceBefore, grid.spaceAfter = 1.2 * mm, 1.6 * mm
                out.append(grid)
            run.clear()

        for f in flowables:
            if isinstance(f, CardStrip) and f.label:
                run.append(f)
            else:
                flush()
                out.append(f)
        flush()
        return out

    def _height(self, flowables: list[Any]) -> float:
        """The height the flowables take in the frame (inside a tinted block's padding)."""
        width = self._frame_width() - 6.4 * mm
        return sum(f.wrap(width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables)

    def _frame_height(self) -> float:
        page = self.styles.page
        return (page.height_mm - page.margin_top_mm - page.margin_bottom_mm) * mm


def story_builder(markup: Markup, deck: Deck, styles: Styles) -> StoryBuilder:
    """A parsed book walked into flowables: its ``cover``, ``body`` and ``back`` (back cover)."""
    builder = StoryBuilder(markup, deck, styles, markup.root.get("lang"))
    builder.build()
    return builder


def build_story(markup: Markup, deck: Deck, styles: Styles) -> tuple[list[Any], list[Any]]:
    """The cover flowables and the body flowables of a parsed book."""
    builder = story_builder(markup, deck, styles)
    return builder.cover, builder.body
