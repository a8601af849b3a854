"""Command-line options shared by the commands of every face (``--json``, ``--lang``, ``--house``):
the CLI's and the referee's game commands; below both, it imports nothing of either."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from cardforge.errors import UsageError

__all__ = ["JSON_OPTION", "LANG_OPTION", "HOUSE_OPTION", "LANGS", "check_lang", "check_message_lang", "COMPLETERS", "completion", "configured", "lang_option", "nonempty_path", "at_least", "shown", "print_written", "in_user_language", "ARGUMENT_TEXT", "ARGUMENT_PATH", "ARGUMENT_INT", "HelpCommand", "HelpGroup", "message_lang"]

LANGS = ("fr", "en")


class _UsageInLanguage:
    """A command whose help page says its usage line's prefix in the page's language: click's
    documented ``format_usage``, writing ``HelpFormatter.write_usage(prefix=…)``.  ``usage_prefix``
    is set by ``cli/helptext.translate_help`` on the commands a French help page shows
    (« Utilisation : »); ``None`` is click's own ``Usage: ``."""

    usage_prefix: str | None = None

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=self.usage_prefix)


class HelpCommand(_UsageInLanguage, TyperCommand):
    """The class of every cardforge command (``app.command(…, cls=HelpCommand)``)."""


class HelpGroup(_UsageInLanguage, TyperGroup):
    """The class of every cardforge command group (``typer.Typer(cls=HelpGroup, …)``)."""


JSON_OPTION = typer.Option(False, "--json", help="Print exactly one JSON object.")
#: Shell completion of option values, filled by the command line (``cli/complete.py``): kind →
#: ``(ctx, incomplete) -> list[str]``.  Options here name the kind; the sets (games, house rules,
#: matches) live in layers above this one.
COMPLETERS: dict[str, Callable[[Any, str], list[str]]] = {}


def completion(kind: str) -> Callable[..., list[str]]:
    """An ``autocompletion`` callback offering what the completer of ``kind`` offers."""
    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        found = COMPLETERS.get(kind)
        return found(ctx, incomplete) if found is not None else []

    return complete


def configured(key: str) -> Any:
    """An option callback: the value given, else the configured one (``cardforge.config``:
    ``CARDFORGE_*``, the project's and the user's ``cardforge.toml``, the locale)."""
    def fill(value: Any) -> Any:
        if value is not None:
            return value
        from cardforge.config import value as setting

        return setting(key)

    return fill


def lang_option(what: str = "the output") -> Any:
    """``--lang``: fr or en, by default the configured language (``cardforge config``)."""
    return typer.Option(None, "--lang", metavar="LANG", callback=configured("lang"), autocompletion=completion("languages"),
                        help=f"Language of {what}: fr or en (default: 'cardforge config', else the locale).")


LANG_OPTION = lang_option()


def _configured_house(ctx: typer.Context, value: list[str] | None) -> list[str]:
    """``--house`` of a referee command (``cardforge referee GAME …``) or of ``cardforge play
    GAME``: the pairs given, after the house rules the config gives that game
    (``[house.GAME]``), key by key the flag winning."""
    given = list(value or [])
    words = ctx.command_path.split()  # "cardforge referee GAME COMMAND", however the command was reached
    if "referee" in words[:-2]:
        game = words[words.index("referee") + 1]
    elif isinstance(ctx.params.get("game"), str):  # "cardforge play GAME": the argument, parsed before
        game = ctx.params["game"]
    else:
        return given
    from cardforge.config import with_house_rules

    return with_house_rules(game, given)


HOUSE_OPTION = typer.Option(
    None, "--house", metavar="KEY=VALUE", callback=_configured_house, autocompletion=completion("house_keys"),
    help="House rule switch, repeatable ('cardforge house' lists the keys and values; "
         "default: those 'cardforge config' gives the game).",
)


def check_lang(lang: str) -> str:
    """``lang`` if it is fr or en, else a one-line ``UsageError``."""
    if lang not in LANGS:
        from cardforge.i18n import either, refusal

        raise refusal(UsageError, "error.lang.unknown", lang=repr(lang), langs=either(LANGS))
    return lang


