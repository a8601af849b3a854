"""The referee's side of the live position (``cardforge.live``): the options that say where a
position is kept, and one function that loads it, applies a move and saves it.

    --state PATH      a JSON state file (or CARDFORGE_STATE), created by the first move
    --table           the table store's current match of this game (--db, --match choose)
    --on VERSION      the match version the move was made on (a stale move is refused)
    --move-id ID      a client move id (a retry with the same id is applied once)

Without either, a command answers about the position given on its command line only.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer

from cardforge.options import HelpCommand, completion, nonempty_path
from cardforge.errors import UsageError
from cardforge.i18n import refusal

__all__ = ["STATE_OPTION", "TABLE_OPTION", "DB_OPTION", "MATCH_OPTION", "VERSION_OPTION", "MOVE_ID_OPTION",
           "storage_for", "play", "undo", "add_undo_command"]

STATE_OPTION = typer.Option(None, "--state", envvar="CARDFORGE_STATE", metavar="PATH", parser=nonempty_path,
                            help="Keep the position in this JSON file between calls.")
TABLE_OPTION = typer.Option(False, "--table", help="Keep the position in the table store's current match.")
DB_OPTION = typer.Option(None, "--db", envvar="CARDFORGE_TABLE_DB", metavar="PATH", parser=nonempty_path,
                         help="Table database, with --table.")
MATCH_OPTION = typer.Option(None, "--match", metavar="ID", autocompletion=completion("match_ids"), help="Match ID, with --table (default: the current match).")
VERSION_OPTION = typer.Option(None, "--on", metavar="VERSION",
                              help="The match version the move was made on: refused if the table moved on since.")
MOVE_ID_OPTION = typer.Option(None, "--move-id", metavar="ID",
                              help="A client move id: the same id sent again is applied once (safe retries).")


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
         house: Sequence[str] = (), version: int | None = None, move_id: str | None = None, **changes: Any):
    """Under the storage's lock: load the match (or start one), set the house rules given
    (``--house``) and the fields in ``changes`` (``mode=…``), let ``prepare`` adjust it, apply
    the move parsed from ``tokens`` (made on ``version``, with the client's ``move_id``: see
    ``cardforge.live.match``), save it; the verdict."""
    from cardforge.live import new_position

    with storage.transaction() if storage is not None else contextlib.nullcontext():
        position = storage.load(game) if storage is not None else new_position(game)
        if house:
            position = position.replace(house=tuple(house))
        if changes:
            position = position.replace(**changes)
        if prepare is not None:
            position = prepare(position)
        try:
            if version is not None or move_id is not None:
                move = position.parse_move(list(tokens), version, move_id)
            else:
                move = position.parse_move(list(tokens))
            after, verdict = position.apply(move)
        except UsageError as exc:
            _say_where_players_are_kept(exc, storage, game)
            raise
        if storage is not None and after is not position:
            storage.save(after, verdict)
    return verdict


def undo(game: str, storage: Any):
    """Under the storage's lock: take back the kept match's last move; a verdict saying what."""
    from cardforge.i18n import Message
    from cardforge.referee.verdict import Verdict

    if storage is None:
        raise refusal(UsageError, "error.live.undo_needs_state")
    with storage.transaction():
        match = storage.load(game)
        if not hasattr(match, "undo"):
            from cardforge.live.match import game_title

            raise refusal(UsageError, "error.live.no_undo", game=game_title(game))
        before = match.undo()
        storage.save(before)
    taken = [e for e in match.history[before.version:]]
    verdict = Verdict(game, Message("live.undo.q"), {"version": before.version, "undone": taken,
                                                     "position": before.to_json()})
    verdict.summary = Message("live.undo.done", entries=taken, version=before.version)
    return verdict


def add_undo_command(app: typer.Typer, game: str) -> None:
    """Register ``referee GAME undo`` (``--state``/``--table``) on a game's typer ``app``
    (its help's example: the game kept in ``soir.json``, as its ``play`` example keeps it)."""
    from cardforge.options import JSON_OPTION, LANG_OPTION, check_message_lang
    from cardforge.referee.verdict import emit

    @app.command("undo", cls=HelpCommand)
    def undo_(
        state: Path | None = STATE_OPTION,
        table: bool = TABLE_OPTION,
        db: Path | None = DB_OPTION,
        match: int | None = MATCH_OPTION,
        as_json: bool = JSON_OPTION,
        lang: str = LANG_OPTION,
    ) -> None:
        check_message_lang(lang)
        emit(undo(game, storage_for(state, table, db, match)), as_json=as_json, lang=lang)

    undo_.__doc__ = ("Take back the last move of the kept match (with --state or --table).\n\n"
                     f"Example: cardforge referee {game} undo --state soir.json")
