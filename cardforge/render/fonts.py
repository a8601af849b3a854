"""The bundled DejaVu TrueType fonts, registered with reportlab so every PDF embeds them.

reportlab starts every page with its base font (Helvetica, never embedded) unless told
otherwise; ``register_fonts`` registers each ``cardforge/fonts/*.ttf`` under its file stem and
makes DejaVu Sans the base font, so no PDF of ours names Helvetica.

>>> names = register_fonts()
>>> names.regular, names.bold
('DejaVuSans', 'DejaVuSans-Bold')
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from cardforge.errors import DeckError

__all__ = ["FontNames", "register_fonts", "available_fonts", "require_font", "register_extra_font"]

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
def _register() -> tuple[str, ...]:
    from reportlab import rl_config
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from cardforge.paths import fonts_dir

    names = []
    for path in sorted(fonts_dir().glob("*.ttf")):
        pdfmetrics.registerFont(TTFont(path.stem, str(path)))
        names.append(path.stem)
    default = FontNames()
    # bold/italic mapping for platypus <b>/<i>, and the base font for canvases and styles
    addMapping(default.regular, 0, 0, default.regular)
    addMapping(default.regular, 1, 0, default.bold)
    addMapping(default.regular, 0, 1, default.italic)
    addMapping(default.regular, 1, 1, default.bold)
    rl_config.canvas_basefontname = default.regular
    return tuple(names)


def register_fonts() -> FontNames:
    """Register the bundled fonts (idempotent) and return the names to draw with."""
    _register()
    return FontNames()


def available_fonts() -> tuple[str, ...]:
    """Names of the bundled fonts, usable in a deck's ``style.font*`` fields."""
    return _register()


def require_font(name: str, where: str = "style") -> str:
    """Return ``name`` if it is a bundled font; else a ``DeckError`` listing the choices."""
    fonts = available_fonts()
    if name in fonts or name in _EXTRA:
        return name
    from cardforge.cards import nearest

    guess = nearest(name, list(fonts))
    hint = f"; did you mean {guess!r}?" if guess else ""
    raise DeckError(f"unknown font {name!r} in {where}: bundled fonts are {', '.join(fonts)}{hint}")


def register_extra_font(name: str, path: str) -> None:
    """Register a deck's own TrueType file under ``name`` (embedded and subset like the bundled ones)."""
    if _EXTRA.get(name) == path:
        return
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    _register()
    pdfmetrics.registerFont(TTFont(name, path))
    _EXTRA[name] = path
