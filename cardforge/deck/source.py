"""Reading a deck file: YAML 1.2 with positions, and schema errors mapped back to file:line:col.

ruamel.yaml (round-trip mode) is used instead of PyYAML because it follows YAML 1.2 (``no``
stays the string "no"), refuses duplicate keys, and keeps the line and column of every node.
"""

from __future__ import annotations

import difflib
import typing
from pathlib import Path
from typing import Any

from cardforge.errors import DeckError

__all__ = ["read_yaml", "position_of", "validate", "validate_all", "to_plain"]


def read_yaml(path: Path) -> Any:
    """Parse ``path`` as YAML 1.2; syntax errors and duplicate keys become ``DeckError``."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DeckError("file not found", file=str(path)) from None
    except IsADirectoryError:
        raise DeckError("is a folder, expected a .yaml file", file=str(path)) from None
    except UnicodeDecodeError as exc:
        raise DeckError(f"not UTF-8 text ({exc.reason} at byte {exc.start})", file=str(path)) from None
    except OSError as exc:
        raise DeckError(f"cannot read: {exc.strerror}", file=str(path)) from None
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
    except YAMLError as exc:
        raise DeckError(f"YAML error: {exc}", file=str(path)) from None
    if data is None:
        raise DeckError("the file is empty: expected a deck mapping (id, families, …)", file=str(path), line=1, column=1)
    if not hasattr(data, "lc") or not isinstance(data, dict):
        raise DeckError(f"expected a mapping at the top level, found {type(data).__name__}", file=str(path), line=1, column=1)
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


def _describe(value: Any) -> str:
    text = repr(to_plain(value))
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{text} ({type(to_plain(value)).__name__})" if not isinstance(value, (dict, list)) else type(to_plain(value)).__name__


def validate(model: Any, data: Any, path: Path) -> Any:
    """Validate ``data`` (a ruamel tree) against a pydantic ``model``; the first error becomes a
    one-line ``DeckError`` with file:line:column, key path, what was expected, what was found."""
    from pydantic import ValidationError

    try:
        return model.model_validate(to_plain(data))
    except ValidationError as exc:
        priority = {"extra_forbidden": 0, "missing": 2}
        errors = sorted(
            exc.errors(),
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
        errors = sorted(exc.errors(), key=lambda e: (position_of(data, tuple(e["loc"]))[0], priority.get(e["type"], 1)))
        seen, found = set(), []
        for e in errors:
            err = error_from_pydantic(e, data, path, model)
            if (err.line, err.column) not in seen:  # a union reports one place several times
                seen.add((err.line, err.column))
                found.append(err)
        raise DeckErrors(found) from None


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
        line, col = position_of(data, loc, key=True)
        return DeckError(f"unknown key {loc[-1]!r}{hint}", file=str(path), line=line, column=col, path=dotted)
    if kind == "missing":
        line, col = position_of(data, loc[:-1])
        return DeckError(f"missing required key {loc[-1]!r}", file=str(path), line=line, column=col, path=".".join(map(str, loc[:-1])) or "(top level)")
    line, col = position_of(data, loc)
    message = err["msg"]
    if message.startswith("Input should be "):
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
    if "input" in err and kind not in ("value_error",) and not isinstance(err["input"], dict):
        message += f", found {_describe(err['input'])}"
    return DeckError(message, file=str(path), line=line, column=col, path=dotted)
