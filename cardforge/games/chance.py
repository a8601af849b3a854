"""Chance for the engines: a shuffle that draws exactly the random stream of
``random.Random.shuffle``, without its per-card method calls.

The engines shuffle whole decks at every round, which made ``random.shuffle`` (one
``_randbelow`` call per card) a large share of a simulated game.  ``shuffle`` does the same
Fisher–Yates walk with the same ``getrandbits`` draws (CPython's ``_randbelow_with_getrandbits``),
so a seeded game deals the same cards and the golden playthroughs stay byte-identical.

>>> import random
>>> a, b = list(range(52)), list(range(52))
>>> random.Random(7).shuffle(a); shuffle(b, random.Random(7)); a == b
True
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["shuffle"]

#: ``(i + 1).bit_length()``: the bits ``randbelow(i + 1)`` draws, for the sizes a deck reaches
_BITS = tuple((i + 1).bit_length() for i in range(256))


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place, exactly as ``rng.shuffle(items)`` would."""
    if type(rng) is not random.Random or len(items) > len(_BITS):  # a subclass may draw otherwise
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(items) - 1, 0, -1):  # j = randbelow(i + 1): draw k bits until j <= i
        k = bits[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
