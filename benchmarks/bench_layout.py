"""Layout-driven faces against the hand-written faces they replaced, in the same run.

Renders the 102-card ``rows`` deck to sheets (fronts + mirrored backs) with the layout
interpreter (``cardforge.render.faces`` reading ``layouts/num.yaml``) and with the frozen
pre-layout code (``benchmarks/baseline_faces.py``).  Target: ≤ 1.1× the baseline.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_render import best_of  # noqa: E402

REPEAT = 5


def main() -> int:
    import baseline_faces

    from cardforge.deck import load_deck
    from cardforge.render import sheets
    from cardforge.render.facepages import physical_cards

    deck = load_deck("rows")
    cards = physical_cards(deck)
    layout_fns = (sheets.draw_card, sheets.draw_back)

    def run(fns):
        sheets.draw_card, sheets.draw_back = fns
        try:
            return sheets.sheets_pdf(deck, cards)
        finally:
            sheets.draw_card, sheets.draw_back = layout_fns

    old_fns = (baseline_faces.draw_card, baseline_faces.draw_back)
    run(old_fns), run(layout_fns)  # warm up: imports, fonts, the layout file
    base_t = ours_t = float("inf")
    for _ in range(REPEAT):  # interleaved, so a load spike hits both
        t, base_pdf = best_of(lambda: run(old_fns), 1)
        base_t = min(base_t, t)
        t, ours_pdf = best_of(lambda: run(layout_fns), 1)
        ours_t = min(ours_t, t)
    n = len(cards)
    ratio = ours_t / base_t
    print(f"cards: {n} (rows deck), sheets with backs, best of {REPEAT} interleaved; load average {os.getloadavg()[0]:.1f}")
    print(f"hand-written faces (baseline): {base_t * 1000:6.0f} ms  {len(base_pdf) / 1024:5.0f} KB")
    print(f"layout-driven faces          : {ours_t * 1000:6.0f} ms  {len(ours_pdf) / 1024:5.0f} KB"
          f"  ratio {ratio:.2f}× ({'OK' if ratio <= 1.1 else 'OVER'}: target ≤ 1.1×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
