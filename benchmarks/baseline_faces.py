"""The face drawing code before layouts were data (kept only as the benchmark baseline).

A frozen copy of ``cardforge/render/faces.py`` at the last commit before the layout interpreter,
so ``bench_layout.py`` can time both in the same run.  Not used by cardforge itself.
"""

from __future__ import annotations

import functools
import hashlib
from typing import Any

from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.render.colours import Palette, luminance, mix
from cardforge.render.pdf import MM
from cardforge.render.symbols import draw_icon, draw_symbol
from cardforge.render.textfit import fit_text

__all__ = ["draw_card", "draw_back", "card_size_points", "face_label"]

_BLACK, _WHITE = "#000000", "#FFFFFF"


def card_size_points(deck: Deck, bleed: bool = False) -> tuple[float, float]:
    """The card's width and height in points, at trim or with its bleed on every side."""
    extra = 2 * deck.card.bleed_mm if bleed else 0.0
    return ((deck.card.width_mm + extra) * MM, (deck.card.height_mm + extra) * MM)


def face_label(deck: Deck, card: Card, lang: str = "en") -> str:
    """How errors and file names speak of a card: ``'passe' (Skip Your Turn) in collection``."""
    return f"card {card.code!r} ({deck.name(card, lang)}) in {deck.id}"


class _Geometry:
    """The card's measures in points (trim origin at 0, 0)."""

    def __init__(self, deck: Deck):
        self.w, self.h = card_size_points(deck)
        self.bleed = deck.card.bleed_mm * MM
        self.safe = deck.card.safe_mm * MM
        self.radius = deck.card.corner_radius_mm * MM
        self.unit = self.w / 180.0  # layout is designed on a 180 pt (poker) wide card, scaled


def _form(canv: Any, key: tuple, geo: _Geometry, draw: Any) -> str:
    """Define (once per canvas) a form XObject drawn by ``draw()`` and return its name."""
    known = canv.__dict__.setdefault("_cardforge_forms", {})
    name = known.get(key)
    if name is None:
        name = "cf" + hashlib.sha1(repr(key).encode()).hexdigest()[:12]
        b = geo.bleed
        canv.beginForm(name, -b, -b, geo.w + b, geo.h + b)
        draw()
        canv.endForm()
        known[key] = name
    return name


def _place(canv: Any, deck: Deck, geo: _Geometry, bleed: bool, palette: Palette, forms: list[str]) -> None:
    """Draw forms clipped to the bleed box or to the rounded trim outline (then framed)."""
    canv.saveState()
    p = canv.beginPath()
    if bleed:
        p.rect(-geo.bleed, -geo.bleed, geo.w + 2 * geo.bleed, geo.h + 2 * geo.bleed)
    else:
        p.roundRect(0, 0, geo.w, geo.h, geo.radius)
    canv.clipPath(p, stroke=0, fill=0)
    for name in forms:
        canv.doForm(name)
    canv.restoreState()
    if not bleed:
        canv.setStrokeColor(palette.colour(deck.style.frame))
        canv.setLineWidth(0.5)
        canv.roundRect(0, 0, geo.w, geo.h, geo.radius, fill=0, stroke=1)


def _bands(canv: Any, colours: tuple[str, ...], box: tuple[float, float, float, float], palette: Palette,
           angle: float = -28.0) -> None:
    """Rainbow bands, tilted by ``angle`` degrees, exactly covering ``box`` (x0, y0, x1, y1)."""
    import math

    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    a = math.radians(angle)
    across = abs(w * math.sin(a)) + abs(h * math.cos(a))  # the box's extent across the bands
    along = abs(w * math.cos(a)) + abs(h * math.sin(a))
    step = across / len(colours)
    canv.saveState()
    canv.translate(x0 + w / 2, y0 + h / 2)
    canv.rotate(angle)
    for i, colour in enumerate(colours):
        canv.setFillColor(palette.colour(colour))
        canv.rect(-along / 2, across / 2 - (i + 1) * step, along, step + 0.05 * step, fill=1, stroke=0)
    canv.restoreState()


