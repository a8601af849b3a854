"""``cardforge simulate rows --games 50``: what the report costs beside the games.

Whole-process CPU seconds (medians of interleaved runs) of the default report (SVG figures drawn
from their data), of ``--figures none`` (the floor: the games, report.json, figures.json and
index.html) and of ``--figures png,svg,pdf`` (matplotlib).  Target: the default under 0.5 CPU-s.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_build import cardforge, wall_and_cpu  # noqa: E402

RUNS = 5


def main() -> int:
    variants = {"--figures none (floor)": ["--figures", "none"], "default (SVG)": [],
                "--figures png,svg,pdf": ["--figures", "png,svg,pdf"]}
    cpu: dict[str, list[float]] = {name: [] for name in variants}
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(RUNS + 1):  # the first round warms the caches, not counted
            for name, extra in variants.items():
                out = Path(tmp) / f"{run}-{len(cpu[name])}-{extra[-1] if extra else 'default'}"
                _wall, used = wall_and_cpu(cardforge("simulate", "rows", "--games", "50", "-q", "--out", str(out),
                                                     *extra))
                if run:
                    cpu[name].append(used)
    median = {name: statistics.median(values) for name, values in cpu.items()}
    floor = median["--figures none (floor)"]
    print(f"simulate rows --games 50, medians of {RUNS}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name, value in median.items():
        target = f"  ({'OK' if value < 0.5 else 'OVER'}: target < 0.5 CPU-s)" if name.startswith("default") else ""
        print(f"{name:<24}: {value:5.2f} CPU-s  {value / floor:5.2f}× the floor{target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
