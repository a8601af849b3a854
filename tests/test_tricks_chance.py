"""Num Plis with explicit chance (issue 25): a seeded game's moves and the hands it dealt, fed one
at a time into a ``chance="table"`` engine, give the same state at every step, under every house
rule; a hidden hand keeps the information state; card conservation names where a card is."""

from __future__ import annotations

import dataclasses
import functools
import random

import pytest

from cardforge.errors import IllegalActionError, UsageError
from cardforge.games.base import CHANCE, UNKNOWN
from cardforge.games.playthrough import check_equivalence
from cardforge.games.tricks import HouseRules, Phase, new_game
from cardforge.games.tricks.table import HIDDEN

#: Every house rule value, one variant per value that is not the default.
VARIANTS = [{}] + [{f.name: value} for f in dataclasses.fields(HouseRules)
                   for value in f.metadata["choices"] if value != f.default]
VARIANTS += [{"extra_family": False}, {"team": True}, {"team": True, "team_bids": "joint"}]


def state_of(game) -> tuple:
    """What the equivalence compares: every seat's observation, returns, terminal, winners, the
    player to act and the cards where they are."""
    seats = range(game.num_players)
    return ([game.observation(p) for p in seats], game.returns(), game.is_terminal(), game.winners(),
            game.current_player(), dict(game.card_count()))


def follow(players: int, seed: int, *, hidden: frozenset[int] = frozenset(), **options) -> int:
    """Play a seeded game at random and follow it with a table engine fed its moves and hands
    (``UNKNOWN`` for the ``hidden`` seats): same state at every step; the steps compared."""
    seeded = new_game(players, seed, record_chance=True, **options)
    table = new_game(players, chance="table", **options)
    rng, fed, steps = random.Random(seed), 0, 0
    while True:
        while fed < len(seeded.chance_log):  # the hands the last step dealt
            assert table.is_chance_node() and table.current_player() == CHANCE
            seat = fed % players
            table.apply_chance(UNKNOWN if seat in hidden else seeded.chance_log[fed])
            fed += 1
        assert not table.is_chance_node()
        if hidden:
            assert public(table, hidden) == public(seeded, hidden)
        else:
            assert state_of(table) == state_of(seeded)
        steps += 1
        if seeded.is_terminal():
            return steps
        actions = seeded.legal_actions()
        action = actions[rng.randrange(len(actions))]
        seeded.apply_action(action)
        table.apply_action(action)


def public(game, hidden: frozenset[int]) -> tuple:
    """The state without the hidden seats' hands (their size stays)."""
    seats = [dict(game.observation(p)) for p in range(game.num_players)]
    for p in hidden:
        seats[p]["hand"] = len(seats[p]["hand"])
    return seats, game.returns(), game.is_terminal(), game.current_player(), sum(game.card_count().values())


@pytest.mark.parametrize("house", VARIANTS, ids=lambda h: ",".join(f"{k}={v}" for k, v in h.items()) or "default")
def test_short_seeded_games_and_the_table_engine_agree_at_every_step(house):
    """Thousands of seeded games in all (120 per house-rule variant, 3 to 7 players, short
    schedules so the work stays bounded): same state at every step, the cards where they are
    too (``follow``), and through the stored text of each hand (``check_equivalence``)."""
    steps = 0
    for seed in range(120):
        players = 4 + 2 * (seed % 3) if house.get("team") else 3 + seed % 5
        if house.get("team"):
            options = {**house, "rounds": 1 + seed % 2}
        else:
            options = {**house, "rounds": 3, "start_cards": 1 + seed % 3}
        steps += follow(players, seed, **options)
        steps += check_equivalence(functools.partial(new_game, players, **options), [seed])
    assert steps > 6000


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 7), (7, 3)])
def test_whole_games_agree_at_every_step(players, seed):
    """The whole schedule, up to the game's end and its winners."""
    assert follow(players, seed) > 50
    assert check_equivalence(functools.partial(new_game, players), [seed]) > 50


@pytest.mark.parametrize("house", [{}, {"team": True}, {"no_winner_lead": "next"}])
def test_hidden_hands_keep_the_information_state(house):
    """The hands the table does not see (``UNKNOWN``): the same bids, tricks, scores and winner;
    the hidden seats' hands are shown as their size."""
    for seed in range(40):
        players = 4 if house.get("team") else 3 + seed % 4
        options = {**house, "rounds": 2} if house.get("team") else {**house, "rounds": 4}
        follow(players, seed, hidden=frozenset({seed % players, (seed + 2) % players}), **options)


