"""Layouts as data: load a layout file (with ``extends``), check it, compile it for the renderer.

A deck names its layout (``layout: num`` for the bundled one, or ``layout: my-layout.yaml``
beside the deck file).  Loading reads the YAML with positions, validates it against
``layout_schema.LayoutFile`` (errors are ``file:line:column``), merges the ``extends`` chain
(faces and elements by name; ``null`` removes), and compiles every value into an ``Expr`` and
every length into a ``Length``.  Drawing is ``cardforge.render.faces``'s business.

>>> layout = load_layout("num")
>>> [f.name for f in layout.fronts], layout.back.name
(['number_square', 'action_wide', 'action_small', 'number', 'action'], 'back')
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardforge.deck.expr import Expr, ExprError, compile_expr, compile_template
from cardforge.errors import DeckError

__all__ = ["Length", "NUMERIC_KEYS", "length_unit", "number_from_data", "LayoutElement", "LayoutFace", "Layout", "load_layout", "where_error", "layouts_dir", "layout_path", "matches"]

_LENGTH_KEYS = ("x", "y", "cx", "cy", "right", "bottom", "width", "height", "stroke_width", "radius", "size",
                "min_size", "padding", "outline_width", "gap")
_TEXT_KEYS = ("text",)
_LITERAL_KEYS = ("type", "anchor", "rotate", "mirror", "align", "valign", "wrap", "underline", "fit", "angle", "when", "unless",
                 "gradient", "sides", "inner", "cap", "join")
#: keys whose value is a list of lengths (``dash``) or of [x, y] pairs of lengths (``points``)
_LENGTH_LIST_KEYS = ("points", "dash")
_HORIZONTAL = ("x", "cx", "right", "width")
#: an image element's ``src`` written as a plain file name (``art/auto-repair.svg``): taken as
#: written, not read as an expression (where ``humans.svg`` would be a field and ``-`` a stray sign)
_FILE_NAME = re.compile(r"^\s*[\w./ -]+\.(?:png|jpe?g|svg|webp|gif|tiff?)\s*$", re.IGNORECASE)
#: the keys whose number may come from the card's data (``"{card.angle}"``): lengths and plain numbers
NUMERIC_KEYS = frozenset((*_LENGTH_KEYS, "rotate", "angle", "sides", "inner"))
_DATA = re.compile(r"^\s*\{([^{}]+)\}\s*$")
#: layouts in one ``extends`` chain (the bundled one extends nothing; a deck's extends it)
MAX_EXTENDS = 8


def _shown(value: Any) -> str:
    """A value as a message shows it (a 400-digit number cut short)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:20] + "…" + text[-8:] + f" ({len(text)} characters)"


#: the largest angle in degrees a layout may give (ten turns)
MAX_DEGREES = 3600.0


def _usable_angle(value: Any) -> bool:
    try:
        return math.isfinite(value) and abs(value) <= MAX_DEGREES
    except (OverflowError, TypeError):
        return False


def number_from_data(key: str, kind: str, value: Any, geo: Any, along: str) -> float | int:
    """A numeric property's value read from the card's data, in points for a length (a number is
    in the key's unit, a string such as ``"4mm"`` a length); ``ValueError`` in words if unusable."""
    if isinstance(value, bool) or value is None:
        raise ValueError(f"{_shown(value)} is not a number")
    if key in _LENGTH_KEYS:
        if isinstance(value, str) and value.strip().lstrip("+-").replace(".", "", 1).isdigit():
            value = float(value)
        return Length.checked(value, length_unit(key, kind)).points(geo, along)
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{_shown(value)} is not a number") from None
    if key in ("rotate", "angle") and not _usable_angle(number):
        raise ValueError(f"{_shown(value)} is not a usable angle; give degrees between -{MAX_DEGREES:g} and {MAX_DEGREES:g}")
    if key == "sides":
        if number != int(number) or not 3 <= number <= 64:
            raise ValueError(f"{_shown(value)} is not a number of sides from 3 to 64")
        return int(number)
    if key == "inner" and not 0 < number <= 1:
        raise ValueError(f"{_shown(value)} is not a fraction above 0 and at most 1")
    return number


