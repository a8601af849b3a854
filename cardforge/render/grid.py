"""PNG grids of face-cache images (Tabletop Simulator sheets, contact sheets), each band deflated once.

A grid is written one *band* at a time: a row of cells with the gap above it (and a last band for
the bottom gap).  Each band is deflated on its own — a raw deflate stream ended by a sync flush,
so its bytes depend on its pixels only — and kept in the face cache as ``<key>.band``, the key
naming its cells (the cache's content-named images), their size, the gaps and the background.  A
band seen before (in the other language, in the last build) is copied, not decoded and deflated
again: recolouring a deck's back redraws only the bands that show the back.  The PNG's zlib
stream is the bands in order, then an empty final block and the Adler-32 of all the pixels,
combined from the bands'.  Memory stays at one band of pixels plus the cells it reads.
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

__all__ = ["BAND", "write_grid", "adler32_combine"]

BAND = ".band"  # suffix of a cached band in the face cache
_VERSION = b"grid-2"  # bump when the band bytes change
_ADLER_BASE = 65521
_LEVEL = 1  # fast: flat card colours compress well anyway


def adler32_combine(first: int, second: int, second_len: int) -> int:
    """The Adler-32 of two byte strings end to end, from theirs (zlib's ``adler32_combine``).

    >>> adler32_combine(zlib.adler32(b"card"), zlib.adler32(b"forge"), 5) == zlib.adler32(b"cardforge")
    True
    """
    rem = second_len % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 = (sum1 + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    sum2 = (sum2 + ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _ADLER_BASE - rem) % _ADLER_BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _cell_rows(path: Path, cell: tuple[int, int]) -> list[bytes]:
    """A cached image as ``cell``-sized RGB pixel rows."""
    from PIL import Image

    with Image.open(path) as image:
        image = image.convert("RGB")
        if image.size != cell:
            image = image.resize(cell)
        data = image.tobytes()
    span = cell[0] * 3
    return [data[i * span : (i + 1) * span] for i in range(cell[1])]


def _digest(data: bytes) -> bytes:
    """The BLAKE2b digest kept with a cached band: a damaged band is never copied into a grid."""
    return hashlib.blake2b(data, digest_size=16).digest()


def _band_pixels(cells: Sequence[Path | None], cell: tuple[int, int], gap: int, top: int, background: bytes,
                 width: int) -> bytes:
    """A band's scanlines (PNG filter 0): ``top`` rows of background, then the cells side by side."""
    rows = [b"\x00" + background * width] * top
    if cells:
        decoded: dict[Path, list[bytes]] = {}  # a deck's copies of a card sit side by side
        images = [None if p is None else decoded.get(p) or decoded.setdefault(p, _cell_rows(p, cell)) for p in cells]
        empty, spacer = background * cell[0], background * gap
        for y in range(cell[1]):
            rows.append(b"\x00" + spacer + b"".join((img[y] if img is not None else empty) + spacer for img in images))
    return b"".join(rows)


def _band_key(cells: Sequence[Path | None], cell: tuple[int, int], gap: int, top: int, background: bytes,
              width: int) -> str:
    names = "\0".join(p.name if p is not None else "" for p in cells)
    text = _VERSION + repr((names, cell, gap, top, background, width)).encode()
    return hashlib.blake2b(text, digest_size=16).hexdigest()


def _deflated(raw: bytes) -> bytes:
    squash = zlib.compressobj(_LEVEL, zlib.DEFLATED, -15)
    return squash.compress(raw) + squash.flush(zlib.Z_SYNC_FLUSH)


def write_grid(path: Path, grid: Sequence[Sequence[Path | None]], cell: tuple[int, int], *, cache: Path,
               gap: int = 0, background: tuple[int, int, int] = (255, 255, 255)) -> tuple[Path, list[str]]:
    """A PNG of ``grid`` (rows of face-cache images, whose names say their content; ``None`` a
    blank cell) with ``gap`` pixels of ``background`` around every cell; its bands are cached in
    the folder ``cache``.  Returns the path and the keys of the bands it is made of (for the cache
    to keep them)."""
    from cardforge.atomic import atomic_open, atomic_write_batch, ensure_dir

    cols = max((len(line) for line in grid), default=0)
    width, height = cols * (cell[0] + gap) + gap, len(grid) * (cell[1] + gap) + gap
    bg = bytes(background)
    bands: list[tuple[Sequence[Path | None], int]] = [(list(line) + [None] * (cols - len(line)), gap) for line in grid]
    if gap:
        bands.append(([], gap))  # the bottom margin
    keys, new = [], []
    adler = 1  # Adler-32 of nothing
    with atomic_open(path) as handle:
        handle.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        handle.write(_chunk(b"IDAT", b"\x78\x01"))  # zlib header: deflate, 32 KiB window, fastest
        for cells, top in bands:
            key = _band_key(cells, cell, gap, top, bg, width)
            stored = Path(cache) / f"{key}{BAND}"
            try:
                blob = stored.read_bytes()
                band_adler, size = struct.unpack(">II", blob[:8])
                data = blob[24:]
                if blob[8:24] != _digest(data):
                    raise ValueError("a damaged band")  # drawn again below
            except (OSError, struct.error, ValueError):
                raw = _band_pixels(cells, cell, gap, top, bg, width)
                band_adler, size, data = zlib.adler32(raw), len(raw), _deflated(raw)
                new.append((stored, struct.pack(">II", band_adler, size) + _digest(data) + data))
            adler = adler32_combine(adler, band_adler, size)
            keys.append(key)
            handle.write(_chunk(b"IDAT", data))
        handle.write(_chunk(b"IDAT", b"\x03\x00" + struct.pack(">I", adler)) + _chunk(b"IEND", b""))
    if new:
        ensure_dir(Path(cache))
        atomic_write_batch(new)
    return path, keys
