"""Timing two ways of doing the same work in one run: interleaved, best of N, as a ratio.

Times are this process's CPU time (``time.process_time``), which other jobs on a loaded
machine stretch far less than wall time.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable


def interleaved(runs: dict[str, Callable[[], bytes]], repeat: int) -> dict[str, tuple[float, bytes]]:
    """Best time and last result of each run, the runs taking turns so a load spike hits all."""
    best: dict[str, tuple[float, bytes]] = {}
    for _ in range(repeat):
        for name, fn in runs.items():
            start = time.process_time()
            out = fn()
            t = time.process_time() - start
            best[name] = (min(t, best[name][0]) if name in best else t, out)
    return best


def report(title: str, timings: dict[str, tuple[float, bytes]], target: float) -> float:
    """Print each run (ms, KB) and the last-over-first ratio against ``target``; return it."""
    print(f"{title}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    names = list(timings)
    for name in names:
        t, out = timings[name]
        print(f"{name:<30}: {t * 1000:6.0f} ms CPU  {len(out) / 1024:6.0f} KB")
    ratio = timings[names[-1]][0] / timings[names[0]][0]
    print(f"ratio {ratio:.2f}× ({'OK' if ratio <= target else 'OVER'}: target ≤ {target}×)")
    return ratio
