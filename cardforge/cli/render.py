"""``cardforge render GAME|box``: print-ready sheets, vendor files, PNGs and TTS sheets."""

from __future__ import annotations

from pathlib import Path

import typer

from cardforge.cli.options import JSON_OPTION, nonempty_path, print_written
from cardforge.errors import UsageError

__all__ = ["register"]


def render(
    target: str = typer.Argument(None, metavar="GAME|box", help="A game (rows, tricks, …) or 'box' for the whole family."),
    fmt: str = typer.Option(None, "--format", "-f", help="sheets, pod, png, tts or all (comma-separated; default sheets)."),
    profile: str = typer.Option(None, "--profile", "-p", help="Print-on-demand profile: thegamecrafter, makeplayingcards, drivethrucards, printninja, home-a4, home-letter (default: all)."),
    paper: str = typer.Option("a4", "--paper", help="Home sheet paper: a4 or letter."),
    lang: str = typer.Option("en", "--lang", help="Card texts: fr or en."),
    out: Path = typer.Option(None, "--out", "-o", parser=nonempty_path, help="Output folder (default: output/cards)."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="Shift back pages by X,Y mm (read off the --calibrate page)."),
    gutter: float = typer.Option(0.0, "--gutter", help="Space between cards on home sheets, mm."),
    calibrate: bool = typer.Option(False, "--calibrate", help="Write the duplex calibration page instead."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Render a deck (or the box) to home sheets, print-on-demand files, PNGs or TTS sheets."""
    from cardforge.paths import output_dir
    from cardforge.render.build import check_lang, load_target, parse_formats, planned_faces, render_target, write_calibration
    from cardforge.render.sheets import PAPERS, check_gutter, parse_offset

    check_lang(lang)
    if paper not in PAPERS:
        raise UsageError(f"unknown paper {paper!r}: expected {' or '.join(PAPERS)}")
    folder = out or output_dir() / "cards"
    if calibrate:
        page = write_calibration(folder, paper=paper, lang=lang)
        if as_json:
            print_written([page], folder)
            return
        typer.echo(f"wrote {page}")
        return
    if not target:
        raise UsageError("missing GAME: give a game (collection, sequence, tricks, rows, numwin), 'box', or --calibrate")
    formats = parse_formats(fmt or ("pod" if profile else "sheets"))
    profiles = None
    if profile:
        from cardforge.render.pod import get_profile

        if "pod" not in formats:
            raise UsageError(f"--profile {profile!r} applies to --format pod, not {','.join(formats)}")
        profiles = [get_profile(profile).name]
    offset = parse_offset(back_offset)
    check_gutter(gutter)
    from cardforge.atomic import ensure_dir

    ensure_dir(folder)  # fail now, not after the rendering, if the folder cannot be written
    deck = load_target(target)
    from cardforge.render.pod import PROFILES

    total = planned_faces(deck, formats, profiles or list(PROFILES))
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from cardforge.console import make_console

    console = make_console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task(escape(f"rendering {deck.id} ({', '.join(formats)})"), total=total)
        written = render_target(deck, formats, folder, lang=lang, paper=paper, profiles=profiles, gutter_mm=gutter,
                                back_offset=offset, progress=lambda n: bar.advance(task, n))
    if as_json:
        print_written(written, folder)
        return
    pdfs = [p for p in written if p.suffix == ".pdf"]
    for path in pdfs:
        typer.echo(f"wrote {path}")
    others = len(written) - len(pdfs)
    if others:
        folders = sorted({str(p.parent) for p in written if p.suffix != ".pdf"})
        typer.echo(f"wrote {others} image/data files into {', '.join(folders)}")


def register(app: typer.Typer) -> None:
    app.command("render")(render)
