"""A player's book imposed for saddle-stitch printing: two A5 pages side by side on each A4
landscape side, in printer's order, so that the printed sheets, folded and nested, read 1, 2,
3 … (duplex, flip on the short edge).  The back sides shift by the calibration offset the
card sheets use (``--back-offset``, read off ``cardforge render --calibrate``).

>>> spreads(8)
[((8, 1), (2, 7)), ((6, 3), (4, 5))]
"""

from __future__ import annotations

import io

__all__ = ["spreads", "impose"]

_MM = 72 / 25.4


def spreads(pages: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Each sheet's (front, back) pairs of page numbers (left, right), outermost sheet first;
    ``pages`` is a multiple of 4."""
    if pages % 4:
        raise ValueError(f"a saddle-stitched booklet has a multiple of 4 pages, not {pages}")
    return [((pages - 2 * i, 2 * i + 1), (2 * i + 2, pages - 2 * i - 1)) for i in range(pages // 4)]


def impose(pdf: bytes, back_offset: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """The booklet's PDF (A5 pages) imposed two-up on A4 landscape, printer's order."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    reader = PdfReader(io.BytesIO(pdf))
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    writer = PdfWriter()
    for front, back in spreads(len(reader.pages)):
        for side, (dx, dy) in ((front, (0.0, 0.0)), (back, (back_offset[0] * _MM, back_offset[1] * _MM))):
            sheet = PageObject.create_blank_page(width=2 * width, height=height)
            for slot, number in enumerate(side):
                sheet.merge_transformed_page(reader.pages[number - 1],
                                             Transformation().translate(slot * width + dx, dy))
            writer.add_page(sheet)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
