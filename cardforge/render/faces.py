"""One card face — front or back — drawn by interpreting the deck's layout (``deck/layout.py``).

The layout (``layouts/num.yaml`` unless the deck names another) says what to draw; this module
builds each card's context (its fields, its family's, the deck's style), chooses the face,
resolves every element into a concrete ``Op`` and draws it.  The drawing contract other parts
of cardforge rely on:

- ``draw_card(canv, deck, card, lang=, bleed=)`` draws a front with its lower-left *trim*
  corner at the canvas origin, at true size (callers translate/scale);
- ``draw_back(canv, deck, lang=, bleed=)`` the same for the deck's back;
- ``card_size_points(deck, bleed=)`` the face size in points;
- ``face_ops(deck, card, lang)`` the resolved ops of a face (``card=None``: the back) and
  ``face_key(deck, card, lang, bleed=, cmyk=)`` a stable key of everything a face is drawn
  from, for caches of rendered faces.

With ``bleed=True`` backgrounds run ``card.bleed_mm`` past the trim on every side (square
corners, the cutter rounds them); with ``bleed=False`` the card is clipped to its rounded trim
outline and framed, for previews and rulebooks.  Consecutive elements that read nothing of the
card itself (only its family, the deck and its style) are drawn once per document as a form
XObject and reused, which keeps a 100-card PDF small and fast.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.deck.expr import Expr
from cardforge.deck.layout import Layout, LayoutElement, LayoutFace, Length, matches
from cardforge.errors import CardCodeError, DeckError
from cardforge.render.colours import Palette
from cardforge.render.elements import Op, draw_op
from cardforge.render.pdf import MM
from cardforge.render.textfit import TextDoesNotFit, fit_text

__all__ = ["draw_card", "draw_back", "own_back", "deck_layout", "card_size_points", "face_label", "face_ops", "face_elements", "face_key",
           "card_context",
           "Geometry", "LEGIBLE_PT"]

#: no text on a card is drawn smaller than this many points (absolute, whatever the card size)
LEGIBLE_PT = 6.0
_REFERENCE_SIDE = 180.0  # the short side (pt) of a poker card: default text sizes scale from it
_H_KEYS, _V_KEYS = ("x", "cx", "right", "width"), ("y", "cy", "bottom", "height")
_GEOMETRY_KEYS = frozenset((*_H_KEYS, *_V_KEYS, "anchor", "rotate", "mirror", "type"))


def card_size_points(deck: Deck, bleed: bool = False) -> tuple[float, float]:
    """The card's width and height in points, at trim or with its bleed on every side."""
    extra = 2 * deck.card.bleed_mm if bleed else 0.0
    return ((deck.card.width_mm + extra) * MM, (deck.card.height_mm + extra) * MM)


def face_label(deck: Deck, card: Card | None, lang: str = "en") -> str:
    """How errors and file names speak of a card: ``'passe' (Skip Your Turn) in collection``."""
    if card is None:
        return f"the back of {deck.id}"
    return f"card {card.code!r} ({deck.name(card, lang)}) in {deck.id}"


class Geometry(NamedTuple):
    """The card's measures in points (trim origin at 0, 0)."""

    w: float
    h: float
    bleed: float
    safe: float
    radius: float

    @classmethod
    def of(cls, deck: Deck) -> Geometry:
        w, h = card_size_points(deck)
        c = deck.card
        return cls(w, h, c.bleed_mm * MM, c.safe_mm * MM, c.corner_radius_mm * MM)

    def anchor(self, name: str | None) -> tuple[float, float, float, float]:
        if name == "bleed":
            return (-self.bleed, -self.bleed, self.w + self.bleed, self.h + self.bleed)
        if name == "safe":
            return (self.safe, self.safe, self.w - self.safe, self.h - self.safe)
        return (0.0, 0.0, self.w, self.h)


# -- the context a layout reads -----------------------------------------------------------------


def _deck_context(deck: Deck, lang: str) -> dict[str, Any]:
    key = ("context", lang)
    cached = deck._render_cache.get(key)
    if cached is not None:
        return cached
    st, back = deck.style, deck.style.back
    families = {}
    for code, fam in deck.families.items():
        fs = fam.style
        families[code] = {
            "code": code, "kind": fam.family.kind.value, "name": fam.family.name(lang), "color": fs.color,
            "ink": fs.ink, "symbol": fs.symbol, "gradient": fs.gradient, "image": fam.image,
        }
    if deck.free is not None:  # a free deck's declared families (suits)
        families = {code: {**f, "name": f["name"](lang)} for code, f in deck.free.families.items()}
    c = deck.card
    ctx = {
        "style": {"paper": st.paper, "frame": st.frame, "action_color": st.action_color, "action_ink": st.action_ink,
                  "ink": st.action_ink, "accent": st.action_color,
                  "font": st.font, "font_bold": st.font_bold, "font_text": st.font_text,
                  "text_max_pt": st.text_max_pt, "text_min_pt": st.text_min_pt},
        "back": {"color": back.color, "accent": back.accent, "pattern": back.pattern,
                 "title": (back.title or deck.title)(lang), "image": back.image},
        "deck": {"id": deck.id, "title": deck.title(lang)},
        "size": {"name": c.name, "width_mm": c.width_mm, "height_mm": c.height_mm,
                 "landscape": c.width_mm > c.height_mm * 1.05, "square": abs(c.width_mm - c.height_mm) <= 0.05 * c.height_mm,
                 "ratio": round(c.height_mm / c.width_mm, 3), "short_mm": min(c.width_mm, c.height_mm)},
        "lang": lang,
        "_families": families,
        "families": tuple(families.values()),
    }
    deck._render_cache[key] = ctx
    return ctx


