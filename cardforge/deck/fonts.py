"""A deck's own fonts as deck data: TrueType files beside the deck, by name
(``fonts: {Roboto: fonts/Roboto-Regular.ttf}``).

reportlab embeds and subsets TrueType outlines only, so an OpenType file with CFF (PostScript)
outlines is refused with a one-line reason rather than failing deep in the PDF writer.
Registering them for drawing is ``cardforge.render.deckfonts``'s business.
"""

from __future__ import annotations

from pathlib import Path

from cardforge.errors import DeckError

__all__ = ["check_font"]


def check_font(name: str, src: str, folder: Path) -> Path:
    """The font file ``src`` inside ``folder``, a loadable TrueType font; else a ``DeckError``."""
    from cardforge.paths import fonts_dir

    if name in {p.stem for p in fonts_dir().glob("*.ttf")}:
        raise DeckError(f"font name {name!r} is a bundled font; give your font another name")
    from cardforge.deck.paths import inside

    path = inside(src, folder, "font")
    if not path.is_file():
        raise DeckError(f"font {src!r} not found in {folder}")
    head = path.read_bytes()[:4]
    if head == b"OTTO":
        raise DeckError(f"font {src!r} is OpenType with CFF (PostScript) outlines, which reportlab cannot embed; "
                        "use the .ttf (TrueType) version of the font, or convert it (fontTools: otf2ttf)")
    if head not in (b"\x00\x01\x00\x00", b"true"):
        raise DeckError(f"font {src!r} is not a TrueType font file (.ttf)")
    try:
        from reportlab.pdfbase.ttfonts import TTFontFile

        TTFontFile(str(path))
    except Exception as exc:  # reportlab raises TTFError and others for a damaged file
        raise DeckError(f"font {src!r} cannot be read: {exc}") from None
    return path
