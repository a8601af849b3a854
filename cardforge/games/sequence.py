"""Num Séquence (rule sheet 001): build sequences, secure them before a STOP, score them.

The turn, the STOP conditions and the action cards are the shared push-your-luck core
(``cardforge.games.pushluck``); this module adds what is particular to ``sequence``: the
Infini card (a second way to survive a STOP), a round that ends after a set number of turns
or when both piles are empty, and scoring secured cards by face value (Classic) or by count
(Discovery).

>>> state = new_game(2, seed=1, turns=2, rounds=1)
>>> state.num_players, state.round, state.mode
(2, 1, 'classic')
"""

from __future__ import annotations

import math
from itertools import chain
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardforge.cards import Card
from cardforge.games import pushluck
from cardforge.games.house import parse_house_rules
from cardforge.games.pushluck import (
    OPEN_SEQUENCE_CHOICES,
    RAINBOW_COLOUR_CHOICES,
    SKIP_JOKER_CHOICES,
    STOP_COST_CHOICES,
    PushLuckState,
    SequenceCheck,
    house_field,
    int_option,
    sequence_points,
)

__all__ = ["HouseRules", "CITES", "SequenceState", "check_sequence", "sequence_points", "new_game",
           "DEFAULT_ROUNDS", "DEFAULT_TURNS"]

#: Rounds and turns per player per round when the table does not say (ruling SEQUENCE-R13).
DEFAULT_ROUNDS = 3
DEFAULT_TURNS = 6


@dataclass(frozen=True)
class HouseRules:
    """The rulings of ``sequence`` that a table may switch (``--house key=value``)."""

    open_sequences: str = house_field("persist", "SEQUENCE-R1", OPEN_SEQUENCE_CHOICES)
    stop_cost: str = house_field("sequence", "SEQUENCE-R2", STOP_COST_CHOICES)
    rainbow_colour: str = house_field("own", "SEQUENCE-R4", RAINBOW_COLOUR_CHOICES)
    skip_joker: str = house_field("replay", "SEQUENCE-R12", SKIP_JOKER_CHOICES)


#: Shared-core concepts → this sheet's rule IDs (see ``pushluck.Cites``).
CITES: dict[str, str] = {
    "draw": "SEQUENCE-2.2",
    "classic": "SEQUENCE-2.3",
    "action": "SEQUENCE-2.4",
    "rainbow": "SEQUENCE-2.6",
    "rainbow_owed": "SEQUENCE-R5",
    "infini": "SEQUENCE-3.1",
    "joker": "SEQUENCE-3.14",
    "stop_shadow": "SEQUENCE-4.1",
    "shadow_table": "SEQUENCE-4.1",
    "joker_save": "SEQUENCE-4.2",
    "stop_discard": "SEQUENCE-4.3",
    "stop_color": "SEQUENCE-4.4",
    "stop_value": "SEQUENCE-4.5",
    "points_discovery": "SEQUENCE-5.1",
    "points_classic": "SEQUENCE-5.3",
    "actions_no_points": "SEQUENCE-5.5",
    "stop_cost": "SEQUENCE-R2",
    "rainbow_stop": "SEQUENCE-R4",
    "stop_order": "SEQUENCE-R20",
    "secure": "SEQUENCE-2.5",
    "reserve": "SEQUENCE-3.16",
    "card:infini": "SEQUENCE-3.1", "card:simple": "SEQUENCE-3.3", "card:double": "SEQUENCE-3.4",
    "card:passe": "SEQUENCE-3.5", "skipped": "SEQUENCE-3.6", "card:flip": "SEQUENCE-3.8", "card:swipe": "SEQUENCE-3.9",
    "card:eclair": "SEQUENCE-3.10", "card:tornade": "SEQUENCE-3.11", "card:quantique": "SEQUENCE-3.12",
    "last_action": "SEQUENCE-3.13", "card:joker": "SEQUENCE-3.14",
    "round_end": "SEQUENCE-6.1", "round_score": "SEQUENCE-6.2", "game_end": "SEQUENCE-6.3", "winner": "SEQUENCE-6.4",
}


def check_sequence(cards: Sequence[Card], rules: HouseRules | None = None) -> SequenceCheck:
    """Whether a sequence (cards in draw order) stopped, why, and at which card.

    >>> from cardforge.cards import parse_cards
    >>> result = check_sequence(parse_cards("R3 R5 R9"))
    >>> result.stop, result.reason, result.index
    (True, 'color', 2)
    """
    return pushluck.check_sequence(cards, rules or HouseRules(), cites=CITES)


class SequenceState(PushLuckState):
    """A game of Num Séquence."""

    game = "sequence"
    cites = CITES

    def __init__(self, players: int, seed: int, *, deck: Any, mode: str, house: HouseRules, rounds: int, turns: int,
                 **chance: Any):
        self.rounds = rounds
        self.turns = turns  # per player and round; 0 = until both piles are empty
        self.round_points: list[list[int]] = []
        super().__init__(players, seed, deck=deck, mode=mode, house=house, **chance)

    def _turn_limit(self) -> float:
        return self.turns * self._n if self.turns else math.inf

    def _finish_round(self) -> None:
        """Each player totals their secured sequences; open ones are lost (SEQUENCE-R18)."""
        points = [sequence_points(chain.from_iterable(self.secured[p]), self.mode) for p in range(self.num_players)]
        self.round_points.append(points)
        self.scores = [s + r for s, r in zip(self.scores, points)]
        self._next_round_or_end()

    def _last_round(self) -> bool:
        return self.round >= self.rounds

    def observation(self, player: int) -> dict[str, Any]:
        obs = super().observation(player)
        obs["round_points"] = [list(r) for r in self.round_points]
        obs["turns"] = {"per_player": self.turns, "played": self.turns_played}
        return obs


def new_game(players: int, seed: int = 0, *, mode: str = "classic", rounds: Any = DEFAULT_ROUNDS,
             turns: Any = DEFAULT_TURNS, house: HouseRules | list[str] | None = None, chance: str = "seeded",
             record_chance: bool = False, deck_edit: str | None = None) -> SequenceState:
    """A new game: ``mode`` ``classic``/``discovery``, ``rounds`` rounds of ``turns``
    turns per player (``turns=0``: each round lasts until both piles are empty); ``chance``
    ``seeded`` (the seed turns the cards over) or ``table`` (``apply_chance``)."""
    from cardforge.deck import load_deck

    if not isinstance(house, HouseRules):
        house = parse_house_rules(HouseRules, house)
    return SequenceState(players, int_option("seed", seed, 0), deck=load_deck("sequence"), mode=mode, house=house,
                         rounds=int_option("rounds", rounds, 1), turns=int_option("turns", turns, 0),
                         chance=chance, record_chance=record_chance, deck_edit=deck_edit)
