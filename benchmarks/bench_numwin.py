"""Num Win: random full games per second and referee latency, each against a baseline measured
in the same run (dealing a game alone; a bare ``python -c "import typer"`` process)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardforge.deck import load_deck  # noqa: E402
from cardforge.games.numwin import new_game  # noqa: E402
from cardforge.games.playthrough import random_playthrough  # noqa: E402
from cardforge.referee.numwin import score_verdict  # noqa: E402


def per_second(fn, seconds: float = 1.5) -> float:
    """How many times ``fn(i)`` runs per second."""
    start, n = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        fn(n)
        n += 1
    return n / (time.perf_counter() - start)


def process_ms(args: list[str], runs: int = 5) -> float:
    """Median wall time of a process, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, cwd=ROOT, capture_output=True, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    deals = per_second(lambda i: new_game(4, seed=i))
    for memory in (False, True):
        games = per_second(lambda i: random_playthrough("numwin", players=4, seed=i, memory=memory))
        label = "memory" if memory else "plain"
        print(f"numwin random full games (4 players, {label}): {games:8.1f}/s   "
              f"deal-only baseline {deals:8.1f}/s   ratio {deals / games:6.1f}x the deal")

    combo = load_deck("numwin").parse_many("R7 G7 RB3 SH2 flash")
    verdicts = per_second(lambda i: score_verdict(combo), seconds=1.0)
    print(f"referee score verdict in-process: {1e6 / verdicts:8.1f} µs")

    python = [sys.executable]
    bare = process_ms(python + ["-c", "import typer"])
    cli = process_ms(python + ["-m", "cardforge", "referee", "numwin", "score", "R7", "G7", "RB3", "SH2", "flash", "--json"])
    print(f"referee CLI 'score' latency: {cli:8.1f} ms   bare python+typer baseline {bare:8.1f} ms   "
          f"ratio {cli / bare:5.2f}x")


if __name__ == "__main__":
    main()
