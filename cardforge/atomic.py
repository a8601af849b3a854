"""Atomic file writes: write to a temporary file in the same folder, fsync, then rename.

A reader never sees a half-written output, and an error or Ctrl-C leaves the previous file
(or nothing) in place.  Writing never clobbers what is not an output file: a symlink is
written through (its target is replaced atomically, the link stays), a FIFO, device or socket
is refused with one line.  The temporary file is ``.NAME.<pid>.<random>.part``; one left by a
killed process (its pid no longer runs) is removed by the next write into that folder.
Folders created by a command that then fails are removed again if they stayed empty
(``tidy_on_failure``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from cardforge.errors import OutputError
from cardforge.i18n import Message, refusal
from cardforge.userfile import file_kind_message

__all__ = ["atomic_write_bytes", "atomic_write_text", "atomic_open", "ensure_dir", "check_writable_file",
           "sweep_stale_parts", "tidy_on_failure", "atomic_write_batch", "atomic_copy"]

#: ``.NAME.<pid>.<random>.part`` — the pid says whether the writer may still be running.
_PART = re.compile(r"^\..+\.(\d+)\.[^.]+\.part$")
#: A ``.part`` without a pid (older cardforge) is stale once it is this old.
_LEGACY_PART_AGE_S = 3600

_swept: set[tuple[int, str]] = set()
_created: list[list[Path]] = []  # folders made by ensure_dir, per open tidy_on_failure block


def ensure_dir(path: Path, what: str = "output folder") -> Path:
    """Create ``path`` (and parents) or raise ``OutputError`` saying why it cannot be.

    ``what`` names the folder in messages (``"database folder"`` for the score-sheet store).
    """
    path = Path(path)
    missing = [p for p in (path, *path.parents) if not os.path.lexists(p)]
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        blocker = next((p for p in (path, *path.parents) if os.path.exists(p) and not os.path.isdir(p)), None)
        if blocker is not None:
            raise refusal(OutputError, "error.output.blocked", what=_what(what), path=repr(str(path)),
                          blocker=repr(str(blocker))) from None
        raise refusal(OutputError, "error.output.create", what=_what(what), path=repr(str(path)), why=exc.strerror) from None
    if _created and missing:
        _created[-1].extend(missing)
    if not os.access(path, os.W_OK):
        raise refusal(OutputError, "error.output.not_writable", what=_what(what), path=repr(str(path)))
    return path


#: The ``what`` of ``ensure_dir`` and ``check_writable_file`` (English, as callers write it) → its
#: catalogue key, so a refusal says it in the user's language.
_WHATS = {"output folder": "output_folder", "config folder": "config_folder", "database folder": "database_folder",
          "write": "write", "use score-sheet database": "use_db"}


def _what(what: str) -> Message:
    key = _WHATS.get(what)
    return Message(f"error.output.what.{key}") if key else Message.literal(what)


@contextlib.contextmanager
def tidy_on_failure() -> Iterator[None]:
    """If the block raises (or is interrupted), remove the folders ``ensure_dir`` created in it
    that are still empty, deepest first: a failed render leaves no empty folders behind."""
    _created.append([])
    try:
        yield
    except BaseException:
        for folder in sorted(set(_created[-1]), key=lambda p: len(p.parts), reverse=True):
            with contextlib.suppress(OSError):
                folder.rmdir()  # only succeeds on an empty folder
        raise
    finally:
        made = _created.pop()
        if _created:
            _created[-1].extend(made)


def check_writable_file(path: Path, what: str = "write") -> Path:
    """The file a write to ``path`` must replace: ``path`` itself, or a symlink's final target.

    ``OutputError`` if that is a folder, a FIFO, a device or another special file (replacing
    ``/dev/full`` or a named pipe with a regular file would break the system or the reader),
    or a symlink loop.
    """
    path = Path(path)
    target = Path(os.path.realpath(path)) if os.path.islink(path) else path
    if os.path.islink(target):
        raise refusal(OutputError, "error.output.loop", what=_what(what), path=repr(str(path)))
    try:
        mode = os.stat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return target  # a new file (ensure_dir explains a parent that is a file)
    except OSError as exc:
        raise refusal(OutputError, "error.output.cannot", what=_what(what), path=repr(str(path)), why=exc.strerror) from None
    if stat.S_ISDIR(mode):
        raise refusal(OutputError, "error.output.folder", what=_what(what), path=repr(str(path)),
                      example=repr(str(path / path.name)))
    if not stat.S_ISREG(mode):
        raise refusal(OutputError, "error.output.special", what=_what(what), path=repr(str(path)),
                      kind=file_kind_message(mode))
    return target


def _pid_running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # someone else's process (or an absurd number): leave its file alone
    return True


def sweep_stale_parts(folder: Path) -> list[Path]:
    """Remove the ``.part`` files in ``folder`` whose writer is gone (killed mid-write).

    Done once per folder and process by ``atomic_open``; returns what was removed.
    """
    folder = Path(folder)
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(".part")):
            continue
        match = _PART.match(name)
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            stale = (not _pid_running(int(match.group(1))) if match
                     else now - entry.stat(follow_symlinks=False).st_mtime > _LEGACY_PART_AGE_S)
            if stale:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except (OSError, ValueError):
            continue
    return removed


def _sweep_once(folder: Path) -> None:
    key = (os.getpid(), str(folder))
    if key not in _swept:
        _swept.add(key)
        sweep_stale_parts(folder)


def _file_mode(path: Path) -> int:
    """The mode a plain ``open(path, "w")`` would give: the old file's, or 0o666 less the umask
    (``mkstemp`` makes its file private, 0o600, which an output must not stay)."""
    if path.is_file():
        return path.stat().st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _new_part(target: Path) -> tuple[int, str]:
    """A new ``.<name>.<pid>.<random>.part`` file beside ``target``, open for writing."""
    import tempfile  # here: a command that writes nothing (a ruling) does not import it

    try:
        return tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".part", dir=target.parent)
    except OSError as exc:
        raise refusal(OutputError, "error.output.write_in", folder=repr(str(target.parent)), why=exc.strerror) from None


@contextlib.contextmanager
def atomic_open(path: Path) -> Iterator[BinaryIO]:
    """Open a binary temporary file that replaces ``path`` only if the block succeeds.

    A symlink ``path`` is written through: its target is the file replaced.
    """
    path = Path(path)
    target = check_writable_file(path)
    ensure_dir(target.parent)
    _sweep_once(target.parent)
    fd, tmp = _new_part(target)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, _file_mode(target))
        try:
            os.replace(tmp, target)
        except OSError as exc:
            check_writable_file(path)  # it became a folder or a device meanwhile: say so
            raise refusal(OutputError, "error.output.write", path=repr(str(path)), why=exc.strerror) from None
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if exc.errno == errno.ENOSPC:
            raise refusal(OutputError, "error.output.write", path=repr(str(path)), why=Message("error.output.full")) from None
        raise refusal(OutputError, "error.output.write", path=repr(str(path)), why=exc.strerror or exc) from None
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


def _fsync_path(path: Path | str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write_batch(files: list[tuple[Path, bytes]]) -> None:
    """Write many files atomically with one flush for the batch instead of one ``fsync`` per file.

    Every file goes to its temporary ``.part`` first; the file system is flushed once (``syncfs``,
    or one ``fsync`` per file where that call is missing); only then is each renamed over its
    target, and each folder fsynced once.  A crash leaves each target old or new, never partial.
    """
    temps: list[tuple[str, Path, Path]] = []
    folders: dict[Path, None] = {}
    try:
        for path, data in files:
            target = check_writable_file(Path(path))
            if target.parent not in folders:
                ensure_dir(target.parent)
                _sweep_once(target.parent)
                folders[target.parent] = None
            fd, tmp = _new_part(target)
            temps.append((tmp, target, Path(path)))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(tmp, _file_mode(target))
        if folders and not _sync_filesystem(next(iter(folders))):
            for tmp, _target, _path in temps:
                _fsync_path(tmp)
        for tmp, target, _path in temps:
            os.replace(tmp, target)
        for folder in folders:
            with contextlib.suppress(OSError):
                _fsync_path(folder)
    except OSError as exc:
        for tmp, _target, _path in temps:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        where = str(temps[-1][2]) if temps else "the batch"
        if exc.errno == errno.ENOSPC:
            raise refusal(OutputError, "error.output.write", path=repr(where), why=Message("error.output.full")) from None
        raise refusal(OutputError, "error.output.write", path=repr(where), why=exc.strerror or exc) from None
    except BaseException:
        for tmp, _target, _path in temps:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise


def atomic_copy(source: Path, target: Path) -> None:
    """``target`` becomes a copy of ``source``, atomically: its own file, never a hard link, so
    editing or truncating an output cannot reach the face cache or another output.  The bytes
    are copied in the kernel (``copy_file_range``: a reflink where the file system shares
    blocks, such as Btrfs or XFS), else read and written."""
    import shutil

    final = check_writable_file(Path(target))
    ensure_dir(final.parent)
    _sweep_once(final.parent)
    fd, tmp = _new_part(final)
    try:
        with open(source, "rb") as src, os.fdopen(fd, "wb") as dst:
            try:
                while os.copy_file_range(src.fileno(), dst.fileno(), 1 << 30):
                    pass
            except (AttributeError, OSError):  # no copy_file_range here, or not between these files
                src.seek(0)
                dst.seek(0)
                dst.truncate()
                shutil.copyfileobj(src, dst, 1 << 20)
        os.chmod(tmp, _file_mode(final))
        os.replace(tmp, final)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        why = Message("error.output.full") if exc.errno == errno.ENOSPC else exc.strerror or exc
        raise refusal(OutputError, "error.output.write", path=repr(str(target)), why=why) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
