"""Small builders shared by the rows tests: tables and reveals written as card codes."""

from __future__ import annotations

import itertools
import json
import random

from cardforge.cards import Card, parse_cards
from cardforge.games.rows import ROW_COLOURS, HouseRules, PlacementResult, default_rows, place_cards


def table(**rows: str) -> dict[str, list[Card]]:
    """``table(B="B0 B5")``: the four rows, those not given holding their colour's 0."""
    out = default_rows()
    for colour, codes in rows.items():
        out[colour] = parse_cards(codes)
    return out


def card(code: str) -> Card:
    return parse_cards(code)[0]


def place(rows: dict[str, list[Card]], explosion: bool = False, house: list[str] | None = None, **plays: str) -> PlacementResult:
    """``place(table(...), p1="R5", p2="SH3")``."""
    rules = HouseRules.parse(house) if house else None
    return place_cards(rows, {p: card(c) for p, c in plays.items()}, rules, explosion)


def codes(cards: list[Card]) -> list[str]:
    return [c.code for c in cards]


def row_codes(result: PlacementResult) -> dict[str, str]:
    return row_codes_of(result.rows)


#: every combination of the placement rulings (ROWS-R1, R2, R3, R5) as ``HouseRules`` fields
RULING_CHOICES = [dict(zip(("compare_with", "row_tie", "lower_fifth", "shadow_equal"), combo))
                  for combo in itertools.product(("last", "any"), ("sheet_order", "fewest_cards"),
                                                 ("capture", "first_card"), ("fits", "strict"))]


def random_reveal(rng: random.Random, cards: list[Card]) -> tuple[dict[str, list[Card]], dict[str, Card]]:
    """A random legal table (each row 1–4 cards of its colour, Rainbow or Shadow) and a reveal
    of 1–8 other cards, drawn from ``cards`` (the deck, in a fixed order)."""
    pool = cards[:]
    rng.shuffle(pool)
    rows: dict[str, list[Card]] = {}
    for colour in ROW_COLOURS:
        fits = [c for c in pool if c.family in (colour, "RB", "SH")][: rng.randint(1, 4)]
        rows[colour] = fits
        pool = [c for c in pool if c not in fits]
    return rows, {f"p{n}": pool[n] for n in range(rng.randint(1, 8))}


def placement_record(rows: dict[str, list[Card]], plays: dict[str, Card], rules: dict[str, str], explosion: bool,
                     result: PlacementResult) -> str:
    """One explained placement as a line of JSON: the table, the reveal, the rulings, and
    everything ``place_cards`` said (events with their facts, rows, captures, discards, order)."""
    def event(e) -> list:
        return [e.rule, e.what, e.player, e.card.code if e.card else "", e.row, codes(list(e.cards)), list(e.tied)]

    return json.dumps({
        "table": row_codes_of(rows), "plays": {p: c.code for p, c in plays.items()}, "rules": rules,
        "explosion": explosion, "events": [event(e) for e in result.events], "rows": row_codes_of(result.rows),
        "captured": {p: codes(cs) for p, cs in result.captured.items()}, "discarded": codes(result.discarded),
        "order": [[p, c.code] for p, c in result.order],
    }, sort_keys=True)


def row_codes_of(rows: dict[str, list[Card]]) -> dict[str, str]:
    return {colour: " ".join(codes(cards)) for colour, cards in rows.items()}
