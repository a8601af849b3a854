"""``apply_legal`` (the simulator's unchecked fast path) plays exactly as ``apply_action``:
the same random game through both gives the same actions, states and scores, and conserves
every card at every step."""

from __future__ import annotations

import random

import pytest

from cardforge.errors import UsageError
from cardforge.games import new_game

GAMES = ("rows", "tricks", "sequence", "collection", "numwin")


def _play(game: str, seed: int, fast: bool) -> tuple[list[str], list[int], list[str]]:
    state = new_game(game, players=4, seed=seed)
    full = state.card_count()
    rng = random.Random(seed)
    log, dumps = [], []
    while not state.is_terminal():
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        log.append(state.action_to_string(action))
        (state.apply_legal if fast else state.apply_action)(action)
        dumps.append(str(state))
        assert state.card_count() == full, f"{game}: cards not conserved after {log[-1]}"
    return log, list(state.returns()), dumps


@pytest.mark.parametrize("game", GAMES)
def test_fast_path_plays_as_the_checked_one(game):
    for seed in range(3):
        assert _play(game, seed, fast=True) == _play(game, seed, fast=False)


@pytest.mark.parametrize("game", GAMES)
def test_index_path_plays_as_the_checked_one(game):
    """``apply_index(i)`` (the simulator's random seats) is ``apply_action(legal_actions()[i])``
    and ``legal_count()`` is ``len(legal_actions())``, at every step of random games — house
    rules included, since some engines keep their moves differently under them."""
    from cardforge.simulate.comparison import house_values
    from cardforge.simulate.spec import SimSpec
    from cardforge.games import engine_module
    from cardforge.games.house import describe_house_rules

    spec = SimSpec(game, 4, ("random",))
    variants = [()]
    for rule in describe_house_rules(engine_module(game).HouseRules):
        try:
            _default, others = house_values(spec, rule["key"])
        except UsageError:  # a switch with no list of values (an integer)
            continue
        variants += [(f"{rule['key']}={str(value).lower()}",) for value in others]
    for seed, house in enumerate(variants):
        options = spec.with_house(house).engine_options()
        checked = new_game(game, players=4, seed=seed, **options)
        indexed = new_game(game, players=4, seed=seed, **options)
        full = indexed.card_count()
        rng = random.Random(seed)
        for _step in range(3000):  # enough for any game; a game that never ends is another test's
            if checked.is_terminal():
                break
            actions = checked.legal_actions()
            assert indexed.legal_count() == len(actions), f"{game} {house}: legal_count"
            i = rng.randrange(len(actions))
            checked.apply_action(actions[i])
            indexed.apply_index(i)
            assert str(indexed) == str(checked), f"{game} {house}: after {checked.action_to_string(actions[i])}"
            assert indexed.current_player() == checked.current_player()
            assert indexed.card_count() == full
        assert indexed.is_terminal() == checked.is_terminal() and indexed.returns() == checked.returns()


def test_reflex_outcome_is_check_reflex_without_the_words():
    from cardforge.deck import load_deck
    from cardforge.games.numwin_scoring import HouseRules, check_reflex, reflex_outcome

    cards = sorted(set(load_deck("numwin").cards()), key=lambda c: c.code)
    pairs = [(a, b) for a in cards for b in cards if a != b][::7]
    for rules in (HouseRules(), HouseRules(own_miss_penalty=True)):
        for opponent in (False, True):
            for a, b in pairs:
                full = check_reflex(a, b, rules, from_opponent=opponent)
                assert reflex_outcome(a, b, rules, from_opponent=opponent) == (full.valid, full.penalty)


@pytest.mark.parametrize("game", GAMES)
def test_current_player_is_terminal_exactly_when_the_game_is_over(game):
    """The simulator asks ``current_player()`` alone each step and stops at ``TERMINAL``: the
    engine's two ways of saying the game is over agree at every step."""
    from cardforge.games.base import TERMINAL

    for seed in range(3):
        state = new_game(game, players=4, seed=seed)
        rng = random.Random(seed)
        while True:
            over = state.is_terminal()
            assert over == (state.current_player() == TERMINAL)
            if over:
                break
            actions = state.legal_actions()
            state.apply_legal(actions[rng.randrange(len(actions))])
