"""What happened in a game, counted per seat, without touching the engines: each game's
``Tracker`` looks at the state just before and after every action (it may read hidden cards:
it is the scorer, not a player), or, where the engine keeps the counts itself (``sequence``,
``collection``: ``PushLuckState.tally``), reads them once at the end.

Turns, as the playing-time estimate counts them: ``rows`` one simultaneous step (every player
reveals a card); ``tricks`` one bid or one card played; ``sequence``/``collection``/``numwin``
one player's turn.  ``sequence``/``collection`` also count the cards drawn (``draws``): a
push-your-luck turn lasts as long as the cards it turns over.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

__all__ = ["Tracker", "tracker_for"]


class Tracker:
    """Counts turns, rounds and per-seat events of one game."""

    def __init__(self, players: int):
        self.players = players
        self.turns = 0
        self.events: dict[str, list[int]] = defaultdict(lambda: [0] * players)

    def note(self, name: str, seat: int, count: int = 1) -> None:
        self.events[name][seat] += count

    def before(self, state: Any, player: int, action: Any) -> None:
        """Called with the action about to be applied."""

    def after(self, state: Any, player: int, action: Any) -> None:
        """Called once the action is applied."""

    def rounds(self, state: Any) -> int:
        return len(state.history)

    def finish(self, state: Any) -> dict[str, Any]:
        return {"turns": self.turns, "rounds": self.rounds(state), "events": {k: list(v) for k, v in sorted(self.events.items())}}


class RowsTracker(Tracker):
    """5th-card captures, first-card captures (a lower card or a Rainbow fitting nowhere),
    Shadows kept (fitting no row) and Shadows taken in a capture.

    Nothing is looked at per action: the engine counts its captures (``capture_counts()``) and
    reveals (``steps``, the turns), read once at the end."""

    def finish(self, state: Any) -> dict[str, Any]:
        from cardforge.games.rows import TAKE_FIRST, TAKE_OWN, TAKE_ROW

        self.turns = state.steps
        counts = state.capture_counts()
        for name, kind in (("capture_row", TAKE_ROW), ("capture_first", TAKE_FIRST), ("shadow_kept", TAKE_OWN),
                           ("shadow_taken", "shadows")):
            if any(counts[kind]):
                self.events[name] = counts[kind]
        return super().finish(state)


class TricksTracker(Tracker):
    """Action cards played, annulations (a player's card cancelled), tricks with no winner
    (counted for the trick's leader), exact bids: all read at the end from the engine's
    ``trick_log`` and ``history``, so a game pays nothing per action for them."""

    def finish(self, state: Any) -> dict[str, Any]:
        n, events, names = self.players, self.events, _ACTION_EVENTS
        annulation = events["annulation"] if any(e[3] for e in state.trick_log) else None
        for leader, cards, winner, cancelled in state.trick_log:
            pos = leader
            for card in cards:
                action = card.action
                if action is not None:
                    name = names.get(action) or names.setdefault(action, f"action:{action}")
                    events[name][pos % n] += 1
                pos += 1
            for pos in cancelled:
                annulation[(leader + pos) % n] += 1
            if winner is None:
                events["no_winner"][leader] += 1
        exact = [0] * n
        for record in state.history:
            if len(record.bids) == n:
                bids, won = record.bids, record.won
                for seat in range(n):
                    if bids[seat] == won[seat]:
                        exact[seat] += 1
        if any(exact):
            events["exact_bid"] = exact
        self.turns = state.actions_played()
        return super().finish(state)


#: ``action:<slug>`` event names, made once per action card
_ACTION_EVENTS: dict[str, str] = {}


class PushLuckTracker(Tracker):
    """STOPs by reason (shadow, color, value) as drawn, STOPs saved by a Joker/Infini, action
    cards played; ``collection`` adds rounds voided by a Shadow and rounds without objective.

    The engine counts these as it plays (``PushLuckState.tally`` and ``turns_total``), so this
    tracker reads them once, at the end, and does nothing per action."""

    def rounds(self, state: Any) -> int:
        return state.round

    def finish(self, state: Any) -> dict[str, Any]:
        self.turns = state.turns_total
        for (name, seat), count in state.tally.items():
            self.note(name, seat, count)
        if hasattr(state, "validated_in"):
            for seat, validated in enumerate(state.validated_in):
                empty = sum(1 for r in range(1, state.round + 1) if r not in validated.values())
                if empty:
                    self.note("round_without_objective", seat, empty)
        return {**super().finish(state), "draws": state.draws_total}


class NumWinTracker(Tracker):
    """Claims (valid or wrong, own card or an opponent's), action cards played, NUM WIN calls:
    the engine counts them as it plays (``NumWinState.events``, ``turns_played``: a turn starts
    with a draw or a take), so nothing is called per action; they are read at the end."""

    def finish(self, state: Any) -> dict[str, Any]:
        self.turns = state.turns_played
        for name, seats in state.events.items():
            for seat, count in enumerate(seats):
                if count:
                    self.note(name, seat, count)
        return super().finish(state)


_TRACKERS = {"rows": RowsTracker, "tricks": TricksTracker, "sequence": PushLuckTracker,
             "collection": PushLuckTracker, "numwin": NumWinTracker}


def tracker_for(game: str, players: int) -> Tracker:
    return _TRACKERS[game](players)
