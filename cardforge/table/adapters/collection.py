"""``collection`` score sheet: each player's scorecard of objectives, validated round by round.

Table syntax: ``NAME=OBJECTIVE:CARD,CARD,…`` validates one objective with the cards that make it
(``Ana=pair:R5,G5``, ``Ben=small_straight:R3,G4,B5``); repeat NAME for several objectives in
one round (ruling TABLE-R3); ``NAME=-`` says the player validated nothing this round.  The engine's ``find_objectives`` checks that the cards really
make the objective and gives its points; an objective a player validated in an earlier round
is refused ("Un objectif validé est acquis et figé pour toute la partie", COLLECTION-6.5).  The match ends at the end of the
round in which a scorecard is complete, or at the mode's round limit.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardforge.i18n import Message, refusal
from cardforge.cards import Text, nearest
from cardforge.errors import UsageError
from cardforge.table.adapters.base import POINTS, Column, GameAdapter, best_sides, fold_name
from cardforge.table.events import StoredEvent
from cardforge.table.sheet import Outcome, RoundResult, Tally

if TYPE_CHECKING:  # the standings import the adapters, never the other way round
    from cardforge.table.standings import Standings

__all__ = ["Adapter"]

OBJECTIVES_VALIDATED = Text("Objectifs validés", "Objectives validated")


class Adapter(GameAdapter):
    game = "collection"
    columns = (Column("objectives", OBJECTIVES_VALIDATED, 2.6), POINTS)
    # the printed pad is a scorecard: a line per objective, each side's round and points
    pad_layout = "scorecard"
    scorecard_left = (Column("objective", Text("Objectif", "Objective"), 3.4),
                      Column("formula", Text("Points", "Points"), 3.4))
    scorecard_columns = (Column("round", Text("Manche", "Round"), 1.0), POINTS)
    blank_tallies = ((OBJECTIVES_VALIDATED, ""),)
    pad_rules = ("COLLECTION-6.5", "COLLECTION-8.1", "COLLECTION-8.2", "COLLECTION-8.3", "COLLECTION-8.4")

    @property
    def objective_ids(self) -> list[str]:
        return [o.id for o in self.engine.OBJECTIVES]

    @functools.cached_property
    def objective_aliases(self) -> dict[str, str]:
        """Typed name → objective id: the id, or its French or English name (``brelan``)."""
        aliases = {}
        for o in self.engine.OBJECTIVES:
            for name in (o.id, o.name.fr, o.name.en):
                aliases[fold_name(name).replace("-", "_").replace(" ", "_")] = o.id
        return aliases

    def objective_name(self, objective_id: str, lang: str = "en") -> str:
        for o in self.engine.OBJECTIVES:
            if o.id == objective_id:
                return o.name(lang)
        return objective_id

    def round_limit(self) -> int:
        """The mode's round limit from the deck (5 in Classic, 3 in Discovery)."""
        return self.deck.modes[self.mode].rounds

    def parse_round(self, tokens: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        validated: dict[str, list[dict[str, Any]]] = {p: [] for p in self.match.players}
        nothing: set[str] = set()  # players written NAME=-: no objective this round
        for player, spec in self.split(tokens, repeat=True):
            none = spec.strip() in ("", "-")
            if none:
                nothing.add(player)
            if player in nothing and (validated[player] or not none):
                raise refusal(UsageError, "error.table.nothing_and_objective", token=f"{player}={spec!r}", player=player)
            if none:
                continue
            typed, sep, codes = spec.partition(":")
            objective = self.objective_aliases.get(fold_name(typed).replace("-", "_").replace(" ", "_"), typed)
            if not sep and objective in self.objective_ids:  # the objective, but not its cards
                raise refusal(UsageError, "error.table.objective_cards", token=f"{player}={spec!r}", player=player,
                              objective=objective)
            if not sep or objective not in self.objective_ids:
                guess = nearest(typed, self.objective_ids)
                hint = (Message("error.table.did_you_mean", guess=repr(guess)) if guess
                        else Message("error.table.objectives_are", ids=", ".join(self.objective_ids)))
                raise refusal(UsageError, "error.table.objective", token=f"{player}={spec!r}", hint=hint)
            if any(v["objective"] == objective for v in validated[player]):
                raise refusal(UsageError, "error.table.objective_twice", token=f"{player}={spec!r}", objective=objective,
                              player=player)
            cards = self.cards(codes, spec)
            if not self.rules.share_cards:
                used = {c for v in validated[player] for c in v["cards"]}
                shared = [c.code for c in cards if c.code in used]
                if shared:
                    raise refusal(UsageError, "error.table.card_shared", token=f"{player}={spec!r}", cards=" ".join(shared))
            validated[player].append({"objective": objective, "cards": [c.code for c in cards]})
        self.check_copies(self.deck.parse(c) for vs in validated.values() for v in vs for c in v["cards"])
        return {"validated": validated}

    def example_specs(self) -> list[str]:
        return ["pair:R5,G5", "small_straight:R3,G4,B5", "rainbow_set:R1,G2,B3,Y4,RB5"]

    def _points(self, player: str, objective: str, codes: list[str]) -> int:
        """The engine's points for ``objective`` made with exactly these cards."""
        cards = self.deck.parse_many(codes)
        others = [o for o in self.objective_ids if o != objective]
        found = {f.id: f for f in self.engine.find_objectives(cards, exclude=others)}
        if objective not in found or sorted(c.code for c in found[objective].cards) != sorted(codes):
            name = next((o.name for o in self.engine.OBJECTIVES if o.id == objective), objective)  # a Text: en and fr
            would = Message("error.table.would_be", cards=" ".join(c.code for c in found[objective].cards)) \
                if objective in found else ""
            raise refusal(UsageError, "error.table.not_objective", player=player, name=name, objective=objective,
                          cards=" ".join(codes) or Message("error.table.no_cards"), would=would)
        return found[objective].points

    def score(self, rounds: Sequence[StoredEvent]) -> tuple[list[RoundResult], list[Tally]]:
        card: dict[str, dict[str, int]] = {p: {} for p in self.match.players}  # player → objective → round
        results = []
        for number, stored, entries in self.numbered(rounds):
            validated = entries["validated"]
            points, cells = {}, {}
            for p in self.match.players:
                lines = []
                for v in validated[p]:
                    if v["objective"] in card[p]:
                        raise refusal(UsageError, "error.table.objective_frozen", player=p, objective=v["objective"],
                                      round=card[p][v["objective"]])
                    card[p][v["objective"]] = number
                    lines.append({**v, "points": self._points(p, v["objective"], v["cards"])})
                points[p] = sum(line["points"] for line in lines)
                cells[p] = {"objectives": lines, "points": points[p]}
            results.append(RoundResult(number, stored.seq, points, cells, (), stored.event.typed))
        counts = {p: len(card[p]) for p in self.match.players}
        return results, [Tally("objectives", OBJECTIVES_VALIDATED, counts)]

    def formula(self, objective: object, lang: str) -> str:
        """``8 (+2/card > 5) + highest``: an objective's points as the scorecard prints them."""
        highest = "plus haute" if lang == "fr" else "highest"
        extra = ""
        if objective.per_extra_card:
            per = "carte" if lang == "fr" else "card"
            extra = f" (+{objective.per_extra_card}/{per} > {objective.min_cards})"
        return f"{objective.base}{extra} + {highest}"

    def scorecard_rows(self, standings: Standings | None, lang: str) -> tuple[list, set]:
        """One line per objective; each side's cell: the round it was validated in and its points."""
        won: dict[tuple[str, str], tuple[int, int]] = {}
        for r in standings.rounds if standings else ():
            for side, cell in r.cells.items():
                for line in cell.get("objectives", []):
                    won[side, line["objective"]] = (r.number, line["points"])
        sides = standings.sides if standings else self.match.players
        rows = []
        for o in self.engine.OBJECTIVES:
            cells = [[str(x) for x in won.get((side, o.id), ("", ""))] for side in sides]
            rows.append(([o.name(lang), self.formula(o, lang)], cells))
        return rows, set()

    def outcome(self, results: Sequence[RoundResult], totals: dict[str, int], tallies: Sequence[Tally]) -> Outcome:
        counts = tallies[0].values
        complete = [p for p, n in counts.items() if n == len(self.objective_ids)]
        if complete:
            ended, end = Message("table.why.scorecard_complete", names=complete), "COLLECTION-8.1"
        elif len(results) >= self.round_limit():
            played = Message("table.rounds_played", n=len(results))
            ended, end = Message("table.why.mode_limit", played=played, mode=Message(f"mode.{self.mode}")), "COLLECTION-8.2"
        else:
            return Outcome(False)
        if self.mode == "discovery":
            leaders = best_sides(counts)
            if len(leaders) > 1:
                leaders = best_sides({p: totals[p] for p in leaders})
            most, rule = "most_objectives", "COLLECTION-8.4"
        else:
            leaders = best_sides(totals)
            most, rule = "most_points", "COLLECTION-8.3"
        why = self.why(ended, Message(f"table.why.{most}"), tie=len(leaders) > 1)
        return Outcome(True, leaders, why, (end, rule) + (("COLLECTION-R16",) if len(leaders) > 1 else ()))

