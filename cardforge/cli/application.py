"""The typer application: the root command and every command family.

Commands live in small modules that each expose ``register(app)``; heavy libraries (reportlab,
pydantic, PIL) are imported inside the commands.  Built on first use (``cardforge.cli.main``
runs it, ``cardforge.cli.fastpath`` answers ``--version`` and referee rulings without it).
"""

from __future__ import annotations

import importlib

import typer

from cardforge import __version__

__all__ = ["app", "COMMAND_MODULES"]

app = typer.Typer(
    name="cardforge",
    help="Print-ready card sheets, rulebooks and a table referee for the Num card family.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

#: Modules that add commands; a module not present yet is skipped.
COMMAND_MODULES = (
    "cardforge.cli.decks",
    "cardforge.cli.new",
    "cardforge.cli.referee",
    "cardforge.cli.render",
    "cardforge.cli.rulebook",
    "cardforge.cli.serve",
    "cardforge.cli.table",
    "cardforge.cli.simulate",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cardforge {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", help="Show the version and exit.", callback=_version, is_eager=True),
) -> None:
    """Print-ready card sheets, rulebooks and a table referee for the Num card family."""


for _name in COMMAND_MODULES:
    try:
        _module = importlib.import_module(_name)
    except ModuleNotFoundError as _exc:  # a command family not built yet
        if _exc.name != _name:
            raise
        continue
    _module.register(app)
