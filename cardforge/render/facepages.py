"""Card faces one per page, at trim + bleed, with TrimBox and BleedBox on every page.

The print-on-demand PDFs are such documents, and the PNG and Tabletop Simulator images are
rasterised from them, so every output shows the very same drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Union

from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.render.faces import OwnBack, card_size_points, draw_back, draw_card, own_back
from cardforge.render.pdf import MM, new_canvas, pdf_bytes, set_print_boxes

__all__ = ["Face", "BACK", "OwnBack", "face_name", "faces_pdf", "unique_faces", "physical_cards", "back_of", "own_backs",
           "draw_face"]

#: A face to print: a card's front, ``BACK`` (``None``) for the deck's card back, or the
#: ``OwnBack`` of a card whose row names its own back.
Face = Union[Card, OwnBack, None]
BACK: Face = None

Progress = Callable[[int], None]


def physical_cards(deck: Deck) -> list[Card]:
    """Every physical card of the deck (its rows, ``deck.rows``), duplicates included (optional
    families too)."""
    return [row.card for row in deck.rows() for _ in range(row.count)]


def unique_faces(deck: Deck) -> list[Card]:
    """Each distinct card front once, in deck order."""
    return [row.card for row in deck.rows()]


def back_of(deck: Deck, card: Card) -> Face:
    """The back printed behind ``card``: its own (``OwnBack``) if its row names one, else ``BACK``."""
    return OwnBack(card) if own_back(deck, card) is not None else BACK


def own_backs(deck: Deck) -> list[Face]:
    """Each card's own back once, in deck order (none for a deck whose cards share its back)."""
    return [OwnBack(row.card) for row in deck.rows() if row.back is not None]


def face_name(face: Face) -> str:
    """File-name stem of a face: ``R7``, ``joker``, ``back``, ``back-CARD3`` (a card's own back)."""
    return "back" if face is None else face.code


def draw_face(canv: object, deck: Deck, face: Face, *, lang: str, cmyk: bool = False) -> None:
    """Draw ``face`` with its bleed, its lower-left trim corner at the origin."""
    if isinstance(face, OwnBack):
        draw_back(canv, deck, lang=lang, bleed=True, cmyk=cmyk, card=face.card)
    elif face is None:
        draw_back(canv, deck, lang=lang, bleed=True, cmyk=cmyk)
    else:
        draw_card(canv, deck, face, lang=lang, bleed=True, cmyk=cmyk)


def faces_pdf(deck: Deck, faces: Iterable[Face], *, lang: str = "en", cmyk: bool = False,
              progress: Progress | None = None, bleed_mm: float | None = None,
              trim_mm: tuple[float, float] | None = None) -> bytes:
    """A PDF with one face per page, page = trim + bleed, TrimBox/BleedBox set (``bleed_mm``: a
    vendor's bleed, no more than the deck's, instead of the deck's own; ``trim_mm``: a vendor's
    trim, within a millimetre of the deck's, the card drawn scaled to it)."""
    dw, dh = card_size_points(deck)
    tw, th = (trim_mm[0] * MM, trim_mm[1] * MM) if trim_mm else (dw, dh)
    b = (deck.card.bleed_mm if bleed_mm is None else min(bleed_mm, deck.card.bleed_mm)) * MM
    w, h = tw + 2 * b, th + 2 * b
    canv = new_canvas((w, h), title=f"{deck.title(lang)} — cards", subject=deck.id, cmyk=cmyk)
    for face in faces:
        set_print_boxes(canv, trim=(b, b, w - b, h - b), bleed=(0, 0, w, h))
        canv.translate(b, b)
        if abs(tw - dw) > 1e-6 or abs(th - dh) > 1e-6:
            canv.scale(tw / dw, th / dh)
        draw_face(canv, deck, face, lang=lang, cmyk=cmyk)
        canv.showPage()
        if progress:
            progress(1)
    return pdf_bytes(canv)
