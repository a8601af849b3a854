"""Refusing what must be refused, fast: hostile deck files and Ctrl-C during a render.

The tests bound these by work (bytes read, Python calls, batches finished after the signal:
``tests/test_deck_limits.py``, ``tests/test_machine_output.py``); the times are here.

- each hostile deck file of the tests (billion laughs, deep nesting, giant values …): the
  median time ``validate_file`` takes to refuse it, against validating the shipped ``rows``
  deck in the same run; target ≤ 0.5 s each, ≤ 0.3 s for a 10 MB file (refused by its size).
- Ctrl-C while ``cardforge render rows --format png`` rasterises: from the signal to the
  process's exit (the queued batches are dropped); target ≤ 20 s.
"""

from __future__ import annotations

import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardforge.deck import validate_file  # noqa: E402
from cardforge.errors import DeckError  # noqa: E402
from tests.test_deck_errors import GOOD  # noqa: E402
from tests.render_support import png_render_under_way  # noqa: E402
from tests.test_deck_limits import HOSTILE  # noqa: E402


def _refusal_seconds(path: Path, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        try:
            validate_file(path)
        except DeckError:
            pass
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def hostile_files(folder: Path) -> None:
    shutil.copy(ROOT / "decks" / "base.yaml", folder / "base.yaml")
    honest = _refusal_seconds(ROOT / "decks" / "rows.yaml")  # also imports ruamel.yaml and pydantic first
    print(f"validating the rows deck            {honest * 1000:7.1f} ms (the yardstick)")
    giant = GOOD.replace("title: {fr: Mini, en: Mini}", "title: {fr: Mini, en: " + "M" * 10_000_000 + "}")
    for name, text, target in [*((n, t, 0.5) for n, t, _, _ in HOSTILE), ("giant (10 MB)", giant, 0.3)]:
        path = folder / "mini.yaml"
        path.write_text(text, encoding="utf-8")
        took = _refusal_seconds(path)
        verdict = "ok" if took <= target else "OVER"
        print(f"refusing {name:26} {took * 1000:7.1f} ms ({took / honest:4.2f}× rows; target ≤ {target * 1000:.0f} ms: {verdict})")


def ctrl_c_during_png(folder: Path) -> None:
    proc = png_render_under_way(folder / "cards")
    if proc.poll() is not None:
        print("Ctrl-C during the PNG render: the render ended before it could be interrupted")
        return
    os.killpg(proc.pid, signal.SIGINT)
    sent = time.monotonic()
    proc.communicate(timeout=120)
    took = time.monotonic() - sent
    print(f"Ctrl-C during the PNG render: exit {proc.returncode} {took:5.2f} s after the signal "
          f"(target ≤ 20 s: {'ok' if took <= 20 else 'OVER'})")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_CACHE_HOME"] = tmp  # the deck cache out of the user's home
        hostile_files(Path(tmp))
        ctrl_c_during_png(Path(tmp))


if __name__ == "__main__":
    main()
