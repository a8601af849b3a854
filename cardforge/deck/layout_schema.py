"""The layout file schema (pydantic): what ``layouts/*.yaml`` may contain.

A layout file names **faces** (``number``, ``action``, ``back`` …); each face is an ordered
mapping of named **elements** drawn bottom to top.  ``extends`` inherits another layout file and
overrides faces and elements by name (an element set to ``null`` is removed); a face's
``when`` chooses it per card, an element's ``when``/``unless`` per card too.  See
docs/layouts.md for every key.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr

__all__ = ["LayoutFile", "Face", "Element", "ELEMENT_KEYS", "LENGTH_PATTERN", "JSON_SCHEMA_TITLE"]

JSON_SCHEMA_TITLE = "cardforge layout"

_UNIT = r"(mm|pt|%w|%h|%s|%|safe|bleed)?"
_TERM = r"\d+(\.\d+)?\s*" + _UNIT
#: a length: ``12`` (mm), ``"4.5mm"``, ``"10pt"``, ``"50%"``, ``"30%s"``, ``"50%h - 12%s"``, ``"1safe + 2mm"``
LENGTH_PATTERN = r"^\s*[+-]?\s*" + _TERM + r"(\s*[+-]\s*" + _TERM + r")*\s*$"

#: a number read from the card's data: ``"{card.angle}"``
DATA_PATTERN = r"^\s*\{[^{}]+\}\s*$"
FromData = Annotated[StrictStr, Field(pattern=DATA_PATTERN, description="a number from the card's data, e.g. '{card.angle}'")]
Number = StrictInt | StrictFloat
Length = Annotated[
    Number | Annotated[StrictStr, Field(pattern=LENGTH_PATTERN)] | FromData,
    Field(description="mm as a number, or a string of terms in mm, pt, %w/%h/%s/% of the trim size, safe, bleed"),
]
Scalar = StrictStr | StrictInt | StrictFloat | StrictBool
Value = Annotated[Scalar | list[Scalar], Field(description="a literal, a field such as family.color, or a function such as mix(a, b, 0.2)")]
Condition = Annotated[
    dict[StrictStr, Scalar | list[Scalar] | None],
    Field(description="every field must equal the value (or one of the listed values), e.g. {card.kind: shadow}"),
]

ElementType = Literal["rect", "ellipse", "text", "value", "symbol", "icon", "image", "pattern", "ring", "line", "polyline",
                      "polygon", "hexagon", "star"]
Point = Annotated[list[Length], Field(min_length=2, max_length=2, description="[x, y] from the box's top left; % of the box")]

from cardforge.deck.layout_keys import ELEMENT_KEYS  # noqa: E402  (pydantic-free, for the compiler)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Element(_Strict):
    """One thing drawn on a face.  ``type`` may be left out only when overriding an inherited element."""

    type: ElementType | None = None
    when: Condition | None = None
    unless: Condition | None = None
    anchor: Literal["trim", "bleed", "safe"] | None = Field(default=None, description="the box x/y/right/bottom are measured from (default trim)")
    x: Length | None = Field(default=None, description="left edge, from the anchor's left")
    y: Length | None = Field(default=None, description="top edge, from the anchor's top")
    cx: Length | None = Field(default=None, description="centre, from the anchor's left")
    cy: Length | None = Field(default=None, description="centre, from the anchor's top")
    right: Length | None = Field(default=None, description="right edge, from the anchor's right")
    bottom: Length | None = Field(default=None, description="bottom edge, from the anchor's bottom")
    width: Length | None = None
    height: Length | None = None
    rotate: Number | FromData | None = Field(default=None, description="degrees anticlockwise about the box centre")
    mirror: StrictBool | None = Field(default=None, description="also draw it turned 180° about the card centre")
    fill: Value | None = None
    stroke: Value | None = None
    stroke_width: Length | None = None
    radius: Length | None = Field(default=None, description="corner radius (rect) or ring radius (ring)")
    text: StrictStr | None = Field(default=None, description="text with {field} parts, :icon: names, {img:file} pictures, **bold**, *italic* and [spans]{color=#C00 size=120%}")
    font: Value | None = None
    font_bold: Value | None = Field(default=None, description="the font of **bold** text (default style.font_bold)")
    font_italic: Value | None = Field(default=None, description="the font of *italic* text (default the font's -Oblique/-Italic, else slanted)")
    size: Length | None = Field(default=None, description="text size (pt by default for text), symbol size for pattern/ring")
    min_size: Length | None = Field(default=None, description="auto-fit never goes below this (absolute pt)")
    color: Value | None = None
    colors: Value | None = None
    align: Literal["left", "center", "right"] | None = None
    valign: Literal["top", "middle", "bottom"] | None = None
    wrap: StrictBool | None = Field(default=None, description="wrap onto lines (true) or shrink one line to fit (false)")
    padding: Length | None = None
    outline: Value | None = None
    outline_width: Length | None = None
    underline: StrictBool | None = Field(default=None, description="bar under 6 and 9")
    symbol: Value | None = None
    icon: Value | None = None
    src: Value | None = Field(default=None, description="image file (PNG, JPEG, SVG), relative to the deck file")
    fit: Literal["cover", "contain"] | None = None
    pattern: Value | None = Field(default=None, description="tile, stripes, rays, dots, bands or plain")
    gap: Length | None = None
    angle: Number | FromData | None = Field(default=None, description="pattern angle, or a linear gradient's direction (degrees anticlockwise from left → right; default -90: top → bottom)")
    gradient: Literal["linear", "radial"] | None = Field(default=None, description="fill with a gradient through colors instead of fill")
    points: list[Point] | None = Field(default=None, min_length=2, max_length=1000, description="line/polyline/polygon corners")
    sides: Annotated[StrictInt, Field(ge=3, le=64)] | FromData | None = Field(default=None, description="a regular polygon's sides, a star's points")
    inner: Annotated[Number, Field(gt=0, le=1)] | FromData | None = Field(default=None, description="a star's inner corners, as a fraction of its outer radius (default 0.382)")
    cap: Literal["butt", "round", "square"] | None = None
    join: Literal["miter", "round", "bevel"] | None = None
    dash: list[Length] | None = Field(default=None, min_length=1, max_length=16, description="dash and gap lengths")


class Face(_Strict):
    """A face: which cards it draws (``when``) and its elements, bottom to top."""

    when: Condition | None = None
    extends: StrictStr | None = Field(default=None, description="another face of this layout to start from")
    vars: dict[StrictStr, Value] = Field(default_factory=dict, description="named values the elements use")
    elements: dict[StrictStr, Element | None] = Field(default_factory=dict)


class LayoutFile(_Strict):
    """A layout file (``kind: layout``)."""

    schema_: StrictStr | None = Field(default=None, alias="$schema")
    kind: Literal["layout"]
    id: Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9_-]*$")]
    extends: StrictStr | None = Field(default=None, description="a bundled layout id (num) or a .yaml path beside this file")
    vars: dict[StrictStr, Value] = Field(default_factory=dict)
    faces: dict[StrictStr, Face | None] = Field(default_factory=dict)


def json_schema() -> dict:
    """The JSON Schema of a layout file, for yaml-language-server."""
    schema = LayoutFile.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = JSON_SCHEMA_TITLE
    return schema
