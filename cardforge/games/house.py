"""House rules: each game's rulings that are genuine design choices, switchable by name.

A game declares ``@dataclass(frozen=True) class HouseRules`` whose fields have defaults and
whose field metadata names the ruling (``field(default=…, metadata={"ruling": "ROWS-R2"})``).
``parse_house_rules(HouseRules, ["key=value", …])`` builds one from command-line pairs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, TypeVar

from cardforge.cards import nearest
from cardforge.errors import UsageError

__all__ = ["parse_house_rules", "describe_house_rules", "house_rule_field"]

T = TypeVar("T")

_TRUE = {"1", "true", "yes", "on", "oui"}
_FALSE = {"0", "false", "no", "off", "non"}


def _convert(raw: str, default: Any, key: str) -> Any:
    if isinstance(default, bool):
        low = raw.lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise UsageError(f"house rule {key!r}: expected true or false, found {raw!r}")
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise UsageError(f"house rule {key!r}: expected a whole number, found {raw!r}") from None
    return raw


def house_rule_field(cls: type, key: str, where: str = "") -> dataclasses.Field:
    """The field of house rule ``key`` (``-`` read as ``_``); ``UsageError`` with a suggestion."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    key = key.replace("-", "_")
    if key not in fields:
        guess = nearest(key, list(fields))
        hint = f"; did you mean {guess!r}?" if guess else f" (keys: {', '.join(fields)})"
        raise UsageError(f"unknown house rule {key!r}{where}{hint}")
    return fields[key]


def parse_house_rules(cls: type[T], pairs: Iterable[str] | None) -> T:
    """``["streak_table=cumulative"]`` → ``cls(streak_table="cumulative")``, with clear errors."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise UsageError(f"house rule {pair!r}: expected KEY=VALUE (keys: {', '.join(fields)})")
        key, raw = (p.strip() for p in pair.split("=", 1))
        f = house_rule_field(cls, key)
        key = f.name
        default = f.default if f.default is not dataclasses.MISSING else None
        value = _convert(raw, default, key)
        choices = f.metadata.get("choices")
        if choices and value not in choices:
            raise UsageError(f"house rule {key!r}: expected one of {', '.join(map(str, choices))}, found {raw!r}")
        values[key] = value
    return cls(**values)


def describe_house_rules(cls: type) -> list[dict[str, Any]]:
    """Each switch with its default, choices and the ruling it belongs to (for docs and --help)."""
    return [
        {
            "key": f.name,
            "default": f.default,
            "choices": list(f.metadata.get("choices", ())),
            "ruling": f.metadata.get("ruling"),
        }
        for f in dataclasses.fields(cls)
    ]
