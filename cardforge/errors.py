"""Every error cardforge raises on purpose.

The hierarchy, drawn once (as httpx does)::

    CardforgeError                  -- anything the CLI turns into a one-line message, exit 2
    ├── UsageError                  -- a bad option, an unknown game, a wrong player count …
    ├── CardCodeError (ValueError)  -- a card token that is malformed or not in the deck
    ├── DeckError                   -- a deck file that cannot be read or does not validate
    │   └── DeckErrors              -- several problems in one file (validate prints each)
    ├── IllegalActionError (ValueError) -- an engine was asked for a move the rules forbid
    └── OutputError                 -- an output folder or file cannot be written

    Interrupted (BaseException)     -- Ctrl-C, raised by the CLI's SIGINT handler

The CLI catches ``CardforgeError`` at the top and prints ``str(error)`` on stderr; no other
exception is expected to reach a user.  ``Interrupted`` is not a ``KeyboardInterrupt``, so no
library turns it into something else on the way up (click prints a blank line and raises
``Abort``); it ends as the one line ``cardforge: interrupted``, exit 130.
"""

from __future__ import annotations

__all__ = [
    "CardforgeError",
    "UsageError",
    "CardCodeError",
    "DeckError",
    "DeckErrors",
    "IllegalActionError",
    "OutputError",
    "Interrupted",
]


class CardforgeError(Exception):
    """Base class: a problem a user can fix; printed as one line, exit code 2."""

    exit_code = 2

    def to_json(self) -> dict[str, object]:
        """``{"message": …, "kind": …}`` plus the fields that locate the problem (``--json``)."""
        data: dict[str, object] = {"message": str(self), "kind": type(self).__name__}
        for key in ("token", "suggestion", "file", "line", "column", "path"):
            value = getattr(self, key, None)
            if value not in (None, ""):
                data[key] = value
        return data


class UsageError(CardforgeError):
    """A command was called with arguments it cannot use."""


class CardCodeError(CardforgeError, ValueError):
    """A card token is malformed, unknown, or not part of the deck in use.

    The message quotes the token with ``!r`` and suggests the nearest valid code.
    """

    def __init__(self, message: str, token: str = "", suggestion: str | None = None):
        super().__init__(message)
        self.token = token
        self.suggestion = suggestion


class DeckError(CardforgeError):
    """A deck file is missing, not YAML, or does not match the deck schema.

    ``str()`` is ``file:line:column: key.path: what was expected, what was found``.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str = "",
        line: int | None = None,
        column: int | None = None,
        path: str = "",
    ):
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.detail = message
        where = file
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        prefix = f"{where}: " if where else ""
        key = f"{path}: " if path else ""
        super().__init__(f"{prefix}{key}{message}")


class DeckErrors(DeckError):
    """Every problem found in a deck file: ``errors`` lists them (each a ``DeckError``);
    ``str()`` is the first, saying how many more there are."""

    def __init__(self, errors: list[DeckError]):
        self.errors = list(errors)
        first = self.errors[0]
        more = len(self.errors) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''}: cardforge validate lists them)" if more else ""
        super().__init__(first.detail + tail, file=first.file, line=first.line, column=first.column, path=first.path)


class IllegalActionError(CardforgeError, ValueError):
    """An engine was asked to apply an action that is not legal in the current state."""


class OutputError(CardforgeError):
    """An output cannot be written (folder not writable, disk full, …)."""


class Interrupted(BaseException):
    """Ctrl-C (SIGINT) during a command; cleanup handlers (``except BaseException``) still run."""

    exit_code = 130
