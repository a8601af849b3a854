"""``cardforge table …``: keep the scores of a match at the table (see ``docs/table.md``).

Every command takes ``--db PATH`` (or ``CARDFORGE_TABLE_DB``); the default database is in the
user's data directory.  The current match is remembered in the database.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from cardforge.cli import complete
from cardforge.options import (ARGUMENT_INT, ARGUMENT_TEXT, HelpCommand, HelpGroup, HOUSE_OPTION, JSON_OPTION, LANG_OPTION,
                               at_least, check_lang, configured, in_user_language, nonempty_path, print_written)
from cardforge.errors import CardforgeError, OutputError, UsageError
from cardforge.i18n import Message, refusal, text

__all__ = ["register"]

table_app = typer.Typer(
    cls=HelpGroup,
    help="Keep a match's score sheet: new, round, show, undo, list, resume, export.",
    no_args_is_help=True,
)


def _db_option() -> typer.Option:
    return typer.Option(None, "--db", envvar="CARDFORGE_TABLE_DB", metavar="PATH", parser=nonempty_path,
                        help="Score-sheet database (default: CARDFORGE_DB or database in 'cardforge config', "
                             "else in your user data folder).")


def _match_option() -> typer.Option:
    return typer.Option(None, "--match", "-m", metavar="ID", autocompletion=complete.match_ids, help="Act on this match instead of the current one.")


@contextmanager
def _keeper(db: Path | None, *, reading: bool = False) -> Iterator:
    """The score keeper on ``db``; ``reading`` (show, list, export): opened read-only when it can be."""
    from cardforge.table.scorekeeper import Scorekeeper
    from cardforge.table.store import Store

    with Store(db, reading=reading) as store:
        yield Scorekeeper(store)


def _print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, allow_nan=False) + "\n")


def _show(standings, as_json: bool, headline: str = "", *, written: bool = False, lang: str = "en") -> None:
    """Print the sheet (or its JSON).  After a write (``written``), a display that fails still
    says the entry was saved, so nobody types it twice."""
    try:
        if as_json:
            _print_json(standings.to_json())
            return
        from cardforge.console import make_console
        from cardforge.console import text as rich_text
        from cardforge.table.display import standings_table

        console = make_console()
        if headline:
            console.print(rich_text(headline))
        console.print(standings_table(standings, lang))
    except (BrokenPipeError, KeyboardInterrupt):
        raise
    except Exception as exc:
        if not written:
            raise
        done = headline or Message("error.table.saved")
        raise refusal(OutputError, "error.table.not_displayed", done=done, why=exc) from None


def _sheet_lang(ctx: typer.Context, lang: str, standings: object) -> str:
    """The ``--lang`` typed, else the language the match was started in, else the configured one."""
    typed = ctx.get_parameter_source("lang")
    if typed is not None and typed.name == "COMMANDLINE":
        return lang
    return getattr(standings.match, "lang", None) or lang


@table_app.command("new", cls=HelpCommand)
@in_user_language
def new(
    game: str = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="GAME", autocompletion=complete.games, help="Game: collection, sequence, tricks, rows or numwin."),
    players: str | None = typer.Option(None, "--players", "-p", metavar="NAMES", callback=configured("players"),
                                       help='Players in seating order: "Ana,Ben,Chloé" (tricks team variant: partners '
                                            "sit opposite; default: players in 'cardforge config')."),
    mode: str | None = typer.Option(None, "--mode", metavar="MODE", autocompletion=complete.modes, help="Mode (collection, sequence: classic or discovery)."),
    variant: str | None = typer.Option(None, "--variant", metavar="VARIANT", autocompletion=complete.variants, help="Variant (tricks: team; rows: explosion; numwin: memory)."),
    house: list[str] | None = HOUSE_OPTION,
    rounds: int | None = typer.Option(None, "--rounds", metavar="N", help="Rounds agreed (sequence; tricks: fewer than the rules' maximum)."),
    start_cards: int | None = typer.Option(None, "--start-cards", metavar="N", help="tricks: cards dealt in round 1 (default 1)."),
    title: str = typer.Option("", "--title", metavar="TEXT", help="A name for the match (printed on the sheet)."),
    db: Path | None = _db_option(),
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Start a match and make it the current one; it remembers its language and house rules
    (with those of 'cardforge config' for the game).

    Example: cardforge table new rows --players "Ana,Ben,Chloé"
    """
    check_lang(lang)
    if not players:
        raise refusal(UsageError, "error.table.missing_players")
    from cardforge.config import with_house_rules

    with _keeper(db) as keeper:
        standings = keeper.new_match(game, players, mode=mode, variant=variant, house=with_house_rules(game, house or ()),
                                     rounds=rounds, start_cards=start_cards, title=title, lang=lang)
    if as_json:
        _print_json(standings.to_json())
        return
    from cardforge.table.display import status_line

    typer.echo(text("table.started", lang, status=status_line(standings, lang)))


