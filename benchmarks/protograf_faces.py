"""protograf 0.6.0 drawing faces like cardforge's Num layout, one 300-DPI PNG per card (a peer for
``bench_faces.py``; run by the throwaway venv's python with N and OUT in the environment).

Each card: its family colour with bleed, a ringed disc, the value large between two symbols,
corner indices with a symbol (the lower one turned), plus one back; that is cardforge's face less
its dot pattern (with ~100 dots a card protograf takes ~10× longer, so this is the kinder test).
"""

import os

from protograf import Card, Create, Deck, Save, circle, rectangle, text

n, out = int(os.environ["N"]), os.environ["OUT"]
W, H = 6.985, 9.525  # poker card with 1/8" bleed, cm: 825×1125 px at 300 DPI
COLORS = ["#D62839", "#2E9A47", "#1F63C6", "#F4B400", "#7B3FB5", "#23232B", "#F28C28", "#0B7A75", "#A23E48",
          "#4C5C68"]
Create(filename="deck.pdf", paper="A4", margin=0.5)
Deck(cards=n + 1, width=W, height=H)
for k in range(1, n + 1):
    colour, value = COLORS[(k // 100) % 10], str(k % 100)
    Card(k, rectangle(x=0, y=0, width=W, height=H, fill=colour, stroke=colour),
         circle(cx=W / 2, cy=H / 2, radius=2.2, fill="#FFFDF6", stroke="#2B2B2B", stroke_width=1.5),
         circle(cx=W / 2, cy=H / 2 - 1.6, radius=0.28, fill=colour, stroke="#2B2B2B"),
         circle(cx=W / 2, cy=H / 2 + 1.6, radius=0.28, fill=colour, stroke="#2B2B2B"),
         text(text=value, x=W / 2, y=H / 2 + 0.9, font_size=96, font_name="Helvetica-Bold", stroke=colour),
         text(text=value, x=1.1, y=1.6, font_size=22, font_name="Helvetica-Bold", stroke="#FFFFFF"),
         circle(cx=1.1, cy=1.9, radius=0.2, fill="#FFFFFF", stroke="#FFFFFF"),
         text(text=value, x=W - 1.1, y=H - 1.6, font_size=22, font_name="Helvetica-Bold", stroke="#FFFFFF",
              rotation=180),
         circle(cx=W - 1.1, cy=H - 1.9, radius=0.2, fill="#FFFFFF", stroke="#FFFFFF"))
Card(n + 1, rectangle(x=0, y=0, width=W, height=H, fill="#1B1F3B", stroke="#1B1F3B"),
     circle(cx=W / 2, cy=H / 2, radius=2.0, fill="#1B1F3B", stroke="#F4B400", stroke_width=3),
     text(text="Num", x=W / 2, y=H / 2 + 0.3, font_size=40, stroke="#F4B400"))
Save(cards=True, dpi=300, directory=out)
