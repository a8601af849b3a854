"""``cardforge referee GAME …``: each game's referee sub-app (``cardforge.referee.<game>``),
imported only when that game is asked for, so one referee call does not load five engines."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

import typer

from cardforge.options import HelpGroup, in_user_language
from cardforge.deck.loader import GAMES

__all__ = ["register"]


def _module_name(game: str) -> str:
    return f"cardforge.referee.{game}"


class _LazyGameGroup(HelpGroup):
    """A command group whose subcommands (one per game) are imported on first use."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [g for g in GAMES if importlib.util.find_spec(_module_name(g)) is not None]

    def get_command(self, ctx: Any, name: str) -> Any:
        if name not in self.list_commands(ctx):
            return None
        return game_command(name)


def game_command(name: str, only: str | None = None) -> Any:
    """The click command of one game's referee (also run alone by ``cli/fastpath.py``).

    ``only``: the subcommand the command line names; when the game has it, the group is built
    with that subcommand alone (the same click command, without building its siblings).
    """
    module = importlib.import_module(_module_name(name))
    command = _built(module.app, only)
    command.name = name
    command.context_settings.setdefault("help_option_names", ["-h", "--help"])  # run alone, it is the root
    for sub in getattr(command, "commands", {}).values():
        sub.callback = in_user_language(sub.callback)
    return command


def _built(app: typer.Typer, only: str | None) -> Any:
    """``typer.main.get_command(app)``, with only the subcommand named ``only`` when it has one."""
    registered = app.registered_commands
    chosen = [info for info in registered
              if (info.name or typer.main.get_command_name(info.callback.__name__)) == only]
    if len(chosen) != 1:
        return typer.main.get_command(app)
    app.registered_commands = chosen
    try:
        group = typer.main.get_group(app)  # a group still: get_command would make a lone command
    finally:
        app.registered_commands = registered
    if getattr(app, "_add_completion", False):  # as get_command does for a group
        group.params.extend(typer.main.get_install_completion_arguments())
    return group


referee_app = typer.Typer(
    cls=_LazyGameGroup,
    help="Settle rulings at the table: each answer explains its steps and cites the rules applied.",
    no_args_is_help=True,
)


def register(app: typer.Typer) -> None:
    app.add_typer(referee_app, name="referee")
