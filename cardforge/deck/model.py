"""The loaded, validated deck: plain immutable values the engines and renderers read.

Built from the merged plain dict of a base + game deck (``Deck.from_dict``), so that a cached
copy loads without pydantic or ruamel on the CLI's start-up path.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.cards import ActionDef, Card, CardSystem, Family, FamilyKind, Text, family_hint, named_families, nearest
from cardforge.errors import CardCodeError
from cardforge.i18n import Message, localised


def _hint(suggestion: str | None) -> Message | str:
    return Message("error.card.hint", suggestion=repr(suggestion)) if suggestion else ""

__all__ = ["system_from_base", "FamilyStyle", "DeckFamily", "DeckAction", "CardSize", "Style", "BackStyle", "Mode", "Variant", "Deck"]


def _text(d: dict | None) -> Text | None:
    return None if d is None else Text(fr=d["fr"], en=d["en"])


@dataclass(frozen=True, slots=True)
class FamilyStyle:
    """How a family's cards are painted: background, ink, symbol and an optional gradient."""

    color: str
    ink: str
    symbol: str
    gradient: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class DeckFamily:
    """A family as one deck uses it: its value range there, copies, and when it is used."""

    family: Family
    min_value: int
    max_value: int
    copies: int
    from_players: int | None
    style: FamilyStyle
    image: str | None = None

    @property
    def code(self) -> str:
        return self.family.code

    @property
    def values(self) -> range:
        return range(self.min_value, self.max_value + 1)


@dataclass(frozen=True, slots=True)
class DeckAction:
    """An action card in one deck: count, effect text, the modes that use it, its icon."""

    action: ActionDef
    count: int
    effect: Text
    icon: str
    modes: tuple[str, ...] | None = None
    image: str | None = None

    @property
    def slug(self) -> str:
        return self.action.slug


@dataclass(frozen=True, slots=True)
class CardSize:
    """The card's trimmed size, bleed, safe margin and corner radius, in millimetres."""

    width_mm: float
    height_mm: float
    bleed_mm: float
    safe_mm: float
    corner_radius_mm: float

    @property
    def name(self) -> str:
        """``poker``, ``tarot``, … or ``custom``."""
        from cardforge.deck.sizes import size_name

        return size_name(self.width_mm, self.height_mm)


@dataclass(frozen=True, slots=True)
class BackStyle:
    """The card back: colours, pattern, an optional title and image."""

    color: str
    accent: str
    pattern: str
    title: Text | None
    image: str | None = None


@dataclass(frozen=True, slots=True)
class Style:
    """The deck's look: fonts, paper and frame colours, action colours, the back, text sizes."""

    font: str
    font_bold: str
    paper: str
    frame: str
    action_color: str
    action_ink: str
    back: BackStyle
    font_text: str = "DejaVuSans"
    text_max_pt: float = 10.0
    text_min_pt: float = 6.0


@dataclass(frozen=True, slots=True)
class Mode:
    """A way to play the deck (its name, and how many rounds when fixed)."""

    id: str
    name: Text
    rounds: int | None = None


@dataclass(frozen=True, slots=True)
class Variant:
    """An optional rule variant the deck offers, named and described."""

    id: str
    name: Text
    description: Text


