"""Card codes said in words, for the player's book: ``RB12`` → "Rainbow 12", ``numx=17`` →
"Num-X played as 17", ``joker`` → "Joker".

Engine steps and outcomes speak in card codes (the referee's notation); a player reads names.

>>> from cardforge.deck import load_deck
>>> in_words("R3 joins the sequence; numx=17 wins", load_deck("tricks"), "en")
'R3 joins the sequence; Num-X played as 17 wins'
>>> in_words("RB12 after SH7", load_deck("sequence"), "fr")
'Rainbow 12 after Shadow 7'
>>> in_words("il passe son tour ; joker", load_deck("sequence"), "fr")
'il passe son tour ; Joker'
"""

from __future__ import annotations

import re

from cardforge.cards import Card
from cardforge.deck import Deck
from cardforge.errors import CardCodeError

__all__ = ["card_name", "in_words", "for_players", "CODE", "RULE_ID"]

#: A card code as the engines print it: ``R7``, ``RB12``, ``SH0``, ``numx=17``, ``flash``.
CODE = re.compile(r"(?<![\w=\-])([A-Z]{1,2}\d{1,2}|[a-z]+=\d+|[a-z]+)(?![\w=])")


#: A full rule ID (``NUMWIN-R2``, ``TRICKS-9.1``), and one in brackets as the engines cite it.
RULE_ID = re.compile(r"\b(?:COLLECTION|SEQUENCE|TRICKS|ROWS|NUMWIN|DECK)-R?\d+(?:\.\d+)?\b")
_CITED = re.compile(r"\s*[(\[](?:see |voir )?" + RULE_ID.pattern + r"(?:\s*[,/]\s*" + RULE_ID.pattern + r")*[)\]]")


def card_name(deck: Deck, card: Card, lang: str) -> str:
    """A card's printed name: family and value, or the action card's name."""
    if card.action is None:
        return f"{deck.families[card.family].family.name(lang)} {card.value}"
    name = deck.actions[card.action].action.name(lang)
    if card.value is None:
        return name
    return f"{name} joué comme {card.value}" if lang == "fr" else f"{name} played as {card.value}"


#: Action-card codes that are also everyday French words ("il passe", "double", "simple"):
#: left alone in prose, where they are far more often the word than the card.
_WORDS = frozenset({"passe", "double", "simple"})


def in_words(text: str, deck: Deck, lang: str) -> str:
    """``text`` with every card code of ``deck`` replaced by the card's name (an action code
    that is also a word, such as ``passe``, only when declared: ``numx=17``)."""
    slugs = set(deck.actions) - _WORDS

    def name(match: re.Match[str]) -> str:
        token = match.group(1)
        if token.islower() and token.split("=")[0] not in slugs and "=" not in token:
            return token
        try:
            return card_name(deck, deck.parse(token), lang)
        except (CardCodeError, KeyError):
            return token

    return CODE.sub(name, text)


def for_players(text: str, deck: Deck, lang: str) -> str:
    """``text`` as the player's book prints it: cards in words, no bracketed rule IDs.

    >>> from cardforge.deck import load_deck
    >>> for_players("RB3 est un Rainbow seul : 0 pt (NUMWIN-R2)", load_deck("numwin"), "fr")
    'Rainbow 3 est un Rainbow seul : 0 pt'
    """
    text = _DOUBLED.sub(r"\1", in_words(_CITED.sub("", text), deck, lang))
    return _NAMED_TWICE.sub(r"\1 \2 \3", _NAMED_THEN_COLON.sub(r"\1 \2", text))


#: "la Shadow SH3" in words reads "la Shadow Shadow 3": the family is said once.
_DOUBLED = re.compile(r"\b(Shadow|Rainbow) \1\b")
#: "Rainbow 9 is a Rainbow: draw again" says it twice too, but has nothing after the family to
#: keep: "Rainbow 9: draw again" (not "Rainbow 9 is: …").
_NAMED_THEN_COLON = re.compile(r"\b(Shadow|Rainbow) (\d+) (?:est|is) (?:une|un|a) \1(?=[\s\u00a0\u202f]*:)")
#: "Rainbow 12 est une Rainbow seule" says the family twice: "Rainbow 12 est seule".
_NAMED_TWICE = re.compile(r"\b(Shadow|Rainbow) (\d+) (est|is) (?:une|a) \1\b")
