"""Tabletop Simulator deck sheets: grids of up to 10×7 cells, each image ≤ 4096 px a side.

A TTS custom deck reads a grid image whose last cell is the "hidden" face shown for cards in
other players' hands; so each sheet holds at most 69 cards plus the hidden face (we use the
card back).  Every physical card gets its cell (duplicates included), so TTS's "Custom Deck"
import builds the right deck; ``tts.json`` gives each sheet's grid, count and card codes.  A sheet
holding a card with its own back (``deck.rows``: its row's ``back``) comes with a grid of backs,
``sheet-N-backs.png``, cell for cell (TTS's "Unique backs"), named in ``tts.json`` as its ``back``.

Cells are the face cache's trim-size thumbnails (scaled from the one 300-DPI bitmap of each
face); a sheet is written one row of cells at a time by ``render.grid``, which keeps each row's
deflated bytes in the face cache (the same row in the other language, or in the next build, is
copied), so memory stays at a row of cells, whatever the number of cards.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from cardforge.atomic import atomic_copy, atomic_write_text, ensure_dir
from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.render.facecache import FaceCache, Variant, prepare, scratch_cache
from cardforge.render.facepages import BACK, back_of, face_name, physical_cards
from cardforge.render.faces import card_size_points

__all__ = ["MAX_COLS", "MAX_ROWS", "MAX_PX", "tts_cell_size", "tts_variant", "tts_export"]

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096


def tts_cell_size(deck: Deck) -> tuple[int, int]:
    """The largest cell (trim aspect ratio) such that a full 10×7 sheet stays within 4096 px."""
    w, h = card_size_points(deck)
    cell_w = min(MAX_PX // MAX_COLS, math.floor(MAX_PX // MAX_ROWS * w / h))
    return cell_w, min(round(cell_w * h / w), MAX_PX // MAX_ROWS)


def tts_variant(deck: Deck) -> Variant:
    return Variant("thumb", tts_cell_size(deck))


def tts_export(deck: Deck, folder: Path, *, lang: str = "en", cards: Sequence[Card] | None = None,
               progress: Callable[[int], None] | None = None, cache: FaceCache | None = None,
               digests: Mapping[str, str] | None = None, bands: list[str] | None = None) -> list[Path]:
    """Write ``sheet-N.png`` grids, ``back.png`` and ``tts.json`` into ``folder``.

    ``cards`` are the physical cards to lay out (default: the whole deck, duplicates included);
    ``bands`` collects the keys of the cached rows of cells the sheets are made of.
    """
    from cardforge.render.grid import write_grid

    ensure_dir(folder)
    cell = tts_cell_size(deck)
    variant = tts_variant(deck)
    cards = list(cards) if cards is not None else physical_cards(deck)
    backs = [back_of(deck, c) for c in cards]  # a card's own back, else the deck's (BACK)
    faces = [*dict.fromkeys(cards), BACK, *dict.fromkeys(b for b in backs if b is not BACK)]
    per_sheet = MAX_COLS * MAX_ROWS - 1
    written, sheets = [], []
    with scratch_cache(folder.parent, cache) as store:
        if digests is None:
            digests = prepare(deck, faces, lang, store, [variant], progress=progress)
        elif progress:
            progress(len(faces))
        image = {face_name(f): store.path(digests[face_name(f)], variant) for f in faces}
        for number, start in enumerate(range(0, len(cards), per_sheet), 1):
            chunk = cards[start : start + per_sheet]
            cols = min(MAX_COLS, len(chunk) + 1)
            rows = math.ceil((len(chunk) + 1) / cols)
            slots: list[Path | None] = [image[face_name(c)] for c in chunk] + [None] * (cols * rows - len(chunk))
            slots[-1] = image["back"]  # the hidden card
            name = f"sheet-{number}.png"
            path, keys = write_grid(folder / name, [slots[r * cols : (r + 1) * cols] for r in range(rows)], cell,
                                    cache=store.folder)
            written.append(path)
            if bands is not None:
                bands += keys
            sheet = {"file": name, "columns": cols, "rows": rows, "cards": len(chunk), "codes": [c.code for c in chunk]}
            if any(b is not BACK for b in backs[start : start + per_sheet]):  # TTS "UniqueBack": a grid of backs
                back_slots = [image[face_name(b)] for b in backs[start : start + per_sheet]]
                back_slots += [None] * (cols * rows - len(back_slots))
                back_slots[-1] = image["back"]
                back_name = f"sheet-{number}-backs.png"
                path, keys = write_grid(folder / back_name, [back_slots[r * cols : (r + 1) * cols] for r in range(rows)],
                                        cell, cache=store.folder)
                written.append(path)
                if bands is not None:
                    bands += keys
                sheet.update(back=back_name, unique_back=True)
            sheets.append(sheet)
        back = folder / "back.png"
        atomic_copy(image["back"], back)
        written.append(back)
    manifest = {"deck": deck.id, "title": deck.title(lang), "cell_px": list(cell), "back": "back.png", "sheets": sheets}
    path = folder / "tts.json"
    atomic_write_text(path, json.dumps(manifest, indent=2, ensure_ascii=False, allow_nan=False) + "\n")
    return [*written, path]
