"""The bundled DejaVu TrueType fonts, registered with reportlab so every PDF embeds them.

reportlab starts every page with its base font (Helvetica, never embedded) unless told
otherwise; ``base_font`` registers DejaVu Sans and makes it the base font, so no PDF of ours
names Helvetica.  Fonts are registered lazily: a card document parses only the fonts its deck
names (``require_font``), each file at most once per process; ``register_fonts`` registers every
bundled font for documents that may use any (rulebooks, score pads).

>>> names = register_fonts()
>>> names.regular, names.bold
('DejaVuSans', 'DejaVuSans-Bold')
"""

from __future__ import annotations

import functools
import io
from typing import NamedTuple

from cardforge.errors import DeckError

__all__ = ["FontNames", "base_font", "register_font", "register_fonts", "available_fonts", "require_font",
           "register_extra_font", "italic_of"]

#: fonts a deck brought from its own folder (name → file), registered by ``register_extra_font``
_EXTRA: dict[str, str] = {}


class FontNames(NamedTuple):
    """The registered font names to use (the rulebook and the cards share them)."""

    regular: str = "DejaVuSans"
    bold: str = "DejaVuSans-Bold"
    italic: str = "DejaVuSans-Oblique"
    condensed: str = "DejaVuSansCondensed"
    condensed_bold: str = "DejaVuSansCondensed-Bold"


@functools.cache
def available_fonts() -> tuple[str, ...]:
    """Names of the bundled fonts, usable in a deck's ``style.font*`` fields (no file is parsed)."""
    from cardforge.paths import fonts_dir

    return tuple(sorted(p.stem for p in fonts_dir().glob("*.ttf")))


@functools.cache
def register_font(name: str) -> str:
    """Parse and register one bundled font (once per process); return its name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from cardforge.paths import fonts_dir

    pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / f"{name}.ttf")))
    return name


@functools.cache
def base_font() -> str:
    """Register DejaVu Sans as the base font of canvases and styles, with its bold/italic mapping."""
    from reportlab import rl_config
    from reportlab.lib.fonts import addMapping

    default = FontNames()
    register_font(default.regular)
    # bold/italic mapping for platypus <b>/<i> (the names only: ``register_fonts`` parses them)
    addMapping(default.regular, 0, 0, default.regular)
    addMapping(default.regular, 1, 0, default.bold)
    addMapping(default.regular, 0, 1, default.italic)
    addMapping(default.regular, 1, 1, default.bold)
    rl_config.canvas_basefontname = default.regular
    return default.regular


def register_fonts() -> FontNames:
    """Register every bundled font (idempotent) and return the names to draw with."""
    base_font()
    for name in available_fonts():
        register_font(name)
    return FontNames()


def require_font(name: str, where: str = "style", own: tuple[str, ...] = ()) -> str:
    """Register and return ``name`` if it is a bundled font or one of ``own`` (the deck's
    ``fonts:``, registered); else a ``DeckError`` listing both."""
    if name in _EXTRA:
        return name
    fonts = available_fonts()
    if name in fonts:
        return register_font(name)
    from cardforge.cards import nearest

    guess = nearest(name, [*fonts, *own])
    hint = f"; did you mean {guess!r}?" if guess else ""
    mine = f"; the deck's own fonts (fonts:) are {', '.join(own)}" if own else "; declare your own under fonts: {Name: file.ttf}"
    raise DeckError(f"unknown font {name!r} in {where}: bundled fonts are {', '.join(fonts)}{mine}{hint}")


def register_extra_font(name: str, path: str) -> None:
    """Register a deck's own TrueType (or OpenType-CFF, converted) file under ``name`` (embedded and
    subset like the bundled ones)."""
    if _EXTRA.get(name) == path:
        return
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    base_font()
    from pathlib import Path

    from cardforge.deck.cff import is_cff, truetype_bytes

    with open(path, "rb") as handle:
        cff = is_cff(handle.read(4))
    # an OpenType-CFF file is drawn from its TrueType-outline conversion (reportlab embeds only those)
    pdfmetrics.registerFont(TTFont(name, io.BytesIO(truetype_bytes(Path(path))) if cff else path))
    _EXTRA[name] = path


def italic_of(name: str) -> str:
    """The italic of a bundled or deck font by its usual names (``DejaVuSans`` → ``DejaVuSans-Oblique``,
    ``Foo-Regular`` → ``Foo-Italic``), or ``""`` when there is none (rich text then slants it)."""
    stem = name.removesuffix("-Regular")
    found = (c for c in (f"{stem}-Oblique", f"{stem}-Italic", f"{stem}Italic") if c in _EXTRA or c in available_fonts())
    return next(found, "")
