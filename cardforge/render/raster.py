"""Rasterise face pages with PDFium (pypdfium2): the PNGs are the PDF, pixel for pixel.

No native graphics library to install: pypdfium2 ships PDFium as a wheel.  Long runs are split
over the machine's cores (``run_batches``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

__all__ = ["Pixels", "deflate_scanlines", "render_pixels", "render_trim", "rasterise", "render_page_rows", "deflate", "raw_deflater",
           "png_bytes", "encode_png", "run_batches"]


@dataclass(frozen=True)
class Pixels:
    """An RGB image of ``size`` px inside a rendered bitmap: ``data`` holds rows of ``stride`` bytes
    of a ``bitmap``-sized rendering, the image starting at column ``left`` and row ``top``.

    ``data`` may be this process's scratch buffer (``render_pixels(..., scratch=True)``): valid
    until the next such rendering."""

    data: bytes | memoryview
    stride: int
    bitmap: tuple[int, int]
    left: int
    top: int
    size: tuple[int, int]

    def rows(self) -> list[bytes]:
        """The image's rows of pixels (copies)."""
        view, start, span = memoryview(self.data), self.left * 3, self.size[0] * 3
        return [bytes(view[o : o + span]) for o in range((self.top * self.stride) + start,
                                                         (self.top + self.size[1]) * self.stride, self.stride)]

    def png(self, dpi: int | None = None) -> bytes:
        """The image as a PNG file (RGB, 8 bit, unfiltered, fast deflate)."""
        return png_bytes(deflate_scanlines(self.data, self.stride, self.size, self.left, self.top), self.size, dpi)

    def centre(self, size: tuple[int, int]) -> Pixels:
        """The centred ``size`` px of this image (no copy)."""
        return replace(self, left=self.left + (self.size[0] - size[0]) // 2,
                       top=self.top + (self.size[1] - size[1]) // 2, size=size)

    def image(self) -> Any:
        """The whole bitmap as a PIL image (this process's scratch image of that size, overwritten
        by the next call); ``box`` maps into it."""
        image = _scratch_image(self.bitmap)
        image.frombytes(self.data, "raw", "RGB", self.stride, 1)
        return image

    def box(self, left: float, top: float, right: float, bottom: float) -> tuple[float, float, float, float]:
        """A box of the image in the coordinates of ``image()``."""
        return (self.left + left, self.top + top, self.left + right, self.top + bottom)


# One scratch bitmap and one scratch PIL image per size and process: a face's 2.8 MB bitmaps were
# fresh memory each time (glibc maps such blocks anew), 2,000 page faults a face, a fifth of the
# rasterising time in the kernel (measured: 0.37 s of system time for 101 faces, 0.07 s reused).
_SCRATCH: dict[tuple[str, int], Any] = {}


def _scratch_buffer(nbytes: int) -> Any:
    import ctypes

    key = ("buffer", nbytes)
    if key not in _SCRATCH:
        if len(_SCRATCH) > 8:  # a run of many card sizes: keep memory bounded
            _SCRATCH.clear()
        _SCRATCH[key] = (ctypes.c_ubyte * nbytes)()
    return _SCRATCH[key]


def _scratch_image(size: tuple[int, int]) -> Any:
    from PIL import Image

    key = ("image", size[0] << 32 | size[1])
    if key not in _SCRATCH:
        _SCRATCH[key] = Image.new("RGB", size)
    return _SCRATCH[key]


def deflate_scanlines(data: bytes | memoryview, stride: int, size: tuple[int, int], left: int = 0,
                      top: int = 0) -> bytes:
    """The zlib stream of the PNG scanlines (filter 0) of the ``size`` px image at (``left``,
    ``top``) of rows of ``stride`` bytes, deflated 32 KiB at a time (no copy of the whole image)."""
    module, level = _compressor()
    squash = module.compressobj(level)
    view, span, start = memoryview(data), size[0] * 3, top * stride + left * 3
    per_chunk = max(1, 32768 // (span + 1))
    out = []
    for first in range(0, size[1], per_chunk):
        pieces: list[bytes | memoryview] = []
        for offset in range(start + first * stride, start + min(first + per_chunk, size[1]) * stride, stride):
            pieces += (b"\x00", view[offset : offset + span])
        out.append(squash.compress(b"".join(pieces)))
    out.append(squash.flush())
    return b"".join(out)


def render_pixels(page: Any, size: tuple[int, int], visible: tuple[float, float], *, scratch: bool = False) -> Pixels:
    """A PDFium page as RGB pixels of exactly ``size`` px showing its centred ``visible`` area
    (``scratch``: into this process's reused buffer, see ``Pixels``)."""
    pw, ph = page.get_width(), page.get_height()
    scale = size[0] / visible[0]
    one_px = 1 / scale
    cx = max((pw - visible[0]) / 2 - one_px, 0)
    cy = max((ph - visible[1]) / 2 - one_px, 0)
    if scratch:
        buffer, width, height = _render_white(page, scale, (cx, cy))
        stride, channels = width * 3, 3
    else:
        bitmap = page.render(scale=scale, crop=(cx, cy, cx, cy), draw_annots=False, may_draw_forms=False,
                             rev_byteorder=True)
        width, height, stride, channels = bitmap.width, bitmap.height, bitmap.stride, bitmap.n_channels
        buffer = bytes(bitmap.buffer)
    left, top = (width - size[0]) // 2, (height - size[1]) // 2
    if channels != 3 or left < 0 or top < 0:  # unusual: let Pillow convert and stretch
        from PIL import Image

        mode = {3: "RGB", 4: "RGBA"}.get(channels, "RGB")
        image = Image.frombuffer(mode, (width, height), buffer, "raw", mode, stride, 1).convert("RGB").resize(size)
        return Pixels(image.tobytes(), size[0] * 3, size, 0, 0, size)
    return Pixels(buffer, stride, (width, height), left, top, size)


def _render_white(page: Any, scale: float, crop: tuple[float, float]) -> tuple[memoryview, int, int]:
    """The page at ``scale`` less ``crop`` (points off each side) into this process's scratch
    buffer, as packed RGB rows on white: (buffer, width, height).

    What ``PdfPage.render(rev_byteorder=True, draw_annots=False)`` draws, through PDFium's own
    calls: the white background is a ``memset`` where ``FPDFBitmap_FillRect`` on a 24-bit bitmap
    took 0.6 ms of a face's 4.4 (measured), the same bytes."""
    import ctypes
    import math

    import pypdfium2.raw as pdfium_c

    full = math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale)
    cut = math.ceil(crop[0] * scale), math.ceil(crop[1] * scale)
    width, height = full[0] - 2 * cut[0], full[1] - 2 * cut[1]
    if width < 1 or height < 1:
        raise ValueError("crop exceeds page dimensions")
    buffer = _scratch_buffer(width * height * 3)
    ctypes.memset(buffer, 255, width * height * 3)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width, height, pdfium_c.FPDFBitmap_BGR, buffer, width * 3)
    try:
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, -cut[0], -cut[1], full[0], full[1], 0,
                                       pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    return memoryview(buffer).cast("B"), width, height


