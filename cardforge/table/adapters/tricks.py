"""``tricks`` score sheet: each player's bid and tricks won; streak bonuses; the team variant.

Table syntax: ``NAME=BID/WON`` for every player (``Ana=2/1`` — bid 2, took 1).  Tricks nobody
won (a Flash, a trick whose cards all cancelled) are given with ``--void N``: the tricks won
plus the void tricks make the number of cards each player was dealt (ruling TABLE-R1).

Everything else is the engine's: the cards dealt each round (``round_schedule``, TRICKS-2.1 and
ruling TRICKS-R1), the points, streak and bonus (``round_points``, TRICKS-9/10), the team
variant (partners sit opposite, TRICKS-R17; scored apart and summed or as one bidder,
TRICKS-R18; 5 rounds of 6 cards, TRICKS-11.6) and the end (highest total, ties share the win,
TRICKS-R20).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from cardforge.i18n import Message, refusal
from cardforge.cards import Text
from cardforge.errors import UsageError
from cardforge.table.adapters.base import Column, GameAdapter, best_sides
from cardforge.table.events import StoredEvent
from cardforge.table.sheet import Outcome, RoundResult, Tally

__all__ = ["Adapter", "opposite_teams"]

VOID_TRICKS = "TABLE-R1"
_BID_WON = re.compile(r"^\s*(\d{1,6})\s*/\s*(\d{1,6})\s*$")  # bounded: int() of 4,300 digits raises


def opposite_teams(players: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Partners sit opposite (TRICKS-R17): in seating order, seat i plays with seat i + n/2."""
    half = len(players) // 2
    return tuple((players[i], players[i + half]) for i in range(half))


