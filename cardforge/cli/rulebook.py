"""``cardforge rulebook GAME|all [--lang fr|en|all] [--kind player|reference|comprehensive|all] [--paper a5|a4] [--out DIR]``."""

from __future__ import annotations

from pathlib import Path

import typer

from cardforge.cli import complete
from cardforge.options import ARGUMENT_TEXT, JSON_OPTION, nonempty_path, print_written, shown, HelpCommand, message_lang
from cardforge.errors import UsageError
from cardforge.i18n import Message, either, refusal, text

__all__ = ["register", "rulebook"]

_LANGS = ("fr", "en")
_PAPERS = ("a5", "a4")


def _choices(value: str, allowed: tuple[str, ...], what: str) -> list[str]:
    value = value.lower()
    if value == "all":
        return list(allowed)
    if value not in allowed:
        from cardforge.cards import nearest

        guess = nearest(value, list(allowed)) if len(value) > 2 else None
        hint = Message("error.card.hint", suggestion=repr(guess)) if guess else ""
        raise refusal(UsageError, f"error.rulebook.{what}", value=repr(value), allowed=", ".join(allowed), hint=hint)
    return [value]


def rulebook(
    game: str = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="GAME", help="Game slug (collection, sequence, tricks, rows, numwin), 'all', or a deck file of your own."),
    lang: str = typer.Option("all", "--lang", metavar="LANG", autocompletion=complete.book_langs, help="fr, en or all."),
    kind: str = typer.Option("all", "--kind", metavar="KIND", help="player, reference, comprehensive or all."),
    paper: str = typer.Option("a5", "--paper", metavar="PAPER", autocompletion=complete.book_papers, help="a5 (default) or a4."),
    out: Path | None = typer.Option(None, "--out", "-o", metavar="DIR", parser=nonempty_path, help="Output folder (default: output/); PDFs go in its rulebooks/."),
    booklet: bool = typer.Option(False, "--booklet", help="Also write each player's book imposed for saddle-stitch printing (<game>-<lang>-booklet.pdf: two A5 pages per A4 landscape side, printer's order, duplex)."),
    back_offset: str = typer.Option("0,0", "--back-offset", metavar="X,Y", help="With --booklet: shift the back sides by X,Y mm (read off the cards' --calibrate page)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Build the player's rulebook, the quick reference and the comprehensive rules of each game.

    Example: cardforge rulebook rows
    """
    from cardforge.deck import GAMES
    from cardforge.paths import output_dir
    from cardforge.rulebook.books import KINDS, all_jobs, build_books
    from cardforge.rulebook.custom import build_custom_rulebook, is_deck_path

    custom = is_deck_path(game)  # a deck of your own (mygame/mygame.yaml): its rules text, no engine
    games = [game] if custom else _choices(game, GAMES, "game")
    langs = _choices(lang, _LANGS, "language")
    kinds = _choices(kind, KINDS, "book")
    if paper.lower() not in _PAPERS:
        raise refusal(UsageError, "error.rulebook.paper", paper=repr(paper), papers=either(_PAPERS))
    folder = out or output_dir()
    if custom:
        written = [build_custom_rulebook(game, lg, folder, paper=paper.lower()) for lg in langs]
    else:
        written = build_books(all_jobs(games, langs, kinds), folder, paper=paper.lower())
    if booklet:
        written += _booklets(written, back_offset)
    if as_json:
        print_written(written, folder)
    else:
        said = message_lang(lang.lower() if lang.lower() != "all" else None)
        for path in written:
            typer.echo(text("out.wrote", said, path=shown(path)))


def _booklets(books: list[Path], back_offset: str) -> list[Path]:
    """The saddle-stitch imposition of each teaching booklet among ``books`` (page count a
    multiple of 4: the player's books)."""
    from pypdf import PdfReader

    from cardforge.atomic import atomic_write_bytes
    from cardforge.render.sheets import parse_offset
    from cardforge.rulebook.booklet import impose

    offset = parse_offset(back_offset)
    out = []
    for path in books:
        if "-reference-" in path.name or "-comprehensive-" in path.name or len(PdfReader(path).pages) % 4:
            continue
        target = path.with_name(f"{path.stem}-booklet.pdf")
        atomic_write_bytes(target, impose(path.read_bytes(), offset))
        out.append(target)
    return out


def register(app: typer.Typer) -> None:
    app.command("rulebook", cls=HelpCommand)(rulebook)
