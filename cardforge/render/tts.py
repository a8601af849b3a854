"""Tabletop Simulator deck sheets: grids of up to 10×7 cells, each image ≤ 4096 px a side.

A TTS custom deck reads a grid image whose last cell is the "hidden" face shown for cards in
other players' hands; so each sheet holds at most 69 cards plus the hidden face (we use the
card back).  Every physical card gets its cell (duplicates included), so TTS's "Custom Deck"
import builds the right deck; ``tts.json`` gives each sheet's grid, count and card codes.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path

from cardforge.atomic import atomic_open, atomic_write_text, ensure_dir
from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.render.facepages import BACK, face_name, faces_pdf, physical_cards
from cardforge.render.faces import card_size_points
from cardforge.render.raster import rasterise

__all__ = ["MAX_COLS", "MAX_ROWS", "MAX_PX", "tts_cell_size", "tts_export"]

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096


def tts_cell_size(deck: Deck) -> tuple[int, int]:
    """The largest cell (trim aspect ratio) such that a full 10×7 sheet stays within 4096 px."""
    w, h = card_size_points(deck)
    cell_w = min(MAX_PX // MAX_COLS, math.floor(MAX_PX // MAX_ROWS * w / h))
    return cell_w, min(round(cell_w * h / w), MAX_PX // MAX_ROWS)


def _save_png(image, path: Path) -> Path:
    with atomic_open(path) as handle:
        image.save(handle, "PNG", compress_level=3)
    return path


def tts_export(deck: Deck, folder: Path, *, lang: str = "en", cards: Sequence[Card] | None = None,
               progress: Callable[[int], None] | None = None) -> list[Path]:
    """Write ``sheet-N.png`` grids, ``back.png`` and ``tts.json`` into ``folder``.

    ``cards`` are the physical cards to lay out (default: the whole deck, duplicates included).
    """
    from PIL import Image

    ensure_dir(folder)
    cell = tts_cell_size(deck)
    cards = list(cards) if cards is not None else physical_cards(deck)
    faces = [*dict.fromkeys(cards), BACK]
    images = dict(zip(map(face_name, faces),
                      rasterise(faces_pdf(deck, faces, lang=lang), size=cell, visible=card_size_points(deck), progress=progress)))
    per_sheet = MAX_COLS * MAX_ROWS - 1
    written, sheets = [], []
    for number, start in enumerate(range(0, len(cards), per_sheet), 1):
        chunk = cards[start : start + per_sheet]
        cols = min(MAX_COLS, len(chunk) + 1)
        rows = math.ceil((len(chunk) + 1) / cols)
        sheet = Image.new("RGB", (cols * cell[0], rows * cell[1]), "white")
        for i, card in enumerate(chunk):
            r, c = divmod(i, cols)
            sheet.paste(images[face_name(card)], (c * cell[0], r * cell[1]))
        sheet.paste(images["back"], ((cols - 1) * cell[0], (rows - 1) * cell[1]))  # the hidden card
        name = f"sheet-{number}.png"
        written.append(_save_png(sheet, folder / name))
        sheets.append({"file": name, "columns": cols, "rows": rows, "cards": len(chunk),
                       "codes": [c.code for c in chunk]})
    written.append(_save_png(images["back"], folder / "back.png"))
    manifest = {"deck": deck.id, "title": deck.title(lang), "cell_px": list(cell), "back": "back.png", "sheets": sheets}
    path = folder / "tts.json"
    atomic_write_text(path, json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    return [*written, path]
