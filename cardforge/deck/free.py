"""Decks of free cards: any game's deck as a list of cards, each a row of named fields.

A deck file without ``extends`` (``schema.FreeDeckFile``) lists its cards in a CSV or XLSX file
(``cards: cards.csv``, one row a card, any columns) or in the file itself (``cards: [{name: …}]``).
A card's fields are what its layout reads as ``card.<field>``; ``count`` (copies), ``image``
(its art) and ``back`` (art for its own back) are read by cardforge too.  A deck may declare
families (suits): a card whose ``family`` or ``suit`` field names one reads it as ``family.*``.
Texts are plain strings for a one-language deck, ``{en: …, fr: …}`` (or columns ``name_en``,
``name_fr``) for several.

Each card is a ``Card`` of the one family ``CARD`` whose value is its row's position
(``CARD1`` …), so the renderers draw free cards like any other; ``FreeCards`` keeps the rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.cards import Card, CardSystem, Family, FamilyKind, Text
from cardforge.deck.table import FreeRow
from cardforge.errors import DeckError

__all__ = ["FREE_FAMILY", "STANDARD_SUITS", "FreeCards", "lang_text", "free_system", "read_free_rows", "card_fields",
           "free_row_fields", "DEFAULT_LAYOUT"]

#: the family code every free card is drawn under (``CARD1``, ``CARD2`` …)
FREE_FAMILY = "CARD"
#: the bundled layout a free deck is drawn with unless it names one
DEFAULT_LAYOUT = "fields"
#: the four French suits, which a card may name in its ``family`` or ``suit`` field without the
#: deck declaring them (a deck's own ``families:`` entry of that name wins)
STANDARD_SUITS: dict[str, dict[str, Any]] = {
    "spade": {"name": Text(fr="Pique", en="Spades"), "color": "#1A1A1A", "symbol": "spade"},
    "heart": {"name": Text(fr="Cœur", en="Hearts"), "color": "#C8102E", "symbol": "heart"},
    "diamond": {"name": Text(fr="Carreau", en="Diamonds"), "color": "#C8102E", "symbol": "diamond"},
    "club": {"name": Text(fr="Trèfle", en="Clubs"), "color": "#1A1A1A", "symbol": "club"},
}
for _code, _suit in STANDARD_SUITS.items():
    _suit.update(code=_code, kind="suit", ink="#FFFFFF", gradient=None, image=None)

#: the fields a card's name is taken from, in this order (else its first text field)
_NAME_FIELDS = ("name", "title", "label", "id")


def lang_text(value: Any, languages: tuple[str, ...]) -> Text | None:
    """A plain text or a ``{lang: text}`` mapping as a ``Text`` (its French and English faces;
    a language the deck lacks shows the deck's first language)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        return Text(fr=str(value), en=str(value))
    first = str(value.get(languages[0], next(iter(value.values()), "")))
    return Text(fr=str(value.get("fr", first)), en=str(value.get("en", first)))


def free_system(count: int) -> CardSystem:
    """The card system of a free deck of ``count`` distinct cards."""
    fam = Family(FREE_FAMILY, FamilyKind.EXTRA, Text(fr="Carte", en="Card"), 1, max(count, 1))
    return CardSystem(families={FREE_FAMILY: fam}, actions={})


@dataclass(frozen=True)
class FreeCards:
    """A free deck's cards (in file order), its languages and declared families."""

    rows: tuple[FreeRow, ...]
    languages: tuple[str, ...] = ("en",)
    #: each declared family as the layout reads it (``family.name`` in every language)
    families: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def card(self, index: int) -> Card:
        return Card(family=FREE_FAMILY, value=index)

    def row(self, card: Card) -> FreeRow | None:
        if card.family != FREE_FAMILY or card.value is None or not 1 <= card.value <= len(self.rows):
            return None
        return self.rows[card.value - 1]

    def name(self, card: Card, lang: str) -> str:
        """The card's name: its ``name`` (``title``, ``label``, ``id``) field, else its first text."""
        row = self.row(card)
        if row is None:
            return card.code
        fields = card_fields(row, lang, self.languages)
        for key in (*_NAME_FIELDS, *fields):
            if isinstance(fields.get(key), str) and fields[key].strip():
                return fields[key]
        return f"card {card.value}"

    def find(self, token: str) -> Card | None:
        """The card a code names: ``CARD3`` or the value of a row's ``id`` (or name) field."""
        text = token.strip()
        upper = text.upper()
        if upper.startswith(FREE_FAMILY) and upper[len(FREE_FAMILY):].isdigit():
            card = self.card(int(upper[len(FREE_FAMILY):]))
            return card if self.row(card) is not None else None
        for key in ("id", "name"):
            for i, row in enumerate(self.rows, 1):
                value = row.fields.get(key)
                said = value.values() if isinstance(value, Mapping) else () if value is None else (value,)
                if any(str(v).strip().lower() == text.lower() for v in said):
                    return self.card(i)
        return None

    def family_of(self, row: FreeRow) -> Mapping[str, Any]:
        """The declared family a row's ``family`` (or ``suit``) field names, else ``{}``."""
        for key in ("family", "suit"):
            value = row.fields.get(key)
            if isinstance(value, str):
                key = value.strip().lower()
                fam = self.families.get(value) or next((f for k, f in self.families.items() if k.lower() == key), None)
                fam = fam or STANDARD_SUITS.get(key) or STANDARD_SUITS.get(key.rstrip("s"))
                if fam is not None:
                    return fam
        return {}


def card_fields(row: FreeRow, lang: str, languages: tuple[str, ...]) -> dict[str, Any]:
    """A row's fields in ``lang``: a ``{lang: text}`` value becomes its text, and columns
    ``name_en``/``name_fr`` of a deck in those languages become ``name`` (the other language
    falling back to the deck's first)."""
    want = lang if lang in languages else languages[0]
    out: dict[str, Any] = {}
    for key, value in row.fields.items():
        if isinstance(value, Mapping):
            out[key] = value.get(want, value.get(languages[0], next(iter(value.values()), "")))
            continue
        stem, _, suffix = key.rpartition("_")
        if stem and suffix in languages and len(languages) > 1:
            if suffix == want or (suffix == languages[0] and stem not in out):
                out[stem] = value
            continue
        out[key] = value
    return out


def _shown_fields(free: FreeCards, card: Card, row: FreeRow, lang: str) -> dict[str, Any]:
    """A free card's ``card.*`` in ``lang``: its fields, and ``heading``/``body`` (its name and its
    other fields as ``key: value`` lines, which the default layout prints)."""
    fields = card_fields(row, lang, free.languages)
    heading = free.name(card, lang)
    shown = [k for k, v in fields.items() if str(v).strip() and v != heading]
    body = "\n".join(f"{k.replace('_', ' ')}: {fields[k]}" for k in shown)
    return {**fields, "type": "card", "code": card.code, "index": card.value, "count": row.count, "image": row.image,
            "back": row.back, "heading": heading, "body": body, "fields": tuple(shown)}


def free_row_fields(free: FreeCards, card: Card, row: FreeRow) -> dict[str, Any]:
    """A free card's fields as one row (``deck.rows.CardRow``): a field that reads differently in
    French and English is a ``Text`` of both (``ABSENT`` in the language that lacks it)."""
    from cardforge.deck.rows import ABSENT

    fr, en = _shown_fields(free, card, row, "fr"), _shown_fields(free, card, row, "en")
    same = {k: v for k, v in en.items() if k in fr and fr[k] == v}
    return {k: same[k] if k in same else Text(fr=fr.get(k, ABSENT), en=en.get(k, ABSENT))
            for k in dict.fromkeys([*en, *fr])}


def read_free_rows(data: dict, raw: Any, path: Path, problems: list[DeckError]) -> list[FreeRow]:
    """The cards of a validated free deck: its table file's rows, or the list in the deck file
    (positions: the table's row and column, or the deck file's line and column)."""
    src = data["cards"]
    if isinstance(src, str):
        from cardforge.deck.paths import deck_inside
        from cardforge.deck.table import parse_free_rows, read_cells

        shown = str(path.parent / src)
        try:
            cells = read_cells(deck_inside(path, src, "card table", ("cards",)), shown)
        except DeckError as exc:
            problems.append(exc)
            return []
        return parse_free_rows(cells, shown, problems)
    from cardforge.deck.source import position_of
    from cardforge.deck.table import free_row

    rows = []
    for i, values in enumerate(src):
        line, _col = position_of(raw, ("cards", i)) if raw is not None else (0, 0)
        cols = {k: position_of(raw, ("cards", i, k))[1] for k in values} if raw is not None else {}
        made = free_row(values, line, str(path), cols, problems)
        if made is not None:
            rows.append(made)
    if not rows and not problems:
        problems.append(DeckError("no cards: list at least one card under 'cards:'", file=str(path),
                                  line=position_of(raw, ("cards",))[0] if raw is not None else None))
    return rows
