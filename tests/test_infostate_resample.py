"""``resample_from_infostate`` (what the search bots imagine games from): the copy looks the same
to the seat it was drawn for, keeps every card, deals the hidden ones anew, and plays on legally
to the end; the original position is untouched."""

from __future__ import annotations

import random

import pytest

from cardforge.games import new_game

GAMES = ("rows", "tricks", "sequence", "collection", "numwin")
OPTIONS = {"tricks": {"team": True}}


def _positions(game: str, seed: int, players: int, every: int, **options):
    """Positions of one random game, one in ``every`` steps."""
    state = new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        state.apply_index(int(rng.random() * state.legal_count()))
        step += 1


def _finish(state, rng: random.Random) -> None:
    for _ in range(200_000):
        if state.is_terminal():
            return
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    raise AssertionError("the resampled game did not end")


def _differs(state, other, player: int) -> bool:
    """Whether ``other`` shows another seat something else, now or after the first legal move."""
    seats = range(state.num_players)
    if any(other.observation(q) != state.observation(q) for q in seats if q != player):
        return True
    a, b = state.clone(), other.clone()
    a.apply_index(0)
    b.apply_index(0)
    return any(a.observation(q) != b.observation(q) for q in seats)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", (3, 4))
def test_a_resampled_position_looks_the_same_to_its_seat(game, players):
    changed = 0
    for seed in range(3):
        for state in _positions(game, seed, players, every=7):
            if state.current_player() < 0:
                continue
            before = str(state), state.card_count()
            for player in range(players):
                rng = random.Random(seed * 100 + player)
                other = state.resample_from_infostate(player, rng)
                assert other.observation(player) == state.observation(player)
                assert other.card_count() == state.card_count()
                assert other.current_player() == state.current_player()
                assert other.legal_count() == len(other.legal_actions())
                changed += _differs(state, other, player)
            assert (str(state), state.card_count()) == before, "the original position changed"
    assert changed, f"{game}: no resample ever dealt a hidden card anew"


@pytest.mark.parametrize("game", GAMES)
def test_a_resampled_position_plays_on_to_the_end(game):
    for seed in range(4):
        for state in _positions(game, seed, 3, every=11):
            if state.current_player() >= 0:
                _finish(state.resample_from_infostate(state.current_player(), random.Random(seed)), random.Random(seed))


def test_team_tricks_resample_keeps_the_partners_passes_shape():
    for state in _positions("tricks", 1, 4, every=1, team=True):
        if state.phase.value == "pass" and any(state.passing):
            other = state.resample_from_infostate(state.current_player(), random.Random(1))
            assert [len(p) for p in other.passing] == [len(p) for p in state.passing]
            assert other.observation(state.current_player()) == state.observation(state.current_player())
            return
    raise AssertionError("no passing position reached")
