"""Seeded chance for the engines: ``random.Random.shuffle``'s exact stream, drawn faster.

``shuffle(rng, items)`` leaves ``items`` (and ``rng``) exactly as ``rng.shuffle(items)`` does —
the same Fisher–Yates swaps from the same ``getrandbits`` calls — without a Python call per
card, so a seed replays the same games (the golden playthroughs stay byte-identical)::

    >>> import random
    >>> a, b = list(range(20)), list(range(20))
    >>> random.Random(7).shuffle(a); shuffle(random.Random(7), b)
    >>> a == b
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a referee ruling imports the engines but plays no seeded game
    import random

__all__ = ["shuffle", "redeal", "reseeded", "card_code"]

#: ``n.bit_length()`` for the sizes a deck reaches (what ``Random._randbelow`` asks for)
_BITS = tuple(n.bit_length() for n in range(1025))
#: list size → its shuffle's draws in order, as (index, bit size)
_DRAWS: dict[int, tuple[tuple[int, int], ...]] = {}
#: generator classes known to draw as ``random.Random`` does (found on the first shuffle)
_EXACT: set[type] = set()


def _draws_as_library(cls: type) -> bool:
    from random import Random

    if cls._randbelow is Random._randbelow_with_getrandbits:  # type: ignore[attr-defined]
        _EXACT.add(cls)
        return True
    return False


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would."""
    n = len(items)
    if n >= len(_BITS) or (type(rng) not in _EXACT and not _draws_as_library(type(rng))):
        rng.shuffle(items)  # a generator drawing otherwise (or a huge list): its own method
        return
    draws = _DRAWS.get(n)
    if draws is None:
        draws = _DRAWS[n] = tuple((i, _BITS[i + 1]) for i in range(n - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, k in draws:
        # Random._randbelow_with_getrandbits(i + 1), inlined: k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def redeal(rng: random.Random, zones: list[list[Any]], key: Callable[[Any], Any] | None = None) -> None:
    """Gather the cards of ``zones``, shuffle them from ``rng`` and deal them back, the same
    number to each zone (a determinization: the hidden cards of one player's information set).
    The cards are put in order (``key``) before the shuffle, so what is dealt depends on which
    cards are hidden, never on where they were: the same ``rng`` deals the same way for every
    position the player cannot tell apart."""
    pool = sorted([card for zone in zones for card in zone], key=key)
    rng.shuffle(pool)
    start = 0
    for zone in zones:
        end = start + len(zone)
        zone[:] = pool[start:end]
        start = end


def card_code(card: Any) -> str:
    """A card's code: the order ``redeal`` sorts cards in."""
    return card.code


def reseeded(rng: random.Random) -> random.Random:
    """A new generator for an engine's future chance, drawn from ``rng``."""
    import random as _random

    return _random.Random(rng.getrandbits(64))
