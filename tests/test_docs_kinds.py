"""The docs keep their kinds apart (issue 24: the game pages mixed the referee how-to with engine
internals, benchmarks and test lists): each game page is for the table, ``docs/engines.md``
explains how every engine is built, tested and measured."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT

GAME_PAGES = ["rows.md", "tricks.md", "numwin.md", "pushluck.md"]
DEVELOPER_HEADINGS = re.compile(r"^#+ .*(Engine|engine|Modules|Tests and benchmark|Speed|Pure functions)", re.M)


@pytest.mark.parametrize("page", GAME_PAGES)
def test_a_game_page_is_for_the_table_and_points_to_its_engine(page):
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    assert not DEVELOPER_HEADINGS.findall(text), DEVELOPER_HEADINGS.findall(text)
    assert "at the table" in text.splitlines()[0] and "(engines.md#" in text


def test_the_engines_page_has_a_section_per_game_and_each_anchor_resolves():
    engines = (ROOT / "docs" / "engines.md").read_text(encoding="utf-8")
    anchors = {re.sub(r"[^\w\- ]", "", h.lower()).strip().replace(" ", "-")
               for h in re.findall(r"^## (.+)$", engines, re.M)}
    for page in GAME_PAGES:
        wanted = re.search(r"\(engines\.md#([^)]+)\)", (ROOT / "docs" / page).read_text(encoding="utf-8")).group(1)
        assert wanted in anchors, (page, wanted, anchors)
    assert engines.count("### Tests and benchmark") >= 3
