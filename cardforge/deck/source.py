"""Reading a deck file: YAML 1.2 with positions, and schema errors mapped back to file:line:col.

ruamel.yaml (round-trip mode) is used instead of PyYAML because it follows YAML 1.2 (``no``
stays the string "no"), refuses duplicate keys, and keeps the line and column of every node.
"""

from __future__ import annotations

import difflib
import re
import typing
from pathlib import Path
from typing import Any

from cardforge.errors import DeckError

__all__ = ["read_yaml", "read_source", "position_of", "validate", "validate_all", "to_plain", "LIMITS"]

#: What a deck file may hold.  The shipped decks are under 4 KiB, 4 levels deep and under 400 values;
#: the limits stop hostile or broken files (a 10 MB title, "billion laughs" aliases, 2,000
#: levels of brackets, /dev/zero) in milliseconds, with a position.
LIMITS = {
    "bytes": 128 * 1024,   # file size
    "depth": 32,           # mappings and lists inside each other
    "indent": 120,         # columns of indentation (block nesting is bounded by it)
    "values": 20_000,      # values after aliases (*name) are expanded
    "chars": 10_000,       # characters in one value, key or line
    "digits": 1_000,       # digits in a row (Python refuses ints over 4,300 digits)
}

# Characters YAML 1.2 allows in a stream (§5.1): tab, newlines, printable ASCII, NEL, and the
# printable Unicode planes.  Anything else is refused with its position before parsing.
_FORBIDDEN = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_FLOW = re.compile(r"""[\[\]{}"'#\n]""")


def _fail(path: Path, message: str, text: str | None = None, index: int | None = None,
          line: int | None = None, column: int | None = None) -> DeckError:
    """A DeckError at a character ``index`` of ``text`` (or at line/column)."""
    if text is not None and index is not None:
        line = text.count("\n", 0, index) + 1
        column = index - (text.rfind("\n", 0, index) + 1) + 1
    return DeckError(message, file=str(path), line=line, column=column)


