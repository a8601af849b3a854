"""The small expression language of layout files: field references, literals and functions.

A layout value such as ``mix(family.color, family.ink, 0.14)`` or ``card.value`` is compiled
once into a Python callable of a context (a mapping of names to values); the names it reads are
known at compile time, so the renderer can tell card-independent elements (drawn once as a form
XObject) from per-card ones without running anything.

>>> e = compile_expr("mix('#000000', '#FFFFFF', 0.5)")
>>> e({})
'#808080'
>>> e = compile_expr("choose(dark, ink, '#FFFFFF')")
>>> e({"dark": False, "ink": "#111111"}), sorted(e.refs)
('#FFFFFF', ['dark', 'ink'])
>>> render_template("{card.value} pts", {"card": {"value": 7}})
'7 pts'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardforge.errors import DeckError

__all__ = ["Expr", "ExprError", "ExprValueError", "compile_expr", "compile_template", "render_template", "contrast", "FUNCTIONS"]


class ExprError(ValueError):
    """A layout expression that does not parse or names an unknown function."""


class ExprValueError(DeckError, ExprError):
    """A layout expression that gives no usable value for a card (``mix(a, b, .nan)``,
    ``readable(c, d, 1e400)``): a ``DeckError`` wherever it is evaluated, so one line."""

    def __init__(self, source: str, cause: Exception):
        self.cause = cause
        super().__init__(f"{source!r} gives no usable value ({cause})")


@functools.lru_cache(maxsize=1024)
def _rgb(hex_colour: str) -> tuple[float, float, float]:
    h = str(hex_colour).lstrip("#")
    return tuple(int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def _hex(rgb: tuple[float, ...]) -> str:
    return "#" + "".join(f"{round(min(max(v, 0), 1) * 255):02X}" for v in rgb)


@functools.lru_cache(maxsize=4096)
def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (``None`` if either is missing)."""
    if a is None or b is None:
        return None
    ra, rb = _rgb(a), _rgb(b)
    return _hex(tuple(x + (y - x) * float(t) for x, y in zip(ra, rb)))