def render_trim(page: Any, size: tuple[int, int], bleed: float) -> Pixels:
    """The page less ``bleed`` points on each side (its trim), drawn by PDFium to exactly ``size``
    px on white: the trim's edges fall on the bitmap's, with no rounding to whole pixels (a matrix
    render, not a scale and an integer crop, which shifted art-heavy faces by up to half a pixel)."""
    import ctypes

    import pypdfium2.raw as pdfium_c

    sx, sy = size[0] / (page.get_width() - 2 * bleed), size[1] / (page.get_height() - 2 * bleed)
    nbytes = size[0] * size[1] * 3
    buffer = _scratch_buffer(nbytes)
    ctypes.memset(buffer, 255, nbytes)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(size[0], size[1], pdfium_c.FPDFBitmap_BGR, buffer, size[0] * 3)
    try:
        pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page, pdfium_c.FS_MATRIX(sx, 0, 0, sy, -bleed * sx, -bleed * sy),
                                                 pdfium_c.FS_RECTF(0, 0, size[0], size[1]),
                                                 pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    return Pixels(bytes(buffer), size[0] * 3, size, 0, 0, size)


def render_page_rows(doc: Any, index: int, size: tuple[int, int], visible: tuple[float, float]) -> list[bytes]:
    """Page ``index`` as RGB pixel rows of exactly ``size`` px showing its centred ``visible`` area."""
    page = doc[index]
    try:
        return render_pixels(page, size, visible).rows()
    finally:
        page.close()


