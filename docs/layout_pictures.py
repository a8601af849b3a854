"""Draw the pictures of docs/layouts.md: each layout element type on a poker card, at 90 DPI
(``python docs/layout_pictures.py``; ``tests/test_layout_pictures.py`` checks every element type
has its picture and that the docs show it).

Each picture is one card face drawn by cardforge itself from the layout snippet in ``PICTURES``,
so the docs cannot show what the renderer does not do.
"""

from __future__ import annotations

import sys
import tempfile
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

#: picture name → the number face's elements (on a paper background), as layout YAML
PICTURES: dict[str, str] = {
    "rect": """\
        a: {type: rect, cx: 50%, cy: 35%, width: 70%, height: 30%, radius: 4mm, fill: "'#F4A259'", stroke: "'#1A1A1A'", stroke_width: 0.4}
        b: {type: rect, cx: 50%, cy: 72%, width: 50%, height: 25%, fill: "'#2A9D8F'"}""",
    "ellipse": """\
        a: {type: ellipse, cx: 50%, cy: 35%, width: 70%, height: 30%, fill: "'#E76F51'"}
        b: {type: ellipse, cx: 50%, cy: 72%, width: 30mm, height: 30mm, fill: "'#FFFFFF'", stroke: "'#264653'", stroke_width: 1}""",
    "line": """\
        a: {type: line, x: 10%, right: 10%, y: 30%, height: 0, stroke: "'#1A1A1A'", stroke_width: 0.8}
        b: {type: line, x: 10%, right: 10%, y: 50%, height: 0, stroke: "'#E76F51'", stroke_width: 1.2, dash: [3, 1.5], cap: round}
        c: {type: line, x: 10%, right: 10%, y: 60%, height: 25%, stroke: "'#264653'", stroke_width: 0.6}""",
    "polyline": """\
        a: {type: polyline, x: 10%, right: 10%, y: 30%, height: 15%, points: [[0, 100%], [25%, 0], [50%, 100%], [75%, 0], [100%, 100%]], stroke: "'#264653'", stroke_width: 1.2, join: round}
        b: {type: polyline, x: 10%, right: 10%, y: 60%, height: 20%, points: [[0, 50%], [20%, 0], [40%, 100%], [60%, 0], [80%, 100%], [100%, 50%]], stroke: "'#E76F51'", stroke_width: 0.8, dash: [2, 1]}""",
    "polygon": """\
        a: {type: polygon, sides: 3, cx: 30%, cy: 30%, width: 35%, height: 35%s, fill: "'#E76F51'"}
        b: {type: polygon, sides: 5, cx: 70%, cy: 30%, width: 35%, height: 35%s, fill: "'#2A9D8F'"}
        c: {type: polygon, x: 20%, width: 60%, y: 55%, height: 35%, points: [[50%, 0], [100%, 40%], [50%, 100%], [0, 40%]], fill: "'#8338EC'", stroke: "'#1A1A1A'", stroke_width: 0.5}""",
    "hexagon": """\
        a: {type: hexagon, cx: 50%, cy: 30%, width: 45%s, height: 45%s, fill: "'#2A9D8F'", stroke: "'#1A1A1A'", stroke_width: 0.6}
        b: {type: hexagon, cx: 50%, cy: 70%, width: 45%s, height: 45%s, rotate: 30, fill: "'#F4A259'", stroke: "'#1A1A1A'", stroke_width: 0.6}""",
    "star": """\
        a: {type: star, cx: 50%, cy: 30%, width: 55%s, height: 55%s, fill: "'#FFD166'", stroke: "'#1A1A1A'", stroke_width: 0.6}
        b: {type: star, sides: 8, inner: 0.6, cx: 50%, cy: 72%, width: 45%s, height: 45%s, fill: "'#EF476F'"}""",
    "gradient": """\
        bg: {type: rect, anchor: bleed, gradient: linear, colors: ["'#FFF3C4'", "'#F4A259'"]}
        a: {type: ellipse, cx: 50%, cy: 30%, width: 50%s, height: 50%s, gradient: radial, colors: ["'#FFFFFF'", "'#1F63C6'"]}
        b: {type: star, cx: 50%, cy: 72%, width: 55%s, height: 55%s, gradient: linear, angle: 0, colors: ["'#FFD166'", "'#EF476F'", "'#8338EC'"], stroke: "'#1A1A1A'", stroke_width: 0.5}""",
    "text": """\
        a: {type: text, anchor: safe, x: 4%, right: 4%, y: 8%, height: 20%, text: "A text fitted to its box: wrapped, then shrunk", size: 14pt}
        b: {type: text, anchor: safe, x: 4%, right: 4%, y: 35%, height: 8%, text: "one line, shrunk to fit (wrap: false)", wrap: false, size: 14pt, color: "'#E76F51'"}
        c: {type: text, anchor: safe, x: 4%, right: 4%, y: 50%, height: 40%, text: "Left, top, with :flash: an icon.", align: left, valign: top, size: 11pt}""",
    "richtext": """\
        a: {type: text, anchor: safe, x: 4%, right: 4%, y: 10%, height: 80%, size: 13pt, text: "Play **two cards**, then *rest*. Gain [{card.value} gold]{color=#C00 size=150%} {img:coin.png} and :flash: ***at once***."}""",
    "value": """\
        a: {type: value, cx: 50%, cy: 40%, width: 60%, height: 30%, size: 90pt, color: "'#E76F51'", outline: "'#1A1A1A'", outline_width: 0.6}
        b: {type: value, cx: 50%, cy: 75%, width: 60%, height: 20%, size: 50pt, text: "9", color: ["'#D62839'", "'#F4B400'", "'#1F63C6'"]}""",
    "symbol": """\
        a: {type: symbol, symbol: star, cx: 30%, cy: 30%, width: 30%s, height: 30%s, fill: "'#F4B400'"}
        b: {type: symbol, symbol: heart, cx: 70%, cy: 30%, width: 30%s, height: 30%s, fill: "'#D62839'"}
        c: {type: symbol, symbol: moon, cx: 30%, cy: 70%, width: 30%s, height: 30%s, fill: "'#1F63C6'"}
        d: {type: symbol, symbol: drop, cx: 70%, cy: 70%, width: 30%s, height: 30%s, fill: "'#2A9D8F'"}""",
    "icon": """\
        a: {type: icon, icon: "'bolt'", cx: 30%, cy: 30%, width: 30%s, height: 30%s, color: "'#1A1A1A'"}
        b: {type: icon, icon: "'swap'", cx: 70%, cy: 30%, width: 30%s, height: 30%s, color: "'#1A1A1A'"}
        c: {type: icon, icon: "'eye'", cx: 30%, cy: 70%, width: 30%s, height: 30%s, color: "'#1A1A1A'"}
        d: {type: icon, icon: "'plus2'", cx: 70%, cy: 70%, width: 30%s, height: 30%s, color: "'#1A1A1A'"}""",
    "image": """\
        a: {type: image, src: "'coin.png'", cx: 50%, cy: 30%, width: 60%, height: 30%, fit: contain}
        b: {type: image, src: "'coin.png'", cx: 50%, cy: 72%, width: 60%, height: 30%, fit: cover}""",
    "pattern": """\
        a: {type: pattern, x: 0, y: 0, width: 100%, height: 33%, pattern: stripes, color: "'#E76F51'", gap: 3mm, stroke_width: 0.8mm, angle: 30}
        b: {type: pattern, x: 0, y: 33%, width: 100%, height: 34%, pattern: tile, symbol: star, color: "'#2A9D8F'", size: 2mm, gap: 7mm}
        c: {type: pattern, x: 0, y: 67%, width: 100%, height: 33%, pattern: dots, color: "'#264653'", size: 0.8mm, gap: 4mm}""",
    "ring": """\
        a: {type: ring, cx: 50%, cy: 50%, radius: 20mm, size: 9mm, fill: family.color, stroke: "'#1A1A1A'", stroke_width: 0.3}""",
    "rotate": """\
        a: {type: polygon, cx: 50%, cy: 35%, width: 20mm, height: 30mm, rotate: "{card.value}", points: [[50%, 0], [100%, 100%], [50%, 70%], [0, 100%]], fill: "'#1A1A1A'"}
        b: {type: text, cx: 50%, cy: 75%, width: 80%, height: 10%, rotate: -20, text: "turned {card.value}° by the data", size: 11pt}""",
}



