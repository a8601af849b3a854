"""What a simulation is: a pure function of this spec, so it splits into seeded batches.

Game ``i`` of a simulation is shuffled from ``game_seed(seed, i)`` and its bots draw from their
own stream, ``game_seed(seed, i, "bots")``: each is a hash (BLAKE2b) of the simulation's seed, the
game's index and the stream's name, so no two games, seeds or streams share a stream
(``numpy.random.SeedSequence``'s idea).  Seats are dealt the listed bots in turn, rotated by one
seat per game, so every bot sits in every seat equally often (``--seating rotate``, the
default); ``--seating random`` shuffles that table per game (its own stream), and ``--seating
duplicate`` plays each deal once per rotation (the same cards, every bot in every seat).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field, replace
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import refusal

__all__ = ["SimSpec", "game_seed", "SEATINGS", "DEFAULT_TURN_SECONDS", "DEFAULT_DRAW_SECONDS", "HOUSE_ARGUMENT", "MAX_GAMES", "MAX_TURN_SECONDS"]

#: The most games one simulation plays: every game's record (1.5–3 KB) stays in memory until the
#: report is built, so a million games take 1.5–3 GB; for more, run several seeds and compare.
MAX_GAMES = 1_000_000

#: The longest turn ``--turn-seconds`` accepts (an hour): a playing-time estimate, not a duration.
MAX_TURN_SECONDS = 3600.0

#: Seconds a turn takes at a real table, by game (stated assumptions for the playing-time
#: estimate; override with ``--turn-seconds``).  A turn is defined per game in ``events``.
DEFAULT_TURN_SECONDS: dict[str, float] = {"rows": 15.0, "tricks": 6.0, "sequence": 3.0, "collection": 3.0, "numwin": 8.0}
#: Seconds each card drawn adds to its turn, in the games whose turns draw as many cards as the
#: player dares (``--draw-seconds``); elsewhere a turn's draw is part of the turn.
DEFAULT_DRAW_SECONDS: dict[str, float] = {"sequence": 2.0, "collection": 2.0}

#: The keyword of each engine's ``new_game`` that takes a ``HouseRules``.
HOUSE_ARGUMENT: dict[str, str] = {"rows": "rules", "tricks": "rules", "numwin": "rules",
                                  "sequence": "house", "collection": "house"}


#: how the listed bots are seated, game by game
SEATINGS = ("rotate", "random", "duplicate")


def game_seed(seed: int, index: int, stream: str = "deal") -> int:
    """The seed of stream ``stream`` (``deal``, ``bots``, ``seating``) of game ``index`` of a
    simulation seeded ``seed`` (independent of batching; a 48-bit BLAKE2b hash, so streams of
    different seeds, games or names do not overlap)."""
    digest = hashlib.blake2b(f"cardforge-simulate:{seed}:{index}:{stream}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True)
class SimSpec:
    """A simulation: game, seats, bots (dealt to seats in turn), house rules, seed, size."""

    game: str
    players: int
    bots: tuple[str, ...] = ("random",)
    house: tuple[str, ...] = ()
    seed: int = 0
    games: int = 1000
    #: other engine options as ``key=value`` (``mode=discovery``, ``team=true``)
    options: tuple[str, ...] = field(default=())
    turn_seconds: float | None = None
    #: ``rotate``, ``random`` or ``duplicate`` (see the module's docstring)
    seating: str = "rotate"
    draw_seconds: float | None = None

    def __post_init__(self) -> None:
        if self.players < 1:
            raise refusal(UsageError, "error.simulate.players_min", n=self.players)
        if self.games < 1:
            raise refusal(UsageError, "error.simulate.games_min", n=self.games)
        if self.games > MAX_GAMES:
            raise refusal(UsageError, "error.simulate.games_max", games=self.games, most=f"{MAX_GAMES:,}")
        if self.turn_seconds is not None and not (math.isfinite(self.turn_seconds)
                                                  and 0 < self.turn_seconds <= MAX_TURN_SECONDS):
            raise refusal(UsageError, "error.simulate.turn_seconds", value=repr(self.turn_seconds),
                          most=f"{MAX_TURN_SECONDS:g}")
        if self.draw_seconds is not None and not (math.isfinite(self.draw_seconds)
                                                  and 0 <= self.draw_seconds <= MAX_TURN_SECONDS):
            raise refusal(UsageError, "error.simulate.draw_seconds", value=repr(self.draw_seconds),
                          most=f"{MAX_TURN_SECONDS:g}")
        if not self.bots:
            raise refusal(UsageError, "error.simulate.no_bots")
        if self.seating not in SEATINGS:
            raise refusal(UsageError, "error.simulate.seating", value=repr(self.seating), known=", ".join(SEATINGS))
        if len(self.bots) > self.players:
            raise refusal(UsageError, "error.simulate.bots_seats", bots=len(self.bots), players=self.players)

    def seat_bots(self, index: int) -> list[str]:
        """The bot in each seat of game ``index``."""
        k = len(self.bots)
        table = [self.bots[seat % k] for seat in range(self.players)]
        if self.seating == "random":
            import random

            random.Random(game_seed(self.seed, index, "seating")).shuffle(table)
            return table
        if self.seating == "duplicate":  # the group's table, rotated: each bot plays each seat's cards
            turn = index % self.players
            return table[turn:] + table[:turn]
        return [self.bots[(seat + index) % k] for seat in range(self.players)]

    def deal_seed(self, index: int) -> int:
        """The deal of game ``index``: its own, or with ``duplicate`` seating that of the first
        game of its group (``players`` games, one per rotation of the seats, on the same cards)."""
        return game_seed(self.seed, index // self.players if self.seating == "duplicate" else index)

    def with_house(self, house: tuple[str, ...]) -> SimSpec:
        return replace(self, house=house)

    @property
    def seconds_per_turn(self) -> float:
        return self.turn_seconds if self.turn_seconds is not None else DEFAULT_TURN_SECONDS.get(self.game, 8.0)

    @property
    def seconds_per_draw(self) -> float:
        """What each card drawn adds to its turn (0 where a turn's draw is part of the turn)."""
        return self.draw_seconds if self.draw_seconds is not None else DEFAULT_DRAW_SECONDS.get(self.game, 0.0)

    def engine_options(self) -> dict[str, Any]:
        """Keyword options for the engine's ``new_game`` (house rules parsed and checked)."""
        from cardforge.games import engine_module
        from cardforge.games.house import parse_house_rules

        module = engine_module(self.game)
        options: dict[str, Any] = {}
        for pair in self.options:
            if "=" not in pair:
                raise refusal(UsageError, "error.simulate.option_pair", pair=repr(pair))
            key, value = (part.strip() for part in pair.split("=", 1))
            self._check_option(module, key, value)
            options[key] = value
        options[HOUSE_ARGUMENT[self.game]] = parse_house_rules(module.HouseRules, self.house)
        return options

    def _check_option(self, module: Any, key: str, value: str) -> None:
        """``UsageError`` for an option the engine does not take, saying what to use instead."""
        import dataclasses

        from cardforge.cards import nearest
        from cardforge.games import option_names

        names = option_names(self.game)
        if key in names:
            return
        if key in ("players", "seed"):
            raise refusal(UsageError, "error.simulate.option_flag", key=repr(key), flag=f"--{key}")
        if key.replace("-", "_") in {f.name for f in dataclasses.fields(module.HouseRules)}:
            raise refusal(UsageError, "error.simulate.option_house", key=repr(key), pair=f"{key}={value}")
        guess = nearest(key, list(names))
        raise refusal(UsageError, "error.simulate.option_unknown", key=repr(key), game=self.game,
                      names=", ".join(names) or "-", hint=f"; did you mean {guess!r}?" if guess else "")

    def check(self) -> dict[str, Any]:
        """The engine options, checked by building one game (a bad value fails here, once)."""
        from cardforge.games import new_game

        options = self.engine_options()
        new_game(self.game, players=self.players, seed=self.seed, **dict(options))
        return options

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "bots": list(self.bots), "house": list(self.house),
                "seed": self.seed, "games": self.games, "options": list(self.options),
                "turn_seconds": self.seconds_per_turn, "draw_seconds": self.seconds_per_draw, "seating": self.seating}