def card_context(deck: Deck, card: Card | None, lang: str = "en") -> dict[str, Any]:
    """Everything a layout may read for ``card`` (``None``: the back): ``card.*`` (its row's
    fields, ``deck.rows``), ``family.*``, ``style.*``, ``back.*``, ``deck.*``, ``size.*``."""
    from cardforge.deck.rows import deck_row

    base = _deck_context(deck, lang)
    if card is None:
        return {**base, "card": {"type": "back"}, "family": {}}
    row = deck_row(deck, card)
    if row is None:
        raise CardCodeError(f"cannot draw {card.code!r}: not a card of {deck.id}", card.code)
    return {**base, "card": row.fields_in(lang), "family": _family_context(deck, row, base, lang)}


def _family_context(deck: Deck, row: Any, base: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The ``family.*`` a row reads: its Num family, or the family (suit) a free card names."""
    if deck.free is None:
        return base["_families"][row.family] if row.family is not None else {}
    fam = dict(deck.free.family_of(deck.free.row(row.card)))
    if fam:
        fam["name"] = fam["name"](lang)
    return fam


# -- resolving elements into ops ----------------------------------------------------------------


def _with_vars(face: LayoutFace, ctx: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(ctx)
    for name, expr in face.vars:
        out[name] = expr(out)
    return out


def _box(p: dict[str, float], geo: Geometry, anchor: str | None) -> tuple[float, float, float, float]:
    ax0, ay0, ax1, ay1 = geo.anchor(anchor)
    aw, ah = ax1 - ax0, ay1 - ay0
    x, cx, right, width = (p.get(k) for k in _H_KEYS)
    y, cy, bottom, height = (p.get(k) for k in _V_KEYS)
    if width is None:
        width = aw - (x or 0.0) - (right or 0.0) if cx is None else aw
    if height is None:
        height = ah - (y or 0.0) - (bottom or 0.0) if cy is None else ah
    left = ax0 + cx - width / 2 if cx is not None else ax0 + x if x is not None else ax1 - right - width if right is not None else ax0
    top = ay1 - cy + height / 2 if cy is not None else ay1 - y if y is not None else ay0 + bottom + height if bottom is not None else ay1
    return (left, top - height, left + width, top)


def _require_font(name: str, deck: Deck, where: str, el: LayoutElement | None = None) -> str:
    """``name`` registered; else the error lists the bundled fonts and the deck's own, at the
    layout element's line when ``el`` names the font itself."""
    known = deck._render_cache.setdefault("known_fonts", set())
    if name not in known:
        from cardforge.render.fonts import available_fonts, require_font

        try:
            require_font(name, where, own=tuple(deck.fonts))
        except DeckError as exc:
            if el is not None and any(k in el.props for k in ("font", "font_bold", "font_italic")):
                from cardforge.deck.layout import where_error

                raise where_error(el.where, exc.detail) from None
            raise
        known.add(name)
    return name


class _Prepared(NamedTuple):
    """An element's card-independent part on one card geometry: its box, its lengths in points
    and literals (``fixed``), and the expressions left to evaluate per card."""

    box: tuple[float, float, float, float]
    fixed: dict[str, Any]
    exprs: tuple[tuple[str, Expr], ...]
    #: the numeric keys read from the card's data (``"{card.angle}"``), turned into numbers per card
    numbers: tuple[str, ...] = ()


def _prepare(el: LayoutElement, geo: Geometry, cache: dict) -> _Prepared:
    key = ("prep", id(el), geo)
    prep = cache.get(key)
    if prep is not None and prep[0] is el:
        return prep[1]
    from cardforge.deck.layout import NUMERIC_KEYS

    fixed: dict[str, Any] = {}
    exprs = []
    for k, value in el.props.items():
        if isinstance(value, Length):
            fixed[k] = value.points(geo, _along(k))
        elif k == "dash":
            fixed[k] = tuple(v.points(geo, "s") for v in value)
        elif isinstance(value, Expr):
            if not (el.type == "ring" and k in ("fill", "stroke")):  # ring: evaluated per family by _finish
                exprs.append((k, value))
        else:
            fixed[k] = value
    numbers = tuple(k for k, _e in exprs if k in NUMERIC_KEYS)
    out = _Prepared(_box(fixed, geo, fixed.get("anchor")), fixed, tuple(exprs), numbers)
    _check_sizes(el, out)
    cache[key] = (el, out)  # the element is kept so its id is not reused while cached
    return out


#: lengths that measure something, so cannot be negative
_SIZE_KEYS = ("width", "height", "size", "min_size", "stroke_width", "radius", "padding", "outline_width", "gap")
#: keys whose values are colours (a ``#RRGGBB`` each, or a list of them)
_COLOUR_KEYS = ("fill", "stroke", "color", "colors", "outline")
_HEX = re.compile(r"#[0-9A-Fa-f]{6}")
#: the most marks (dots, tiles, stripes) one pattern element may draw on a card
MAX_MARKS = 50_000


def _along(key: str) -> str:
    """The card axis a length key measures along (``s``: the shorter side)."""
    return "w" if key in _H_KEYS else "h" if key in _V_KEYS else "s"


def _numbers(el: LayoutElement, prep: _Prepared, props: dict[str, Any], geo: Geometry) -> _Prepared:
    """The element with its numbers read from the card's data in place (lengths in points), its box
    placed again if they move it, checked as a layout's own numbers are."""
    from cardforge.deck.layout import number_from_data, where_error

    fixed = dict(props)
    for key in prep.numbers:
        try:
            fixed[key] = number_from_data(key, el.type, props[key], geo, _along(key))
        except ValueError as exc:
            raise where_error(el.where, f"element {el.name!r}: {key}: {el.props[key].source!r} gives {exc}") from None
    props.update((k, fixed[k]) for k in prep.numbers)
    moved = any(k in _H_KEYS or k in _V_KEYS for k in prep.numbers)
    out = _Prepared(_box(fixed, geo, fixed.get("anchor")) if moved else prep.box, fixed, (), prep.numbers)
    _check_sizes(el, out)
    return out


def _check_sizes(el: LayoutElement, prep: _Prepared) -> None:
    """A negative size, or a pattern so fine it would draw more than ``MAX_MARKS`` marks, is an
    error at the element's line (found by ``validate``, before anything is drawn)."""
    from cardforge.deck.layout import where_error

    for key in _SIZE_KEYS:
        value = prep.fixed.get(key)
        if isinstance(value, float) and value < 0:
            raise where_error(el.where, f"element {el.name!r}: {key} is {value / MM:.3g} mm on this card; "
                                        "a size cannot be negative")
    if el.type == "pattern":
        marks = pattern_marks(prep.box, prep.fixed.get("size") or 4.0, prep.fixed.get("gap") or 12.0)
        if marks > MAX_MARKS:
            raise where_error(el.where, f"element {el.name!r}: a gap of {(prep.fixed.get('gap') or 12.0) / MM:.3g} mm "
                                        f"draws about {marks:,.0f} marks on this card (at most {MAX_MARKS:,}); widen the gap")


def pattern_marks(box: tuple[float, float, float, float], size: float, gap: float) -> float:
    """How many marks a tile or dot pattern of ``gap`` points draws over ``box`` (stripes: fewer)."""
    w, h = box[2] - box[0] + 2 * size, box[3] - box[1] + 2 * size
    return (w / gap + 5) * (h / (gap * 0.866) + 5)


def _check_colours(el: LayoutElement, props: Mapping[str, Any]) -> None:
    """Every colour an element draws with is ``#RRGGBB`` (as the layout format says)."""
    values = [(k, props.get(k)) for k in _COLOUR_KEYS]
    values += [(k, c) for entry in props.get("entries") or () for k, c in zip(("fill", "stroke"), entry[1:])]
    for key, value in values:
        for colour in value if isinstance(value, (list, tuple)) else (value,):
            if colour is not None and not (isinstance(colour, str) and _HEX.fullmatch(colour)):
                from cardforge.deck.layout import where_error

                raise where_error(el.where, f"element {el.name!r}: {key}: {_shown_colour(colour)} is not a colour; "
                                            "give one as '#RRGGBB' (e.g. '#D62828') or a field such as family.color")


def _shown_colour(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "…"


def _evaluate(el: LayoutElement, prep: _Prepared, ctx: Mapping[str, Any]) -> dict[str, Any]:
    props = dict(prep.fixed)
    for key, value in prep.exprs:
        try:
            props[key] = value(ctx)
        except (ValueError, TypeError, AttributeError) as exc:
            from cardforge.deck.expr import ExprValueError
            from cardforge.deck.layout import where_error

            cause = exc.cause if isinstance(exc, ExprValueError) else exc
            raise where_error(el.where, f"element {el.name!r}: {key}: {value.source!r} gives no usable value ({cause})") from None
    return props


def _fit_line(text: str, font: str, size: float, width: float, min_size: float, what: str) -> float:
    from cardforge.render.inline import text_width

    natural = text_width(text, font, size)
    if natural > width > 0:
        size = size * width / natural
    if size < min_size - 1e-9:
        raise TextDoesNotFit(f"{what}: {text!r} does not fit its {width / MM:.0f} mm line even at the minimum "
                             f"{min_size:g} pt; shorten it or widen the element")
    return size


def _text_of(props: dict[str, Any], ctx: Mapping[str, Any]) -> str | None:
    text = props.get("text")
    if text is None:
        text = "" if ctx["card"].get("value") is None else str(ctx["card"]["value"])
    return str(text) if str(text).strip() else None


def _finish_value(el: LayoutElement, props: dict, ctx: Mapping[str, Any], geo: Geometry, deck: Deck, label: str) -> dict | None:
    text = _text_of(props, ctx)
    if text is None:
        return None
    font = _require_font(props.get("font") or ctx["style"]["font_bold"], deck, f"{deck.id} layout element {el.name!r}", el)
    floor = max(props.pop("min_size", None) or LEGIBLE_PT, LEGIBLE_PT)
    size = max(props.get("size") or 20 * min(geo.w, geo.h) / _REFERENCE_SIDE, floor)  # tiny sizes raised to the floor
    x0, _y0, x1, _y1 = props["_box"]
    _glyphs(deck, label, ((text, font, None),))
    props.update(text=text, font=font, size=_fit_line(text, font, size, x1 - x0, floor, label))
    return props


def _glyphs(deck: Deck, label: str, runs: Any) -> None:
    """Every character of ``runs`` (text, font, icon name or None) is in its font (``deck.glyphs``;
    each text and font checked once per deck)."""
    seen = deck._render_cache.setdefault("glyphs", set())
    for text, font, icon in runs:
        if (text, font) in seen:
            continue
        from cardforge.deck.glyphs import lacking, no_glyph

        missing = lacking(text, font)
        if missing:
            raise no_glyph(label, missing[0], font, icon)
        seen.add((text, font))


def _plain_runs(text: str, font: str, icon_font: str) -> list[tuple[str, str, str | None]]:
    """A plain text's characters and its glyph icons', each with the font that draws it."""
    from cardforge.render.inline import split
    from cardforge.render.symbols import icon_text

    runs: list[tuple[str, str, str | None]] = []
    for piece in split(text) if (":" in text or "{" in text) else [text]:
        if isinstance(piece, tuple):
            runs.append((icon_text(piece[1]), icon_font, piece[1]))
        else:
            runs.append((piece, font, None))
    return runs


def _finish_text(el: LayoutElement, props: dict, ctx: Mapping[str, Any], geo: Geometry, deck: Deck, label: str) -> dict | None:
    from cardforge.render.inline import unknown_icons

    text = _text_of(props, ctx)
    if text is None:
        return None
    text = text.replace("'", "\u2019")  # typographic apostrophes on the cards
    if deck.symbols:  # :coin: of a symbol the deck declares: its picture, or its glyph in its colour
        from cardforge.deck.symbols import inline

        text = inline(text, deck.symbols, ctx["style"]["font_bold"])
    bad = unknown_icons(text)
    if bad:
        raise DeckError(f"{label}: unknown icon {bad[0]!r} in the text; icons are {_icon_names()}")
    style = ctx["style"]
    font = _require_font(props.get("font") or style["font"], deck, f"{deck.id} layout element {el.name!r}", el)
    min_size = props.pop("min_size", None)
    floor = max(min_size if min_size is not None else style["text_min_pt"], LEGIBLE_PT)  # never under 6 pt
    # no size: the deck's text size, in proportion to the card; tiny sizes are raised to the floor
    size = max(props.pop("size", None) or style["text_max_pt"] * min(geo.w, geo.h) / _REFERENCE_SIDE, floor)
    pad = props.get("padding") or 0.0
    x0, y0, x1, y1 = props["_box"]
    props.update(text=text, font=font, icon_font=style["font_bold"])
    from cardforge.render.richtext import is_rich

    if is_rich(text):
        return _finish_rich(el, props, deck, label, size, floor, (x1 - x0 - 2 * pad, y1 - y0 - 2 * pad))
    checked = deck._render_cache.setdefault("glyph_texts", set())
    if (text, font) not in checked:  # once per text and font
        _glyphs(deck, label, _plain_runs(text, font, style["font_bold"]))
        checked.add((text, font))
    if props.get("wrap") is False:
        size = _fit_line(text, font, size, x1 - x0 - 2 * pad, floor, label)
        props.update(lines=(text,), size=size, leading=size * 1.18)
    else:
        fitted = fit_text(text, font, x1 - x0 - 2 * pad, y1 - y0 - 2 * pad, size, floor, label)
        props.update(lines=fitted.lines, size=fitted.size, leading=fitted.leading)
    return props


def _finish_rich(el: LayoutElement, props: dict, deck: Deck, label: str, size: float, floor: float,
                 room: tuple[float, float]) -> dict:
    """A text with markup (``render.richtext``): its pieces styled, pictures found, fitted."""
    from cardforge.render import richtext
    from cardforge.render.fonts import italic_of

    font = props["font"]
    bold = _require_font(props.get("font_bold") or deck.style.font_bold, deck, f"{deck.id} layout element {el.name!r}", el)
    italic = props.get("font_italic") or italic_of(font)
    bold_italic = italic_of(bold)
    fonts = richtext.Fonts(font, bold, italic and _require_font(italic, deck, label),
                           bold_italic and _require_font(bold_italic, deck, label))
    paragraphs = richtext.parse(props["text"], fonts, label)
    for piece in richtext.pieces(paragraphs):
        if piece[0] == "t" and piece[2] not in fonts:
            _require_font(piece[2], deck, f"{label}: span font", el)
        elif piece[0] == "i":
            from cardforge.render.symbols import ICONS

            if piece[1] not in ICONS:
                raise DeckError(f"{label}: unknown icon {piece[1]!r} in the text; icons are {_icon_names()}, "
                                "or {img:file.png} for any picture")
    from cardforge.render.symbols import icon_text

    _glyphs(deck, label, ((p[1], p[2], None) if p[0] == "t" else (icon_text(p[1]), props["icon_font"], p[1])
                    for p in richtext.pieces(paragraphs) if p[0] != "m"))
    paragraphs = _pictures(paragraphs, deck, label)
    width, height = room
    if props.get("wrap") is False:
        line = tuple(w for para in paragraphs for w in para)
        natural = richtext.line_width(line, size, font)
        if natural > width > 0:
            size = size * width / natural
        if size < floor - 1e-9:
            raise TextDoesNotFit(f"{label}: {props['text']!r} does not fit its {width / MM:.0f} mm line even at the "
                                 f"minimum {floor:g} pt; shorten it or widen the element")
        fitted = richtext.RichFit((line,), size, (richtext.line_height(line, size),))
    else:
        fitted = richtext.fit(paragraphs, font, width, height, size, floor, label)
    props.update(rich=fitted, size=fitted.size, leading=fitted.heights[0],
                 pictures=tuple(sorted({p[1] for p in richtext.pieces(fitted.lines) if p[0] == "m"})))
    for key in ("font_bold", "font_italic"):
        props.pop(key, None)
    return props


def _pictures(paragraphs: tuple, deck: Deck, label: str) -> tuple:
    """The paragraphs with each inline picture's name replaced by its checked absolute path."""
    from cardforge.render.art import resolve_image

    def piece(p: tuple) -> tuple:
        return (p[0], resolve_image(p[1], deck, label), *p[2:]) if p[0] == "m" else p

    return tuple(tuple(tuple(piece(p) for p in word) for word in para) for para in paragraphs)


def _finish_symbol(el: LayoutElement, props: dict, ctx: Mapping[str, Any], geo: Geometry, deck: Deck, label: str) -> dict | None:
    from cardforge.render.symbols import SYMBOLS

    props["symbol"] = props.get("symbol") or ctx["family"].get("symbol")
    if props["symbol"] not in SYMBOLS or props["symbol"] in deck.symbols:
        return _own_symbol(el, props, props["symbol"], "fill", ctx, deck, label)
    return props


def _own_symbol(el: LayoutElement, props: dict, name: str, colour: str, ctx: Mapping[str, Any], deck: Deck,
                label: str) -> dict:
    """A symbol drawn from data (``deck.symbols``): a deck's own or a game icon, as its picture
    (``src``) or its glyph in its font, in its colour (``colour``: the element's key for it)."""
    from cardforge.deck.symbols import drawn_as, shipped_names

    try:
        how = drawn_as(deck.symbols, name)
    except KeyError:
        raise DeckError(f"{label}: unknown symbol {name!r}; symbols are "
                        f"{', '.join(dict.fromkeys([*deck.symbols, *shipped_names()]))}") from None
    if how["image"]:
        from cardforge.render.art import resolve_image

        props["src"] = resolve_image(how["image"], deck, label)
    else:
        font = _require_font(how["font"] or ctx["style"]["font_bold"], deck, f"{deck.id} symbol {name!r}", el)
        _glyphs(deck, label, ((how["glyph"], font, None),))
        props.update(glyph=how["glyph"], font=font)
    if how["color"]:
        props[colour] = how["color"]
    return props


def _finish_icon(el: LayoutElement, props: dict, ctx: Mapping[str, Any], geo: Geometry, deck: Deck, label: str) -> dict | None:
    from cardforge.render.symbols import ICONS

    props["icon"] = props.get("icon") or ctx["card"].get("icon")
    if not props["icon"]:
        return None
    if props["icon"] in deck.symbols:
        return _own_symbol(el, props, props["icon"], "color", ctx, deck, label)
    if props["icon"] not in ICONS:
        raise DeckError(f"{label}: unknown icon {props['icon']!r}; icons are {_icon_names()}")
    props["font"] = _require_font(props.get("font") or ctx["style"]["font_bold"], deck, f"{deck.id} layout element {el.name!r}", el)
    from cardforge.render.symbols import icon_text

    _glyphs(deck, label, ((icon_text(props["icon"]), props["font"], props["icon"]),))
    return props


def _finish_ring(el: LayoutElement, props: dict, ctx: Mapping[str, Any], geo: Geometry, deck: Deck, label: str) -> dict | None:
    """Each family's symbol with ``fill``/``stroke`` evaluated for that family."""
    fill, stroke = el.props.get("fill"), el.props.get("stroke")
    entries = []
    for fam in ctx["families"]:
        _shape_only(fam["symbol"], label)
        sub = {**ctx, "family": fam}
        entries.append((fam["symbol"], fill(sub) if isinstance(fill, Expr) else fill or fam["color"],
                        stroke(sub) if isinstance(stroke, Expr) else stroke))
    if not entries:
        return None
    props.pop("fill", None)
    props.pop("stroke", None)
    props["entries"] = tuple(entries)
    return props


def _finish_image(el: LayoutElement, props: dict, ctx: Mapping[str, Any], geo: Geometry, deck: Deck, label: str) -> dict | None:
    from cardforge.render.art import resolve_image

    if not props.get("src"):
        return None
    try:
        props["src"] = resolve_image(str(props["src"]), deck, label)
    except DeckError as exc:
        loc = _art_key(el, ctx, deck)
        if loc is None or deck.source is None:
            raise
        from cardforge.deck.paths import located

        raise located(DeckError(exc.detail.removeprefix(f"{label}: ")), deck.source, loc) from None
    return props


def _art_key(el: LayoutElement, ctx: Mapping[str, Any], deck: Deck) -> tuple | None:
    """Where the deck file names the picture an image element draws (``family.image``,
    ``back.image``, ``card.image``), so a refused file is shown at that line."""
    src = el.props.get("src")
    field = src.source if isinstance(src, Expr) else None
    card = ctx.get("card") or {}
    if field == "family.image":
        return ("families", ctx["family"].get("code"), "image")
    if field == "back.image":
        return ("style", "back", "image")
    if field == "card.image" and card.get("code") in deck.images:
        return ("images", card["code"])
    if field == "card.image" and card.get("action"):
        return ("actions", card["action"], "image")
    return None


def _finish_pattern(el: LayoutElement, props: dict, ctx: Mapping[str, Any], geo: Geometry, deck: Deck, label: str) -> dict | None:
    if props.get("symbol") is not None:
        _shape_only(props["symbol"], label)
    return None if props.get("pattern") in (None, "plain") else props


def _shape_only(name: str, label: str) -> None:
    """Patterns and rings tile vector shapes: a glyph or picture symbol is refused in one line."""
    from cardforge.render.symbols import SYMBOLS

    if name not in SYMBOLS:
        raise DeckError(f"{label}: symbol {name!r} is a glyph or a picture; patterns and rings draw the shapes only "
                        f"({', '.join(SYMBOLS)})")


def _finish_points(el: LayoutElement, props: dict, ctx: Mapping[str, Any], geo: Geometry, deck: Deck, label: str) -> dict | None:
    """``points`` placed in the element's box (``%`` of the box), in points on the card."""
    points = props.get("points")
    if points is None:
        if el.type == "polyline":
            from cardforge.deck.layout import where_error

            raise where_error(el.where, f"element {el.name!r}: a polyline needs points: [[x, y], [x, y], …]")
        return props
    x0, y0, x1, y1 = props["_box"]
    inside = Geometry(x1 - x0, y1 - y0, geo.bleed, geo.safe, geo.radius)
    props["points"] = tuple((x0 + px.points(inside, "w"), y1 - py.points(inside, "h")) for px, py in points)
    return props


#: type-specific defaults and checks of a resolved element (``None``: nothing to draw)
_FINISH = {"value": _finish_value, "text": _finish_text, "symbol": _finish_symbol, "icon": _finish_icon,
           "ring": _finish_ring, "image": _finish_image, "pattern": _finish_pattern, "line": _finish_points,
           "polyline": _finish_points, "polygon": _finish_points}


def _finish(el: LayoutElement, props: dict[str, Any], ctx: Mapping[str, Any], geo: Geometry, deck: Deck,
            what: str) -> dict[str, Any] | None:
    """Type-specific defaults and checks; ``None`` if there is nothing to draw."""
    finish = _FINISH.get(el.type)
    return props if finish is None else finish(el, props, ctx, geo, deck, f"{what} (element {el.name!r})")


def _icon_names() -> str:
    from cardforge.render.symbols import ICONS

    return ", ".join(ICONS)


def _resolve(el: LayoutElement, ctx: Mapping[str, Any], geo: Geometry, deck: Deck, what: str) -> Op | None:
    if el.when and not matches(el.when, ctx):
        return None
    if el.unless and matches(el.unless, ctx, unless=True):
        return None
    prep = _prepare(el, geo, deck._render_cache)
    props = _evaluate(el, prep, ctx)
    if prep.numbers:
        prep = _numbers(el, prep, props, geo)
    box = prep.box
    props["_box"] = box
    try:
        done = _finish(el, props, ctx, geo, deck, what)
    except DeckError as exc:
        exc.reads = el.refs  # which card fields the failing element shows (validate points at them)
        raise
    if done is None:
        return None
    _check_colours(el, done)
    items = tuple(sorted((k, v) for k, v in done.items() if k not in _GEOMETRY_KEYS and k != "_box"))
    return Op(el.type, el.name, box, float(done.get("rotate") or 0.0), bool(done.get("mirror")), items)


class _Segment(NamedTuple):
    """A run of card-independent ops (drawn as one form) or one per-card element."""

    ops: tuple[Op, ...] | None
    form: str | None
    element: LayoutElement | None


def deck_layout(deck: Deck) -> Layout:
    """The deck's compiled layout (a layout that fails to load raises its ``DeckError``)."""
    return _layout(deck)


def _layout(deck: Deck) -> Layout:
    """The deck's layout, loaded once per deck: a layout that fails is refused again at once."""
    layout = deck._render_cache.get("layout")
    if layout is None:
        from cardforge.deck.layout import load_layout

        ref = getattr(deck, "layout", None) or "num"
        try:
            layout = load_layout(ref, deck.source.parent if deck.source is not None else None)
        except DeckError as exc:
            layout = exc
        deck._render_cache["layout"] = layout
    if isinstance(layout, DeckError):
        raise layout
    return layout


def _face(deck: Deck, card: Card | None, ctx: Mapping[str, Any]) -> LayoutFace:
    layout = _layout(deck)
    if card is None:
        face = layout.back
    else:
        key = ("face", *(e(ctx) for e in layout.choosing))
        try:
            face = deck._render_cache.get(key)
            if face is None:
                face = deck._render_cache[key] = layout.front_for(ctx)
        except TypeError:  # a field whose value cannot be a key (a list): choose each time
            face = layout.front_for(ctx)
    if face is None:
        what = "a back face" if card is None else f"a face for {face_label(deck, card)}"
        raise DeckError(f"layout {layout.id!r} ({layout.path}) has no {what}")
    return face


def _plan(deck: Deck, card: Card | None, lang: str, geo: Geometry) -> tuple[LayoutFace, dict, tuple[_Segment, ...]]:
    """The face, the card's context and its segments (forms of static runs cached per family)."""
    _fonts(deck)
    ctx = card_context(deck, card, lang)
    face = _face(deck, card, ctx)
    key = ("plan", face.name, ctx["family"].get("code"), lang)
    cached = deck._render_cache.get(key)
    if cached is not None:
        static_vars, segments = cached
        ctx.update(static_vars)
        for name, expr in face.vars:
            if name not in static_vars:
                ctx[name] = expr(ctx)
        return face, ctx, segments
    ctx = _with_vars(face, ctx)
    what = face_label(deck, card, lang) + f" ({lang})"
    segs: list[_Segment] = []
    run: list[Op] = []
    for el in face.elements:
        if el.per_card:
            if run:
                segs.append(_static(run, geo))
                run = []
            segs.append(_Segment(None, None, el))
        else:
            op = _resolve(el, ctx, geo, deck, what)
            if op is not None:
                run.append(op)
    if run:
        segs.append(_static(run, geo))
    segments = tuple(segs)
    static_vars = {name: ctx[name] for name, _e in face.vars if name not in face.card_vars}
    deck._render_cache[key] = (static_vars, segments)
    return face, ctx, segments


def _static(run: list[Op], geo: Geometry) -> _Segment:
    ops = tuple(run)
    return _Segment(ops, "cf" + hashlib.sha1(repr((ops, geo)).encode()).hexdigest()[:12], None)


def _resolved(deck: Deck, card: Card | None, lang: str) -> list[tuple[str | None, tuple[Op, ...]]]:
    """A face's segments resolved for ``card``: ``(form name, ops)`` for each static run,
    ``(None, (op,))`` for each drawn per-card element, bottom to top."""
    geo = Geometry.of(deck)
    card = _checked(deck, card)
    _face_, ctx, segments = _plan(deck, card, lang, geo)
    what = face_label(deck, card, lang) + f" ({lang})"
    out: list[tuple[str | None, tuple[Op, ...]]] = []
    for seg in segments:
        if seg.ops is not None:
            out.append((seg.form, seg.ops))
        else:
            op = _resolve(seg.element, ctx, geo, deck, what)
            if op is not None:
                out.append((None, (op,)))
    return out


def face_elements(deck: Deck, card: Card | None, lang: str = "en") -> tuple[LayoutElement, ...]:
    """The layout elements of the face ``card`` is drawn with (``None``: the back)."""
    card = _checked(deck, card)
    return _face(deck, card, card_context(deck, card, lang)).elements


def face_ops(deck: Deck, card: Card | None, lang: str = "en") -> list[Op]:
    """Every op of a face, bottom to top (``card=None``: the back), resolved for ``card``."""
    return [op for _form, ops in _resolved(deck, card, lang) for op in ops]


def face_key(deck: Deck, card: Card | None, lang: str = "en", *, bleed: bool = False, cmyk: bool = False) -> str:
    """A stable hex key of everything the face is drawn from, computed without drawing it: its
    resolved ops and how they are grouped into forms, the card geometry, bleed, colour space and
    the bytes of the art and font files it uses.  Two faces with the same key draw the same page
    (with the same cardforge and reportlab: callers caching drawings add those)."""
    if isinstance(card, OwnBack):
        return _own_back_key(deck, card, bleed, cmyk)
    drawn = _resolved(deck, card, lang)
    ops = [op for _form, run in drawn for op in run]
    files = sorted({str(op.get("src")) for op in ops if op.type in ("image", "symbol", "icon") and op.get("src")}
                   | {p for op in ops if op.type == "text" for p in op.get("pictures") or ()})
    files += sorted(deck._render_cache.get("font_files", ()))
    contents = tuple((f, _content_digest(f)) for f in files)  # edited art or fonts: a new key
    return hashlib.sha256(repr((drawn, contents, Geometry.of(deck), bleed, cmyk, deck.style.frame)).encode()).hexdigest()[:32]


_DIGESTS: dict[tuple[str, int, int], str] = {}


def _content_digest(path: str) -> str:
    """BLAKE2b of a file's bytes, read again only when its size or mtime changes."""
    import os

    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns)
    digest = _DIGESTS.get(key)
    if digest is None:
        with open(path, "rb") as handle:
            digest = _DIGESTS[key] = hashlib.blake2b(handle.read(), digest_size=16).hexdigest()
    return digest


def _checked(deck: Deck, card: Card | None) -> Card | None:
    """``card`` without its declared value, refused unless it is one of the deck's rows."""
    from cardforge.deck.rows import deck_row

    if card is None:
        return None
    card = card.undeclared()
    if deck_row(deck, card) is None:
        what = "an action card" if card.is_action else "a card"
        raise CardCodeError(f"cannot draw {card.code!r}: not {what} of {deck.id}", card.code)
    return card


# -- drawing ------------------------------------------------------------------------------------


def _fonts(deck: Deck) -> None:
    """The style's fonts exist (checked once per deck)."""
    if "fonts" not in deck._render_cache:
        from cardforge.render.deckfonts import register_deck_fonts
        from cardforge.render.fonts import require_font

        deck._render_cache["font_files"] = register_deck_fonts(deck)

        for field in ("font", "font_bold", "font_text"):
            require_font(getattr(deck.style, field), f"{deck.id} style.{field}")
        deck._render_cache["fonts"] = True


def _draw(canv: Any, deck: Deck, card: Card | None, lang: str, bleed: bool, cmyk: bool) -> None:
    _fonts(deck)
    geo, palette = Geometry.of(deck), Palette(cmyk)
    card = _checked(deck, card)
    _face_, ctx, segments = _plan(deck, card, lang, geo)
    what = face_label(deck, card, lang) + f" ({lang})"
    known = canv.__dict__.setdefault("_cardforge_forms", {})
    if not bleed:  # with bleed, the forms' BBox already stops at the bleed and callers clip their cell
        canv.saveState()
        p = canv.beginPath()
        p.roundRect(0, 0, geo.w, geo.h, geo.radius)
        canv.clipPath(p, stroke=0, fill=0)
    for seg in segments:
        if seg.ops is not None:
            name = seg.form + ("k" if cmyk else "")
            if name not in known:
                b = geo.bleed
                canv.beginForm(name, -b, -b, geo.w + b, geo.h + b)
                for op in seg.ops:
                    draw_op(canv, op, palette, geo)
                canv.endForm()
                known[name] = name
            canv.doForm(name)
        else:
            op = _resolve(seg.element, ctx, geo, deck, what)
            if op is not None:
                draw_op(canv, op, palette, geo)
    if not bleed:
        canv.restoreState()
        canv.setStrokeColor(palette.colour(deck.style.frame))
        canv.setLineWidth(0.5)
        canv.roundRect(0, 0, geo.w, geo.h, geo.radius, fill=0, stroke=1)


def draw_card(canv: Any, deck: Deck, card: Card, *, lang: str = "en", bleed: bool = False, cmyk: bool = False) -> None:
    """Draw the front of ``card`` with its lower-left trim corner at the origin."""
    _draw(canv, deck, card, lang, bleed, cmyk)


def draw_back(canv: Any, deck: Deck, *, lang: str = "en", bleed: bool = False, cmyk: bool = False,
              card: Card | None = None) -> None:
    """Draw the deck's card back with its lower-left trim corner at the origin (``card``: the
    back of that card, which is its own picture when its row names one in ``back``)."""
    own = own_back(deck, card)
    if own is None:
        _draw(canv, deck, None, lang, bleed, cmyk)
        return
    from cardforge.render.art import resolve_image

    geo = Geometry.of(deck)
    src = resolve_image(own, deck, f"the back of {face_label(deck, card, lang)}")
    box = (-geo.bleed, -geo.bleed, geo.w + geo.bleed, geo.h + geo.bleed)
    if not bleed:
        canv.saveState()
        p = canv.beginPath()
        p.roundRect(0, 0, geo.w, geo.h, geo.radius)
        canv.clipPath(p, stroke=0, fill=0)
    draw_op(canv, Op("image", "own_back", box, 0.0, False, (("fit", "cover"), ("src", src))), Palette(cmyk), geo)
    if not bleed:
        canv.restoreState()


def own_back(deck: Deck, card: Card | None) -> str | None:
    """The picture a card's row names for its own back (a free card's ``back`` field), else ``None``."""
    from cardforge.deck.rows import deck_row

    row = deck_row(deck, card) if card is not None else None
    return row.back if row is not None else None


class OwnBack(NamedTuple):
    """A face: the back of one card that has its own (``own_back``), printed in place of the deck's."""

    card: Card

    @property
    def code(self) -> str:
        return f"back-{self.card.code}"


def _own_back_key(deck: Deck, face: OwnBack, bleed: bool, cmyk: bool) -> str:
    """``face_key`` of a card's own back: its picture's bytes, the geometry, bleed and colour space."""
    from cardforge.render.art import resolve_image

    src = resolve_image(own_back(deck, face.card) or "", deck, f"the back of {face_label(deck, face.card)}")
    return hashlib.sha256(repr(("own_back", src, _content_digest(src), Geometry.of(deck), bleed, cmyk)).encode()).hexdigest()[:32]
