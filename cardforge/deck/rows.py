"""The one card model every output reads: a deck is a list of card rows, each a row of fields.

A free deck's rows are its table's (``deck.free``); a Num deck's are *generated*: each family ×
value and each action card is a row whose fields are what a Num layout reads (``type``,
``kind``, ``code``, ``family``, ``value``, ``digits``, ``name``, ``image``; an action card's
``action``, ``title``, ``effect``, ``icon``), plus the columns of its card table when it has one.
So the Num families are one way of producing rows, and the renderers (``render.faces``, and
through it the sheets, print-on-demand files, PNGs and Tabletop Simulator sheets) draw any row.

>>> from cardforge.deck import load_deck
>>> row = deck_row(load_deck("rows"), load_deck("rows").parse("R7"))
>>> row.count, row.fields_in("en")["name"], row.family
(1, 'Red 7', 'R')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardforge.cards import Card, Text

if TYPE_CHECKING:
    from cardforge.deck.model import Deck

__all__ = ["ABSENT", "CardRow", "deck_rows", "deck_row", "num_rows"]

#: a field one language of a row lacks (``Text(fr=…, en=ABSENT)``): not there when read in it
ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "ABSENT"})()


@dataclass(frozen=True, slots=True)
class CardRow:
    """One card: its code, copies, fields (a ``Text`` value is read in the face's language),
    the family whose ``family.*`` it reads, and the picture of its own back if it has one."""

    card: Card
    count: int
    fields: Mapping[str, Any]
    family: str | None = None
    back: str | None = None
    #: a Num row's conditions: from how many players its family is used, the modes using it
    from_players: int | None = None
    modes: tuple[str, ...] | None = None

    def fields_in(self, lang: str) -> dict[str, Any]:
        """The fields as a layout reads them in ``lang``."""
        out = {k: v(lang) if isinstance(v, Text) else v for k, v in self.fields.items()}
        return {k: v for k, v in out.items() if v is not ABSENT} if ABSENT in out.values() else out


def num_rows(deck: Deck) -> tuple[CardRow, ...]:
    """A Num deck's rows, generated from its families × values, then its action cards (once per deck)."""
    cached = deck._counts_cache.get("num_rows")
    if cached is not None:
        return cached
    rows: list[CardRow] = []
    for fam in deck.families.values():
        for v in fam.values:
            card = Card(family=fam.code, value=v)
            fields = {"type": "number", "kind": fam.family.kind.value, "code": card.code, "family": fam.code,
                      "value": v, "digits": len(str(v)), "name": _name(deck, card), "image": deck.images.get(card.code)}
            rows.append(CardRow(card, fam.copies, fields, fam.code, from_players=fam.from_players))
    for act in deck.actions.values():
        card = Card(action=act.slug)
        fields = {"type": "action", "kind": "action", "code": card.code, "action": act.slug, "name": _name(deck, card),
                  "title": act.action.name, "effect": act.effect, "icon": act.icon,
                  "image": deck.images.get(card.code) or act.image, "value": card.value,
                  "digits": len(str(card.value)) if card.value is not None else 0}
        rows.append(CardRow(card, act.count, fields, None, modes=act.modes))
    made = deck._counts_cache["num_rows"] = tuple(rows)
    return made


def _name(deck: Deck, card: Card) -> Text:
    return Text(fr=deck.system.name(card, "fr"), en=deck.system.name(card, "en"))


def _table_rows(deck: Deck) -> tuple[CardRow, ...]:
    """A Num deck with a card table: each table row's card, its columns under the Num fields."""
    generated = {r.card: r for r in num_rows(deck)}
    rows = []
    for card, count in deck.all_counts().items():
        made = generated[card]
        rows.append(CardRow(card, count, {**deck.fields_of(card), **made.fields}, made.family,
                            from_players=made.from_players, modes=made.modes))
    return tuple(rows)


def _free_rows(deck: Deck) -> tuple[CardRow, ...]:
    from cardforge.deck.free import free_row_fields

    free = deck.free
    return tuple(CardRow(free.card(i), row.count, free_row_fields(free, free.card(i), row), None, back=row.back)
                 for i, row in enumerate(free.rows, 1))


def deck_rows(deck: Deck) -> tuple[CardRow, ...]:
    """Every card row of ``deck`` in deck order (computed once per deck)."""
    cache = deck._counts_cache
    rows = cache.get("rows")
    if rows is None:
        if deck.free is not None:
            rows = _free_rows(deck)
        elif deck.table is not None:
            rows = _table_rows(deck)
        else:
            rows = num_rows(deck)
        cache["rows"] = rows
    return rows


def deck_row(deck: Deck, card: Card) -> CardRow | None:
    """The row of ``card`` in ``deck`` (``None``: not one of its cards)."""
    cache = deck._counts_cache
    index = cache.get("row_index")
    if index is None:
        index = cache["row_index"] = {r.card: r for r in deck_rows(deck)}
    return index.get(card.undeclared())
