"""The playtest lab: bots play many seeded games and a report says whether the game is
balanced (seats, bots, scores, length, events, house rules compared), with intervals.

``simulate(spec, jobs=…, cluster=…)`` plays the games and builds the report; ``compare(spec,
key)`` does it for every value of a house rule; ``write_report`` writes the folder (JSON, HTML,
PDF, PNG/SVG figures).  See docs/simulate.md.
"""

from __future__ import annotations

from typing import Any

from cardforge.simulate.runner import Outcome, Progress, run
from cardforge.simulate.spec import SimSpec

__all__ = ["SimSpec", "simulate", "compare"]


def simulate(spec: SimSpec, *, jobs: int | None = None, cluster: str | None = None,
             progress: Progress | None = None) -> dict[str, Any]:
    """The report of ``spec``'s games (those played before a Ctrl-C, if one came)."""
    from cardforge.simulate.report import build_report

    outcome: Outcome = run(spec, jobs=jobs, cluster=cluster, progress=progress)
    return build_report(spec, outcome.records, elapsed=outcome.elapsed, interrupted=outcome.interrupted)


def compare(spec: SimSpec, key: str, *, jobs: int | None = None, cluster: str | None = None,
            progress: Progress | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(report of the default, comparison of every value of house rule ``key``)."""
    from cardforge.simulate.comparison import run_compare
    from cardforge.simulate.report import build_report

    outcomes: list[tuple[SimSpec, Outcome]] = []

    def play(variant: SimSpec) -> tuple[list[dict[str, Any]], bool]:
        outcome = run(variant, jobs=jobs, cluster=cluster, progress=progress)
        outcomes.append((variant, outcome))
        return outcome.records, outcome.interrupted

    comparison = run_compare(spec, key, play)
    base_spec, base = outcomes[0]
    return build_report(base_spec, base.records, elapsed=base.elapsed, interrupted=comparison["interrupted"]), comparison