def layouts_dir() -> Path:
    """The bundled layouts (``cardforge/layouts``)."""
    from cardforge.paths import PACKAGE_DIR

    return PACKAGE_DIR / "layouts"


@dataclass(frozen=True, slots=True)
class Length:
    """A length as a sum of terms: mm, pt, fractions of the trim width/height/short side, the
    fraction along the element's own axis (``%``), and multiples of the safe and bleed margins."""

    mm: float = 0.0
    pt: float = 0.0
    w: float = 0.0
    h: float = 0.0
    s: float = 0.0
    axis: float = 0.0
    safe: float = 0.0
    bleed: float = 0.0

    _TERM = re.compile(r"([+-]?)\s*(\d+(?:\.\d+)?)\s*(mm|pt|%w|%h|%s|%|safe|bleed)?")

    @classmethod
    def parse(cls, value: Any, default_unit: str = "mm") -> Length:
        if isinstance(value, (int, float)):
            return cls(**{default_unit: float(value)})
        acc: dict[str, float] = {}
        text = str(value).replace(" ", "")
        for sign, number, unit in cls._TERM.findall(text):
            key = {"%w": "w", "%h": "h", "%s": "s", "%": "axis", None: default_unit, "": default_unit}.get(unit, unit)
            scale = 0.01 if unit and unit.startswith("%") else 1.0
            acc[key] = acc.get(key, 0.0) + (-1 if sign == "-" else 1) * float(number) * scale
        return cls(**acc)

    #: the largest term of each kind (10 m, 30,000 pt, 100 × the card, 1,000 margins): any
    #: larger, infinite or NaN term is a typo, and would hang or crash the drawing
    LIMITS = {"mm": 10_000.0, "pt": 30_000.0, "w": 100.0, "h": 100.0, "s": 100.0, "axis": 100.0, "safe": 1_000.0,
              "bleed": 1_000.0}

    @classmethod
    def checked(cls, value: Any, default_unit: str = "mm") -> Length:
        """``parse``, refusing (``ValueError``, in words) a term that is not finite or too large."""
        try:
            length = cls.parse(value, default_unit)
        except OverflowError:
            length = None
        if length is None or not all(math.isfinite(getattr(length, k)) and abs(getattr(length, k)) <= limit
                                     for k, limit in cls.LIMITS.items()):
            raise ValueError(f"{_shown(value)} is not a usable length: each term must be a finite number of at most "
                             "10000 mm, 30000 pt, 10000 % or 1000 safe/bleed")
        return length

    def points(self, geo: Any, along: str = "s") -> float:
        """The length in points on a card of geometry ``geo`` (``w``, ``h``, ``safe``, ``bleed`` in pt)."""
        mm = 72 / 25.4
        axis = {"w": geo.w, "h": geo.h}.get(along, min(geo.w, geo.h))
        return (self.mm * mm + self.pt + self.w * geo.w + self.h * geo.h + self.s * min(geo.w, geo.h)
                + self.axis * axis + self.safe * geo.safe + self.bleed * geo.bleed)


@dataclass(frozen=True)
class LayoutElement:
    """One compiled element: its type, conditions and properties (``Expr``, ``Length`` or literals)."""

    name: str
    type: str
    props: Mapping[str, Any]
    when: tuple[tuple[Expr, tuple], ...]
    unless: tuple[tuple[Expr, tuple], ...]
    refs: frozenset[str]
    where: str

    @property
    def per_card(self) -> bool:
        """True if the element reads a field of the card itself (not only its family or the deck)."""
        return any(r == "card" or r.startswith("card.") for r in self.refs)

    def get(self, key: str, default: Any = None) -> Any:
        return self.props.get(key, default)