def _tile(canv: Any, symbol: str, colour: Any, geo: _Geometry, size: float, gap: float) -> None:
    """A quiet pattern of small symbols over the background, offset every other row.

    The symbol is itself a form, so each repeat costs one short ``Do`` operator.
    """
    key = ("tile", symbol, repr(colour), size)
    known = canv.__dict__.setdefault("_cardforge_forms", {})
    name = known.get(key)
    if name is None:
        name = "cf" + hashlib.sha1(repr(key).encode()).hexdigest()[:12]
        canv.beginForm(name, -size, -size, size, size)
        draw_symbol(canv, symbol, 0, 0, size, colour)
        canv.endForm()
        known[key] = name
    y, row = -geo.bleed, 0
    while y < geo.h + geo.bleed + size:
        x = -geo.bleed + (gap / 2 if row % 2 else 0)
        while x < geo.w + geo.bleed + size:
            canv.saveState()
            canv.translate(x, y)
            canv.doForm(name)
            canv.restoreState()
            x += gap
        y += gap * 0.866
        row += 1


# -- numbered fronts ----------------------------------------------------------------------------


def _front_look(deck: Deck, family: str) -> dict:
    """The colours of a numbered card, from the family's style and the deck's."""
    return _look(deck.families[family].style, deck.style)


@functools.lru_cache(maxsize=64)
def _look(st: Any, style: Any) -> dict:
    dark_card = luminance(st.color) < 0.2
    return {
        "background": st.color,
        "ink": st.ink,
        "symbol": st.symbol,
        "gradient": st.gradient,
        # the medallion behind the big number: paper, or a lifted tone of a dark family
        "medallion": mix(st.color, st.ink, 0.14) if dark_card else style.paper,
        "number": st.ink if dark_card else (st.gradient[0] if st.gradient else st.color),
        "outline": st.ink if dark_card else style.frame,
        "pattern": mix(st.color, st.ink, 0.10 if dark_card else 0.16),
        "tab": style.paper if st.gradient else None,
    }


def _front_background(canv: Any, deck: Deck, family: str, geo: _Geometry, palette: Palette) -> None:
    look = _front_look(deck, family)
    u = geo.unit
    if look["gradient"]:
        b = geo.bleed
        _bands(canv, look["gradient"], (-b, -b, geo.w + b, geo.h + b), palette)
    else:
        canv.setFillColor(palette.colour(look["background"]))
        canv.rect(-geo.bleed, -geo.bleed, geo.w + 2 * geo.bleed, geo.h + 2 * geo.bleed, fill=1, stroke=0)
        _tile(canv, look["symbol"], palette.colour(look["pattern"]), geo, 9 * u, 26 * u)
    # inner border line at the safe zone
    canv.setStrokeColor(palette.colour(look["medallion"]))
    canv.setLineWidth(1.2 * u)
    s = geo.safe
    canv.roundRect(s, s, geo.w - 2 * s, geo.h - 2 * s, geo.radius, fill=0, stroke=1)
    # the medallion holding the big number, with the family symbol above and below it
    cx, cy, r = geo.w / 2, geo.h / 2, 62 * u
    canv.setFillColor(palette.colour(look["medallion"]))
    canv.setStrokeColor(palette.colour(look["outline"]))
    canv.setLineWidth(1.4 * u)
    canv.circle(cx, cy, r, fill=1, stroke=1)
    sym_colour = palette.colour(look["number"])
    for sign in (1, -1):
        canv.saveState()
        canv.translate(cx, cy)
        canv.rotate(0 if sign > 0 else 180)
        draw_symbol(canv, look["symbol"], 0, 43 * u, 17 * u, sym_colour, palette.colour(look["outline"]), 0.8 * u)
        canv.restoreState()
    # corner symbols (the values are drawn per card)
    for rotated in (False, True):
        canv.saveState()
        if rotated:
            canv.translate(geo.w, geo.h)
            canv.rotate(180)
        ix, iy = geo.safe + 13 * u, geo.h - geo.safe - 9 * u
        if look["tab"]:
            canv.setFillColor(palette.colour(look["tab"]))
            canv.roundRect(ix - 12 * u, iy - 45 * u, 24 * u, 50 * u, 5 * u, fill=1, stroke=0)
        ink = look["ink"]
        draw_symbol(canv, look["symbol"], ix, iy - 33 * u, 13 * u, palette.colour(ink))
        canv.restoreState()


