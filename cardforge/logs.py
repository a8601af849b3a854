"""Libraries' log records never reach the terminal beside cardforge's own one-line messages.

svglib logs what it cannot draw ("Can't handle color: …") through ``logging``; with no handler
configured, Python's last-resort handler printed those on stderr, between a command's output
and its one-line error.  The command line gives those loggers a ``NullHandler`` (logging's own
way for an application to mute a library); Pillow's warnings are handled where images are read.
"""

from __future__ import annotations

import logging

__all__ = ["quiet_libraries", "QUIET_LOGGERS"]

#: The libraries whose log records are muted on the command line.
QUIET_LOGGERS = ("svglib", "PIL", "fontTools", "matplotlib")


def quiet_libraries() -> None:
    """Mute the libraries' log records (idempotent)."""
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
            logger.addHandler(logging.NullHandler())
