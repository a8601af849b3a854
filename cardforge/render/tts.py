"""Tabletop Simulator deck sheets: grids of up to 10×7 cells, each image ≤ 4096 px a side.

A TTS custom deck reads a grid image whose last cell is the "hidden" face shown for cards in
other players' hands; so each sheet holds at most 69 cards plus the hidden face (we use the
card back).  Every physical card gets its cell (duplicates included), so TTS's "Custom Deck"
import builds the right deck; ``tts.json`` gives each sheet's grid, count and card codes.

Cells are the face cache's trim-size thumbnails (scaled from the one 300-DPI bitmap of each
face); a sheet is encoded one row of cells at a time, so memory stays at a row of cells plus the
distinct thumbnails, whatever the number of cards.
"""

from __future__ import annotations

import json
import math
import struct
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from cardforge.atomic import atomic_link, atomic_open, atomic_write_text, ensure_dir
from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.render.facecache import FaceCache, Variant, prepare, scratch_cache
from cardforge.render.facepages import BACK, face_name, physical_cards
from cardforge.render.faces import card_size_points

__all__ = ["MAX_COLS", "MAX_ROWS", "MAX_PX", "tts_cell_size", "tts_variant", "tts_export"]

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
#: Decoded cells kept while a sheet is encoded (~0.7 MB each): a row of cells and a few more.
CELLS_KEPT = 2 * MAX_COLS


def tts_cell_size(deck: Deck) -> tuple[int, int]:
    """The largest cell (trim aspect ratio) such that a full 10×7 sheet stays within 4096 px."""
    w, h = card_size_points(deck)
    cell_w = min(MAX_PX // MAX_COLS, math.floor(MAX_PX // MAX_ROWS * w / h))
    return cell_w, min(round(cell_w * h / w), MAX_PX // MAX_ROWS)


def tts_variant(deck: Deck) -> Variant:
    return Variant("thumb", tts_cell_size(deck))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _cell_rows(path: Path, cell: tuple[int, int]) -> list[bytes]:
    """A cached thumbnail as RGB pixel rows."""
    from PIL import Image

    with Image.open(path) as image:
        data = image.convert("RGB").tobytes()
    span = cell[0] * 3
    return [data[i * span : (i + 1) * span] for i in range(cell[1])]


def _write_sheet(path: Path, grid: list[list[Path | None]], cell: tuple[int, int]) -> Path:
    """A PNG of ``grid`` (rows of cell images, ``None`` white), streamed one row of cells at a time."""
    cols, rows = len(grid[0]), len(grid)
    width = cols * cell[0]
    white = b"\xff" * (cell[0] * 3)
    cache: dict[Path, list[bytes]] = {}  # the cells last used, oldest first (a deck's copies are adjacent)
    squash = zlib.compressobj(1)
    with atomic_open(path) as handle:
        handle.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, rows * cell[1], 8, 2, 0, 0, 0)))
        for line in grid:
            cells = []
            for image in line:
                if image is not None:
                    rows_of = cache.pop(image, None) or _cell_rows(image, cell)
                    cache[image] = rows_of  # now the most recent
                    if len(cache) > CELLS_KEPT:
                        del cache[next(iter(cache))]
                cells.append(cache[image] if image is not None else None)
            band = b"".join(b"\x00" + b"".join(c[y] if c is not None else white for c in cells) for y in range(cell[1]))
            data = squash.compress(band)
            if data:
                handle.write(_chunk(b"IDAT", data))
        handle.write(_chunk(b"IDAT", squash.flush()) + _chunk(b"IEND", b""))
    return path


def tts_export(deck: Deck, folder: Path, *, lang: str = "en", cards: Sequence[Card] | None = None,
               progress: Callable[[int], None] | None = None, cache: FaceCache | None = None,
               digests: Mapping[str, str] | None = None) -> list[Path]:
    """Write ``sheet-N.png`` grids, ``back.png`` and ``tts.json`` into ``folder``.

    ``cards`` are the physical cards to lay out (default: the whole deck, duplicates included).
    """
    ensure_dir(folder)
    cell = tts_cell_size(deck)
    variant = tts_variant(deck)
    cards = list(cards) if cards is not None else physical_cards(deck)
    faces = [*dict.fromkeys(cards), BACK]
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
            written.append(_write_sheet(folder / name, [slots[r * cols : (r + 1) * cols] for r in range(rows)], cell))
            sheets.append({"file": name, "columns": cols, "rows": rows, "cards": len(chunk),
                           "codes": [c.code for c in chunk]})
        back = folder / "back.png"
        atomic_link(image["back"], back)
        written.append(back)
    manifest = {"deck": deck.id, "title": deck.title(lang), "cell_px": list(cell), "back": "back.png", "sheets": sheets}
    path = folder / "tts.json"
    atomic_write_text(path, json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    return [*written, path]
