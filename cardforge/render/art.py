"""Drawing card art: PNG, JPEG and SVG images placed in a layout box, fitted ``cover`` (fills
the box, cropped) or ``contain`` (fits inside).

Raster images are read once per document by reportlab (one image XObject drawn by reference
on every card that uses it); SVGs are drawn as vectors through svglib.  Checking a file is
``cardforge.deck.art``'s business.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from cardforge.deck.art import check_image, image_size, load_svg
from cardforge.errors import DeckError

__all__ = ["resolve_image", "draw_image"]


def _folder(deck: Any) -> Path:
    return (deck.source.parent if getattr(deck, "source", None) is not None else Path.cwd()).resolve()


def resolve_image(src: str, deck: Any, what: str) -> str:
    """The absolute path of ``src`` for ``deck`` (checked), as a string."""
    try:
        return str(check_image(src, _folder(deck)))
    except DeckError as exc:
        raise DeckError(f"{what}: {exc}") from None


@functools.lru_cache(maxsize=64)
def _reader(path: str) -> Any:
    from reportlab.lib.utils import ImageReader

    return ImageReader(path)


def draw_image(canv: Any, path: str, box: tuple[float, float, float, float], fit: str = "cover") -> None:
    """Draw the image at ``path`` into ``box``: ``cover`` fills it (cropped), ``contain`` fits inside."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    iw, ih = image_size(path)
    scale = max(bw / iw, bh / ih) if fit == "cover" else min(bw / iw, bh / ih)
    w, h = iw * scale, ih * scale
    x, y = x0 + (bw - w) / 2, y0 + (bh - h) / 2
    canv.saveState()
    if fit == "cover":
        p = canv.beginPath()
        p.rect(x0, y0, bw, bh)
        canv.clipPath(p, stroke=0, fill=0)
    if path.lower().endswith(".svg"):
        from reportlab.graphics import renderPDF

        canv.translate(x, y)
        canv.scale(scale, scale)
        renderPDF.draw(load_svg(path), canv, 0, 0)
    else:
        canv.drawImage(_reader(path), x, y, w, h, mask="auto")
    canv.restoreState()
