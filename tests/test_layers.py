"""The shape of the code: one-way layers, no import circle, no private name taken from another
module, nothing patched into the standard library or a dependency (issue #23).

Every ``import`` statement counts, at the top of a module or inside a function: a function-level
import is a dependency all the same, only a later one.  The layers themselves are the
``[tool.importlinter]`` contract of ``pyproject.toml``, checked here with import-linter.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardforge"

#: Documented configuration modules of a dependency, set by assignment as their manual says
#: (reportlab's ``rl_config``: the canvas' base font, binary streams): settings, not patches.
CONFIGURATION_MODULES = {"reportlab.rl_config"}

#: The process environment is configuration too, not code: gettext reads the language of
#: typer's own help words from ``LANGUAGE`` (``cardforge/i18n/library_texts.py``).
CONFIGURATION_TARGETS = ("os.environ[",)


def _module_name(path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if package else parts), package


@cache
def _modules() -> dict[str, tuple[ast.Module, bool]]:
    """Every cardforge module: dotted name → (syntax tree, is a package)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name, package = _module_name(path)
        found[name] = (ast.parse(path.read_text(encoding="utf-8"), str(path)), package)
    return found


def _source_of(module: str, package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from … import`` reads from (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _imports(module: str) -> list[tuple[int, str, str | None]]:
    """``(line, imported module, name)`` for every import in ``module`` (``name``: what a
    ``from`` import takes, when it is not a module itself)."""
    tree, package = _modules()[module]
    known = _modules()
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                out.append((node.lineno, alias.name, None))
        elif isinstance(node, ast.ImportFrom):
            source = _source_of(module, package, node)
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                out.append((node.lineno, sub, None) if sub in known else (node.lineno, source, alias.name))
    return out


def _cardforge_edges() -> dict[str, set[str]]:
    known = _modules()
    edges: dict[str, set[str]] = {}
    for module in known:
        for _, target, _ in _imports(module):
            while target not in known and "." in target:  # cardforge.x.Name → cardforge.x
                target = target.rsplit(".", 1)[0]
            if target in known and target != module:
                edges.setdefault(module, set()).add(target)
    return edges


def private_imports() -> list[str]:
    """``module:line takes _name from other`` for every private name imported from, or read on,
    another cardforge module (``from x import _y``, ``x._y`` on an imported module)."""
    known = _modules()
    found = []
    for module, (tree, _) in known.items():
        bound: dict[str, str] = {}  # local name → the cardforge module it stands for
        for line, source, name in _imports(module):
            if not source.startswith("cardforge"):
                continue
            if name is not None and name.startswith("_") and not name.startswith("__") and source != module:
                found.append(f"{module}:{line} takes {name} from {source}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("cardforge"):
                        bound[alias.asname or "cardforge"] = alias.name if alias.asname else "cardforge"
            elif isinstance(node, ast.ImportFrom):
                source = _source_of(module, known[module][1], node)
                for alias in node.names:
                    if f"{source}.{alias.name}" in known:
                        bound[alias.asname or alias.name] = f"{source}.{alias.name}"
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                chain, value = [], node.value
                while isinstance(value, ast.Attribute):
                    chain.append(value.attr)
                    value = value.value
                if isinstance(value, ast.Name) and value.id in bound:
                    owner = ".".join([bound[value.id], *reversed(chain)])
                    if owner != module:
                        found.append(f"{module}:{node.lineno} reads {node.attr} of {owner}")
        for node in ast.walk(tree):  # getattr(module, "_name"): the same, spelt as a string
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
                    and len(node.args) >= 2 and isinstance(node.args[0], ast.Name) and node.args[0].id in bound
                    and isinstance(node.args[1], ast.Constant) and str(node.args[1].value).startswith("_")
                    and not str(node.args[1].value).startswith("__")):
                found.append(f"{module}:{node.lineno} reads {node.args[1].value} of {bound[node.args[0].id]}")
    return found


def import_cycles() -> list[list[str]]:
    """The strongly connected groups of more than one module in the import graph (Tarjan)."""
    edges = _cardforge_edges()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for module in sorted(_modules()):
        if module not in index:
            visit(module)
    return groups


def runtime_patches() -> list[str]:
    """Assignments into (and ``setattr``/``delattr`` on) a module of the standard library or a
    dependency, ``sys.modules[…] = …`` included: what changes code that is not ours."""
    found = []
    for module, (tree, _) in _modules().items():
        foreign: dict[str, str] = {}  # local name → the non-cardforge module (or name) it stands for
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if not alias.name.startswith("cardforge"):
                        foreign[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level and not node.module.startswith("cardforge"):
                for alias in node.names:
                    foreign[alias.asname or alias.name] = f"{node.module}.{alias.name}"

        def root(target: ast.AST) -> str | None:
            value = target
            while isinstance(value, (ast.Attribute, ast.Subscript)):
                value = value.value
            if value is target or not isinstance(value, ast.Name) or value.id not in foreign:
                return None
            return foreign[value.id]

        for node in ast.walk(tree):
            targets: list[ast.AST] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Delete):
                targets = node.targets
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr")
                  and node.args):
                targets = [ast.Attribute(value=node.args[0], attr="?")]
            for target in targets:
                owner = root(target)
                if owner is not None and owner not in CONFIGURATION_MODULES \
                        and not ast.unparse(target).startswith(CONFIGURATION_TARGETS):
                    found.append(f"{module}:{node.lineno} changes {owner}: {ast.unparse(target)}")
    return found


# -- the checks ---------------------------------------------------------------------------------------


def test_no_module_imports_a_private_name_of_another():
    assert private_imports() == []


def test_no_import_circle_among_cardforge_modules():
    assert import_cycles() == []


def test_nothing_patches_the_standard_library_or_a_dependency_at_run_time():
    assert runtime_patches() == []


def test_the_layers_are_one_way():
    """``[tool.importlinter]`` in pyproject.toml: cli > faces and lab > engines > scheduler > model."""
    result = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()",
                             "--no-cache"], capture_output=True, text=True, cwd=ROOT, timeout=600,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


