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


def _fail(message: str, code: int = 2) -> None:
    sys.stderr.write(f"cardforge: error: {message}\n")
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the app; cardforge errors and command-line usage errors become one line
    on stderr with exit code 2 (never a traceback, never a multi-line box)."""
    from typer import exceptions as typer_exc
    from typer._click import exceptions as click_exc

    try:
        result = app(args=argv, prog_name="cardforge", standalone_mode=False)
    except CardforgeError as exc:
        _fail(str(exc), exc.exit_code)
    except click_exc.NoArgsIsHelpError as exc:  # `cardforge deck` alone: its help was printed
        command = exc.ctx.command_path if exc.ctx else "cardforge"
        _fail(f"'{command}' needs a command or arguments: expected one of those listed above (see '{command} --help')")
    except click_exc.UsageError as exc:
        command = exc.ctx.command_path if exc.ctx else "cardforge"
        _fail(f"{exc.format_message()} (see '{command} --help')", 2)
    except click_exc.ClickException as exc:
        _fail(exc.format_message(), exc.exit_code)
    except typer_exc.Exit as exc:
        sys.exit(exc.exit_code)
    except typer_exc.Abort:
        sys.stderr.write("cardforge: interrupted\n")
        sys.exit(130)
    except KeyboardInterrupt:
        sys.stderr.write("cardforge: interrupted\n")
        sys.exit(130)
    except BrokenPipeError:  # `cardforge … | head`: the reader left, nothing to report
        sys.stderr.close()
        sys.exit(0)
    sys.exit(result if isinstance(result, int) else 0)
