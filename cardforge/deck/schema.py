"""The deck file schema (pydantic): what ``decks/*.yaml`` may contain.

Two kinds of file: the **base** (``kind: base``) defines the card family once — families,
value ranges, colours, symbols, action-card names, card size, default style; a **game deck**
(``extends: base``) picks the families it uses (optionally narrowing their values), adds its
action cards with counts and effect texts, and its metadata (titles, players, modes, variants).

Unknown keys are errors everywhere (``extra="forbid"``); ``cardforge schema`` exports the JSON
Schema that editors use for completion.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr, model_validator

__all__ = ["BaseDeckFile", "GameDeckFile", "DeckFile", "JSON_SCHEMA_TITLE"]

JSON_SCHEMA_TITLE = "cardforge deck"

_HEX = r"^#[0-9A-Fa-f]{6}$"
Colour = Annotated[StrictStr, Field(pattern=_HEX, description="An sRGB colour, #RRGGBB")]
Slug = Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9]*$")]
FamilyCode = Annotated[StrictStr, Field(pattern=r"^[A-Z]{1,3}$")]
# A strict float takes ints too (3 and 3.5, not "3" or true), and carries its bounds into the JSON
# Schema as exclusiveMinimum/maximum; a StrictInt | StrictFloat union left them as pydantic's
# own ``gt``/``le`` keys, which JSON Schema ignores.
Number = StrictFloat
ArtPath = Annotated[StrictStr, Field(min_length=1, description="PNG, JPEG or SVG file, relative to the deck file, inside its folder")]
Symbol = Literal["circle", "triangle", "square", "diamond", "star", "moon", "hexagon", "heart", "cross", "drop"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TextModel(_Strict):
    """A text in both languages."""

    fr: StrictStr = Field(min_length=1)
    en: StrictStr = Field(min_length=1)


class ValueRange(_Strict):
    min: StrictInt = Field(ge=0, le=99)
    max: StrictInt = Field(ge=0, le=99)

    @model_validator(mode="after")
    def _ordered(self) -> ValueRange:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) must not exceed max ({self.max})")
        return self


class FamilyStyle(_Strict):
    color: Colour
    ink: Colour
    symbol: Symbol
    gradient: list[Colour] | None = Field(default=None, min_length=2, description="bands for Rainbow cards")


class BaseFamily(_Strict):
    kind: Literal["classic", "rainbow", "shadow", "extra"]
    name: TextModel
    values: ValueRange
    style: FamilyStyle


class BaseAction(_Strict):
    name: TextModel
    icon: Slug
    declare: list[StrictInt] = Field(default_factory=list, description="values a player declares (Num-X)")


class CardSize(_Strict):
    width_mm: Number = Field(gt=20, le=200)
    height_mm: Number = Field(gt=20, le=300)
    bleed_mm: Number = Field(ge=0, le=10)
    safe_mm: Number = Field(ge=0, le=15)
    corner_radius_mm: Number = Field(default=3.0, ge=0, le=15)


SizeName = Literal["poker", "bridge", "tarot", "mini", "square", "landscape"]


class CardSizeOverride(_Strict):
    size: SizeName | None = Field(default=None, description="a standard size (poker 63.5×88.9, bridge 57.15×88.9, tarot 70×120, "
                                                            "mini 44×63, square 70×70, landscape 88.9×63.5); width_mm/height_mm win")
    width_mm: Number | None = Field(default=None, gt=20, le=200)
    height_mm: Number | None = Field(default=None, gt=20, le=300)
    bleed_mm: Number | None = Field(default=None, ge=0, le=10)
    safe_mm: Number | None = Field(default=None, ge=0, le=15)
    corner_radius_mm: Number | None = Field(default=None, ge=0, le=15)


class BackStyle(_Strict):
    color: Colour | None = None
    accent: Colour | None = None
    pattern: Literal["rays", "dots", "stripes", "plain"] | None = None
    title: TextModel | None = None
    image: ArtPath | None = Field(default=None, description="art for the whole back, relative to the deck file")


class Style(_Strict):
    font: StrictStr | None = None
    font_bold: StrictStr | None = None
    font_text: StrictStr | None = Field(default=None, description="font of action-card effect texts")
    text_max_pt: Number | None = Field(default=None, ge=4, le=24, description="effect text size, before auto-fit shrinks it")
    text_min_pt: Number | None = Field(default=None, ge=4, le=24, description="smallest effect text size; smaller is an error")
    paper: Colour | None = None
    frame: Colour | None = None
    action_color: Colour | None = None
    action_ink: Colour | None = None
    back: BackStyle | None = None


class BaseDeckFile(_Strict):
    """``decks/base.yaml``: the card family every game deck extends."""

    schema_: StrictStr | None = Field(default=None, alias="$schema")
    id: Slug
    kind: Literal["base"]
    title: TextModel
    families: dict[FamilyCode, BaseFamily] = Field(min_length=1)
    actions: dict[Slug, BaseAction]
    card: CardSize
    style: Style
    layout: StrictStr | None = Field(default=None, description="the card layout: a bundled id (num) or a .yaml file beside the deck")


class GameFamily(_Strict):
    values: ValueRange | None = Field(default=None, description="narrow the base range (default: all of it)")
    copies: StrictInt = Field(default=1, ge=1, le=10, description="copies of each numbered card")
    from_players: StrictInt | None = Field(default=None, ge=2, description="only used from this many players")
    image: ArtPath | None = Field(default=None, description="art for every card of this family")


class GameAction(_Strict):
    count: StrictInt = Field(ge=1, le=20)
    effect: TextModel
    modes: list[Slug] | None = Field(default=None, description="modes that use this card (default: all)")
    image: ArtPath | None = Field(default=None, description="art for this action card")


class Players(_Strict):
    min: StrictInt = Field(ge=1, le=20)
    max: StrictInt = Field(ge=1, le=20)

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) must not exceed max ({self.max})")
        return self


class Mode(_Strict):
    name: TextModel
    rounds: StrictInt | None = Field(default=None, ge=1)


class Variant(_Strict):
    name: TextModel
    description: TextModel


class GameDeckFile(_Strict):
    """``decks/<game>.yaml``: one game's deck, extending the base."""

    schema_: StrictStr | None = Field(default=None, alias="$schema")
    id: Slug
    extends: Slug
    title: TextModel
    tagline: TextModel | None = None
    rule_sheet: StrictStr | None = None
    players: Players
    modes: dict[Slug, Mode] = Field(default_factory=dict)
    variants: dict[Slug, Variant] = Field(default_factory=dict)
    families: dict[FamilyCode, GameFamily] = Field(min_length=1)
    actions: dict[Slug, GameAction] = Field(default_factory=dict)
    card: CardSizeOverride | None = None
    style: Style | None = None
    layout: StrictStr | None = Field(default=None, description="the card layout: a bundled id (num) or a .yaml file beside the deck")
    images: dict[StrictStr, ArtPath] = Field(default_factory=dict, description="art for single cards, by card code (R7, passe)")
    fonts: dict[Annotated[StrictStr, Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")], StrictStr] = Field(
        default_factory=dict, description="TrueType fonts beside the deck, by the name style.font* uses: {Roboto: fonts/Roboto.ttf}")
    cards: StrictStr | None = Field(default=None, description="the cards from a CSV or XLSX file (one row a card) instead of families × values")
    rules: StrictStr | None = Field(default=None, description="the designer's rules text (Markdown) beside the deck, for its rulebook")

    @model_validator(mode="after")
    def _modes_known(self) -> GameDeckFile:
        for slug, action in self.actions.items():
            for mode in action.modes or []:
                if mode not in self.modes:
                    known = ", ".join(self.modes) or "none declared"
                    raise ValueError(f"action {slug!r} names mode {mode!r}; modes are: {known}")
        return self


DeckFile = BaseDeckFile | GameDeckFile


def json_schema() -> dict:
    """The JSON Schema of a deck file (either kind), for yaml-language-server.

    The file's kind is chosen by ``kind: base`` (``if``/``then``/``else``) rather than an
    ``anyOf`` of both kinds, so an editor reports an error at the key that is wrong instead of
    "matches none of the alternatives" at the top of the file.
    """
    from pydantic import TypeAdapter

    schema = _closed_maps(TypeAdapter(BaseDeckFile | GameDeckFile).json_schema(by_alias=True))
    kinds = schema.pop("anyOf")
    base, game = (next(k for k in kinds if k["$ref"].endswith(f"/{m.__name__}")) for m in (BaseDeckFile, GameDeckFile))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": JSON_SCHEMA_TITLE,
        "description": "A cardforge deck file: decks/base.yaml (kind: base) or a game deck (extends: base).",
        "type": "object",
        "if": {"properties": {"kind": {"const": "base"}}, "required": ["kind"]},
        "then": base,
        "else": game,
        **schema,
    }


def _closed_maps(node: Any) -> Any:
    """Maps keyed by a pattern (family codes, slugs) refuse other keys, as pydantic does;
    pydantic's ``patternProperties`` alone lets any other key through."""
    if isinstance(node, dict):
        node = {k: _closed_maps(v) for k, v in node.items()}
        if "patternProperties" in node:
            node.setdefault("additionalProperties", False)
    elif isinstance(node, list):
        node = [_closed_maps(v) for v in node]
    return node
