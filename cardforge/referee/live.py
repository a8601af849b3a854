"""The referee's side of the live position (``cardforge.live``): the options that say where a
position is kept, and one function that loads it, applies a move and saves it.

    --state PATH      a JSON state file (or CARDFORGE_STATE), created by the first move
    --table           the table store's current match of this game (--db, --match choose)

Without either, a command answers about the position given on its command line only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer

from cardforge.options import completion, nonempty_path
from cardforge.errors import UsageError
from cardforge.i18n import refusal

__all__ = ["STATE_OPTION", "TABLE_OPTION", "DB_OPTION", "MATCH_OPTION", "storage_for", "play"]

STATE_OPTION = typer.Option(None, "--state", envvar="CARDFORGE_STATE", metavar="PATH", parser=nonempty_path,
                            help="Keep the position in this JSON file between calls.")
TABLE_OPTION = typer.Option(False, "--table", help="Keep the position in the table store's current match.")
DB_OPTION = typer.Option(None, "--db", envvar="CARDFORGE_TABLE_DB", metavar="PATH", parser=nonempty_path,
                         help="Table database, with --table.")
MATCH_OPTION = typer.Option(None, "--match", metavar="ID", autocompletion=completion("match_ids"), help="Match ID, with --table (default: the current match).")


def storage_for(state: Path | None, table: bool, db: Path | None = None, match: int | None = None):
    """The storage the options name, or ``None`` for a one-off answer."""
    from cardforge.live.storage import MatchSlot, StateFile

    if state is not None and table:
        raise refusal(UsageError, "error.state.both")
    if table:
        return MatchSlot(db, match)
    if match is not None:
        raise refusal(UsageError, "error.state.match_needs_table")
    return StateFile(state) if state is not None else None


def _say_where_players_are_kept(error: UsageError, storage: Any, game: str) -> None:
    """An unknown player refused against a state file's seated players: raise the refusal
    again, naming the file (``--state``/``CARDFORGE_STATE``) and how to start afresh."""
    from cardforge.live.storage import StateFile

    message = getattr(error, "message", None)
    if isinstance(storage, StateFile) and message is not None and message.key == "error.seat.unknown":
        raise refusal(UsageError, "error.state.unknown_player", refused=message, path=repr(str(storage.path)),
                      game=game) from None


def play(game: str, storage: Any, tokens: Sequence[str], prepare: Callable[[Any], Any] | None = None, *,
         house: Sequence[str] = (), **changes: Any):
    """Load the position (or start one), set the house rules given (``--house``) and the fields
    in ``changes`` (``mode=…``), let ``prepare`` adjust it (``--row``…), apply the move parsed
    from ``tokens``, save the new position; the verdict."""
    from cardforge.live import new_position

    position = storage.load(game) if storage is not None else new_position(game)
    if house:
        position = position.replace(house=tuple(house))
    if changes:
        position = position.replace(**changes)
    if prepare is not None:
        position = prepare(position)
    try:
        move = position.parse_move(list(tokens))
        after, verdict = position.apply(move)
    except UsageError as exc:
        _say_where_players_are_kept(exc, storage, game)
        raise
    if storage is not None:
        storage.save(after)
    return verdict
