"""``cardforge simulate GAME --players N --games K --bots strategy,random … --out DIR``."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from cardforge.cli import complete
from cardforge.errors import UsageError
from cardforge.i18n import refusal, Message, text
from cardforge.options import ARGUMENT_TEXT, LANG_OPTION, nonempty_path, HelpCommand

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
    game: str = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="GAME", autocompletion=complete.games, help="collection, sequence, tricks, rows or numwin; or 'replay' (with --records and --game) to print a recorded game."),
    players: str = typer.Option("4", "--players", "-p", metavar="N|A-B", help="Seats at the table, or a range (2-6): one report per count and a sweep figure."),
    games: int | None = typer.Option(None, "--games", "-n", metavar="N", help="Games to play (default 1000; with --precision, the most to play, default 100000)."),
    bots: str = typer.Option("random", "--bots", metavar="BOTS", autocompletion=complete.bots, help="Bots dealt to the seats in turn, e.g. strategy,random."),
    house: list[str] = typer.Option([], "--house", metavar="KEY=VALUE", autocompletion=complete.house_keys, help="House rule KEY=VALUE (repeatable)."),
    option: list[str] = typer.Option([], "--option", metavar="KEY=VALUE", help="Engine option KEY=VALUE, e.g. mode=discovery (repeatable)."),
    seed: int = typer.Option(0, "--seed", metavar="N", help="Seed: the same seed gives the same report, whatever --jobs."),
    jobs: int | None = typer.Option(None, "--jobs", "-j", metavar="N", help="Worker processes (default: every core)."),
    out: Path | None = typer.Option(None, "--out", "-o", metavar="DIR", parser=nonempty_path, help="Report folder (default: output/simulate/GAME)."),
    compare_key: str | None = typer.Option(None, "--compare", metavar="KEY", help="Compare every value of this house rule with the default."),
    ablate: list[str] = typer.Option([], "--ablate", metavar="CARD", help="Compare the deck without every copy of CARD (repeatable, or CARD,CARD…) with the full deck, on the same seeds."),
    swap: list[str] = typer.Option([], "--swap", metavar="CARD=OTHER", help="Compare the deck with OTHER in place of every CARD with the full deck: the same deals, card for card (repeatable)."),
    seating: str = typer.Option("rotate", "--seating", metavar="HOW", help="rotate (each bot in each seat in turn), random (shuffled per game) or duplicate (each deal replayed once per rotation of the seats)."),
    precision: float | None = typer.Option(None, "--precision", metavar="H", help="Play until every seat's win rate is known to ±H (0.01: ±1 point), with an anytime-valid confidence sequence."),
    records: Path | None = typer.Option(None, "--records", metavar="FILE", parser=nonempty_path, help="Write one JSON line per game (seeds, seats, bots, moves, chance, result); with 'replay', the file to read."),
    replay_index: int | None = typer.Option(None, "--replay", metavar="I", help="Play game I of this simulation alone and print it move by move (a game that never ends too)."),
    game_index: int | None = typer.Option(None, "--game", metavar="I", help="With 'replay': the game of --records to print."),
    cluster: str | None = typer.Option(None, "--cluster", metavar="ADDRESS", help="Dask scheduler address (tcp://host:8786); needs the extra cardforge\\[cluster]."),
    turn_seconds: float | None = typer.Option(None, "--turn-seconds", metavar="SECONDS", help="Seconds a turn takes at the table (playing-time estimate)."),
    draw_seconds: float | None = typer.Option(None, "--draw-seconds", metavar="SECONDS", help="Seconds each card drawn adds to its turn in sequence and collection (playing-time estimate)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing but errors."),
    figures: str = typer.Option("svg", "--figures", metavar="FORMATS", help="Figure formats, comma-separated: png, svg, pdf (report.pdf), or none."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object: the report, the folder and the files written."),
    lang: str = LANG_OPTION,
) -> None:
    """Play many games with bots and report balance with confidence intervals (HTML, PDF, JSON).

    Example: cardforge simulate tricks --players 4 --games 200 --bots strategy,random
    """
    from cardforge import simulate as lab
    from cardforge.bots import make_bot
    from cardforge.paths import output_dir

    if game == "replay":
        from cardforge.simulate.replay import print_recorded

        if records is None or game_index is None:
            raise refusal(UsageError, "error.simulate.replay_needs")
        print_recorded(records, game_index, lang, typer.echo)
        return
    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    for name in names:
        make_bot(game, name)
    if jobs is not None and jobs < 1:
        raise refusal(UsageError, "error.simulate.jobs", jobs=jobs)
    if precision is not None and not 0 < precision < 0.5:
        raise refusal(UsageError, "error.simulate.precision", value=repr(precision))
    counts = player_counts(players)
    _check_combination(len(counts) > 1, bool(compare_key or ablate or swap), records, precision)
    formats = figure_formats(figures)
    from cardforge.config import with_house_rules

    size = games if games is not None else 100_000 if precision is not None else 1000
    specs = [lab.SimSpec(game, n, names, tuple(with_house_rules(game, house)), seed, size, tuple(option),
                         turn_seconds, seating, draw_seconds) for n in counts]
    if replay_index is not None:
        from cardforge.simulate.replay import print_played

        print_played(specs[0], replay_index, lang, typer.echo)
        return
    folder = out or output_dir() / "simulate" / game
    if len(specs) > 1:
        from cardforge.simulate.sweep import sweep

        lines, written = sweep(specs, folder, jobs=jobs, cluster=cluster, precision=precision, formats=formats,
                               lang=lang, quiet=quiet or as_json)
        if as_json:
            import json

            sys.stdout.write(json.dumps({"folder": str(folder), "written": [str(p) for p in written]}) + "\n")
        elif not quiet:
            for line in lines:
                typer.echo(line)
        return
    variants = None
    if ablate or swap:
        from cardforge.simulate.comparison import deck_variants

        if compare_key:
            raise refusal(UsageError, "error.simulate.compare_deck")
        cards = [card for value in ablate for card in value.split(",")]
        variants, compare_key = deck_variants(specs[0], cards, swap), "deck"
    report, comparison = _run(specs[0], compare_key, variants, jobs, cluster, precision, records is not None,
                              quiet or as_json or not sys.stderr.isatty())
    _finish(report, comparison, folder, formats, records, lang, quiet, as_json)


def _run(spec, compare_key, variants, jobs, cluster, precision, trace, silent):  # noqa: ANN001, ANN202 - the command's own parts
    """(report, comparison) of the command, with a progress bar unless ``silent``."""
    from cardforge import simulate as lab

    bar, progress = _progress(silent)
    try:
        if bar is not None:
            bar.start()
        if compare_key:
            return lab.compare(spec, compare_key, jobs=jobs, cluster=cluster, progress=progress, variants=variants)
        return lab.simulate(spec, jobs=jobs, cluster=cluster, progress=progress, precision=precision,
                            trace=trace), None
    finally:
        if bar is not None:
            bar.stop()


def _finish(report, comparison, folder, formats, records, lang, quiet, as_json) -> None:  # noqa: ANN001
    """Write the folder (and the records), print the verdicts and figures, say an interruption."""
    from cardforge.simulate.output import plots_available, summary_lines, write_report

    games = report.pop("records", None)
    if records is not None and games is not None:
        from cardforge.simulate.replay import write_records

        write_records(records, games)
    written = write_report(folder, report, comparison, formats=formats, lang=lang)
    if ("png" in formats or "pdf" in formats) and not plots_available():  # said once, on stderr, whatever the output
        sys.stderr.write(text("out.no_plots", lang) + "\n")
    if as_json:
        import json

        sys.stdout.write(json.dumps({"folder": str(folder), "written": [str(p) for p in written], "report": report,
                                     "comparison": comparison}, ensure_ascii=False) + "\n")
    elif not quiet:
        for line in summary_lines(report, comparison, lang):
            typer.echo(line)
        runs = report.get("all_runs") or {"games": report["games_played"], "elapsed_seconds": report["elapsed_seconds"],
                                          "runs": 1}
        every = Message("out.simulated_runs", runs=runs["runs"]) if runs["runs"] > 1 else ""
        typer.echo(text("out.simulated", lang, games=runs["games"], every=every, seconds=f"{runs['elapsed_seconds']:.1f}",
                        report=f"{folder}/index.html"))
    if report["interrupted"] or (comparison or {}).get("interrupted"):
        sys.stderr.write(text("out.sim_interrupted", lang) + "\n")
        raise typer.Exit(130)


def _check_combination(sweep: bool, comparing: bool, records: Path | None, precision: float | None) -> None:
    """One line for options that do not go together (rather than one silently ignored)."""
    if sweep and (comparing or records is not None):
        raise refusal(UsageError, "error.simulate.combine", first="--players A-B",
                      second="--compare/--ablate/--swap" if comparing else "--records")
    if comparing and (records is not None or precision is not None):
        raise refusal(UsageError, "error.simulate.combine", first="--compare/--ablate/--swap",
                      second="--records" if records is not None else "--precision")


def player_counts(value: str) -> list[int]:
    """``--players 4`` or ``--players 2-6`` as the list of seat counts."""
    text = value.strip()
    try:
        if "-" in text.lstrip("-"):
            low, high = (int(part) for part in text.split("-", 1))
            if low > high:
                raise ValueError
            return list(range(low, high + 1))
        return [int(text)]
    except ValueError:
        raise refusal(UsageError, "error.simulate.players_range", value=repr(value)) from None


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
    app.command("simulate", cls=HelpCommand)(simulate)
