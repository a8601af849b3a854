"""The ``cardforge`` command line (typer).

The application is built in ``cli/application.py`` from small command modules that each expose
``register(app)``; ``cli/fastpath.py`` decides first what to run, so ``--version`` and referee
rulings start without the rest.  Every ``CardforgeError`` becomes one line on stderr and exit
code 2.
"""

from __future__ import annotations

import sys
from typing import Any

from cardforge.errors import CardforgeError

__all__ = ["app", "main"]


def __getattr__(name: str) -> Any:
    """``cardforge.cli.app``: the typer application, built on first use (``cli/application.py``)."""
    if name == "app":
        from cardforge.cli.application import app

        return app
    raise AttributeError(name)


def _fail(message: str, code: int = 2) -> None:
    sys.stderr.write(f"cardforge: error: {message}\n")
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the app; cardforge errors and command-line usage errors become one line
    on stderr with exit code 2 (never a traceback, never a multi-line box)."""
    from cardforge.cli.fastpath import route

    app, argv, prog_name = route(argv)
    from typer import exceptions as typer_exc
    from typer._click import exceptions as click_exc

    try:
        result = app(args=argv, prog_name=prog_name, standalone_mode=False)
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
