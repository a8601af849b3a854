"""The typer application: the root command and every command family.

Commands live in small modules that each expose ``register(app)``; heavy libraries (reportlab,
pydantic, PIL) are imported inside the commands.  Built on first use (``cardforge.cli.main``
runs it; ``cardforge.cli.fastpath`` answers ``--version`` and referee rulings without it, and
runs ``render``, ``build`` and ``watch`` in the root built with their one module).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

import typer

from cardforge.options import HelpGroup
from cardforge import __version__
from cardforge.cli import complete

__all__ = ["app", "make_app", "COMMAND_MODULES"]

#: Modules that add commands; a module not present yet is skipped.
COMMAND_MODULES = (
    "cardforge.cli.decks",
    "cardforge.cli.new",
    "cardforge.cli.referee",
    "cardforge.cli.render",
    "cardforge.cli.rulebook",
    "cardforge.cli.serve",
    "cardforge.cli.play",
    "cardforge.cli.table",
    "cardforge.cli.simulate",
    "cardforge.cli.house",
    "cardforge.cli.config",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cardforge {__version__}")
        raise typer.Exit()


#: ``-h`` beside ``--help`` on every command (sub-commands inherit it from the root's context).
CONTEXT = {"help_option_names": ["-h", "--help"]}


def _root(
    version: bool = typer.Option(False, "--version", "-V", help="Show the version and exit.", callback=_version,
                                 is_eager=True),
    verbose: bool = typer.Option(False, "--verbose", "-v",
                                 help="Say on stderr which settings are in effect and where each comes from."),
    lang: str | None = typer.Option(None, "--lang", metavar="LANG", autocompletion=complete.languages,
                                    help="Language of this help and of the commands after it."),
) -> None:
    """Print-ready card sheets, rulebooks and a table referee for the Num card family."""
    if lang is not None:
        from cardforge.config import FLAGS
        from cardforge.options import check_message_lang

        FLAGS["lang"] = check_message_lang(lang)
    if verbose:
        import sys

        from cardforge.config import settings

        shown = ", ".join(f"{s.key}={s.value} ({s.origin or s.source})" for s in settings().values()
                          if s.value is not None)
        sys.stderr.write(f"cardforge: settings: {shown}\n")


def make_app(modules: Sequence[str] = COMMAND_MODULES) -> typer.Typer:
    """The root command with the commands of ``modules`` (``cli/fastpath.py`` builds it with the
    one module a command line needs: the same root, options and command, without the others)."""
    app = typer.Typer(
        cls=HelpGroup,
        name="cardforge",
        help="Print-ready card sheets, rulebooks and a table referee for the Num card family.",
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
        context_settings=CONTEXT,
    )
    app.callback()(_root)
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:  # a command family not built yet
            if exc.name != name:
                raise
            continue
        module.register(app)
    return app


def __getattr__(name: str) -> Any:
    """``app``: the whole application, built on first use."""
    if name == "app":
        globals()["app"] = whole = make_app()
        return whole
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
