"""A deck's own fonts as deck data: TrueType files beside the deck, by name
(``fonts: {Roboto: fonts/Roboto-Regular.ttf}``, ``.otf`` too).

reportlab embeds and subsets TrueType outlines only; an OpenType file with CFF (PostScript)
outlines is checked here and converted to TrueType outlines when registered (``deck.cff``).
Registering them for drawing is ``cardforge.render.deckfonts``'s business.
"""

from __future__ import annotations

from pathlib import Path

from cardforge.errors import DeckError

__all__ = ["check_font"]


def check_font(name: str, src: str, folder: Path) -> Path:
    """The font file ``src`` inside ``folder``, a loadable TrueType or OpenType-CFF font; else a ``DeckError``."""
    from cardforge.paths import fonts_dir

    if name in {p.stem for p in fonts_dir().glob("*.ttf")}:
        raise DeckError(f"font name {name!r} is a bundled font; give your font another name")
    from cardforge.deck.paths import inside

    path = inside(src, folder, "font")
    if not path.is_file():
        raise DeckError(f"font {src!r} not found in {folder}")
    head = path.read_bytes()[:4]
    if head == b"OTTO":  # CFF outlines: converted to TrueType ones when registered (deck.cff)
        try:
            from fontTools.ttLib import TTFont

            with TTFont(str(path), lazy=True) as font:
                if "CFF " not in font or "cmap" not in font:
                    raise ValueError("no CFF outlines or no character map")
                font["cmap"].getBestCmap()
        except Exception as exc:  # fontTools raises TTLibError and others for a damaged file
            raise DeckError(f"font {src!r} cannot be read as OpenType-CFF: {exc}") from None
        return path
    if head not in (b"\x00\x01\x00\x00", b"true"):
        raise DeckError(f"font {src!r} is not a TrueType font file (.ttf)")
    try:
        from reportlab.pdfbase.ttfonts import TTFontFile

        TTFontFile(str(path))
    except Exception as exc:  # reportlab raises TTFError and others for a damaged file
        raise DeckError(f"font {src!r} cannot be read: {exc}") from None
    return path
