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
from cardforge.errors import CardforgeError, Interrupted

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


def _wants_json(argv: list[str]) -> bool:
    """True if ``--json`` is among the options (before a ``--`` that ends them)."""
    options = argv[: argv.index("--")] if "--" in argv else argv
    return "--json" in options


def _fail(message: str, code: int = 2, *, as_json: bool = False, detail: dict | None = None) -> None:
    """One line on stderr; with ``--json`` also one ``{"error": {...}}`` object on stdout."""
    if as_json:
        import json

        payload = {"message": message, **(detail or {})}
        try:
            sys.stdout.write(json.dumps({"error": payload}, ensure_ascii=False) + "\n")
            sys.stdout.flush()
        except (BrokenPipeError, ValueError):
            pass
    sys.stderr.write(f"cardforge: error: {message}\n")
    sys.exit(code)


def _interrupted() -> None:
    sys.stderr.write("cardforge: interrupted\n")
    sys.exit(130)


def _click_errors() -> tuple[type[Exception], type[Exception]]:
    """click's ``ClickException`` and ``UsageError``, found from typer's public ``BadParameter``.

    typer < 0.26 raises click's own exceptions, typer >= 0.26 those of the copy of click it
    vendors privately; ``BadParameter`` (public in both) derives from both classes we need, so
    we reach them through it instead of importing a private module.
    """
    bases = {cls.__name__: cls for cls in typer.BadParameter.__mro__}
    return bases["ClickException"], bases["UsageError"]


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the app; cardforge errors and command-line usage errors become one line
    on stderr with exit code 2 (never a traceback, never a multi-line box); with ``--json`` the
    error is also one JSON object on stdout.  Ctrl-C is one line, exit 130."""
    args = list(sys.argv[1:] if argv is None else argv)
    as_json = _wants_json(args)
    click_error, usage_error = _click_errors()
    from cardforge.atomic import tidy_on_failure

    previous = _catch_interrupts()
    try:
        with tidy_on_failure():  # a failed command leaves no empty folders behind
            result = app(args=args, prog_name="cardforge", standalone_mode=False)
    except CardforgeError as exc:
        _fail(str(exc), exc.exit_code, as_json=as_json, detail=exc.to_json())
    except usage_error as exc:
        ctx = getattr(exc, "ctx", None)
        command = ctx.command_path if ctx is not None else "cardforge"
        if type(exc).__name__ == "NoArgsIsHelpError":  # `cardforge deck` alone: typer printed its help
            _fail(f"'{command}' needs a command or arguments: expected one of those listed above "
                  f"(see '{command} --help')", as_json=as_json)
        _fail(f"{exc.format_message()} (see '{command} --help')", 2, as_json=as_json)
    except click_error as exc:
        _fail(exc.format_message(), exc.exit_code, as_json=as_json)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except (Interrupted, typer.Abort, KeyboardInterrupt):
        _interrupted()
    except BrokenPipeError:  # `cardforge … | head`: the reader left, nothing to report
        _quiet_stdout()
        sys.exit(0)
    except OSError as exc:  # the system refused something no check foresaw: still one line
        where = f" {str(exc.filename)!r}" if exc.filename else ""
        _fail(f"cannot continue:{where} {exc.strerror or exc}", as_json=as_json)
    finally:
        _restore_interrupts(previous)
    sys.exit(result if isinstance(result, int) else 0)


def _raise_interrupted(signum: int, frame: object) -> None:
    raise Interrupted()


def _catch_interrupts() -> object:
    """Make Ctrl-C raise ``Interrupted`` (main thread only); return the handler it replaces."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGINT, _raise_interrupted)


def _restore_interrupts(previous: object) -> None:
    if previous is not None:
        import signal

        signal.signal(signal.SIGINT, previous)


def _quiet_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so Python's final flush stays silent."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
