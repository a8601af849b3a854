"""Deck definitions: the YAML format, its validation, and the loaded ``Deck``.

>>> from cardforge.deck import load_deck
>>> load_deck("rows").total()
102

The names below are imported on first use (PEP 562), so ``cardforge.deck.loader.GAMES`` or
``cardforge.deck.sizes`` can be read without building the model's classes.
"""

from __future__ import annotations

import importlib
from typing import Any

from cardforge.cards import CardSystem, set_default_system

#: Each public name and the submodule that defines it.
_HOMES = {
    **dict.fromkeys(("GAMES", "BaseDeck", "default_system", "deck_path", "decks_frozen", "folder_deck", "load_all",
                     "load_base", "load_deck", "validate_file"), "loader"),
    **dict.fromkeys(("CardSize", "Deck", "DeckAction", "DeckFamily", "FamilyStyle", "Mode", "Style", "Variant"),
                    "model"),
}

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
    "default_system",
    "deck_path",
    "decks_frozen",
    "folder_deck",
    "load_all",
    "load_base",
    "load_deck",
    "validate_file",
]


def _base_system() -> CardSystem:
    from cardforge.deck.loader import default_system

    return default_system()


set_default_system(_base_system)  # ``CardSystem.default()``, ``parse_card`` without a deck: the base deck's


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'cardforge.deck' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"cardforge.deck.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
