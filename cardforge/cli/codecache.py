"""Compiled dataclass methods kept between runs, so a command starts without recompiling them.

``@dataclass`` writes the source of each class's ``__init__``, ``__repr__``, ``__eq__``, … and
compiles it on every start: about half of the ~0.5 ms a frozen dataclass costs at import, and
cardforge defines ~20 of them before a ruling is said.  ``install()`` (called by the
``cardforge`` entry point only, never on a library import, and not for ``--version``) lets
``dataclasses`` find the code object of a source text it compiled in an earlier run, in one
small file per module in the user's cache folder (``code-<module>-<python magic>.bin``); a miss
compiles exactly as ``dataclasses`` does and is saved at exit.  The code run is the compile of
the identical text, so the classes are the same; a missing, stale or unreadable file only means
compiling again.  ``CARDFORGE_NO_CACHE=1`` turns it off with the other caches.
"""

from __future__ import annotations

import builtins
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["install"]

#: The entries kept per module file: beyond it the file keeps only what this run used.
MAX_ENTRIES = 400


class _CodeCache:
    def __init__(self, tag: str):
        self.tag = tag
        self._folder: Path | None | bool = False  # False: not looked for yet
        self.entries: dict[str, dict[str, Any]] = {}  # module → {source text: code object}
        self.used: dict[str, set[str]] = {}
        self.dirty: set[str] = set()

    @property
    def folder(self) -> Path | None:
        """The user's cache folder (the deck cache's), found on first use."""
        if self._folder is False:
            from cardforge.deck.loader import _cache_dir

            self._folder = _cache_dir()
        return self._folder  # type: ignore[return-value]

    def _file(self, module: str) -> Path:
        assert self.folder is not None
        return self.folder / f"code-{module}-{self.tag}.bin"

    def _module_entries(self, module: str) -> dict[str, Any]:
        entries = self.entries.get(module)
        if entries is None:
            import marshal

            try:
                entries = marshal.loads(self._file(module).read_bytes())
                if not isinstance(entries, dict):
                    entries = {}
            except (OSError, ValueError, EOFError, TypeError):
                entries = {}
            self.entries[module] = entries
        return entries

    def exec(self, source: Any, globals: dict | None = None, locals: dict | None = None) -> None:
        """``exec`` for ``dataclasses``: the same text runs the same code, compiled once."""
        module = (globals or {}).get("__name__")
        if (not isinstance(source, str) or not isinstance(module, str) or not module.startswith("cardforge")
                or self.folder is None):
            builtins.exec(source, globals, locals)
            return
        entries = self._module_entries(module)
        code = entries.get(source)
        if code is None:  # as exec(str) compiles it: dataclasses.py has no __future__ flags
            code = entries[source] = compile(source, "<string>", "exec", dont_inherit=True)
            self.dirty.add(module)
        self.used.setdefault(module, set()).add(source)
        builtins.exec(code, globals, locals)

    def save(self) -> None:
        import marshal

        from cardforge.atomic import atomic_write_bytes

        for module in sorted(self.dirty):
            entries = self.entries[module]
            if len(entries) > MAX_ENTRIES:  # old versions of the module's classes: drop them
                entries = {text: entries[text] for text in self.used.get(module, ())}
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                atomic_write_bytes(self._file(module), marshal.dumps(entries))
                for other in self.folder.glob(f"code-{module}-*.bin"):  # another Python's: stale
                    if other != self._file(module):
                        other.unlink()
            except Exception:  # a cache we cannot write is only a slower start
                pass
        self.dirty.clear()


def install() -> None:
    """Let ``dataclasses`` reuse the methods it compiled for cardforge's classes in earlier runs."""
    import dataclasses

    if "exec" in vars(dataclasses) or os.environ.get("CARDFORGE_NO_CACHE"):
        return  # already installed (or dataclasses changed): leave it alone
    import atexit
    import importlib.util

    cache = _CodeCache(f"{sys.implementation.cache_tag}-{importlib.util.MAGIC_NUMBER.hex()}")
    dataclasses.exec = cache.exec  # type: ignore[attr-defined]  # found before the builtin
    atexit.register(cache.save)
