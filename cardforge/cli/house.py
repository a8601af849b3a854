"""``cardforge house [GAME]``: each game's house-rule switches (what ``--house KEY=VALUE`` takes),
their values, defaults and the ruling each one switches, from the engines and the rule catalogue."""

from __future__ import annotations

import typer

from cardforge.cli import complete
from cardforge.options import ARGUMENT_TEXT, JSON_OPTION, LANG_OPTION, check_message_lang, HelpCommand

__all__ = ["register", "house_switches"]


def house_switches(game: str, lang: str = "en") -> list[dict]:
    """The switches of ``game``: key, default, choices, ruling ID and the ruling's title."""
    from cardforge.games import engine_module
    from cardforge.games.house import describe_house_rules
    from cardforge.rules import rule

    switches = []
    for entry in describe_house_rules(engine_module(game).HouseRules):
        ruling = entry["ruling"]
        try:
            title = rule(ruling).title(lang) if ruling else ""
        except KeyError:
            title = ""
        switches.append({**entry, "title": title})
    return switches


def house(
    games: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="[GAME]...", autocompletion=complete.games, help="Games to list (default: all five)."),
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """List the house rules --house KEY=VALUE takes: each key, its values, its default and ruling.

    Example: cardforge house rows
    """
    import json
    import sys

    from cardforge.games import ENGINES, engine_module

    check_message_lang(lang)
    chosen = games or list(ENGINES)
    for game in chosen:
        engine_module(game)  # an unknown game is one line
    data = {game: house_switches(game, lang) for game in chosen}
    if as_json:
        sys.stdout.write(json.dumps({"house_rules": data}, ensure_ascii=False, default=str) + "\n")
        return
    from rich.table import Table

    from cardforge.console import make_console, text
    from cardforge.i18n import text as say

    table = Table(title=say("house.title", lang))
    for col in ("game", "key", "values", "default", "ruling"):
        table.add_column(say(f"house.col.{col}", lang))
    for game, switches in data.items():
        for s in switches:
            values = ", ".join(map(_shown, s["choices"])) or type(s["default"]).__name__
            table.add_row(text(game), text(s["key"]), text(values), text(_shown(s["default"])),
                          text(f"{s['ruling'] or ''} {s['title']}".strip()))
    make_console().print(table)


def _shown(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def register(app: typer.Typer) -> None:
    app.command("house", cls=HelpCommand)(house)
