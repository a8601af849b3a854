"""Rich card text: bold, italic, colour and size spans and inline pictures in one paragraph.

The markup (documented in docs/layouts.md, "Rich text"):

- ``**bold**``, ``*italic*`` (``***both***``); ``\\*`` is a literal star, and a marker left
  unclosed in its paragraph prints as it is (``5 * 3`` stays ``5 * 3``);
- ``[some words]{color=#C00 size=120%}`` — a span: ``color`` (``#RGB`` or ``#RRGGBB``), ``size``
  (a percentage of the paragraph's fitted size) and ``font`` (a font name), in any order;
- ``:flash:`` / ``{icon:flash}`` — a built-in icon, ``{img:art/coin.png}`` — any picture
  (PNG, JPEG, SVG, relative to the deck file), both one em wide, in the text's colour or their own.

``parse`` turns a paragraph into words of styled pieces (hashable tuples, so an ``Op`` keeps
them), ``fit`` finds the largest size whose wrapped lines fit the box (the same half-point steps
as plain text, ``textfit.sizes``), ``draw`` draws the fitted lines.

>>> [w for w in parse("a **b c**", Fonts("R", "B", "I", "BI"))[0]]
[(('t', 'a', 'R', None, 1.0, 0.0),), (('t', 'b', 'B', None, 1.0, 0.0),), (('t', 'c', 'B', None, 1.0, 0.0),)]
>>> is_rich("plain :flash: text"), is_rich("**x**"), is_rich("[x]{color=#c00}")
(False, True, True)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any, NamedTuple

from cardforge.errors import DeckError

__all__ = ["Fonts", "is_rich", "parse", "fit", "draw", "line_width", "line_height", "pieces", "RichFit", "SPAN_KEYS", "SLANT"]

#: the shear of an italic drawn from an upright font that has no italic of its own (about 12°)
SLANT = 0.21
SPAN_KEYS = ("color", "size", "font")
_MARK = re.compile(r"\\(.)|(\*\*\*|\*\*|\*)|(\[)|(\]\{([^{}]*)\})|:([a-z][a-z0-9]*):|\{icon:([a-z][a-z0-9]*)\}|\{img:([^{}]+)\}")
_RICH = re.compile(r"\*|\]\{|\{img:|\\")
_HEX3 = re.compile(r"#([0-9A-Fa-f])([0-9A-Fa-f])([0-9A-Fa-f])")
_HEX6 = re.compile(r"#[0-9A-Fa-f]{6}")
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)%")


class Fonts(NamedTuple):
    """The fonts of one text element: regular, bold, italic and bold italic (``""``: slanted)."""

    regular: str
    bold: str
    italic: str
    bold_italic: str

    def pick(self, bold: bool, italic: bool) -> tuple[str, float]:
        """The font for a style and the shear it needs (an italic the fonts lack is slanted)."""
        if bold and italic:
            return (self.bold_italic, 0.0) if self.bold_italic else (self.bold, SLANT)
        if italic:
            return (self.italic, 0.0) if self.italic else (self.regular, SLANT)
        return (self.bold if bold else self.regular), 0.0


def is_rich(text: str) -> bool:
    """Whether ``text`` has any markup beyond built-in ``:icon:`` names (which plain text draws)."""
    return bool(_RICH.search(text))


def _span(spec: str, what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in spec.split():
        key, _, value = item.partition("=")
        if key not in SPAN_KEYS or not value:
            raise DeckError(f"{what}: span {{{spec}}}: {item!r} is not a span setting; give "
                            "color=#RRGGBB, size=N% or font=Name, e.g. [word]{color=#C00 size=120%}")
        if key == "color":
            short = _HEX3.fullmatch(value)
            value = "#" + "".join(c * 2 for c in short.groups()) if short else value
            if not _HEX6.fullmatch(value):
                raise DeckError(f"{what}: span color {value!r} is not a colour; give #RGB or #RRGGBB, e.g. color=#C00")
            out["colour"] = value.upper()
        elif key == "size":
            m = _PERCENT.fullmatch(value)
            if not m or not 10 <= float(m.group(1)) <= 400:
                raise DeckError(f"{what}: span size {value!r} is not a size; give a percentage from 10% to 400%, e.g. size=120%")
            out["scale"] = float(m.group(1)) / 100
        else:
            out["font"] = value
    return out


def _tokens(paragraph: str) -> list[tuple[str, Any]]:
    """Markers and text of one paragraph, with unpaired markers turned back into text."""
    toks: list[tuple[str, Any]] = []
    last = 0
    for m in _MARK.finditer(paragraph):
        if m.start() > last:
            toks.append(("text", paragraph[last : m.start()]))
        esc, star, open_, close, spec, icon, icon2, img = m.groups()
        if esc is not None:
            toks.append(("text", esc))
        elif star:
            toks.append(("star", star))
        elif open_:
            toks.append(("open", m.group(0)))
        elif close:
            toks.append(("close", (spec, m.group(0))))
        elif img:
            toks.append(("img", img.strip()))
        else:
            toks.append(("icon", icon or icon2))
        last = m.end()
    if last < len(paragraph):
        toks.append(("text", paragraph[last:]))
    # a star run pairs with the next equal one; a span opens only if it closes
    stack: list[int] = []
    pending: dict[str, int] = {}
    for i, (kind, value) in enumerate(toks):
        if kind == "star":
            if value in pending:
                pending.pop(value)
            else:
                pending[value] = i
        elif kind == "open":
            stack.append(i)
        elif kind == "close":
            if stack:
                stack.pop()
            else:
                toks[i] = ("text", value[1])
    for i in [*pending.values(), *stack]:
        toks[i] = ("text", toks[i][1])
    return toks


def parse(text: str, fonts: Fonts, what: str = "text") -> tuple[tuple[tuple[tuple, ...], ...], ...]:
    """Paragraphs of words of pieces: ``("t", text, font, colour, scale, slant)``,
    ``("i", icon, scale)`` or ``("m", picture, scale)`` (colour ``None``: the element's).

    Spans nest: an inner span's colour and font win, sizes multiply."""
    out = []
    for paragraph in text.split("\n"):
        bold = italic = False
        opened: list[tuple[int, int]] = []
        words: list[list[dict]] = [[]]
        for kind, value in _tokens(paragraph):
            if kind == "star":
                bold, italic = bold ^ (value != "*"), italic ^ (value != "**")
            elif kind == "open":
                opened.append((len(words) - 1, len(words[-1])))
            elif kind == "close":
                _restyle(words, opened.pop(), _span(value[0], what))
            elif kind in ("icon", "img"):
                words[-1].append({"kind": "i" if kind == "icon" else "m", "name": value})
            else:
                for j, chunk in enumerate(re.split(r"(\s+)", value)):
                    if j % 2:
                        if words[-1]:
                            words.append([])
                    elif chunk:
                        font, slant = fonts.pick(bold, italic)
                        words[-1].append({"kind": "t", "name": chunk, "font": font, "slant": slant})
        out.append(tuple(tuple(_piece(p) for p in w) for w in words if w))
    return tuple(out)


def _restyle(words: list[list[dict]], start: tuple[int, int], settings: dict[str, Any]) -> None:
    """Apply a closed span's settings to every piece since ``start`` (inner spans keep theirs)."""
    w0, p0 = start
    for wi in range(w0, len(words)):
        for piece in words[wi][p0 if wi == w0 else 0 :]:
            piece["scale"] = piece.get("scale", 1.0) * settings.get("scale", 1.0)
            if "colour" in settings:
                piece.setdefault("colour", settings["colour"])
            if "font" in settings and piece["kind"] == "t" and not piece.get("span_font"):
                piece["font"], piece["span_font"] = settings["font"], True


def _piece(p: dict) -> tuple:
    if p["kind"] == "t":
        return ("t", p["name"], p["font"], p.get("colour"), p.get("scale", 1.0), p["slant"])
    return (p["kind"], p["name"], p.get("scale", 1.0), p.get("colour"))


def pieces(lines: Any) -> list[tuple]:
    """Every piece of parsed paragraphs or fitted lines."""
    return [p for line in lines for word in line for p in word]


class RichFit(NamedTuple):
    """Fitted rich lines (each a tuple of words), the size and each line's height."""

    lines: tuple[tuple[tuple[tuple, ...], ...], ...]
    size: float
    heights: tuple[float, ...]


def _piece_width(p: tuple, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from cardforge.render.inline import ICON_EM

    if p[0] == "t":
        return stringWidth(p[1], p[2], size * p[4])
    return size * p[2] * ICON_EM


def _word_width(word: tuple, size: float) -> float:
    return sum(_piece_width(p, size) for p in word)


def line_width(line: tuple, size: float, space_font: str) -> float:
    """The width of one fitted line at ``size`` (words and the spaces between them)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if not line:
        return 0.0
    return sum(_word_width(w, size) for w in line) + (len(line) - 1) * stringWidth(" ", space_font, size)


def line_height(line: tuple, size: float) -> float:
    from cardforge.render.textfit import LEADING

    return size * LEADING * max([1.0, *(p[4] if p[0] == "t" else p[2] for w in line for p in w)])


def _wrap(paragraphs: tuple, size: float, width: float, space_font: str) -> list[tuple] | None:
    """Greedy word wrap; ``None`` if a single word is wider than the box."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    space = stringWidth(" ", space_font, size)
    lines: list[tuple] = []
    for para in paragraphs:
        line: list[tuple] = []
        used = 0.0
        for word in para:
            w = _word_width(word, size)
            if w > width:
                return None
            if line and used + space + w > width:
                lines.append(tuple(line))
                line, used = [], 0.0
            used += (space if line else 0.0) + w
            line.append(word)
        lines.append(tuple(line))
    return lines


@functools.lru_cache(maxsize=1024)
def fit(paragraphs: tuple, space_font: str, width: float, height: float, max_size: float, min_size: float,
        what: str = "text") -> RichFit:
    """The largest size (half-point steps, as plain text) whose wrapped lines fit ``width``×``height``."""
    from cardforge.render.textfit import TextDoesNotFit, sizes

    for size in sizes(max_size, min_size, height):
        lines = _wrap(paragraphs, size, width, space_font)
        if lines is None:
            continue
        heights = tuple(line_height(line, size) for line in lines)
        if sum(heights) <= height + 1e-9:
            return RichFit(tuple(lines), size, heights)
    chars = sum(len(p[1]) for p in pieces(paragraphs) if p[0] == "t")
    raise TextDoesNotFit(f"{what}: text does not fit its box even at the minimum {min_size:g} pt "
                         f"({chars} characters in {width / 72 * 25.4:.0f}×{height / 72 * 25.4:.0f} mm); shorten it")


def draw(canv: Any, fitted: RichFit, box: tuple[float, float, float, float], align: str, valign: str,
         colour: Callable[[str | None], Any], space_font: str, icon_font: str, cmyk: bool = False) -> None:
    """Draw fitted lines in ``box`` (``colour(None)``: the element's colour; ``cmyk``: pictures for a print shop)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from cardforge.render.art import draw_image
    from cardforge.render.inline import ICON_EM
    from cardforge.render.symbols import draw_icon
    from cardforge.render.textfit import LEADING

    x0, y0, x1, y1 = box
    size, heights = fitted.size, fitted.heights
    first = heights[0] / LEADING  # the first line's largest size
    if valign == "top":
        y = y1 - first * 0.92
    elif valign == "bottom":
        y = y0 + sum(heights) - first * 0.92
    elif len(heights) > 1:
        y = (y0 + y1) / 2 + sum(heights) / 2 - first * 0.92
    else:
        y = (y0 + y1) / 2 - first * 0.36
    space = stringWidth(" ", space_font, size)
    for n, line in enumerate(fitted.lines):
        if n:
            y -= heights[n]
        width = line_width(line, size, space_font)
        x = {"left": x0, "right": x1 - width}.get(align, (x0 + x1) / 2 - width / 2)
        for word in line:
            for p in word:
                if p[0] == "t":
                    _, text, font, col, scale, slant = p
                    canv.setFont(font, size * scale)
                    canv.setFillColor(colour(col))
                    if slant:  # an italic the font lacks: the upright letters sheared about the baseline
                        canv.saveState()
                        canv.transform(1, 0, slant, 1, -slant * y, 0)
                        canv.drawString(x, y, text)
                        canv.restoreState()
                    else:
                        canv.drawString(x, y, text)
                else:
                    s = size * p[2]
                    cx, cy, half = x + s * ICON_EM / 2, y + s * 0.36, s * 0.95 / 2
                    if p[0] == "i":
                        draw_icon(canv, p[1], cx, cy, s * 0.95, colour(p[3]), icon_font)
                    else:
                        draw_image(canv, p[1], (cx - half, cy - half, cx + half, cy + half), "contain", cmyk)
                x += _piece_width(p, size)
            x += space
