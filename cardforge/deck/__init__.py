"""Deck definitions: the YAML format, its validation, and the loaded ``Deck``.

>>> from cardforge.deck import load_deck
>>> load_deck("rows").total()
102
"""

from cardforge.deck.loader import GAMES, BaseDeck, deck_path, load_all, load_base, load_deck, validate_file
from cardforge.deck.model import CardSize, Deck, DeckAction, DeckFamily, FamilyStyle, Mode, Style, Variant

__all__ = [
    "GAMES",
    "BaseDeck",
    "Deck",
    "DeckAction",
    "DeckFamily",
    "FamilyStyle",
    "CardSize",
    "Style",
    "Mode",
    "Variant",
    "deck_path",
    "load_all",
    "load_base",
    "load_deck",
    "validate_file",
]