class Adapter(GameAdapter):
    game = "tricks"
    team_variant = "team"
    agreed_rounds = True
    dealt_progressively = True
    columns = (
        Column("bid", Text("Annonce", "Bid"), 1.05),
        Column("won", Text("Plis", "Won"), 0.85),
        Column("bonus", Text("Série", "Streak"), 0.85),
        Column("points", Text("Points", "Points")),
    )
    round_columns = (Column("cards", Text("Cartes", "Cards"), 1.2),)
    pad_rules = ("TRICKS-9.1", "TRICKS-9.2", "TRICKS-9.3", "TRICKS-9.4", "TRICKS-10.1",
                 tuple(f"TRICKS-10.{n}" for n in range(2, 9)), "TRICKS-R14", "TRICKS-10.10")
    # TRICKS-R14, not the sheet's ambiguous 10.9: the pad says how the streak pays (issue 27)
    blank_players = 4

    # -- setup ---------------------------------------------------------------------------------

    @classmethod
    def seat_teams(cls, players: Sequence[str], variant: str | None) -> tuple[tuple[str, ...], ...]:
        return opposite_teams(players) if variant == cls.team_variant else ()

    @property
    def team_game(self) -> bool:
        return self.match.variant == self.team_variant

    def validate_setup(self) -> None:
        super().validate_setup()
        self.engine.check_players(len(self.match.players), self.team_game)
        self.schedule  # noqa: B018 - start cards and rounds are checked by the engine

    @functools.cached_property
    def schedule(self) -> tuple[int, ...]:
        """Cards dealt to each player, round by round (the engine's dealing rule)."""
        n = len(self.match.players)
        deck = self.engine.deck_for(n, self.rules)
        start = 1 if self.match.start_cards is None else self.match.start_cards  # 0 is refused, not taken as 1
        return self.engine.round_schedule(
            n, len(deck), start_cards=start, rounds=self.match.rounds,
            team=self.team_game, rules=self.rules,
        )

    @property
    def units(self) -> tuple[tuple[str, ...], ...]:
        """Who bids and keeps a streak together: each player, or each team with ``team_bids=joint``."""
        if self.team_game and self.rules.team_bids == "joint":
            return self.match.teams
        return tuple((p,) for p in self.match.players)

    def round_limit(self) -> int:
        return len(self.schedule)

    def pad_cell(self, column: Column, cell: dict[str, Any], lang: str) -> str:
        if column.key == "bonus":  # a streak bonus is written only when there is one
            return f"+{cell['bonus']}" if cell.get("bonus") else ""
        return super().pad_cell(column, cell, lang)

    def round_cells(self, number: int) -> list[str]:
        return [str(self.schedule[number - 1])] if number <= len(self.schedule) else [""]

    def describe_round(self, number: int) -> Message:
        return Message("table.next.tricks", n=number, limit=self.round_limit(), cards=self.schedule[number - 1])

    # -- a round ---------------------------------------------------------------------------------

    def parse_round(self, tokens: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        bids, won = {}, {}
        for player, spec in self.split(tokens):
            m = _BID_WON.match(spec)
            if m is None:
                raise refusal(UsageError, "error.table.bid_won", token=f"{player}={spec!r}", player=player)
            bids[player], won[player] = int(m.group(1)), int(m.group(2))
        self.require_everyone(bids)
        return {"bids": {p: bids[p] for p in self.match.players},
                "won": {p: won[p] for p in self.match.players}, "void": int(options.get("void") or 0)}

    def example_specs(self) -> list[str]:
        return ["1/1", "0/0", "1/0"]

    def _check_tricks(self, number: int, cards: int, entries: dict[str, Any]) -> None:
        won, void = entries["won"], entries["void"]
        for player in self.match.players:
            try:
                self.engine.check_round_numbers(entries["bids"][player], won[player], cards)
            except UsageError as exc:
                raise refusal(UsageError, "error.table.player_round", player=player, n=number,
                              why=getattr(exc, "message", str(exc))) from None
        if sum(won.values()) + void != cards:
            raise refusal(UsageError, "error.table.tricks_sum", n=number, cards=cards, won=sum(won.values()), void=void,
                          rule=VOID_TRICKS)

    # -- scoring ---------------------------------------------------------------------------------

    def score(self, rounds: Sequence[StoredEvent]) -> tuple[list[RoundResult], list[Tally]]:
        streaks = {" & ".join(unit): 0 for unit in self.units}
        results = []
        for number, stored, entries in self.numbered(rounds):
            cards = self.schedule[number - 1]
            self._check_tricks(number, cards, entries)
            final = number == self.round_limit()
            cells: dict[str, dict[str, Any]] = {p: {"bid": entries["bids"][p], "won": entries["won"][p]}
                                                for p in self.match.players}
            for unit in self.units:
                key = " & ".join(unit)
                s = self.engine.round_points(
                    sum(entries["bids"][p] for p in unit), sum(entries["won"][p] for p in unit),
                    cards * len(unit), streaks[key], self.rules, final=final,
                )
                streaks[key] = s.streak_after
                cells.setdefault(key, {}).update(bonus=s.bonus, points=s.total)
            points = {side: self._side_sum(cells, side, "points") for side in self.match.sides}
            if self.team_game:
                for side, team in zip(self.match.sides, self.match.teams, strict=True):
                    cells[side] = {"bid": "+".join(str(entries["bids"][p]) for p in team),
                                   "won": "+".join(str(entries["won"][p]) for p in team),
                                   "bonus": self._side_sum(cells, side, "bonus"), "points": points[side]}
            results.append(RoundResult(number, stored.seq, points, cells, (), stored.event.typed))
        return results, [Tally("streak", Text("Série en cours", "Current streak"), streaks)]

    def _side_sum(self, cells: dict[str, dict[str, Any]], side: str, key: str) -> int:
        """A side's value: its own (a player, a joint team) or its members' sum."""
        if key in cells.get(side, {}):
            return cells[side][key]
        team = self.match.teams[self.match.sides.index(side)]
        return sum(cells[p][key] for p in team)

    def outcome(self, results: Sequence[RoundResult], totals: dict[str, int], tallies: Sequence[Tally]) -> Outcome:
        if len(results) < self.round_limit():
            return Outcome(False)
        leaders = best_sides(totals)
        end = ("TRICKS-11.6",) if self.team_game else ("TRICKS-2.1", "TRICKS-R1")
        why = self.why(Message("table.rounds_played", n=len(results)), Message("table.why.highest_total"), tie=len(leaders) > 1)
        return Outcome(True, leaders, why, end + ("TRICKS-R20",))

