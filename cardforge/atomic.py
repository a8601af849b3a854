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

__all__ = ["atomic_write_bytes", "atomic_write_text", "atomic_open", "ensure_dir", "atomic_write_batch", "atomic_link"]


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


def _sync_filesystem(folder: Path) -> bool:
    """Flush the file system holding ``folder`` in one call (Linux ``syncfs``); False if unavailable."""
    try:
        import ctypes

        syncfs = ctypes.CDLL(None, use_errno=True).syncfs
    except (OSError, AttributeError):
        return False
    fd = os.open(folder, os.O_RDONLY)
    try:
        return syncfs(fd) == 0
    finally:
        os.close(fd)


def atomic_write_batch(files: list[tuple[Path, bytes]]) -> None:
    """Write many files atomically with one flush for the batch instead of one ``fsync`` per file.

    Every file goes to a temporary name first; the file system is flushed once (``syncfs``, or
    one ``fsync`` per file where that call is missing); only then is each renamed over its
    target, and each folder fsynced once.  A crash leaves each target old or new, never partial.
    """
    if not files:
        return
    temps: list[tuple[str, Path]] = []
    folders: dict[Path, None] = {}
    try:
        for path, data in files:
            path = Path(path)
            if path.parent not in folders:
                ensure_dir(path.parent)
                folders[path.parent] = None
            try:
                fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
            except OSError as exc:
                raise OutputError(f"cannot write in {str(path.parent)!r}: {exc.strerror}") from None
            temps.append((tmp, path))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(tmp, _file_mode(path))
        if not _sync_filesystem(next(iter(folders))):
            for tmp, _path in temps:
                fd = os.open(tmp, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
        for tmp, path in temps:
            try:
                os.replace(tmp, path)
            except OSError as exc:
                raise OutputError(f"cannot write {str(path)!r}: {exc.strerror}") from None
        for folder in folders:
            _fsync_dir(folder)
    except BaseException:
        for tmp, _path in temps:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def atomic_link(source: Path, target: Path) -> None:
    """``target`` becomes a hard link to ``source`` (a copy where links are impossible), atomically."""
    import shutil

    target = Path(target)
    ensure_dir(target.parent)
    tmp = target.parent / f".{target.name}.link.part"
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)
    try:
        try:
            os.link(source, tmp)
        except OSError:
            shutil.copyfile(source, tmp)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise OutputError(f"cannot write {str(target)!r}: {exc.strerror}") from None