@functools.lru_cache(maxsize=1024)
def _relative_luminance(hex_colour: str) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in _rgb(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio between two colours (1 … 21)."""
    la, lb = sorted((_relative_luminance(a), _relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable(colour: Any, against: str, ratio: float = 3.0) -> Any:
    """``colour`` (or each colour of a list) darkened or lightened just enough to reach
    ``ratio`` contrast against ``against``; a colour that already does is kept."""
    if colour is None or against is None:
        return colour
    if isinstance(colour, (list, tuple)):
        return tuple(readable(c, against, ratio) for c in colour)
    return _readable(str(colour), str(against), float(ratio))


@functools.lru_cache(maxsize=1024)
def _readable(colour: str, against: str, ratio: float) -> str:
    if contrast(colour, against) >= ratio:
        return colour.upper()
    target = "#000000" if contrast("#000000", against) >= contrast("#FFFFFF", against) else "#FFFFFF"
    lo, hi = 0.0, 1.0
    for _ in range(20):  # bisect the smallest mix that reaches the ratio
        mid = (lo + hi) / 2
        if contrast(mix(colour, target, mid), against) >= ratio:
            hi = mid
        else:
            lo = mid
    return mix(colour, target, hi)


def dark(colour: str) -> bool:
    """True for a dark colour (perceived luminance under 0.2): light ink goes on it."""
    if colour is None:
        return False
    r, g, b = _rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.2


def _choose(condition: Any, then: Any, otherwise: Any) -> Any:
    return then if condition else otherwise


def _at(items: Any, index: Any, default: Any = None) -> Any:
    try:
        return items[int(index)]
    except (TypeError, IndexError, KeyError):
        return default


def _first(*values: Any) -> Any:
    """The first value that is not empty: ``first(family.gradient, family.color)``."""
    for v in values:
        if isinstance(v, (list, tuple)) and v:
            return v[0]
        if v not in (None, "", ()):
            return v
    return None


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "mix": mix,
    "readable": readable,
    "dark": dark,
    "choose": _choose,
    "at": _at,
    "first": _first,
    "not": lambda v: not v,
    "upper": lambda v: str(v).upper(),
    "lower": lambda v: str(v).lower(),
    "words": lambda v, start=0, stop=None: " ".join(str(v).split()[int(start) : None if stop is None else int(stop)]),
}

_TOKEN = re.compile(
    r"\s*(?:(?P<num>-?\d+(?:\.\d+)?)|(?P<str>'[^']*'|\"[^\"]*\")|(?P<hex>#[0-9A-Fa-f]{6})"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)|(?P<punct>[(),]))"
)


@dataclass(frozen=True)
class Expr:
    """A compiled expression: call it with a context; ``refs`` are the names it reads."""

    source: str
    fn: Callable[[Mapping[str, Any]], Any]
    refs: frozenset[str]

    def __call__(self, ctx: Mapping[str, Any]) -> Any:
        try:
            return self.fn(ctx)
        except ExprValueError:
            raise
        except (ValueError, TypeError, ArithmeticError, AttributeError, LookupError) as exc:  # from the layout's numbers
            raise ExprValueError(self.source, exc) from None


def _lookup(ctx: Mapping[str, Any], dotted: str) -> Any:
    head, _, rest = dotted.partition(".")
    if not rest and head not in ctx:
        return head  # a bare word that names nothing is itself: pattern: tile, symbol: star
    value = ctx.get(head)
    while rest and value is not None:
        part, _, rest = rest.partition(".")
        value = value.get(part) if isinstance(value, Mapping) else getattr(value, part, None)
    return value


def _getter(dotted: str) -> Callable[[Mapping[str, Any]], Any]:
    """A fast reader of ``a.b.c`` (dicts at every level, as the renderer's contexts are)."""
    parts = dotted.split(".")
    if len(parts) == 1:
        return lambda ctx: ctx[dotted] if dotted in ctx else dotted
    if len(parts) == 2:
        head, key = parts

        def get2(ctx: Mapping[str, Any]) -> Any:
            v = ctx.get(head)
            return v.get(key) if isinstance(v, dict) else _lookup(ctx, dotted)

        return get2
    return lambda ctx: _lookup(ctx, dotted)


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ExprError(f"cannot read {text[pos:].strip()!r} in expression {text!r}")
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


def compile_expr(source: Any) -> Expr:
    """Compile a layout value: a number, a colour, a quoted string, a name, or ``f(args)``."""
    if not isinstance(source, str):
        return Expr(repr(source), lambda ctx, v=source: v, frozenset())
    tokens = _tokens(source)
    if not tokens:
        raise ExprError("empty expression")
    refs: set[str] = set()
    pos = 0

    def parse() -> Callable[[Mapping[str, Any]], Any]:
        nonlocal pos
        if pos >= len(tokens):
            raise ExprError(f"expression {source!r} ends too early")
        kind, text = tokens[pos]
        pos += 1
        if kind == "num":
            value: Any = float(text) if "." in text else int(text)
            return lambda ctx: value
        if kind == "str":
            return lambda ctx, s=text[1:-1]: s
        if kind == "hex":
            return lambda ctx, s=text.upper(): s
        if kind == "name":
            if pos < len(tokens) and tokens[pos] == ("punct", "("):
                pos += 1
                fn = FUNCTIONS.get(text)
                if fn is None:
                    raise ExprError(f"unknown function {text!r} in {source!r}; functions are {', '.join(sorted(FUNCTIONS))}")
                args = []
                while pos < len(tokens) and tokens[pos] != ("punct", ")"):
                    args.append(parse())
                    if pos < len(tokens) and tokens[pos] == ("punct", ","):
                        pos += 1
                if pos >= len(tokens):
                    raise ExprError(f"missing ')' in {source!r}")
                pos += 1
                return lambda ctx: fn(*(a(ctx) for a in args))
            if text in ("true", "false", "none"):
                return lambda ctx, v={"true": True, "false": False, "none": None}[text]: v
            refs.add(text)
            return _getter(text)
        raise ExprError(f"unexpected {text!r} in expression {source!r}")

    fn = parse()
    if pos != len(tokens):
        raise ExprError(f"unexpected {tokens[pos][1]!r} in expression {source!r}")
    return Expr(source, fn, frozenset(refs))


_FIELD = re.compile(r"\{([^{}]+)\}")
_SPAN = re.compile(r"[a-z_]+=")


def compile_template(text: str) -> Expr:
    """A text with ``{expression}`` parts; a text without braces is a constant."""
    parts: list[Any] = []
    refs: set[str] = set()
    last = 0
    for m in _FIELD.finditer(text):
        parts.append(text[last : m.start()])
        inner = m.group(1).strip()
        if inner.startswith(("icon:", "img:")) or _SPAN.match(inner):  # an inline icon or picture, or a
            # rich-text span's settings ({color=#C00 size=120%}): kept for the text drawer
            parts.append(m.group(0))
        else:
            e = compile_expr(inner)
            refs |= e.refs
            parts.append(e)
        last = m.end()
    parts.append(text[last:])

    def fn(ctx: Mapping[str, Any]) -> str:
        out = []
        for p in parts:
            if isinstance(p, Expr):
                v = p(ctx)
                out.append("" if v is None else str(v))
            else:
                out.append(p)
        return "".join(out)

    return Expr(text, fn, frozenset(refs))


def render_template(text: str, ctx: Mapping[str, Any]) -> str:
    return compile_template(text)(ctx)
