"""``cardforge referee GAME …``: mounts each game's referee sub-app (``cardforge.referee.<game>``)."""

from __future__ import annotations

import importlib

import typer

from cardforge.deck.loader import GAMES

__all__ = ["register"]

referee_app = typer.Typer(
    help="Settle rulings at the table: each answer explains its steps and cites the rules applied.",
    no_args_is_help=True,
)


def register(app: typer.Typer) -> None:
    for game in GAMES:
        name = f"cardforge.referee.{game}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        referee_app.add_typer(module.app, name=game)
    app.add_typer(referee_app, name="referee")
