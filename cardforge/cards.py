"""The card system shared by all five games: families, values, action cards and their notation.

A numbered card is written as its family code followed by its value (``R7``, ``RB7``, ``SH0``,
``V12``); an action card as its lowercase slug without accents (``flash``, ``passe``); Num-X with
its declared value as ``numx=17``.  Parsing is case-insensitive and ``Card.code`` formats back::

    >>> import cardforge.deck  # the deck package gives the system its default: the base deck's
    >>> system = CardSystem.default()
    >>> card = system.parse("rb7")
    >>> card.code, card.family, card.value
    ('RB7', 'RB', 7)
    >>> system.parse("NumX=0").code
    'numx=0'

The family codes, names and value ranges come from ``decks/base.yaml`` (see ``cardforge.deck``,
which wires them in through ``set_default_system`` when it is imported); nothing here
hard-codes them, and this module imports nothing of the decks.
A deck narrows the system to the cards it really contains
(``Deck.parse``), so ``RB17`` is rejected in ``tricks`` with a suggestion.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from cardforge.errors import CardCodeError
from cardforge.i18n import Message

__all__ = [
    "ABSENT",
    "FamilyKind",
    "Text",
    "Family",
    "ActionDef",
    "Card",
    "CardSystem",
    "parse_card",
    "parse_cards",
    "format_cards",
    "set_default_system",
    "split_cards",
]


class FamilyKind(str, Enum):
    """What a family is, for the rules: the four classic colours, Rainbow, Shadow, or an extra
    colour family (``tricks`` from 7 players)."""

    CLASSIC = "classic"
    RAINBOW = "rainbow"
    SHADOW = "shadow"
    EXTRA = "extra"


#: a field one language of a row lacks (``Text(fr=…, en=ABSENT)``): not there when read in it
ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "ABSENT"})()


@dataclass(frozen=True, slots=True)
class Text:
    """A text in French and English."""

    fr: str
    en: str

    def __call__(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True, slots=True)
class Family:
    """A card family as the base deck defines it (code, kind, names, the widest value range)."""

    code: str
    kind: FamilyKind
    name: Text
    min_value: int
    max_value: int

    @property
    def is_colour(self) -> bool:
        """True for the four classic colours and the extra family (not Rainbow/Shadow)."""
        return self.kind in (FamilyKind.CLASSIC, FamilyKind.EXTRA)


@dataclass(frozen=True, slots=True)
class ActionDef:
    """An action card of the family: its slug, names, and the values it may declare (Num-X)."""

    slug: str
    name: Text
    declare: tuple[int, ...] = ()


_NUMBERED = re.compile(r"^([A-Za-z]+)(\d+)$")
_ACTION = re.compile(r"^([A-Za-z][A-Za-z_-]*)(?:=(-?\d+))?$")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card.  Exactly one of ``family`` (numbered card) or ``action`` is set.

    For Num-X, ``value`` is the declared value once declared (``numx=17``), else ``None``.
    Cards are small immutable values: two physical copies of ``R7`` compare equal.
    """

    family: str | None = None
    value: int | None = None
    action: str | None = None

    def __copy__(self) -> Card:
        return self  # an immutable value: a copied game state shares its cards

    def __deepcopy__(self, memo: dict) -> Card:
        return self

    @property
    def is_action(self) -> bool:
        return self.action is not None

    @property
    def is_numbered(self) -> bool:
        return self.action is None

    @property
    def code(self) -> str:
        """The card's notation, e.g. ``R7``, ``RB16``, ``flash``, ``numx=17``."""
        if self.action is None:
            return f"{self.family}{self.value}"
        if self.value is None:
            return self.action
        return f"{self.action}={self.value}"

    def undeclared(self) -> Card:
        """The physical card: Num-X without its declared value (identity for other cards)."""
        if self.action is not None and self.value is not None:
            return Card(action=self.action)
        return self

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


