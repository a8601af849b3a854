"""``cardforge render GAME|box``: print-ready sheets, vendor files, PNGs and TTS sheets."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from cardforge.cli import complete
from cardforge.options import (ARGUMENT_TEXT, JSON_OPTION, at_least, configured, lang_option, nonempty_path,
                               print_written, shown, HelpCommand, message_lang)
from cardforge.errors import UsageError
from cardforge.i18n import either, refusal, text

__all__ = ["register"]


def render(
    target: str = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="GAME|box", autocompletion=complete.targets, help="A game (rows, tricks, …) or 'box' for the whole family."),
    fmt: str = typer.Option(None, "--format", "-f", metavar="FORMAT", autocompletion=complete.formats, help="sheets, pod, png, tts or all (comma-separated; default sheets)."),
    profile: str = typer.Option(None, "--profile", metavar="PROFILE", autocompletion=complete.profiles, help="Print-on-demand profile: thegamecrafter, makeplayingcards, drivethrucards, printninja, home-a4, home-letter (default: all)."),
    paper: str = typer.Option(None, "--paper", metavar="PAPER", callback=configured("paper"), autocompletion=complete.papers,
                              help="Home sheet paper: a4 or letter (default: 'cardforge config', else a4)."),
    lang: str = lang_option("the card texts"),
    out: Path = typer.Option(None, "--out", "-o", metavar="DIR", parser=nonempty_path, help="Output folder (default: output/cards)."),
    back_offset: str = typer.Option("0,0", "--back-offset", metavar="X,Y", help="Shift back pages by X,Y mm (read off the --calibrate page)."),
    gutter: float = typer.Option(0.0, "--gutter", metavar="MM", help="Space between cards on home sheets, mm."),
    calibrate: bool = typer.Option(False, "--calibrate", help="Write the duplex calibration page instead."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Render a deck (or the box) to home sheets, print-on-demand files, PNGs or TTS sheets.

    Example: cardforge render rows
    """
    from cardforge.paths import output_dir
    from cardforge.render.formats import check_lang, load_target, parse_formats, planned_faces, render_target, write_calibration
    from cardforge.render.sheets import PAPERS, check_gutter, parse_offset

    check_lang(lang)
    if paper not in PAPERS:
        raise refusal(UsageError, "error.render.paper", paper=repr(paper), papers=either(PAPERS))
    folder = out or output_dir() / "cards"
    if calibrate:
        page = write_calibration(folder, paper=paper, lang=lang)
        if as_json:
            print_written([page], folder)
            return
        typer.echo(text("out.wrote", message_lang(lang), path=shown(page)))
        return
    if not target:
        raise refusal(UsageError, "error.render.missing_game")
    formats = parse_formats(fmt or ("pod" if profile else "sheets"))
    profiles = None
    if profile:
        from cardforge.render.pod import get_profile

        if "pod" not in formats:
            raise refusal(UsageError, "error.render.profile", profile=repr(profile), formats=",".join(formats))
        profiles = [get_profile(profile).name]
    offset = parse_offset(back_offset)
    check_gutter(gutter)
    from cardforge.atomic import ensure_dir

    ensure_dir(folder)  # fail now, not after the rendering, if the folder cannot be written
    deck = load_target(target)
    from cardforge.render.pod import PROFILES

    options = dict(lang=lang, paper=paper, profiles=profiles, gutter_mm=gutter, back_offset=offset)
    if not sys.stderr.isatty():  # no bar to draw: rich's console and progress are not even imported
        written = render_target(deck, formats, folder, **options)
    else:
        from rich.markup import escape
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        from cardforge.console import make_console

        total = planned_faces(deck, formats, profiles or list(PROFILES))
        console = make_console(stderr=True)
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=console, transient=True, disable=not console.is_terminal) as bar:
            task = bar.add_task(escape(text("out.rendering", message_lang(lang), deck=deck.id, formats=", ".join(formats))),
                                total=total)
            written = render_target(deck, formats, folder, **options, progress=lambda n: bar.advance(task, n))
    if as_json:
        print_written(written, folder)
        return
    said = message_lang(lang)
    pdfs = [p for p in written if p.suffix == ".pdf"]
    for path in pdfs:
        typer.echo(text("out.wrote", said, path=shown(path)))
    others = len(written) - len(pdfs)
    if others:
        folders = sorted({shown(p.parent) for p in written if p.suffix != ".pdf"})
        typer.echo(text("out.wrote_files", said, n=others, folders=", ".join(folders)))


