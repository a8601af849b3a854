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

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr, model_validator

__all__ = ["BaseDeckFile", "GameDeckFile", "FreeDeckFile", "DeckFile", "JSON_SCHEMA_TITLE"]

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
Symbol = Literal["circle", "triangle", "square", "diamond", "star", "moon", "hexagon", "heart", "cross", "drop",
                 "spade", "club"]


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


# -- a deck of free cards (no ``extends``): each card a row of named fields ---------------------

Lang = Annotated[StrictStr, Field(pattern=r"^[a-z]{2,3}$", description="a language code: en, fr, de")]
#: a text: plain when the deck has one language, else one text a language ({en: …, fr: …})
LangText = Annotated[StrictStr | dict[Lang, StrictStr], Field(description="a text, or {en: …, fr: …} for a deck of several languages")]
Cell = StrictStr | StrictInt | StrictFloat | StrictBool | dict[Lang, StrictStr]


class FreeFamily(_Strict):
    """A family (a suit) a free deck declares: its name, colours and symbol, which a card reads
    as ``family.*`` when its ``family`` (or ``suit``) field names it."""

    name: LangText
    color: Colour = "#FFFFFF"
    ink: Colour = "#222222"
    symbol: Slug = Field(default="circle", description="a shipped symbol (circle, spade, …, or a game icon: "
                                                       "sword, crown, …) or one of the deck's own 'symbols'")


class FreeSymbol(_Strict):
    """A symbol a free deck declares (``symbols.<name>``): a character of a font or a picture, and
    its colour; a family's ``symbol``, a ``symbol`` or ``icon`` element and ``:name:`` in a card
    text may name it."""

    glyph: StrictStr | None = Field(default=None, min_length=1, description="one character, drawn in 'font'")
    image: ArtPath | None = Field(default=None, description="a picture instead of a character")
    color: Colour | None = Field(default=None, description="its colour (default: the element's)")
    font: StrictStr | None = Field(default=None, description="the glyph's font (default: style.font_bold)")


class FreeBack(_Strict):
    color: Colour | None = None
    accent: Colour | None = None
    pattern: Literal["rays", "dots", "stripes", "plain"] | None = None
    title: LangText | None = None
    image: ArtPath | None = Field(default=None, description="art for the whole back, relative to the deck file")


class FreeStyle(_Strict):
    font: StrictStr | None = None
    font_bold: StrictStr | None = None
    font_text: StrictStr | None = Field(default=None, description="font of the cards' running text")
    text_max_pt: Number | None = Field(default=None, ge=4, le=24, description="text size, before auto-fit shrinks it")
    text_min_pt: Number | None = Field(default=None, ge=4, le=24, description="smallest text size; smaller is an error")
    paper: Colour | None = None
    frame: Colour | None = None
    ink: Colour | None = Field(default=None, description="the colour of the cards' text")
    accent: Colour | None = Field(default=None, description="a second colour the layout may use")
    back: FreeBack | None = None


class FreeDeckFile(_Strict):
    """A deck of any game (no ``extends``): its cards are rows of named fields, from a CSV or
    XLSX file or listed here; any set of languages."""

    schema_: StrictStr | None = Field(default=None, alias="$schema")
    id: Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    title: LangText
    tagline: LangText | None = None
    languages: list[Lang] = Field(default_factory=lambda: ["en"], min_length=1, description="the languages of its texts (default [en])")
    players: Players | None = None
    cards: StrictStr | list[dict[Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9_]*$")], Cell]] = Field(
        description="a .csv or .xlsx file beside the deck (one row a card), or the cards as a list of mappings")
    families: dict[Annotated[StrictStr, Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")], FreeFamily] = Field(
        default_factory=dict, description="families (suits) a card names in its 'family' or 'suit' field")
    symbols: dict[Slug, FreeSymbol] = Field(default_factory=dict, description="the deck's own symbols (a glyph or a "
                                            "picture, a colour), which families, elements and :name: in texts use")
    card: CardSizeOverride = Field(default_factory=CardSizeOverride, description="the card size (default poker)")
    style: FreeStyle | None = None
    layout: StrictStr | None = Field(default=None, description="the card layout: a bundled id (fields, num) or a .yaml file beside the deck (default fields)")
    fonts: dict[Annotated[StrictStr, Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")], StrictStr] = Field(
        default_factory=dict, description="TrueType or OpenType fonts beside the deck, by the name style.font* uses")
    rules: StrictStr | None = Field(default=None, description="the designer's rules text (Markdown) beside the deck, for its rulebook")


DeckFile = BaseDeckFile | GameDeckFile | FreeDeckFile


def json_schema() -> dict:
    """The JSON Schema of a deck file (any kind), for yaml-language-server.

    The file's kind is chosen by ``kind: base`` (``if``/``then``/``else``) rather than an
    ``anyOf`` of both kinds, so an editor reports an error at the key that is wrong instead of
    "matches none of the alternatives" at the top of the file.
    """
    from pydantic import TypeAdapter

    schema = _closed_maps(TypeAdapter(BaseDeckFile | GameDeckFile | FreeDeckFile).json_schema(by_alias=True))
    kinds = schema.pop("anyOf")
    base, game, free = (next(k for k in kinds if k["$ref"].endswith(f"/{m.__name__}"))
                        for m in (BaseDeckFile, GameDeckFile, FreeDeckFile))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": JSON_SCHEMA_TITLE,
        "description": "A cardforge deck file: a deck of free cards (cards: rows of fields), decks/base.yaml "
                       "(kind: base) or a Num game deck (extends: base).",
        "type": "object",
        "if": {"properties": {"kind": {"const": "base"}}, "required": ["kind"]},
        "then": base,
        "else": {"if": {"required": ["extends"]}, "then": game, "else": free},
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
