"""A 500-card deck from a CSV table, sheets with and without one picture per family.

Builds a deck folder in a temporary directory (the bundled base, 7 families, cards.csv with
every card four times), then renders A4 sheets (fronts + backs) once with a 825×1125 px PNG per
family and once without, interleaved, best of 3.  Target: with pictures ≤ 1.5× without.
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


def main() -> int:
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
