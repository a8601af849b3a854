"""``tricks`` score sheet: each player's bid and tricks won; streak bonuses; the team variant.

Table syntax: ``NAME=BID/WON`` for every player (``Ana=2/1`` — bid 2, took 1).  Tricks nobody
won (a Flash, a trick whose cards all cancelled) are given with ``--void N``; the tricks won
plus the void tricks must make the number of cards each player was dealt this round
(ruling TABLE-R2).  Points, streaks and bonuses are the engine's ``round_points``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardforge.cards import Text
from cardforge.errors import UsageError
from cardforge.table.adapters.base import SHARED_WIN, Column, GameAdapter, best_sides, cited
from cardforge.table.events import StoredEvent
from cardforge.table.standings import Outcome, RoundResult, Tally

__all__ = ["Adapter"]

VOID_TRICKS = "TABLE-R2"
_BID_WON = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


class Adapter(GameAdapter):
    game = "tricks"
    syntax = "NAME=BID/WON (bid, then tricks won)"
    team_variant = "team"
    columns = (
        Column("bid", Text("Annonce", "Bid"), 0.9),
        Column("won", Text("Plis", "Won"), 0.9),
        Column("bonus", Text("Série", "Streak"), 0.9),
        Column("points", Text("Points", "Points")),
    )

    # -- setup ---------------------------------------------------------------------------------

    @property
    def team_game(self) -> bool:
        return self.match.variant == "team"

    def validate_setup(self) -> None:
        super().validate_setup()
        sizes = {len(t) for t in self.match.teams}
        if self.team_game and sizes != {2}:
            raise UsageError(f"the team variant plays in teams of 2, not of {', '.join(map(str, sorted(sizes)))}")

    def cards_in_round(self, number: int) -> int:
        """Cards dealt to each player in round ``number`` (from the engine's dealing rule)."""
        return self.engine.cards_in_round(number, len(self.match.players), self.rules, team=self.team_game)

    def round_limit(self) -> int | None:
        return self.engine.round_count(len(self.match.players), self.rules, team=self.team_game)

    def describe_round(self, number: int) -> str:
        return f"round {number} of {self.round_limit()}: {self.cards_in_round(number)} cards each"

    # -- a round ---------------------------------------------------------------------------------

    def parse_round(self, tokens: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        bids, won = {}, {}
        for player, spec in self.split(tokens):
            m = _BID_WON.match(spec)
            if m is None:
                raise UsageError(f"{player}={spec!r}: expected BID/WON as two whole numbers, e.g. {player}=2/1")
            bids[player], won[player] = int(m.group(1)), int(m.group(2))
        self.require_everyone(bids)
        void = int(options.get("void") or 0)
        return {"bids": {p: bids[p] for p in self.match.players},
                "won": {p: won[p] for p in self.match.players}, "void": void}

    def check_tricks(self, number: int, entries: dict[str, Any]) -> None:
        cards = self.cards_in_round(number)
        won, void = entries["won"], entries["void"]
        for player, w in won.items():
            if w > cards:
                raise UsageError(f"{player} cannot win {w} tricks in round {number}: {cards} cards each")
        if sum(won.values()) + void != cards:
            raise UsageError(
                f"round {number} has {cards} tricks ({cards} cards each) but the tricks won add up to "
                f"{sum(won.values())}" + (f" plus {void} void" if void else "")
                + "; give --void N for tricks nobody won (Flash)"
            )

    def example_specs(self) -> list[str]:
        return ["1/1", "0/0", "1/0"]

    # -- scoring ---------------------------------------------------------------------------------

    def score(self, rounds: Sequence[StoredEvent]) -> tuple[list[RoundResult], list[Tally]]:
        streaks = {p: 0 for p in self.match.players}
        results = []
        for number, stored in enumerate(rounds, 1):
            entries = self.entries_of(stored)
            if number > self.round_limit():
                raise UsageError(f"the match has {self.round_limit()} rounds; round {number} is one too many")
            self.check_tricks(number, entries)
            cards = self.cards_in_round(number)
            player_points, cells = {}, {}
            for p in self.match.players:
                bid, won = entries["bids"][p], entries["won"][p]
                s = self.engine.round_points(bid, won, cards, streaks[p], self.rules)
                streaks[p] = s.streak_after
                player_points[p] = s.total
                cells[p] = {"bid": bid, "won": won, "bonus": s.bonus, "points": s.total}
            points = self._side_points(player_points)
            if self.team_game:
                cells = {**cells, **{side: {"points": points[side]} for side in self.match.sides}}
            results.append(RoundResult(number, stored.seq, points, cells, (), stored.event.typed))
        return results, [Tally("streak", Text("Série en cours", "Current streak"), streaks)]

    def _side_points(self, player_points: dict[str, int]) -> dict[str, int]:
        if not self.team_game:
            return player_points
        return {side: sum(player_points[p] for p in team) for side, team in zip(self.match.sides, self.match.teams)}

    def outcome(self, results: Sequence[RoundResult], totals: dict[str, int], tallies: Sequence[Tally]) -> Outcome:
        if len(results) < self.round_limit():
            return Outcome(False)
        leaders = best_sides(totals)
        quote = ("La partie se joue sur 5 manches ; le score cumulé du binôme détermine l'équipe gagnante"
                 if self.team_game else "Manches progressives")
        rules = cited(self.game, quote) + ((SHARED_WIN,) if len(leaders) > 1 else ())
        return Outcome(True, leaders, f"{len(results)} rounds played; highest total", rules)
