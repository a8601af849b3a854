"""Render the 102-card ``rows`` deck (fronts + backs, crop marks) to sheets and to PNG.

Prints wall time, ms/card and file size, and the ratio against a bare-reportlab script that
draws comparable cards (coloured background, big value, corner indices, embedded TTF, backs,
crop marks) measured in the same run.  Targets: sheets within 2× of the bare script; 102 PNGs
at 300 DPI in under 5 s; PDF under 2 MB.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

REPEAT = 3


def _children_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def best_of(fn, repeat: int = REPEAT) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def bare_reportlab(deck) -> bytes:
    """The floor: the same cards 9-up on A4 with plain reportlab calls, nothing shared."""
    from bare_sheets import draw

    from cardforge.paths import fonts_dir

    cards = [(deck.families[c.family].style.color, deck.families[c.family].style.ink, c.value)
             for c in deck.all_counts().elements()]
    return draw(cards, str(fonts_dir() / "DejaVuSans-Bold.ttf"), back=deck.style.back.color, paper=deck.style.paper)


def main() -> int:
    from cardforge.deck import load_deck
    from cardforge.render.facepages import physical_cards
    from cardforge.render.png import card_pngs
    from cardforge.render.sheets import sheets_pdf

    deck = load_deck("rows")
    cards = physical_cards(deck)
    n = len(cards)
    bare_reportlab(deck)  # warm up: font parsing, imports
    sheets_pdf(deck, cards[:9])
    bare_t, bare_pdf = best_of(lambda: bare_reportlab(deck))
    ours_t, ours_pdf = best_of(lambda: sheets_pdf(deck, cards))
    print(f"cards: {n} (rows deck), fronts + mirrored backs, crop marks, A4 3×3, best of {REPEAT}")
    print(f"bare reportlab : {bare_t * 1000:7.0f} ms  {bare_t / n * 1000:5.2f} ms/card  {len(bare_pdf) / 1024:6.0f} KB")
    print(f"cardforge sheets: {ours_t * 1000:7.0f} ms  {ours_t / n * 1000:5.2f} ms/card  {len(ours_pdf) / 1024:6.0f} KB"
          f"  ratio {ours_t / bare_t:.2f}× (target ≤ 2×)  size {'OK' if len(ours_pdf) < 2 * 1024 * 1024 else 'OVER'} (< 2 MB)")
    png_t = cpu = float("inf")
    for _ in range(2):  # best of 2: the first run also pays for imports and process start-up
        with tempfile.TemporaryDirectory() as tmp:
            start, cpu0, kids0 = time.perf_counter(), time.process_time(), _children_cpu()
            written = card_pngs(deck, Path(tmp) / "png")
            png_t = min(png_t, time.perf_counter() - start)
            cpu = min(cpu, time.process_time() - cpu0 + _children_cpu() - kids0)
            pngs = [p for p in written if p.suffix == ".png"]
            size = sum(p.stat().st_size for p in pngs)
    print(f"cardforge PNGs : {png_t * 1000:7.0f} ms  {png_t / len(pngs) * 1000:5.1f} ms/image  {len(pngs)} images 825×1125 @300 DPI"
          f"  {size / 1024 / 1024:.1f} MB  ({'OK' if png_t < 5 else 'OVER'}: target < 5 s)")
    print(f"                 CPU {cpu:.2f} s over main + 2 workers; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
          " (wall time stretches when other jobs share the cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
