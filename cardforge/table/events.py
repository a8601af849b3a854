"""The typed events of a score sheet's log: a match is created, a round is recorded, an entry
is taken back.

The log stores what the players said at the table (bids and tricks won, captured cards, secured
sequences, validated objectives, final combos), never computed points: standings are always
recomputed from these events by the game engines (``cardforge.table.standings``), so an undo is
exact and a scoring fix applies to old sheets too.

>>> e = RoundRecorded(entries={"Ana": [2, 1]}, typed=("Ana=2/1",))
>>> decode_event(e.kind, encode_event(e)) == e
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from cardforge.i18n import refusal

__all__ = ["MatchCreated", "RoundRecorded", "RoundCorrected", "Undone", "PositionSaved", "Event", "StoredEvent",
           "encode_event", "decode_event"]


@dataclass(frozen=True)
class MatchCreated:
    """A new match: the game, who plays (in seating order), and the options chosen at the start."""

    kind: ClassVar[str] = "match_created"
    game: str
    players: tuple[str, ...]
    mode: str | None = None
    variant: str | None = None
    house: tuple[str, ...] = ()  # house rules as typed, ``key=value``
    teams: tuple[tuple[str, ...], ...] = ()
    rounds: int | None = None  # the number of rounds agreed, where the game lets the table choose
    start_cards: int | None = None  # cards dealt in round 1 where the game deals progressively
    title: str = ""
    lang: str | None = None  # the language the match was started in: its sheet keeps speaking it

    @property
    def sides(self) -> tuple[str, ...]:
        """Who scores: the teams (``"Ana & Chloé"``) in a team game, else the players."""
        return tuple(" & ".join(team) for team in self.teams) if self.teams else self.players


@dataclass(frozen=True)
class RoundRecorded:
    """One round's results as typed at the table, normalised by the game's adapter.

    ``entries`` is game-specific JSON (see each adapter); ``typed`` keeps the original tokens.
    """

    kind: ClassVar[str] = "round_recorded"
    entries: dict[str, Any] = field(default_factory=dict)
    typed: tuple[str, ...] = ()


@dataclass(frozen=True)
class RoundCorrected:
    """The round recorded as event ``round_seq`` said otherwise (a cell of the sheet corrected):
    it keeps its place, with these entries and tokens.  An ``Undone`` of this event's number
    takes the correction back (the round as it was before)."""

    kind: ClassVar[str] = "round_corrected"
    round_seq: int
    entries: dict[str, Any] = field(default_factory=dict)
    typed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Undone:
    """The round recorded as event ``round_seq`` is taken back (or the correction recorded as
    event ``round_seq``)."""

    kind: ClassVar[str] = "undone"
    round_seq: int


@dataclass(frozen=True)
class PositionSaved:
    """The referee's live position of the match after a move (``cardforge.live``): the last
    one is where ``cardforge referee … --table`` continues.  Standings ignore it."""

    kind: ClassVar[str] = "position_saved"
    position: dict[str, Any] = field(default_factory=dict)


Event = MatchCreated | RoundRecorded | RoundCorrected | Undone | PositionSaved

_KINDS: dict[str, type] = {cls.kind: cls for cls in (MatchCreated, RoundRecorded, RoundCorrected, Undone, PositionSaved)}
_TUPLE_FIELDS = {"players", "house", "typed"}


@dataclass(frozen=True)
class StoredEvent:
    """An event as the log holds it: its sequence number, match and time of recording."""

    seq: int
    match_id: int
    recorded_at: str
    event: Event


def encode_event(event: Event) -> str:
    """The event's payload as compact JSON (the kind is stored beside it)."""
    # insertion order kept (no sort_keys): a position's rows are in the order the table laid them
    return json.dumps(asdict(event), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def decode_event(kind: str, payload: str) -> Event:
    """Rebuild an event from its kind and JSON payload (inverse of ``encode_event``)."""
    cls = _KINDS.get(kind)
    if cls is None:
        raise refusal(ValueError, "error.table.why.kind", kind=repr(kind))
    data = json.loads(payload)
    _check_fields(cls, data)
    for key in _TUPLE_FIELDS & data.keys():
        data[key] = tuple(data[key])
    if "teams" in data:
        data["teams"] = tuple(tuple(team) for team in data["teams"])
    return cls(**data)


def _check_fields(cls: type, data: Any) -> None:
    """``ValueError`` in plain words (the field, never ``__init__()``) for a payload of the wrong shape."""
    from dataclasses import MISSING, fields

    if not isinstance(data, dict):
        raise refusal(ValueError, "error.table.why.payload", found=type(data).__name__ if data is not None else "null")
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise refusal(ValueError, "error.table.why.field", field=repr(unknown[0]), kind=cls.kind, fields=", ".join(known))
    missing = [n for n, f in known.items() if n not in data and f.default is MISSING and f.default_factory is MISSING]
    if missing:
        raise refusal(ValueError, "error.table.why.missing", field=repr(missing[0]))
    lists = sorted(k for k in (_TUPLE_FIELDS | {"teams"}) & data.keys() if not isinstance(data[k], list))
    if lists:
        raise refusal(ValueError, "error.table.why.not_list", field=repr(lists[0]))
