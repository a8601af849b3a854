"""Bots register through the ``cardforge.bots`` entry point group, and a bot spec carries its
parameters (``ismcts:iterations=50``)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

from cardforge.bots import GENERIC_BOTS, bot_names, make_bot, parse_bot_spec
from cardforge.errors import UsageError

ROOT = Path(__file__).resolve().parent.parent


def test_the_generic_bots_are_the_entry_points_pyproject_declares():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["entry-points"]["cardforge.bots"] == GENERIC_BOTS


def test_a_bot_spec_carries_its_parameters():
    assert parse_bot_spec("ismcts:iterations=50:explore=0.5") == ("ismcts", {"iterations": "50", "explore": "0.5"})
    bot = make_bot("rows", "ismcts:iterations=50")
    assert bot.iterations == 50 and bot.name == "ismcts:iterations=50"
    assert "ismcts" in bot_names("numwin")


@pytest.mark.parametrize("spec, words", [
    ("ismcts:iterations=lots", "iterations='lots': expected a number from 1 to 100000"),
    ("ismcts:iterations=0", "expected a number from 1"),
    ("ismcts:depth=3", "unknown parameter 'depth': ismcts takes iterations, seconds, explore, horizon, reward, playout, search, trust"),
    ("ismcts:iterations", "parameter 'iterations': expected KEY=VALUE"),
    ("ismcts:horizon=turn", "horizon='turn': expected one of round, game"),
    ("ismcts:seconds=0", "seconds='0': expected a number from 0.001 to 600"),
    ("ismcts:seconds=soon", "seconds='soon': expected a number"),
    ("strategy:threshold=2", "bot 'strategy' takes no parameters"),
])
def test_a_bad_bot_spec_is_one_usage_error(spec, words):
    with pytest.raises(UsageError, match=words.replace("(", r"\(").replace(")", r"\)")):
        make_bot("sequence", spec)


PLUGIN = '''
from cardforge.bots import RandomBot


class FirstBot(RandomBot):
    """Always the first legal action."""

    games = ("rows", "tricks")

    def __init__(self, game, rules=None, *, offset="0"):
        self.offset = int(offset)

    def act(self, observation, legal, rng):
        return legal[min(self.offset, len(legal) - 1)]
'''

CHECK = '''
import json
from cardforge.bots import bot_names, make_bot
from cardforge.errors import UsageError
from cardforge.simulate import SimSpec
from cardforge.simulate.play import play_game

bot = make_bot("rows", "first:offset=1")
record = play_game(SimSpec("rows", 3, ("first:offset=1", "random"), games=1), 0)
try:
    make_bot("numwin", "first")
    refused = ""
except UsageError as exc:
    refused = str(exc)
print(json.dumps({"offset": bot.offset, "rows": bot_names("rows"), "numwin": bot_names("numwin"),
                  "bots": record["bots"], "refused": refused}))
'''


def test_an_installed_entry_point_is_a_bot_the_simulator_plays(tmp_path):
    """A package's ``cardforge.bots`` entry point (here a dist-info folder on the path, as pip
    installs one) is found by name, with its parameters, for the games it plays only."""
    (tmp_path / "firstbot.py").write_text(PLUGIN)
    info = tmp_path / "firstbot-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: firstbot\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[cardforge.bots]\nfirst = firstbot:FirstBot\n")
    env_path = f"{tmp_path}:{ROOT}"
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(CHECK)], capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"}, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    assert facts["offset"] == 1
    assert "first" in facts["rows"] and "first" not in facts["numwin"]
    assert facts["bots"] == ["first:offset=1", "random", "first:offset=1"]
    assert facts["refused"] == "bot 'first' does not play numwin: it plays rows, tricks"