def check_message_lang(lang: str) -> str:
    """``lang`` if a message catalogue speaks it (``cardforge/i18n/<lang>.py``: fr, en, and any
    catalogue added), else a one-line ``UsageError``.  For outputs made only of catalogue
    messages (the referee); books and sheets keep ``check_lang``."""
    from cardforge.i18n import either, languages, refusal

    if lang not in languages():
        raise refusal(UsageError, "error.lang.unknown", lang=repr(lang), langs=either(languages()))
    return lang


def _no_metavar(self: Any, param: Any, ctx: Any = None) -> str:
    return ""


def _quiet(annotation: type) -> Any:
    """The parameter type typer gives an argument of ``annotation``, minus the ``<str>`` /
    ``<path>`` / ``<int>`` column typer prints beside the argument's own placeholder in the
    help (``GAME|box <str>``): a subclass of typer's choice, found through typer's public
    ``get_click_type`` (typer vendors its own click from 0.26), with no metavar of its own."""
    import typer.main
    import typer.models

    chosen = type(typer.main.get_click_type(annotation=annotation, parameter_info=typer.models.ArgumentInfo()))
    return type(f"Quiet{chosen.__name__}", (chosen,), {"get_metavar": _no_metavar})()


#: ``click_type=`` of the CLI's arguments: text, a path, a whole number (its placeholder is its metavar)
ARGUMENT_TEXT, ARGUMENT_PATH, ARGUMENT_INT = _quiet(str), _quiet(Path), _quiet(int)


def nonempty_path(value: str) -> Path:
    """Option parser for ``--out``/``--db``: an empty string would become ``Path('.')`` and
    write into the current folder, so it is refused (``parser=nonempty_path``)."""
    if not value.strip():
        from cardforge.i18n import text

        raise typer.BadParameter(text("error.option.empty_path"))  # said again in French by cli/click_messages
    return Path(value)


def at_least(low: int) -> Any:
    """An option callback refusing a number below ``low`` (``min=`` would print ``[x>=1]`` in
    the help, beside the placeholder)."""
    def check(value: int | None) -> int | None:
        if value is not None and value < low:
            from cardforge.i18n import text

            raise typer.BadParameter(text("error.option.at_least", value=value, low=low))  # French: cli/click_messages
        return value

    return check


def shown(path: Path | str) -> str:
    """A path as a message shows it: relative to the current folder when it is inside it
    (``output/cards/rows/…``), else as it is.  ``--json`` keeps the full paths."""
    import os

    text = str(path)
    try:
        relative = os.path.relpath(text)
    except ValueError:  # another drive (Windows)
        return text
    return relative if not relative.startswith("..") and os.path.isabs(text) else text


def print_written(paths: list[Path], folder: Path) -> None:
    """``--json`` of a command that writes files: ``{"folder": …, "written": [paths]}``."""
    import json
    import sys

    data = {"folder": str(folder), "written": [str(p) for p in paths]}
    sys.stdout.write(json.dumps(data, ensure_ascii=False, allow_nan=False) + "\n")


def message_lang(lang: str | None = None) -> str:
    """The language of a command's own lines ("wrote …"): its ``--lang`` if a catalogue speaks
    it, else the configured language (``CARDFORGE_LANG``, cardforge.toml), else English."""
    from cardforge.errors import CardforgeError
    from cardforge.i18n import DEFAULT_LANG, languages

    if lang in languages():
        return lang
    try:
        from cardforge.config import value

        configured = value("lang")
    except CardforgeError:  # a broken config file is refused by the command itself
        return DEFAULT_LANG
    return configured if configured in languages() else DEFAULT_LANG


def in_user_language(callback: Any) -> Any:
    """The command, whose errors carrying a message (``cardforge.i18n.localised``) are said in
    the ``--lang`` asked for: under ``--lang fr`` an unknown card is refused in French (the
    referee's commands and the score sheet's)."""
    import functools

    from cardforge.errors import CardforgeError

    @functools.wraps(callback)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return callback(*args, **kwargs)
        except CardforgeError as error:
            message, lang = getattr(error, "message", None), kwargs.get("lang")
            if message is not None and isinstance(lang, str):
                from cardforge.i18n import languages

                if lang in languages():
                    error.args = (message.text(lang), *error.args[1:])
            raise

    return run