@table_app.command("round", cls=HelpCommand)
@in_user_language
def round_(
    ctx: typer.Context,
    results: list[str] = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="NAME=RESULT...",
                                        help="One per player, e.g. tricks Ana=2/1, rows Ana=R5,RB3,SH2."),
    void: int = typer.Option(0, "--void", callback=at_least(0), metavar="N", help="tricks: tricks nobody won (Flash)."),
    match: int | None = _match_option(),
    db: Path | None = _db_option(),
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Record one round; the game's engine computes the points.

    Example: cardforge table round Ana=R5,RB3,SH2 Ben=G4 Chloé=-
    """
    check_lang(lang)
    with _keeper(db) as keeper:
        standings = keeper.record_round(results, {"void": void}, match)
    lang = _sheet_lang(ctx, lang, standings)
    last = standings.rounds[-1]
    _show(standings, as_json, text("table.recorded", lang, n=last.number), written=True, lang=lang)


@table_app.command("show", cls=HelpCommand)
@in_user_language
def show(ctx: typer.Context, match: int | None = _match_option(), db: Path | None = _db_option(),
         as_json: bool = JSON_OPTION, lang: str = LANG_OPTION) -> None:
    """Print the standings of the current match (in its language unless --lang says another).

    Example: cardforge table show
    """
    check_lang(lang)
    with _keeper(db, reading=True) as keeper:
        standings = keeper.standings(match)
    _show(standings, as_json, lang=_sheet_lang(ctx, lang, standings))


@table_app.command("undo", cls=HelpCommand)
@in_user_language
def undo(ctx: typer.Context, match: int | None = _match_option(), db: Path | None = _db_option(),
         as_json: bool = JSON_OPTION, lang: str = LANG_OPTION) -> None:
    """Take back the last round recorded.

    Example: cardforge table undo
    """
    check_lang(lang)
    with _keeper(db) as keeper:
        result = keeper.undo(match)
    lang = _sheet_lang(ctx, lang, result.standings)
    taken = result.taken_back
    _show(result.standings, as_json, text("table.took_back", lang, n=taken.number, typed=" ".join(taken.typed)),
          written=True, lang=lang)


@table_app.command("list", cls=HelpCommand)
@in_user_language
def list_(db: Path | None = _db_option(), as_json: bool = JSON_OPTION, lang: str = LANG_OPTION) -> None:
    """List the matches in the database.

    Example: cardforge table list
    """
    check_lang(lang)
    from cardforge.table.display import status_line

    with _keeper(db, reading=True) as keeper:
        matches = keeper.list()
        try:
            current = keeper.store.current_match()
        except CardforgeError:  # none yet, or a setting edited by hand: list without a marker
            current = None
    rows = [{"match": s.match_id, "game": s.match.game, "title": s.match.title, "players": list(s.match.players),
             "created_at": s.created_at, "updated_at": s.updated_at, "rounds": len(st.rounds), "over": st.outcome.over,
             "winners": list(st.outcome.winners), "current": s.match_id == current, "status": status_line(st, lang)}
            for s, st in matches]
    if as_json:
        _print_json({"matches": rows, "current": current})
        return
    if not rows:
        typer.echo(text("table.list.none", lang))
        return
    from rich.table import Table

    from cardforge.console import make_console
    from cardforge.console import text as rich_text

    table = Table(title=text("table.list.title", lang))
    for col in text("table.list.columns", lang).split("|"):
        table.add_column(col)
    for r in rows:
        state = text("table.list.won_by", lang, names=r["winners"]) if r["over"] else text("table.list.in_progress", lang)
        table.add_row("▶" if r["current"] else "", str(r["match"]), rich_text(r["game"]), rich_text(", ".join(r["players"])),
                      str(r["rounds"]), rich_text(str(r["created_at"])[:16].replace("T", " ")), rich_text(state))
    make_console().print(table)


@table_app.command("resume", cls=HelpCommand)
@in_user_language
def resume(ctx: typer.Context, match_id: int = typer.Argument(..., click_type=ARGUMENT_INT, metavar="ID", autocompletion=complete.match_ids, help="Match ID (see 'cardforge table list')."),
           db: Path | None = _db_option(), as_json: bool = JSON_OPTION, lang: str = LANG_OPTION) -> None:
    """Make a match the current one again.

    Example: cardforge table resume 1
    """
    check_lang(lang)
    with _keeper(db) as keeper:
        standings = keeper.resume(match_id)
    lang = _sheet_lang(ctx, lang, standings)
    _show(standings, as_json, text("table.resumed", lang, match=match_id), written=True, lang=lang)


@table_app.command("export", cls=HelpCommand)
@in_user_language
def export(
    ctx: typer.Context,
    pdf: bool = typer.Option(False, "--pdf", help="Write the printable score sheet (PDF)."),
    csv: bool = typer.Option(False, "--csv", help="Write the rounds as CSV."),
    out: Path | None = typer.Option(None, "--out", "-o", metavar="FILE", parser=nonempty_path,
                                    help="Output file, '-' for standard output (default: scoresheet-ID-GAME.pdf|csv)."),
    lang: str = LANG_OPTION,
    match: int | None = _match_option(),
    db: Path | None = _db_option(),
    as_json: bool = JSON_OPTION,
) -> None:
    """Export the current match's sheet as a PDF score pad or CSV.

    Example: cardforge table export --pdf
    """
    check_lang(lang)
    if pdf == csv:
        from cardforge.i18n import refusal

        raise refusal(UsageError, "error.table.export_kind")
    from cardforge.table import export as exporter

    with _keeper(db, reading=True) as keeper:
        standings = keeper.standings(match)
    lang = _sheet_lang(ctx, lang, standings)
    if out is not None and str(out) == "-":  # nothing written but standard output
        if pdf:
            sys.stdout.buffer.write(exporter.pdf_data(standings, lang=lang))
        else:
            sys.stdout.write(exporter.csv_text(standings))
        sys.stdout.flush()
        return
    suffix = "pdf" if pdf else "csv"
    path = out or Path(f"scoresheet-{standings.match_id}-{standings.match.game}.{suffix}")
    write: Callable = exporter.write_pdf if pdf else exporter.write_csv
    write(standings, path, lang=lang)
    if as_json:
        print_written([path], path.parent)
        return
    typer.echo(text("table.wrote", lang, path=path))


def register(app: typer.Typer) -> None:
    app.add_typer(table_app, name="table")
