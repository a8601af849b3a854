"""Num Collection (rule sheet 000): collect cards round after round and validate the ten
objectives of a personal scorecard.

The turn, the STOP conditions and the action cards are the shared push-your-luck core
(``cardforge.games.pushluck``); the scorecard is ``cardforge.games.objectives``.  This module adds
what is particular to ``collection``: declaring the end of a round, validating objectives at the
end of each round (one at a time, each at most once per game, frozen once validated), and the end of the game (a full scorecard, or 5 rounds in Classic
and 3 in Discovery).

>>> state = new_game(3, seed=2)
>>> state.max_rounds, len(state.scorecards)
(5, 3)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence, Sized
from dataclasses import dataclass
from typing import Any

from cardforge.cards import Card
from cardforge.games.house import parse_house_rules
from cardforge.games.objectives import FEWEST_CARDS, OBJECTIVES, ObjectiveMatch, find_objectives
from cardforge.games.pushluck import (
    OPEN_SEQUENCE_CHOICES,
    RAINBOW_COLOUR_CHOICES,
    SKIP_JOKER_CHOICES,
    STOP_COST_CHOICES,
    Move,
    Phase,
    PushLuckState,
    check_mode,
    house_field,
    int_option,
)

__all__ = ["HouseRules", "CITES", "CollectionState", "new_game", "declaration_allowed"]


@dataclass(frozen=True)
class HouseRules:
    """The rulings of ``collection`` that a table may switch (``--house key=value``)."""

    open_sequences: str = house_field("persist", "COLLECTION-R1", OPEN_SEQUENCE_CHOICES)
    stop_cost: str = house_field("sequence", "COLLECTION-R2", STOP_COST_CHOICES)
    rainbow_colour: str = house_field("own", "COLLECTION-R4", RAINBOW_COLOUR_CHOICES)
    skip_joker: str = house_field("replay", "COLLECTION-R11", SKIP_JOKER_CHOICES)
    share_cards: bool = house_field(False, "COLLECTION-R17")
    shadow_voids_round: bool = house_field(True, "COLLECTION-R20")


#: Shared-core concepts → this sheet's rule IDs (see ``pushluck.Cites``).
CITES: dict[str, str] = {
    "draw": "COLLECTION-2.2",
    "classic": "COLLECTION-2.3",
    "action": "COLLECTION-2.4",
    "rainbow": "COLLECTION-2.6",
    "rainbow_owed": "COLLECTION-R5",
    "joker": "COLLECTION-3.1",
    "infini": "COLLECTION-3.1",
    "stop_shadow": "COLLECTION-4.1",
    "shadow_table": "COLLECTION-4.1",
    "joker_save": "COLLECTION-4.2",
    "stop_discard": "COLLECTION-4.3",
    "stop_color": "COLLECTION-4.4",
    "stop_value": "COLLECTION-4.5",
    "stop_cost": "COLLECTION-R2",
    "rainbow_stop": "COLLECTION-R4",
    "stop_order": "COLLECTION-R24",
    "secure": "COLLECTION-2.5",
    "reserve": "COLLECTION-3.11",
    "card:joker": "COLLECTION-3.1", "card:double": "COLLECTION-3.3", "card:passe": "COLLECTION-3.4",
    "skipped": "COLLECTION-3.5", "card:flip": "COLLECTION-3.7", "card:swipe": "COLLECTION-3.8",
    "card:quantique": "COLLECTION-3.9", "last_action": "COLLECTION-3.10",
    "declare": "COLLECTION-7.1", "round_end": "COLLECTION-7.4", "round_score": "COLLECTION-6.4",
    "game_end": "COLLECTION-8.2", "winner": "COLLECTION-8.3", "void": "COLLECTION-R20",
}

_DONE = Move("done")
_DONE_ONLY = (_DONE,)
_DECLARE = Move("declare")


def declaration_allowed(players: int, turns_played: int, secured_this_round: Iterable[Sized | int]) -> bool:
    """Whether the end of the round may be declared (sheet 7.1–7.3): every player has secured
    at least one sequence this round (``secured_this_round``: each player's sequences, or their
    number) and at least ``players + 1`` turns were played."""
    return turns_played >= players + 1 and all(secured_this_round)


class CollectionState(PushLuckState):
    """A game of Num Collection."""

    game = "collection"
    cites = CITES

    def __init__(self, players: int, seed: int, *, deck: Any, mode: str, house: HouseRules, rounds: int | None,
                 **chance: Any):
        check_mode(deck, mode)
        self.max_rounds = rounds or deck.modes[mode].rounds
        self.scorecards: list[dict[str, ObjectiveMatch]] = [{} for _ in range(players)]
        self.validated_in: list[dict[str, int]] = [{} for _ in range(players)]
        super().__init__(players, seed, deck=deck, mode=mode, house=house, **chance)

    # -- rounds ---------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.declared_by: int | None = None
        self.void = [False] * self.num_players
        self.remaining: list[list[Card]] = []
        self.validators: list[int] = []
        self._offers: tuple[tuple, list[ObjectiveMatch], tuple[Move, ...]] = ((), [], ())
        super()._start_round()

    _extra_start = True

    def _turn_start_moves(self) -> tuple[Move, ...]:
        if self.declared_by is None and declaration_allowed(self._n, self.turns_played, self.secured):
            return (_DECLARE,)
        return ()

    def _turn_limit(self) -> float:
        return math.inf  # until a declaration (then ``_round_end`` is set) or empty piles

    def _on_sequence_lost(self, player: int, reason: str) -> None:
        if reason == "shadow" and self.house.shadow_voids_round:
            self.void[player] = True  # "aucun objectif de cette manche pour lui" (R20)

    def collection(self, player: int) -> list[Card]:
        """The cards ``player`` secured this round."""
        return [card for seq in self.secured[player] for card in seq]

    def _finish_round(self) -> None:
        """Open sequences are lost; each player in turn order validates objectives (R22)."""
        n = self.num_players
        first = (self.round - 1) % n
        self.validators = [(first + i) % n for i in range(n)]
        self.remaining = [[] if self.void[p] else self.collection(p) for p in range(n)]
        for p in range(n):
            if self.void[p]:
                self._note("round_voided", p)
        self.phase = Phase.VALIDATE
        self.player = self.validators.pop(0)

    def offers(self, player: int) -> list[ObjectiveMatch]:
        """The objectives ``player`` may still validate this round, each at its best cards."""
        key = (self.round, player, len(self.remaining[player]), len(self.scorecards[player]))
        if self._offers[0] != key:  # validating shrinks the cards or grows the scorecard
            matches = find_objectives(self.remaining[player], exclude=set(self.scorecards[player]))
            moves = tuple(Move("validate", choice=(m.id, *(c.code for c in m.cards))) for m in matches)
            self._offers = (key, matches, moves)
        return self._offers[1]

    def _validate_moves(self) -> Sequence[Move]:
        if len(self.remaining[self.player]) < FEWEST_CARDS:  # most collections: nothing to look for
            return _DONE_ONLY
        self.offers(self.player)
        return [*self._offers[2], _DONE]

    def _apply_game_move(self, move: Move) -> None:
        p = self.player
        if move.kind == "declare":
            self.declared_by = p
            # each other player plays one last turn (7.4): the round ends n - 1 turns after this one
            self._round_end = self.turns_played + self._n
            self._end_turn()
        elif move.kind == "validate":
            match = next(m for m in self.offers(p) if m.id == move.choice[0])
            self.scorecards[p][match.id] = match
            self.validated_in[p][match.id] = self.round
            self.scores[p] += match.points
            if not self.house.share_cards:
                for card in match.cards:
                    self.remaining[p].remove(card)
        elif move.kind == "done":
            if self.validators:
                self.player = self.validators.pop(0)
            else:
                self._next_round_or_end()

    def _last_round(self) -> bool:
        full = any(len(card) == len(OBJECTIVES) for card in self.scorecards)
        return full or self.round >= self.max_rounds

    # -- results ------------------------------------------------------------------------

    def objectives_count(self, player: int) -> int:
        return len(self.scorecards[player])

    def returns(self) -> list[int]:
        """Points in Classic; the number of objectives validated in Discovery (sheet 8.3–8.4)."""
        if self.mode == "discovery":
            return [self.objectives_count(p) for p in range(self.num_players)]
        return list(self.scores)

    def _ranking_key(self, player: int) -> tuple:
        if self.mode == "discovery":
            return self.objectives_count(player), self.scores[player]
        return (self.scores[player],)

    def observation(self, player: int) -> dict[str, Any]:
        obs = super().observation(player)
        obs["scorecards"] = [{oid: m.to_json() for oid, m in card.items()} for card in self.scorecards]
        obs["declared_by"] = self.declared_by
        obs["void"] = list(self.void)
        return obs


def new_game(players: int, seed: int = 0, *, mode: str = "classic", rounds: Any = None,
             house: HouseRules | list[str] | None = None, chance: str = "seeded",
             record_chance: bool = False, deck_edit: str | None = None) -> CollectionState:
    """A new game: ``mode`` ``classic`` (5 rounds max) or ``discovery`` (3 rounds max);
    ``rounds`` overrides the maximum; ``chance`` ``seeded`` or ``table`` (``apply_chance``)."""
    from cardforge.deck import load_deck

    if not isinstance(house, HouseRules):
        house = parse_house_rules(HouseRules, house)
    return CollectionState(players, int_option("seed", seed, 0), deck=load_deck("collection"), mode=mode, house=house,
                           rounds=None if rounds is None else int_option("rounds", rounds, 1),
                           chance=chance, record_chance=record_chance, deck_edit=deck_edit)
