"""``cardforge referee GAME …``: each game's referee sub-app (``cardforge.referee.<game>``),
imported only when that game is asked for, so one referee call does not load five engines."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

import typer
from typer.core import TyperGroup

from cardforge.cli.options import in_user_language
from cardforge.deck.loader import GAMES

__all__ = ["register"]


def _module_name(game: str) -> str:
    return f"cardforge.referee.{game}"


class _LazyGameGroup(TyperGroup):
    """A command group whose subcommands (one per game) are imported on first use."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [g for g in GAMES if importlib.util.find_spec(_module_name(g)) is not None]

    def get_command(self, ctx: Any, name: str) -> Any:
        if name not in self.list_commands(ctx):
            return None
        return game_command(name)


def game_command(name: str) -> Any:
    """The click command of one game's referee (also run alone by ``cli/fastpath.py``)."""
    module = importlib.import_module(_module_name(name))
    command = typer.main.get_command(module.app)
    command.name = name
    for sub in getattr(command, "commands", {}).values():
        sub.callback = in_user_language(sub.callback)
    return command


referee_app = typer.Typer(
    cls=_LazyGameGroup,
    help="Settle rulings at the table: each answer explains its steps and cites the rules applied.",
    no_args_is_help=True,
)


def register(app: typer.Typer) -> None:
    app.add_typer(referee_app, name="referee")
