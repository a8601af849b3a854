"""Num Rangées at the table (``cardforge.live.match``'s adapter for ``rows``).

History entries: a reveal, one card per player in seat order (``Ana=R7 Ben=SH3 Chloé=RB9``),
and each round's deal, one entry per seat (``deal Ana=?`` for a hand the table keeps hidden,
``deal Ana=R1,R4,…`` when a tool dealt it).  A reveal typed at the start of a round deals the
hands not given as hidden ones.  The engine (``cardforge.games.rows``) places the cards, checks
each card against those the table has seen, ends the rounds and the match (ROWS-7.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal
from cardforge.live.adapter import CHANCE_PREFIX, Adapter
from cardforge.live.base import check_seats, seated
from cardforge.live.match import game_title

__all__ = ["RowsAdapter", "ADAPTER"]


def _deck():
    from cardforge.deck import load_deck

    return load_deck("rows")


class RowsAdapter(Adapter):
    game = "rows"
    options = {"explosion": bool}
    max_players = 8

    def engine(self, match):
        from cardforge.games.rows import HouseRules, RowsState, tables

        low, high = tables().players
        if match.players and not low <= len(match.players) <= high:
            raise refusal(UsageError, "error.live.players", game=game_title("rows"), low=low, high=high, n=len(match.players))
        state = RowsState(max(len(match.players), low), rules=HouseRules.parse(match.house),
                          explosion=bool(match.option("explosion", False)), chance="table")
        state.seat_names = match.players
        return state

    def seats(self, tokens: Sequence[str]) -> tuple[str, ...]:
        if tokens and tokens[0].lower() == "deal":
            tokens = tokens[1:]
        return tuple(name for name, _ in seated(tokens, "reveal", "Ana=R7"))

    def entries(self, match, state, tokens: Sequence[str]) -> list[str]:
        if not tokens:
            raise refusal(UsageError, "error.rows.no_reveal")
        if tokens[0].lower() == "deal":
            hands = dict(seated(tokens[1:], "hand", "Ana=R1,R4,R9…"))
            check_seats(list(hands), match.players)
            return self._deals(match, state, hands)
        plays = self._reveal(match, tokens)
        return [*self._deals(match, state, {}), " ".join(f"{name}={plays[name]}" for name in match.players)]

    def _deals(self, match, state, hands: dict[str, str]) -> list[str]:
        """The deal entries from the seat dealt next: the hands given, the others hidden."""
        first = state.dealing_seat
        if first is None:
            if hands:
                raise refusal(UsageError, "error.rows.engine.no_deal")
            return []
        for name in hands:
            if match.players.index(name) < first:
                raise refusal(UsageError, "error.live.rows.dealt", player=name)
        deck = _deck()
        return [f"{CHANCE_PREFIX}{name}=" + (",".join(deck.parse(c).code for c in hands[name].replace(",", " ").split())
                                             if name in hands else "?")
                for name in match.players[first:]]

    def _reveal(self, match, tokens: Sequence[str]) -> dict[str, str]:
        """``["Ana=R7", "Ben=SH3"]`` → name → card code, every seat once."""
        deck = _deck()
        pairs = seated(tokens, "reveal", "Ana=R7")
        names = [name for name, _ in pairs]
        check_seats(names, match.players)
        missing = [p for p in match.players if p not in names]
        if missing:
            raise refusal(UsageError, "error.rows.missing", missing=missing, players=list(match.players))
        return {name: deck.parse(code).code for name, code in pairs}

    def replay(self, match, state, entry: str) -> None:
        deck = _deck()
        if entry.startswith(CHANCE_PREFIX):
            (name, hand), = seated([entry[len(CHANCE_PREFIX):]], "hand", "Ana=R1,R4,R9…")
            if state.dealing_seat is None or match.players[state.dealing_seat] != name:
                raise refusal(UsageError, "error.live.rows.dealt", player=name)
            state.apply_chance(state.parse_chance(hand))
            return
        plays = self._reveal(match, entry.split())
        for name in match.players:
            state.apply_action(deck.parse(plays[name]))

    def verdict(self, match, before, state, entries: Sequence[str]):
        from cardforge.games.rows import HAND_SIZE, score_pile
        from cardforge.referee.rows import play_verdict, round_verdict, rows_line
        from cardforge.referee.verdict import Verdict

        if entries[-1].startswith(CHANCE_PREFIX):  # only hands dealt
            verdict = Verdict("rows", Message("live.rows.q.deal"), {})
            verdict.summary = Message("live.rows.dealt", round=state.round_no)
            verdict.board.append(Message("live.rows.reveal", n=0, total=HAND_SIZE, round=state.round_no))
            return verdict
        deck = _deck()
        plays = {name: deck.parse(code) for name, code in (p.split("=") for p in entries[-1].split())}
        verdict = play_verdict(before.rows, plays, before.rules, before.explosion)
        round_over = len(state.history) > len(before.history)
        verdict.result["reveal"] = before.round_reveals + 1
        verdict.result["round_over"] = round_over
        verdict.result["round"] = None
        verdict.board.append(Message("live.rows.board", rows=rows_line(verdict.result["rows"])))
        verdict.board.append(Message("live.rows.reveal", n=before.round_reveals + 1, total=HAND_SIZE,
                                     round=before.round_no))
        piles = state.history[-1].piles if round_over else state.captured
        verdict.board.append(Message("live.rows.piles", piles=[
            Message("live.rows.pile", player=p, points=score_pile(pile)) for p, pile in zip(match.players, piles)]))
        if round_over:
            scored = round_verdict(dict(zip(match.players, (list(p) for p in piles))), before.rules)
            verdict.steps.extend(scored.steps)
            verdict.result["round"] = {"points": scored.result["points"], "winners": scored.result["winners"]}
            verdict.summary = Message("live.rows.round_over", summary=verdict.summary, round=scored.summary)
        verdict.result["wins"] = dict(zip(match.players, state.wins))
        if state.is_terminal():
            winner = match.players[state.winner()]
            verdict.say("ROWS-7.4", "live.rows.match_won", player=winner, n=max(state.wins))
            verdict.result["winner"] = winner
            verdict.summary = Message("live.rows.match_over", summary=verdict.summary, player=winner)
        return verdict

    def describe(self, entry: str, players: Sequence[str] = ()) -> Any:
        return Message("live.rows.change", plays=entry)

    def sheet_rounds(self, match, state, verdict) -> list[tuple[list[str], dict[str, Any]]]:
        """A round the reveal ended: each player's captured pile (``Ana=R0,R5 Ben=-``)."""
        if not verdict.result.get("round_over"):
            return []
        piles = state.history[-1].piles
        return [([f"{p}={','.join(c.code for c in pile) or '-'}" for p, pile in zip(match.players, piles)], {})]

    def view(self, match, state) -> dict[str, Any]:
        from cardforge.games.rows import ROW_COLOURS

        names = match.players
        rows = state.rows
        return {
            "rows": {c: tuple(x.code for x in rows[c]) for c in ROW_COLOURS},
            "captured": {p: tuple(c.code for c in pile) for p, pile in zip(names, state.captured) if pile},
            "reveals": state.round_reveals,
            "round": state.round_no,
            "wins": {p: w for p, w in zip(names, state.wins) if w or state.history},
            "explosion": bool(match.option("explosion", False)),
            "over": state.is_terminal(),
            "winner": names[state.winner()] if state.is_terminal() else None,
        }


ADAPTER = RowsAdapter()
