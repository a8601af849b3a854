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
SCREENSHOTS = Path(os.environ.get("CARDFORGE_SCREENSHOTS", "/tmp/cardforge-screenshots"))


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


def start_browser(profile: Path):
    """Chromium with a fresh profile, emulating a 375×740 phone."""
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must never fetch a driver
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument("--window-size=375,740")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    driver.implicitly_wait(0)
    return driver


def screenshot(driver, name: str) -> Path:
    """The whole page as the phone shows it, scrolled from top to bottom, into ``SCREENSHOTS``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**PHONE, "height": min(height, 4000)})
    path = SCREENSHOTS / f"{name}.png"
    try:
        driver.save_screenshot(str(path))
    finally:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    return path
