"""Each element type, on each standard card size: resolved, inside the card, and rendered."""

from __future__ import annotations

import pytest

from cardforge.cards import Card
from cardforge.deck import load_deck
from cardforge.deck.sizes import SIZES
from tests.render_support import MINI_DECK, write_mini_deck

EVERY_ELEMENT = """\
kind: layout
id: every
faces:
  number:
    when: {card.type: number}
    elements:
      bg: {type: rect, anchor: bleed, fill: family.color}
      stripes: {type: pattern, anchor: bleed, pattern: stripes, color: "'#FFFFFF'", gap: 4%s, stroke_width: 0.5%s, angle: 30}
      dots: {type: pattern, x: 0, y: 0, width: 50%, height: 20%, pattern: dots, color: "'#000000'", size: 1%s, gap: 6%s}
      tiles: {type: pattern, x: 50%, y: 0, width: 50%, height: 20%, pattern: tile, symbol: star, color: "'#FFFFFF'", size: 4%s, gap: 9%s}
      panel: {type: rect, cx: 50%, cy: 50%, width: 70%s, height: 40%h, radius: 3%s, fill: style.paper, stroke: style.frame, stroke_width: 0.5%s}
      disc: {type: ellipse, cx: 50%, cy: 40%, width: 30%s, height: 20%s, fill: "'#FFFFFF'"}
      art: {type: image, cx: 50%, cy: 40%, width: 28%s, height: 18%s, src: family.image, fit: contain}
      value: {type: value, cx: 50%, cy: 58%, width: 40%s, height: 15%s, size: 14%s, color: family.color, outline: style.frame, outline_width: 0.4%s}
      symbol: {type: symbol, anchor: safe, cx: 8%s, cy: 8%s, width: 10%s, height: 10%s, fill: family.ink, mirror: true}
      caption: {type: text, cx: 50%, cy: 67%, width: 60%s, height: 6%s, text: "{card.name} :flash:", size: 6pt, color: style.frame, wrap: false, rotate: 180}
      ring: {type: ring, cx: 50%, cy: 85%, radius: 6%s, size: 4%s, fill: family.color}
      rule: {type: line, x: 10%, right: 10%, y: 72%, height: 0, stroke: style.frame, stroke_width: 0.3%s, dash: [1, 0.5]}
      zig: {type: polyline, x: 10%, right: 10%, y: 74%, height: 3%, points: [[0, 100%], [50%, 0], [100%, 100%]], stroke: style.frame, stroke_width: 0.3%s}
      kite: {type: polygon, cx: 15%, cy: 85%, width: 8%s, height: 10%s, points: [[50%, 0], [100%, 40%], [50%, 100%], [0, 40%]], gradient: linear, colors: [family.color, "'#FFFFFF'"]}
      hex: {type: hexagon, cx: 85%, cy: 85%, width: 8%s, height: 8%s, fill: family.color, rotate: "{card.value}"}
      star: {type: star, cx: 85%, cy: 15%, width: 8%s, height: 8%s, gradient: radial, colors: ["'#FFFFFF'", family.color]}
  action:
    when: {card.type: action}
    elements:
      bg: {type: rect, anchor: bleed, fill: style.action_color}
      rays: {type: pattern, anchor: bleed, pattern: rays, color: "'#555555'"}
      icon: {type: icon, cx: 50%, cy: 30%, width: 30%s, height: 30%s, color: style.action_ink}
      effect: {type: text, anchor: safe, x: 4%s, right: 4%s, y: 50%h, bottom: 5%s, text: "{card.effect}", color: style.action_ink, align: left, valign: top}
  back:
    elements:
      bg: {type: rect, anchor: bleed, fill: back.color}
      bands: {type: pattern, anchor: bleed, pattern: bands, colors: ["'#D62839'", "'#1F63C6'"], angle: -20}
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    from PIL import Image

    root = tmp_path_factory.mktemp("every")
    (root / "art").mkdir()
    Image.new("RGB", (300, 200), (10, 200, 10)).save(root / "art" / "green.png")
    (root / "every.yaml").write_text(EVERY_ELEMENT, encoding="utf-8")
    return root


def _deck(folder, size):
    text = MINI_DECK.replace("  R: {values: {min: 0, max: 2}}", "  R: {values: {min: 0, max: 2}, image: art/green.png}")
    path = write_mini_deck(folder, text + f"layout: every.yaml\ncard: {{size: {size}}}\n")
    return load_deck(path)


@pytest.mark.parametrize("size", list(SIZES))
def test_every_element_type_resolves_fits_and_renders_on_every_size(folder, size):
    from cardforge.render.elements import DRAWERS
    from cardforge.render.facepages import BACK, faces_pdf, unique_faces
    from cardforge.render.faces import face_ops
    from cardforge.render.sheets import sheets_pdf
    from tests.test_layout_sizes import _problems

    deck = _deck(folder, size)
    seen = set()
    for card in [*unique_faces(deck), None]:
        seen |= {op.type for op in face_ops(deck, card)}
        problems = [p for p in _problems(deck, card, "en") if "shape" not in p]
        assert not problems, (size, card, problems)
    assert seen == set(DRAWERS), set(DRAWERS) - seen
    assert sheets_pdf(deck, deck.cards()).startswith(b"%PDF")
    from tests.render_support import _reader

    assert len(_reader(faces_pdf(deck, [Card("R", 1), Card(action="passe"), BACK])).pages) == 3


def test_the_image_element_puts_the_picture_where_the_layout_says(folder):
    from cardforge.render.facepages import faces_pdf
    from cardforge.render.faces import card_size_points, face_ops
    from cardforge.render.raster import rasterise

    deck = _deck(folder, "poker")
    art = next(op for op in face_ops(deck, Card("R", 1)) if op.name == "art")
    w, h = card_size_points(deck, bleed=True)
    image = rasterise(faces_pdf(deck, [Card("R", 1)]), size=(round(w), round(h)), visible=(w, h))[0].convert("RGB")
    x0, y0, x1, y1 = art.box
    b = deck.card.bleed_mm * 72 / 25.4
    centre = (round((x0 + x1) / 2 + b), round(h - ((y0 + y1) / 2 + b)))
    assert image.getpixel(centre) == (10, 200, 10)