def _compressor() -> tuple[Any, int]:
    """The zlib-compatible module to deflate with and its fastest useful level: ISA-L's (``isal``)
    where installed, else zlib's level 1."""
    try:
        from isal import isal_zlib

        return isal_zlib, 1
    except ImportError:  # a platform without the isal wheel: same bytes format, slower
        import zlib

        return zlib, 1


def deflate(data: bytes) -> bytes:
    """A zlib stream of ``data``, fast: on card art ISA-L's level 1 takes 0.57 ms where zlib's takes
    4.7 ms, for files 3 % larger (a 825×1125 face, measured)."""
    module, level = _compressor()
    return module.compress(data, level)


def raw_deflater() -> Any:
    """A compressor object for raw deflate streams (no header), at the fast level of ``deflate``."""
    import zlib

    module, level = _compressor()
    return module.compressobj(level, zlib.DEFLATED, -15)


def png_bytes(stream: bytes, size: tuple[int, int], dpi: int | None = None) -> bytes:
    """A PNG (RGB, 8 bit) of ``size`` px from the zlib ``stream`` of its scanlines."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    head = chunk(b"IHDR", struct.pack(">IIBBBBB", size[0], size[1], 8, 2, 0, 0, 0))
    phys = chunk(b"pHYs", struct.pack(">IIB", round(dpi / 0.0254), round(dpi / 0.0254), 1)) if dpi else b""
    return b"\x89PNG\r\n\x1a\n" + head + phys + chunk(b"IDAT", stream) + chunk(b"IEND", b"")


def encode_png(rows: list[bytes], width: int, dpi: int | None = None) -> bytes:
    """A PNG (RGB, 8 bit) from pixel rows: no filtering, fast deflate (``deflate``).

    Far faster than Pillow's encoder for card art (flat colours compress well anyway), which is
    what keeps 100 cards at 300 DPI within seconds.
    """
    return png_bytes(deflate(b"".join(b"\x00" + row for row in rows)), (width, len(rows)), dpi)


def rasterise(pdf: bytes, *, size: tuple[int, int], visible: tuple[float, float],
              progress: Callable[[int], None] | None = None) -> list[Any]:
    """Every page as a PIL RGB image (in memory; for small images such as TTS cells)."""
    import pypdfium2 as pdfium
    from PIL import Image

    doc = pdfium.PdfDocument(pdf)
    try:
        images = []
        for index in range(len(doc)):
            images.append(Image.frombytes("RGB", size, b"".join(render_page_rows(doc, index, size, visible))))
            if progress:
                progress(1)
        return images
    finally:
        doc.close()


def run_batches(func: Callable[..., int], folder: str, items: Iterable[Any], *, workers: int = 1, batch: int = 8,
                progress: Callable[[int], None] | None = None) -> int:
    """``func(folder, chunk)`` over ``items`` in chunks of ``batch``, on up to ``workers`` processes;
    return how many items there were.

    ``func`` returns how many items it handled (reported to ``progress``).  ``items`` may be an
    iterator: it is consumed as the workers need chunks, at most two chunks per worker ahead.
    """
    from itertools import chain, islice

    source = iter(items)

    def chunks() -> Iterator[list[Any]]:
        while chunk := list(islice(source, batch)):
            yield chunk

    pending = chunks()
    first = next(pending, None)
    if first is None:
        return 0
    second = next(pending, None)
    workers = min(workers, os.cpu_count() or 1)
    total = 0
    if workers <= 1 or second is None:
        for chunk in chain([first], [second] if second else [], pending):
            total += len(chunk)
            done = func(folder, chunk)
            if progress:
                progress(done)
        return total
    from concurrent.futures import FIRST_COMPLETED, wait

    from cardforge.pool import process_pool

    with process_pool(workers) as pool:
        running = set()
        try:
            for chunk in chain([first, second], pending):
                total += len(chunk)
                running.add(pool.submit(func, folder, chunk))
                if len(running) >= 2 * workers:
                    finished, running = wait(running, return_when=FIRST_COMPLETED)
                    _report(finished, progress)
            _report(wait(running).done, progress)
        except BaseException:  # Ctrl-C or a failed batch: drop the queued ones, end at once
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return total


def _report(finished: Iterable[Any], progress: Callable[[int], None] | None) -> None:
    for future in finished:
        done = future.result()  # a failed batch raises here
        if progress:
            progress(done)
