"""Tabletop Simulator sheets are streamed: memory holds a couple of rows of cells, not a sheet's
worth (issue #16: TTS for 1,020 cards ≤ 120 MiB peak, linear in cards)."""

from __future__ import annotations

import gc
import weakref

from PIL import Image

from cardforge.render import tts


class _Rows(list):
    """A decoded cell that can be watched (a plain list cannot be weakly referenced)."""

    __hash__ = object.__hash__


def test_a_sheet_of_distinct_cells_keeps_only_a_few_decoded(tmp_path, monkeypatch):
    cell = (100, 140)
    cells = []
    for i in range(69):  # a full sheet, every cell a different face
        path = tmp_path / f"cell-{i}.png"
        Image.new("RGB", cell, (i * 3, 255 - i * 3, 128)).save(path)
        cells.append(path)
    grid = [[*cells, None][r * 10 : (r + 1) * 10] for r in range(7)]
    decode, alive, most = tts._cell_rows, weakref.WeakSet(), [0]

    def watched(path, size):
        gc.collect()
        most[0] = max(most[0], len(alive))
        rows = _Rows(decode(path, size))
        alive.add(rows)
        return rows

    monkeypatch.setattr(tts, "_cell_rows", watched)
    tts._write_sheet(tmp_path / "sheet.png", grid, cell)
    assert most[0] <= tts.CELLS_KEPT + tts.MAX_COLS, f"{most[0]} decoded cells held at once"
    with Image.open(tmp_path / "sheet.png") as sheet:  # and the sheet is still right
        assert sheet.size == (1000, 980)
        assert sheet.getpixel((0, 0)) == (0, 255, 128) and sheet.getpixel((950, 900)) == (255, 255, 255)
        assert sheet.getpixel((850, 900)) == (68 * 3, 255 - 68 * 3, 128)
