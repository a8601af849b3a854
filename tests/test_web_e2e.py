"""End to end in a real headless Chromium at 375×740: a match started and played through the
page as a phone user would — tapping card pictures, typing codes, undoing, switching language —
with screenshots saved (``CARDFORGE_SCREENSHOTS``, default /tmp/cardforge-screenshots)."""

from __future__ import annotations

import pytest

from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from tests.web_browser import all_of as _all
from tests.web_browser import click as _click
from tests.web_browser import css as _css
from tests.web_browser import fits_the_phone as _fits_the_phone
from tests.web_browser import new_match as _new_match
from tests.web_browser import screenshot, served, start_browser
from tests.web_browser import submit as _submit
from tests.web_browser import tap as _tap
from tests.web_browser import wait as _wait


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from served(tmp_path_factory, "web")


@pytest.fixture(scope="module")
def browser(server, tmp_path_factory):
    driver = start_browser(tmp_path_factory.mktemp("profile"))
    yield driver
    driver.quit()


def _pictures_loaded(driver) -> bool:
    return driver.execute_script(
        "return [...document.querySelectorAll('#live img')].every(i => i.complete && i.naturalWidth > 0)")


def test_a_rows_round_entered_by_tapping_cards(server, browser):
    match = _new_match(browser, server, "rows", "Ana, Ben, Chloé")
    _wait(browser, _pictures_loaded)
    _fits_the_phone(browser)
    _click(browser, "details.by-hand summary")  # the live table is first; a round by hand is folded
    _click(browser, "#p0_cards")
    for code in ("R5", "R9", "RB3"):
        _tap(browser, code)
    assert _css(browser, "#p0_cards").get_attribute("value") == "R5,R9,RB3"
    _css(browser, "#p1_cards").send_keys("G4,SH2")
    _click(browser, ".entry button[type=submit]")
    _wait(browser, lambda d: len(_all(d, "#sheet details.round")) == 1)
    sheet = _css(browser, "#sheet").text
    assert "R5 R9 RB3" in sheet and "+17" in sheet
    screenshot(browser, "rows-sheet")
    with Store(server.db) as store:  # the page wrote to the CLI's store
        assert Scorekeeper(store).standings(match).rounds[0].typed == ("Ana=R5,R9,RB3", "Ben=G4,SH2")


def test_the_card_pictures_work_from_the_keyboard(server, browser):
    from selenium.webdriver.common.keys import Keys

    _new_match(browser, server, "rows", "Ana, Ben")
    _css(browser, "#c0").click()
    _css(browser, ".picker button.tab[data-tab='R']").send_keys(Keys.ENTER)  # the colour tabs too
    picture = _css(browser, "button.pick[data-code='R3']")
    browser.execute_script("arguments[0].focus()", picture)
    picture.send_keys(Keys.ENTER)
    assert _css(browser, "#c0").get_attribute("value") == "R3"
    assert "active" in _css(browser, "#c1").get_attribute("class")  # the next seat's turn


def test_a_refused_entry_shows_the_cli_message_and_keeps_the_typing(server, browser):
    match = _new_match(browser, server, "rows", "Ana, Ben")
    _click(browser, "details.by-hand summary")
    _css(browser, "#p0_cards").send_keys("R5,RB17")
    _click(browser, ".entry button[type=submit]")
    error = _wait(browser, lambda d: _all(d, "#error"))[0]
    assert "unknown card 'RB17': Rainbow values are 0–16 in Num Rows; did you mean 'RB16'?" in error.text
    assert _css(browser, "#p0_cards").get_attribute("value") == "R5,RB17"
    with Store(server.db) as store:
        assert Scorekeeper(store).standings(match).rounds == ()


def test_a_tricks_round_and_undo_in_french(server, browser):
    match = _new_match(browser, server, "tricks", "Ana, Ben, Chloé")
    browser.find_element("link text", "Français").click()
    _wait(browser, lambda d: d.find_element("tag name", "html").get_attribute("lang") == "fr")
    _click(browser, "details.by-hand summary")  # the live table first; a round by hand is folded
    for i, (bid, won) in enumerate([("1", "1"), ("0", "0"), ("1", "0")]):
        _css(browser, f"input[name=p{i}_bid]").send_keys(bid)
        _css(browser, f"input[name=p{i}_won]").send_keys(won)
    _click(browser, ".entry button[type=submit]")
    _wait(browser, lambda d: len(_all(d, "#sheet details.round")) == 1)
    _fits_the_phone(browser)
    screenshot(browser, "tricks-sheet-fr")
    _click(browser, "#sheet ~ .undo button")
    _wait(browser, lambda d: not _all(d, "#sheet details.round"))
    with Store(server.db) as store:
        assert Scorekeeper(store).standings(match).rounds == ()


