"""``cardforge new NAME``: scaffold a deck folder that renders at once."""

from __future__ import annotations

from pathlib import Path

import typer

from cardforge.options import ARGUMENT_PATH, JSON_OPTION, print_written, HelpCommand, message_lang

__all__ = ["register"]


def new(
    folder: Path = typer.Argument(..., click_type=ARGUMENT_PATH, metavar="NAME", help="The new deck's folder; its last part is the deck's id."),
    free: bool = typer.Option(False, "--free", help="A deck of any game: cards as rows of any fields in cards.csv (no Num families)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Create a deck folder: deck YAML (with its $schema), a layout extending the default, a sample
    picture, rules text and a CSV of cards — ready for validate, render and rulebook.

    Example: cardforge new mine
    """
    from cardforge.scaffold import scaffold

    written = scaffold(folder, free=free)
    if as_json:
        print_written(written, folder)
        return
    deck = written[0]
    from cardforge.i18n import text

    lang = message_lang()
    typer.echo(text("out.new_wrote", lang, n=len(written), folder=folder))
    typer.echo(text("out.new_next", lang, deck=deck))


def register(app: typer.Typer) -> None:
    app.command("new", cls=HelpCommand)(new)