@dataclass(frozen=True)
class CardSystem:
    """The families and action cards of the whole game family, read from the base deck."""

    families: dict[str, Family]
    actions: dict[str, ActionDef]

    @classmethod
    def default(cls) -> CardSystem:
        """The default system: whatever ``set_default_system`` was given (``cardforge.deck``
        wires in the one ``decks/base.yaml`` defines; this module does not know how decks are loaded)."""
        if _default_provider is None:
            raise RuntimeError("no default card system: import cardforge.deck (or call cardforge.cards.set_default_system)")
        return _default_provider()

    # -- lookups -----------------------------------------------------------------------------

    def family(self, code: str) -> Family:
        return self.families[code]

    def codes_of_kind(self, kind: FamilyKind) -> tuple[str, ...]:
        """Family codes of one kind, in base-deck order (e.g. the classic colours R G B Y)."""
        return tuple(code for code, fam in self.families.items() if fam.kind is kind)

    def kind_of(self, card: Card) -> FamilyKind | None:
        """The family kind of a numbered card; ``None`` for an action card."""
        return None if card.family is None else self.families[card.family].kind

    def all_codes(self) -> list[str]:
        """Every valid card code of the system (for suggestions)."""
        codes = [f"{c}{v}" for c, f in self.families.items() for v in range(f.min_value, f.max_value + 1)]
        for slug, action in self.actions.items():
            codes.append(slug)
            codes.extend(f"{slug}={v}" for v in action.declare)
        return codes

    # -- notation ----------------------------------------------------------------------------

    def parse(self, token: str) -> Card:
        """Parse one card code (case-insensitive); raise ``CardCodeError`` with a suggestion."""
        card = self.parse_syntax(token)
        if card.family is not None:
            family = self.families[card.family]
            if not family.min_value <= card.value <= family.max_value:
                raise self._unknown(
                    token,
                    f"{family.name.en} values are {family.min_value}\u2013{family.max_value}",
                    why_message=Message("error.card.range", name=family.name, low=family.min_value,
                                        high=family.max_value),
                )
        return card

    def parse_syntax(self, token: str) -> Card:
        """Parse a code whose family or action exists, without checking the value range."""
        if not isinstance(token, str):
            raise CardCodeError(f"card code must be text, got {token!r}", str(token))
        text = token.strip()
        if not text:
            raise CardCodeError("empty card code: expected e.g. R7, RB12, SH3, flash or numx=17", token)
        match = _NUMBERED.match(text)
        if match:
            code, digits = match.group(1).upper(), match.group(2)
            family = self.families.get(code)
            if family is None:
                if code.lower() in self.actions:
                    raise CardCodeError(
                        f"unknown card {token!r}: action cards take no number"
                        + (f" (did you mean '{code.lower()}'?)" if not self.actions[code.lower()].declare
                           else f" except '{code.lower()}=VALUE'"),
                        token,
                        code.lower(),
                    )
                suggestion, hint = family_hint(token, code, digits, self.families.values())
                if suggestion is None and len(code) == 1:
                    suggestion = ""  # one unknown letter: any family picked by spelling is a wrong colour
                why = Message("error.card.no_family", code=repr(code), known=named_families(self.families.values()))
                raise self._unknown(token, why.text("en"), suggestion=suggestion, why_message=why, hint=hint or None)
            return Card(family=code, value=int(digits))
        match = _ACTION.match(text)
        if match:
            slug = match.group(1).lower().replace("-", "").replace("_", "")
            action = self.actions.get(slug)
            if action is None:
                raise self._unknown(token, "no such action card", why_message=Message("error.card.no_action"))
            if match.group(2) is None:
                return Card(action=slug)
            value = int(match.group(2))
            if not action.declare:
                raise self._unknown(token, f"{action.name.en} takes no declared value", suggestion=slug)
            if value not in action.declare:
                allowed = " or ".join(f"{slug}={v}" for v in action.declare)
                raise self._unknown(token, f"{action.name.en} is declared as {allowed}", suggestion=f"{slug}={action.declare[-1]}")
            return Card(action=slug, value=value)
        raise self._unknown(token, "expected a family code and a value (R7, RB12, SH0) or an action slug (flash, numx=17)",
                            why_message=Message("error.card.syntax"))

    def _unknown(self, token: str, why: str, suggestion: str | None = None,
                 why_message: Message | None = None, hint: Message | None = None) -> CardCodeError:
        """``suggestion``: ``None`` looks for the nearest code, ``""`` proposes none."""
        from cardforge.i18n import localised

        if suggestion is None:
            suggestion = nearest(token, self.all_codes())
        if hint is None and suggestion:
            hint = Message("error.card.hint", suggestion=repr(suggestion))
        english = hint.text("en") if hint else ""
        error = CardCodeError(f"unknown card {token!r}: {why}{english}", token, suggestion or None)
        if why_message is None:
            return error
        return localised(error, Message("error.card.unknown", token=repr(token), why=why_message, hint=hint or ""))

    def parse_many(self, tokens: Iterable[str] | str) -> list[Card]:
        """Parse several codes: a string, or each string of a list, is split on whitespace and
        commas (``split_cards``)."""
        return [self.parse(t) for t in split_cards(tokens)]

    def name(self, card: Card, lang: str = "en") -> str:
        """A card's readable name, e.g. ``Rainbow 7`` / ``Rainbow 7``, ``Num-X (17)``."""
        if card.action is not None:
            base = self.actions[card.action].name(lang)
            return base if card.value is None else f"{base} ({card.value})"
        return f"{self.families[card.family].name(lang)} {card.value}"