def _deck(folder: Path, name: str):
    from PIL import Image, ImageDraw

    from cardforge.deck import load_deck
    from tests.render_support import MINI_DECK, write_mini_deck

    coin = Image.new("RGBA", (120, 80), (0, 0, 0, 0))
    draw = ImageDraw.Draw(coin)
    draw.rectangle((0, 0, 119, 79), fill=(255, 243, 196, 255))
    draw.ellipse((30, 10, 90, 70), fill=(230, 170, 0, 255), outline=(120, 80, 0, 255), width=5)
    coin.save(folder / "coin.png")
    elements = textwrap.indent(textwrap.dedent(PICTURES[name]), " " * 6)
    (folder / "pic.yaml").write_text(
        "kind: layout\nid: pic\nfaces:\n  number:\n    elements:\n"
        "      paper: {type: rect, anchor: bleed, fill: \"'#FFFDF5'\"}\n" + elements + "\n"
        "  back:\n    elements:\n      bg: {type: rect, anchor: bleed, fill: back.color}\n", encoding="utf-8")
    text = MINI_DECK.replace("  R: {values: {min: 0, max: 2}}", "  R: {values: {min: 16, max: 16}}")
    return load_deck(write_mini_deck(folder, text + "layout: pic.yaml\n"))


def picture(name: str, dpi: int = 90):
    """The PIL image of picture ``name`` (one poker card at trim, ``dpi``)."""
    from cardforge.cards import Card
    from cardforge.render.facepages import faces_pdf
    from cardforge.render.faces import card_size_points
    from cardforge.render.raster import rasterise

    with tempfile.TemporaryDirectory() as tmp:
        deck = _deck(Path(tmp), name)
        w, h = card_size_points(deck, bleed=True)
        b = deck.card.bleed_mm * 72 / 25.4
        size = (round(w / 72 * dpi), round(h / 72 * dpi))
        (image,) = rasterise(faces_pdf(deck, [Card("R", 16)]), size=size, visible=(w, h))
        cut = round(b / 72 * dpi)
        return image.crop((cut, cut, size[0] - cut, size[1] - cut))


def main() -> int:
    out = HERE / "images"
    for name in PICTURES:
        path = out / f"layout-{name}.png"
        picture(name).save(path, optimize=True)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