def read_source(path: Path) -> str:
    """The text of a deck file: a regular file of at most ``LIMITS["bytes"]``, UTF-8."""
    from cardforge.userfile import UnreadableFile, read_user_file

    try:
        data = read_user_file(path, limit=LIMITS["bytes"])
    except UnreadableFile as exc:
        reason = str(exc)
        if exc.message.key == "file.not_a_folder":
            reason = "is a folder, expected a .yaml file"
        elif exc.message.key.startswith("file.too_large"):
            reason += ": a deck file is a few KiB of YAML"
        raise DeckError(reason, file=str(path)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        bad = data[exc.start]
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        column = len(data[line_start : exc.start].decode("utf-8", "replace")) + 1
        guess = f" ({bytes([bad]).decode('latin-1')!r} in Latin-1)" if bad >= 0xA0 else ""
        raise DeckError(
            f"not UTF-8 text: byte 0x{bad:02X}{guess} cannot be read; save the file as UTF-8",
            file=str(path), line=line, column=column,
        ) from None


def _quote_end(text: str, i: int, quote: str) -> int:
    """Index of the quote closing the quoted scalar opened at ``i`` (or the end of text)."""
    j = i + 1
    while True:
        j = text.find(quote, j)
        if j < 0:
            return len(text)
        if quote == "'":
            if text.startswith("''", j):
                j += 2
                continue
            return j
        k = j
        while k > i and text[k - 1] == "\\":
            k -= 1
        if (j - k) % 2 == 0:
            return j
        j += 1


def _prescan(text: str, path: Path) -> None:
    """Refuse, before the parser sees them, what would make it slow or recurse without end."""
    m = _FORBIDDEN.search(text)
    if m:
        code = ord(m.group())
        what = "a NUL byte: is this a binary file?" if code == 0 else "a control character"
        raise _fail(path, f"character U+{code:04X} is not allowed in YAML ({what})", text, m.start())
    longest = max(text.split("\n"), key=len)
    if len(longest) > LIMITS["chars"]:
        start = text.index(longest)
        raise _fail(path, f"a line of {len(longest):,} characters (at most {LIMITS['chars']:,})", text,
                    start + LIMITS["chars"])
    m = re.search(r"[0-9]{%d}" % (LIMITS["digits"] + 1), text)
    if m:
        raise _fail(path, f"more than {LIMITS['digits']:,} digits in a row", text, m.start())
    m = re.search(r"(?m)^(?:[ \t]|[-?](?=[ \t])){%d}" % (LIMITS["indent"] + 1), text)
    if m:
        raise _fail(path, f"indented more than {LIMITS['indent']} columns: nested too deeply for a deck "
                          f"(at most {LIMITS['depth']} levels)", text, m.end())
    depth, pos = 0, 0
    while (m := _FLOW.search(text, pos)) is not None:
        c, i = m.group(), m.start()
        pos = i + 1
        before = text[i - 1] if i else "\n"
        if c == "#" and before in " \t\n":
            pos = text.find("\n", i) + 1 or len(text)
        elif c in "\"'" and before in " \t\n[{,:-?":
            pos = _quote_end(text, i, c) + 1
        elif c in "[{":
            depth += 1
            if depth > LIMITS["depth"]:
                raise _fail(path, f"nested deeper than {LIMITS['depth']} levels", text, i)
        elif c in "]}":
            depth = max(0, depth - 1)


def _check_tree(root: Any, path: Path) -> None:
    """Depth, size after alias expansion, and value length of a parsed tree, with positions."""
    memo: dict[int, tuple[int, int]] = {}   # id(container) → (values, height)

    def children(node: Any) -> list[tuple[Any, tuple[int, int]]]:
        out = []
        if isinstance(node, dict):
            for k, v in node.items():
                try:
                    kl, kc = node.lc.key(k)
                    vl, vc = node.lc.value(k)
                except (AttributeError, KeyError, TypeError):  # a key merged in with <<
                    kl, kc = vl, vc = node.lc.line, node.lc.col
                out.append((k, (kl, kc)))
                out.append((v, (vl, vc)))
        else:
            for i, v in enumerate(node):
                try:
                    out.append((v, node.lc.item(i)))
                except (AttributeError, KeyError, TypeError):
                    out.append((v, (node.lc.line, node.lc.col)))
        return out

    def fail(message: str, where: tuple[int, int]) -> DeckError:
        return _fail(path, message, line=where[0] + 1, column=where[1] + 1)

    def visit(node: Any, depth: int, where: tuple[int, int]) -> tuple[int, int]:
        if isinstance(node, str) and len(node) > LIMITS["chars"]:
            raise fail(f"a value of {len(node):,} characters (at most {LIMITS['chars']:,})", where)
        if not isinstance(node, (dict, list)):
            return 1, 0
        key = id(node)  # an alias is the very object it names: counted again, walked once
        if key not in memo:
            if depth >= LIMITS["depth"]:
                raise fail(f"nested deeper than {LIMITS['depth']} levels", where)
            values, height = 1, 1   # height: levels of containers, this one included
            for child, pos in children(node):
                n, h = visit(child, depth + 1, pos)
                values, height = values + n, max(height, h + 1)
                if values > LIMITS["values"]:
                    raise fail(f"more than {LIMITS['values']:,} values once aliases (*name) are expanded", where)
            memo[key] = (values, height)
        values, height = memo[key]
        if depth + height > LIMITS["depth"]:
            raise fail(f"nested deeper than {LIMITS['depth']} levels once aliases (*name) are expanded", where)
        return values, height

    visit(root, 0, (root.lc.line, root.lc.col))  # (ruamel turns an alias inside itself into null)


def read_yaml(path: Path) -> Any:
    """Parse ``path`` as YAML 1.2 within ``LIMITS``; every problem becomes a positioned ``DeckError``."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.reader import ReaderError

    text = read_source(path)
    _prescan(text, path)
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    try:
        data = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        if "duplicate key" in problem:
            problem = problem.replace("found duplicate key", "duplicate key")
            problem += " (each key may appear once per mapping)"
        raise DeckError(
            f"YAML syntax error: {problem}",
            file=str(path),
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except ReaderError as exc:
        raise _fail(path, f"character U+{exc.character:04X} is not allowed in YAML", text, exc.position) from None
    except YAMLError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else "invalid YAML"
        raise DeckError(f"YAML error: {first}", file=str(path)) from None
    except RecursionError:
        raise DeckError(f"nested deeper than {LIMITS['depth']} levels", file=str(path)) from None
    if data is None:
        raise DeckError("the file is empty: expected a deck mapping (id, families, …)", file=str(path), line=1, column=1)
    if not hasattr(data, "lc") or not isinstance(data, dict):
        raise DeckError(f"expected a mapping (key: value) at the top level, found {_kind(data)}",
                        file=str(path), line=1, column=1)
    _check_tree(data, path)
    return data


def position_of(root: Any, loc: tuple, *, key: bool = False) -> tuple[int, int]:
    """1-based (line, column) of the node at ``loc`` in a ruamel tree.

    Walks as deep as the path exists; for a missing key, the position of the mapping that
    lacks it.  With ``key=True`` the position of the last key rather than its value.
    """
    node = root
    line, col = getattr(root.lc, "line", 0), getattr(root.lc, "col", 0)
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(node, dict) and part in node:
            kl, kc = node.lc.key(part)
            vl, vc = node.lc.value(part)
            line, col = (kl, kc) if (last and key) else (vl, vc)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            line, col = node.lc.item(part)
            node = node[part]
        else:
            break
    return line + 1, col + 1


def to_plain(node: Any) -> Any:
    """ruamel's commented containers → plain dicts and lists."""
    if isinstance(node, dict):
        return {str(k) if not isinstance(k, str) else k: to_plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [to_plain(v) for v in node]
    return node


def _model_at(model: Any, loc: tuple) -> Any:
    """The pydantic model class reached by following ``loc`` from ``model`` (or None)."""
    from pydantic import BaseModel

    current: Any = model
    for part in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(part) or next(
                (f for f in current.model_fields.values() if f.alias == part), None
            )
            if field is None:
                return None
            current = field.annotation
        elif typing.get_origin(current) is dict:
            current = typing.get_args(current)[1]
        elif typing.get_origin(current) is list:
            current = typing.get_args(current)[0]
        else:
            return None
    current = _unwrap(current)
    return current


def _unwrap(tp: Any) -> Any:
    """Strip Optional/Annotated/Union-with-None to reach a model, dict or list type."""
    from pydantic import BaseModel

    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
            continue
        if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            models = [a for a in args if isinstance(a, type) and issubclass(a, BaseModel)] or [
                a for a in args if typing.get_origin(a) in (dict, list)
            ]
            if len(models) == 1:
                tp = models[0]
                continue
        return tp


def _kind(value: Any) -> str:
    """What a YAML value is, in plain words: ``a list``, ``a number``, ``text``…"""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "a mapping (key: value)"
    if isinstance(value, (list, tuple)):
        return "a list"
    if value is None:
        return "nothing (an empty value)"
    return "a value of another kind"


def _describe(value: Any) -> str:
    """``0 (a number)``, ``'abc' (text)``, ``a list`` — never an internal type name."""
    plain = to_plain(value)
    if isinstance(plain, (dict, list)) or plain is None:
        return _kind(plain)
    text = repr(plain).lower() if isinstance(plain, bool) else repr(plain)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{text} ({_kind(plain)})"


def validate(model: Any, data: Any, path: Path) -> Any:
    """Validate ``data`` (a ruamel tree) against a pydantic ``model``; the first error becomes a
    one-line ``DeckError`` with file:line:column, key path, what was expected, what was found."""
    from pydantic import ValidationError

    try:
        return model.model_validate(to_plain(data))
    except ValidationError as exc:
        priority = {"extra_forbidden": 0, "missing": 2}
        errors = sorted(
            _merged_unions(exc.errors()),
            key=lambda e: (position_of(data, tuple(e["loc"]))[0], priority.get(e["type"], 1)),
        )
        raise error_from_pydantic(errors[0], data, path, model) from None


def validate_all(model: Any, data: Any, path: Path) -> Any:
    """Like ``validate``, but every schema error of the file is reported (``DeckErrors``), in
    file order, one per place."""
    from pydantic import ValidationError

    from cardforge.errors import DeckErrors

    try:
        return model.model_validate(to_plain(data))
    except ValidationError as exc:
        priority = {"extra_forbidden": 0, "missing": 2}
        errors = sorted(_merged_unions(exc.errors()),
                        key=lambda e: (position_of(data, tuple(e["loc"]))[0], priority.get(e["type"], 1)))
        seen, found = set(), []
        for e in errors:
            err = error_from_pydantic(e, data, path, model)
            if (err.line, err.column) not in seen:  # a union reports one place several times
                seen.add((err.line, err.column))
                found.append(err)
        raise DeckErrors(found) from None


#: pydantic's type errors in the words of a YAML file (pydantic names Python types and classes).
_PLAIN = {
    "model_type": "expected a mapping (key: value)",
    "model_attributes_type": "expected a mapping (key: value)",
    "dict_type": "expected a mapping (key: value)",
    "list_type": "expected a list",
    "string_type": "expected text",
    "float_type": "expected a number",
    "bool_type": "expected true or false",
}


_BOUNDS = {"greater_than": "more than", "greater_than_equal": "at least", "less_than": "less than",
           "less_than_equal": "at most"}
_BOUND_CTX = {"greater_than": "gt", "greater_than_equal": "ge", "less_than": "lt", "less_than_equal": "le"}


#: the tags pydantic adds to a location for each member of a union it tried
_MEMBER_TAGS = {"int": "a number", "float": "a number", "bool": "true or false", "str": "text",
                "constrained-str": "text", "list": "a list", "dict": "a mapping (key: value)"}


def _member(part: Any) -> str | None:
    """What a union member tag of a location stands for (``None``: not such a tag)."""
    if not isinstance(part, str):
        return None
    return _MEMBER_TAGS.get(part) or _MEMBER_TAGS.get(part.split("[", 1)[0])


def _union_error(errors: list[dict]) -> dict:
    """One error for a value no member of its union took (``width.int``, ``width.float``,
    ``width.constrained-str``): at the value's place, saying every kind of value it may be."""
    first = errors[0]
    loc = tuple(p for p in first["loc"] if _member(p) is None)
    kinds: list[str] = []
    for e in errors:
        pattern = (e.get("ctx") or {}).get("pattern", "")
        kind = "a length such as 12, '4.5mm', '50%w' or '30%s'" if "%w" in pattern else next(
            (_member(p) for p in e["loc"] if _member(p)), "a value")
        if kind not in kinds:
            kinds.append(kind)
    if "a length such as 12, '4.5mm', '50%w' or '30%s'" in kinds:
        kinds = [k for k in kinds if k not in ("a number", "text")]
    return {**first, "loc": loc, "type": "union", "msg": f"Input should be {' or '.join(kinds)}"}


def _merged_unions(errors: list[dict]) -> list[dict]:
    """The errors with those of one value's union members merged into one."""
    out: list[dict] = []
    groups: dict[tuple, list[dict]] = {}
    for e in errors:
        tagged = any(_member(p) for p in e["loc"])
        if not tagged or e["type"] == "extra_forbidden":
            out.append(e)
            continue
        key = tuple(p for p in e["loc"] if _member(p) is None)
        if key not in groups:
            groups[key] = []
            out.append({"_group": key})
        groups[key].append(e)
    return [_union_error(groups[e["_group"]]) if "_group" in e else e for e in out]


def error_from_pydantic(err: dict, data: Any, path: Path, model: Any) -> DeckError:
    """Turn one pydantic error into a positioned ``DeckError``."""
    loc = tuple(p for p in err["loc"] if p != "[key]")
    kind = err["type"]
    dotted = ".".join(str(p) for p in loc)
    if kind == "extra_forbidden":
        parent = _model_at(model, loc[:-1])
        allowed = sorted(parent.model_fields) if parent is not None and hasattr(parent, "model_fields") else []
        allowed = [a.rstrip("_") for a in allowed if a != "schema_"]
        close = difflib.get_close_matches(str(loc[-1]), allowed, n=1, cutoff=0.5)
        hint = f"; did you mean {close[0]!r}?" if close else (f"; allowed keys: {', '.join(allowed)}" if allowed else "")
        if re.search(r"[()'\"#]|^\s*[\d.]+\)?$", str(loc[-1])):  # "fill: mix(a, b, 0.9)" inside {…}: split at its commas
            hint = ("; a value with commas inside { } (a function such as mix(a, b, 0.5)) must be quoted: "
                    "fill: \"mix(a, b, 0.5)\"")
        line, col = position_of(data, loc, key=True)
        return DeckError(f"unknown key {loc[-1]!r}{hint}", file=str(path), line=line, column=col, path=dotted)
    if kind == "missing":
        line, col = position_of(data, loc[:-1])
        return DeckError(f"missing required key {loc[-1]!r}", file=str(path), line=line, column=col, path=".".join(map(str, loc[:-1])) or "(top level)")
    line, col = position_of(data, loc)
    message = err["msg"]
    if kind in _PLAIN:
        message = _PLAIN[kind]
        if kind in ("model_type", "model_attributes_type"):
            target = _model_at(model, loc)
            fields = [f.alias or n for n, f in getattr(target, "model_fields", {}).items() if n != "schema_"]
            if fields:
                message += f" with keys {', '.join(fields)}"
    elif kind in ("too_short", "too_long", "string_too_short", "string_too_long"):
        ctx = err.get("ctx", {})
        n = ctx.get("min_length") if kind.endswith("short") else ctx.get("max_length")
        unit = "character" if kind.startswith("string") else "entry" if isinstance(err.get("input"), dict) else "item"
        plural = {"entry": "entries", "item": "items", "character": "characters"}[unit] if n != 1 else unit
        message = f"expected {'at least' if kind.endswith('short') else 'at most'} {n} {plural}"
        if isinstance(err.get("input"), (dict, list)):
            message += f", found {ctx.get('actual_length', len(err['input']))}"
    elif kind in _BOUNDS:
        message = f"expected {_BOUNDS[kind]} {err.get('ctx', {}).get(_BOUND_CTX[kind], '?')}"
    elif message.startswith("Input should be "):
        message = "expected " + message[len("Input should be "):]
    elif message.startswith("Value error, "):
        message = message[len("Value error, "):]
    elif message.startswith("String should match pattern"):
        pattern = err.get("ctx", {}).get("pattern", "")
        message = {
            "^#[0-9A-Fa-f]{6}$": "expected a colour like '#D62839'",
            "^[a-z][a-z0-9]*$": "expected a lowercase slug like 'flash'",
            "^[A-Z]{1,3}$": "expected an uppercase family code like 'R' or 'RB'",
        }.get(pattern, message)
    counted = kind.startswith(("too_", "string_too_")) and isinstance(err.get("input"), (dict, list))
    if "input" in err and kind != "value_error" and not counted and (kind in _PLAIN or not isinstance(err["input"], dict)):
        message += f", found {_describe(err['input'])}"
    return DeckError(message, file=str(path), line=line, column=col, path=dotted)
