"""300-DPI PNG faces: ``cardforge render --format png`` against protograf 0.6.0, same run.

Decks of 100 and 1,000 distinct cards (a base of 1 or 10 families × 100 values beside the deck),
each rendered by a fresh ``cardforge render DECK --format png`` into a new folder (a cold face
cache: every face drawn, rasterised, encoded, plus the contact sheet), against
``protograf_faces.py`` drawing as many comparable faces (installed by ``peers.py`` into a
throwaway venv).  Figures are whole-process CPU seconds (user + system of the process and the
workers it waited for), the two tools taking turns (a pair of runs each time); per card is the
CPU over the number of faces (the cards and the back), the ratio the median of the pairs'
ratios, and the marginal cost per card is the slope from 100 to 1,000.  Target: ≥ 3× faster
than protograf per card at 100 and at 1,000.

    python benchmarks/bench_faces.py [--runs N] [--runs-1000 M]     (default 3 pairs at 100 cards, 3 at 1,000)
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_build import ENV, ROOT, cardforge, wall_and_cpu  # noqa: E402
from peers import PROTOGRAF, peer_python  # noqa: E402

LETTERS = "ABCDEFHIJK"  # family codes of the generated base (G is the base's green)
COLOURS = ["#D62839", "#2E9A47", "#1F63C6", "#F4B400", "#7B3FB5", "#23232B", "#F28C28", "#0B7A75", "#A23E48",
           "#4C5C68"]
SYMBOLS = ["circle", "triangle", "square", "diamond", "star", "moon", "hexagon", "circle", "triangle", "square"]


def distinct_deck(folder: Path, n: int) -> Path:
    """A deck of ``n`` distinct cards (a multiple of 100, ≤ 1,000) with its own base beside it."""
    base = (ROOT / "decks" / "base.yaml").read_text(encoding="utf-8")
    head, rest = base.split("\nfamilies:\n", 1)
    tail = rest[rest.index("\nactions:\n"):]
    families = range(max(1, n // 100))
    fams = "".join(f"  {LETTERS[i]}:\n    kind: classic\n    name: {{fr: {LETTERS[i]}, en: {LETTERS[i]}}}\n"
                   f"    values: {{min: 0, max: 99}}\n"
                   f"    style: {{color: \"{COLOURS[i]}\", ink: \"#FFFFFF\", symbol: {SYMBOLS[i]}}}\n" for i in families)
    folder.mkdir(parents=True)
    (folder / "base.yaml").write_text(head + "\nfamilies:\n" + fams + tail, encoding="utf-8")
    deck = folder / "faces.yaml"
    deck.write_text("id: faces\nextends: base\ntitle: {fr: Faces, en: Faces}\nplayers: {min: 2, max: 6}\nfamilies:\n"
                    + "".join(f"  {LETTERS[i]}: {{values: {{min: 0, max: {min(n, 100) - 1}}}}}\n" for i in families),
                    encoding="utf-8")
    return deck


def _option(name: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def main() -> int:
    runs = {100: _option("--runs", 3), 1000: _option("--runs-1000", 3)}
    with tempfile.TemporaryDirectory() as name, peer_python(PROTOGRAF, (3, 13)) as protograf:
        tmp = Path(name)
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (CPU seconds: other jobs stretch them "
              "less than wall time; read the ratios)")
        cpu: dict[tuple[str, int], float] = {}
        for n, pairs in runs.items():
            deck = distinct_deck(tmp / f"deck{n}", n)
            samples: dict[str, list[float]] = {"cardforge": [], "protograf": []}
            for run in range(pairs + (n == 100)):  # the first pair at 100 warms the code and page caches, not counted
                out = tmp / f"out{n}-{run}"
                _wall, ours = wall_and_cpu(cardforge("render", str(deck), "--format", "png", "--out", str(out)))
                shutil.rmtree(out)
                theirs = float("nan")
                if protograf:
                    out.mkdir()
                    _wall, theirs = wall_and_cpu([protograf, str(HERE / "protograf_faces.py")],
                                                 env={**ENV, "N": str(n), "OUT": str(out)}, cwd=out)
                    pngs = len(list(out.glob("*.png")))
                    shutil.rmtree(out)
                    if pngs < n:
                        sys.exit(f"protograf wrote {pngs} PNGs of {n}")
                if run or n != 100:
                    samples["cardforge"].append(ours)
                    samples["protograf"].append(theirs)
            for tool, values in samples.items():
                cpu[tool, n] = statistics.median(values)
            ratio = statistics.median(theirs / ours for ours, theirs in zip(samples["cardforge"], samples["protograf"]))
            print(f"{n:5d} distinct faces, median of {pairs} pairs: cardforge {cpu['cardforge', n]:6.2f} CPU-s "
                  f"({cpu['cardforge', n] / (n + 1) * 1000:5.1f} ms/card)   protograf {cpu['protograf', n]:6.2f} CPU-s "
                  f"({cpu['protograf', n] / (n + 1) * 1000:5.1f} ms/card)   {ratio:.2f}× faster "
                  f"({'OK' if ratio >= 3 else 'UNDER'}: target ≥ 3×; pairs {', '.join(f'{t / o:.2f}' for o, t in zip(samples['cardforge'], samples['protograf']))})",
                  flush=True)
        slope = {tool: (cpu[tool, 1000] - cpu[tool, 100]) / 900 * 1000 for tool in ("cardforge", "protograf")}
        print(f"marginal cost per card (100 → 1,000): cardforge {slope['cardforge']:.1f} ms, protograf "
              f"{slope['protograf']:.1f} ms, {slope['protograf'] / slope['cardforge']:.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
