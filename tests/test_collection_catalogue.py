"""The ``collection`` rule catalogue: every sentence of sheet 000 is a rule whose French is the
designer's own text, and every rule and ruling is exercised by a test."""

from __future__ import annotations

import pytest

from cardforge.rules import load_rules
from tests.pushluck_support import SEEDS, cited_in_tests, sheet_holds

GAME, SHEET = "collection", SEEDS / "000_30f2835530b5dd2e.txt"
BOOK = load_rules(GAME)


@pytest.mark.skipif(not SHEET.is_file(), reason="the designer's sheets are not in this checkout")
@pytest.mark.parametrize("rule", [r for s in BOOK.sections for r in s.rules], ids=lambda r: r.id)
def test_french_is_the_sheets_text(rule):
    assert sheet_holds(SHEET.read_text(encoding="utf-8"), rule.text.fr), rule.text.fr


def test_every_rule_and_ruling_has_a_test():
    cited = cited_in_tests(GAME)
    missing = [rid for rid in BOOK.ids() if rid not in cited]
    assert not missing


def test_ids_are_numbered_by_section():
    for section in BOOK.sections:
        assert [r.id for r in section.rules] == [f"COLLECTION-{section.id}.{n}" for n in range(1, len(section.rules) + 1)]
