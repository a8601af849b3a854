"""axe-core (npm's ``axe-core``, see tests/web_axe.py) on every page of the site in both
languages, in Chromium at 375×740: no serious or critical violation.  The pages: the home page,
a match of each game with moves made and rounds on the grid, a match that is over, the five
referees, the error page and the join form."""

from __future__ import annotations

import pytest

from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from tests.web_axe import require_axe, serious_violations
from tests.web_browser import served, start_browser, wait
from tests.web_support import client

GAMES = ("rows", "tricks", "sequence", "collection", "numwin")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from served(tmp_path_factory, "axe")


@pytest.fixture(scope="module")
def axe(server):
    return require_axe()


@pytest.fixture(scope="module")
def pages(server):
    """Every page to check, with matches in every state a table meets."""
    with Store(server.db) as store:
        keeper = Scorekeeper(store)
        for game in GAMES:
            keeper.new_match(game, "Ana,Ben,Chloé")
        keeper.record_round(["Ana=R5,R9,RB3", "Ben=G4", "Chloé=-"], match_id=1)
        keeper.record_round(["Ana=small_straight:R3,G4,B5", "Ben=-", "Chloé=-"], match_id=4)
        keeper.new_match("rows", "Ana,Ben")
        while not keeper.standings(6).outcome.over:
            keeper.record_round(["Ana=R5,R9,RB16", "Ben=G4"], match_id=6)
    assert server.post("/m/1/move", {"n0": "Ana", "c0": "R7", "n1": "Ben", "c1": "SH3", "n2": "Chloé", "c2": "B5"}) == 303
    assert server.post("/m/3/move", {"n0": "Ana", "c0": "R3"}) == 303
    # Num Win followed card by card, left mid-game (match 7): the page shows the engine's moves as buttons
    from tests.web_evenings import EVENINGS, played_in_process
    from tests.web_support import client

    assert played_in_process(client(server.db), EVENINGS["numwin"](), steps=5) == 7
    return ["/", *(f"/m/{n}" for n in range(1, 8)), *(f"/referee/{g}" for g in GAMES), "/m/999"]


def _check(driver, axe: str) -> list[str]:
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")
    return serious_violations(driver, axe)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_page_has_a_serious_accessibility_violation(server, axe, pages, lang, tmp_path):
    driver = start_browser(tmp_path / "profile")
    try:
        found = {}
        for page in pages:
            driver.get(f"{server.url}/lang/{lang}?next={page}")
            assert driver.find_element("tag name", "html").get_attribute("lang") == lang
            found[page] = _check(driver, axe)
        # the join form (only on the LAN): the page the server sends, in this browser
        join = client(server.db, join_code="482913").get("/join", headers={"Accept-Language": lang}).text
        driver.get(f"{server.url}/ping")
        driver.execute_script("document.open(); document.write(arguments[0]); document.close();", join)
        found["/join"] = _check(driver, axe)
    finally:
        driver.quit()
    assert {page: v for page, v in found.items() if v} == {}
