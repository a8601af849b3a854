"""Command-line options shared by many commands (``--json``, ``--lang``, ``--house``)."""

from __future__ import annotations

import typer

from cardforge.errors import UsageError

__all__ = ["JSON_OPTION", "LANG_OPTION", "HOUSE_OPTION", "LANGS", "check_lang"]

LANGS = ("fr", "en")

JSON_OPTION = typer.Option(False, "--json", help="Print exactly one JSON object.")
LANG_OPTION = typer.Option("en", "--lang", help="Language of the output: fr or en.")
HOUSE_OPTION = typer.Option(
    None, "--house", metavar="KEY=VALUE",
    help="House rule switch, repeatable (keys and values: docs/rulings.md).",
)


def check_lang(lang: str) -> str:
    """``lang`` if it is fr or en, else a one-line ``UsageError``."""
    if lang not in LANGS:
        raise UsageError(f"unknown language {lang!r}: expected fr or en")
    return lang
