"""A reproducible reportlab canvas: fonts embedded, byte-identical output, atomic save.

``Canvas(invariant=1)`` drops the creation date and random document ID, so the same inputs
give the same bytes; the initial font is the bundled DejaVu Sans, so no page preamble names
Helvetica; ``save_pdf`` writes through ``cardforge.atomic`` (no half-written file on error).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from cardforge.atomic import atomic_write_bytes

__all__ = ["new_canvas", "pdf_bytes", "save_pdf", "set_print_boxes", "MM"]

#: PostScript points per millimetre.
MM = 72.0 / 25.4


def new_canvas(pagesize: tuple[float, float], *, title: str = "", subject: str = "", cmyk: bool = False) -> Any:
    """A canvas drawing into memory; finish it with ``pdf_bytes`` or ``save_pdf``."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    from cardforge import __version__
    from cardforge.render.fonts import base_font

    regular = base_font()
    rl_config.useA85 = 0  # binary streams: smaller files, no ASCII85 encoding time
    if cmyk:  # for a print shop: 100 % K text and hairlines overprint (render/cmyk.py)
        from cardforge.render.cmyk import press_canvas_class

        Canvas = press_canvas_class()  # noqa: N806
    canv = Canvas(
        io.BytesIO(),
        pagesize=pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=regular,
        initialFontSize=10,
        enforceColorSpace="cmyk" if cmyk else None,
    )
    canv.setTitle(title)
    canv.setSubject(subject)
    canv.setAuthor("cardforge")
    canv.setCreator(f"cardforge {__version__}")
    canv.setProducer(f"cardforge {__version__} (reportlab)")
    return canv


def pdf_bytes(canv: Any) -> bytes:
    """Finish the canvas and return the PDF."""
    canv.save()
    return canv._filename.getvalue()


def save_pdf(canv: Any, path: Path) -> Path:
    """Finish the canvas and write it atomically to ``path``."""
    atomic_write_bytes(path, pdf_bytes(canv))
    return path


def set_print_boxes(canv: Any, trim: tuple[float, float, float, float], bleed: tuple[float, float, float, float]) -> None:
    """Set this page's TrimBox and BleedBox (``(x0, y0, x1, y1)`` in points)."""
    canv.setTrimBox(trim)
    canv.setBleedBox(bleed)
