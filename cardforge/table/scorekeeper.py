"""The scorekeeper's operations: start a match, record a round, take it back, resume.

Each operation is one append to the log (``cardforge.table.store``).  A round is validated
twice: its syntax by the game's adapter before anything is opened for writing, and against the
match's whole history (an objective validated in an earlier round, a match already over) inside
the write transaction, so a refused entry leaves the sheet exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardforge.errors import CardforgeError, UsageError
from cardforge.i18n import Message, refusal
from cardforge.table.adapters import adapter_class, adapter_for
from cardforge.table.events import MatchCreated, PositionSaved, RoundCorrected, RoundRecorded, StoredEvent, Undone
from cardforge.table.standings import RoundResult, Standings, compute_standings, live_entries, live_rounds
from cardforge.table.store import MatchSummary, Store, damaged_event

__all__ = ["Scorekeeper", "Undo", "parse_players"]

_FORBIDDEN_IN_NAMES = "=,+/:"


#: The longest player name and match title kept (a name is typed as NAME=… at the table).
MAX_NAME, MAX_TITLE = 64, 200


def check_text(value: str, option: str, longest: int | None = None) -> str:
    """``value`` if it can be stored: a byte that is not UTF-8 reaches Python as a lone
    surrogate, which SQLite and JSON refuse; at most ``longest`` characters when given."""
    if longest is not None and len(value) > longest:
        raise refusal(UsageError, "error.table.too_long", option=option, start=repr(value[:20] + "…"),
                      n=len(value), most=longest)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise refusal(UsageError, "error.table.not_utf8", option=option, value=repr(value)) from None
    return value


def parse_players(text: str) -> tuple[str, ...]:
    """``"Ana, Ben,Chloé"`` → ``("Ana", "Ben", "Chloé")``; names must be distinct and simple."""
    from cardforge.table.adapters.base import fold_name

    names = tuple(n.strip() for n in check_text(text, "--players").split(","))
    seen: dict[str, str] = {}
    for name in names:
        check_text(name, "--players", MAX_NAME)
        if not name:
            raise refusal(UsageError, "error.table.empty_name", text=repr(text))
        bad = [c for c in _FORBIDDEN_IN_NAMES if c in name]
        if bad:
            raise refusal(UsageError, "error.table.name_char", name=repr(name), char=repr(bad[0]))
        if fold_name(name) in seen:
            raise refusal(UsageError, "error.table.same_name", text=repr(text), first=repr(seen[fold_name(name)]),
                          second=repr(name))
        seen[fold_name(name)] = name
    return names


@dataclass(frozen=True)
class Undo:
    """What ``undo`` took back, and the sheet after it."""

    taken_back: RoundResult
    standings: Standings


class Scorekeeper:
    """The table commands over one database."""

    def __init__(self, store: Store):
        self.store = store

    def match_id(self, match_id: int | None = None) -> int:
        return match_id if match_id is not None else self.store.current_match()

    # -- matches -------------------------------------------------------------------------------

    def new_match(self, game: str, players: str, *, mode: str | None = None, variant: str | None = None,
                  house: Sequence[str] = (), rounds: int | None = None, start_cards: int | None = None,
                  title: str = "", lang: str | None = None) -> Standings:
        """Create a match (checked by the game's adapter) and make it the current one."""
        adapter = adapter_class(game)  # unknown game → clear error before parsing the rest
        names = parse_players(players)
        match = MatchCreated(
            game=game, players=names, mode=mode, variant=variant, house=tuple(house),
            teams=adapter.seat_teams(names, variant), rounds=rounds, start_cards=start_cards,
            title=check_text(title, "--title", MAX_TITLE), lang=lang,
        )
        adapter_for(match).validate_setup()
        stored = self.store.create_match(match)
        return compute_standings([stored])

    def standings(self, match_id: int | None = None) -> Standings:
        return self._replay(self.store.digest(self.match_id(match_id)).events)  # the snapshot: a few rows

    def _replay(self, events: Sequence[StoredEvent], *, new: bool = False) -> Standings:
        """``compute_standings``; a stored row that breaks the replay (a hand edit: wrong shape,
        unknown card …) is named in one line.  With ``new``, the last event is the entry being
        recorded: its own refusal passes through unchanged."""
        try:
            return compute_standings(events)
        except (CardforgeError, TypeError, ValueError, KeyError, AttributeError, IndexError, AssertionError,
                ArithmeticError) as exc:
            stored = events[:-1] if new else events
            bad = _first_unreplayable(stored)
            if bad is None:
                if isinstance(exc, CardforgeError):
                    raise
                bad = events[-1]
            reason = ((getattr(exc, "message", None) or str(exc)) if isinstance(exc, CardforgeError) else
                      Message("error.table.why.shape_of", why=_plain(exc)))
            raise damaged_event(self.store.path, bad.seq, bad.event.kind, reason) from None

    def resume(self, match_id: int) -> Standings:
        self.store.set_current(match_id)
        return self.standings(match_id)

    def list(self) -> list[tuple[MatchSummary, Standings]]:
        return [(s, self.standings(s.match_id)) for s in self.store.matches()]

    # -- entries -------------------------------------------------------------------------------

    def record_round(self, tokens: Sequence[str], options: dict[str, Any] | None = None,
                     match_id: int | None = None) -> Standings:
        """Record one round from table tokens; refused rounds change nothing."""
        mid = self.match_id(match_id)
        first = self.store.digest(mid).events[0]
        match = first.event
        if not isinstance(match, MatchCreated):
            raise damaged_event(self.store.path, first.seq, match.kind, Message("error.table.why.creation"))
        entries = adapter_for(match).parse_round(tokens, options or {})
        after: list[Standings] = []

        def check(events: list[StoredEvent]) -> None:
            _refuse_if_over(self._replay(events[:-1]))  # no round after the end of the match
            after.append(self._replay(events, new=True))

        self.store.append(mid, RoundRecorded(entries=entries, typed=tuple(tokens)), check=check)
        return after[-1]

    def undo(self, match_id: int | None = None) -> Undo:
        """Take back the last entry still on the sheet: a round, or a correction of one."""
        mid = self.match_id(match_id)
        events = self.store.digest(mid).events
        before = self._replay(events)
        entries = live_entries(events)
        if not entries:
            raise refusal(UsageError, "error.table.nothing_to_undo", match=mid)
        last = entries[-1]
        round_seq = last.event.round_seq if isinstance(last.event, RoundCorrected) else last.seq
        taken = next(r for r in before.rounds if r.seq == round_seq)
        writes: list[Any] = [Undone(round_seq=last.seq)]
        if not isinstance(last.event, RoundCorrected):  # a round the live table put on the sheet:
            standing = self.store.events_at(self.store.digest(mid).positions)  # it goes back before that move too
            writes += live_rewind(standing, last.seq)

        def check(events: list[StoredEvent]) -> None:
            now = live_entries(events[: len(events) - len(writes)])
            if not now or now[-1].seq != last.seq:  # another writer got there first
                raise refusal(UsageError, "error.table.undo_raced", match=mid)

        self.store.append_many(mid, writes, check=check)
        return Undo(taken, self.standings(mid))

    def correct(self, round_seq: int, player: str, tokens: Sequence[str], match_id: int | None = None) -> Standings:
        """Say otherwise what ``player`` had in the round recorded as event ``round_seq`` (a cell
        of the sheet): the round keeps its place; ``undo`` takes the correction back.  The same
        correction sent again (a retry) writes nothing."""
        mid = self.match_id(match_id)
        events = self.store.digest(mid).events
        match = events[0].event
        assert isinstance(match, MatchCreated)
        target = next((r for r in live_rounds(events) if r.seq == round_seq), None)
        if target is None:
            raise refusal(UsageError, "error.table.no_round", seq=round_seq, match=mid)
        adapter = adapter_for(match)
        player = adapter.player(player, f"{player}=")
        kept = [t for t, (p, _) in zip(target.event.typed, adapter.split(target.event.typed, repeat=True)) if p != player]
        at = next((i for i, (p, _) in enumerate(adapter.split(target.event.typed, repeat=True)) if p == player), len(kept))
        typed = (*kept[:at], *tokens, *kept[at:])
        if typed == target.event.typed:
            return self._replay(events)
        options = {"void": target.event.entries["void"]} if "void" in target.event.entries else {}
        correction = RoundCorrected(round_seq=round_seq, entries=adapter.parse_round(list(typed), options), typed=typed)
        after: list[Standings] = []

        def check(log: list[StoredEvent]) -> None:
            after.append(self._replay(log, new=True))

        self.store.append(mid, correction, check=check)
        return after[-1]


#: the marks the live table (``cardforge.web.live``) puts on a saved position: the move also
#: put the round just before it on the sheet; the position takes back the one before it
LIVE_CLOSED_ROUND, LIVE_UNDO = "web_recorded_round", "web_undo"


def live_rewind(events: Sequence[StoredEvent], round_seq: int) -> list[PositionSaved]:
    """When round ``round_seq`` was put on the sheet by a live move, the saved positions that
    take the live table back to just before that move (each takes back one move still
    standing, as the live table's own undo does); ``[]`` for a round typed on the sheet."""
    from cardforge.live import from_json

    standing: list[StoredEvent] = []
    for stored in events:
        if isinstance(stored.event, PositionSaved):
            if stored.event.position.get(LIVE_UNDO):
                standing = standing[:-1]
            else:
                standing.append(stored)
    closing = next((i for i, s in enumerate(standing)
                    if s.seq == round_seq + 1 and s.event.position.get(LIVE_CLOSED_ROUND)), None)
    if closing is None:
        return []
    writes = []
    for i in range(len(standing) - 1, closing - 1, -1):
        if i:
            previous = {k: v for k, v in standing[i - 1].event.position.items() if not k.startswith("web_")}
        else:  # back to the match's start
            first = {k: v for k, v in standing[0].event.position.items() if not k.startswith("web_")}
            previous = from_json(first).fresh().to_json()
        writes.append(PositionSaved(position={**previous, LIVE_UNDO: True}))
    return writes


def _first_unreplayable(events: Sequence[StoredEvent]) -> StoredEvent | None:
    """The first event whose addition makes the log fail to replay, or ``None``."""
    for end in range(1, len(events) + 1):
        try:
            compute_standings(events[:end])
        except Exception:
            return events[end - 1]
    return None


def _refuse_if_over(standings: Standings) -> None:
    if standings.outcome.over:
        raise refusal(UsageError, "error.table.over", match=standings.match_id, reason=standings.outcome.reason)


def _plain(exc: BaseException) -> str:
    """What broke a replay, in words a player reads: the key a hand edit removed, not ``KeyError('secured')``."""
    if isinstance(exc, KeyError) and exc.args:
        return f"no {exc.args[0]!r} entry"
    if isinstance(exc, (IndexError, AttributeError, TypeError, AssertionError)) or not str(exc):
        return "a value of the wrong kind or a list too short"
    return str(exc)

