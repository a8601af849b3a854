"""Card art as deck data: where an image file is, whether it can be read, its size and the
resolution it prints at.  Drawing it is ``cardforge.render.art``'s business.

Paths are relative to the deck file and may not leave its folder.  SVG files need svglib (an
optional dependency: ``pip install 'cardforge[svg]'``).
"""

from __future__ import annotations

import functools
import re
import warnings
from pathlib import Path
from typing import Any

from cardforge.errors import DeckError

__all__ = ["IMAGE_SUFFIXES", "check_image", "image_size", "effective_dpi", "load_svg", "LOW_DPI"]

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
LOW_DPI = 300  # print shops ask for 300 DPI at print size


def check_image(src: str, folder: Path) -> Path:
    """The image ``src`` inside ``folder``, readable and of a known kind; else a ``DeckError``
    whose message says why (the caller adds where)."""
    from cardforge.deck.paths import inside

    folder = folder.resolve()
    path = inside(src, folder, "image")
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise DeckError(f"image {src!r}: expected a PNG, JPEG or SVG file")
    if not path.is_file():
        raise DeckError(f"image {src!r} not found in {folder}")
    try:
        stat = path.stat()
        _check_file(str(path), str(folder), stat.st_mtime_ns, stat.st_size)
    except DeckError as exc:
        raise DeckError(f"image {src!r}: {exc.detail}") from None
    except Exception as exc:  # PIL/svglib raise many kinds: any of them means unreadable
        raise DeckError(f"image {src!r} cannot be read ({type(exc).__name__}: {exc})") from None
    return path


#: the most pixels a PNG or JPEG may have: a poker card at 1,200 DPI with its bleed is 13 million
MAX_PIXELS = 80_000_000
#: an SVG's own size, in points, must lie in this range (a card is a few hundred points)
SVG_SIDE = (0.01, 100_000.0)
SVG_BYTES = 8 * 1024 * 1024
_XLINK = "{http://www.w3.org/1999/xlink}href"
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)|@import\s+(['\"])(.*?)\3", re.S)


@functools.lru_cache(maxsize=256)
def _check_file(path: str, folder: str, mtime_ns: int, size: int) -> None:
    """Raise a ``DeckError`` unless the file decodes entirely (a truncated JPEG is caught
    here, not embedded) or, for an SVG, parses, names only files inside ``folder`` and has a
    drawable size.  Cached on the file's stat, so a deck's art is read once a process."""
    if not path.lower().endswith(".svg"):
        from PIL import Image

        with warnings.catch_warnings():  # Pillow warns on stderr past 89 megapixels: refused below, in one line
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            im = Image.open(path)
        with im:
            if im.width * im.height > MAX_PIXELS:
                raise DeckError(f"{im.width} × {im.height} pixels ({im.width * im.height / 1e6:.0f} megapixels) is more "
                                f"than card art needs (at most {MAX_PIXELS // 1_000_000}); scale it down")
            im.verify()
        with Image.open(path) as im:
            im.load()
        return
    from cardforge.deck.paths import inside

    for ref in svg_references(path):
        target = inside(ref, Path(folder), "the SVG's reference", base=Path(path).parent)
        if target.suffix.lower() in (".png", ".jpg", ".jpeg") and target.is_file():  # decoded by svglib: check it as art
            try:
                _check_file(str(target), folder, target.stat().st_mtime_ns, target.stat().st_size)
            except DeckError as exc:
                raise DeckError(f"the SVG's reference {ref!r}: {exc.detail}") from None
            except Exception as exc:  # as check_image: any Pillow error means unreadable
                raise DeckError(f"the SVG's reference {ref!r} cannot be read ({type(exc).__name__}: {exc})") from None
    _ROOTS[path] = folder
    drawing = load_svg(path)
    w, h = float(drawing.width), float(drawing.height)
    lo, hi = SVG_SIDE
    if not (lo <= w <= hi and lo <= h <= hi):
        raise DeckError(f"the SVG's size {w:g} × {h:g} pt is not drawable; give the <svg> a width and height "
                        f"(or a viewBox) between {lo:g} and {hi:g}")


def svg_references(path: str) -> list[str]:
    """Every file an SVG names: ``href``/``xlink:href`` and CSS ``url()``/``@import`` that are
    not a ``#fragment`` of the file itself or a ``data:`` URI.  A file that is no SVG (its root
    element is not ``<svg>``) or cannot be parsed is a ``DeckError``."""
    try:
        from lxml import etree
    except ImportError:
        raise DeckError("SVG art needs svglib (pip install 'cardforge[svg]'), or use a PNG") from None

    from cardforge.userfile import UnreadableFile, read_user_file

    try:
        data = read_user_file(path, limit=SVG_BYTES)
    except UnreadableFile as exc:
        raise DeckError(str(exc)) from None
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser=parser)
    except etree.XMLSyntaxError as exc:
        raise DeckError(f"not a readable SVG file ({exc})") from None
    if not isinstance(root.tag, str) or etree.QName(root).localname != "svg":
        raise DeckError(f"not an SVG file: its root element is <{etree.QName(root).localname if isinstance(root.tag, str) else '?'}>, "
                        "expected <svg>")
    refs = []
    for node in root.iter():
        for key, value in node.attrib.items():
            if key in (_XLINK, "href"):
                refs.append(value.strip())
            elif "url(" in value or "@import" in value:
                refs += [m.group(2) or m.group(4) for m in _URL.finditer(value)]
        if isinstance(node.tag, str) and etree.QName(node).localname == "style" and node.text:
            refs += [m.group(2) or m.group(4) for m in _URL.finditer(node.text)]
    files = (r.strip().split("#", 1)[0] for r in refs if not r.strip().lower().startswith("data:"))
    return [r for r in files if r]


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


#: SVG path → the deck folder ``check_image`` found it in (its references must stay there)
_ROOTS: dict[str, str] = {}


def load_svg(path: str) -> Any:
    """The SVG as a reportlab drawing (svglib); the files it names must be inside the deck
    folder it was checked in (else its own folder) — ``check_image`` refused any other."""
    return _load_svg(path, _ROOTS.get(path) or str(Path(path).parent))


@functools.lru_cache(maxsize=64)
def _load_svg(path: str, root: str) -> Any:
    try:
        from svglib.svglib import svg2rlg
    except ImportError:
        raise DeckError(f"{path}: SVG art needs svglib (pip install 'cardforge[svg]'), or use a PNG") from None
    drawing = svg2rlg(path, external_reference_root=root)
    if drawing is None:
        raise DeckError(f"{path}: not a readable SVG file")
    return drawing
