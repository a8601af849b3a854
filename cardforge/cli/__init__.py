"""The ``cardforge`` command line (typer).

The application is built in ``cli/application.py`` from small command modules that each expose
``register(app)``; ``cli/fastpath.py`` decides first what to run, so ``--version`` and referee
rulings start without the rest.  Every ``CardforgeError`` becomes one line on stderr and exit
code 2.
"""

from __future__ import annotations

import functools
import sys
from typing import Any

from cardforge.errors import CardforgeError, Interrupted

__all__ = ["app", "main"]


def __getattr__(name: str) -> Any:
    """``cardforge.cli.app``: the typer application, built on first use (``cli/application.py``)."""
    if name == "app":
        from cardforge.cli.application import app

        return app
    raise AttributeError(name)


def _wants_json(argv: list[str]) -> bool:
    """True if ``--json`` is among the options (before a ``--`` that ends them)."""
    options = argv[: argv.index("--")] if "--" in argv else argv
    return "--json" in options


def _asked_lang(argv: list[str]) -> str:
    """The ``--lang`` asked for (``--lang fr`` or ``--lang=fr``, before a ``--``), else the
    configured one, if a message catalogue speaks it, else English: the language of errors."""
    options = argv[: argv.index("--")] if "--" in argv else argv
    asked = None
    for i, arg in enumerate(options):
        if arg == "--lang" and i + 1 < len(options):
            asked = options[i + 1]
        elif arg.startswith("--lang="):
            asked = arg[len("--lang="):]
    from cardforge.i18n import DEFAULT_LANG, languages

    if asked is None:  # the configured language (a broken config file is said in English)
        try:
            from cardforge.config import value

            asked = value("lang")
        except Exception:
            asked = DEFAULT_LANG
    return asked if asked in languages() else DEFAULT_LANG


def _fail(message: str, code: int = 2, *, as_json: bool = False, detail: dict | None = None,
          argv: list[str] | None = None) -> None:
    """One line on stderr, its ``cardforge: error:`` prefix in the language the command line
    asked for (``--lang fr``: « cardforge : erreur : »); with ``--json`` also one
    ``{"error": {...}}`` object on stdout (its shape and message unchanged)."""
    if as_json:
        import json

        payload = {"message": message, **(detail or {})}
        try:
            sys.stdout.write(json.dumps({"error": payload}, ensure_ascii=False, allow_nan=False) + "\n")
            sys.stdout.flush()
        except (BrokenPipeError, ValueError):
            pass
    from cardforge.i18n import text

    sys.stderr.write(text("error.prefix", _asked_lang(argv or []), message=message) + "\n")
    sys.exit(code)


def _in_language(error: CardforgeError, lang: str) -> str:
    """The error's text in ``lang`` when it carries a catalogue message (``cardforge.i18n.refusal``),
    else its own text: under ``--lang fr`` or ``CARDFORGE_LANG=fr`` a refusal is said in French."""
    from cardforge.i18n import Message

    message = getattr(error, "message", None)
    if isinstance(message, Message) and lang != "en":
        return message.text(lang)
    return str(error)


def _interrupted(lang: str = "en") -> None:
    from cardforge.i18n import text

    sys.stderr.write(text("error.interrupted", lang) + "\n")
    sys.exit(130)


def _click_errors() -> tuple[type[Exception], type[Exception]]:
    """click's ``ClickException`` and ``UsageError``, found from typer's public ``BadParameter``.

    typer < 0.26 raises click's own exceptions, typer >= 0.26 those of the copy of click it
    vendors privately; ``BadParameter`` (public in both) derives from both classes we need, so
    we reach them through it instead of importing a private module.
    """
    import typer

    bases = {cls.__name__: cls for cls in typer.BadParameter.__mro__}
    return bases["ClickException"], bases["UsageError"]


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the app; cardforge errors and command-line usage errors become one line
    on stderr with exit code 2 (never a traceback, never a multi-line box); with ``--json`` the
    error is also one JSON object on stdout.  Ctrl-C is one line, exit 130.
    """
    from cardforge.cli.fastpath import route
    from cardforge.cli.helptext import wants_help

    raw = list(sys.argv[1:] if argv is None else argv)
    if wants_help(raw) and "typer" not in sys.modules:  # typer reads its own help words at import
        from cardforge.i18n.library_texts import use

        use(_asked_lang(raw))
    # --version is answered there; a referee game runs alone
    app, args, prog_name = route(argv)
    import typer

    _resume_collector()
    if not prog_name.startswith("cardforge referee"):  # a ruling reads no art (and skips importing logging)
        from cardforge.logs import quiet_libraries

        quiet_libraries()  # svglib's "Can't handle color" never lands beside our one line

    as_json = _wants_json(args)
    fail = functools.partial(_fail, as_json=as_json, argv=args)
    click_error, usage_error = _click_errors()
    from cardforge.atomic import tidy_on_failure

    previous = _catch_interrupts()
    try:
        with tidy_on_failure():  # a failed command leaves no empty folders behind
            result = command_for(app, args)(args=args, prog_name=prog_name, standalone_mode=False)
    except CardforgeError as exc:
        said = _in_language(exc, _asked_lang(args))
        fail(said, exc.exit_code, detail={**exc.to_json(), "message": said})
    except usage_error as exc:
        from cardforge.cli.click_messages import translate
        from cardforge.i18n import text

        ctx = getattr(exc, "ctx", None)
        command = ctx.command_path if ctx is not None else "cardforge"
        lang = _asked_lang(args)
        if type(exc).__name__ == "NoArgsIsHelpError":  # `cardforge deck` alone: typer printed its help
            fail(text("error.needs_command", lang, command=command))
        fail(text("error.see_help", lang, message=translate(exc.format_message(), lang), command=command), 2)
    except click_error as exc:
        from cardforge.cli.click_messages import translate

        fail(translate(exc.format_message(), _asked_lang(args)), exc.exit_code)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except SystemExit as exc:  # rich and click end a write into a closed pipe (a help page) with exit 1
        if exc.code == 1 and isinstance(exc.__context__, BrokenPipeError):
            _quiet_stdout()
            sys.exit(0)
        raise
    except (Interrupted, typer.Abort, KeyboardInterrupt):
        _interrupted(_asked_lang(args))
    except BrokenPipeError:  # `cardforge … | head`: the reader left, nothing to report
        _quiet_stdout()
        sys.exit(0)
    except OSError as exc:  # the system refused something no check foresaw: still one line
        where = f" {str(exc.filename)!r}" if exc.filename else ""
        fail(f"cannot continue:{where} {exc.strerror or exc}")
    finally:
        _restore_interrupts(previous)
    sys.exit(result if isinstance(result, int) else 0)


def command_for(app: Any, args: list[str]) -> Any:
    """The click command to run: typer's, with its help texts in the user's language when this
    command line shows a help page (``cli/helptext.py``)."""
    import typer

    command = typer.main.get_command(app) if isinstance(app, typer.Typer) else app
    from cardforge.cli.helptext import translate_help, wants_help

    if wants_help(args):
        lang = _asked_lang(args)
        if lang != "en":
            translate_help(command, args, lang)
    return command


def _resume_collector() -> None:
    """If the entry point paused the garbage collector for start-up (``cardforge/__main__.py``),
    freeze the objects start-up made (modules, classes: alive to the end) and resume it."""
    import gc

    if not gc.isenabled():
        gc.freeze()
        gc.enable()


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
