"""Deck commands: ``decks``, ``deck show``, ``validate``, ``schema``, ``box``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from cardforge.cli import complete
from cardforge.options import (ARGUMENT_PATH, ARGUMENT_TEXT, check_lang, lang_option, nonempty_path, HelpCommand,
                               HelpGroup, message_lang)

from cardforge.errors import CardforgeError, UsageError
from cardforge.i18n import Message, refusal, text as say_text

__all__ = ["register"]

deck_app = typer.Typer(cls=HelpGroup, help="Look at one deck.", no_args_is_help=True)


def _lang_option() -> typer.Option:
    return lang_option("names")


def _print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, allow_nan=False) + "\n")


def decks(
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    lang: str = _lang_option(),
) -> None:
    """List the decks: card counts and player counts.

    Example: cardforge decks
    """
    from cardforge.deck import load_all

    check_lang(lang)
    rows = []
    for name, deck in load_all().items():
        optional = deck.all_counts().total()
        rows.append(
            {
                "game": name,
                "title": deck.title(lang),
                "cards": deck.total(),
                "all_cards": optional,
                "numbered": sum(n for c, n in deck.counts().items() if c.is_numbered),
                "actions": sum(n for c, n in deck.counts().items() if c.is_action),
                "players": [deck.players_min, deck.players_max],
                "modes": list(deck.modes),
                "variants": list(deck.variants),
            }
        )
    if as_json:
        _print_json({"decks": rows})
        return
    from rich.table import Table

    from cardforge.console import make_console, text

    from cardforge.i18n import text as say

    table = Table(title=say("decks.title", lang))
    for col, justify in (("game", "left"), ("title", "left"), ("cards", "right"), ("numbered", "right"),
                         ("actions", "right"), ("players", "center"), ("modes", "left")):
        table.add_column(say(f"decks.col.{col}", lang), justify=justify)
    for r in rows:
        extra = say("decks.optional", lang, n=r["all_cards"] - r["cards"]) if r["all_cards"] and r["all_cards"] != r["cards"] else ""
        table.add_row(
            text(r["game"]), text(r["title"]), f"{r['cards']}{extra}", str(r["numbered"]), str(r["actions"]),
            f"{r['players'][0]}–{r['players'][1]}", text(", ".join(r["modes"] + r["variants"]) or "—"),
        )
    make_console().print(table)


@deck_app.command("show", cls=HelpCommand)
def deck_show(
    game: str = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="GAME", autocompletion=complete.games, help="Game slug (rows, tricks, …) or a deck file."),
    players: int | None = typer.Option(None, "--players", metavar="N", help="Composition for this many players."),
    mode: str | None = typer.Option(None, "--mode", metavar="MODE", autocompletion=complete.modes, help="Composition for this mode."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    lang: str = _lang_option(),
) -> None:
    """Show a deck's composition: families with their values, action cards with counts.

    Example: cardforge deck show tricks --players 7 --lang fr
    """
    from cardforge.deck import load_deck

    check_lang(lang)
    deck = load_deck(game)
    if mode is not None and mode not in deck.modes:
        raise refusal(UsageError, "error.deck.mode", mode=repr(mode), game=deck.id,
                      modes=", ".join(deck.modes) or Message("error.deck.modes_none"))
    if players is not None and not deck.players_min <= players <= deck.players_max:
        raise refusal(UsageError, "error.deck.players", game=deck.id, low=deck.players_min, high=deck.players_max,
                      n=players)
    counts = deck.counts(players, mode)
    families = []
    for fam in deck.families.values():
        used = fam.from_players is None or (players is not None and players >= fam.from_players)
        families.append({
            "code": fam.code, "name": fam.family.name(lang), "kind": fam.family.kind.value,
            "values": [fam.min_value, fam.max_value], "copies": fam.copies,
            "count": len(fam.values) * fam.copies, "from_players": fam.from_players, "in_deck": used,
        })
    actions = [
        {"code": a.slug, "name": a.action.name(lang), "count": a.count, "effect": a.effect(lang),
         "modes": list(a.modes) if a.modes else None, "in_deck": counts.get(_card(a.slug), 0) > 0}
        for a in deck.actions.values()
    ]
    data = {"game": deck.id, "title": deck.title(lang), "total": sum(counts.values()),
            "players": players, "mode": mode, "families": families, "actions": actions}
    if deck.free is not None:  # a deck of free cards: each card, its fields and copies
        from cardforge.render.faces import card_context

        data["cards"] = [{"code": c.code, "name": deck.name(c, lang), "count": n,
                          "fields": card_context(deck, c, lang)["card"]["body"]} for c, n in counts.items()]
    if as_json:
        _print_json(data)
        return
    from rich.table import Table

    from cardforge.console import make_console, text

    from cardforge.i18n import text as say

    console = make_console()
    table = Table(title=text(say("deck.title", lang, title=deck.title(lang), n=data["total"])))
    for col in ("card", "name", "values", "count"):
        table.add_column(say(f"deck.col.{col}", lang))
    for f in families:
        note = "" if f["in_deck"] else say("deck.from_players", lang, n=f["from_players"])
        table.add_row(text(f"{f['code']}{f['values'][0]}–{f['code']}{f['values'][1]}"), text(f["name"] + note),
                      text(f"{f['values'][0]}–{f['values'][1]} ({f['kind']})"), str(f["count"]))
    for a in actions:
        note = "" if a["in_deck"] else say("deck.modes", lang, modes=", ".join(a["modes"] or []))
        table.add_row(text(a["code"]), text(a["name"] + note), text(a["effect"]), str(a["count"]))
    for c in data.get("cards", ()):
        table.add_row(text(c["code"]), text(c["name"]), text(c["fields"].replace("\n", " · ")), str(c["count"]))
    console.print(table)


def _card(slug: str):
    from cardforge.cards import Card

    return Card(action=slug)


def validate(paths: list[Path] = typer.Argument(..., click_type=ARGUMENT_PATH, metavar="PATH...", help="Deck or layout files to check."),
             fmt: str = typer.Option("text", "--format", "-f", metavar="FORMAT", autocompletion=complete.validate_formats,
                                     help="text (file:line:col: severity: message), json, github or sarif."),
             as_json: bool = typer.Option(False, "--json", help="The same as --format json.")) -> None:
    """Validate deck and layout files like a linter: every problem of every file, one finding a
    line on stdout (file:line:col: severity: key: message), including what render would refuse
    (text fit, fonts, icons, images); exit 1 if any error, 2 for a usage error.

    Example: cardforge validate mine/mine.yaml --format github
    """
    from cardforge.cli.lint import FORMATS, finding_of, render_findings
    from cardforge.deck import folder_deck, validate_file
    from cardforge.errors import DeckErrors

    fmt = "json" if as_json else fmt
    if fmt not in FORMATS:
        raise refusal(UsageError, "error.validate.format", fmt=repr(fmt), formats=", ".join(FORMATS))
    checked = []
    for path in paths:
        shown = str(path)
        try:
            if path.is_dir():  # a deck folder (cardforge new mine): its deck file, named in the findings
                path = folder_deck(path)
                shown = str(path)
            summary = validate_file(path)
            problems, warnings = _render_check(path)
        except DeckErrors as exc:
            problems, warnings, summary = exc.errors, [], None
        except CardforgeError as exc:
            problems, warnings, summary = [exc], [], None
        mine = [finding_of(p, shown) for p in problems] + [finding_of(w if isinstance(w, Exception) else Exception(w), shown,
                                                                      "warning") for w in warnings]
        verdict = {"file": shown, "ok": not problems, "findings": [f.to_json() for f in mine]}
        if problems:
            verdict["errors"] = [p.to_json() for p in problems]
        else:
            verdict["summary"] = summary
        checked.append((verdict, mine))
    sys.stdout.write(render_findings(fmt, checked))
    if any(not verdict["ok"] for verdict, _found in checked):
        raise typer.Exit(1)


def _render_check(path: Path) -> tuple[list, list[str]]:
    """What render would refuse in a game deck (nothing to draw for a base or a layout)."""
    from cardforge.deck.source import read_yaml

    if read_yaml(Path(path)).get("kind") in ("base", "layout"):
        return [], []
    from cardforge.deck import load_deck
    from cardforge.render.check import check_deck

    return check_deck(load_deck(Path(path)), shown=str(path))


def schema(out: Path | None = typer.Option(None, "--out", "-o", metavar="FILE", parser=nonempty_path, help="Write to this file instead of stdout."),
           layout: bool = typer.Option(False, "--layout", help="The layout-file schema instead of the deck's.")) -> None:
    """Write the deck (or layout) JSON Schema (for `# yaml-language-server: $schema=…`).

    Example: cardforge schema --out deck.schema.json
    """
    if layout:
        from cardforge.deck.layout_schema import json_schema
    else:
        from cardforge.deck.schema import json_schema

    text = json.dumps(json_schema(), indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    if out is None:
        sys.stdout.write(text)
        return
    from cardforge.atomic import atomic_write_text
    from cardforge.errors import OutputError

    if not out.parent.is_dir():  # one file, as a shell redirection: its folder is not invented
        raise refusal(OutputError, "error.output.no_folder", path=repr(str(out)), folder=repr(str(out.parent)),
                      mkdir=out.parent)
    atomic_write_text(out, text)
    typer.echo(say_text("out.wrote", message_lang(), path=out))


def box(
    games: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="[GAME]...", autocompletion=complete.games, help="Games the box must play (default: all five)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    lang: str = _lang_option(),
) -> None:
    """The smallest set of physical cards that plays every chosen game.

    Example: cardforge box rows numwin
    """
    from cardforge.box import compute_box
    from cardforge.deck import deck_path
    from cardforge.i18n import join, text as say

    check_lang(lang)
    for g in games or []:
        deck_path(g)  # unknown game → clear error
    result = compute_box(games or None)
    if as_json:
        _print_json(result.to_json())
        return
    from rich.table import Table

    from cardforge.console import make_console, text

    table = Table(title=text(say("box.title", lang, games=join(result.games, lang), n=result.total)))
    table.add_column(say("box.col.cards", lang))
    table.add_column(say("box.col.copies", lang), justify="right")
    table.add_column(say("box.col.used_by", lang))
    # group runs of the same family with the same users, so the table stays short
    groups: list[list] = []
    for code, count in result.counts.items():
        card = result.cards[code]
        key = (card.family or code, count, result.uses[code])
        if groups and groups[-1][0] == key and card.family:
            groups[-1][2] = code
        else:
            groups.append([key, code, code])
    from cardforge.cards import CardSystem

    families = CardSystem.default().families
    for (family, count, users), first, last in groups:
        shown = first if first == last else f"{first}–{last}"
        if family in families:  # the family's name beside its codes
            shown += f" ({families[family].name(lang)})"
        table.add_row(text(shown), str(count), text(join(users, lang)))
    make_console().print(table)


def register(app: typer.Typer) -> None:
    app.command("decks", cls=HelpCommand)(decks)
    app.add_typer(deck_app, name="deck")
    app.command("validate", cls=HelpCommand)(validate)
    app.command("schema", cls=HelpCommand)(schema)
    app.command("box", cls=HelpCommand)(box)
