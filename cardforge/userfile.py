"""Reading a file the user named: regular files only, never more than a cap.

Deck files and scorecards come from the command line, so they may name a folder, a FIFO that
never ends, ``/dev/zero`` or a 10 GB log.  ``read_user_file`` opens without blocking, refuses
anything that is not a regular file, and reads at most ``limit`` bytes (one more, to tell that
a file grew past the cap while being read).  The reason is given in plain words; each caller
wraps it in its own error (``DeckError`` with the file name, ``UsageError`` for a scorecard).

>>> human_size(128 * 1024)
'128 KiB'
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["UnreadableFile", "read_user_file", "human_size"]


class UnreadableFile(Exception):
    """A user file cannot be used; ``str()`` is the reason in plain words."""


def human_size(n: int) -> str:
    """Bytes as people say them: ``512 bytes``, ``128 KiB``, ``10.5 MiB``."""
    if n < 1024:
        return f"{n} bytes"
    size = float(n)
    for unit in ("KiB", "MiB", "GiB"):
        size /= 1024
        if size < 1024:
            break
    return f"{size:.3g} {unit}"


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words: 'a folder', 'a pipe (FIFO)', …
    (shared by the readers here and the writers in ``cardforge.atomic``)."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _kind(mode: int) -> str:
    expected = "a file" if stat.S_ISDIR(mode) else "a regular file"
    return f"is {file_kind(mode)}, expected {expected}"


def read_user_file(path: str | os.PathLike[str], *, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes.

    Raises ``UnreadableFile`` with the reason: not found, permission denied, a folder, a device
    or FIFO, or too large.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(Path(path), flags)
    except FileNotFoundError:
        raise UnreadableFile("file not found") from None
    except IsADirectoryError:
        raise UnreadableFile(_kind(stat.S_IFDIR)) from None
    except PermissionError:
        raise UnreadableFile("permission denied (the file is not readable)") from None
    except OSError as exc:
        raise UnreadableFile(f"cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(_kind(info.st_mode))
        if info.st_size > limit:
            raise UnreadableFile(f"too large ({human_size(info.st_size)}; at most {human_size(limit)})")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise UnreadableFile(f"too large (over {human_size(limit)})")
        return b"".join(chunks)
    except OSError as exc:
        raise UnreadableFile(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
