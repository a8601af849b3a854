"""cardforge: print-ready card sheets, rulebooks and a table referee for the Num card family.

From one YAML description of a deck (``decks/``), cardforge prints card sheets and rulebooks,
and its referee settles rulings and keeps scores for the five games of the family.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]


def _base_system():  # the composition root: the card system's default comes from the base deck
    from cardforge.deck import load_base

    return load_base().system


def _wire() -> None:
    """Called by ``CardSystem.default()`` on first use: wiring at import time made every command
    (``--version`` included) import the card system, ~25 ms."""
    from cardforge.cards import set_default_system

    set_default_system(_base_system)
