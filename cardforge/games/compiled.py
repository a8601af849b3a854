"""The engines compiled with mypyc: optional, the same sources, the pure-Python path kept.

``make fast`` compiles the modules of ``SOURCES`` — the very ``.py`` files the pure-Python path
runs, no second model of any game — into ``build/engines/`` of the checkout, with a manifest of
the sources' hashes (needs the ``fast`` extra, mypy's mypyc, and a C compiler).  When that
folder is there, its modules are used (``cardforge.games`` puts it first on its ``__path__``,
``extend``) unless:

* ``CARDFORGE_PURE=1`` is set (the test suite sets it: the pure-Python path is the reference;
  ``tests/test_compiled_engines.py`` checks that the compiled one plays the same games);
* a source changed since the build (a hash differs): the compiled modules would play other
  rules, so none is used until ``make fast`` runs again;
* the build is for another Python (its extension modules would not load there).

A wheel never holds the compiled folder: an install without a compiler runs the pure path.
``active()`` says which path runs.  What mypyc asks of the sources: code that type-checks,
imports of a submodule's own name (mypyc does not call a package's ``__getattr__``), no bare
``__new__`` of a compiled class (``RowsState.clone`` builds a shell through ``__init__``), and
frozen dataclasses kept plain classes (``mypyc_attr(native_class=False)``) so they pickle.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

__all__ = ["SOURCES", "FOLDER", "PURE_ENV", "built", "folder", "extend", "active", "build", "write_manifest", "main", "mypyc_attr"]

if TYPE_CHECKING:  # how the compiled modules mark a class: mypyc reads it, at run time a no-op
    from mypy_extensions import mypyc_attr
else:
    def mypyc_attr(*_: object, **__: object) -> Any:
        return lambda cls: cls

#: the checkout's root (``build/engines`` is beside the package, never inside the wheel)
_ROOT = Path(__file__).resolve().parents[2]
#: where ``make fast`` writes the compiled modules
FOLDER = _ROOT / "build" / "engines"
#: set to ``1`` to run the pure-Python engines even when compiled ones are built
PURE_ENV = "CARDFORGE_PURE"
#: the modules compiled, as paths from the checkout's root
SOURCES: tuple[str, ...] = (
    "cardforge/games/chance.py",
    "cardforge/games/rows.py",
)
_MANIFEST = "manifest.json"
#: the shared library mypyc builds beside the modules (``cardforge.games.engines__mypyc``)
_GROUP = "cardforge.games.engines"


def _digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def _stat(path: Path) -> list[int]:
    info = path.stat()
    return [info.st_size, info.st_mtime_ns]


def built(where: Path = FOLDER) -> bool:
    """Whether ``where`` holds compiled modules built from the sources as they are now, by this
    Python (whatever ``CARDFORGE_PURE`` says).  A source whose size and modification time are
    those the manifest noted is not hashed again (every import of the engines asks: the CLI's
    start-up would pay the hashes); any other is compared by its hash, so a checkout that only
    touched it still uses the build."""
    import json

    try:
        manifest = json.loads((where / _MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(manifest, dict) or manifest.get("python") != sys.implementation.cache_tag:
        return False
    sources, stats = manifest.get("sources", {}), manifest.get("stats", {})
    if not isinstance(sources, dict) or not isinstance(stats, dict) or set(sources) != set(SOURCES):
        return False
    try:
        return all(stats.get(s) == _stat(_ROOT / s) or _digest(_ROOT / s) == sources[s] for s in SOURCES)
    except OSError:
        return False


def folder() -> Path | None:
    """The compiled modules' folder when they are built, fresh and not switched off; else ``None``."""
    if os.environ.get(PURE_ENV, "") not in ("", "0") or not (FOLDER / _MANIFEST).is_file():
        return None  # (one stat when nothing is built: the CLI's start-up pays nothing more)
    return FOLDER if built() else None


_FOLDER: Path | None = folder()


def extend(path: list[str], package: str) -> None:
    """Put the compiled folder of ``package`` (e.g. ``"cardforge.games"``) first on its
    ``__path__``, so that its compiled modules are imported instead of the sources."""
    if _FOLDER is not None:
        path.insert(0, str(_FOLDER.joinpath(*package.split("."))))


def active(module: str = "cardforge.games.rows") -> str:
    """``"compiled"`` when ``module`` runs compiled (it is found as an extension module), else
    ``"pure"``."""
    from importlib.util import find_spec

    spec = find_spec(module)
    origin = spec.origin if spec is not None else None
    return "pure" if origin is None or origin.endswith(".py") else "compiled"


def build(out: Path = FOLDER) -> None:
    """Compile ``SOURCES`` with mypyc into ``out`` (needs a C compiler and ``pip install
    'cardforge[fast]'``) and write the manifest that marks it fresh."""
    import shutil

    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext
    except ImportError as exc:  # the ``fast`` extra is not installed: say how, no traceback
        raise SystemExit(f"cardforge: error: compiling the engines needs mypyc and setuptools ({exc.name} is "
                         "missing): pip install 'cardforge[fast]', or run make fast") from None

    temp = out.parent / "engines-c"
    shutil.rmtree(out, ignore_errors=True)
    here = Path.cwd()
    os.chdir(_ROOT)  # mypyc names the modules from the paths
    try:
        modules = mypycify(["--ignore-missing-imports", "--follow-imports=silent", *SOURCES], opt_level="3",
                           target_dir=str(temp), group_name=_GROUP)
        distribution = Distribution({"name": "cardforge-engines", "ext_modules": modules})
        command = build_ext(distribution)
        command.build_lib, command.build_temp = str(out), str(temp)
        command.ensure_finalized()
        command.run()
    finally:
        os.chdir(here)
    write_manifest(out)


def write_manifest(where: Path) -> None:
    """Mark ``where`` as built from the sources as they are now (``built``)."""
    import json

    sources = {s: _digest(_ROOT / s) for s in SOURCES}
    stats = {s: _stat(_ROOT / s) for s in SOURCES}
    manifest = {"python": sys.implementation.cache_tag, "sources": sources, "stats": stats}
    (where / _MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")


def main() -> None:
    """``make fast``: build, then say where."""
    build()
    print(f"compiled {', '.join(SOURCES)} into {FOLDER}")