@dataclass(frozen=True)
class Deck:
    """One game's deck: composition, texts, style and card size, with notation checked against it.

    >>> from cardforge.deck import load_deck
    >>> deck = load_deck("rows")
    >>> deck.total(), deck.parse("rb16").code
    (102, 'RB16')
    """

    id: str
    title: Text
    tagline: Text | None
    rule_sheet: str | None
    players_min: int
    players_max: int
    families: dict[str, DeckFamily]
    actions: dict[str, DeckAction]
    modes: dict[str, Mode]
    variants: dict[str, Variant]
    card: CardSize
    style: Style
    system: CardSystem
    source: Path | None = None
    layout: str | None = None
    #: art for single cards, by card code; fonts beside the deck, by name (paths as written,
    #: relative to the deck file)
    images: dict[str, str] = field(default_factory=dict)
    fonts: dict[str, str] = field(default_factory=dict)
    rules: str | None = None
    #: the cards from a spreadsheet (``cards: cards.csv``): when set, the deck's composition
    table: tuple | None = None
    #: the languages its texts are written in (a Num deck: both)
    languages: tuple[str, ...] = ("fr", "en")
    #: a deck of free cards (``deck.free``): its rows, in place of families and actions
    free: Any = None
    #: the symbols the deck declares (``deck.symbols``): name → glyph, image, color, font
    symbols: dict[str, dict[str, Any]] = field(default_factory=dict)
    _counts_cache: dict = field(default_factory=dict, repr=False, compare=False)
    #: what the renderer derived from this deck (layout, contexts, resolved forms); a replaced
    #: deck (``dataclasses.replace``) starts with an empty one
    _render_cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def from_dict(cls, merged: dict[str, Any], source: Path | None = None) -> Deck:
        """Build from the merged plain dict produced by the loader (see ``loader.merge``)."""
        if "free" in merged:
            return _free_deck(cls, merged["free"], source)
        base = merged["base"]
        system = system_from_base(base)
        families, actions = system.families, system.actions
        game = merged["game"]
        deck_families = {}
        for code, gf in game["families"].items():
            bf = base["families"][code]
            rng = gf.get("values") or bf["values"]
            st = bf["style"]
            deck_families[code] = DeckFamily(
                family=families[code],
                min_value=rng["min"],
                max_value=rng["max"],
                copies=gf.get("copies", 1),
                from_players=gf.get("from_players"),
                style=FamilyStyle(st["color"], st["ink"], st["symbol"], tuple(st["gradient"]) if st.get("gradient") else None),
                image=gf.get("image"),
            )
        deck_actions = {
            slug: DeckAction(
                action=actions[slug],
                count=ga["count"],
                effect=_text(ga["effect"]),
                icon=base["actions"][slug]["icon"],
                modes=tuple(ga["modes"]) if ga.get("modes") else None,
                image=ga.get("image"),
            )
            for slug, ga in game.get("actions", {}).items()
        }
        card = _card_size(base["card"], game.get("card") or {})
        style = _merge_style(base["style"], game.get("style") or {})
        back = style["back"]
        return cls(
            id=game["id"],
            title=_text(game["title"]),
            tagline=_text(game.get("tagline")),
            rule_sheet=game.get("rule_sheet"),
            players_min=game["players"]["min"],
            players_max=game["players"]["max"],
            families=deck_families,
            actions=deck_actions,
            modes={k: Mode(k, _text(m["name"]), m.get("rounds")) for k, m in game.get("modes", {}).items()},
            variants={k: Variant(k, _text(v["name"]), _text(v["description"])) for k, v in game.get("variants", {}).items()},
            card=CardSize(**{k: float(v) for k, v in card.items()}),
            style=Style(
                font=style["font"],
                font_bold=style["font_bold"],
                paper=style["paper"],
                frame=style["frame"],
                action_color=style["action_color"],
                action_ink=style["action_ink"],
                back=BackStyle(back["color"], back["accent"], back["pattern"], _text(back.get("title")), back.get("image")),
                font_text=style.get("font_text") or style["font"],
                text_max_pt=float(style.get("text_max_pt") or 10.0),
                text_min_pt=float(style.get("text_min_pt") or 6.0),
            ),
            system=system,
            source=source,
            layout=game.get("layout") or base.get("layout"),
            images=dict(game.get("images") or {}),
            fonts=dict(game.get("fonts") or {}),
            rules=game.get("rules"),
        )

    # -- composition ----------------------------------------------------------------------

    def counts(self, players: int | None = None, mode: str | None = None) -> Counter[Card]:
        """How many copies of each card the deck holds for this player count and mode.

        Families with ``from_players`` are included only when ``players`` reaches it; with
        ``mode`` given, action cards restricted to other modes are left out.  With neither,
        the composition is the base one (optional families out, all action cards in).
        """
        key = (players, mode)
        if key not in self._counts_cache and self.free is not None:
            self._counts_cache[key] = self._free_counts()
        if key not in self._counts_cache and self.table is not None:
            self._counts_cache[key] = self._table_counts()
        if key not in self._counts_cache:
            from cardforge.deck.rows import num_rows

            counts: Counter[Card] = Counter()
            for row in num_rows(self):  # a Num deck's rows: its families × values, then its actions
                if row.from_players is not None and (players is None or players < row.from_players):
                    continue
                if row.modes is not None and mode is not None and mode not in row.modes:
                    continue
                counts[row.card] += row.count
            self._counts_cache[key] = counts
        return Counter(self._counts_cache[key])

    def _free_counts(self) -> Counter[Card]:
        return Counter({self.free.card(i): row.count for i, row in enumerate(self.free.rows, 1)})

    def _table_counts(self) -> Counter[Card]:
        counts: Counter[Card] = Counter()
        for row in self.table or ():
            counts[self.parse(row.code).undeclared()] += row.count
        return counts

    def fields_of(self, card: Card) -> dict[str, str]:
        """The extra columns of ``card``'s row in the deck's card table (empty without one)."""
        if self.table is None:
            return {}
        cache = self._counts_cache.setdefault("fields", {})
        if not cache:
            for row in self.table:
                cache[self.parse(row.code).undeclared().code] = row.fields
        return cache.get(card.code, {})

    def all_counts(self) -> Counter[Card]:
        """Every physical card the deck may use (optional families and all modes included)."""
        if self.free is not None:
            return self._free_counts()
        if self.table is not None:
            return self._table_counts()
        from cardforge.deck.rows import num_rows

        counts: Counter[Card] = Counter()
        for row in num_rows(self):
            counts[row.card] += row.count
        return counts

    def rows(self) -> tuple:
        """Every card of the deck as a row of fields (``deck.rows.CardRow``), in deck order."""
        from cardforge.deck.rows import deck_rows

        return deck_rows(self)

    def check_copies(self, cards: Any, players: int | None = None, mode: str | None = None, *, where: str = "") -> None:
        """Refuse a card given more times than this deck holds copies of it (``where``, e.g.
        ``" in this round"``, says where they were counted).

        >>> from cardforge.deck import load_deck
        >>> load_deck("numwin").check_copies(load_deck("numwin").parse_many("R7 R7"))
        Traceback (most recent call last):
        ...
        cardforge.errors.CardCodeError: card 'R7' is given 2 times but the Num Win deck has 1 copy of it; name each physical card once
        """
        held = self.counts(players, mode)
        for card, n in Counter(c.undeclared() for c in cards).items():
            have = held.get(card, 0)
            if n > have:
                raise localised(CardCodeError(
                    f"card {card.code!r} is given {n} times{where} but the {self.title.en} deck has {have} "
                    f"{'copy' if have == 1 else 'copies'} of it; name each physical card once",
                    card.code,
                ), Message("error.card.copies_round" if where else "error.card.copies", card=repr(card.code), n=n,
                           game=self.title, have=have))

    def cards(self, players: int | None = None, mode: str | None = None) -> list[Card]:
        """The deck as a list of physical cards in canonical order (families, then actions)."""
        return list(self.counts(players, mode).elements())

    def total(self, players: int | None = None, mode: str | None = None) -> int:
        return sum(self.counts(players, mode).values())

    def family_codes(self, kind: FamilyKind | None = None) -> tuple[str, ...]:
        """Family codes this deck uses (optionally of one kind), in deck order."""
        return tuple(c for c, f in self.families.items() if kind is None or f.family.kind is kind)

    # -- notation -------------------------------------------------------------------------

    def parse(self, token: str) -> Card:
        """Parse a card code and check this deck has such a card.

        >>> from cardforge.deck import load_deck
        >>> load_deck("tricks").parse("RB17")
        Traceback (most recent call last):
        ...
        cardforge.errors.CardCodeError: unknown card 'RB17': Rainbow values are 1–16 in Num Tricks; did you mean 'RB16'?
        """
        if self.free is not None:
            return self._parse_free(token)
        card = self.system.parse_syntax(token)
        if card.is_action:
            if card.action not in self.actions:
                have = ", ".join(self.actions) or "none"
                raise localised(CardCodeError(
                    f"unknown card {token!r}: {self.system.actions[card.action].name.en} is not in {self.title.en} "
                    f"(its action cards: {have})",
                    token,
                    nearest(token, list(self.actions)),
                ), Message("error.card.action_not_in", token=repr(token), name=self.system.actions[card.action].name,
                           game=self.title, have=have))
            return card
        fam = self.families.get(card.family)
        if fam is None:  # another family's code (V, Violet): suggest only a French initial's right code
            own = [f.family for f in self.families.values()]
            typed = token.strip()[: len(card.family)].upper()
            suggestion, hint = family_hint(token, typed, str(card.value), own)
            message = Message("error.card.family_not_in", token=repr(token), name=self.system.families[card.family].name,
                              game=self.title, have=named_families(own), hint=hint)
            raise localised(CardCodeError(message.text("en"), token, suggestion), message)
        if not fam.min_value <= card.value <= fam.max_value:
            clamp = min(max(card.value, fam.min_value), fam.max_value)
            suggestion = f"{fam.code}{clamp}"
            raise localised(CardCodeError(
                f"unknown card {token!r}: {fam.family.name.en} values are {fam.min_value}\u2013{fam.max_value} "
                f"in {self.title.en}; did you mean {suggestion!r}?",
                token,
                suggestion,
            ), Message("error.card.range_in", token=repr(token), name=fam.family.name, low=fam.min_value,
                       high=fam.max_value, game=self.title, hint=_hint(suggestion)))
        return card

    def _parse_free(self, token: str) -> Card:
        card = self.free.find(token) if isinstance(token, str) else None
        if card is None:
            n = len(self.free.rows)
            raise CardCodeError(f"unknown card {token!r}: the cards of {self.title.en} are CARD1\u2013CARD{n} "
                                "(or a card's id)", str(token))
        return card

    def parse_many(self, tokens: Any) -> list[Card]:
        """Parse several codes against this deck (``cards.split_cards``: spaces or commas)."""
        from cardforge.cards import split_cards

        return [self.parse(t) for t in split_cards(tokens)]

    def valid_codes(self) -> list[str]:
        if self.free is not None:
            return [c.code for c in self.free_counts_order()]
        codes = [f"{f.code}{v}" for f in self.families.values() for v in f.values]
        for slug, act in self.actions.items():
            codes.append(slug)
            codes.extend(f"{slug}={v}" for v in act.action.declare)
        return codes

    def free_counts_order(self) -> list[Card]:
        """A free deck's cards, each once, in file order."""
        return [self.free.card(i) for i in range(1, len(self.free.rows) + 1)]

    def name(self, card: Card, lang: str = "en") -> str:
        if self.free is not None:
            return self.free.name(card, lang)
        return self.system.name(card, lang)


