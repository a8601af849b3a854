"""Print-on-demand profiles: the vendors' products (card sizes, bleed, pixel sizes, colour).

Each profile lists its vendor's card products; a deck is sent as the product whose trim
matches the deck's card (within ``MATCH_MM`` on each side, either way up: a landscape deck is a
poker product turned).  A deck no product fits is refused for that profile in one line
(``ProfileRefused``) and the other profiles are still written.

=================  ========================================================================
profile            what the vendor gets
=================  ========================================================================
thegamecrafter     one PNG per distinct face at the product's pixel size (300 DPI, 1/8" bleed:
                   poker 825×1125, bridge 750×1125, mini 600×825, tarot 900×1500,
                   square 1125×1125, small square 825×825), RGB
makeplayingcards   one PNG per distinct face (300 DPI, 36 px bleed: poker 822×1122, bridge
                   747×1122, mini 597×822, tarot 897×1497, square 2.5" 822×822, 2.75" 897×897,
                   3.5" 1122×1122), RGB
drivethrucards     one PDF/X-1a:2003 (CMYK only, SWOP), page per face at trim + 1/8" bleed, back 1,
                   front 1, back 2, … (poker, bridge, mini, tarot, square 2.5"/3.5"); art
                   converted to CMYK with an ICC profile, total ink ≤ 240 %, black overprints
printninja         one PDF, page per face at trim + 1/8" bleed, front 1, back 1, … (poker,
                   bridge, mini, tarot, every square size), RGB
home-a4            the home sheets on A4 (3×3 poker cards, crop marks, mirrored backs)
home-letter        the home sheets on Letter (8 poker cards turned, so the marks print)
=================  ========================================================================

A PNG is the deck's 300-DPI face (trim + its own bleed) cut to the vendor's bleed and resampled to
the product's exact pixels (under 1 % on any side: the trims match within ``MATCH_MM``), so the
whole card is there: nothing is cut from the centre.  A PDF page is the product's trim plus the
vendor's bleed, the card scaled to it in the same way.  Every PDF page of a one-face-per-page
profile carries a TrimBox and a BleedBox; CMYK profiles draw every colour in DeviceCMYK, black text
and lines in 100 % K.  Fonts are embedded everywhere.  A ``pdfx`` profile is then re-written as
PDF/X-1a by ``render.prepress`` (Ghostscript).

The products are the vendors' published templates (300 DPI); a vendor that changes one is a
line in ``PROFILES``.  What each figure rests on (checked December 2026; the vendors' own
template pages were not all reachable, so each line says how far it is confirmed):

- DriveThruCards: PDF/X-1a:2003, US Web Coated (SWOP) v2, 1/8" bleed built into the PDF ("for
  the U.S. Poker-sized cards (2.5" x 3.5") your final layout size should be 2.75" x 3.75""):
  confirmed by the vendor, OneBookShelf's "Common Card Prep Issues & Solutions"
  (onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607).  Its product list
  (bridge, mini, tarot, squares) is not confirmed there.
- The Game Crafter poker 825×1125 px (2.5×3.5" with 1/8" bleed at 300 DPI): confirmed second-hand,
  Squib's "Sane Defaults" (github.com/andymeneely/squib/wiki/Sane-Defaults) names it "TheGameCrafter's
  Poker Deck template"; the 1/8" bleed outside the cut line is said by The Game Crafter's forum
  (community.thegamecrafter.com/forums/game-design/chit-layout2).  Bridge 750×1125, mini 600×825
  and tarot 900×1500 are the same 1/8"-bleed arithmetic and agree with public tools that upload
  to The Game Crafter, but no vendor page confirming them was found.
- MakePlayingCards poker 822×1122 px (36 px bleed a side): agrees with public tools built for
  it; its own page (makeplayingcards.com/faq-photo.aspx) was not reachable: not confirmed.
- PrintNinja: 1/8" bleed and the product list are the common trade values; no PrintNinja page
  was found: not confirmed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from cardforge.atomic import atomic_write_bytes
from cardforge.deck import Deck
from cardforge.errors import UsageError
from cardforge.i18n import text
from cardforge.render.facepages import Face, back_of, faces_pdf, physical_cards

__all__ = ["Profile", "Product", "Fit", "PROFILES", "ProfileRefused", "get_profile", "product_for", "refused", "render_profile",
           "MATCH_MM"]


INCH = 25.4
#: a deck's trim matches a product's if each side is within this many mm
MATCH_MM = 1.0


@dataclass(frozen=True)
class Product:
    """One card product of a vendor: its trim (inches, portrait), bleed per side and file pixels."""

    name: str
    trim_in: tuple[float, float]
    bleed_in: float
    size_px: tuple[int, int] | None = None  # png profiles: the exact file size at 300 DPI, portrait

    @property
    def trim_mm(self) -> tuple[float, float]:
        return (self.trim_in[0] * INCH, self.trim_in[1] * INCH)

    def shown(self) -> str:
        w, h = self.trim_in
        return f"{self.name} {w:g}×{h:g}″"


@dataclass(frozen=True)
class Profile:
    name: str
    vendor: str
    kind: Literal["png", "pdf", "sheets"]
    products: tuple[Product, ...] = ()
    order: Literal["front-back", "back-front"] = "front-back"  # pdf: page order per card
    cmyk: bool = False
    pdfx: bool = False                         # pdf: PDF/X-1a:2003 (needs Ghostscript)
    paper: str | None = None                   # sheets


class ProfileRefused(UsageError):
    """A profile none of whose products takes this deck's card size (said in one line)."""


