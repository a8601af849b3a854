"""CMYK for a print shop (DriveThruCards): art through a real ICC profile, total ink limited,
black text and hairlines overprinting.

- **Art.** An RGB picture (PNG, JPEG) and every colour of an SVG are converted from sRGB with
  littleCMS (Pillow's ``ImageCms``, perceptual intent) to the CMYK profile the PDF/X
  OutputIntent names: Ghostscript's ``default_cmyk.icc`` (Artifex SWOP, CGATS TR 001), which
  Debian's ``ghostscript`` package (.ci/apt-packages.txt) puts in ``/usr/share/color/icc``.
  Without it the plain undercolour-removal formula of ``colours`` is used and ``notice`` says so.
- **Total ink.** SWOP allows 300 % of ink; DriveThruCards asks for at most ``INK_LIMIT`` (240 %).
  ``limit_ink`` first replaces grey made of cyan, magenta and yellow by black (grey-component
  replacement: each unit moved takes two off the total), then scales the coloured inks down, so
  every pixel and every colour stays within the limit and dark colours keep their darkness.
- **Overprint.** Text and lines of at most ``HAIRLINE_PT`` in 100 % K are drawn with overprint
  on (``OP``/``op`` with ``OPM 1``), so misregistration leaves no white halo around them on a
  coloured background (``PressCanvas``).

>>> limit_ink(1.0, 1.0, 0.0, 0.5)
(0.95, 0.95, 0.0, 0.5)
>>> [round(v, 3) for v in limit_ink(0.8, 0.7, 0.7, 0.6)]  # 0.2 of grey moved to black
[0.6, 0.5, 0.5, 0.8]
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

__all__ = ["INK_LIMIT", "HAIRLINE_PT", "limit_ink", "icc_profile", "cmyk_image", "rgb_to_cmyk", "cmyk_drawing",
           "press_canvas_class", "total_ink"]

#: the most ink (sum of C, M, Y and K, 1.0 = 100 %) DriveThruCards accepts
INK_LIMIT = 2.40
#: 100 % K lines this thin or thinner overprint (points)
HAIRLINE_PT = 1.0
_PROFILE_DIRS = (Path("/usr/share/color/icc/ghostscript"), Path("/usr/share/ghostscript/iccprofiles"))


def limit_ink(c: float, m: float, y: float, k: float, limit: float = INK_LIMIT) -> tuple[float, float, float, float]:
    """``(c, m, y, k)`` (0 … 1 each) with at most ``limit`` of ink: grey moved to K, then C, M, Y scaled."""
    total = c + m + y + k
    if total <= limit + 1e-9:
        return (c, m, y, k)
    moved = min(c, m, y, (total - limit) / 2, 1.0 - k)
    c, m, y, k = c - moved, m - moved, y - moved, k + moved
    colour = c + m + y
    if colour + k > limit + 1e-9 and colour > 0:
        scale = max(limit - k, 0.0) / colour
        c, m, y = c * scale, m * scale, y * scale
    return (round(c, 4), round(m, 4), round(y, 4), round(k, 4))


def total_ink(image: Any) -> float:
    """The largest total ink of any pixel of a CMYK image (1.0 = 100 %)."""
    from PIL import ImageMath

    c, m, y, k = (band.convert("I") for band in image.split())
    summed = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    return summed.getextrema()[1] / 255


@functools.cache
def icc_profile() -> Path | None:
    """The CMYK ICC profile the PDF/X OutputIntent names (Ghostscript's SWOP), if installed."""
    from cardforge.render import prepress

    gs = prepress.ghostscript()
    found = prepress.cmyk_profile(gs) if gs else None
    return found or next((d / "default_cmyk.icc" for d in _PROFILE_DIRS if (d / "default_cmyk.icc").is_file()), None)


@functools.cache
def _transform() -> Any:
    from PIL import ImageCms

    path = icc_profile()
    if path is None:
        return None
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(str(path)), "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.PERCEPTUAL)


def _limited(image: Any, limit: float = INK_LIMIT) -> Any:
    """A CMYK image with ``limit_ink`` applied to every pixel (Pillow's per-pixel arithmetic)."""
    from PIL import Image, ImageMath

    cap = round(limit * 255)
    c, m, y, k = (band.convert("F") for band in image.split())

    def grey(a: Any) -> Any:  # what moves to black: min(c, m, y, half the excess, the room left in k)
        excess = a["max"](a["c"] + a["m"] + a["y"] + a["k"] - cap, 0) / 2
        return a["min"](a["min"](a["min"](a["c"], a["m"]), a["min"](a["y"], excess)), 255 - a["k"])

    def scale(a: Any) -> Any:  # then the coloured inks down to what the limit leaves
        colour = a["c"] + a["m"] + a["y"]
        return (colour - a["max"](colour + a["k"] - cap, 0)) / a["max"](colour, 1)

    g = ImageMath.lambda_eval(grey, c=c, m=m, y=y, k=k)
    c, m, y = (ImageMath.lambda_eval(lambda a: a["v"] - a["g"], v=v, g=g) for v in (c, m, y))
    k = ImageMath.lambda_eval(lambda a: a["k"] + a["g"], k=k, g=g)
    s = ImageMath.lambda_eval(scale, c=c, m=m, y=y, k=k)
    inks = [ImageMath.lambda_eval(lambda a: a["v"] * a["s"], v=v, s=s) for v in (c, m, y)]
    return Image.merge("CMYK", [band.convert("L") for band in (*inks, k)])


def cmyk_image(image: Any) -> Any:
    """An RGB (or grey, paletted) PIL image as CMYK through the ICC profile, ink limited."""
    rgb = image.convert("RGB")
    transform = _transform()
    if transform is None:
        cmyk = rgb.convert("CMYK")  # Pillow's plain formula (no K at all): the limit does the rest
    else:
        from PIL import ImageCms

        cmyk = ImageCms.applyTransform(rgb, transform)
    return _limited(cmyk)


@functools.lru_cache(maxsize=4096)
def rgb_to_cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """One sRGB colour (0 … 1 each) as ink-limited CMYK through the ICC profile."""
    from PIL import Image

    pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in (r, g, b)))
    c, m, y, k = cmyk_image(pixel).getpixel((0, 0))
    return (c / 255, m / 255, y / 255, k / 255)


