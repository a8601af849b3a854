"""Start-up of the ``cardforge`` script: the dataclass code cache, the paused collector, the lazy
deck package and the referee group built with the one subcommand asked for (issue #16)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import types

import pytest

from tests.render_support import ROOT

RULING = ("referee", "tricks", "trick", "RB13", "RB2", "SH13", "flip", "--json")


def _run(*args: str, env: dict | None = None, code: str | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", code] if code else [sys.executable, "-m", "cardforge", *args]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


def test_a_warm_start_compiles_no_dataclass_method_and_says_the_same(tmp_path):
    """Issue: a ruling ≤ 1.2× ``import typer, json``: ~20 dataclasses recompiled their methods."""
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    cold = _run(*RULING, env=env)
    files = sorted((tmp_path / "cardforge").glob("code-cardforge.*.bin"))
    assert cold.returncode == 0 and any("cardforge.deck.model" in f.name for f in files), files
    # count what the cache compiled in a warm run: nothing
    probe = ("import sys, builtins; from cardforge.cli import codecache; seen = []\n"
             "real = builtins.compile; codecache.compile = lambda *a, **k: seen.append(1) or real(*a, **k)\n"
             f"sys.argv = ['cardforge', *{list(RULING)!r}]\n"
             "import atexit; atexit.register(lambda: sys.stderr.write(f'compiled={len(seen)}'))\n"
             "from cardforge.__main__ import run; run()")
    warm = _run(env=env, code=probe)
    assert warm.returncode == 0 and warm.stderr.endswith("compiled=0"), warm.stderr[-300:]
    off = _run(*RULING, env={**env, "CARDFORGE_NO_CACHE": "1"})
    assert cold.stdout == warm.stdout == off.stdout and '"winning_card": "RB2"' in cold.stdout


def test_an_unreadable_code_cache_is_compiled_again(tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    good = _run(*RULING, env=env).stdout
    for entry in (tmp_path / "cardforge").glob("code-*.bin"):
        entry.write_bytes(b"\x00 not marshal")
    older = tmp_path / "cardforge" / "code-cardforge.cards-cpython-39-0d0a.bin"  # another Python's
    older.write_bytes(b"x")
    again = _run(*RULING, env=env)
    assert again.returncode == 0 and again.stdout == good and again.stderr == ""
    assert not older.exists(), "a stale Python's file is removed when the module's file is written"


def test_the_code_cache_runs_the_code_dataclasses_would_compile(tmp_path, monkeypatch):
    """Same text, same code: the class built through a warm cache behaves as a plain dataclass."""
    from cardforge.cli.codecache import _CodeCache

    monkeypatch.setattr("cardforge.deck.loader._cache_dir", lambda: tmp_path)
    probe = types.ModuleType("cardforge._codecache_probe")
    monkeypatch.setitem(sys.modules, probe.__name__, probe)
    source = ("import dataclasses\n@dataclasses.dataclass(frozen=True, order=True)\n"
              "class Point:\n    x: int\n    y: int = 0\n    tags: tuple = ()\n")

    def build(cache: _CodeCache | None):
        if cache is None:
            monkeypatch.delattr(dataclasses, "exec", raising=False)
        else:
            monkeypatch.setattr(dataclasses, "exec", cache.exec, raising=False)
        namespace = {"__name__": probe.__name__}
        exec(source, namespace)
        return namespace["Point"]

    first = _CodeCache("test")
    build(first)
    assert first.dirty == {probe.__name__}
    first.save()
    warm = _CodeCache("test")
    cached, plain = build(warm), build(None)
    assert not warm.dirty, "compiled again"
    for cls in (cached, plain):
        a = cls(1, 2)
        assert repr(a) == "Point(x=1, y=2, tags=())" and a == cls(1, 2) and a < cls(1, 3)
        assert hash(a) == hash(cls(1, 2)) and dataclasses.replace(a, y=5).y == 5
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.x = 3


def test_the_command_runs_with_the_collector_on_and_start_up_frozen():
    """Start-up pauses the garbage collector; the command itself runs with it on again."""
    probe = ("import gc, sys\n"
             "import cardforge.cli.fastpath as fp\n"
             "def route(argv, prepare=None):\n"
             "    prepare and prepare()\n"
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
