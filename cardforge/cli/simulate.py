"""``cardforge simulate GAME --players N --games K --bots strategy,random … --out DIR``."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from cardforge.cli import complete
from cardforge.options import nonempty_path
from cardforge.errors import UsageError

__all__ = ["register", "simulate"]


def _progress(quiet: bool):
    """A progress callback drawing a bar with the ETA on stderr (none when quiet)."""
    if quiet:
        return None, None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("ETA"),
                   TimeRemainingColumn(), TimeElapsedColumn(), console=Console(stderr=True), transient=True)
    tasks: dict[int, int] = {}

    def update(done: int, total: int) -> None:
        if not tasks or done < tasks.get(-1, 0):  # a new run (compare runs several)
            tasks[0] = bar.add_task("games", total=total)
        tasks[-1] = done
        bar.update(tasks[0], completed=done)

    return bar, update


def simulate(
    game: str = typer.Argument(..., autocompletion=complete.games, help="collection, sequence, tricks, rows or numwin."),
    players: int = typer.Option(4, "--players", "-p", help="Seats at the table."),
    games: int = typer.Option(1000, "--games", "-n", help="Games to play."),
    bots: str = typer.Option("random", "--bots", metavar="BOTS", autocompletion=complete.bots, help="Bots dealt to the seats in turn, e.g. strategy,random."),
    house: list[str] = typer.Option([], "--house", metavar="KEY=VALUE", autocompletion=complete.house_keys, help="House rule KEY=VALUE (repeatable)."),
    option: list[str] = typer.Option([], "--option", help="Engine option KEY=VALUE, e.g. mode=discovery (repeatable)."),
    seed: int = typer.Option(0, "--seed", help="Seed: the same seed gives the same report, whatever --jobs."),
    jobs: int | None = typer.Option(None, "--jobs", "-j", metavar="N", help="Worker processes (default: every core)."),
    out: Path | None = typer.Option(None, "--out", "-o", metavar="DIR", parser=nonempty_path, help="Report folder (default: output/simulate/GAME)."),
    compare_key: str | None = typer.Option(None, "--compare", metavar="KEY", help="Compare every value of this house rule with the default."),
    cluster: str | None = typer.Option(None, "--cluster", help="Dask scheduler address (tcp://host:8786); needs the extra cardforge\\[cluster]."),
    turn_seconds: float | None = typer.Option(None, "--turn-seconds", help="Seconds a turn takes at the table (playing-time estimate)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing but errors."),
    figures: str = typer.Option("svg", "--figures", help="Figure formats, comma-separated: png, svg, pdf (report.pdf), or none."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object: the report, the folder and the files written."),
) -> None:
    """Play many games with bots and report balance with confidence intervals (HTML, PDF, JSON)."""
    from cardforge import simulate as lab
    from cardforge.bots import make_bot
    from cardforge.paths import output_dir
    from cardforge.simulate.output import plots_available, summary_lines, write_report

    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    for name in names:
        make_bot(game, name)
    if jobs is not None and jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    formats = figure_formats(figures)
    from cardforge.config import with_house_rules

    spec = lab.SimSpec(game, players, names, tuple(with_house_rules(game, house)), seed, games, tuple(option), turn_seconds)
    bar, progress = _progress(quiet or as_json or not sys.stderr.isatty())
    try:
        if bar is not None:
            bar.start()
        if compare_key:
            report, comparison = lab.compare(spec, compare_key, jobs=jobs, cluster=cluster, progress=progress)
        else:
            report, comparison = lab.simulate(spec, jobs=jobs, cluster=cluster, progress=progress), None
    finally:
        if bar is not None:
            bar.stop()
    folder = out or output_dir() / "simulate" / game
    written = write_report(folder, report, comparison, formats=formats)
    if ("png" in formats or "pdf" in formats) and not plots_available():  # said once, on stderr, whatever the output
        sys.stderr.write("cardforge: notice: the report has no figures nor PDF without matplotlib: "
                         "pip install 'cardforge[plots]' to get them\n")
    if as_json:
        import json

        sys.stdout.write(json.dumps({"folder": str(folder), "written": [str(p) for p in written], "report": report,
                                     "comparison": comparison}, ensure_ascii=False) + "\n")
    elif not quiet:
        for line in summary_lines(report, comparison):
            typer.echo(line)
        typer.echo(f"{report['games_played']} games in {report['elapsed_seconds']:.1f} s; report in {folder}/index.html")
    if report["interrupted"] or (comparison or {}).get("interrupted"):
        sys.stderr.write("cardforge: interrupted: the report covers the games played so far\n")
        raise typer.Exit(130)


def figure_formats(value: str) -> tuple[str, ...]:
    """``--figures png,svg`` as a tuple of formats (``none``: no figure files)."""
    from cardforge.i18n import refusal
    from cardforge.simulate.output import FORMATS

    tokens = [t.strip().lower() for t in value.split(",") if t.strip()]
    if tokens == ["none"]:
        return ()
    for token in tokens:
        if token not in FORMATS:
            raise refusal(UsageError, "simulate.figures.unknown", token=token, known=", ".join(FORMATS))
    return tuple(dict.fromkeys(tokens))


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