ANA = ["R1", "R2", "R3", "R4", "R6", "R8", "B3", "B4", "Y5", "G7"]
BEN = ["SH1", "G2", "G3", "B5", "Y1", "Y2", "Y3", "R10", "RB4", "G11"]


def test_a_whole_rows_round_on_the_live_table(server, browser):
    match = _new_match(browser, server, "rows", "Ana, Ben")
    _wait(browser, _pictures_loaded)
    for n, (a, b) in enumerate(zip(ANA, BEN, strict=True), 1):
        _tap(browser, a)
        _tap(browser, b)  # the first field handed over to the second after the first tap
        assert [_css(browser, f"#c{i}").get_attribute("value") for i in (0, 1)] == [a, b]
        expected = f"Reveals {n}/10" if n < 10 else "Round 2 · Reveals 0/10"
        _submit(browser, "form.move button[type=submit]", lambda d, e=expected: e in _css(d, "#live h2").text)
        if n == 4:
            _click(browser, ".verdict details.why summary")  # the steps behind "Why?"
            assert "ROWS-" in _css(browser, ".verdict").text
            _fits_the_phone(browser)
            _wait(browser, lambda d: d.execute_script(
                "return [...document.querySelectorAll('#live .table-rows img')].every(i => i.complete && i.naturalWidth > 0)"))
            screenshot(browser, "rows-live")
    with Store(server.db) as store:
        rounds = Scorekeeper(store).standings(match).rounds
    assert len(rounds) == 1
    assert len(_all(browser, "#sheet details.round")) == 1
    screenshot(browser, "rows-round-over")


def test_a_tricks_round_seat_by_seat(server, browser):
    """Bids first, then the trick seat by seat; the engine ends each round and puts it onto the
    score sheet by itself (issue 25: one model of the game, the round ends in the engine)."""
    match = _new_match(browser, server, "tricks", "Ana, Ben, Chloé")

    def bid(*bids: str) -> None:
        _wait(browser, lambda d: _all(d, "form.move input[name=kind][value=bid]"))  # the round's bid form is shown
        for i, n in enumerate(bids):
            _css(browser, f"#c{i}").send_keys(n)
        _submit(browser, "form.move button[type=submit]",
                lambda d: not _all(d, "form.move input[name=kind][value=bid]"))

    # round 1: one card each, one trick
    bid("0", "1", "0")
    for i, code in enumerate(("RB10", "SH12", "RB2")):
        _css(browser, f"#c{i}").send_keys(code)
    _submit(browser, "form.move button[type=submit]", lambda d: len(_all(d, "#sheet details.round")) == 1)
    # round 2: two cards each, two tricks; the legal cards asked for on the way
    bid("0", "1", "1")
    _css(browser, "#c0").send_keys("RB5")
    _submit(browser, "form.move button[type=submit]", lambda d: "(Chloé)" in _css(d, "details.legal summary").text)
    _click(browser, "details.legal summary")
    _css(browser, "#hand").send_keys("SH3 SH10 flip")
    _submit(browser, "details.legal button[type=submit]", lambda d: _all(d, "#legal-answer .verdict"))
    assert "TRICKS-" in _css(browser, "#legal-answer").text
    _fits_the_phone(browser)
    screenshot(browser, "tricks-live")
    for i, code in enumerate(("SH10", "RB7")):
        _css(browser, f"#c{i}").send_keys(code)
    _submit(browser, "form.move button[type=submit]", lambda d: "Trick 2" in _css(d, "#live h2").text)
    for i, code in enumerate(("SH4", "RB8", "RB9")):
        _css(browser, f"#c{i}").send_keys(code)
    _submit(browser, "form.move button[type=submit]", lambda d: len(_all(d, "#sheet details.round")) == 2)
    screenshot(browser, "tricks-round-over")
    with Store(server.db) as store:
        assert len(Scorekeeper(store).standings(match).rounds) == 2


def test_the_referee_answers_and_a_rule_id_expands_on_tap(server, browser):
    browser.get(server.url + "/lang/en?next=/referee/tricks")
    _css(browser, "#trick-cards").send_keys("RB13 RB2 SH13 flip")
    _css(browser, "form[hx-target='#answer-trick'] button[type=submit]").click()
    verdict = _wait(browser, lambda d: _all(d, "#answer-trick .verdict"))[0]
    assert "RB2" in verdict.find_element("css selector", ".summary").text
    rule = verdict.find_element("css selector", "details.rule")
    assert not rule.find_element("css selector", "p").is_displayed()
    _click(browser, rule.find_element("css selector", "summary"))
    assert rule.find_element("css selector", "p").is_displayed()  # the rule's text, on tap
    _fits_the_phone(browser)
    screenshot(browser, "referee-tricks")
