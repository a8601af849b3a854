"""Start-up of the ``cardforge`` script: the paused collector, the lazy deck package and the referee group built with the one subcommand asked for (issue #16)."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.render_support import ROOT


def _run(*args: str, env: dict | None = None, code: str | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", code] if code else [sys.executable, "-m", "cardforge", *args]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


def test_the_command_runs_with_the_collector_on_and_start_up_frozen():
    """Start-up pauses the garbage collector; the command itself runs with it on again."""
    probe = ("import gc, sys\n"
             "import cardforge.cli.fastpath as fp\n"
             "def route(argv):\n"
             "    return (lambda **k: print(gc.isenabled(), gc.get_freeze_count() > 0)), [], 'x'\n"
             "fp.route = route\n"
             "sys.argv = ['cardforge', 'anything']\n"
             "from cardforge.__main__ import run; run()")
    result = _run(code=probe)
    assert result.stdout.split() == ["True", "True"], result.stderr[-500:]


def test_reading_the_games_list_builds_no_deck_model():
    code = ("import sys; from cardforge.deck.loader import GAMES; import cardforge.deck as d\n"
            "print(len(GAMES), 'cardforge.deck.model' in sys.modules, d.Deck.__name__, 'load_deck' in dir(d))")
    assert _run(code=code).stdout.split() == ["5", "False", "Deck", "True"]


def test_the_referee_group_built_for_one_subcommand_answers_as_the_whole_group(capsys):
    """``referee rows play …`` builds ``play`` alone: its help, usage and errors are unchanged."""
    from cardforge.cli.referee import game_command

    def said(command, args: list[str]) -> tuple[str, str]:
        try:
            command.main(args=args, prog_name="cardforge referee rows", standalone_mode=False)
        except Exception as exc:  # a usage error, as the full group raises it
            return capsys.readouterr().out, f"{type(exc).__name__}: {exc}"
        return capsys.readouterr().out, ""

    whole, alone = game_command("rows"), game_command("rows", only="play")
    assert list(alone.commands) == ["play"] and len(whole.commands) == 3
    for args in (["play", "--help"], ["play", "--nope"], ["play", "p1=R7", "p2=SH3", "--json"]):
        assert said(alone, args) == said(whole, args), args
    assert game_command("rows", only="nosuch").commands.keys() == whole.commands.keys()


def test_render_runs_in_a_root_built_with_its_own_module_alone():
    """Issue: ``render rows --format sheets`` ≤ 2.0× bare reportlab: the other command families
    are not imported for it, and what it says is what the whole application says."""
    from typer.testing import CliRunner

    from cardforge.cli.application import app, make_app
    from cardforge.cli.fastpath import ALONE

    alone = make_app((ALONE["render"],))
    runner = CliRunner()
    for args in (["render", "--help"], ["build", "--help"], ["watch", "--help"], ["render", "rows", "--nope"],
                 ["render", "rows", "--format", "nope", "--out", "/nonexistent/x"]):
        a, b = runner.invoke(alone, args, prog_name="cardforge"), runner.invoke(app, args, prog_name="cardforge")
        assert (a.exit_code, a.output) == (b.exit_code, b.output), args
    code = ("import sys; from cardforge.cli.fastpath import route\n"
            "route(['render', 'rows', '--format', 'sheets'])\n"
            "print(sorted(m for m in sys.modules if m.startswith('cardforge.cli.')))")
    loaded = _run(code=code).stdout
    assert "cardforge.cli.render" in loaded and "cardforge.cli.table" not in loaded and "cardforge.cli.decks" not in loaded
