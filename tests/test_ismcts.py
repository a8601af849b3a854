"""The ISMCTS bot: it plays every game from what its seat has seen only, replays from its seed,
keeps to its budget, and beats the strategy bot (bounded: seeded short games; the margins on
full games with their intervals are in docs/simulate.md, "ISMCTS", measured by the lab)."""

from __future__ import annotations

import random

import pytest

from cardforge.bots import InfoState, make_bot
from cardforge.bots.ismcts import MAX_ITERATIONS
from cardforge.games import new_game
from cardforge.simulate import SimSpec
from cardforge.simulate.play import play_game

GAMES = ("rows", "tricks", "sequence", "collection", "numwin")


def _positions(game: str, seed: int, players: int = 3):
    """Positions of one random game where the player to act has a choice, every 5th."""
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % 5 == 0 and state.legal_count() > 1:
            yield state
        state.apply_index(int(rng.random() * state.legal_count()))
        step += 1


@pytest.mark.parametrize("game", GAMES)
def test_its_choice_depends_only_on_what_its_seat_has_seen(game):
    """The same seat in a position dealt otherwise where it cannot see (``resample``) makes the
    same choice from the same seed: the hidden cards never reach the search."""
    bot = make_bot(game, "ismcts:iterations=25")
    checked = 0
    for state in _positions(game, 1):
        p = state.current_player()
        other = state.resample_from_infostate(p, random.Random(99))
        legal, legal_other = state.legal_actions(), other.legal_actions()
        a = bot.act(InfoState(state, p), legal, random.Random(5))
        b = bot.act(InfoState(other, p), legal_other, random.Random(5))
        assert state.action_to_string(a) == other.action_to_string(b)
        checked += 1
        if checked == 4:
            return
    assert checked


def test_a_time_budget_ends_the_search_when_the_clock_says_so():
    """``seconds=2.5`` on a clock that ticks one second a reading: the search stops at the
    reading past the budget (``iterations`` still caps it); without ``seconds`` the clock is
    never read, so an iteration budget is the same search on any machine."""
    state = next(_positions("tricks", 3))
    ticks = iter(range(1000))
    bot = make_bot("tricks", "ismcts:search=tree:seconds=2.5s")
    bot.clock = lambda: next(ticks)
    bot.act(InfoState(state, state.current_player()), state.legal_actions(), random.Random(1))
    assert bot.searched == 3 and bot.iterations == MAX_ITERATIONS
    capped = make_bot("tricks", "ismcts:search=tree:seconds=100:iterations=4")
    capped.clock = lambda: next(ticks)
    capped.act(InfoState(state, state.current_player()), state.legal_actions(), random.Random(1))
    assert capped.searched == 4
    counted = make_bot("tricks", "ismcts:search=tree:iterations=7")
    counted.clock = None  # read, it would fail
    counted.act(InfoState(state, state.current_player()), state.legal_actions(), random.Random(1))
    assert counted.searched == 7


@pytest.mark.parametrize("game", GAMES)
def test_the_paired_search_keeps_the_strategy_choice_unless_another_is_surely_better(game):
    """``search=paired`` with ``trust=100``: no difference is ever sure enough, so it plays a
    move the strategy bot plays there (that bot may draw lots: any of its picks)."""
    strategy = make_bot(game, "strategy")
    sure = make_bot(game, "ismcts:search=paired:playout=strategy:iterations=12:trust=100")
    for n, state in zip(range(3), _positions(game, 2)):
        p, legal = state.current_player(), state.legal_actions()
        chosen = state.action_to_string(sure.act(InfoState(state, p), legal, random.Random(n)))
        picks = {state.action_to_string(strategy.act(state.observation(p), legal, random.Random(k))) for k in range(20)}
        assert chosen in picks


@pytest.mark.parametrize("game", GAMES)
def test_a_game_with_ismcts_replays_from_its_seed(game):
    spec = SimSpec(game, 2 if game != "tricks" else 3, ("ismcts:iterations=8", "strategy"), games=1,
                   options=SHORT[game])
    assert play_game(spec, 0) == play_game(spec, 0)


#: short games, so that the search tests stay bounded
SHORT = {"rows": ("target_wins=1",), "tricks": ("rounds=3",), "sequence": ("rounds=1", "turns=3"),
         "collection": ("rounds=1",), "numwin": ("rounds=1",)}


def _sign_test(wins: int, losses: int) -> float:
    """One-sided p-value of ``wins`` or more among ``wins + losses`` fair coin flips."""
    from math import comb

    n = wins + losses
    return sum(comb(n, k) for k in range(wins, n + 1)) / 2 ** n


def _duel(game: str, bot: str, deals: int, options: tuple[str, ...], seed: int) -> tuple[int, int]:
    """Deals ``bot`` won and lost against the strategy bot (its margin summed over the deal's
    games, each deal played once per rotation of the seats: ``--seating duplicate``)."""
    from cardforge.simulate.play import play_batch
    from cardforge.simulate.report import win_shares

    players = PLAYERS[game]
    spec = SimSpec(game, players, (bot, "strategy"), games=deals * players, options=options, seating="duplicate",
                   seed=seed)
    margin: dict[int, float] = {}
    for record in play_batch(spec, 0, deals * players):
        shares = win_shares(record)
        mine = [s for s, b in zip(shares, record["bots"]) if b == bot]
        theirs = [s for s, b in zip(shares, record["bots"]) if b == "strategy"]
        deal = record["index"] // players
        margin[deal] = margin.get(deal, 0.0) + sum(mine) / len(mine) - sum(theirs) / len(theirs)
    return sum(m > 1e-9 for m in margin.values()), sum(m < -1e-9 for m in margin.values())


#: seats per game in the duels: two bots, as many seats each (tricks plays from 3)
PLAYERS = {"rows": 2, "tricks": 4, "sequence": 2, "collection": 2, "numwin": 2}

#: (game, deals, seed): ISMCTS at its game's defaults against the strategy bot on short games,
#: seeded (docs/simulate.md gives every game's margin on full games with its interval)
BEATS = [("rows", 12, 0), ("tricks", 8, 0), ("sequence", 8, 0), ("collection", 11, 0), ("numwin", 7, 0)]


@pytest.mark.slow
@pytest.mark.parametrize("game, deals, seed", BEATS)
def test_ismcts_beats_the_strategy_bot(game, deals, seed):
    wins, losses = _duel(game, "ismcts", deals, SHORT[game], seed)
    assert _sign_test(wins, losses) < 0.05, f"{game}: ISMCTS won {wins} deals, lost {losses} of {deals}"
