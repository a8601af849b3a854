"""Standings: a pure function of a match's event log.

``compute_standings(events)`` replays the log — a ``MatchCreated``, then ``RoundRecorded`` and
``Undone`` events — and asks the game's adapter (which asks the game's engine) for every
round's points.  Nothing computed is ever stored, so the same log always gives the same sheet,
and taking a round back gives exactly the sheet from before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import say
from cardforge.table.adapters import adapter_for
from cardforge.table.events import MatchCreated, RoundCorrected, RoundRecorded, StoredEvent, Undone
from cardforge.table.sheet import Outcome, RoundResult, Tally

__all__ = ["RoundResult", "Tally", "Outcome", "Standings", "live_rounds", "live_entries", "compute_standings"]


@dataclass(frozen=True)
class Standings:
    """The whole sheet of one match after its last entry."""

    match_id: int
    match: MatchCreated
    rounds: tuple[RoundResult, ...]
    totals: dict[str, int]
    tallies: tuple[Tally, ...]
    outcome: Outcome
    #: what the next round is (a catalogue message; "" once the match is over)
    next_round: Any = ""
    created_at: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def sides(self) -> tuple[str, ...]:
        return self.match.sides

    def to_json(self) -> dict[str, Any]:
        """Everything ``table show --json`` prints, as plain JSON data."""
        m = self.match
        return {
            "match": self.match_id,
            "game": m.game,
            "title": m.title,
            "players": list(m.players),
            "teams": [list(t) for t in m.teams],
            "mode": m.mode,
            "variant": m.variant,
            "house": list(m.house),
            "created_at": self.created_at,
            "rounds": [
                {"number": r.number, "points": r.points, "cells": r.cells, "winners": list(r.winners),
                 "typed": list(r.typed)}
                for r in self.rounds
            ],
            "totals": self.totals,
            "tallies": {t.key: t.values for t in self.tallies},
            "over": self.outcome.over,
            "winners": list(self.outcome.winners),
            "reason": say(self.outcome.reason),
            "rules": list(self.outcome.rules),
            "next_round": say(self.next_round),
            **self.extra,
        }


def live_rounds(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    """The recorded rounds still on the sheet (those not taken back), oldest first, each as its
    last correction still standing says it (at the round's own number and place)."""
    rounds: dict[int, StoredEvent] = {}
    before: dict[int, tuple[int, StoredEvent]] = {}  # correction → (its round, the round before it)
    for stored in events:
        event = stored.event
        if isinstance(event, RoundRecorded):
            rounds[stored.seq] = stored
        elif isinstance(event, RoundCorrected) and event.round_seq in rounds:
            before[stored.seq] = (event.round_seq, rounds[event.round_seq])
            rounds[event.round_seq] = StoredEvent(event.round_seq, stored.match_id, rounds[event.round_seq].recorded_at,
                                                  RoundRecorded(entries=event.entries, typed=event.typed))
        elif isinstance(event, Undone):
            if event.round_seq in before:
                round_seq, was = before.pop(event.round_seq)
                if round_seq in rounds:
                    rounds[round_seq] = was
            else:
                rounds.pop(event.round_seq, None)
    return list(rounds.values())


def live_entries(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    """The rounds and corrections still standing, in the order they were entered: the last
    one is what ``undo`` takes back."""
    standing: dict[int, StoredEvent] = {}
    for stored in events:
        if isinstance(stored.event, (RoundRecorded, RoundCorrected)):
            standing[stored.seq] = stored
        elif isinstance(stored.event, Undone):
            gone = stored.event.round_seq
            standing = {seq: e for seq, e in standing.items()
                        if seq != gone and getattr(e.event, "round_seq", None) != gone}  # a round's corrections go with it
    return list(standing.values())


def compute_standings(events: Sequence[StoredEvent]) -> Standings:
    """Replay one match's log into its standings (raises ``UsageError`` on an invalid round)."""
    if not events or not isinstance(events[0].event, MatchCreated):
        raise UsageError("a match log must start with the match's creation")
    first = events[0]
    match: MatchCreated = first.event  # type: ignore[assignment]
    adapter = adapter_for(match)
    rounds = live_rounds(events)
    results, tallies = adapter.score(rounds)
    totals = {side: sum(r.points.get(side, 0) for r in results) for side in match.sides}
    outcome = adapter.outcome(results, totals, tallies)
    return Standings(
        match_id=first.match_id,
        match=match,
        rounds=tuple(results),
        totals=totals,
        tallies=tuple(tallies),
        outcome=outcome,
        next_round="" if outcome.over else adapter.describe_round(len(results) + 1),
        created_at=first.recorded_at,
    )
