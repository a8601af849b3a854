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
from typing import Any

__all__ = ["UnreadableFile", "read_user_file", "human_size", "file_kind", "file_kind_message", "json_problem"]


class UnreadableFile(Exception):
    """A user file cannot be used: ``str()`` is the reason in English, ``message`` the same
    reason as a catalogue message (``file.*``) for a face that speaks the user's language."""

    def __init__(self, key: str, /, **params: object):
        from cardforge.i18n import Message

        self.message = Message(f"file.{key}", **params)
        super().__init__(self.message.text())


def human_size(n: int) -> str:
    """Bytes as people say them: ``512 bytes``, ``128 KiB``, ``10.5 MiB``."""
    return str(_size(n).text())


def _size(n: int) -> Any:
    """A size as a message, so French reads « 97,7 Kio » and « 512 octets »."""
    from cardforge.i18n import Message

    if n < 1024:
        return Message("file.size.bytes", n=n)
    size = float(n)
    for unit in ("KiB", "MiB", "GiB"):
        size /= 1024
        if size < 1024:
            break
    return Message(f"file.size.{unit}", size=f"{size:.3g}")


def _kind_key(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special"


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words: 'a folder', 'a pipe (FIFO)', …
    (shared by the readers here and the writers in ``cardforge.atomic``)."""
    from cardforge.i18n import text

    return text(f"file.kind.{_kind_key(mode)}")


def file_kind_message(mode: int) -> Any:
    """``file_kind`` as a catalogue message, said in the language of the refusal that shows it."""
    from cardforge.i18n import Message

    return Message(f"file.kind.{_kind_key(mode)}")


def _not_regular(mode: int) -> UnreadableFile:
    from cardforge.i18n import Message

    kind = Message(f"file.kind.{_kind_key(mode)}")
    return UnreadableFile("not_a_folder" if stat.S_ISDIR(mode) else "not_regular", kind=kind)


def json_problem(msg: str) -> Any:
    """The reason ``json`` gives for a syntax error (``JSONDecodeError.msg``) as a message: the
    usual ones are in the catalogue (``file.json.*``), any other is kept as it is."""
    from cardforge.i18n import Message

    for prefix, key in _JSON_REASONS:
        if msg.startswith(prefix):
            return Message(f"file.json.{key}")
    return Message.literal(msg)


_JSON_REASONS = (
    ("Expecting value", "value"),
    ("Expecting ',' delimiter", "comma"),
    ("Expecting ':' delimiter", "colon"),
    ("Expecting property name enclosed in double quotes", "key"),
    ("Extra data", "extra"),
    ("Unterminated string", "unterminated"),
    ("Invalid control character", "control"),
    ("Invalid \\uXXXX escape", "escape"),
    ("Invalid \\escape", "escape"),
)


def read_user_file(path: str | os.PathLike[str], *, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes.

    Raises ``UnreadableFile`` with the reason: not found, permission denied, a folder, a device
    or FIFO, or too large.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(Path(path), flags)
    except FileNotFoundError:
        raise UnreadableFile("not_found") from None
    except IsADirectoryError:
        raise _not_regular(stat.S_IFDIR) from None
    except PermissionError:
        raise UnreadableFile("permission") from None
    except OSError as exc:
        raise UnreadableFile("cannot_read", why=exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(info.st_mode)
        if info.st_size > limit:
            raise UnreadableFile("too_large", size=_size(info.st_size), limit=_size(limit))
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise UnreadableFile("too_large_grew", limit=_size(limit))
        return b"".join(chunks)
    except OSError as exc:
        raise UnreadableFile("cannot_read", why=exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
