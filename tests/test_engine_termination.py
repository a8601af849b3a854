"""Every random game ends: each game under each value of each of its house rules (and Num Win
with its memory extension), played by random seats as the simulator plays them, within a step
cap far above the longest game seen (a round no move can end is a rules bug, not a long game)."""

from __future__ import annotations

import random

import pytest

from cardforge.games import engine_module, new_game

GAMES = ("rows", "tricks", "sequence", "collection", "numwin")
#: the longest of 100 random games seen: ~900 actions at 4 players, ~3,600 with locked_count=false
#: (~13,000 at 8 players)
STEP_CAP = 50_000
SEEDS = range(12)


def _variants(game: str) -> list[tuple[str, ...]]:
    """The default rules, then each other value of each house rule alone (as ``--compare``
    plays them), read from the rules' description."""
    from cardforge.games.house import describe_house_rules

    variants: list[tuple[str, ...]] = [()]
    for rule in describe_house_rules(engine_module(game).HouseRules):
        default = rule["default"]
        choices = rule["choices"] or ([True, False] if isinstance(default, bool) else [])
        variants += [(f"{rule['key']}={str(value).lower()}",) for value in choices if value != default]
    return variants


CASES = [(game, house, option) for game in GAMES for house in _variants(game)
         for option in ((), ("memory=true",)) if option == () or game == "numwin"]


def _unfinished(game: str, players: int, house: tuple[str, ...], option: tuple[str, ...] = (),
                bot: str = "random", seeds: range = SEEDS) -> list[int]:
    """The seeds whose game (every seat played by ``bot``; random seats as the simulator plays
    them) is not over after ``STEP_CAP`` actions."""
    from cardforge.bots import make_bot
    from cardforge.simulate.spec import SimSpec

    options = SimSpec(game, players, (bot,), house, options=option).engine_options()
    unfinished = []
    for seed in seeds:
        state = new_game(game, players=players, seed=seed, **options)
        rng = random.Random(seed)
        bots = [make_bot(game, bot) for _ in range(players)]
        for _step in range(STEP_CAP):
            if state.is_terminal():
                break
            if bot == "random":
                state.apply_index(int(rng.random() * state.legal_count()))
            else:
                player = state.current_player()
                state.apply_legal(bots[player].act(state.observation(player), state.legal_actions(), rng))
        else:
            unfinished.append(seed)
    return unfinished


@pytest.mark.parametrize(("game", "house", "option"), CASES,
                         ids=lambda v: "-".join(v) if isinstance(v, tuple) else v)
def test_random_games_end(game, house, option):
    assert _unfinished(game, 4, house, option) == []


@pytest.mark.parametrize("players", [2, 3, 5, 8])
@pytest.mark.parametrize("house", [("locked_count=false",), ("locked_count=false", "own_miss_penalty=true")])
def test_numwin_ends_at_every_table_size(players, house):
    assert _unfinished("numwin", players, house) == []


STRATEGY_CASES = [(game, house, bot) for game in GAMES for house in _variants(game)
                  for bot in (("strategy", "blind") if game == "numwin" else ("strategy",))]


@pytest.mark.parametrize(("game", "house", "bot"), STRATEGY_CASES,
                         ids=lambda v: "-".join(v) if isinstance(v, tuple) else v)
def test_strategy_games_end(game, house, bot):
    """Bots that never have to call (NUM WIN is optional) cannot hold a round open either."""
    assert _unfinished(game, 4, house, bot=bot, seeds=range(3)) == []
