"""The family box: the smallest set of physical cards that plays every chosen game.

Each card's count is the maximum of its counts across the games (optional families and every
mode included), and each card records which games use it.

>>> from cardforge.box import compute_box
>>> box = compute_box(["rows", "tricks"])
>>> box.total, box.uses["V3"]
(122, ('tricks',))
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cardforge.cards import Card
from cardforge.deck import Deck, load_deck
from cardforge.deck.loader import GAMES

__all__ = ["Box", "compute_box"]


@dataclass(frozen=True)
class Box:
    games: tuple[str, ...]
    counts: dict[str, int]          # card code → copies in the box, canonical order
    uses: dict[str, tuple[str, ...]]  # card code → games that use it
    cards: dict[str, Card]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def to_json(self) -> dict:
        return {
            "games": list(self.games),
            "total": self.total,
            "cards": [{"code": c, "count": n, "games": list(self.uses[c])} for c, n in self.counts.items()],
        }


def compute_box(games: list[str] | None = None) -> Box:
    """The box for ``games`` (all five by default)."""
    chosen = tuple(dict.fromkeys(games or GAMES))
    decks: dict[str, Deck] = {g: load_deck(g) for g in chosen}
    best: Counter[Card] = Counter()
    uses: dict[Card, list[str]] = {}
    for game, deck in decks.items():
        for card, n in deck.all_counts().items():
            best[card] = max(best[card], n)
            uses.setdefault(card, []).append(game)
    system = next(iter(decks.values())).system if decks else None
    family_order = list(system.families) if system else []
    action_order = list(system.actions) if system else []

    def order(card: Card) -> tuple:
        if card.is_action:
            return (1, action_order.index(card.action), 0)
        return (0, family_order.index(card.family), card.value)

    ordered = sorted(best, key=order)
    return Box(
        games=chosen,
        counts={c.code: best[c] for c in ordered},
        uses={c.code: tuple(uses[c]) for c in ordered},
        cards={c.code: c for c in ordered},
    )