@dataclass(frozen=True)
class Fit:
    """The product a deck is sent as, in the deck's orientation."""

    product: Product
    turned: bool  # the deck is the product turned (a landscape deck on a portrait product)
    size_px: tuple[int, int] | None  # png: the file's pixels, the deck's way up
    bleed_mm: float
    trim_mm: tuple[float, float]  # the product's trim, the deck's way up


def _px(trim_in: tuple[float, float], bleed_px: float) -> tuple[int, int]:
    return (round(trim_in[0] * 300 + 2 * bleed_px), round(trim_in[1] * 300 + 2 * bleed_px))


def _products(bleed_px: float, bleed_in: float, sizes: dict[str, tuple[float, float]], png: bool) -> tuple[Product, ...]:
    return tuple(Product(name, trim, bleed_in, _px(trim, bleed_px) if png else None) for name, trim in sizes.items())


_POKER, _BRIDGE, _MINI, _TAROT = (2.5, 3.5), (2.25, 3.5), (1.75, 2.5), (2.75, 4.75)
#: the pixels are trim × 300 + 2 × bleed: 37.5 px = 1/8" (TGC, DriveThruCards, PrintNinja), 36 px = MPC's
#: 0.12"; how far each vendor's figures are confirmed: the module's docstring
PROFILES: dict[str, Profile] = {p.name: p for p in (
    Profile("thegamecrafter", "The Game Crafter", "png", _products(37.5, 0.125, {
        "poker": _POKER, "bridge": _BRIDGE, "mini": _MINI, "tarot": (2.75, 4.75), "square": (3.5, 3.5),
        "small square": (2.5, 2.5)}, True)),
    Profile("makeplayingcards", "MakePlayingCards", "png", _products(36, 0.12, {
        "poker": _POKER, "bridge": _BRIDGE, "mini": _MINI, "tarot": _TAROT, "square 2.5″": (2.5, 2.5),
        "square 2.75″": (2.75, 2.75), "square 3.5″": (3.5, 3.5)}, True)),
    Profile("drivethrucards", "DriveThruCards", "pdf", _products(37.5, 0.125, {
        "poker": _POKER, "bridge": _BRIDGE, "mini": _MINI, "tarot": _TAROT, "square 2.5″": (2.5, 2.5),
        "square 3.5″": (3.5, 3.5)}, False), order="back-front", cmyk=True, pdfx=True),
    Profile("printninja", "PrintNinja", "pdf", _products(37.5, 0.125, {
        "poker": _POKER, "bridge": _BRIDGE, "mini": _MINI, "tarot": _TAROT, "square 2.5″": (2.5, 2.5),
        "square 2.75″": (2.75, 2.75), "square 3.5″": (3.5, 3.5)}, False), order="front-back"),
    Profile("home-a4", "home printer, A4", "sheets", paper="a4"),
    Profile("home-letter", "home printer, Letter", "sheets", paper="letter"),
)}


def product_for(deck: Deck, profile: Profile) -> Fit | None:
    """The product of ``profile`` that takes ``deck``'s card (``None``: home sheets take any);
    ``ProfileRefused`` in one line if none does, or if the deck has less bleed than it needs."""
    if profile.kind == "sheets":
        return None
    w, h = deck.card.width_mm, deck.card.height_mm
    for product in profile.products:
        pw, ph = product.trim_mm
        for turned, (a, b) in ((False, (pw, ph)), (True, (ph, pw))):
            if abs(a - w) <= MATCH_MM and abs(b - h) <= MATCH_MM:
                need = product.bleed_in * INCH
                if deck.card.bleed_mm + 0.05 < need:
                    raise ProfileRefused(text("pod.bleed", vendor=profile.vendor, profile=profile.name, need=f"{need:.3f}",
                                              product=product.shown(), deck=deck.id, have=f"{deck.card.bleed_mm:g}"))
                size = product.size_px
                if size is not None and turned:
                    size = (size[1], size[0])
                return Fit(product, turned, size, need, (a, b))
    raise ProfileRefused(text("pod.no_product", vendor=profile.vendor, profile=profile.name, w=f"{w:g}", h=f"{h:g}",
                              size=deck.card.name, products=", ".join(p.shown() for p in profile.products), deck=deck.id))


