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

__all__ = ["resolve_image", "draw_image", "draw_svg", "try_svg"]


def _folder(deck: Any) -> Path:
    return (deck.source.parent if getattr(deck, "source", None) is not None else Path.cwd()).resolve()


def resolve_image(src: str, deck: Any, what: str) -> str:
    """The absolute path of ``src`` for ``deck`` (checked; an SVG also drawn once on a scratch
    form, so what would fail on the sheet fails in ``validate``), as a string."""
    try:
        path = check_image(src, _folder(deck))
        if path.suffix.lower() == ".svg":
            try_svg(str(path), path.stat().st_mtime_ns)
        return str(path)
    except DeckError as exc:
        raise DeckError(f"{what}: {exc}") from None


@functools.lru_cache(maxsize=64)
def try_svg(path: str, mtime_ns: int = 0) -> None:
    """Draw the SVG inside a form on a scratch canvas, as a face draws it (once per file
    version): any failure, such as a number reportlab cannot write (``font-size="1e30"``), is
    a ``DeckError`` in ``validate`` rather than on the sheet."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(io.BytesIO())
    try:
        canv.beginForm("cfsvgcheck")
        draw_svg(canv, load_svg(path))
        canv.endForm()
        canv.showPage()
        canv.save()
    except Exception as exc:  # reportlab raises ValueError, TypeError, its own errors …
        detail = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        raise DeckError(f"image {Path(path).name!r}: the SVG cannot be drawn ({detail}); check its sizes and numbers") from None


def draw_svg(canv: Any, drawing: Any, cmyk: bool = False) -> None:
    """Draw an svglib drawing at the origin; its raster ``<image>`` parts become image
    XObjects (reportlab's own renderer writes inline images, which a form cannot hold), in CMYK
    through the ICC profile if ``cmyk``."""
    from reportlab.graphics.renderbase import renderScaledDrawing

    renderer = _svg_renderer()()
    renderer.cmyk = cmyk
    renderer.draw(renderScaledDrawing(drawing), canv, 0, 0)


@functools.lru_cache(maxsize=64)
def _cmyk_svg(path: str, mtime_ns: int) -> Any:
    """The SVG's drawing with its colours in ink-limited CMYK (``render.cmyk``)."""
    from cardforge.render.cmyk import cmyk_drawing

    return cmyk_drawing(load_svg(path))


@functools.lru_cache(maxsize=64)
def _cmyk_picture(path: str, mtime_ns: int) -> Any:
    """The picture at ``path`` as an ink-limited CMYK PIL image (``render.cmyk``)."""
    from PIL import Image

    from cardforge.render.cmyk import cmyk_image

    with Image.open(path) as image:
        return cmyk_image(image)


def _opaque(path: str) -> bool:
    """Whether the picture has no transparency (one with it is left to Ghostscript's conversion:
    PDF/X-1a has no soft masks, its pixels are flattened there)."""
    from PIL import Image

    with Image.open(path) as image:
        return image.mode not in ("RGBA", "LA", "PA") and "transparency" not in image.info


@functools.cache
def _svg_renderer() -> type:
    """reportlab's PDF renderer with ``drawImage`` drawing an XObject (defined on first use)."""
    from reportlab.graphics import renderPDF
    from reportlab.lib.utils import ImageReader

    class XObjectImages(renderPDF._PDFRenderer):  # the class renderPDF.draw uses
        def drawImage(self, image: Any) -> None:
            if image.path is None:
                return
            # svglib gives a file's path (checked: inside the deck folder) or a PIL image (a data: URI)
            source = ImageReader(image.path) if hasattr(image.path, "mode") else str(image.path)
            if getattr(self, "cmyk", False):
                from PIL import Image

                from cardforge.render.cmyk import cmyk_image

                with (Image.open(image.path) if isinstance(source, str) else image.path.copy()) as picture:
                    if picture.mode not in ("RGBA", "LA", "PA") and "transparency" not in picture.info:
                        source = ImageReader(cmyk_image(picture))
            self._canvas.drawImage(source, image.x, image.y, image.width, image.height, mask="auto")

    return XObjectImages


@functools.lru_cache(maxsize=64)
def _png_stream(path: str, mtime_ns: int) -> tuple[bytes, int, int, int] | None:
    """A plain PNG's compressed pixels as they are (8-bit grey or RGB, not interlaced, no
    transparency): PDF's Flate filter with the PNG predictors reads them unchanged, so the
    picture is neither decoded nor recompressed.  ``None`` for any other PNG."""
    import struct

    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind in (b"tRNS", b"PLTE"):
            return None
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None or not idat:
        return None
    width, height, depth, colour, _compression, _filter, interlace = header
    if depth != 8 or colour not in (0, 2) or interlace:
        return None
    return b"".join(idat), width, height, 3 if colour == 2 else 1


def _image_xobject(canv: Any, path: str) -> str | None:
    """Register a plain PNG once in this document, pixels passed through; its XObject name."""
    stream = _png_stream(path, Path(path).stat().st_mtime_ns)
    if stream is None:
        return None
    import hashlib

    name = "cfimg" + hashlib.sha1(f"{path}:{len(stream[0])}".encode()).hexdigest()[:12]
    reg = canv._doc.getXObjectName(name)
    if canv._doc.idToObject.get(reg) is None:
        obj = _passthrough_class()(name, *stream)
        canv._setXObjects(obj)
        canv._doc.Reference(obj, reg)
        canv._doc.addForm(name, obj)
    canv._formsinuse.append(name)
    return reg


@functools.cache
def _passthrough_class() -> Any:
    """The XObject class (defined on first use: reportlab is imported lazily)."""
    from reportlab.pdfbase import pdfdoc

    class PassThroughPNG(pdfdoc.PDFImageXObject):
        """An image XObject whose stream is a PNG's IDAT data (FlateDecode + PNG predictors)."""

        def __init__(self, name: str, idat: bytes, width: int, height: int, colours: int):
            self.name, self.streamContent, self.width, self.height = name, idat, width, height
            self.colours, self.bitsPerComponent, self.mask = colours, 8, None
            self.colorSpace = "DeviceRGB" if colours == 3 else "DeviceGray"
            self._filters = ("FlateDecode",)

        def format(self, document: Any) -> bytes:
            stream = pdfdoc.PDFStream(content=self.streamContent)
            d = stream.dictionary
            d["Type"], d["Subtype"] = pdfdoc.PDFName("XObject"), pdfdoc.PDFName("Image")
            d["Width"], d["Height"], d["BitsPerComponent"] = self.width, self.height, 8
            d["ColorSpace"] = pdfdoc.PDFName(self.colorSpace)
            d["Filter"] = pdfdoc.PDFName("FlateDecode")  # a name, so DecodeParms is one dictionary
            d["DecodeParms"] = pdfdoc.PDFDictionary({"Predictor": 15, "Colors": self.colours, "BitsPerComponent": 8,
                                                    "Columns": self.width})
            d["Length"] = len(self.streamContent)
            # "Filter" is set, so PDFStream writes the content as it is (already compressed)
            return stream.format(document)

    return PassThroughPNG


def draw_image(canv: Any, path: str, box: tuple[float, float, float, float], fit: str = "cover", cmyk: bool = False) -> None:
    """Draw the image at ``path`` into ``box``: ``cover`` fills it (cropped), ``contain`` fits inside
    (``cmyk``: converted for a print shop through an ICC profile, ink limited, see ``render.cmyk``)."""
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
        canv.translate(x, y)
        canv.scale(scale, scale)
        draw_svg(canv, _cmyk_svg(path, Path(path).stat().st_mtime_ns) if cmyk else load_svg(path), cmyk)
    elif cmyk and _opaque(path):
        from reportlab.lib.utils import ImageReader

        canv.drawImage(ImageReader(_cmyk_picture(path, Path(path).stat().st_mtime_ns)), x, y, w, h)
    else:
        reg = _image_xobject(canv, path)
        if reg is None:  # JPEG (passed through by reportlab), transparent or paletted PNG
            canv.drawImage(path, x, y, w, h, mask="auto")
        else:
            canv.translate(x, y)
            canv.scale(w, h)
            canv._code.append(f"/{reg} Do")
    canv.restoreState()