@dataclass(frozen=True)
class LayoutFace:
    name: str
    when: tuple[tuple[Expr, tuple], ...]
    vars: tuple[tuple[str, Expr], ...]
    elements: tuple[LayoutElement, ...]
    #: the vars that read the card itself (evaluated per card; the others once per family)
    card_vars: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Layout:
    """A compiled layout: its front faces in the order they are tried, and its back."""

    id: str
    path: Path
    fronts: tuple[LayoutFace, ...]
    back: LayoutFace | None
    vars: tuple[tuple[str, Expr], ...]

    def front_for(self, ctx: Mapping[str, Any]) -> LayoutFace | None:
        """The first front face whose ``when`` matches the card."""
        return next((f for f in self.fronts if matches(f.when, ctx)), None)

    @functools.cached_property
    def choosing(self) -> tuple[Expr, ...]:
        """The fields the fronts' conditions read: equal values choose the same face."""
        return tuple({e.source: e for f in self.fronts for e, _ in f.when}.values())


def matches(conditions: tuple[tuple[Expr, tuple], ...], ctx: Mapping[str, Any], unless: bool = False) -> bool:
    """All conditions hold (``unless=True``: any of them holds)."""
    for expr, allowed in conditions:
        if _holds(expr(ctx), allowed) is unless:
            return unless
    return not unless


_COMPARE = re.compile(r"^\s*(<=|>=|<|>|!=)\s*(-?\d+(?:\.\d+)?)\s*$")


def _holds(value: Any, allowed: tuple) -> bool:
    """``value`` is one of ``allowed``; a string such as ``'>= 10'`` or ``'< 1.2'`` compares numbers."""
    if value in allowed:
        return True
    for a in allowed:  # 'true' matches True, '6' matches 6, 'Shadow' matches 'shadow'
        if a is None or value is None:
            continue
        if isinstance(a, str):
            m = _COMPARE.match(a)
            if m and isinstance(value, (int, float)) and not isinstance(value, bool):
                op, n = m.group(1), float(m.group(2))
                if {"<": value < n, ">": value > n, "<=": value <= n, ">=": value >= n, "!=": value != n}[op]:
                    return True
                continue
        if (type(a) is not type(value) or isinstance(a, str)) and str(value).lower() == str(a).lower():
            return True
    return False


# -- loading ------------------------------------------------------------------------------------


def layout_path(ref: str, relative_to: Path | None = None, root: Path | None = None) -> Path:
    """``num`` → the bundled ``layouts/num.yaml``; ``my.yaml`` → beside ``relative_to``, which
    must stay inside ``root`` (default ``relative_to``: a deck's layout is in the deck's folder).
    Only a path given on the command line (no ``relative_to``) may be anywhere."""
    if ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref:
        if relative_to is None:
            return Path.cwd() / ref
        from cardforge.deck.paths import inside

        return inside(ref, root or relative_to, "layout", base=relative_to)
    path = layouts_dir() / f"{ref}.yaml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in layouts_dir().glob("*.yaml")))
        raise DeckError(f"unknown layout {ref!r}: bundled layouts are {known} (or give a .yaml path beside the deck)")
    return path


def load_layout(ref: str, relative_to: Path | None = None) -> Layout:
    """Load, merge and compile a layout by bundled id or path (cached on the files' mtimes)."""
    path = layout_path(ref, relative_to).resolve()
    try:
        mtime = path.stat().st_mtime_ns
    except FileNotFoundError:
        raise DeckError(f"layout file not found: {path}") from None
    return _load_cached(str(path), mtime)


@functools.lru_cache(maxsize=32)
def _load_cached(path_str: str, mtime_ns: int) -> Layout:
    return _compile(_merged_cached(Path(path_str)), Path(path_str))


