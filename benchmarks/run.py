"""Run every benchmark in this folder (``make bench`` or ``python benchmarks/run.py``).

Each ``bench_*.py`` is a standalone script that prints its figures, including the ratio against
a baseline measured in the same run; this runner runs them one after another.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    status = 0
    only = set(sys.argv[1:])
    for script in sorted(HERE.glob("bench_*.py")):
        if only and script.stem.removeprefix("bench_") not in only:
            continue
        print(f"== {script.name}", flush=True)
        result = subprocess.run([sys.executable, str(script)], cwd=HERE.parent)
        status = status or result.returncode
    return status


if __name__ == "__main__":
    sys.exit(main())
