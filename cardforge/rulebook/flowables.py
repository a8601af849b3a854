"""Platypus flowables of the rulebook that reportlab does not have: cards drawn by the renderer.

``CardStrip`` lays out cards in a row (wrapping onto more rows when the frame is narrow), each
drawn by ``cardforge.render.faces.draw_card`` — the very code that prints the deck — scaled
down, with an optional caption under each card and a mark on it:

- ``win``: the card that wins (a highlight frame);
- ``cancel``: a card removed by an annulation or a rule (greyed, crossed);
- ``take``: a card a player captures (a dashed frame);
- ``zero``: a card that scores nothing (a dotted grey frame with a 0 badge);
- ``-``: no mark.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.platypus import Flowable, Paragraph

from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.render.faces import card_size_points, draw_card

__all__ = ["MARKS", "CardStrip", "Scene", "Spot"]

MARKS = ("win", "cancel", "take", "zero", "-")


class CardStrip(Flowable):
    """A row of card illustrations, optionally labelled on the left and captioned below."""

    def __init__(self, deck: Deck, cards: Sequence[Card], *, lang: str, card_width: float, gap: float,
                 captions: Sequence[str] = (), marks: Sequence[str] = (), label: str = "",
                 label_width: float = 0.0, caption_style: Any = None, label_style: Any = None,
                 highlight: str = "#F4B400"):
        super().__init__()
        self.deck, self.cards, self.lang = deck, list(cards), lang
        width, height = card_size_points(deck)
        self.scale = card_width / width
        self.card_w, self.card_h = card_width, height * self.scale
        self.gap = gap
        self.captions = list(captions) + [""] * (len(self.cards) - len(captions))
        self.marks = list(marks) + ["-"] * (len(self.cards) - len(marks))
        self.label, self.label_width = label, (label_width if label else 0.0)
        self.caption_style, self.label_style = caption_style, label_style
        self.highlight = highlight
        self._caption_h = self._line_h = 0.0
        self._per_row = max(1, len(self.cards))

    # -- layout ---------------------------------------------------------------------

    def _caption_height(self, width: float) -> float:
        if not any(self.captions) or self.caption_style is None:
            return 0.0
        tallest = max(Paragraph(c, self.caption_style).wrap(width, 1000)[1] for c in self.captions if c)
        return tallest + 2

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        usable = max(self.card_w, avail_width - self.label_width)
        self._per_row = max(1, min(len(self.cards), int((usable + self.gap) // (self.card_w + self.gap))))
        rows = math.ceil(len(self.cards) / self._per_row)
        self._caption_h = self._caption_height(self.card_w + self.gap * 0.8)
        self._line_h = self.card_h + self._caption_h
        self.width = self.label_width + self._per_row * self.card_w + (self._per_row - 1) * self.gap
        self.height = rows * self._line_h + (rows - 1) * self.gap
        return self.width, self.height

    # -- drawing --------------------------------------------------------------------

    def draw(self) -> None:
        canv = self.canv
        if getattr(canv, "rulebook_draft", False):  # a layout pass whose PDF is thrown away
            return
        if self.label and self.label_style is not None:
            para = Paragraph(self.label, self.label_style)
            _, h = para.wrap(self.label_width - 4, self.card_h)
            para.drawOn(canv, 0, self.height - self.card_h / 2 - h / 2)
        for index, card in enumerate(self.cards):
            row, col = divmod(index, self._per_row)
            x = self.label_width + col * (self.card_w + self.gap)
            y = self.height - row * (self._line_h + self.gap) - self.card_h
            self._draw_card(card, x, y, self.marks[index])
            caption = self.captions[index]
            if caption and self.caption_style is not None:
                para = Paragraph(caption, self.caption_style)
                w, h = para.wrap(self.card_w + self.gap * 0.8, self._caption_h)
                para.drawOn(canv, x - self.gap * 0.4, y - 2 - h)

    def _draw_card(self, card: Card, x: float, y: float, mark: str) -> None:
        canv = self.canv
        canv.saveState()
        canv.translate(x, y)
        canv.scale(self.scale, self.scale)
        draw_card(canv, self.deck, card, lang=self.lang)
        canv.restoreState()
        w, h = self.card_w, self.card_h
        radius = self.deck.card.corner_radius_mm * 72 / 25.4 * self.scale
        canv.saveState()
        if mark == "cancel":
            canv.setFillColor(colors.Color(1, 1, 1, alpha=0.55))
            canv.roundRect(x, y, w, h, radius, stroke=0, fill=1)
            canv.setStrokeColor(colors.HexColor("#C62828"))
            canv.setLineWidth(1.6)
            inset = w * 0.14
            canv.line(x + inset, y + inset, x + w - inset, y + h - inset)
            canv.line(x + inset, y + h - inset, x + w - inset, y + inset)
        elif mark == "win":
            canv.setStrokeColor(colors.HexColor(self.highlight))
            canv.setLineWidth(2.4)
            canv.roundRect(x - 1.6, y - 1.6, w + 3.2, h + 3.2, radius + 1.6, stroke=1, fill=0)
        elif mark == "take":
            canv.setStrokeColor(colors.HexColor("#1F63C6"))
            canv.setLineWidth(1.4)
            canv.setDash(2.5, 1.8)
            canv.roundRect(x - 1.4, y - 1.4, w + 2.8, h + 2.8, radius + 1.4, stroke=1, fill=0)
        elif mark == "zero":
            canv.setStrokeColor(colors.HexColor("#6B6B6B"))
            canv.setLineWidth(1.2)
            canv.setDash(0.8, 1.6)
            canv.roundRect(x - 1.4, y - 1.4, w + 2.8, h + 2.8, radius + 1.4, stroke=1, fill=0)
            canv.setDash()
            r = min(w, h) * 0.16
            canv.setFillColor(colors.HexColor("#6B6B6B"))
            canv.circle(x + w, y + h, r, stroke=0, fill=1)
            canv.setFillColor(colors.white)
            canv.setFont(self.caption_style.fontName if self.caption_style else "Helvetica-Bold", r * 1.3)
            canv.drawCentredString(x + w, y + h - r * 0.45, "0")
        canv.restoreState()


@dataclass(frozen=True)
class Spot:
    """One place on the table: a pile of ``backs`` card backs and/or face-up ``cards`` (side by
    side, or overlapping when ``fan``), with a caption under it."""

    cards: Sequence[Card] = ()
    backs: int = 0
    fan: bool = False
    caption: str = ""


class Scene(Flowable):
    """The table seen from above (the setup picture): lines of spots on a tinted cloth, every
    card drawn by the card renderer at the book's one card size."""

    PAD = 6.0
    GAP = 8.0

    def __init__(self, deck: Deck, lines: Sequence[Sequence[Spot]], *, lang: str, card_width: float,
                 caption_style: Any, tint: str, line: str):
        super().__init__()
        self.deck, self.lines, self.lang = deck, [list(ln) for ln in lines], lang
        width, height = card_size_points(deck)
        self.scale = card_width / width
        self.card_w, self.card_h = card_width, height * self.scale
        self.caption_style, self.tint, self.line_colour = caption_style, tint, line

    def _spot_width(self, spot: Spot) -> float:
        step = self.card_w * (0.38 if spot.fan else 1.08)
        faces = len(spot.cards)
        width = self.card_w + (faces - 1) * step if faces else 0.0
        if spot.backs and spot.fan and not faces:  # face-down cards laid side by side
            width = spot.backs * self.card_w + (spot.backs - 1) * self.card_w * 0.08
        elif spot.backs:
            width += self.card_w + min(spot.backs, 4) * 1.2 + (4 if faces else 0)
        return max(width, self.card_w)

    def _caption_h(self) -> float:
        return self.caption_style.leading * 3 + 2

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        self.height = len(self.lines) * (self.card_h + self._caption_h() + self.GAP) - self.GAP + 2 * self.PAD
        return self.width, self.height

    def draw(self) -> None:
        canv = self.canv
        canv.saveState()
        canv.setFillColor(colors.HexColor(self.tint))
        canv.setStrokeColor(colors.HexColor(self.line_colour))
        canv.roundRect(0, 0, self.width, self.height, 6, stroke=1, fill=1)
        canv.restoreState()
        if getattr(canv, "rulebook_draft", False):
            return
        y = self.height - self.PAD - self.card_h
        for spots in self.lines:
            widths = [self._spot_width(s) for s in spots]
            gap = max(4.0, (self.width - 2 * self.PAD - sum(widths)) / (len(spots) + 1))
            x = self.PAD + gap
            for spot, w in zip(spots, widths):
                self._draw_spot(spot, x, y, w)
                x += w + gap
            y -= self.card_h + self._caption_h() + self.GAP

    def _draw_spot(self, spot: Spot, x: float, y: float, width: float) -> None:
        from cardforge.render.faces import draw_back

        canv = self.canv
        cx = x
        side_by_side = spot.fan and not spot.cards
        for i in range(spot.backs if side_by_side else min(spot.backs, 4)):  # a pile: backs slightly offset
            canv.saveState()
            canv.translate(cx + i * self.card_w * 1.08, y) if side_by_side else canv.translate(cx + i * 1.2, y + i * 1.2)
            canv.scale(self.scale, self.scale)
            draw_back(canv, self.deck, lang=self.lang)
            canv.restoreState()
        if spot.backs and not side_by_side:
            cx += self.card_w + min(spot.backs, 4) * 1.2 + 4
        step = self.card_w * (0.38 if spot.fan else 1.08)
        for i, card in enumerate(spot.cards):
            canv.saveState()
            canv.translate(cx + i * step, y)
            canv.scale(self.scale, self.scale)
            draw_card(canv, self.deck, card, lang=self.lang)
            canv.restoreState()
        if spot.caption:
            para = Paragraph(spot.caption, self.caption_style)
            w, h = para.wrap(max(width, self.card_w * 1.6), self._caption_h())
            para.drawOn(canv, x + width / 2 - w / 2, y - 2 - h)
