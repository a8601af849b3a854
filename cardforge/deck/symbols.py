"""Symbols as data: the ones cardforge ships and the ones a deck declares (``symbols:``).

Shipped: the vector shapes of ``render.symbols`` (circle, triangle, square, diamond, star, moon,
hexagon, heart, cross, drop, spade, club) and the game icons of ``deck.icons`` (sword, crown,
skull …, each a character of the bundled DejaVu Sans Bold).  A deck of free cards may declare
its own — a character of a font or a picture, and a colour::

    symbols:
      coin: {image: art/coin.png}
      sun:  {glyph: "☀", color: "#F4B400"}

and name any of them as a family's ``symbol``, in a ``symbol`` or ``icon`` element, or as
``:name:`` in a card text.  A declared name wins over a shipped one.  ``symbol_problems`` checks
the declarations (each error at its ``file:line:column``), ``drawn_as`` says how a name is drawn,
``inline`` turns ``:name:`` into the rich-text markup that draws it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardforge.errors import DeckError
from cardforge.i18n import text

__all__ = ["shipped_names", "deck_symbols", "drawn_as", "inline", "symbol_problems"]


def shipped_names() -> tuple[str, ...]:
    """Every symbol name cardforge draws without a deck declaring it."""
    from cardforge.deck.icons import GAME_ICONS
    from cardforge.render.symbols import SYMBOLS

    return (*SYMBOLS, *(n for n in GAME_ICONS if n not in SYMBOLS))


def deck_symbols(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A validated deck's ``symbols:`` as plain dicts (``glyph``, ``image``, ``color``, ``font``)."""
    return {name: {k: sym.get(k) for k in ("glyph", "image", "color", "font")}
            for name, sym in (data.get("symbols") or {}).items()}


def drawn_as(symbols: dict[str, dict[str, Any]], name: str) -> dict[str, Any] | None:
    """How symbol ``name`` is drawn: the deck's own declaration, a game icon's character (in the
    bold font), or ``None`` for a shipped vector shape; ``KeyError`` for a name nobody knows."""
    own = symbols.get(name)
    if own is not None:
        return own
    from cardforge.render.symbols import SYMBOLS

    if name in SYMBOLS:
        return None
    from cardforge.deck.icons import GAME_ICONS

    return {"glyph": GAME_ICONS[name], "image": None, "color": None, "font": None}


_TOKEN = re.compile(r":([a-z][a-z0-9]*):|\{icon:([a-z][a-z0-9]*)\}")
_MARKUP = re.compile(r"([\\*\[\]{}:])")


def inline(line: str, symbols: dict[str, dict[str, Any]], font: str) -> str:
    """``line`` with each ``:name:`` (or ``{icon:name}``) of a declared symbol written as the
    rich-text markup that draws it: ``{img:…}`` for a picture, a span of its glyph in its font
    (else ``font``, the deck's bold font, as a ``symbol`` element draws it) and colour."""
    if not symbols or (":" not in line and "{icon:" not in line):
        return line

    def markup(m: re.Match) -> str:
        sym = symbols.get(m.group(1) or m.group(2))
        if sym is None:
            return m.group(0)
        if sym["image"]:
            return "{img:" + sym["image"] + "}"
        spec = " ".join(f"{k}={v}" for k, v in (("color", sym["color"]), ("font", sym["font"] or font)) if v)
        glyph = _MARKUP.sub(r"\\\1", sym["glyph"])  # a markup character is escaped: printed as it is
        return f"[{glyph}]{{{spec}}}"

    return _TOKEN.sub(markup, line)


def symbol_problems(data: dict[str, Any], raw: Any, path: Path) -> list[DeckError]:
    """Every problem of a free deck's ``symbols:`` and of its families' ``symbol``, each at its
    ``file:line:column``: a symbol with both or neither of glyph and image, a glyph of more than
    one character or missing from its font, a picture that cannot be read, a family naming a
    symbol nobody declared."""
    from cardforge.deck.source import position_of

    problems: list[DeckError] = []

    def report(loc: tuple, message: str) -> None:
        line, col = position_of(raw, loc) if raw is not None else (None, None)
        problems.append(DeckError(message, file=str(path), line=line, column=col, path=".".join(map(str, loc))))

    declared = data.get("symbols") or {}
    for name, sym in declared.items():
        if bool(sym.get("glyph")) == bool(sym.get("image")):
            report(("symbols", name), text("deck.symbol.one_of", name=repr(name)))
        elif sym.get("image"):
            _check(report, ("symbols", name, "image"), lambda src=sym["image"]: _image(src, path))
        elif len(sym["glyph"]) != 1:
            report(("symbols", name, "glyph"), text("deck.symbol.one_char", name=repr(name), glyph=repr(sym["glyph"])))
        else:
            _check(report, ("symbols", name, "glyph"), lambda sym=sym, name=name: _in_font(sym, name, data, path))
    known = list(dict.fromkeys([*declared, *shipped_names()]))
    for code, fam in (data.get("families") or {}).items():
        if fam.get("symbol") not in known:
            from cardforge.cards import nearest

            guess = nearest(fam["symbol"], known)
            hint = text("deck.symbol.hint", guess=repr(guess)) if guess else ""
            report(("families", code, "symbol"),
                   text("deck.symbol.unknown", name=repr(fam["symbol"]), known=", ".join(known), hint=hint))
    return problems


def _check(report: Any, loc: tuple, fn: Any) -> None:
    try:
        fn()
    except DeckError as exc:
        report(loc, exc.detail)


def _image(src: str, path: Path) -> None:
    from cardforge.deck.art import check_image

    check_image(src, path.parent)


def _in_font(sym: dict[str, Any], name: str, data: dict[str, Any], path: Path) -> None:
    """The glyph is in its font (the deck's own font file, or a bundled one)."""
    from cardforge.deck.cff import cmap_of
    from cardforge.paths import fonts_dir

    font = sym.get("font") or (data.get("style") or {}).get("font_bold") or "DejaVuSans-Bold"
    own = (data.get("fonts") or {}).get(font)
    file = (path.parent / own).resolve() if own else fonts_dir() / f"{font}.ttf"
    if not file.is_file():
        raise DeckError(text("deck.symbol.no_font", name=repr(name), font=repr(font)))
    try:
        cmap = cmap_of(file)
    except Exception:  # an unreadable font of the deck's own is reported under 'fonts:'
        return
    if ord(sym["glyph"]) not in cmap:
        raise DeckError(text("deck.symbol.no_glyph", name=repr(name), glyph=repr(sym["glyph"]),
                             code=f"U+{ord(sym['glyph']):04X}", font=repr(font)))