def refused(exc: ProfileRefused) -> None:
    """Say in one line on stderr that a profile was not written, and why (the others are)."""
    import sys

    sys.stderr.write(text("pod.skipped", reason=str(exc)) + "\n")


_ALIASES = {"tgc": "thegamecrafter", "mpc": "makeplayingcards", "dtc": "drivethrucards", "pn": "printninja"}


def png_variant_for(deck: Deck, profile: Profile) -> Any:
    """The face-cache image a PNG profile sends for ``deck`` (``ProfileRefused`` if none fits):
    the deck's bitmap cut to the vendor's bleed and resampled to the product's pixels."""
    from cardforge.render.png import fitted_variant

    fit = product_for(deck, profile)
    assert fit is not None and fit.size_px is not None
    return fitted_variant(deck, fit.size_px, fit.bleed_mm)


def get_profile(name: str) -> Profile:
    """A profile by name or short alias (tgc, mpc, dtc, pn); a clear error otherwise."""
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in PROFILES:
        from cardforge.cards import nearest

        guess = nearest(name, list(PROFILES))
        from cardforge.i18n import Message, refusal

        hint = Message("error.card.hint", suggestion=repr(guess)) if guess else ""
        raise refusal(UsageError, "error.render.profile_unknown", name=repr(name), profiles=", ".join(PROFILES), hint=hint)
    return PROFILES[key]


def _interleaved(deck: Deck, order: str) -> list[Face]:
    faces: list[Face] = []
    for card in physical_cards(deck):
        back = back_of(deck, card)  # a card's own back, else the deck's
        faces += [back, card] if order == "back-front" else [card, back]
    return faces


def render_profile(deck: Deck, profile: Profile, folder: Path, *, lang: str = "en", gutter_mm: float = 0.0,
                   back_offset: tuple[float, float] = (0.0, 0.0), progress: Callable[[int], None] | None = None,
                   cache: Any = None, digests: Any = None, same_sheets: Path | None = None) -> list[Path]:
    """Write ``deck`` for ``profile`` into ``folder``; return the paths written.

    ``cache``/``digests``: the face cache holding this deck's faces (PNG profiles link to it);
    ``same_sheets``: the home sheets just written with this profile's paper and options, which a
    home profile links instead of drawing them again.
    """
    stem = f"{deck.id}-{profile.name}-{lang}"
    fit = product_for(deck, profile)
    if profile.kind == "png":
        from cardforge.render.png import card_pngs

        return card_pngs(deck, folder / stem, lang=lang, variant=png_variant_for(deck, profile), progress=progress,
                         cache=cache, digests=digests)
    path = folder / f"{stem}.pdf"
    if profile.kind == "sheets":
        if same_sheets is not None:
            from cardforge.atomic import atomic_copy

            atomic_copy(same_sheets, path)
            if progress:
                progress(len(physical_cards(deck)))
            return [path]
        from cardforge.render.sheets import sheets_pdf

        data = sheets_pdf(deck, physical_cards(deck), paper=profile.paper or "a4", lang=lang, gutter_mm=gutter_mm,
                          back_offset=back_offset, progress=progress)
    else:
        data = faces_pdf(deck, _interleaved(deck, profile.order), lang=lang, cmyk=profile.cmyk,
                         progress=(lambda n: progress(n / 2)) if progress else None,
                         bleed_mm=fit.bleed_mm if fit is not None else None,
                         trim_mm=fit.trim_mm if fit is not None else None)
        if profile.pdfx:
            from cardforge.render import prepress

            memo = Path(cache.folder) / f"{stem}.pdfx.json" if cache is not None else None
            try:
                prepress.write_pdfx1a(data, path, title=f"{deck.title(lang)} — cards", memo=memo)
                return [path]
            except prepress.PrepressUnavailable as exc:
                prepress.notice(str(exc), f"the {profile.vendor} PDF")
    atomic_write_bytes(path, data)
    return [path]