_default_provider: Callable[[], CardSystem] | None = None


def set_default_system(provider: Callable[[], CardSystem]) -> None:
    """Say where ``CardSystem.default()`` (and ``parse_card`` without a deck) gets its system."""
    global _default_provider
    _default_provider = provider


def by_french_initial(code: str, families: Iterable[Family]) -> Family | None:
    """The family a French player means by ``code`` when it is not a code of ``families``: the
    one whose French name starts with it and whose code is another letter (``V`` → Vert, written
    ``G``; ``J`` → Jaune, written ``Y``).  Card codes follow the English initials only: ``V`` is
    also Violet's code, so a French initial is explained with its right code, never read as it."""
    families = list(families)
    if any(f.code == code for f in families):
        return None
    hits = [f for f in families if len(code) == 1 and f.name.fr[:1].upper() == code != f.name.en[:1].upper()]
    return hits[0] if len(hits) == 1 else None


def family_hint(token: str, code: str, value: str, families: Iterable[Family]) -> tuple[str | None, Any]:
    """The suggestion and hint for a card whose family ``code`` is unknown: the right code of
    a French initial (``V5`` → ``G5``, Vert) or none — never another colour picked by spelling."""
    from cardforge.i18n import Message

    family = by_french_initial(code, families)
    if family is None:
        return None, ""
    suggestion = f"{family.code}{value}"
    return suggestion, Message("error.card.french_initial", initial=code, name=family.name, french=family.name.fr, code=family.code,
                               suggestion=repr(suggestion))


def named_families(families: Iterable[Family]) -> list[Any]:
    """Each family as ``code (name)`` in the reader's language, for a list in a message."""
    from cardforge.i18n import Message

    return [Message("card.family_named", code=f.code, name=f.name) for f in families]


def nearest(token: str, candidates: Sequence[str]) -> str | None:
    """The candidate closest to ``token`` (case-insensitive), or ``None`` if nothing is close."""
    import difflib  # only when a suggestion is needed

    lowered = {c.lower(): c for c in candidates}
    hits = difflib.get_close_matches(token.strip().lower(), list(lowered), n=1, cutoff=0.5)
    return lowered[hits[0]] if hits else None


class CardParser(Protocol):
    """Anything that parses a card code against its cards (a ``Deck``, a ``CardSystem``)."""

    def parse(self, token: str) -> Card: ...


def parse_card(token: str, deck: CardParser | None = None) -> Card:
    """Parse a card code, checked against ``deck`` when given, else against the whole system."""
    if deck is not None:
        return deck.parse(token)
    return CardSystem.default().parse(token)


def split_cards(tokens: Iterable[str] | str) -> list[str]:
    """The one card-list notation: codes separated by spaces or commas, in one string or spread
    over several (command-line arguments); empty items are dropped.

    >>> split_cards("R7, RB3 SH0"), split_cards(["R7,G7", "B2"])
    (['R7', 'RB3', 'SH0'], ['R7', 'G7', 'B2'])
    """
    if isinstance(tokens, str):
        tokens = [tokens]
    return [code for token in tokens for code in token.replace(",", " ").split()]


def parse_cards(tokens: Iterable[str] | str, deck: CardParser | None = None) -> list[Card]:
    """Parse several card codes (``split_cards`` notation)."""
    return [parse_card(t, deck) for t in split_cards(tokens)]


def format_cards(cards: Iterable[Card]) -> str:
    """Codes separated by spaces: the inverse of ``parse_cards``."""
    return " ".join(card.code for card in cards)
