"""End to end in a real headless Chromium at 375×740: a match started and played through the
page as a phone user would — tapping card pictures, typing codes, undoing, switching language —
with screenshots saved (``CARDFORGE_SCREENSHOTS``, default /tmp/cardforge-screenshots)."""

from __future__ import annotations

import pytest

from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from tests.web_browser import require_browser, screenshot, start_browser
from tests.web_support import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_browser()
    folder = tmp_path_factory.mktemp("web")
    srv = Server(folder / "table.sqlite3", folder / "cache")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser(server, tmp_path_factory):
    driver = start_browser(tmp_path_factory.mktemp("profile"))
    yield driver
    driver.quit()


def _wait(driver, condition, timeout: float = 10.0):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def _css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def _all(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def _fits_the_phone(driver) -> None:
    """No horizontal scrolling, and every button or field is a large tap target."""
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 375
    small = driver.execute_script("""
        return [...document.querySelectorAll('button, input, select, .button, summary')]
          .filter(e => e.offsetParent !== null)
          .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().height])
          .filter(([_, h]) => h < 32);""")
    assert small == []


def _pictures_loaded(driver) -> bool:
    return driver.execute_script(
        "return [...document.querySelectorAll('details[open] button.pick img')].every(i => i.complete && i.naturalWidth > 0)")


def _new_match(driver, server, game: str, players: str) -> int:
    from selenium.webdriver.support.ui import Select

    driver.get(server.url + "/")
    Select(_css(driver, "#game")).select_by_value(game)
    _css(driver, "#players").send_keys(players)
    _css(driver, "form[action='/matches'] button[type=submit]").click()
    _wait(driver, lambda d: "/m/" in d.current_url)
    return int(driver.current_url.rsplit("/", 1)[1])


def test_a_rows_round_entered_by_tapping_cards(server, browser):
    match = _new_match(browser, server, "rows", "Ana, Ben, Chloé")
    _wait(browser, _pictures_loaded, timeout=30)
    _fits_the_phone(browser)
    _css(browser, "#p0_cards").click()
    for code in ("R5", "R9"):
        _css(browser, f"button.pick[data-code='{code}']").click()
    _css(browser, ".fam-RB summary").click()
    _css(browser, "button.pick[data-code='RB3']").click()
    assert _css(browser, "#p0_cards").get_attribute("value") == "R5,R9,RB3"
    _css(browser, "#p1_cards").send_keys("G4,SH2")
    _css(browser, ".entry button[type=submit]").click()
    _wait(browser, lambda d: "Round 1" in _css(d, "#sheet").text)
    sheet = _css(browser, "#sheet").text
    assert "R5 R9 RB3" in sheet and "+17" in sheet
    screenshot(browser, "rows-sheet")
    with Store(server.db) as store:  # the page wrote to the CLI's store
        assert Scorekeeper(store).standings(match).rounds[0].typed == ("Ana=R5,R9,RB3", "Ben=G4,SH2")


def test_a_refused_entry_shows_the_cli_message_and_keeps_the_typing(server, browser):
    match = _new_match(browser, server, "rows", "Ana, Ben")
    _css(browser, "#p0_cards").send_keys("R5,RB17")
    _css(browser, ".entry button[type=submit]").click()
    error = _wait(browser, lambda d: _all(d, "#error"))[0]
    assert "unknown card 'RB17': Rainbow values are 0–16 in rows; did you mean 'RB16'?" in error.text
    assert _css(browser, "#p0_cards").get_attribute("value") == "R5,RB17"
    with Store(server.db) as store:
        assert Scorekeeper(store).standings(match).rounds == ()


def test_a_tricks_round_and_undo_in_french(server, browser):
    match = _new_match(browser, server, "tricks", "Ana, Ben, Chloé")
    browser.find_element("link text", "Français").click()
    _wait(browser, lambda d: d.find_element("tag name", "html").get_attribute("lang") == "fr")
    for i, (bid, won) in enumerate([("1", "1"), ("0", "0"), ("1", "0")]):
        _css(browser, f"input[name=p{i}_bid]").send_keys(bid)
        _css(browser, f"input[name=p{i}_won]").send_keys(won)
    _css(browser, ".entry button[type=submit]").click()
    _wait(browser, lambda d: "Manche 1" in _css(d, "#sheet").text)
    _fits_the_phone(browser)
    screenshot(browser, "tricks-sheet-fr")
    _css(browser, ".undo button").click()
    _wait(browser, lambda d: "Manche 1" not in _css(d, "#sheet").text)
    with Store(server.db) as store:
        assert Scorekeeper(store).standings(match).rounds == ()
