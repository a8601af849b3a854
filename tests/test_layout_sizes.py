"""Any card size: the shipped layout on every standard size, checked geometrically.

For every deck, every face (both languages) and every standard size: each piece of ink (text,
value, icon, symbol) stays inside the safe box, no two overlap, no two panels/medallions cross,
and no text is below the legible minimum (the renderer raises before that).
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from cardforge.deck.sizes import SIZES

MM = 72 / 25.4
TOLERANCE = 0.5  # pt


def _resized(deck, size):
    w, h = SIZES[size]
    return dataclasses.replace(deck, card=dataclasses.replace(deck.card, width_mm=w, height_mm=h), _counts_cache={})


def _ink(op, geo):
    """The boxes where ``op`` puts ink (two if mirrored)."""
    from cardforge.render.elements import value_box
    from cardforge.render.inline import text_width

    x0, y0, x1, y1 = op.box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if op.type == "value":
        box = value_box(op.get("text"), op.get("font"), op.get("size"), cx, cy)
    elif op.type == "text":
        lines, size, leading = op.get("lines"), op.get("size"), op.get("leading")
        width = max(text_width(line, op.get("font"), size) for line in lines)
        height = leading * (len(lines) - 1) + size * 0.95 if len(lines) > 1 else size * 0.72
        box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
    elif op.type in ("icon", "symbol"):
        s = min(x1 - x0, y1 - y0) / 2
        box = (cx - s, cy - s, cx + s, cy + s)
    elif op.type == "ring":
        import math

        n, r, s = 2 * len(op.get("entries")), op.get("radius"), op.get("size") / 2
        return [(cx + r * math.cos(a) - s, cy + r * math.sin(a) - s, cx + r * math.cos(a) + s, cy + r * math.sin(a) + s)
                for a in (math.radians(90 - i * 360 / n) for i in range(n))]
    else:
        return []
    boxes = [box]
    if op.mirror:
        boxes.append((geo.w - box[2], geo.h - box[3], geo.w - box[0], geo.h - box[1]))
    return boxes


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > TOLERANCE and h > TOLERANCE else 0.0


def _contains(outer, inner) -> bool:
    return outer[0] <= inner[0] + TOLERANCE and outer[1] <= inner[1] + TOLERANCE and \
        inner[2] <= outer[2] + TOLERANCE and inner[3] <= outer[3] + TOLERANCE


def _problems(deck, card, lang):
    from cardforge.render.faces import LEGIBLE_PT, Geometry, face_ops

    geo = Geometry.of(deck)
    safe = geo.anchor("safe")
    ops = face_ops(deck, card, lang)
    inks = [(op.name, box) for op in ops for box in _ink(op, geo)]
    out = []
    for name, box in inks:
        if not _contains(safe, box):
            out.append(f"{name} leaves the safe box")
    for (na, a), (nb, b) in itertools.combinations(inks, 2):
        if _overlap(a, b):
            out.append(f"{na} overlaps {nb}")
    shapes = [(op.name, op.box) for op in ops if op.type in ("rect", "ellipse") and not _contains(op.box, (0, 0, geo.w, geo.h))]
    for (na, a), (nb, b) in itertools.combinations(shapes, 2):
        if _overlap(a, b) and not (_contains(a, b) or _contains(b, a)):
            out.append(f"shape {na} crosses {nb}")
    for op in ops:
        if op.type in ("text", "value") and op.get("size") < LEGIBLE_PT - 1e-6:
            out.append(f"{op.name} at {op.get('size'):.1f} pt")
    return out


@pytest.mark.parametrize("size", list(SIZES))
def test_shipped_layout_fits_every_standard_size(decks, size):
    from cardforge.render.facepages import unique_faces

    problems = {}
    for deck in decks.values():
        resized = _resized(deck, size)
        for card in [*unique_faces(resized), None]:
            for lang in ("fr", "en"):
                found = _problems(resized, card, lang)
                if found:
                    problems[f"{deck.id} {card.code if card else 'back'} {lang}"] = found
    assert not problems, f"{len(problems)} faces on {size}: " + "; ".join(f"{k}: {v}" for k, v in list(problems.items())[:6])


def test_a_named_size_in_the_deck_file_sets_the_card(tmp_path):
    from cardforge.deck import load_deck
    from cardforge.render.faces import card_size_points
    from tests.render_support import MINI_DECK, write_mini_deck

    deck = load_deck(write_mini_deck(tmp_path, MINI_DECK + "card: {size: tarot}\n"))
    assert (deck.card.width_mm, deck.card.height_mm, deck.card.name) == (70.0, 120.0, "tarot")
    assert round(card_size_points(deck)[1] / MM, 2) == 120.0