def build(
    decks: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="[DECK]...", autocompletion=complete.targets, help="Only these decks' cards (default: everything)."),
    out: Path = typer.Option(None, "--out", "-o", metavar="DIR", parser=nonempty_path, help="Output folder (default: output/)."),
    force: bool = typer.Option(False, "--force", help="Rebuild everything, even what is up to date."),
    jobs: int = typer.Option(None, "--jobs", "-j", callback=at_least(1), metavar="N", help="Worker processes (default: one per core)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing but errors."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object: the files written, per target."),
) -> None:
    """Build every output (card sheets, rulebooks, score sheets, reference files) into output/.

    Only what changed since the last build is rebuilt (decks, layouts, images, fonts, templates,
    rule catalogues and cardforge itself are compared by content).

    Example: cardforge build rows
    """
    from cardforge.scheduler import build_all
    from cardforge.cli.progress import phase_progress
    from cardforge.paths import output_dir

    folder = out or output_dir()
    names = _deck_names(decks) if decks else None
    report = build_all(folder, force=force, workers=jobs, decks=names, progress=phase_progress(quiet=quiet or as_json))
    if as_json:
        import json
        import sys

        sys.stdout.write(json.dumps({"folder": str(folder), **report.to_json()}, ensure_ascii=False, allow_nan=False) + "\n")
    elif not quiet:
        if names:
            _say_targets(report, names)
        typer.echo(report.summary(shown(folder), message_lang()))


def _deck_names(decks: list[str]) -> list[str]:
    """Deck names as ``build`` and ``watch`` know them: a bundled deck's name (``rows``, ``box``),
    or the path of a deck file elsewhere (``mine/mine.yaml``), loaded here so that an unknown
    name or a broken file is one line before anything is built."""
    from cardforge.deck import deck_path, load_deck
    from cardforge.paths import decks_dir

    names = []
    for given in decks:
        if given == "box":
            names.append(given)
            continue
        path = deck_path(given)  # an unknown name is refused here
        load_deck(path)  # a missing or invalid file too, with its file:line:col
        bundled = path.resolve().parent == decks_dir().resolve()
        names.append(path.stem if bundled else str(path))
    return names


def _say_targets(report: object, names: list[str]) -> None:
    """What ``build DECK…`` did for each deck: the files it wrote and where, or up to date."""
    lang = message_lang()
    for name in names:
        target = f"cards:{name}"
        paths = report.by_target.get(target)
        if paths is None:
            typer.echo(text("out.up_to_date", lang, name=name))
            continue
        folders = sorted({shown(p.parent) for p in paths if p.suffix == ".pdf"}) or sorted({shown(p.parent) for p in paths})
        typer.echo(text("out.target_wrote", lang, name=name, n=len(paths), folders=", ".join(folders)))


def watch(
    decks: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="[DECK]...", autocompletion=complete.targets, help="Decks to watch (default: every deck)."),
    out: Path = typer.Option(None, "--out", "-o", metavar="DIR", parser=nonempty_path, help="Output folder (default: output/)."),
    jobs: int = typer.Option(None, "--jobs", "-j", callback=at_least(1), metavar="N", help="Worker processes (default: one per core)."),
) -> None:
    """Rebuild the cards of a deck each time its files change (Ctrl-C to stop).

    Example: cardforge watch rows
    """
    from cardforge.paths import output_dir
    from cardforge.watch import watch_decks

    watch_decks(_deck_names(decks) if decks else None, out or output_dir(), workers=jobs, lang=message_lang())


def register(app: typer.Typer) -> None:
    app.command("render", cls=HelpCommand)(render)
    app.command("build", cls=HelpCommand)(build)
    app.command("watch", cls=HelpCommand)(watch)