def _merged_cached(path: Path) -> dict:
    """``_merged(path)``, from the deck cache's folder when the layout's files are unchanged.

    The entry (``layout-<slot>-<key>.json``) is found by the layout file's size and mtime and
    lists every file of its ``extends`` chain with theirs; a hit reads no YAML and imports no
    pydantic.  A changed stat falls back to the files' digest; a changed file is validated
    again, and only a layout that validated is ever written, so the cache hides no error.
    """
    from cardforge.deck import cache

    folder = cache.cache_dir()
    if folder is None:
        return _merged(path, ())
    slot = cache.slot(path)
    try:
        entry = cache.entry_path(folder, slot, cache.stat_key(path), kind="layout")
    except OSError:
        return _merged(path, ())
    data = cache.load_entry(entry)
    if data is not None and _stats(data.get("files")) == data.get("files"):
        return data["merged"]
    for old in [entry, *sorted(folder.glob(f"layout-{slot}-*.json"))]:
        data = cache.load_entry(old)
        files = data.get("files") if data else None
        try:
            if files and data["digest"] == cache.digest(*(Path(f) for f, _, _ in files)):
                _write_entry(folder, path, entry, slot, data["merged"], [Path(f) for f, _, _ in files], data["digest"])
                return data["merged"]
        except (OSError, DeckError):
            continue
    chain: list[Path] = []
    merged = _merged(path, (), chain)
    _write_entry(folder, path, entry, slot, merged, chain, None)
    return merged


def _stats(files: Any) -> list | None:
    """``[[path, size, mtime_ns], …]`` of the files as they are now (None if one is gone)."""
    if not isinstance(files, list):
        return None
    try:
        return [[f, (st := Path(f).stat()).st_size, st.st_mtime_ns] for f, _, _ in files]
    except (OSError, TypeError, ValueError):
        return None


def _write_entry(folder: Path, path: Path, entry: Path, slot: str, merged: dict, chain: list[Path], digest: str | None) -> None:
    from cardforge.atomic import atomic_write_text
    from cardforge.deck import cache
    from cardforge.errors import CardforgeError

    try:
        files = [[str(p), (st := p.stat()).st_size, st.st_mtime_ns] for p in chain]
        data = {"digest": digest or cache.digest(*chain), "files": files, "merged": merged}
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(entry, json.dumps(data, ensure_ascii=False, allow_nan=False))
        cache.prune(folder, entry, slot, kind="layout")
    except (OSError, TypeError, ValueError, CardforgeError):
        pass  # a cache we cannot write is only a slower start


def _read(path: Path) -> tuple[dict, Any]:
    from cardforge.deck.layout_schema import LayoutFile
    from cardforge.deck.source import read_yaml, to_plain, validate_all

    raw = read_yaml(path)
    if raw.get("kind") != "layout":
        from cardforge.deck.source import position_of

        line, col = position_of(raw, ("kind",))
        raise DeckError("expected a layout file here (kind: layout)", file=str(path), line=line, column=col, path="kind")
    validate_all(LayoutFile, raw, path)  # every schema error of the file, not the first
    return to_plain(raw), raw


def _merged(path: Path, chain: tuple[Path, ...], files: list[Path] | None = None) -> dict:
    """The layout at ``path`` with its ``extends`` chain merged in; each element keeps where it
    was last defined (``_where``) for later error messages.  ``files`` collects the chain's paths."""
    from cardforge.deck.source import position_of

    if path in chain:
        names = " → ".join(p.name for p in (*chain, path))
        raise DeckError(f"layouts extend each other in a circle: {names}", file=str(path))
    data, raw = _read(path)
    if files is not None:
        files.append(path)
    for fname, face in (data.get("faces") or {}).items():
        for ename, el in ((face or {}).get("elements") or {}).items():
            if el is not None:
                line, col = position_of(raw, ("faces", fname, "elements", ename), key=True)
                el["_where"] = f"{path}:{line}:{col}"
    if not data.get("extends"):
        data["faces"] = {k: v for k, v in (data.get("faces") or {}).items() if v is not None}
        return data
    if len(chain) >= MAX_EXTENDS:
        line, col = position_of(raw, ("extends",))
        raise DeckError(f"more than {MAX_EXTENDS} layouts extend each other ({chain[0].name} → … → {path.name}); "
                        "extend the layout you need directly", file=str(path), line=line, column=col, path="extends")
    try:
        parent_path = layout_path(data["extends"], path.parent, (chain or (path,))[0].parent)
    except DeckError as exc:
        line, col = position_of(raw, ("extends",))
        raise DeckError(exc.detail, file=str(path), line=line, column=col, path="extends") from None
    parent = _merged(parent_path, (*chain, path), files)
    faces: dict[str, Any] = {}
    own = data.get("faces") or {}
    for name, face in own.items():  # faces new in the child are tried before inherited ones
        if face is not None and name not in parent["faces"]:
            faces[name] = face
    for name, pface in parent["faces"].items():
        if name in own and own[name] is None:
            continue
        faces[name] = _merge_face(pface, own.get(name)) if name in own else pface
    return {**parent, "id": data["id"], "vars": {**parent.get("vars", {}), **(data.get("vars") or {})}, "faces": faces}


