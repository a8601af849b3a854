"""A game that never ends is a bug in an engine or a bot: ``cardforge simulate`` says so in one
line, with the command that replays it, and exits non-zero — never a traceback, whether the game
ran in this process or in a pool worker."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_runaway_game_is_one_line_naming_game_seed_and_house(jobs, monkeypatch, capsys, tmp_path):
    from cardforge.cli import main
    from cardforge.simulate import play

    monkeypatch.setattr(play, "MAX_ACTIONS", 40)  # every numwin game is longer: each one "runs away"
    with pytest.raises(SystemExit) as done:
        main(["simulate", "numwin", "--players", "3", "--games", "4", "--bots", "random", "--house",
              "locked_count=false", "--seed", "5", "--jobs", jobs, "-q", "--out", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert done.value.code == 70
    assert "Traceback" not in err and len(err.splitlines()) == 1 and err.startswith("cardforge: error: "), err
    assert "did not end within 40 actions (locked_count=false): a bug in the numwin engine" in err
    assert "cardforge simulate numwin --players 3 --bots random --house locked_count=false --seed 5 --replay " in err


def test_the_house_rule_that_ran_away_now_finishes(cli, tmp_path):
    """The command of the bug report (NUMWIN-R7, R14) finishes and writes its report."""
    result = cli("simulate", "numwin", "--players", "4", "--games", "50", "--bots", "random", "--house",
                 "locked_count=false", "--jobs", "1", "-q", "--out", str(tmp_path / "r"))
    assert result.code == 0, result.err
    assert "Traceback" not in result.err and (tmp_path / "r" / "report.json").is_file()


@pytest.mark.parametrize("bots", [("random",), ("strategy", "random")])
def test_the_action_limit_is_exact_on_both_loops(bots, monkeypatch):
    """A game of exactly ``MAX_ACTIONS`` actions finishes, one action more runs away: on the loop
    for random seats alone and on the loop for bots that choose."""
    import random

    from cardforge.bots import RandomBot, make_bot
    from cardforge.games import new_game
    from cardforge.games.base import TERMINAL
    from cardforge.simulate import SimSpec, play
    from cardforge.simulate.spec import game_seed

    spec = SimSpec("rows", 3, bots, games=1)
    reference = play.play_game(spec, 0)
    # the game's length: the same game replayed with the seats' own choices
    seed = game_seed(spec.seed, 0)
    state = new_game("rows", players=3, seed=seed, **spec.engine_options())
    seats = [make_bot("rows", name) for name in spec.seat_bots(0)]
    rng = random.Random(game_seed(spec.seed, 0, "bots"))
    length = 0
    while (player := state.current_player()) != TERMINAL:
        legal, bot = state.legal_actions(), seats[player]
        if type(bot) is RandomBot:
            action = legal[int(rng.random() * len(legal))]
        else:
            action = bot.act(state.observation(player) if bot.sees else None, legal, rng)
        state.apply_legal(action)
        length += 1
    assert state.returns() == reference["scores"]
    monkeypatch.setattr(play, "MAX_ACTIONS", length)
    assert play.play_game(spec, 0) == reference
    monkeypatch.setattr(play, "MAX_ACTIONS", length - 1)
    with pytest.raises(play.RunawayGame):
        play.play_game(spec, 0)
