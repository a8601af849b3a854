"""Bots see only ``observation(player)``: changing what the player cannot see (other hands,
the order of the deck) changes neither what the bot is given nor what it chooses."""

from __future__ import annotations

import random

import pytest

from cardforge.bots import bot_names, make_bot
from cardforge.errors import UsageError
from cardforge.games import new_game
from cardforge.simulate import SimSpec
from cardforge.simulate.play import play_game

GAMES = ("rows", "tricks", "sequence", "collection", "numwin")


def _advance(state, steps: int, seed: int = 0):
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    return state


def _perturb(game: str, state, player: int, rng: random.Random) -> None:
    """Change only what ``player`` cannot see."""
    if game == "rows":
        others = [p for p in range(state.num_players) if p != player]
        for p in others:  # opponents' hands swapped with the undealt stock
            hand = state.hands[p]
            k = len(hand)
            pool = hand + state.stock
            rng.shuffle(pool)
            state.hands[p], state.stock = pool[:k], pool[k:]
    elif game == "tricks":
        for p in range(state.num_players):
            if p != player:
                k = len(state.hands[p])
                pool = state.hands[p] + state.reserve
                rng.shuffle(pool)
                state.hands[p], state.reserve = state._sorted(pool[:k]), pool[k:]
    elif game in ("sequence", "collection"):
        for pile in state.piles:
            rng.shuffle(pile)
    elif game == "numwin":
        rng.shuffle(state.deck)
        for q, combo in enumerate(state.combos):
            for slot in combo:
                if not slot.seen_by(player):
                    slot.card, state.deck[0] = state.deck[0], slot.card
    else:  # pragma: no cover
        raise AssertionError(game)


@pytest.mark.parametrize("game", GAMES)
def test_hidden_information_does_not_reach_the_bot(game):
    checked = 0
    for seed in range(30):
        state = _advance(new_game(game, players=4, seed=seed), steps=seed % 7 + 3, seed=seed)
        if state.is_terminal():
            continue
        player = state.current_player()
        before = state.observation(player)
        other = state.clone()
        _perturb(game, other, player, random.Random(seed))
        if other.card_count() != state.card_count():
            continue
        assert other.observation(player) == before, "the observation must not change with hidden cards"
        legal = state.legal_actions()
        if other.legal_actions() != legal:
            continue  # (rows: the acting player's own legal cards never change; others may)
        bot = make_bot(game, "strategy")
        assert bot.act(before, legal, random.Random(1)) == bot.act(other.observation(player), legal, random.Random(1))
        checked += 1
    assert checked >= 10


def test_the_simulator_hands_bots_the_observation_only(monkeypatch):
    seen = []

    class Spy:
        name, sees = "spy", True

        def act(self, observation, legal, rng):
            seen.append(type(observation))
            return legal[0]

    monkeypatch.setattr("cardforge.bots.make_bot", lambda game, name, rules=None: Spy())
    play_game(SimSpec("tricks", 3, games=1), 0)
    assert seen and set(seen) == {dict}


def test_every_game_has_random_and_strategy():
    for game in GAMES:
        assert bot_names(game)[:2] == ["random", "strategy"]
    with pytest.raises(UsageError, match="expected one of random, strategy"):
        make_bot("rows", "nope")


def test_the_simulator_builds_every_bot_with_the_house_rules(monkeypatch):
    given = []

    class Spy:
        name, sees = "spy", True

        def act(self, observation, legal, rng):
            return legal[0]

    def spy(game, name, rules=None):
        given.append(rules)
        return Spy()

    monkeypatch.setattr("cardforge.bots.make_bot", spy)
    play_game(SimSpec("tricks", 3, house=("streak_payout=once",), games=1), 0)
    assert given and all(r.streak_payout == "once" for r in given)
