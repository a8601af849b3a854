"""``cardforge config``: each setting's value and where it comes from (default, user file,
project file, env, flag), the house rules the files give each game, and the files consulted."""

from __future__ import annotations

from pathlib import Path

import typer

from cardforge.options import ARGUMENT_TEXT, JSON_OPTION, LANG_OPTION, in_user_language, HelpCommand, HelpGroup

__all__ = ["register"]


def config(
    ctx: typer.Context,
    lang: str | None = typer.Option(None, "--lang", metavar="LANG", help="Show this language as a flag would set it."),
    paper: str | None = typer.Option(None, "--paper", metavar="PAPER", help="Show this paper as a flag would set it."),
    db: Path | None = typer.Option(None, "--db", metavar="PATH", help="Show this database as a flag would set it."),
    players: str | None = typer.Option(None, "--players", metavar="NAMES", help="Show these players as a flag would set them."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Show each setting, its value and where it comes from: default, user file, project file,
    env (CARDFORGE_LANG, CARDFORGE_PAPER, CARDFORGE_DB, CARDFORGE_PLAYERS) or flag.

    Example: cardforge config --json
    """
    if ctx.invoked_subcommand is not None:
        return
    import json
    import sys

    from cardforge.config import house_rules, project_file, settings, user_file
    from cardforge.games import ENGINES

    found = settings({"lang": lang, "paper": paper, "database": str(db) if db else None, "players": players})
    house = {game: [s.to_json() | {"rule": s.value} for s in house_rules(game)] for game in ENGINES}
    house = {game: rules for game, rules in house.items() if rules}
    project = project_file()
    files = {"user": str(user_file()), "project": str(project) if project else None}
    if as_json:
        data = {"settings": {k: s.to_json() for k, s in found.items()}, "house": house, "files": files}
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        return
    from rich.table import Table

    from cardforge.console import make_console, text

    table = Table(title="cardforge config")
    for col in ("key", "value", "source", "from"):
        table.add_column(col)
    for key, s in found.items():
        table.add_row(text(key), text("—" if s.value is None else str(s.value)), text(s.source), text(s.origin))
    for game, rules in house.items():
        for r in rules:
            table.add_row(text(f"house.{game}"), text(r["rule"]), text(r["source"]), text(r.get("origin", "")))
    console = make_console()
    console.print(table)
    console.print(text(f"user file: {files['user']}" + ("" if Path(files["user"]).is_file() else " (none)")))
    console.print(text(f"project file: {files['project'] or '(none: no cardforge.toml here or above)'}"))


PROJECT_OPTION = typer.Option(False, "--project",
                              help="Write to the project file (cardforge.toml here or above, else a new one here) instead of the user file.")


def _said(message, lang: str) -> None:
    from cardforge.console import make_console, text
    from cardforge.options import check_message_lang

    make_console().print(text(message.text(check_message_lang(lang))))


@in_user_language
def set_command(
    key: str = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="KEY", help="lang, paper, database, players or house.GAME.KEY."),
    value: str = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="VALUE", help="The value, checked as the file's reader checks it."),
    project: bool = PROJECT_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Set a default in the user file (or the project file): it sticks for every later command.

    Example: cardforge config set lang fr
    """
    from cardforge.config_edit import set_value

    _said(set_value(key, value, project=project), lang)


@in_user_language
def unset_command(
    key: str = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="KEY", help="lang, paper, database, players or house.GAME.KEY."),
    project: bool = PROJECT_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Remove a default from the user file (or the project file).

    Example: cardforge config unset house.rows.row_tie
    """
    from cardforge.config_edit import unset_value

    _said(unset_value(key, project=project), lang)


def register(app: typer.Typer) -> None:
    group = typer.Typer(cls=HelpGroup, invoke_without_command=True, no_args_is_help=False, help=config.__doc__)
    group.callback()(config)
    group.command("set", cls=HelpCommand)(set_command)
    group.command("unset", cls=HelpCommand)(unset_command)
    app.add_typer(group, name="config")
