"""Lines, polylines, polygons, hexagons, stars, gradients and numbers from the card's data
(issue 26: designers had none of them)."""

from __future__ import annotations

import pytest

from cardforge.cards import Card
from cardforge.errors import DeckError
from tests.test_layouts import _NUMBER_OVERRIDE, _mini_with_layout, _ops

MM = 72 / 25.4


def _deck(tmp_path, elements: str):
    body = "".join(f"              {line}\n" for line in elements.strip().splitlines())
    return _mini_with_layout(tmp_path, _NUMBER_OVERRIDE + body)


def test_a_line_without_points_runs_corner_to_corner_of_its_box(tmp_path):
    op = _ops(_deck(tmp_path, "rule: {type: line, x: 10mm, width: 20mm, y: 30mm, height: 0, stroke: \"'#000000'\", stroke_width: 0.5}"),
              Card("R", 1))["rule"]
    assert op.type == "line" and op.box[1] == pytest.approx(op.box[3])  # a horizontal rule


def test_points_are_placed_in_the_element_box(tmp_path):
    op = _ops(_deck(tmp_path, "kite: {type: polygon, x: 10mm, y: 10mm, width: 20mm, height: 10mm, "
                              "points: [[50%, 0], [100%, 100%], [0, 100%]], fill: \"'#8338EC'\"}"), Card("R", 1))["kite"]
    x0, y0, x1, y1 = op.box
    assert op.get("points") == (pytest.approx((x0 + 10 * MM, y1)), pytest.approx((x1, y0)), pytest.approx((x0, y0)))


def test_regular_polygons_and_stars_have_their_corners_on_the_box_ellipse():
    import math

    from cardforge.render.elements import regular_points

    hexagon = regular_points((0, 0, 20, 20), 6)
    star = regular_points((0, 0, 20, 20), 5, 0.4)
    assert len(hexagon) == 6 and hexagon[0] == pytest.approx((10, 20))  # a corner at the top
    assert all(math.hypot(x - 10, y - 10) == pytest.approx(10) for x, y in hexagon)
    assert len(star) == 10 and math.hypot(star[1][0] - 10, star[1][1] - 10) == pytest.approx(4)


def test_a_polyline_without_points_is_an_error_at_its_line(tmp_path):
    deck = _deck(tmp_path, "zig: {type: polyline, stroke: \"'#000000'\", stroke_width: 1}")
    with pytest.raises(DeckError, match=r"mine.yaml:\d+:\d+: element 'zig': a polyline needs points"):
        _ops(deck, Card("R", 1))


@pytest.mark.parametrize("element", [
    "star: {type: star, sides: 2, fill: \"'#000000'\"}",
    "kite: {type: polygon, points: [[0, 0]], fill: \"'#000000'\"}",
    "rule: {type: line, cap: pointy, stroke: \"'#000000'\"}",
    "disc: {type: ellipse, gradient: conic, colors: [\"'#000000'\", \"'#FFFFFF'\"]}",
])
def test_bad_shape_settings_are_refused_with_their_place(tmp_path, element):
    with pytest.raises(DeckError, match=r"mine.yaml:\d+:\d+"):
        _ops(_deck(tmp_path, element), Card("R", 1))


def test_a_gradient_runs_through_its_colours_and_stays_plain_cmyk():
    from cardforge.render.elements import gradient_colour

    assert gradient_colour(("#000000", "#FFFFFF"), 0.5) in ("#808080", "#7F7F7F")
    assert gradient_colour(("#FF0000", "#00FF00", "#0000FF"), 0.5) == "#00FF00"
    assert gradient_colour(("#FF0000", "#00FF00", "#0000FF"), 1.0) == "#0000FF"


def test_a_gradient_face_draws_in_a_form_in_cmyk_only(tmp_path):
    from cardforge.render import prepress
    from cardforge.render.facepages import faces_pdf

    deck = _deck(tmp_path, "bg: {type: rect, anchor: bleed, gradient: linear, angle: 30, colors: [\"'#FFF3C4'\", \"'#1F63C6'\"]}\n"
                           "disc: {type: ellipse, cx: 50%, cy: 50%, width: 20mm, height: 20mm, gradient: radial, "
                           "colors: [\"'#FFFFFF'\", family.color]}")
    pdf = faces_pdf(deck, [Card("R", 1)], cmyk=True)
    assert prepress.cmyk_only(pdf)  # flat vector steps: no shading a form could lose, nothing to convert


def test_rotation_and_lengths_come_from_the_card_data(tmp_path):
    deck = _deck(tmp_path, "hex: {type: hexagon, cx: 50%, cy: 50%, width: \"{card.value}\", height: 10mm, rotate: \"{card.value}\", "
                           "fill: \"'#2A9D8F'\"}")
    one, two = _ops(deck, Card("R", 1))["hex"], _ops(deck, Card("R", 2))["hex"]
    assert (one.rotate, two.rotate) == (1.0, 2.0)
    assert one.box[2] - one.box[0] == pytest.approx(1 * MM) and two.box[2] - two.box[0] == pytest.approx(2 * MM)


def test_a_number_from_data_that_is_not_one_is_an_error_at_the_element(tmp_path):
    deck = _deck(tmp_path, "hex: {type: hexagon, rotate: \"{card.name}\", fill: \"'#2A9D8F'\"}")
    with pytest.raises(DeckError, match=r"mine.yaml:\d+:\d+: element 'hex': rotate: 'card.name' gives 'Red 1' is not a number"):
        _ops(deck, Card("R", 1))
