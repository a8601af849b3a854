"""The compiled engines (``make fast``, ``cardforge.games.compiled``) against the pure-Python
reference: the suite runs the pure path; when a fresh compiled build is present, a process
without ``CARDFORGE_PURE`` plays the same games with it and must give the same records, byte for
byte (skipped when nothing is built, as on CI)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardforge.games import compiled
from cardforge.games.playthrough import record

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "rows"

#: (players, seed, options) of the games compared: the golden files' and a spread of others
GAMES = [(2, 4, {"house": "row_tie=fewest_cards,shadow_equal=strict"}), (3, 1, {}), (5, 7, {"explosion": "true"}),
         *((players, seed, {}) for players in (2, 4, 6, 8) for seed in range(6)),
         *((4, seed, {"house": house}) for seed in range(3)
           for house in ("lower_fifth=first_card", "shadow_equal=strict,round_tie=nobody", "compare_with=any"))]

_PLAY = """
import json, pickle, sys
from cardforge.games import compiled
from cardforge.games.playthrough import record
from cardforge.simulate import SimSpec
from cardforge.simulate.play import play_batch

games = json.loads(sys.argv[1])
out = {"active": compiled.active(), "records": [record("rows", players=p, seed=s, **o) for p, s, o in games]}
out["batch"] = play_batch(SimSpec("rows", 4, ("random", "strategy"), games=40, seed=3), 0, 40)
from cardforge.games.rows import new_game
state = new_game(4, seed=9)
for _ in range(37):
    state.apply_index(0)
copies = [state.clone(), pickle.loads(pickle.dumps(state))]
import random
for c in copies:
    c.play_random(random.Random(1).random, 10_000)
out["copies"] = [[c.returns(), c.steps] for c in copies]
print(json.dumps(out, default=str))
"""


def _play(env: dict[str, str]) -> dict:
    args = json.dumps([[p, s, o] for p, s, o in GAMES])
    done = subprocess.run([sys.executable, "-c", _PLAY, args], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_suite_runs_the_pure_engines():
    assert os.environ.get(compiled.PURE_ENV) == "1"
    assert compiled.active() == "pure"


def test_a_build_is_used_only_while_its_sources_are_unchanged(tmp_path):
    """The manifest marks a build fresh; a source changed since (another size or time, and
    another hash) or a build of another Python is not used; a source only touched (another
    time, the same hash: a checkout) is."""
    assert not compiled.built(tmp_path)  # nothing built there
    compiled.write_manifest(tmp_path)
    assert compiled.built(tmp_path)
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    last = compiled.SOURCES[-1]
    touched = {**manifest, "stats": {**manifest["stats"], last: [0, 0]}}
    (tmp_path / "manifest.json").write_text(json.dumps(touched), encoding="utf-8")
    assert compiled.built(tmp_path)
    stale = {**touched, "sources": {**manifest["sources"], last: "0" * 64}}
    (tmp_path / "manifest.json").write_text(json.dumps(stale), encoding="utf-8")
    assert not compiled.built(tmp_path)
    other = {**manifest, "python": "cpython-20"}
    (tmp_path / "manifest.json").write_text(json.dumps(other), encoding="utf-8")
    assert not compiled.built(tmp_path)


@pytest.mark.skipif(not compiled.built(), reason="no fresh compiled engines (`make fast` builds them)")
def test_compiled_engines_play_the_same_games_as_the_pure_ones():
    """Golden and random rows matches (house rules, the explosion variant), a simulated batch
    with a strategy bot, a clone and a pickled copy played on: the compiled engine gives the
    pure path's records byte for byte."""
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    fast = _play(env)
    pure = _play({**env, compiled.PURE_ENV: "1"})
    assert (fast["active"], pure["active"]) == ("compiled", "pure")
    for path in GOLDEN.glob("match-*.txt"):  # the golden files are among the games
        assert path.read_text(encoding="utf-8") in fast["records"], path.name
    assert pure["records"] == [record("rows", players=p, seed=s, **o) for p, s, o in GAMES]
    for (players, seed, options), a, b in zip(GAMES, fast["records"], pure["records"]):
        assert a == b, f"rows players={players} seed={seed} {options}: the compiled engine played another game"
    assert fast["batch"] == pure["batch"]
    assert fast["copies"] == pure["copies"]


def test_a_fresh_build_is_recognised_without_hashing_its_sources(tmp_path, monkeypatch):
    """Every import of the engines asks whether the build is fresh: a source whose size and
    time are the manifest's is not read again."""
    compiled.write_manifest(tmp_path)

    def no_hash(path):
        raise AssertionError(f"{path} hashed")

    monkeypatch.setattr(compiled, "_digest", no_hash)
    assert compiled.built(tmp_path)
