"""The rich consoles cardforge prints with, and the escaping of user text.

On a terminal output wraps to its width, as rich does.  Into a pipe or a file (``cardforge
decks | cat``, ``… > ruling.txt``) nothing is hard-wrapped, padded or truncated: a line is as
long as its content (``COLUMNS`` still sets a width if given).  Emoji codes and automatic
highlighting are off, so a player named ``:fire:`` or ``[red]Ana`` prints as typed — and every
user string goes through ``text()`` (or ``rich.markup.escape``) before rich sees it.
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["make_console", "text", "UNWRAPPED_WIDTH"]

#: The width used when stdout is not a terminal: wide enough that no table is ever squeezed.
UNWRAPPED_WIDTH = 100_000


def make_console(*, stderr: bool = False) -> Any:
    """A ``rich.console.Console`` for stdout (or stderr)."""
    from rich.console import Console

    console = Console(stderr=stderr, emoji=False, highlight=False)
    if console.is_terminal or os.environ.get("COLUMNS"):
        return console
    return Console(stderr=stderr, emoji=False, highlight=False, width=UNWRAPPED_WIDTH, soft_wrap=True)


def text(value: object, style: str = "") -> Any:
    """``value`` as a ``rich.text.Text``: printed literally, never read as markup."""
    from rich.text import Text

    return Text(str(value), style=style)
