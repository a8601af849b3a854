"""``cardforge.games.chance.shuffle`` is ``random.Random.shuffle``, draw for draw: same seeds give
the same decks (and leave the generator in the same state), so the golden games replay."""

from __future__ import annotations

import random

import pytest

from cardforge.games.chance import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 64, 110, 1024, 1025, 3000])
def test_shuffle_is_random_shuffle(size):
    for seed in range(25):
        ours, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(a, ours)
        b.shuffle(theirs)
        assert ours == theirs
        assert a.getstate() == b.getstate()


def test_a_generator_drawing_otherwise_uses_its_own_shuffle():
    class Counting(random.Random):
        def random(self):  # overriding random() alone makes Random draw without getrandbits
            return super().random()

    ours, theirs = list(range(50)), list(range(50))
    shuffle(Counting(3), ours)
    Counting(3).shuffle(theirs)
    assert ours == theirs
