"""Atomic file writes: write to a temporary file in the same folder, fsync, then rename.

A reader never sees a half-written output, and an error or Ctrl-C leaves the previous file
(or nothing) in place.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from cardforge.errors import OutputError

__all__ = ["atomic_write_bytes", "atomic_write_text", "atomic_open", "ensure_dir"]


def ensure_dir(path: Path) -> Path:
    """Create ``path`` (and parents) or raise ``OutputError`` saying why it cannot be."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        blocker = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)
        if blocker is not None:
            raise OutputError(f"cannot create output folder {str(path)!r}: {str(blocker)!r} is a file, "
                              "not a folder; choose another path") from None
        raise OutputError(f"cannot create output folder {str(path)!r}: {exc.strerror}") from None
    if not os.access(path, os.W_OK):
        raise OutputError(f"output folder {str(path)!r} is not writable")
    return path


def _file_mode(path: Path) -> int:
    """The mode a plain ``open(path, "w")`` would give: the old file's, or 0o666 less the umask
    (``mkstemp`` makes its file private, 0o600, which an output must not stay)."""
    if path.is_file():
        return path.stat().st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


@contextlib.contextmanager
def atomic_open(path: Path) -> Iterator[BinaryIO]:
    """Open a binary temporary file that replaces ``path`` only if the block succeeds."""
    path = Path(path)
    ensure_dir(path.parent)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as exc:
        raise OutputError(f"cannot write in {str(path.parent)!r}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, _file_mode(path))
        try:
            os.replace(tmp, path)
        except OSError as exc:
            if path.is_dir():
                raise OutputError(f"cannot write {str(path)!r}: it is a folder; expected a file name, "
                                  f"e.g. {str(path / path.name)!r}") from None
            raise OutputError(f"cannot write {str(path)!r}: {exc.strerror}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def atomic_write_bytes(path: Path, data: bytes) -> None:
    with atomic_open(path) as handle:
        handle.write(data)


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))