def _merge_face(parent: dict, child: dict) -> dict:
    out = {**parent, **{k: v for k, v in child.items() if k not in ("elements", "vars")}}
    out["vars"] = {**(parent.get("vars") or {}), **(child.get("vars") or {})}
    elements = dict(parent.get("elements") or {})
    for name, el in (child.get("elements") or {}).items():
        if el is None:
            elements.pop(name, None)
        elif name in elements and elements[name] is not None and "type" not in el:
            elements[name] = {**elements[name], **el}
        else:
            elements[name] = el
    out["elements"] = elements
    return out


# -- compiling ----------------------------------------------------------------------------------


def where_error(where: str, message: str) -> DeckError:
    """A ``DeckError`` at ``where`` (``file:line:column`` or a bare file name)."""
    parts = where.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return DeckError(message, file=parts[0], line=int(parts[1]), column=int(parts[2]))
    return DeckError(message, file=where)


def _conditions(cond: Mapping[str, Any] | None, where: str) -> tuple[tuple[Expr, tuple], ...]:
    out = []
    for field, allowed in (cond or {}).items():
        try:
            expr = compile_expr(field)
        except ExprError as exc:
            raise where_error(where, str(exc)) from None
        out.append((expr, tuple(allowed) if isinstance(allowed, list) else (allowed,)))
    return tuple(out)


def _compile(data: dict, path: Path) -> Layout:
    from cardforge.deck.layout_keys import ELEMENT_KEYS

    layout_vars = tuple((k, compile_expr(v)) for k, v in (data.get("vars") or {}).items())
    faces: dict[str, LayoutFace] = {}
    raw_faces = data["faces"]

    def face_data(name: str, seen: tuple = ()) -> dict:
        face = raw_faces[name]
        base = face.get("extends")
        if not base:
            return face
        if base not in raw_faces or base in seen:
            raise DeckError(f"face {name!r} extends {base!r}, which is not a face of layout {data['id']!r}"
                            if base not in raw_faces else f"faces extend each other in a circle: {name} → {base}", file=str(path))
        return _merge_face(face_data(base, (*seen, name)), {k: v for k, v in face.items() if k != "extends"})

    for fname in raw_faces:
        face = face_data(fname)
        fvars = [*layout_vars]
        for k, v in (face.get("vars") or {}).items():
            try:
                fvars.append((k, compile_expr(v)))
            except ExprError as exc:
                raise DeckError(f"face {fname!r} var {k!r}: {exc}", file=str(path)) from None
        var_refs = _var_refs(fvars)
        elements = []
        for ename, el in (face.get("elements") or {}).items():
            if el is None:
                continue
            where = el.get("_where", str(path))
            kind = el.get("type")
            if kind is None:
                raise where_error(where, f"element {ename!r} has no 'type' (and overrides no inherited element)")
            extra = sorted(set(el) - ELEMENT_KEYS[kind] - {"_where"})
            if extra:
                raise where_error(where, f"element {ename!r}: key {extra[0]!r} does not apply to a {kind} element; "
                                          f"its keys are {', '.join(sorted(ELEMENT_KEYS[kind] - {'type'}))}")
            elements.append(_element(ename, kind, el, where, var_refs))
        card_vars = frozenset(k for k, refs in var_refs.items() if any(r == "card" or r.startswith("card.") for r in refs))
        faces[fname] = LayoutFace(fname, _conditions(face.get("when"), str(path)), tuple(fvars), tuple(elements), card_vars)
    back = faces.pop("back", None)
    return Layout(data["id"], path, tuple(faces.values()), back, layout_vars)