def dealt(players: int = 3, *hands: str, **options):
    game = new_game(players, chance="table", seat_names=("Ana", "Ben", "Chloé", "Dan")[:players], **options)
    for hand in hands:
        game.apply_chance(game.parse_chance(hand))
    return game


def refusal(call, *args) -> str:
    with pytest.raises(IllegalActionError) as caught:
        call(*args)
    return caught.value.message.text("en") + " | " + caught.value.message.text("fr")


def test_a_card_already_seen_is_refused_with_where_it_is():
    game = dealt(3, "RB12 SH3", "?", "?", start_cards=2)
    for seat in range(3):
        game.apply_action(0)
    game.apply_action(game.parse_chance("RB12")[0])  # Ana leads RB12
    assert "RB12 is already in the trick in progress" in refusal(game.apply_action, game.parse_chance("RB12")[0])
    assert "SH3 is already in Ana's hand" in refusal(game.apply_action, game.parse_chance("SH3")[0])
    for code in ("RB2", "RB1"):
        game.apply_action(game.parse_chance(code)[0])
    # trick 1 is over (RB12 wins): Ana leads again
    game.apply_action(game.parse_chance("SH3")[0])
    text = refusal(game.apply_action, game.parse_chance("RB12")[0])
    assert "RB12 was played in trick 1 of this round" in text and "RB12 a été jouée au pli 1" in text


def test_a_hand_dealt_is_checked_against_the_cards_seen():
    game = dealt(3, "RB12")
    assert "RB12 is already in Ana's hand" in refusal(game.apply_chance, game.parse_chance("RB12"))
    assert "Ben is dealt 1 card this round, not 2" in refusal(game.apply_chance, game.parse_chance("RB1 RB2"))
    assert "« la main de Ben d'abord »" not in refusal(game.apply_action, 0)
    assert "Ben's hand comes first" in refusal(game.apply_action, 0)
    game.apply_chance(UNKNOWN)
    game.apply_chance(game.parse_chance("SH1"))
    assert game.phase is Phase.BID and game.observation(1)["hand"] == ["?"]
    assert "no hand is dealt now: it is Ana's turn" in refusal(game.apply_chance, UNKNOWN)


def test_an_undeclared_numx_is_refused_at_once_with_what_to_type():
    game = dealt(3, "?", "?", "?")
    for _ in range(3):
        game.apply_action(0)
    text = refusal(game.apply_action, game.parse_chance("numx")[0])
    assert "type numx=17 or numx=0" in text and "tapez numx=17 ou numx=0" in text
    game.apply_action(game.parse_chance("numx=17")[0])
    assert game.trick[0].code == "numx=17" and game.observation(0)["trick"] == ["numx=17"]


def test_chance_outcomes_are_uniform_over_the_unseen_cards():
    game = dealt(3, "RB12", start_cards=1)
    outcomes = game.chance_outcomes()
    deck = len(game.config.deck)
    assert len(outcomes) == deck - 1 and all(p == pytest.approx(1 / (deck - 1)) for _, p in outcomes)
    assert all(hand != (game.parse_chance("RB12")[0],) for hand, _ in outcomes)
    assert outcomes[0][0] == next(iter(outcomes))[0]
    assert game.chance_to_string(UNKNOWN) == "?" and game.parse_chance("?") is UNKNOWN


def test_a_recorded_seeded_game_is_the_same_game():
    """``record_chance`` changes nothing of the game: one hand per seat per round, as dealt."""
    plain, recorded = new_game(4, seed=5), new_game(4, seed=5, record_chance=True)
    assert plain.observation(0) == recorded.observation(0) and plain.chance_log is None
    assert [list(h) for h in recorded.chance_log] == recorded.hands
    assert HIDDEN.code == "?"


def test_a_table_names_its_players_once_and_their_count_is_fixed():
    with pytest.raises(UsageError) as caught:
        new_game(4, chance="table", seat_names=("Ana", "Ben", "Chloé"))
    assert caught.value.message.text("en") == "4 players at this table (fixed when the game started), but 3 named: Ana, Ben and Chloé"


def test_winners_are_named_at_the_end_only():
    game = new_game(3, seed=4, rounds=1)
    assert game.winners() == []
    while not game.is_terminal():
        game.apply_action(game.legal_actions()[0])
    best = max(game.returns())
    assert game.winners() == [p for p, s in enumerate(game.returns()) if s == best]
