"""A real headless Chromium for the end-to-end tests: Debian's ``chromium`` driven through its
``chromedriver`` by Selenium, at a phone's 375×740 viewport.  Nothing downloads a browser:
both binaries must be installed (``.ci/apt-packages.txt``); without them the tests skip with
the reason, except in CI (``CI=true``), where a missing browser fails the run."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CARDFORGE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CARDFORGE_CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")
PHONE = {"width": 375, "height": 740, "deviceScaleFactor": 2, "mobile": True}
#: the two phones of issue 28 (the tray must be in reach on both)
PHONES = {"375x740": (375, 740), "360x640": (360, 640)}
SCREENSHOTS = Path(os.environ.get("CARDFORGE_SCREENSHOTS", "/tmp/cardforge-screenshots"))


def served(tmp_path_factory, name: str = "web"):
    """A ``cardforge serve`` process over a fresh store for a module's browser tests (a
    generator for a fixture: ``yield from served(tmp_path_factory)``)."""
    from tests.web_support import Server

    require_browser()
    folder = tmp_path_factory.mktemp(name)
    server = Server(folder / "table.sqlite3", folder / "cache")
    try:
        yield server
    finally:
        server.stop()


def missing() -> str | None:
    """Why no browser can run here, or ``None``."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not (Path(path).is_file() or shutil.which(path)):
            return f"{path} not found: install Debian's {package} (apt-get install chromium chromium-driver)"
    return None


def require_browser() -> None:
    reason = missing()
    if reason is None:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"end-to-end tests need a browser in CI: {reason}")
    pytest.skip(reason)


def start_browser(profile: Path, width: int = 375, height: int = 740):
    """Chromium with a fresh profile, emulating a phone (375×740 unless told)."""
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must never fetch a driver
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={width},{height}")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.cardforge_phone = {**PHONE, "width": width, "height": height}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", driver.cardforge_phone)
    driver.implicitly_wait(0)
    return driver


def screenshot(driver, name: str, *, whole: bool = True) -> Path:
    """The page as the phone shows it into ``SCREENSHOTS``: scrolled from top to bottom
    (``whole``), or the one screen a player sees without scrolling."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone = getattr(driver, "cardforge_phone", PHONE)
    path = SCREENSHOTS / f"{name}.png"
    if not whole:
        driver.save_screenshot(str(path))
        return path
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**phone, "height": min(height, 4000)})
    try:
        driver.save_screenshot(str(path))
    finally:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)
    return path


# -- what a test does with the page, as a player's thumb would ----------------------------------


def wait(driver, condition, timeout: float = 60.0):
    """``condition`` met, polled every 50 ms (the timeout is one only a hang reaches)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    ignored = (NoSuchElementException, StaleElementReferenceException)  # htmx swapped the part meanwhile
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=ignored).until(condition)


def css(driver, selector: str):
    """The first element ``selector`` matches."""
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def all_of(driver, selector: str):
    """Every element ``selector`` matches."""
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def fits_the_phone(driver) -> None:
    """No horizontal scrolling, and every button or field is a large tap target."""
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    small = driver.execute_script("""
        return [...document.querySelectorAll('button, input, select, .button, summary')]
          .filter(e => e.offsetParent !== null)
          .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().height])
          .filter(([_, h]) => h < 32);""")
    assert small == []
    unlabelled = driver.execute_script("""
        return [...document.querySelectorAll('input:not([type=hidden]), select, button')]
          .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
          .map(e => e.outerHTML.slice(0, 80));""")
    assert unlabelled == []  # every control has a name a screen reader can say


def click(driver, target) -> None:
    """Tap what ``target`` (a CSS selector or an element) names, scrolled to the middle of the
    screen first, as a thumb does: the dock pinned at the bottom covers the page's last lines."""
    element = css(driver, target) if isinstance(target, str) else target
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def new_match(driver, server, game: str, players: str) -> int:
    """Start a match from the home page in English; its number."""
    from selenium.webdriver.support.ui import Select

    driver.get(server.url + "/lang/en?next=/")
    Select(css(driver, "#game")).select_by_value(game)
    css(driver, "#players").send_keys(players)
    css(driver, "form[action='/matches'] button[type=submit]").click()
    wait(driver, lambda d: "/m/" in d.current_url)
    return int(driver.current_url.rsplit("/", 1)[1])


def tap(driver, code: str) -> int:
    """Tap a card of the picker, its colour's tab first when another colour shows; the taps made."""
    button = css(driver, f"button.pick[data-code='{code}']")
    taps = 1
    if not button.is_displayed():
        panel = driver.execute_script("return arguments[0].closest('.panel').dataset.panel", button)
        css(driver, f".picker button.tab[data-tab='{panel}']").click()
        taps += 1
    button.click()
    return taps


def submit(driver, selector: str, until) -> None:
    """Tap ``selector`` and wait for ``until`` (a screenshot ``failed.png`` if it never comes)."""
    click(driver, selector)
    try:
        wait(driver, until)
    except Exception:
        screenshot(driver, "failed")
        raise
