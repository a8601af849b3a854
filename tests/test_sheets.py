"""tests/sheets/ holds copies of the designer's rule sheets (../shared/seeds), so that the tests
that quote them run on any machine; they must stay identical to the originals."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.paths import seeds_dir

COPIES = Path(__file__).parent / "sheets"


def test_all_five_sheets_are_copied():
    assert len(sorted(COPIES.glob("00[0-4]_*.txt"))) == 5


@pytest.mark.skipif(seeds_dir() is None, reason="../shared/seeds is not beside this checkout")
def test_copies_match_the_designer_sheets():
    originals = seeds_dir()
    for copy in COPIES.glob("*.txt"):
        assert copy.read_bytes() == (originals / copy.name).read_bytes(), copy.name