def _var_refs(fvars: list[tuple[str, Expr]]) -> dict[str, frozenset[str]]:
    """Each var's references with other vars expanded (so dependence on ``card.*`` is seen)."""
    out: dict[str, frozenset[str]] = {}
    for name, expr in fvars:
        refs: set[str] = set()
        for r in expr.refs:
            refs |= out.get(r.split(".")[0], {r}) if r.split(".")[0] in out else {r}
        out[name] = frozenset(refs)
    return out


def _element(name: str, kind: str, el: dict, where: str, var_refs: dict[str, frozenset[str]]) -> LayoutElement:
    props: dict[str, Any] = {}
    refs: set[str] = set()
    try:
        for key, value in el.items():
            if key in ("_where", "when", "unless"):
                continue
            data = _DATA.match(value) if isinstance(value, str) and key in NUMERIC_KEYS else None
            if data:  # a number from the card's data: "{card.angle}", "{card.power * 2}"
                expr = compile_expr(data.group(1))
                props[key] = expr
                refs |= expr.refs
            elif key in _LENGTH_KEYS:
                unit = length_unit(key, kind)
                try:
                    props[key] = Length.checked(value, unit)
                except ValueError as exc:
                    raise where_error(where, f"element {name!r}: {key}: {exc}") from None
            elif key in _LENGTH_LIST_KEYS:
                try:
                    props[key] = tuple(tuple(Length.checked(v) for v in item) if isinstance(item, list) else Length.checked(item)
                                       for item in value)
                except ValueError as exc:
                    raise where_error(where, f"element {name!r}: {key}: {exc}") from None
            elif key in ("rotate", "angle") and not _usable_angle(value):
                raise where_error(where, f"element {name!r}: {key}: {_shown(value)} is not a usable angle; "
                                         f"give degrees between -{MAX_DEGREES:g} and {MAX_DEGREES:g}")
            elif key in _TEXT_KEYS:
                expr = compile_template(value)
                props[key] = expr
                refs |= expr.refs
            elif key in _LITERAL_KEYS:
                props[key] = value
            elif key == "src" and isinstance(value, str) and _FILE_NAME.match(value):
                props[key] = Expr(repr(value), lambda ctx, v=value.strip(): v, frozenset())  # a file name as written
            else:
                expr = compile_expr(value) if not isinstance(value, list) else _list_expr(value)
                props[key] = expr
                refs |= expr.refs
    except ExprError as exc:
        raise where_error(where, f"element {name!r}: {exc}") from None
    # what an element reads without saying so: a value shows card.value, an icon card.icon
    implicit = {"value": ("text", "card.value"), "icon": ("icon", "card.icon"), "symbol": ("symbol", "family.symbol")}
    if kind in implicit and implicit[kind][0] not in el:
        refs.add(implicit[kind][1])
    when, unless = _conditions(el.get("when"), where), _conditions(el.get("unless"), where)
    for expr, _ in (*when, *unless):
        refs |= expr.refs
    expanded: set[str] = set()
    for r in refs:
        expanded |= var_refs.get(r.split(".")[0], {r})
    return LayoutElement(name, kind, props, when, unless, frozenset(expanded), where)


def length_unit(key: str, kind: str) -> str:
    """The unit of a bare number for ``key`` of a ``kind`` element: text sizes are in pt, the rest mm."""
    return "pt" if key in ("size", "min_size") and kind in ("text", "value") else "mm"


def _list_expr(values: list) -> Expr:
    parts = [compile_expr(v) for v in values]
    return Expr(repr(values), lambda ctx: tuple(p(ctx) for p in parts), frozenset().union(*(p.refs for p in parts)))
