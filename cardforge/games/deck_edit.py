"""A deck with some cards removed or replaced: the designer's ablation (``flip=``: every Flip
taken out) and swap (``flip=swipe``: every Flip replaced by a Swipe) experiments.

The engines' deck builders pass their card list through ``edit_cards`` when built with the
option ``deck_edit="CODE=OTHER,CODE=,…"``.  A replacement is a card object already in the deck
(the engines keep per-card tables keyed by those objects), so a swap keeps the deck's size and
every position of every shuffle: the same seed deals the same hands with the swapped card where
the other was.  A removal shortens the deck, so only the seeds are shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError

__all__ = ["parse_deck_edit", "edit_cards", "DeckEdit"]

#: (code, replacement code or ``None`` to remove), lower-case, in the order given
DeckEdit = tuple[tuple[str, str | None], ...]


def parse_deck_edit(value: Any) -> DeckEdit:
    """``"flip=,flash=swipe"`` (or an already parsed edit) as a ``DeckEdit``."""
    if not value:
        return ()
    if isinstance(value, tuple):
        return value
    edits = []
    for part in str(value).split(","):
        code, sep, other = (p.strip().lower() for p in part.partition("="))
        if not sep or not code:
            raise UsageError(f"deck_edit {part.strip()!r}: expected CARD= (remove) or CARD=OTHER (replace), e.g. flip=swipe")
        edits.append((code, other or None))
    return tuple(edits)


def edit_cards(cards: Sequence[Any], edits: DeckEdit, game: str) -> tuple[Any, ...]:
    """``cards`` with each edit applied (every copy of a card); ``UsageError`` naming the deck's
    codes for a card it does not have."""
    if not edits:
        return tuple(cards)
    own: dict[str, Any] = {}
    for card in cards:
        own.setdefault(card.code.lower(), card)
    for code, other in edits:
        for name in (code, other):
            if name is not None and name not in own:
                from cardforge.cards import nearest

                guess = nearest(name, list(own))
                hint = f"; did you mean {guess!r}?" if guess else ""
                raise UsageError(f"deck_edit: no card {name!r} in the {game} deck{hint}")
    table = dict(edits)
    out = []
    for card in cards:
        code = card.code.lower()
        if code not in table:
            out.append(card)
        elif table[code] is not None:
            out.append(own[table[code]])
    return tuple(out)
