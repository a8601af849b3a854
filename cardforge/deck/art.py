"""Card art as deck data: where an image file is, whether it can be read, its size and the
resolution it prints at.  Drawing it is ``cardforge.render.art``'s business.

Paths are relative to the deck file and may not leave its folder.  SVG files need svglib (an
optional dependency: ``pip install 'cardforge[svg]'``).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from cardforge.errors import DeckError

__all__ = ["IMAGE_SUFFIXES", "check_image", "image_size", "effective_dpi", "load_svg", "LOW_DPI"]

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
LOW_DPI = 300  # print shops ask for 300 DPI at print size


def check_image(src: str, folder: Path) -> Path:
    """The image ``src`` inside ``folder``, readable and of a known kind; else a ``DeckError``
    whose message says why (the caller adds where)."""
    folder = folder.resolve()
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
    except DeckError:
        raise
    except Exception as exc:  # PIL/svglib raise many kinds: any of them means unreadable
        raise DeckError(f"image {src!r} cannot be read ({type(exc).__name__}: {exc})") from None
    return path


@functools.lru_cache(maxsize=256)
def image_size(path: str) -> tuple[float, float]:
    """Width and height: pixels for a raster image, points for an SVG."""
    if path.lower().endswith(".svg"):
        drawing = load_svg(path)
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
def load_svg(path: str) -> Any:
    """The SVG as a reportlab drawing (svglib)."""
    try:
        from svglib.svglib import svg2rlg
    except ImportError:
        raise DeckError(f"{path}: SVG art needs svglib (pip install 'cardforge[svg]'), or use a PNG") from None
    drawing = svg2rlg(path)
    if drawing is None:
        raise DeckError(f"{path}: not a readable SVG file")
    return drawing
