"""Per-card PNG images at 300 DPI with bleed, and a contact sheet of the whole deck.

The images are rasterised from the very page the print shop gets (``facepages``), so the PNG and
the PDF cannot drift apart.  Each distinct face is written once (``R7.png``, ``joker.png``,
``back.png``) and ``counts.csv`` says how many copies of each the deck holds.  The pixels come
from the face cache (``facecache``): a face already rasterised for another language, deck or
profile is linked, not drawn again; a vendor's smaller size is the centre of the same bitmap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from cardforge.atomic import atomic_write_text, ensure_dir
from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.render.facecache import DPI, FULL, FaceCache, Variant, prepare, scratch_cache
from cardforge.render.facepages import BACK, Face, OwnBack, face_name, own_backs, unique_faces
from cardforge.render.faces import card_size_points

__all__ = ["DPI", "png_size", "png_variant", "fitted_variant", "contact_variant", "card_pngs", "write_counts", "contact_sheet",
           "deck_faces"]

CONTACT_CELL_PX = 180  # contact-sheet thumbnail width


def png_size(deck: Deck, dpi: int = DPI) -> tuple[int, int]:
    """Pixel size of a card with its bleed at ``dpi`` (825×1125 for a poker card with 1/8" bleed)."""
    w, h = card_size_points(deck, bleed=True)
    return round(w / 72 * dpi), round(h / 72 * dpi)


def deck_faces(deck: Deck) -> list[Face]:
    """Every distinct face of the deck: its fronts in deck order, the back, then the cards' own backs."""
    return [*unique_faces(deck), BACK, *own_backs(deck)]


def png_variant(deck: Deck, size: tuple[int, int] | None) -> Variant:
    """The face-cache image for a PNG of ``size`` px: the whole bitmap, or its centre."""
    full = png_size(deck)
    size = size or full
    if size[0] > full[0] or size[1] > full[1]:
        from cardforge.errors import UsageError
        from cardforge.i18n import refusal

        raise refusal(UsageError, "error.render.png_size", width=size[0], height=size[1], game=deck.id,
                      full_width=full[0], full_height=full[1], dpi=DPI)
    return FULL if size == full else Variant("crop", size)


def fitted_variant(deck: Deck, size: tuple[int, int], bleed_mm: float) -> Variant:
    """The face-cache image of a vendor's ``size`` px with ``bleed_mm`` of bleed: the deck's bitmap
    cut to that bleed and, if its trim differs a little from the product's, resampled to ``size``."""
    full = png_size(deck)
    own = deck.card.bleed_mm * DPI / 25.4
    want = bleed_mm * DPI / 25.4
    source = tuple(min(f, round(f - 2 * own + 2 * want)) for f in full)
    if source == size:
        return FULL if size == full else Variant("crop", size)
    return Variant("fit", size, source)


def contact_variant(deck: Deck) -> Variant:
    """The trim-size thumbnail a contact sheet shows."""
    trim = card_size_points(deck)
    return Variant("thumb", (CONTACT_CELL_PX, round(CONTACT_CELL_PX * trim[1] / trim[0])))


def write_counts(deck: Deck, faces: Sequence[Face], folder: Path) -> Path:
    """``counts.csv``: each PNG file and how many copies of that face the deck holds."""
    counts = deck.all_counts()
    lines = ["file,count"] + [f"{face_name(f)}.png,{counts[f]}" for f in faces if f is not None and not isinstance(f, OwnBack)]
    own = {f.card: counts[f.card] for f in faces if isinstance(f, OwnBack)}
    lines.append(f"back.png,{sum(counts.values()) - sum(own.values())}")
    lines += [f"back-{card.code}.png,{n}" for card, n in own.items()]
    csv = folder / "counts.csv"
    atomic_write_text(csv, "\n".join(lines) + "\n")
    return csv


def card_pngs(deck: Deck, folder: Path, *, lang: str = "en", size: tuple[int, int] | None = None,
              cards: Sequence[Card] | None = None, progress: Callable[[int], None] | None = None,
              cache: FaceCache | None = None, digests: Mapping[str, str] | None = None,
              workers: int = 1, variant: Variant | None = None) -> list[Path]:
    """One PNG per distinct face (fronts and the back) into ``folder``, plus ``counts.csv``.

    ``size`` (pixels at 300 DPI) defaults to the card with its full bleed; a smaller size keeps the
    centre (a vendor asking for less bleed), never scaling the artwork.  ``cards`` limits the
    render to those cards (default: the whole deck).  ``cache``/``digests``: a face cache already
    holding these faces (a build), else faces are rasterised into a scratch cache.  ``variant``
    (a vendor's ``fitted_variant``) replaces ``size``.
    """
    variant = variant or png_variant(deck, size)
    ensure_dir(folder)
    faces = [*dict.fromkeys(cards), BACK, *_own_backs_of(deck, cards)] if cards is not None else deck_faces(deck)
    with scratch_cache(folder.parent, cache) as store:
        if digests is None:
            digests = prepare(deck, faces, lang, store, [variant], workers=workers, progress=progress)
        elif progress:
            progress(len(faces))
        paths = [store.copy(digests[face_name(f)], variant, folder / f"{face_name(f)}.png") for f in faces]
    return [*paths, write_counts(deck, faces, folder)]


def _own_backs_of(deck: Deck, cards: Sequence[Card]) -> list[Face]:
    from cardforge.render.facepages import back_of

    return [b for b in dict.fromkeys(back_of(deck, c) for c in cards) if b is not None]


def contact_sheet(deck: Deck, path: Path, *, lang: str = "en", columns: int = 10, cache: FaceCache | None = None,
                  digests: Mapping[str, str] | None = None, bands: list[str] | None = None) -> Path:
    """A preview PNG of every distinct face and the back, at trim size, on the deck's paper colour
    (``bands``: collects the keys of the cached rows it is made of, see ``render.grid``)."""
    from cardforge.render.colours import hex_to_rgb
    from cardforge.render.grid import write_grid

    faces = deck_faces(deck)
    variant = contact_variant(deck)
    cols = min(columns, len(faces))
    paper = tuple(round(v * 255) for v in hex_to_rgb(deck.style.paper))
    with scratch_cache(path.parent, cache) as store:
        if digests is None:
            digests = prepare(deck, faces, lang, store, [variant])
        cells = [store.path(digests[face_name(face)], variant) for face in faces]
        _path, keys = write_grid(path, [cells[i : i + cols] for i in range(0, len(cells), cols)], variant.size,
                                 cache=store.folder, gap=12, background=paper)
    if bands is not None:
        bands += keys
    return path
