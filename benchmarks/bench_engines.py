"""Engine speed: random full games per second per core, for the five games, against the
engines as they were before the speed work (a snapshot of commit ``BASELINE``, extracted from
git into a temporary folder and measured in the same run).

Rates are per CPU second of the measuring process (``time.process_time``), which a loaded
machine disturbs far less than wall time; the ratio new/old is measured back to back.

- ``simulate``: the lab's path (``cardforge.simulate.play``, random bots, the unchecked
  ``apply_legal``, event counting) — what ``cardforge simulate --bots random`` runs;
- ``playthrough``: the shared random playthrough harness (checked ``apply_action``, an action
  log), run on the new engines and on the snapshot.

Each is measured on the pure-Python engines (``CARDFORGE_PURE=1``) and, where ``make fast`` has
built them (``cardforge.games.compiled``: rows today), on the compiled ones, in the same run.

``python benchmarks/bench_engines.py [--quick] [GAME …]``
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the engines before the speed work (branch point of issue 18)
BASELINE = "d2f80fc"
#: the engines before issue 29's work on speed (the lab's figures then: rows ~2,400/s, tricks ~2,250/s)
BEFORE = "05c4560"
#: random full games per second per core asked for (issue 18)
TARGETS = {"rows": 2000, "tricks": 2000, "sequence": 2000, "collection": 1000, "numwin": 1000}
#: random full games per CPU second asked for by issue 29 (search bots play thousands per move)
TARGETS.update(rows=10_000, tricks=10_000)
PLAYERS = 4
#: the engines ``make fast`` compiles (cardforge.games.compiled.SOURCES)
COMPILED = ("rows",)

_PLAYTHROUGH = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from cardforge.games.playthrough import random_playthrough
game, seconds = sys.argv[2], float(sys.argv[3])
random_playthrough(game, players=%d, seed=0)
n, start = 0, time.process_time()
while time.process_time() - start < seconds:
    random_playthrough(game, players=%d, seed=n)
    n += 1
print(json.dumps(n / (time.process_time() - start)))
""" % (PLAYERS, PLAYERS)


_SIMULATE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
try:
    from cardforge.games.compiled import active
except ImportError:  # a snapshot from before the compiled engines
    active = lambda module: "pure"
from cardforge.simulate import SimSpec
from cardforge.simulate.play import play_batch
game, seconds = sys.argv[2], float(sys.argv[3])
spec = SimSpec(game, %d, ("random",), games=1_000_000)  # the most one simulation takes (simulate.spec.MAX_GAMES)
play_batch(spec, 0, 1)
n, start = 0, time.process_time()
while time.process_time() - start < seconds:
    play_batch(spec, n, n + 5)
    n += 5
print(json.dumps([n / (time.process_time() - start), active("cardforge.games." + game)]))
""" % PLAYERS


def _run(script: str, root: Path, game: str, seconds: float, pure: bool) -> object:
    env = {k: v for k, v in os.environ.items() if k != "CARDFORGE_PURE"}
    if pure:
        env["CARDFORGE_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", script, str(root), game, str(seconds)],
                         capture_output=True, text=True, check=True, cwd=root, env=env)
    return json.loads(out.stdout)


def playthrough_rate(root: Path, game: str, seconds: float, pure: bool = True) -> float:
    return float(_run(_PLAYTHROUGH, root, game, seconds, pure))  # type: ignore[arg-type]


def simulate_rate(game: str, seconds: float, pure: bool = True, root: Path = ROOT) -> tuple[float, str]:
    """Random games per CPU second through the lab's loop, and which engine ran (``pure`` or
    ``compiled``: without a build, asking for the compiled one runs the pure one)."""
    rate, path = _run(_SIMULATE, root, game, seconds, pure)  # type: ignore[misc]
    return rate, path


def snapshot(folder: Path, commit: str = BASELINE) -> Path | None:
    """The engines of ``commit`` extracted into ``folder`` (None when git or the commit is missing)."""
    try:
        archive = subprocess.run(["git", "archive", commit, "cardforge", "decks", "pyproject.toml"], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return folder


def main() -> None:
    quick = "--quick" in sys.argv
    games = [a for a in sys.argv[1:] if not a.startswith("--")] or list(TARGETS)
    seconds = 1.0 if quick else 3.0
    print(f"random full games per CPU second, {PLAYERS} players (tricks: the whole schedule); baseline = engines at {BASELINE}")
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as tmp_before:
        old_root = snapshot(Path(tmp))
        before_root = snapshot(Path(tmp_before), BEFORE)
        for game in games:
            sim, _ = simulate_rate(game, seconds)
            fast, path = simulate_rate(game, seconds, pure=False) if game in COMPILED else (sim, "pure")
            before = simulate_rate(game, seconds, root=before_root)[0] if before_root else float("nan")
            new = playthrough_rate(ROOT, game, seconds)
            old = playthrough_rate(old_root, game, seconds) if old_root else float("nan")
            verdict = "meets" if max(sim, fast) >= TARGETS[game] else "below"
            compiled = (f"compiled {fast:7.0f}/s ×{fast / sim:.2f} of pure" if path == "compiled"
                        else "compiled      — (not built: make fast)" if game in COMPILED else "compiled      — (pure only)")
            print(f"  {game:10} simulate pure {sim:7.0f}/s (×{sim / before:.2f} of {before:.0f}/s at {BEFORE}), {compiled} "
                  f"({verdict} the {TARGETS[game]}/s target)  playthrough {new:6.0f}/s vs baseline {old:6.0f}/s  ×{new / old:.2f}  (simulate ×{sim / old:.2f} of baseline)")


if __name__ == "__main__":
    main()
