"""``cardforge.games.chance.shuffle`` draws exactly the stream of ``random.Random.shuffle``:
same order, and the generator left in the same state, for every size and many seeds."""

from __future__ import annotations

import random

from cardforge.games.chance import shuffle


def test_same_order_and_same_stream_as_random_shuffle():
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        for size in (0, 1, 2, 3, 7, 31, 32, 33, 57, 64, 114, 122, 255, 256, 257, 300):
            a, b = list(range(size)), list(range(size))
            theirs.shuffle(a)
            shuffle(ours, b)
            assert b == a, (seed, size)
        assert ours.getstate() == theirs.getstate()


def test_a_random_subclass_shuffles_its_own_way():
    class Fixed(random.Random):
        def random(self) -> float:
            return 0.0

    items = list(range(10))
    expected = list(items)
    Fixed(1).shuffle(expected)
    shuffle(Fixed(1), items)
    assert items == expected


def test_a_list_longer_than_the_table_shuffles_as_the_library_does():
    ours, theirs = random.Random(3), random.Random(3)
    a, b = list(range(1500)), list(range(1500))
    theirs.shuffle(a)
    shuffle(ours, b)
    assert a == b and ours.getstate() == theirs.getstate()