def _cmyk_colour(colour: Any) -> Any:
    from reportlab.lib.colors import CMYKColor, Color

    if colour is None or isinstance(colour, CMYKColor) or not isinstance(colour, Color):
        return colour
    if max(colour.red, colour.green, colour.blue) < 0.01:  # black stays one plate
        return CMYKColor(0, 0, 0, 1, alpha=colour.alpha)
    c, m, y, k = rgb_to_cmyk(colour.red, colour.green, colour.blue)
    return CMYKColor(round(c, 4), round(m, 4), round(y, 4), round(k, 4), alpha=colour.alpha)


def cmyk_drawing(drawing: Any) -> Any:
    """A copy of an svglib drawing with every fill and stroke colour in CMYK (``rgb_to_cmyk``)."""
    copy = drawing.copy()
    stack = [copy]
    while stack:
        node = stack.pop()
        for attr in ("fillColor", "strokeColor"):
            if hasattr(node, attr):
                setattr(node, attr, _cmyk_colour(getattr(node, attr)))
        stack.extend(getattr(node, "contents", ()) or ())
    return copy


def _pure_k(colour: Any) -> bool:
    from reportlab.lib.colors import CMYKColor

    return isinstance(colour, CMYKColor) and colour.black >= 0.999 and max(colour.cyan, colour.magenta, colour.yellow) < 1e-3


@functools.cache
def press_canvas_class() -> type:
    """reportlab's ``Canvas`` with 100 % K text and hairlines overprinting (defined on first use)."""
    from reportlab.pdfgen.canvas import Canvas

    class PressCanvas(Canvas):
        """A DeviceCMYK canvas for a print shop: black text and thin black lines overprint."""

        def _overprinting(self, stroking: bool, draw: Any, *args: Any, **kwargs: Any) -> Any:
            colour = getattr(self, "_strokeColorObj" if stroking else "_fillColorObj", None)
            if not (_pure_k(colour) and (not stroking or self._lineWidth <= HAIRLINE_PT)):
                return draw(*args, **kwargs)
            turn = self._setStrokeOverprint if stroking else self._setFillOverprint
            turn(True)
            self._setOverprintMask(1)
            try:
                return draw(*args, **kwargs)
            finally:
                turn(False)

        def _shape(self, draw: Any, fixed: int, args: tuple, kwargs: dict) -> Any:
            """A filled and stroked shape (``fixed`` leading arguments, then stroke and fill, as
            reportlab takes them): the fill as it is, the stroke overprinting if a black hairline."""
            stroke = args[fixed] if len(args) > fixed else kwargs.pop("stroke", 1)
            fill = args[fixed + 1] if len(args) > fixed + 1 else kwargs.pop("fill", 0)
            args = args[:fixed]
            if not stroke:
                return draw(*args, stroke=0, fill=fill, **kwargs)
            if fill:
                draw(*args, stroke=0, fill=fill, **kwargs)
            return self._overprinting(True, draw, *args, stroke=1, fill=0, **kwargs)

        def endForm(self, **extra: Any) -> Any:
            """reportlab leaves a form's graphics states (the overprint switches) out of its
            resources; they are put in, beside what reportlab itself lists."""
            name = self._formData[0]
            done = super().endForm(**extra)
            form = self._doc.idToObject.get(self._doc.getXObjectName(name))
            if form is not None and getattr(form, "ExtGState", None) and not form.Resources:
                from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

                resources = PDFResourceDictionary()
                resources.basicFonts()
                resources.allProcs() if form.hasImages else resources.basicProcs()
                if form.XObjects:
                    resources.XObject = form.XObjects
                resources.ExtGState = form.ExtGState
                form.Resources = resources
            return done

        def drawString(self, *args: Any, **kwargs: Any) -> Any:
            return self._overprinting(False, super().drawString, *args, **kwargs)

        def drawText(self, *args: Any, **kwargs: Any) -> Any:
            return self._overprinting(False, super().drawText, *args, **kwargs)

        def line(self, *args: Any) -> Any:
            return self._overprinting(True, super().line, *args)

        def drawPath(self, *args: Any, **kwargs: Any) -> Any:
            return self._shape(super().drawPath, 1, args, kwargs)

        def rect(self, *args: Any, **kwargs: Any) -> Any:
            return self._shape(super().rect, 4, args, kwargs)

        def roundRect(self, *args: Any, **kwargs: Any) -> Any:
            return self._shape(super().roundRect, 5, args, kwargs)

        def circle(self, *args: Any, **kwargs: Any) -> Any:
            return self._shape(super().circle, 3, args, kwargs)

        def ellipse(self, *args: Any, **kwargs: Any) -> Any:
            return self._shape(super().ellipse, 4, args, kwargs)

    return PressCanvas