# -- the checks check -----------------------------------------------------------------------------------


def _with_module(monkeypatch, name: str, source: str) -> None:
    """Pretend ``name`` is a cardforge module with ``source`` (for the checks' own tests)."""
    modules = dict(_modules())
    modules[name] = (ast.parse(source), False)
    monkeypatch.setattr(sys.modules[__name__], "_modules", lambda: modules)


def test_the_private_name_check_sees_every_spelling(monkeypatch):
    _with_module(monkeypatch, "cardforge.probe", "def f():\n    from cardforge.render.sheets import _grid\n"
                 "    from cardforge.deck import loader\n    loader._load_cached\n"
                 "    import cardforge\n    getattr(cardforge, '_wire')\n    from cardforge import __version__\n")
    found = [p for p in private_imports() if p.startswith("cardforge.probe")]
    assert found == ["cardforge.probe:2 takes _grid from cardforge.render.sheets",
                     "cardforge.probe:4 reads _load_cached of cardforge.deck.loader",
                     "cardforge.probe:6 reads _wire of cardforge"]


def test_the_circle_check_sees_a_function_level_back_edge(monkeypatch):
    modules = dict(_modules())
    modules["cardforge.probe_a"] = (ast.parse("from cardforge import probe_b\n"), False)
    modules["cardforge.probe_b"] = (ast.parse("def f():\n    import cardforge.probe_a\n"), False)
    monkeypatch.setattr(sys.modules[__name__], "_modules", lambda: modules)
    assert ["cardforge.probe_a", "cardforge.probe_b"] in import_cycles()


def test_the_patch_check_sees_assignments_into_foreign_modules(monkeypatch):
    _with_module(monkeypatch, "cardforge.probe", "import dataclasses, sys\nfrom reportlab import rl_config\n"
                 "def f(cache):\n    dataclasses.exec = cache.exec\n    sys.modules['x'] = cache\n"
                 "    setattr(dataclasses, 'exec', cache)\n    rl_config.useA85 = 0\n    cache.exec = 1\n")
    found = [p for p in runtime_patches() if p.startswith("cardforge.probe")]
    assert [p.split(" changes ")[0] for p in found] == ["cardforge.probe:4", "cardforge.probe:5", "cardforge.probe:6"]
