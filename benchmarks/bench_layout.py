"""Layout-driven faces against the hand-written faces they replaced, in the same run.

Renders the 102-card ``rows`` deck to sheets (fronts + mirrored backs) with the layout
interpreter (``cardforge.render.faces`` reading ``layouts/num.yaml``) and with the frozen
pre-layout code (``benchmarks/baseline_faces.py``).  Target: ≤ 1.1× the baseline.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from interleave import interleaved, report  # noqa: E402

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

    def old_back(canv, deck, *, card=None, **options):  # the baseline has one back for every card
        baseline_faces.draw_back(canv, deck, **options)

    old_fns = (baseline_faces.draw_card, old_back)
    run(old_fns), run(layout_fns)  # warm up: imports, fonts, the layout file
    timings = interleaved({"hand-written faces (baseline)": lambda: run(old_fns),
                           "layout-driven faces": lambda: run(layout_fns)}, REPEAT)
    report(f"cards: {len(cards)} (rows deck), sheets with backs, best of {REPEAT} interleaved", timings, 1.1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
