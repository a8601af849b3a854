"""The keys each layout element type accepts (no pydantic: the layout compiler reads them on
every render, the schema in ``layout_schema`` builds on them)."""

from __future__ import annotations

__all__ = ["ELEMENT_KEYS", "GEOMETRY_KEYS", "SHAPE_KEYS", "GRADIENT_KEYS", "LINE_KEYS"]

GEOMETRY_KEYS = {"type", "when", "unless", "anchor", "x", "y", "cx", "cy", "right", "bottom", "width", "height", "rotate", "mirror"}
SHAPE_KEYS = {"fill", "stroke", "stroke_width"}
#: a shape's fill may be a gradient through ``colors`` instead (``angle``: the linear one's direction)
GRADIENT_KEYS = {"gradient", "colors", "angle"}
#: how a stroke's ends and corners look, and its dashes
LINE_KEYS = {"stroke", "stroke_width", "cap", "join", "dash"}
#: the keys each element type accepts (on top of the geometry every element has)
ELEMENT_KEYS: dict[str, frozenset[str]] = {
    "rect": frozenset(GEOMETRY_KEYS | SHAPE_KEYS | GRADIENT_KEYS | {"radius"}),
    "ellipse": frozenset(GEOMETRY_KEYS | SHAPE_KEYS | GRADIENT_KEYS),
    "line": frozenset(GEOMETRY_KEYS | LINE_KEYS | {"points"}),
    "polyline": frozenset(GEOMETRY_KEYS | LINE_KEYS | {"points"}),
    "polygon": frozenset(GEOMETRY_KEYS | SHAPE_KEYS | GRADIENT_KEYS | LINE_KEYS | {"points", "sides"}),
    "hexagon": frozenset(GEOMETRY_KEYS | SHAPE_KEYS | GRADIENT_KEYS | LINE_KEYS),
    "star": frozenset(GEOMETRY_KEYS | SHAPE_KEYS | GRADIENT_KEYS | LINE_KEYS | {"sides", "inner"}),
    "text": frozenset(GEOMETRY_KEYS | {"text", "font", "font_bold", "font_italic", "size", "min_size", "color", "align", "valign",
                                       "wrap", "padding"}),
    "value": frozenset(GEOMETRY_KEYS | {"text", "font", "size", "min_size", "color", "outline", "outline_width", "underline"}),
    "symbol": frozenset(GEOMETRY_KEYS | SHAPE_KEYS | {"symbol"}),
    "icon": frozenset(GEOMETRY_KEYS | {"icon", "color", "font"}),
    "image": frozenset(GEOMETRY_KEYS | {"src", "fit"}),
    "pattern": frozenset(GEOMETRY_KEYS | {"pattern", "color", "colors", "symbol", "size", "gap", "angle", "stroke_width"}),
    "ring": frozenset(GEOMETRY_KEYS | SHAPE_KEYS | {"size", "radius"}),
}
