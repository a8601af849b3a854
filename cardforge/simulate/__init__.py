"""The playtest lab: bots play many seeded games and a report says whether the game is
balanced (seats, bots, scores, length, events, house rules compared), with intervals.

``simulate(spec, jobs=…, cluster=…)`` plays the games and builds the report; ``compare(spec,
key)`` does it for every value of a house rule; ``write_report`` writes the folder (JSON, HTML,
PDF, PNG/SVG figures).  See docs/simulate.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardforge.simulate.runner import Outcome, Progress, run
from cardforge.simulate.spec import SimSpec

__all__ = ["SimSpec", "simulate", "compare", "play_games"]


def play_games(spec: SimSpec, *, jobs: int | None = None, cluster: str | None = None, progress: Progress | None = None,
         precision: float | None = None, trace: bool = False) -> tuple[Outcome, dict[str, Any] | None]:
    """Play ``spec``'s games: all of them, or with ``precision`` batch after batch until every
    seat's win rate is known to ± ``precision`` (``sequential``), at most ``spec.games``."""
    if precision is None:
        return run(spec, jobs=jobs, cluster=cluster, progress=progress, trace=trace), None
    from cardforge.simulate.sequential import play_until

    return play_until(spec, precision, lambda first, stop: run(
        replace(spec, games=stop), jobs=jobs, cluster=cluster, progress=progress, first=first, trace=trace))


def simulate(spec: SimSpec, *, jobs: int | None = None, cluster: str | None = None,
             progress: Progress | None = None, precision: float | None = None,
             trace: bool = False) -> dict[str, Any]:
    """The report of ``spec``'s games (those played before a Ctrl-C, if one came); ``trace``
    keeps each game's audit trail in ``report["records"]`` (not in the report's figures)."""
    from cardforge.simulate.report import build_report

    outcome, sequential = play_games(spec, jobs=jobs, cluster=cluster, progress=progress, precision=precision, trace=trace)
    report = build_report(spec, outcome.records, elapsed=outcome.elapsed, interrupted=outcome.interrupted)
    if sequential is not None:
        report["precision"] = sequential
    if trace:
        report["records"] = sorted(outcome.records, key=lambda r: r["index"])
    return report


def compare(spec: SimSpec, key: str, *, jobs: int | None = None, cluster: str | None = None,
            progress: Progress | None = None, variants: list[Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(report of the default, comparison of every value of house rule ``key``, or of
    ``variants`` — ``comparison.deck_variants`` for ``--ablate``/``--swap`` — against the first)."""
    from cardforge.simulate.comparison import house_variants, run_variants
    from cardforge.simulate.report import build_report

    outcomes: list[tuple[SimSpec, Outcome]] = []

    def play(variant: SimSpec) -> tuple[list[dict[str, Any]], bool]:
        outcome = run(variant, jobs=jobs, cluster=cluster, progress=progress)
        outcomes.append((variant, outcome))
        return outcome.records, outcome.interrupted

    comparison = run_variants(spec, key, variants or house_variants(spec, key), play)
    base_spec, base = outcomes[0]
    report = build_report(base_spec, base.records, elapsed=base.elapsed, interrupted=comparison["interrupted"])
    # "N games in X s" counts every run of the comparison, not the default's alone
    report["all_runs"] = {"runs": len(outcomes), "games": sum(len(o.records) for _, o in outcomes),
                          "elapsed_seconds": round(sum(o.elapsed for _, o in outcomes), 3)}
    return report, comparison
