"""The live table of a match, kept in the match's own log (``cardforge.live``'s positions).

A move (a reveal, cards laid in a trick, a draw) is parsed and applied by the live position
(the engines' rules), then written as one ``position_saved`` event — the same event
``cardforge referee … --table`` writes, so the CLI continues from a page's move and the other
way round.  When a rows move ends the round, the round's captured piles go onto the score sheet
in the same transaction.  Every write checks, inside its transaction, that the position is
still the one the move was made on: two phones tapping at once cannot both move from it.

Each request reads the match's snapshot (``Store.digest``: a few rows), never its whole log,
and the replayed match of the last position stays in memory (``_CACHE``) for the next move:
a move costs the same at the 2,000th event as at the first (issue 28).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import refusal
from cardforge.referee.verdict import Verdict
from cardforge.table.events import MatchCreated, PositionSaved, RoundRecorded, StoredEvent, Undone
from cardforge.table.store import UNDO_MARK, Digest

__all__ = ["LIVE_GAMES", "Live", "LiveTable", "has_live_table"]

#: Games whose position carries over between moves; numwin is followed card by card (the full
#: engine, ``cardforge.live.numwin_play``) unless its sheet was started round by round.
LIVE_GAMES = ("rows", "tricks", "sequence", "collection", "numwin")


def has_live_table(events: Sequence[StoredEvent]) -> bool:
    """Whether the match (its snapshot's events) has a live table: a numwin sheet whose rounds
    were typed by hand before any move stays round by round (the engine would start again)."""
    match = events[0].event
    if not isinstance(match, MatchCreated) or match.game not in LIVE_GAMES:
        return False
    return (match.game != "numwin" or bool(_positions(events))
            or not any(isinstance(e.event, RoundRecorded) for e in events))

#: Keys the page adds to a saved position (the live model ignores them): the move also recorded
#: the round just before it; the position is an undo, taking back the move before it.
_CLOSED_ROUND = "web_recorded_round"
_UNDO = UNDO_MARK
#: the move's tokens, kept with the position it led to: every phone shows its ruling again
_MOVE = "web_move"
#: (database, saved position's event number) → the match rebuilt from it (its engine state
#: cached), and the verdict of the move that led to it
_CACHE: dict[tuple[str, int], Any] = {}
_VERDICTS: dict[tuple[str, int], Verdict] = {}
_CACHE_SIZE = 64


@dataclass(frozen=True)
class Live:
    """A match's live position, and the verdict of the move that led to it (when just made)."""

    match: MatchCreated
    position: Any
    verdict: Verdict | None = None
    moves: int = 0  # moves on the log since the last round ended, for the undo button


def _positions(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    return [e for e in events if isinstance(e.event, PositionSaved)]


def _remember(db: Path, seq: int, position: Any, verdict: Verdict | None = None) -> None:
    """Keep ``position`` (saved as event ``seq``) and the verdict that led to it for the next
    request on this match."""
    for cache, value in ((_CACHE, position), (_VERDICTS, verdict)):
        if value is not None:
            if len(cache) >= _CACHE_SIZE:
                cache.pop(next(iter(cache)))
            cache[(str(db), seq)] = value


class LiveTable:
    """One match's live table over the score-sheet database at ``db``."""

    def __init__(self, db: Path, match_id: int):
        self.db, self.match_id = db, match_id

    def _store(self):
        from cardforge.table.store import Store

        return Store(self.db)

    def _digest(self, store: Any) -> Digest:
        return store.digest(self.match_id)

    def _load(self, events: Sequence[StoredEvent]) -> tuple[MatchCreated, Any, dict | None]:
        from cardforge.live import from_json
        from cardforge.live.storage import MatchSlot

        match = events[0].event
        assert isinstance(match, MatchCreated)
        if not has_live_table(events):
            raise refusal(UsageError, "error.web.no_live", game=match.game)
        saved = _positions(events)
        if not saved:  # the match's first move: a position from the match's players and options
            position = MatchSlot(self.db, self.match_id).load(match.game)
            if match.game == "numwin":  # followed card by card, as ``referee numwin play`` does
                position = position.replace(cards=True)
            return match, position, None
        data = saved[-1].event.position
        key = (str(self.db), saved[-1].seq)
        position = _CACHE.get(key)
        if position is None:
            position = from_json(_unmarked(data))
            _remember(self.db, saved[-1].seq, position)
        return match, position, data

    def view(self, digest: Digest | None = None) -> Live:
        """The position now (from the match's snapshot, when the caller has read it)."""
        if digest is None:
            with self._store() as store:
                digest = self._digest(store)
                verdict = self._last_verdict(store, digest)
        else:
            with self._store() as store:
                verdict = self._last_verdict(store, digest)
        match, position, _ = self._load(digest.events)
        return Live(match, position, verdict, moves=len(digest.positions))

    def _last_verdict(self, store: Any, digest: Digest) -> Verdict | None:
        """The ruling of the move that led to the position now (``None`` after an undo or a
        round entered by hand): the live model applies the kept move to the position it was
        made on again, so every phone at the table reads the same ruling, in its own language
        (kept in memory once made: the position before it is not replayed again)."""
        from cardforge.errors import CardforgeError
        from cardforge.live import apply, from_json

        stack, last = digest.positions, digest.position
        if not stack or last is None or stack[-1] != last.seq or not last.event.position.get(_MOVE):
            return None
        known = _VERDICTS.get((str(self.db), last.seq))
        if known is not None:
            return known
        try:
            if len(stack) > 1:
                before = _CACHE.get((str(self.db), stack[-2])) or from_json(_unmarked(store.event(stack[-2]).event.position))
            else:  # the match's first move (or the first since undoing back to the start)
                before = _fresh(from_json(_unmarked(last.event.position)))
            verdict = apply(before, before.parse_move(list(last.event.position[_MOVE])))[1]
        except CardforgeError:  # the log was edited by hand: no ruling rather than a wrong one
            return None
        _remember(self.db, last.seq, None, verdict)
        return verdict

    def record_round(self, tokens: Sequence[str], options: dict[str, Any]) -> None:
        """Put a round on the score sheet (``NAME=…`` tokens, as ``table round``) and start the
        next round's position, in one transaction: the tricks won, the secured sequences of the
        live table are then not carried into the next round."""
        from cardforge.table.adapters import adapter_for
        from cardforge.table.standings import compute_standings

        with self._store() as store:
            events = self._digest(store).events
            match, position, expected = self._load(events)
            round_ = RoundRecorded(entries=adapter_for(match).parse_round(tokens, options), typed=tuple(tokens))
            saved = _fresh(position).to_json()
            saved[_CLOSED_ROUND] = True
            writes = [round_, PositionSaved(position=saved)]

            def check(log: list[StoredEvent]) -> None:
                self._unchanged(log[:-2], expected)
                if compute_standings(log[:-2]).outcome.over:
                    raise refusal(UsageError, "error.web.over_correct", match=self.match_id)
                compute_standings(log)

            store.append_many(self.match_id, writes, check=check)

    def move(self, tokens: Sequence[str], *, version: int | None = None, move_id: str | None = None) -> Live:
        """Apply one move typed in the CLI's notation (``Ana=R7 Ben=SH3``) and keep it.

        ``version`` is the position's version the phone saw: a move made on an older one is
        refused with what changed since (``Ben played G5 meanwhile``); ``move_id`` is the
        phone's own id of the move: the same id sent again (a retry after the answer was lost)
        is answered with the first verdict and written once."""
        from cardforge.live import apply
        from cardforge.table.standings import compute_standings

        with self._store() as store:
            digest = self._digest(store)
            events = digest.events
            match, position, expected = self._load(events)
            if compute_standings(events).outcome.over:
                raise refusal(UsageError, "error.web.over", match=self.match_id)
            after, verdict = apply(position, position.parse_move(list(tokens), version, move_id))
            if after is position:  # a retry of a move already made: nothing more to write
                return Live(match, position, verdict, moves=len(digest.positions))
            saved = after.to_json()
            saved[_MOVE] = list(tokens)
            writes: list[Any] = []
            if verdict.result.get("round_over") and match.game in ("rows", "tricks"):
                closed = self._rows_round if match.game == "rows" else self._tricks_round
                writes.append(closed(match, position, verdict))
                saved[_CLOSED_ROUND] = True
            elif match.game == "numwin":  # the rounds the engine scored with this move
                writes += self._engine_rounds(match, after, verdict)
                saved[_CLOSED_ROUND] = bool(writes) or None
            if saved.get(_CLOSED_ROUND) is None:
                saved.pop(_CLOSED_ROUND, None)
            writes.append(PositionSaved(position=saved))

            def check(log: list[StoredEvent]) -> None:
                self._unchanged(log[: len(log) - len(writes)], expected)
                compute_standings(log)  # the round is valid against the whole history

            stored = store.append_many(self.match_id, writes, check=check)
        _remember(self.db, stored[-1].seq, after, verdict)
        return Live(match, after, verdict, moves=len(digest.positions) + 1)

    def undo(self) -> Live:
        """Take back the last move: the position before it (and the round it recorded)."""
        from cardforge.live import from_json
        from cardforge.table.standings import live_rounds

        with self._store() as store:
            digest = self._digest(store)
            events = digest.events
            match, _, expected = self._load(events)
            saved = digest.positions
            if not saved:
                raise refusal(UsageError, "error.web.nothing_to_undo", match=self.match_id)
            last = store.event(saved[-1])
            if len(saved) > 1:
                previous = dict(store.event(saved[-2]).event.position)
            else:  # the match's first move: back to the start
                previous = _fresh(from_json(_unmarked(last.event.position))).to_json()
            previous.pop(_CLOSED_ROUND, None)
            previous.pop(_MOVE, None)
            previous[_UNDO] = True
            writes: list[Any] = []
            if last.event.position.get(_CLOSED_ROUND):
                rounds = live_rounds(events)
                if rounds and rounds[-1].seq == last.seq - 1:
                    writes.append(Undone(round_seq=rounds[-1].seq))
            writes.append(PositionSaved(position=previous))

            def check(log: list[StoredEvent]) -> None:
                self._unchanged(log[: len(log) - len(writes)], expected)

            stored = store.append_many(self.match_id, writes, check=check)
        position = from_json(_unmarked(previous))
        _remember(self.db, stored[-1].seq, position)
        return Live(match, position, moves=len(saved) - 1)

    def _unchanged(self, log: Sequence[StoredEvent], expected: dict | None) -> None:
        saved = _positions(log)
        now = saved[-1].event.position if saved else None
        if now != expected:
            raise refusal(UsageError, "error.web.raced", match=self.match_id)

    @staticmethod
    def _rows_round(match: MatchCreated, position: Any, verdict: Verdict) -> RoundRecorded:
        """The score-sheet round of the rows round a reveal ended: each player's captured pile."""
        from cardforge.table.adapters import adapter_for

        taken = verdict.result.get("captured", {})
        tokens = [f"{p}={','.join([*position.captured.get(p, ()), *taken.get(p, ())]) or '-'}" for p in match.players]
        return RoundRecorded(entries=adapter_for(match).parse_round(tokens, {}), typed=tuple(tokens))

    @staticmethod
    def _engine_rounds(match: MatchCreated, after: Any, verdict: Verdict) -> list[RoundRecorded]:
        """The score-sheet rounds a move of a game on the live model ended (``sheet_rounds``)."""
        from cardforge.table.adapters import adapter_for

        sheet = adapter_for(match)
        return [RoundRecorded(entries=sheet.parse_round(tokens, options), typed=tuple(tokens))
                for tokens, options in after.adapter.sheet_rounds(after, after.state(), verdict)]

    @staticmethod
    def _tricks_round(match: MatchCreated, position: Any, verdict: Verdict) -> RoundRecorded:
        """The score-sheet round of the tricks round the engine just scored: each player's bid
        and tricks won, and the tricks nobody won (the sheet scores them as the engine did)."""
        from cardforge.table.adapters import adapter_for

        played = verdict.result["round"]
        tokens = [f"{p}={played['bids'][p]}/{played['won'][p]}" for p in match.players]
        void = played["cards"] - sum(played["won"].values())
        return RoundRecorded(entries=adapter_for(match).parse_round(tokens, {"void": void}), typed=tuple(tokens))


#: Fields of a position that are the match's options, kept from one round to the next.
_OPTIONS = ("explosion", "mode", "cards")


def _unmarked(data: dict[str, Any]) -> dict[str, Any]:
    """A saved position without the page's own keys (the live model checks every key)."""
    return {k: v for k, v in data.items() if k not in (_CLOSED_ROUND, _UNDO, _MOVE)}


def _fresh(position: Any) -> Any:
    """The position at the start of the next round: the same seats, house rules and options (a
    ``LiveMatch`` goes on through its rounds in the engine: this is a fresh match)."""
    import dataclasses

    if hasattr(type(position), "fresh"):
        return position.fresh()
    kept = {f.name: getattr(position, f.name) for f in dataclasses.fields(position) if f.name in _OPTIONS}
    return type(position)(players=position.players, house=position.house, **kept)
