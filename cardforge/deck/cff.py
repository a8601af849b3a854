"""OpenType fonts with CFF (PostScript) outlines, made drawable (deck data: ``deck.glyphs`` reads
their character maps, ``render.fonts`` registers the conversion): reportlab embeds and subsets
TrueType outlines only, so an ``.otf`` whose outlines are CFF is converted with fontTools (cubic
curves approximated by quadratic ones within ``MAX_ERR`` font units, fontTools' ``cu2qu``) into
TrueType outlines, in memory, once per file version and process; the deck cache keeps the result
on disk so the next run reads it instead of converting again.

>>> is_cff(b"OTTO\\x00\\x0a"), is_cff(b"\\x00\\x01\\x00\\x00")
(True, False)
"""

from __future__ import annotations

import functools
import io
from pathlib import Path

__all__ = ["is_cff", "truetype_bytes", "cmap_of", "MAX_ERR"]

#: how far (font units) a converted quadratic curve may stray from the cubic one (fontTools' default)
MAX_ERR = 1.0


def is_cff(head: bytes) -> bool:
    """Whether a font file starting with ``head`` is OpenType with CFF outlines."""
    return head[:4] == b"OTTO"


def _convert(data: bytes) -> bytes:
    """The TrueType-outline version of an OpenType-CFF font file (fontTools' otf2ttf recipe)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(io.BytesIO(data))
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        glyf[name] = pen.glyph()
    for table in ("CFF ", "CFF2", "VORG"):
        if table in font:
            del font[table]
    hmtx = font["hmtx"]
    for name in order:  # the left side bearings follow the new outlines
        glyph = glyf[name]
        glyph.recalcBounds(glyf)
        hmtx[name] = (hmtx[name][0], getattr(glyph, "xMin", 0))
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 1 if field == "maxZones" else 0)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@functools.lru_cache(maxsize=16)
def _truetype(path: str, size: int, mtime_ns: int) -> bytes:
    from cardforge.deck import cache

    data = Path(path).read_bytes()
    folder = cache.cache_dir()
    if folder is None:
        return _convert(data)
    import hashlib

    stored = folder / f"font-{hashlib.blake2b(data, digest_size=16).hexdigest()}.ttf"
    try:
        return stored.read_bytes()
    except OSError:
        pass
    converted = _convert(data)
    try:
        from cardforge.atomic import atomic_write_bytes

        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(stored, converted)
    except Exception:  # a cache we cannot write is only a slower start
        pass
    return converted


def truetype_bytes(path: Path) -> bytes:
    """The font at ``path`` with TrueType outlines (converted if it is CFF, else read as it is)."""
    st = path.stat()
    with path.open("rb") as handle:
        if not is_cff(handle.read(4)):
            return path.read_bytes()
    return _truetype(str(path), st.st_size, st.st_mtime_ns)


@functools.lru_cache(maxsize=32)
def _cmap(path: str, mtime_ns: int) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    with TTFont(path, lazy=True) as font:
        return frozenset(font.getBestCmap() or {})


def cmap_of(path: Path) -> frozenset[int]:
    """The code points a font file (TrueType or CFF) has glyphs for."""
    return _cmap(str(path), path.stat().st_mtime_ns)