def _number(canv: Any, text: str, x: float, y: float, font: str, size: float, fill: Any,
            outline: Any | None, outline_width: float, mode: str = "paint") -> None:
    """A centred number: ``paint`` (filled, outlined if ``outline``), ``stroke`` only, or ``clip``
    (added to the clipping path, for the caller to paint through and restore)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if mode != "clip":
        canv.saveState()  # the text render mode is graphics state: keep it from leaking
    t = canv.beginText()
    t.setFont(font, size)
    t.setTextRenderMode({"clip": 7, "stroke": 1}.get(mode, 2 if outline is not None else 0))
    if fill is not None:
        canv.setFillColor(fill)
    if outline is not None:
        canv.setStrokeColor(outline)
        canv.setLineWidth(outline_width)
        canv.setLineJoin(1)
    t.setTextOrigin(x - stringWidth(text, font, size) / 2, y)
    t.textOut(text)
    canv.drawText(t)
    if mode != "clip":
        canv.restoreState()


def _underline_if_ambiguous(canv: Any, value: int, x: float, y: float, font: str, size: float, colour: Any) -> None:
    """6 and 9 get a bar under them, so they read right whichever way up the card is."""
    if value not in (6, 9):
        return
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = stringWidth(str(value), font, size) * 0.7
    canv.setFillColor(colour)
    canv.rect(x - width / 2, y - size * 0.16, width, size * 0.07, fill=1, stroke=0)


def _draw_number_front(canv: Any, deck: Deck, card: Card, geo: _Geometry, palette: Palette) -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    look = _front_look(deck, card.family)
    u = geo.unit
    bold = deck.style.font_bold
    text = str(card.value)
    size = 62 * u if len(text) < 2 else 54 * u
    cx, cy = geo.w / 2, geo.h / 2 - size * 0.36
    outline = palette.colour(look["outline"])
    if look["gradient"]:
        canv.saveState()
        _number(canv, text, cx, cy, bold, size, None, None, 0, mode="clip")
        width = stringWidth(text, bold, size)
        _bands(canv, look["gradient"], (cx - width / 2, cy, cx + width / 2, cy + size * 0.73), palette, angle=-12)
        canv.restoreState()
        _number(canv, text, cx, cy, bold, size, None, outline, 1.3 * u, mode="stroke")
    else:
        _number(canv, text, cx, cy, bold, size, palette.colour(look["number"]), outline, 1.3 * u)
    _underline_if_ambiguous(canv, card.value, cx, cy, bold, size, palette.colour(look["number"] if not look["gradient"] else look["outline"]))
    ink = palette.colour(look["ink"])
    index_size = 19 * u if len(text) < 2 else 16 * u
    for rotated in (False, True):
        canv.saveState()
        if rotated:
            canv.translate(geo.w, geo.h)
            canv.rotate(180)
        ix, iy = geo.safe + 13 * u, geo.h - geo.safe - 9 * u - index_size * 0.74
        _number(canv, text, ix, iy, bold, index_size, ink, None, 0)
        _underline_if_ambiguous(canv, card.value, ix, iy, bold, index_size, ink)
        canv.restoreState()


# -- action fronts ------------------------------------------------------------------------------


def _action_background(canv: Any, deck: Deck, geo: _Geometry, palette: Palette) -> None:
    st, u = deck.style, geo.unit
    canv.setFillColor(palette.colour(st.action_color))
    canv.rect(-geo.bleed, -geo.bleed, geo.w + 2 * geo.bleed, geo.h + 2 * geo.bleed, fill=1, stroke=0)
    # fine diagonal pinstripes
    canv.saveState()
    canv.setStrokeColor(palette.colour(mix(st.action_color, st.action_ink, 0.07)))
    canv.setLineWidth(2.2 * u)
    step = 9 * u
    x = -geo.bleed - geo.h
    while x < geo.w + geo.bleed:
        canv.line(x, -geo.bleed, x + geo.h + 2 * geo.bleed, geo.h + geo.bleed)
        x += step
    canv.restoreState()
    s = geo.safe
    canv.setStrokeColor(palette.colour(mix(st.action_color, st.action_ink, 0.45)))
    canv.setLineWidth(1.2 * u)
    canv.roundRect(s, s, geo.w - 2 * s, geo.h - 2 * s, geo.radius, fill=0, stroke=1)
    # icon medallion and the effect-text panel
    canv.setFillColor(palette.colour(st.paper))
    canv.setStrokeColor(palette.colour(mix(st.action_color, st.action_ink, 0.45)))
    canv.setLineWidth(1.4 * u)
    canv.circle(geo.w / 2, _ACTION_ICON_Y * geo.h, 40 * u, fill=1, stroke=1)
    x0, y0, x1, y1 = _effect_box(geo)
    canv.roundRect(x0, y0, x1 - x0, y1 - y0, 6 * u, fill=1, stroke=0)


_ACTION_ICON_Y = 0.60  # icon centre, as a fraction of the card height


def _effect_box(geo: _Geometry) -> tuple[float, float, float, float]:
    u = geo.unit
    return (geo.safe + 5 * u, geo.safe + 27 * u, geo.w - geo.safe - 5 * u, geo.h * 0.42)


def _draw_action_front(canv: Any, deck: Deck, card: Card, geo: _Geometry, palette: Palette, lang: str) -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    st, u = deck.style, geo.unit
    action = deck.actions[card.action]
    ink = palette.colour(st.action_ink)
    # title across the top, between the corner icons
    title = deck.system.actions[card.action].name(lang)
    room = geo.w - 2 * (geo.safe + 26 * u)
    size = min(16 * u, 16 * u * room / max(stringWidth(title, st.font_bold, 16 * u), 1))
    canv.setFillColor(ink)
    canv.setFont(st.font_bold, size)
    canv.drawCentredString(geo.w / 2, geo.h - geo.safe - 13 * u - size * 0.35, title)
    # the icon, big in the medallion, small in two opposite corners
    draw_icon(canv, action.icon, geo.w / 2, _ACTION_ICON_Y * geo.h, 52 * u, palette.colour(st.action_color), st.font_bold)
    for rotated in (False, True):
        canv.saveState()
        if rotated:
            canv.translate(geo.w, geo.h)
            canv.rotate(180)
        draw_icon(canv, action.icon, geo.safe + 13 * u, geo.h - geo.safe - 13 * u, 17 * u, ink, st.font_bold)
        canv.restoreState()
    # the effect text, auto-fitted
    x0, y0, x1, y1 = _effect_box(geo)
    pad = 6 * u
    fitted = fit_text(action.effect(lang), st.font_text, x1 - x0 - 2 * pad, y1 - y0 - 2 * pad,
                      st.text_max_pt * u, st.text_min_pt * u, face_label(deck, card, lang) + f" ({lang})")
    canv.setFillColor(palette.colour(st.frame))
    canv.setFont(st.font_text, fitted.size)
    y = (y0 + y1) / 2 + fitted.height / 2 - fitted.size * 0.92
    for line in fitted.lines:
        canv.drawCentredString((x0 + x1) / 2, y, line)
        y -= fitted.leading
    # the title again, upside down at the bottom, small
    canv.saveState()
    canv.translate(geo.w, geo.h)
    canv.rotate(180)
    small = min(9 * u, size * 0.7)
    canv.setFillColor(ink)
    canv.setFont(st.font_bold, small)
    canv.drawCentredString(geo.w / 2, geo.h - geo.safe - 13 * u - small * 0.35, title)
    canv.restoreState()


# -- backs --------------------------------------------------------------------------------------


def _back_art(canv: Any, deck: Deck, geo: _Geometry, palette: Palette, lang: str) -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    back, st, u = deck.style.back, deck.style, geo.unit
    canv.setFillColor(palette.colour(back.color))
    canv.rect(-geo.bleed, -geo.bleed, geo.w + 2 * geo.bleed, geo.h + 2 * geo.bleed, fill=1, stroke=0)
    cx, cy = geo.w / 2, geo.h / 2
    faint = palette.colour(mix(back.color, back.accent, 0.08))
    canv.saveState()
    canv.setFillColor(faint)
    canv.setStrokeColor(faint)
    reach = geo.w + geo.h
    if back.pattern == "rays":
        import math

        n = 24
        p = canv.beginPath()
        for i in range(0, 2 * n, 2):
            a0, a1 = math.radians(i * 180 / n), math.radians((i + 1) * 180 / n)
            p.moveTo(cx, cy)
            p.lineTo(cx + reach * math.cos(a0), cy + reach * math.sin(a0))
            p.lineTo(cx + reach * math.cos(a1), cy + reach * math.sin(a1))
            p.close()
        canv.drawPath(p, fill=1, stroke=0)
    elif back.pattern == "dots":
        step = 12 * u
        y = -geo.bleed
        while y < geo.h + geo.bleed:
            x = -geo.bleed
            while x < geo.w + geo.bleed:
                canv.circle(x, y, 2.2 * u, fill=1, stroke=0)
                x += step
            y += step
    elif back.pattern == "stripes":
        canv.setLineWidth(5 * u)
        x = -geo.bleed - geo.h
        while x < geo.w + geo.bleed:
            canv.line(x, -geo.bleed, x + geo.h + 2 * geo.bleed, geo.h + geo.bleed)
            x += 14 * u
    canv.restoreState()
    s = geo.safe
    accent = palette.colour(back.accent)
    canv.setStrokeColor(accent)
    canv.setLineWidth(1.6 * u)
    canv.roundRect(s, s, geo.w - 2 * s, geo.h - 2 * s, geo.radius, fill=0, stroke=1)
    canv.setLineWidth(0.6 * u)
    canv.roundRect(s + 4 * u, s + 4 * u, geo.w - 2 * s - 8 * u, geo.h - 2 * s - 8 * u, geo.radius * 0.7, fill=0, stroke=1)
    # the family's symbols in their colours around the emblem
    families = list(deck.system.families.values())
    import math

    ring = 66 * u
    for i, fam in enumerate(families):
        style = deck.families[fam.code].style if fam.code in deck.families else None
        if style is None:
            continue
        a = math.radians(90 - i * 360 / len(families))
        x, y = cx + ring * math.cos(a), cy + ring * math.sin(a)
        fill = palette.colour(style.gradient[2] if style.gradient else style.color)
        edge = palette.colour(back.accent if luminance(style.color) < 0.2 else back.color)
        draw_symbol(canv, style.symbol, x, y, 20 * u, fill, edge, 1.0 * u)
    # the emblem: a dark disc ringed in the accent colour, with the deck's title
    canv.setFillColor(palette.colour(mix(back.color, _BLACK, 0.35)))
    canv.setStrokeColor(accent)
    canv.setLineWidth(2.4 * u)
    canv.circle(cx, cy, 48 * u, fill=1, stroke=1)
    title = (back.title or deck.title)(lang)
    words = title.split()
    head, rest = words[0], " ".join(words[1:])
    size = min(30 * u, 30 * u * (78 * u) / max(stringWidth(head, st.font_bold, 30 * u), 1))
    canv.setFillColor(accent)
    canv.setFont(st.font_bold, size)
    canv.drawCentredString(cx, cy + (2 * u if rest else -size * 0.36), head)
    if rest:
        small = min(13 * u, 13 * u * (80 * u) / max(stringWidth(rest, st.font_bold, 13 * u), 1))
        canv.setFillColor(palette.colour(st.paper))
        canv.setFont(st.font_bold, small)
        canv.drawCentredString(cx, cy - small * 1.3, rest)


# -- public drawing API -------------------------------------------------------------------------


def _fonts(deck: Deck) -> None:
    from cardforge.render.fonts import require_font

    for field in ("font", "font_bold", "font_text"):
        require_font(getattr(deck.style, field), f"{deck.id} style.{field}")


def draw_card(canv: Any, deck: Deck, card: Card, *, lang: str = "en", bleed: bool = False, cmyk: bool = False) -> None:
    """Draw the front of ``card`` with its lower-left trim corner at the origin."""
    _fonts(deck)
    geo, palette = _Geometry(deck), Palette(cmyk)
    card = card.undeclared()
    if card.is_action:
        if card.action not in deck.actions:
            from cardforge.errors import CardCodeError

            raise CardCodeError(f"cannot draw {card.code!r}: not an action card of {deck.id}", card.code)
        form = _form(canv, ("action", deck.id, deck.style, cmyk), geo, lambda: _action_background(canv, deck, geo, palette))
        _place(canv, deck, geo, bleed, palette, [form])
        _draw_action_front(canv, deck, card, geo, palette, lang)
        return
    fam = deck.families.get(card.family)
    if fam is None or card.value not in fam.values:
        from cardforge.errors import CardCodeError

        raise CardCodeError(f"cannot draw {card.code!r}: not a card of {deck.id}", card.code)
    form = _form(canv, ("front", deck.id, card.family, fam.style, deck.style, cmyk), geo,
                 lambda: _front_background(canv, deck, card.family, geo, palette))
    _place(canv, deck, geo, bleed, palette, [form])
    _draw_number_front(canv, deck, card, geo, palette)


def draw_back(canv: Any, deck: Deck, *, lang: str = "en", bleed: bool = False, cmyk: bool = False) -> None:
    """Draw the deck's card back with its lower-left trim corner at the origin."""
    _fonts(deck)
    geo, palette = _Geometry(deck), Palette(cmyk)
    form = _form(canv, ("back", deck.id, deck.style, lang, cmyk), geo, lambda: _back_art(canv, deck, geo, palette, lang))
    _place(canv, deck, geo, bleed, palette, [form])
