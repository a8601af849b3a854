"""Print-on-demand profiles: the vendors' published file specs, one preset each.

=================  ====================================================================
profile            what the vendor gets
=================  ====================================================================
thegamecrafter     one PNG per distinct face, 825×1125 px (poker + 1/8" bleed), RGB
makeplayingcards   one PNG per distinct face, 822×1122 px, RGB
drivethrucards     one PDF/X-1a:2003 (CMYK only, SWOP intent), page per face at trim +
                   bleed, back 1, front 1, back 2, … (plain CMYK without Ghostscript)
printninja         one PDF, page per face at trim + bleed, front 1, back 1, …, RGB
home-a4            the home sheets on A4 (3×3 poker cards, crop marks, mirrored backs)
home-letter        the home sheets on Letter (8 poker cards turned, so the marks print)
=================  ====================================================================

Every PDF page of a one-face-per-page profile carries a TrimBox and a BleedBox; CMYK profiles
draw every colour in DeviceCMYK (reportlab's ``enforceColorSpace``), black text and lines in
100 % K.  Fonts are embedded everywhere.  A ``pdfx`` profile is then re-written as PDF/X-1a by
``render.prepress`` (Ghostscript).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from cardforge.atomic import atomic_write_bytes
from cardforge.deck import Deck
from cardforge.errors import UsageError
from cardforge.render.facepages import BACK, Face, faces_pdf, physical_cards

__all__ = ["Profile", "PROFILES", "get_profile", "render_profile"]


@dataclass(frozen=True)
class Profile:
    name: str
    vendor: str
    kind: Literal["png", "pdf", "sheets"]
    size_px: tuple[int, int] | None = None     # png: exact pixel size at 300 DPI
    order: Literal["front-back", "back-front"] = "front-back"  # pdf: page order per card
    cmyk: bool = False
    pdfx: bool = False                         # pdf: PDF/X-1a:2003 (needs Ghostscript)
    paper: str | None = None                   # sheets


PROFILES: dict[str, Profile] = {p.name: p for p in (
    Profile("thegamecrafter", "The Game Crafter", "png", size_px=(825, 1125)),
    Profile("makeplayingcards", "MakePlayingCards", "png", size_px=(822, 1122)),
    Profile("drivethrucards", "DriveThruCards", "pdf", order="back-front", cmyk=True, pdfx=True),
    Profile("printninja", "PrintNinja", "pdf", order="front-back"),
    Profile("home-a4", "home printer, A4", "sheets", paper="a4"),
    Profile("home-letter", "home printer, Letter", "sheets", paper="letter"),
)}

_ALIASES = {"tgc": "thegamecrafter", "mpc": "makeplayingcards", "dtc": "drivethrucards", "pn": "printninja"}


def get_profile(name: str) -> Profile:
    """A profile by name or short alias (tgc, mpc, dtc, pn); a clear error otherwise."""
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in PROFILES:
        from cardforge.cards import nearest

        guess = nearest(name, list(PROFILES))
        hint = f"; did you mean {guess!r}?" if guess else ""
        raise UsageError(f"unknown profile {name!r}: expected one of {', '.join(PROFILES)}{hint}")
    return PROFILES[key]


def _interleaved(deck: Deck, order: str) -> list[Face]:
    faces: list[Face] = []
    for card in physical_cards(deck):
        faces += [BACK, card] if order == "back-front" else [card, BACK]
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
    if profile.kind == "png":
        from cardforge.render.png import card_pngs

        return card_pngs(deck, folder / stem, lang=lang, size=profile.size_px, progress=progress, cache=cache,
                         digests=digests)
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
                         progress=(lambda n: progress(n / 2)) if progress else None)
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
