"""axe-core, the accessibility checker, for the browser tests: npm's ``axe-core`` package,
pinned, installed once with ``npm install --prefix`` into a cache folder outside the checkout
(``CARDFORGE_AXE_DIR``, default ``~/.cache/cardforge-test/axe-core-<version>``).

Installed rather than vendored: the 550 KB minified file and its MPL-2.0 licence stay npm's,
the version is one line here, and ``.ci/run`` installs it before the tests
(``python3 tests/web_axe.py``).  Without npm (or offline) the axe tests skip with the reason,
except in CI, where they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

AXE_VERSION = "4.14.1"
#: what the tests refuse: axe's two worst impacts
SERIOUS = ("serious", "critical")


def axe_dir() -> Path:
    default = Path.home() / ".cache" / "cardforge-test" / f"axe-core-{AXE_VERSION}"
    return Path(os.environ.get("CARDFORGE_AXE_DIR", default))


def axe_file() -> Path:
    return axe_dir() / "node_modules" / "axe-core" / "axe.min.js"


def install() -> Path:
    """``axe.min.js``, installed from npm first when it is not in the cache yet."""
    target = axe_file()
    if target.is_file():
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm not found: install Debian's npm (apt-get install npm) to fetch axe-core")
    axe_dir().mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "install", "--prefix", str(axe_dir()), "--no-audit", "--no-fund", "--silent",
                           f"axe-core@{AXE_VERSION}"], capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not target.is_file():
        raise RuntimeError(f"npm install axe-core@{AXE_VERSION} failed: {done.stderr.strip()[-400:]}")
    return target


def require_axe() -> str:
    """axe-core's source, or the test skips (fails in CI) saying why."""
    import pytest

    try:
        return install().read_text(encoding="utf-8")
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"the accessibility tests need axe-core in CI: {exc}")
        pytest.skip(str(exc))


def serious_violations(driver, source: str) -> list[str]:
    """axe's serious and critical violations on the page the driver shows, one line each."""
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(source)
    driver.set_script_timeout(120)
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done([{id: 'axe-error',"
        " impact: 'critical', help: String(e), nodes: []}]));")
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n.get('target') for n in v['nodes']][:3]}"
            for v in found if v.get("impact") in SERIOUS]


if __name__ == "__main__":  # .ci/run: fetch it before the tests
    try:
        print(install())
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        sys.exit(f"tests/web_axe.py: {exc}")
