"""Rasterise face pages with PDFium (pypdfium2): the PNGs are the PDF, pixel for pixel.

No native graphics library to install: pypdfium2 ships PDFium as a wheel.  Long runs are split
over the machine's cores (each worker opens the same PDF bytes and renders its share of pages).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["rasterise", "render_pngs"]


def _render_page(doc: Any, index: int, size: tuple[int, int], visible: tuple[float, float]) -> Any:
    """Page ``index`` as an RGB image of exactly ``size`` px showing its centred ``visible`` area."""
    page = doc[index]
    try:
        pw, ph = page.get_width(), page.get_height()
        scale = size[0] / visible[0]
        one_px = 1 / scale
        cx = max((pw - visible[0]) / 2 - one_px, 0)
        cy = max((ph - visible[1]) / 2 - one_px, 0)
        bitmap = page.render(scale=scale, crop=(cx, cy, cx, cy), draw_annots=False, may_draw_forms=False)
        image = bitmap.to_pil().convert("RGB")
    finally:
        page.close()
    if image.size != size:  # centre-crop the spare pixel PDFium's rounding leaves, or stretch a hair
        left, top = (image.width - size[0]) // 2, (image.height - size[1]) // 2
        if left >= 0 and top >= 0:
            image = image.crop((left, top, left + size[0], top + size[1]))
        else:
            image = image.resize(size)
    return image


def rasterise(pdf: bytes, *, size: tuple[int, int], visible: tuple[float, float],
              progress: Callable[[int], None] | None = None) -> list[Any]:
    """Every page as a PIL image (in memory; for small images such as TTS cells)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        images = []
        for index in range(len(doc)):
            images.append(_render_page(doc, index, size, visible))
            if progress:
                progress(1)
        return images
    finally:
        doc.close()


def _png_bytes(image: Any, dpi: int | None) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buffer.getvalue()


def _render_share(pdf: bytes, jobs: Sequence[tuple[int, str]], size: tuple[int, int], visible: tuple[float, float],
                  dpi: int | None) -> int:
    import pypdfium2 as pdfium

    from cardforge.atomic import atomic_write_bytes

    doc = pdfium.PdfDocument(pdf)
    try:
        for index, path in jobs:
            atomic_write_bytes(Path(path), _png_bytes(_render_page(doc, index, size, visible), dpi))
    finally:
        doc.close()
    return len(jobs)


def render_pngs(pdf: bytes, paths: Sequence[Path], *, size: tuple[int, int], visible: tuple[float, float],
                dpi: int | None = None, progress: Callable[[int], None] | None = None) -> list[Path]:
    """Write page ``i`` of ``pdf`` as PNG ``paths[i]``, on up to two processes for long runs."""
    jobs = [(i, str(p)) for i, p in enumerate(paths)]
    workers = min(2, os.cpu_count() or 1) if len(jobs) >= 24 else 1
    chunks = [jobs[i : i + 12] for i in range(0, len(jobs), 12)]
    if workers == 1:
        for chunk in chunks:
            if progress:
                progress(_render_share(pdf, chunk, size, visible, dpi))
            else:
                _render_share(pdf, chunk, size, visible, dpi)
        return list(paths)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        futures = [pool.submit(_render_share, pdf, chunk, size, visible, dpi) for chunk in chunks]
        for future in as_completed(futures):
            done = future.result()
            if progress:
                progress(done)
    return list(paths)
