"""What every live position shares: its JSON envelope, house rules as typed, seats by name."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from cardforge.cards import Card, nearest
from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal

__all__ = ["Position", "VERSION", "seated", "check_seats", "codes", "cards_of"]

#: The position format version written in every ``to_json()``.
VERSION = 1


@dataclasses.dataclass(frozen=True)
class Position:
    """Base of the per-game positions: ``players`` in seating order, ``house`` rules as typed
    (``key=value``).  Subclasses are frozen dataclasses whose other fields are JSON-ready
    (codes, names, numbers, tuples)."""

    game: ClassVar[str] = ""
    players: tuple[str, ...] = ()
    house: tuple[str, ...] = ()

    @classmethod
    def start(cls, players: tuple[str, ...], house: tuple[str, ...], **options: Any) -> Position:
        return cls(players=players, house=house, **options)

    def to_json(self) -> dict[str, Any]:
        data = {"game": self.game, "version": VERSION}
        for f in dataclasses.fields(self):
            data[f.name] = _plain(getattr(self, f.name))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Position:
        if data.get("game") != cls.game:
            raise refusal(UsageError, "error.position.game", held=repr(data.get("game")), game=repr(cls.game))
        if data.get("version") != VERSION:
            raise refusal(UsageError, "error.position.version", found=repr(data.get("version")), expected=VERSION)
        names = {f.name: f for f in dataclasses.fields(cls)}
        try:
            values = {k: _frozen(v) for k, v in data.items() if k in names}
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise refusal(UsageError, "error.position.malformed", game=cls.game, why=str(exc)) from None

    def parse_move(self, tokens: Sequence[str]) -> Any:  # pragma: no cover - each game overrides
        raise NotImplementedError

    def apply(self, move: Any) -> tuple[Position, Any]:  # pragma: no cover - each game overrides
        raise NotImplementedError

    def replace(self, **changes: Any) -> Position:
        return dataclasses.replace(self, **changes)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _frozen(value: Any) -> Any:
    """JSON lists back into tuples (positions are hashable, comparable values)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def seated(tokens: Sequence[str], what: str, example: str, *, value_required: bool = True) -> list[tuple[str, str]]:
    """``["Ana=R7", "Ben=SH3"]`` → ``[("Ana", "R7"), ("Ben", "SH3")]``: names kept as typed,
    each once; ``UsageError`` quoting the token otherwise."""
    pairs: list[tuple[str, str]] = []
    seen: set[str] = set()
    if isinstance(tokens, str):
        tokens = [tokens]
    for token in tokens:
        name, sep, value = token.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name or (value_required and not value):
            raise refusal(UsageError, "error.seat.malformed", what=what, token=repr(token), example=example)
        if name in seen:
            raise refusal(UsageError, "error.seat.twice", name=repr(name), token=repr(token))
        seen.add(name)
        pairs.append((name, value))
    return pairs


def check_seats(names: Sequence[str], players: Sequence[str]) -> None:
    """Every name is one of ``players`` (when the table is seated); ``UsageError`` with the
    nearest name otherwise."""
    if not players:
        return
    for name in names:
        if name not in players:
            guess = nearest(name, list(players))
            raise refusal(UsageError, "error.seat.unknown", name=repr(name), players=list(players),
                          hint=Message("error.card.hint", suggestion=repr(guess)) if guess else "")


def codes(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(c.code for c in cards)


def cards_of(deck: Any, codes_: Sequence[str]) -> list[Card]:
    return [deck.parse(c) for c in codes_]
