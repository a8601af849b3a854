"""How a Num Plis game starts: ``new_game`` checks the options and builds a seeded
``TricksState`` or, fed by a physical table, a ``TableTricksState``.

Its own module so the engine (``state``) and the table engine (``table``, built on it) import
no one another: this one imports both.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from cardforge.errors import UsageError
from cardforge.games.base import check_chance_mode
from cardforge.games.house import parse_house_rules
from cardforge.games.tricks.house_rules import DEFAULT_RULES, HouseRules
from cardforge.games.deck_edit import DeckEdit, edit_cards, parse_deck_edit
from cardforge.games.tricks.setup import OPTIONS, TEAM_CARDS, check_players, deck_for, round_schedule
from cardforge.games.tricks.state import GameConfig, TricksState
from cardforge.games.tricks.table import TableTricksState
from cardforge.i18n import refusal

__all__ = ["OPTIONS", "new_game"]


def _as_int(name: str, value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise UsageError(f"option {name!r}: expected a whole number, found {value!r}") from None


def _as_bool(name: str, value: Any) -> bool:
    text = str(value).lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise UsageError(f"option {name!r}: expected true or false, found {value!r}")


def new_game(players: int, seed: int = 0, *, chance: str = "seeded", record_chance: bool = False,
             seat_names: Sequence[str] | None = None, **options: Any) -> TricksState:
    """A new game of Num Plis, shuffled from ``seed`` (``chance="seeded"``; ``record_chance``
    keeps each hand dealt in ``chance_log``), or waiting for each hand the table deals
    (``chance="table"``: ``TableTricksState``).  ``seat_names``: the players, for refusals.

    Options: ``start_cards`` (cards in round 1, default 1), ``rounds`` (default: up to the last
    round of ruling TRICKS-R1; team: 5), ``team=True`` (the team variant, partners opposite), ``rules`` (a
    ``HouseRules``); any other keyword is a house rule (``triple_annulation="pair"``).
    """
    players = _as_int("players", players)
    team = _as_bool("team", options.pop("team", False))
    start_cards = _as_int("start_cards", options.pop("start_cards", 1))
    rounds = options.pop("rounds", None)
    rounds = None if rounds is None else _as_int("rounds", rounds)
    edit = parse_deck_edit(options.pop("deck_edit", None))
    rules = options.pop("rules", None) or DEFAULT_RULES
    house_keys = [f.name for f in dataclasses.fields(HouseRules)]
    unknown = [k for k in options if str(k).replace("-", "_") not in house_keys]
    if unknown:  # an option, not a house rule, was misspelt: say which options there are
        raise UsageError(f"unknown tricks option {unknown[0]!r}: the options are {', '.join(OPTIONS)} "
                         f"(other keys are house rules: {', '.join(house_keys)})")
    if options:
        rules = parse_house_rules(HouseRules, [*_pairs(rules), *(f"{k}={v}" for k, v in options.items())])
    config = _config(players, team, start_cards, rounds, rules, edit)
    if check_chance_mode(chance) == "table":
        state: TricksState = TableTricksState(config)
    else:
        state = TricksState(config, seed, record_chance=_as_bool("record_chance", record_chance))
    if seat_names is not None:
        if len(seat_names) != players:
            raise refusal(UsageError, "error.tricks.names_count", n=players, count=len(seat_names),
                          names=list(seat_names))
        state.seat_names = tuple(seat_names)
    return state


@functools.lru_cache(maxsize=64)
def _config(players: int, team: bool, start_cards: int, rounds: int | None, rules: HouseRules,
            edit: DeckEdit = ()) -> GameConfig:
    """The checked static facts of a game, built once per set of options (a simulation starts
    thousands of games from the same one)."""
    check_players(players, team)
    deck = edit_cards(deck_for(players, rules), edit, "tricks")  # ``deck_edit``: cards removed or swapped
    if team and TEAM_CARDS * players > len(deck):
        raise refusal(UsageError, "error.tricks.team_deck", cards=TEAM_CARDS, players=players,
                      need=TEAM_CARDS * players, deck=len(deck))
    schedule = round_schedule(players, len(deck), start_cards=start_cards, rounds=rounds, team=team, rules=rules)
    if team and rules.team_bids == "joint":
        units = tuple((i, i + players // 2) for i in range(players // 2))
    else:
        units = tuple((p,) for p in range(players))
    return GameConfig(players, rules, team, deck, schedule, units)


def _pairs(rules: HouseRules) -> list[str]:
    """A ``HouseRules`` as ``key=value`` pairs, so keyword options can override some of them."""
    return [f"{f.name}={getattr(rules, f.name)}" for f in dataclasses.fields(rules)]
