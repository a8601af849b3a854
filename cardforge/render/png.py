"""Per-card PNG images at 300 DPI with bleed, and a contact sheet of the whole deck.

The images are rasterised from the very PDF the print shop gets (``facepages``), so the PNG and
the PDF cannot drift apart.  Each distinct face is written once (``R7.png``, ``joker.png``,
``back.png``) and ``counts.csv`` says how many copies of each the deck holds.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path

from cardforge.atomic import atomic_open, atomic_write_text, ensure_dir
from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.render.facepages import BACK, face_name, faces_pdf, unique_faces
from cardforge.render.faces import card_size_points
from cardforge.render.raster import rasterise, render_pngs

__all__ = ["DPI", "png_size", "card_pngs", "link_pngs", "contact_sheet"]

DPI = 300
CONTACT_CELL_PX = 180  # contact-sheet thumbnail width


def png_size(deck: Deck, dpi: int = DPI) -> tuple[int, int]:
    """Pixel size of a card with its bleed at ``dpi`` (825×1125 for a poker card with 1/8" bleed)."""
    w, h = card_size_points(deck, bleed=True)
    return round(w / 72 * dpi), round(h / 72 * dpi)


def card_pngs(deck: Deck, folder: Path, *, lang: str = "en", size: tuple[int, int] | None = None,
              cards: Sequence[Card] | None = None, progress: Callable[[int], None] | None = None) -> list[Path]:
    """One PNG per distinct face (fronts and the back) into ``folder``, plus ``counts.csv``.

    ``size`` (pixels at 300 DPI) defaults to the card with its full bleed; a smaller size keeps the
    centre (a vendor asking for less bleed), never scaling the artwork.  ``cards`` limits the
    render to those cards (default: the whole deck).
    """
    size = size or png_size(deck)
    full = png_size(deck)
    if size[0] > full[0] or size[1] > full[1]:
        from cardforge.errors import UsageError

        raise UsageError(f"{size[0]}×{size[1]} px is larger than {deck.id}'s card with bleed ({full[0]}×{full[1]} px at {DPI} DPI)")
    ensure_dir(folder)
    faces = [*(dict.fromkeys(cards) if cards is not None else unique_faces(deck)), BACK]
    pdf = faces_pdf(deck, faces, lang=lang)
    paths = [folder / f"{face_name(f)}.png" for f in faces]
    visible = (size[0] / DPI * 72, size[1] / DPI * 72)
    render_pngs(pdf, paths, size=size, visible=visible, dpi=DPI, progress=progress)
    counts = deck.all_counts()
    lines = ["file,count"] + [f"{face_name(f)}.png,{counts[f]}" for f in faces if f is not None]
    lines.append(f"back.png,{sum(counts.values())}")
    csv = folder / "counts.csv"
    atomic_write_text(csv, "\n".join(lines) + "\n")
    return [*paths, csv]


def link_pngs(written: list[Path], folder: Path) -> list[Path]:
    """The same files in another folder, as hard links (copies where links are impossible).

    The Game Crafter's spec is exactly our PNG set: a build that writes both renders once.
    """
    import os
    import shutil

    ensure_dir(folder)
    linked = []
    for source in written:
        target = folder / source.name
        tmp = folder / f".{source.name}.part"
        try:
            os.link(source, tmp)
        except OSError:
            shutil.copyfile(source, tmp)
        os.replace(tmp, target)
        linked.append(target)
    return linked


def contact_sheet(deck: Deck, path: Path, *, lang: str = "en", columns: int = 10) -> Path:
    """A preview PNG of every distinct face and the back, at trim size, on the deck's paper colour."""
    from PIL import Image

    from cardforge.render.colours import hex_to_rgb

    faces = [*unique_faces(deck), BACK]
    trim = card_size_points(deck)
    cell = (CONTACT_CELL_PX, round(CONTACT_CELL_PX * trim[1] / trim[0]))
    images = rasterise(faces_pdf(deck, faces, lang=lang), size=cell, visible=trim)
    gap = 12
    cols = min(columns, len(images))
    rows = math.ceil(len(images) / cols)
    paper = tuple(round(v * 255) for v in hex_to_rgb(deck.style.paper))
    sheet = Image.new("RGB", (cols * (cell[0] + gap) + gap, rows * (cell[1] + gap) + gap), paper)
    for i, image in enumerate(images):
        r, c = divmod(i, cols)
        sheet.paste(image, (gap + c * (cell[0] + gap), gap + r * (cell[1] + gap)))
    with atomic_open(path) as handle:
        sheet.save(handle, "PNG", optimize=False, compress_level=6)
    return path
