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
from cardforge.i18n import Message, refusal

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
        raise refusal(UsageError, "error.house.bool", key=repr(key), raw=repr(raw))
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise refusal(UsageError, "error.house.int", key=repr(key), raw=repr(raw)) from None
    return raw


def house_rule_field(cls: type, key: str) -> dataclasses.Field:
    """The field of house rule ``key`` (``-`` read as ``_``); ``UsageError`` with a suggestion."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    key = key.replace("-", "_")
    if key not in fields:
        guess = nearest(key, list(fields))
        hint = Message("error.card.hint", suggestion=repr(guess)) if guess else Message("error.house.keys",
                                                                                         keys=", ".join(fields))
        raise refusal(UsageError, "error.house.unknown", key=repr(key), hint=hint)
    return fields[key]


def parse_house_rules(cls: type[T], pairs: Iterable[str] | None, *, applies: Iterable[str] | None = None,
                      where: str = "") -> T:
    """``["streak_table=cumulative"]`` → ``cls(streak_table="cumulative")``, with clear errors.

    ``applies`` (the keys a command really uses, ``where`` its name) refuses the others, so no
    command accepts a house rule and then ignores it."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    used = None if applies is None else tuple(applies)
    values: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise refusal(UsageError, "error.house.pair", pair=repr(pair), keys=", ".join(fields))
        key, raw = (p.strip() for p in pair.split("=", 1))
        f = house_rule_field(cls, key)
        key = f.name
        if used is not None and key not in used:
            raise refusal(UsageError, "error.house.not_here" if used else "error.house.none_here", key=repr(key),
                          where=where or "this command", used=", ".join(used))
        default = f.default if f.default is not dataclasses.MISSING else None
        value = _convert(raw, default, key)
        choices = f.metadata.get("choices")
        if choices and value not in choices:
            raise refusal(UsageError, "error.house.choice", key=repr(key), choices=", ".join(map(str, choices)),
                          raw=repr(raw))
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
