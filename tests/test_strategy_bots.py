"""The strategy bots read the house rules and play every card (issue #29's bot artefacts)."""

from __future__ import annotations

import random

import pytest

from cardforge.bots import make_bot
from cardforge.cards import Card
from cardforge.games import engine_module, new_game
from cardforge.games.house import parse_house_rules
from cardforge.games.tricks.following import NUMX_CHOICES

#: per game, a house rule that must change the strategy bot's play somewhere
RULES = {
    "rows": "lower_fifth=first_card",
    "tricks": "streak_payout=once",
    "sequence": "stop_cost=turn",
    "collection": "stop_cost=turn",
    "numwin": "rainbow_zero=every",
}


def _rules(game: str, pair: str | None):
    return parse_house_rules(engine_module(game).HouseRules, [pair] if pair else [])


@pytest.mark.parametrize("game", sorted(RULES))
def test_a_house_rule_changes_the_strategy_bots_play(game):
    """On the positions of a few random games, the bot built with the house rule chooses
    otherwise at least once than the bot built with the defaults (it ignored them before)."""
    default, house = _rules(game, None), _rules(game, RULES[game])
    differ = 0
    for seed in range(6):
        state = new_game(game, players=4, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and differ < 1:
            p = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1:
                obs = state.observation(p)
                a = make_bot(game, "strategy", rules=default).act(obs, legal, random.Random(0))
                b = make_bot(game, "strategy", rules=house).act(obs, legal, random.Random(0))
                differ += state.action_to_string(a) != state.action_to_string(b)
            state.apply_legal(legal[rng.randrange(len(legal))])
        if differ:
            return
    raise AssertionError(f"{game}: {RULES[game]} never changed the strategy bot's choice")


def test_the_numwin_strategy_bot_plays_every_action_card():
    played = dict.fromkeys(("swipe", "flip", "quantum", "flash"), 0)
    for seed in range(12):
        state = new_game("numwin", players=4, seed=seed)
        bots = [make_bot("numwin", "strategy") for _ in range(4)]
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.current_player()
            state.apply_legal(bots[p].act(state.observation(p), state.legal_actions(), rng))
        for kind in played:
            played[kind] += sum(state.events.get(f"action:{kind}", ()))
    assert all(played.values()), played


def _tricks_obs(trick: list[str], hand: list[str], bid: int, won: int = 0) -> dict:
    return {"phase": "play", "current_player": 2, "bids": [0, 0, bid, 0], "won": [0, 0, won, 0],
            "trick": trick, "hand": hand, "cards": len(hand), "streaks": [0, 0, 0, 0]}


def _numx(value: int) -> Card:
    return next(c for c in NUMX_CHOICES if c.value == value)


def test_the_tricks_bot_declares_num_x_for_the_trick_it_is_in():
    bot = make_bot("tricks", "strategy")
    legal = list(NUMX_CHOICES)
    # a Flip laid: the lowest valid card takes the trick, so Num-X is declared 0 to take it …
    assert bot.act(_tricks_obs(["flip", "RB9"], ["numx"], bid=1), legal, random.Random(0)) == _numx(0)
    # … and 17 to lose it once the bid is made
    assert bot.act(_tricks_obs(["flip", "RB9"], ["numx"], bid=0), legal, random.Random(0)) == _numx(17)
    # no Flip: 17 takes it
    assert bot.act(_tricks_obs(["RB9"], ["numx"], bid=1), legal, random.Random(0)) == _numx(17)


def test_the_tricks_bot_bids_a_strong_hand_at_a_large_table():
    """At 10 players a zero bid is usually best, but not with three of the four top cards."""
    obs = {**_tricks_obs([], ["RB16", "SH16", "RB15", "SH2"], bid=0), "bids": [None] * 10, "won": [0] * 10,
           "phase": "bid", "streaks": [0] * 10}
    assert make_bot("tricks", "strategy").act(obs, list(range(5)), random.Random(0)) >= 1
