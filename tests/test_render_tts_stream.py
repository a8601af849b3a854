"""Tabletop Simulator sheets are streamed: memory holds a couple of rows of cells, not a sheet's
worth (issue #16: TTS for 1,020 cards ≤ 120 MiB peak, linear in cards)."""

from __future__ import annotations

import gc
import weakref

from PIL import Image

from cardforge.render import grid as grids
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
    decode, alive, most = grids._cell_rows, weakref.WeakSet(), [0]

    def watched(path, size):
        gc.collect()
        most[0] = max(most[0], len(alive))
        rows = _Rows(decode(path, size))
        alive.add(rows)
        return rows

    monkeypatch.setattr(grids, "_cell_rows", watched)
    grids.write_grid(tmp_path / "sheet.png", grid, cell, cache=tmp_path / "bands")
    assert most[0] <= 2 * tts.MAX_COLS, f"{most[0]} decoded cells held at once"
    with Image.open(tmp_path / "sheet.png") as sheet:  # and the sheet is still right
        assert sheet.size == (1000, 980)
        assert sheet.getpixel((0, 0)) == (0, 255, 128) and sheet.getpixel((950, 900)) == (255, 255, 255)
        assert sheet.getpixel((850, 900)) == (68 * 3, 255 - 68 * 3, 128)


def _idat(path):
    """The PNG's zlib stream, checked whole (Adler-32 included) by decompressing it."""
    import struct
    import zlib

    data, pos, stream = path.read_bytes(), 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        if kind == b"IDAT":
            stream += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    return zlib.decompress(stream)


def test_a_grid_with_gaps_is_right_and_its_rows_are_deflated_once(tmp_path, monkeypatch):
    cell, gap, paper = (30, 40), 5, (250, 240, 200)
    cells = []
    for i in range(7):
        path = tmp_path / f"face-{i}.png"
        Image.new("RGB", cell, (i * 30, 10, 200)).save(path)
        cells.append(path)
    grid = [cells[:3], cells[3:6], cells[6:]]
    path, keys = grids.write_grid(tmp_path / "a.png", grid, cell, cache=tmp_path / "bands", gap=gap, background=paper)
    assert len(keys) == 4, "three rows of cells and the bottom margin"
    raw = _idat(path)
    with Image.open(path) as sheet:
        assert sheet.size == (3 * 35 + 5, 3 * 45 + 5) and len(raw) == sheet.size[1] * (1 + sheet.size[0] * 3)
        assert sheet.getpixel((2, 2)) == paper and sheet.getpixel((5, 5)) == (0, 10, 200)
        assert sheet.getpixel((5 + 35, 5 + 45)) == (4 * 30, 10, 200) and sheet.getpixel((5, 5 + 2 * 45)) == (180, 10, 200)
        assert sheet.getpixel((5 + 35, 5 + 2 * 45)) == paper, "a short last row is padded with paper"
        first = sheet.tobytes()
    decoded, real = [], grids._cell_rows
    monkeypatch.setattr(grids, "_cell_rows", lambda p, size: decoded.append(p) or real(p, size))
    changed = [cells[:3], cells[3:6], [cells[0]]]  # only the last row differs
    path, again = grids.write_grid(tmp_path / "b.png", changed, cell, cache=tmp_path / "bands", gap=gap, background=paper)
    assert again[:2] == keys[:2] and again[2] != keys[2] and again[3] == keys[3]
    assert decoded == [cells[0]], "only the new row was decoded and deflated"
    monkeypatch.undo()
    path, same = grids.write_grid(tmp_path / "c.png", grid, cell, cache=tmp_path / "bands", gap=gap, background=paper)
    assert same == keys and path.read_bytes() == (tmp_path / "a.png").read_bytes()
    with Image.open(path) as sheet:
        assert sheet.tobytes() == first
    assert len(_idat(tmp_path / "b.png")) == len(raw)
