"""cardforge: print-ready card sheets, rulebooks and a table referee for the Num card family.

From one YAML description of a deck (``decks/``), cardforge prints card sheets and rulebooks,
and its referee settles rulings and keeps scores for the five games of the family.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]
