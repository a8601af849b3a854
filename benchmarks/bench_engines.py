"""Engine speed: random full games per second per core, for the five games, against the
engines as they were before the speed work (a snapshot of commit ``BASELINE``, extracted from
git into a temporary folder and measured in the same run).

Rates are per CPU second of the measuring process (``time.process_time``), which a loaded
machine disturbs far less than wall time; the ratio new/old is measured back to back.

- ``simulate``: the lab's path (``cardforge.simulate.play``, random bots, the unchecked
  ``apply_legal``, event counting) — what ``cardforge simulate --bots random`` runs;
- ``playthrough``: the shared random playthrough harness (checked ``apply_action``, an action
  log), run on the new engines and on the snapshot.

``python benchmarks/bench_engines.py [--quick] [GAME …]``
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the engines before the speed work (branch point of issue 18)
BASELINE = "d2f80fc"
#: random full games per second per core asked for (issue 18)
TARGETS = {"rows": 2000, "tricks": 2000, "sequence": 2000, "collection": 1000, "numwin": 1000}
PLAYERS = 4

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


def playthrough_rate(root: Path, game: str, seconds: float) -> float:
    out = subprocess.run([sys.executable, "-c", _PLAYTHROUGH, str(root), game, str(seconds)],
                         capture_output=True, text=True, check=True, cwd=root)
    return json.loads(out.stdout)


def simulate_rate(game: str, seconds: float) -> float:
    sys.path.insert(0, str(ROOT))
    from cardforge.simulate import SimSpec
    from cardforge.simulate.play import play_batch

    spec = SimSpec(game, PLAYERS, ("random",), games=1_000_000)  # the most one simulation takes (simulate.spec.MAX_GAMES)
    play_batch(spec, 0, 1)
    n, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        play_batch(spec, n, n + 5)
        n += 5
    return n / (time.process_time() - start)


def snapshot(folder: Path) -> Path | None:
    """The baseline engines extracted into ``folder`` (None when git or the commit is missing)."""
    try:
        archive = subprocess.run(["git", "archive", BASELINE, "cardforge", "decks", "pyproject.toml"], cwd=ROOT,
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
    with tempfile.TemporaryDirectory() as tmp:
        old_root = snapshot(Path(tmp))
        for game in games:
            sim = simulate_rate(game, seconds)
            new = playthrough_rate(ROOT, game, seconds)
            old = playthrough_rate(old_root, game, seconds) if old_root else float("nan")
            verdict = "meets" if sim >= TARGETS[game] else "below"
            print(f"  {game:10} simulate {sim:7.0f}/s ({verdict} the {TARGETS[game]}/s target)  "
                  f"playthrough {new:6.0f}/s vs baseline {old:6.0f}/s  ×{new / old:.2f}  (simulate ×{sim / old:.2f} of baseline)")


if __name__ == "__main__":
    main()
