"""Card art: PNG, JPEG and SVG images placed in a layout box, fitted ``cover`` or ``contain``.

Paths are relative to the deck file and may not leave its folder.  Raster images are read
once per document by reportlab (an image XObject drawn by reference on every card that uses
it); SVGs go through svglib (an optional dependency: ``pip install 'cardforge[svg]'``) and are
drawn as vectors.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from cardforge.errors import DeckError

__all__ = ["IMAGE_SUFFIXES", "resolve_image", "check_image", "draw_image", "image_size", "effective_dpi"]

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


def _folder(deck: Any) -> Path:
    return (deck.source.parent if getattr(deck, "source", None) is not None else Path.cwd()).resolve()


def check_image(src: str, folder: Path) -> Path:
    """The image ``src`` inside ``folder``, readable and of a known kind; else a ``DeckError``
    whose message says why (the caller adds where)."""
    path = (folder / src).resolve()
    try:
        path.relative_to(folder)
    except ValueError:
        raise DeckError(f"image {src!r} leaves the deck's folder {folder}; keep art beside the deck") from None
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise DeckError(f"image {src!r}: expected a PNG, JPEG or SVG file")
    if not path.is_file():
        raise DeckError(f"image {src!r} not found in {folder}")
    try:
        image_size(str(path))
    except Exception as exc:  # PIL/svglib raise many kinds: any of them means unreadable
        raise DeckError(f"image {src!r} cannot be read ({type(exc).__name__}: {exc})") from None
    return path


def resolve_image(src: str, deck: Any, what: str) -> str:
    """The absolute path of ``src`` for ``deck`` (checked), as a string."""
    try:
        return str(check_image(src, _folder(deck)))
    except DeckError as exc:
        raise DeckError(f"{what}: {exc}") from None


@functools.lru_cache(maxsize=256)
def image_size(path: str) -> tuple[float, float]:
    """Width and height: pixels for a raster image, points for an SVG."""
    if path.lower().endswith(".svg"):
        drawing = _svg(path)
        return (float(drawing.width), float(drawing.height))
    from PIL import Image

    with Image.open(path) as im:
        im.verify()
    with Image.open(path) as im:
        return (float(im.width), float(im.height))


def effective_dpi(path: str, box_w_pt: float, box_h_pt: float, fit: str = "cover") -> float | None:
    """The resolution a raster image prints at in a box (``None`` for vectors)."""
    if path.lower().endswith(".svg"):
        return None
    w, h = image_size(path)
    scale = max(box_w_pt / w, box_h_pt / h) if fit == "cover" else min(box_w_pt / w, box_h_pt / h)
    return 72.0 / scale if scale > 0 else None


@functools.lru_cache(maxsize=64)
def _svg(path: str) -> Any:
    try:
        from svglib.svglib import svg2rlg
    except ImportError:
        raise DeckError(f"{path}: SVG art needs svglib (pip install 'cardforge[svg]'), or use a PNG") from None
    drawing = svg2rlg(path)
    if drawing is None:
        raise DeckError(f"{path}: not a readable SVG file")
    return drawing


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
        renderPDF.draw(_svg(path), canv, 0, 0)
    else:
        canv.drawImage(_reader(path), x, y, w, h, mask="auto")
    canv.restoreState()
