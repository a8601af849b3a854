"""The table's layers import one way only: standings → adapters → sheet (no cycle); the e2e
tests' browser check skips locally and fails in CI."""

from __future__ import annotations

import ast
from pathlib import Path

import cardforge

PACKAGE = Path(cardforge.__file__).parent


def _imports(path: Path) -> set[str]:
    """Modules imported at run time (imports for type checkers only are left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and getattr(block.test, "id", "") == "TYPE_CHECKING" for n in ast.walk(block)}
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_adapters_never_import_the_standings():
    for path in sorted((PACKAGE / "table" / "adapters").glob("*.py")):
        assert "cardforge.table.standings" not in _imports(path), path.name


def test_display_is_below_the_standings():
    assert "cardforge.table.standings" not in _imports(PACKAGE / "table" / "display.py")


def test_standings_import_the_adapters_at_module_level():
    tree = ast.parse((PACKAGE / "table" / "standings.py").read_text(encoding="utf-8"))
    top = {node.module for node in tree.body if isinstance(node, ast.ImportFrom)}
    assert "cardforge.table.adapters" in top


def test_the_sheet_types_are_the_standings_types():
    from cardforge.table import sheet, standings

    assert standings.RoundResult is sheet.RoundResult and standings.Outcome is sheet.Outcome


def test_without_a_browser_the_e2e_tests_skip_locally_and_fail_in_ci(monkeypatch):
    import pytest

    from tests import web_browser

    monkeypatch.setattr(web_browser, "CHROMIUM", "/nonexistent/chromium")
    assert "install Debian's chromium" in web_browser.missing()
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="/nonexistent/chromium not found"):
        web_browser.require_browser()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="end-to-end tests need a browser in CI"):
        web_browser.require_browser()

