"""CLI start-up: wall time of common commands against bare Python measured in the same run.

    python benchmarks/bench_cli.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7

COMMANDS = {
    "python -c pass (baseline)": [sys.executable, "-c", "pass"],
    "python -c 'import typer' (baseline)": [sys.executable, "-c", "import typer"],
    "cardforge --version": [sys.executable, "-m", "cardforge", "--version"],
    "cardforge --help": [sys.executable, "-m", "cardforge", "--help"],
    "cardforge decks --json": [sys.executable, "-m", "cardforge", "decks", "--json"],
    "referee tricks trick --json": [sys.executable, "-m", "cardforge", "referee", "tricks", "trick", "RB13", "RB2", "SH13", "flip", "--json"],
    "referee rows play --json": [sys.executable, "-m", "cardforge", "referee", "rows", "play", "p1=R7", "p2=SH3", "--json"],
    "referee numwin score": [sys.executable, "-m", "cardforge", "referee", "numwin", "score", "R7", "G7", "RB3", "SH2", "flash"],
    "referee sequence check --json": [sys.executable, "-m", "cardforge", "referee", "sequence", "check", "R3", "G5", "B5", "--json"],
}


def median_ms(cmd: list[str]) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(cmd, capture_output=True, env=env, cwd=ROOT)  # warm caches (deck cache, pyc)
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, env=env, cwd=ROOT)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    results = {name: median_ms(cmd) for name, cmd in COMMANDS.items()}
    base = results["python -c pass (baseline)"]
    print(f"{'command':40} {'median ms':>10} {'× python':>9}")
    for name, ms in results.items():
        print(f"{name:40} {ms:10.0f} {ms / base:9.2f}")


if __name__ == "__main__":
    main()
