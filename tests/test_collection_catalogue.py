"""The ``collection`` rule catalogue: every sentence and table line of sheet 000 is a rule whose
French is the designer's own text, and every rule and ruling is exercised by a test."""

from tests.pushluck_support import catalogue_tests

test_french_is_the_sheets_text, test_every_rule_and_ruling_has_a_test, test_ids_are_numbered_by_section = \
    catalogue_tests("collection", "000_30f2835530b5dd2e.txt")
