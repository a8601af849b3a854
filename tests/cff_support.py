"""A small OpenType-CFF font for the tests: DejaVu Sans' ASCII letters with cubic (PostScript)
outlines, built with fontTools (no OTF file is shipped for the tests)."""

from __future__ import annotations

from pathlib import Path

from tests.render_support import ROOT


def make_cff_font(path: Path, chars: str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;'!?()-") -> Path:
    """Write an ``.otf`` with CFF outlines holding only ``chars`` (so others are missing)."""
    from fontTools import subset
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTFont

    src = TTFont(ROOT / "cardforge" / "fonts" / "DejaVuSans.ttf")
    options = subset.Options()
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=[ord(c) for c in chars])
    sub.subset(src)
    glyphs, order = src.getGlyphSet(), src.getGlyphOrder()
    charstrings = {}
    for name in order:
        pen = T2CharStringPen(src["hmtx"][name][0], glyphs)
        glyphs[name].draw(pen)  # quadratic segments become cubic ones
        charstrings[name] = pen.getCharString()
    fb = FontBuilder(src["head"].unitsPerEm, isTTF=False)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap(src.getBestCmap())
    fb.setupCFF("CardforgeTestCFF", {"FullName": "Cardforge Test CFF"}, charstrings, {})
    fb.setupHorizontalMetrics({n: src["hmtx"][n] for n in order})
    fb.setupHorizontalHeader(ascent=src["hhea"].ascent, descent=src["hhea"].descent)
    fb.setupNameTable({"familyName": "Cardforge Test CFF", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=src["OS/2"].sTypoAscender, usWinAscent=src["OS/2"].usWinAscent,
                usWinDescent=src["OS/2"].usWinDescent)
    fb.setupPost()
    fb.save(str(path))
    return path
