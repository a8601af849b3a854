"""The wheel works on its own: every import is a declared runtime dependency, no private
imports of other packages, licence and typing markers shipped, CI smokes the wheel."""

from __future__ import annotations

import ast
import os
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


#: import names whose distribution is named otherwise, for when that distribution is not installed
#: (an optional extra CI does not install: ``packages_distributions`` cannot say then)
PROVIDED_BY = {"mypyc": "mypy"}


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _imports() -> dict[str, set[str]]:
    """Top-level modules imported anywhere in the package → the files importing them."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "cardforge").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_third_party_import_is_a_runtime_dependency():
    runtime = {_name(r) for r in PROJECT["dependencies"]}
    optional = {_name(r) for extra, reqs in PROJECT.get("optional-dependencies", {}).items()
                if extra != "test" for r in reqs}
    dists = packages_distributions()
    missing = {}
    for module, files in _imports().items():
        top = module.split(".")[0]
        if top in sys.stdlib_module_names or top == "cardforge":
            continue
        names = {_name(d) for d in dists.get(top, [PROVIDED_BY.get(top, top)])}
        if not names & (runtime | optional):
            missing[top] = sorted(files)[:3]
    assert not missing, f"imported but not in [project] dependencies (only in the test extra?): {missing}"


def test_no_private_imports_of_other_packages():
    private = {m: sorted(f) for m, f in _imports().items()
               if not m.startswith("cardforge") and any(p.startswith("_") and not p.startswith("__")
                                                        for p in m.split(".")[1:])}
    assert not private, f"private modules of other packages break on their next release: {private}"


def test_licence_and_typing_markers():
    """Issue 24: the expression covers what the wheel ships — the DejaVu fonts (Bitstream Vera)
    and htmx (0BSD) beside cardforge's MIT — and each licence text is in license-files."""
    assert PROJECT["license"] == "MIT AND Bitstream-Vera AND 0BSD"
    assert PROJECT["license-files"] == ["LICENSE", "cardforge/fonts/LICENSE-DejaVu.txt",
                                        "cardforge/web/static/htmx.LICENSE.txt"]
    assert all((ROOT / name).is_file() for name in PROJECT["license-files"])
    assert "Bitstream Vera" in (ROOT / "cardforge/fonts/LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Zero-Clause BSD" in (ROOT / "cardforge/web/static/htmx.LICENSE.txt").read_text(encoding="utf-8")
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert (ROOT / "cardforge" / "py.typed").is_file()
    assert "Typing :: Typed" in PROJECT["classifiers"]
    assert not any(c.startswith("License ::") for c in PROJECT["classifiers"])  # PEP 639: the SPDX field only


def test_ci_smokes_the_wheel_outside_the_checkout():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    smoke = ROOT / ".ci" / "wheel-smoke"
    assert "make build" in run and "make test" in run and ".ci/wheel-smoke" in run
    assert os.access(smoke, os.X_OK)
    text = smoke.read_text(encoding="utf-8")
    assert "set -euo pipefail" in text and "Traceback" in text and "mktemp -d" in text
    for command in ("render", "--format png", "--format tts", "--profile", "rulebook", "validate", "schema",
                    "decks", "box", "table new", "table round", "table show", "table export"):
        assert f"{command}" in text, command
    for game in ("tricks", "rows", "sequence", "collection", "numwin"):
        assert f"referee {game}" in text, game
