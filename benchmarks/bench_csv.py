"""CSV decks: a 500-card Num deck with and without pictures, and a 5,000-card deck of free cards.

1. Builds a deck folder in a temporary directory (the bundled base, 7 families, cards.csv with
   every card four times), then renders A4 sheets (fronts + backs) once with a 825×1125 px PNG
   per family and once without, interleaved, best of 3.  Target: with pictures ≤ 1.5× without.
2. A deck of free cards (issue 26) whose cards.csv holds 5,000 different cards (name, suit,
   rank, power, text), drawn by the default layout: its sheets for the first 500, 1,000 and all
   5,000 cards, best of 2 each.  Target: linear in the card count — the time per card at 5,000
   within 1.25× of that at 500.

``python benchmarks/bench_csv.py free`` runs the second part alone.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from interleave import interleaved, report  # noqa: E402

REPEAT = 3
FAMILIES = {"R": (0, 16), "G": (0, 16), "B": (0, 16), "Y": (0, 16), "RB": (0, 16), "SH": (0, 16), "V": (1, 16)}
ACTIONS = ("joker", "passe", "flip", "swipe", "flash", "double", "simple")


def _folder(root: Path, images: bool) -> Path:
    from PIL import Image, ImageDraw

    folder = root / ("with" if images else "without")
    (folder / "art").mkdir(parents=True)
    rows = ["card,count"] + [f"{f}{v},4" for f, (lo, hi) in FAMILIES.items() for v in range(lo, hi + 1)]
    rows += [f"{a},4" for a in ACTIONS]
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    fams = []
    for i, code in enumerate(FAMILIES):
        extra = ""
        if images:
            im = Image.new("RGB", (825, 1125), (40 + 30 * i, 200 - 20 * i, 120))
            draw = ImageDraw.Draw(im)
            for k in range(0, 1125, 60):
                draw.line((0, k, 825, 1125 - k), fill=(255, 255, 255), width=6)
            im.save(folder / "art" / f"{code}.png")
            extra = f", image: art/{code}.png"
        fams.append(f"  {code}: {{copies: 1{extra}}}")
    actions = "\n".join(f"  {a}: {{count: 1, effect: {{fr: Effet {a}, en: Effect of {a}}}}}" for a in ACTIONS)
    (folder / "big.yaml").write_text(
        "id: big\nextends: base\ntitle: {fr: Grand, en: Big}\nplayers: {min: 2, max: 6}\ncards: cards.csv\n"
        "families:\n" + "\n".join(fams) + "\nactions:\n" + actions + "\n", encoding="utf-8")
    return folder / "big.yaml"


FREE_COUNTS = (500, 1_000, 5_000)
SUITS = ("spade", "heart", "diamond", "club")


def _free_folder(root: Path, n: int) -> Path:
    """A deck of ``n`` different free cards (one row each) in ``root``."""
    rows = ["name,suit,rank,power,text"]
    rows += [f"Card {i},{SUITS[i % 4]},{i % 13 + 1},{i % 9},Draw {i % 3 + 1} cards then discard one." for i in range(n)]
    (root / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (root / "free.yaml").write_text("id: free\ntitle: Free\nlanguages: [en]\ncards: cards.csv\ncard: {size: poker}\n",
                                    encoding="utf-8")
    return root / "free.yaml"


def free_scaling() -> float:
    """Print the sheets' time at each of ``FREE_COUNTS`` cards and the per-card ratio; return it."""
    import os
    import time

    from cardforge.deck import load_deck
    from cardforge.render.facepages import physical_cards
    from cardforge.render.sheets import sheets_pdf

    with tempfile.TemporaryDirectory() as tmp:
        deck = load_deck(_free_folder(Path(tmp), max(FREE_COUNTS)))
        cards = physical_cards(deck)
        sheets_pdf(deck, cards[:9])  # warm up: fonts, layout
        per_card = {}
        print(f"a deck of free cards from cards.csv, default layout, A4 sheets with backs, best of 3 interleaved "
              f"(each count in turn, so a change of load falls on every count); "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        best: dict[int, float] = {}
        size: dict[int, int] = {}
        for _ in range(3):
            for n in FREE_COUNTS:
                start = time.process_time()
                out = sheets_pdf(deck, cards[:n])
                t = time.process_time() - start
                best[n] = min(best.get(n, t), t)
                size[n] = len(out)
        for n in FREE_COUNTS:
            per_card[n] = best[n] / n
            print(f"{n:>6,} cards: {best[n]:7.2f} s CPU  {per_card[n] * 1000:6.2f} ms a card  {size[n] / 1024:8.0f} KB")
    ratio = per_card[max(FREE_COUNTS)] / per_card[min(FREE_COUNTS)]
    print(f"per card at {max(FREE_COUNTS):,} / at {min(FREE_COUNTS):,}: {ratio:.2f}× "
          f"({'OK' if ratio <= 1.25 else 'OVER'}: target ≤ 1.25×, linear)")
    return ratio


def main() -> int:
    if sys.argv[1:] == ["free"]:
        free_scaling()
        return 0
    from cardforge.deck import load_deck
    from cardforge.render.facepages import physical_cards
    from cardforge.render.sheets import sheets_pdf

    with tempfile.TemporaryDirectory() as tmp:
        decks = {k: load_deck(_folder(Path(tmp), k == "with")) for k in ("without", "with")}
        cards = {k: physical_cards(d) for k, d in decks.items()}
        for k, d in decks.items():
            sheets_pdf(d, cards[k][:9])  # warm up: fonts, layout, image decoding caches
        timings = interleaved({"without pictures": lambda: sheets_pdf(decks["without"], cards["without"]),
                               "one PNG per family": lambda: sheets_pdf(decks["with"], cards["with"])}, REPEAT)
    report(f"cards: {len(cards['with'])} from cards.csv, 7 families, sheets with backs, best of {REPEAT} interleaved",
           timings, 1.5)
    free_scaling()
    return 0


if __name__ == "__main__":
    sys.exit(main())
