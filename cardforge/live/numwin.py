"""Num Win at the table (``cardforge.live.match``'s adapter for ``numwin``): round by round.

A history entry is one round's final combos by name, in seat order (``Ana=R7+G7,RB3
Ben=SH2,B9``); each combo is scored by the engine's ``score_combo`` and the round's points
go into ``NumwinTally``, which ends the game after one round per dealer and names the lowest
total (NUMWIN-8.1, 8.3, R15).  Positional combos (``'R7 G7' 'SH2 B9'``) follow the seats.

With the ``cards`` option the table follows the game card by card instead, on the full
engine (``cardforge.live.numwin_play``: every move, every card taken from the deck); the
options ``memory`` and ``rounds`` are the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal
from cardforge.live.adapter import Adapter
from cardforge.live import numwin_play
from cardforge.live.base import check_seats, seated

__all__ = ["NumwinAdapter", "ADAPTER"]


def _rules(match):
    from cardforge.games.house import parse_house_rules
    from cardforge.games.numwin_scoring import HouseRules

    return parse_house_rules(HouseRules, match.house)


class NumwinAdapter(Adapter):
    game = "numwin"
    options = {"cards": bool, "memory": bool, "rounds": int}
    max_players = 10

    def engine(self, match):
        from cardforge.games.numwin import NumwinTally

        if match.option("cards"):
            return numwin_play.engine(match)
        state = NumwinTally(max(len(match.players), 1))
        state.seat_names = match.players
        return state

    def seats(self, tokens: Sequence[str]) -> tuple[str, ...]:
        if not any("=" in t for t in tokens):  # cards, or positional combos: the seats come first
            return ()
        return tuple(name for name, _ in seated(tokens, "combo", "Ana=R7+G7,RB3"))

    def _combos(self, match, tokens: Sequence[str]) -> list[tuple[str, Any]]:
        """Each seat's combo, parsed and checked (every card once in the round), seat order."""
        from cardforge.deck import load_deck
        from cardforge.referee.numwin import parse_combo

        if match.players and tokens and not any("=" in t for t in tokens):  # one combo per seat, in order
            if len(tokens) != len(match.players):
                raise refusal(UsageError, "error.numwin.seat_count", n=len(tokens), players=list(match.players))
            tokens = [f"{name}={combo}" for name, combo in zip(match.players, tokens)]
        if not tokens:
            raise refusal(UsageError, "error.numwin.no_combos")
        pairs = dict(seated(tokens, "combo", "Ana=R7+G7,RB3"))
        check_seats(list(pairs), match.players)
        missing = [p for p in match.players if p not in pairs]
        if missing:
            raise refusal(UsageError, "error.numwin.missing", missing=missing)
        parsed = [(name, parse_combo(pairs[name])) for name in match.players]
        every = [c for _, (loose, held) in parsed for c in (*loose, *(x for pair in held for x in pair))]
        load_deck("numwin").check_copies(every, len(parsed), where=" in this round")
        return parsed

    def entries(self, match, state, tokens: Sequence[str]) -> list[str]:
        if match.option("cards"):
            return numwin_play.entries(match, state, tokens)
        combos = self._combos(match, tokens)
        return [" ".join(f"{name}=" + ",".join([*(f"{a.code}+{b.code}" for a, b in held), *(c.code for c in loose)])
                         for name, (loose, held) in combos)]

    def replay(self, match, state, entry: str) -> None:
        from cardforge.games.numwin_scoring import score_combo

        if match.option("cards"):
            numwin_play.replay(match, state, entry)
            return
        rules = _rules(match)
        state.apply_action(tuple(score_combo(loose, held, rules).points
                                 for _, (loose, held) in self._combos(match, entry.split())))

    def verdict(self, match, before, state, entries: Sequence[str]):
        from cardforge.referee.numwin import round_verdict

        if match.option("cards"):
            return numwin_play.verdict(match, before, state, entries)
        combos = self._combos(match, entries[-1].split())
        verdict = round_verdict([loose for _, (loose, _) in combos], _rules(match), names=list(match.players),
                                locked=[held for _, (_, held) in combos])
        totals = dict(zip(match.players, state.totals))
        verdict.board.append(Message("live.numwin.totals", n=len(state.played), totals=[
            Message("live.tricks.count", player=p, n=totals[p]) for p in match.players]))
        verdict.result["totals"] = totals
        if state.is_terminal():
            winners = [match.players[i] for i in state.winners()]
            verdict.say("NUMWIN-8.3", "live.numwin.game_won", players=winners, n=min(state.totals), rounds=state.rounds)
            verdict.result["winners"] = winners
            verdict.summary = Message("live.numwin.game_over", summary=verdict.summary, players=winners)
        return verdict

    def view(self, match, state) -> dict[str, Any]:
        if match.option("cards"):
            return numwin_play.view(match, state)
        return {"totals": dict(zip(match.players, state.totals)), "rounds": len(state.played),
                "over": state.is_terminal(),
                "winners": [match.players[i] for i in state.winners()] if match.players else []}

    def sheet_rounds(self, match, state, verdict) -> list[tuple[list[str], dict[str, Any]]]:
        """Rounds the engine scored (card by card): each player's final combo, pairs joined by ``+``."""
        if not match.option("cards"):
            return []
        ended = len(verdict.result.get("rounds_scored", []))
        return [(numwin_play.sheet_tokens(match, record), {}) for record in state.history[len(state.history) - ended:]]

    def describe(self, entry: str, players: Sequence[str] = ()) -> Any:
        if "=" in entry and " " not in entry and entry.partition("=")[2].split(":")[0].split(">")[0] in numwin_play.MOVE_WORDS:
            name, _, move = entry.partition("=")
            said = numwin_play.move_message(move, players) if players else move
            return Message("live.numwin.played", player=name, move=said)
        return Message("live.numwin.change", combos=entry)


ADAPTER = NumwinAdapter()