def system_from_base(base: dict[str, Any]) -> CardSystem:
    """The card system (families and action cards) defined by a validated base deck dict."""
    families = {
        code: Family(code, FamilyKind(f["kind"]), _text(f["name"]), f["values"]["min"], f["values"]["max"])
        for code, f in base["families"].items()
    }
    actions = {
        slug: ActionDef(slug, _text(a["name"]), tuple(a.get("declare") or ()))
        for slug, a in base["actions"].items()
    }
    return CardSystem(families=families, actions=actions)


#: a free deck's card unless it says otherwise: poker size with the vendors' 1/8" bleed and safe zone
FREE_CARD = {"width_mm": 63.5, "height_mm": 88.9, "bleed_mm": 3.175, "safe_mm": 3.175, "corner_radius_mm": 3.0}
#: a free deck's style unless it says otherwise
FREE_STYLE = {"font": "DejaVuSans", "font_bold": "DejaVuSans-Bold", "font_text": "DejaVuSansCondensed", "text_max_pt": 10,
              "text_min_pt": 6, "paper": "#FFFFFF", "frame": "#2B2B2B", "accent": "#3A3350", "ink": "#1A1A1A",
              "back": {"color": "#1B1F3B", "accent": "#F4B400", "pattern": "rays"}}


def _free_deck(cls: type, data: dict[str, Any], source: Path | None) -> Deck:
    """A deck of free cards from its validated file (its rows are attached by the loader)."""
    from cardforge.deck.free import DEFAULT_LAYOUT, FreeCards, free_system, lang_text
    from cardforge.deck.symbols import deck_symbols

    langs = tuple(data.get("languages") or ("en",))
    style = _merge_style(FREE_STYLE, data.get("style") or {})
    back = style["back"]
    title = lang_text(data["title"], langs)
    players = data.get("players") or {"min": 1, "max": 8}
    families = {code: {"code": code, "kind": "free", "name": lang_text(f["name"], langs), "color": f["color"],
                       "ink": f["ink"], "symbol": f["symbol"], "gradient": None, "image": None}
                for code, f in (data.get("families") or {}).items()}
    return cls(
        id=data["id"], title=title, tagline=lang_text(data.get("tagline"), langs), rule_sheet=None,
        players_min=players["min"], players_max=players["max"], families={}, actions={}, modes={}, variants={},
        card=CardSize(**{k: float(v) for k, v in _card_size(FREE_CARD, data.get("card") or {}).items()}),
        style=Style(font=style["font"], font_bold=style["font_bold"], paper=style["paper"], frame=style["frame"],
                    action_color=style["accent"], action_ink=style["ink"],
                    back=BackStyle(back["color"], back["accent"], back["pattern"], lang_text(back.get("title"), langs),
                                   back.get("image")),
                    font_text=style.get("font_text") or style["font"], text_max_pt=float(style["text_max_pt"]),
                    text_min_pt=float(style["text_min_pt"])),
        system=free_system(0), source=source, layout=data.get("layout") or DEFAULT_LAYOUT,
        fonts=dict(data.get("fonts") or {}), rules=data.get("rules"), languages=langs,
        free=FreeCards((), langs, families), symbols=deck_symbols(data),
    )


def _card_size(base: dict, override: dict) -> dict:
    """The base card size with a deck's override: a named ``size`` first, then explicit mm."""
    from cardforge.deck.sizes import SIZES

    card = {k: v for k, v in base.items() if k != "size"}
    if override.get("size"):
        card["width_mm"], card["height_mm"] = SIZES[override["size"]]
    card.update({k: v for k, v in override.items() if v is not None and k != "size"})
    return card


def _merge_style(base: dict, override: dict) -> dict:
    merged = dict(base)
    for key, value in override.items():
        if value is None:
            continue
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge_style(merged[key], value)
        else:
            merged[key] = value
    return merged
