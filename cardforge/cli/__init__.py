"""The ``cardforge`` command line (typer).

Commands live in small modules that each expose ``register(app)``; heavy libraries (reportlab,
pydantic, PIL) are imported inside the commands, so ``cardforge --help`` and the referee start
fast.  Every ``CardforgeError`` becomes one line on stderr and exit code 2.
"""

from __future__ import annotations

import importlib
import sys

import typer

from cardforge import __version__
from cardforge.errors import CardforgeError

__all__ = ["app", "main"]

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
    "cardforge.cli.referee",
    "cardforge.cli.render",
    "cardforge.cli.rulebook",
    "cardforge.cli.table",
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


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the app, turning cardforge errors into one-line messages (exit 2)."""
    try:
        app(args=argv, prog_name="cardforge", standalone_mode=True)
    except CardforgeError as exc:
        sys.stderr.write(f"cardforge: error: {exc}\n")
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        sys.stderr.write("cardforge: interrupted\n")
        sys.exit(130)
