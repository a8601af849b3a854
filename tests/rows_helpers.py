"""Small builders shared by the rows tests: tables and reveals written as card codes."""

from __future__ import annotations

from cardforge.cards import Card, parse_cards
from cardforge.games.rows import HouseRules, PlacementResult, default_rows, place_cards


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
    return {colour: " ".join(codes(cards)) for colour, cards in result.rows.items()}
