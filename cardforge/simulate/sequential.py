"""``--precision H``: play batch after batch until every seat's win rate is known to ± H.

Looking at an ordinary 95 % interval after each batch and stopping once it is narrow enough
("peeking") covers the truth less than 95 % of the time.  Each seat's win share per game (in
[0, 1]) feeds instead an anytime-valid empirical-Bernstein confidence sequence
(``stats.eb_confidence_sequence``), at level 5 % split over the seats (Bonferroni): it holds at
every number of games at once, so the run may stop at the first batch where every seat's
half-width is at most H.  Games enter it in the order of their index, whatever finished
first, so the stopping point does not depend on ``--jobs`` or the cluster.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardforge.simulate.runner import Outcome
from cardforge.simulate.spec import SimSpec
from cardforge.simulate.stats import eb_confidence_sequence, eb_target

__all__ = ["ALPHA", "FIRST_BATCH", "play_until", "seat_sequences"]

#: the error rate of the whole run's intervals (all seats together)
ALPHA = 0.05
#: games of the first look; each later batch adds half the games played so far
FIRST_BATCH = 500


def seat_sequences(records: list[dict[str, Any]], players: int, precision: float,
                   alpha: float = ALPHA) -> list[tuple[float, float]]:
    """(centre, half-width) of each seat's confidence sequence over ``records`` (by index)."""
    from cardforge.simulate.report import win_shares

    shares = [win_shares(r) for r in sorted(records, key=lambda r: r["index"])]
    level = alpha / players
    target = eb_target(precision, level)
    return [eb_confidence_sequence([s[seat] for s in shares], level, target) for seat in range(players)]


def play_until(spec: SimSpec, precision: float, play: Callable[[int, int], Outcome]) -> tuple[Outcome, dict[str, Any]]:
    """Play ``spec`` with ``play(first, stop)`` (games ``first``…``stop - 1``) batch by batch
    until each seat's half-width is at most ``precision`` or ``spec.games`` are played."""
    records: list[dict[str, Any]] = []
    elapsed, interrupted, looks = 0.0, False, 0
    half = float("inf")
    while len(records) < spec.games:
        stop = min(spec.games, max(FIRST_BATCH, len(records) + len(records) // 2))
        outcome = play(len(records), stop)
        records += outcome.records
        elapsed += outcome.elapsed
        looks += 1
        if outcome.interrupted:
            interrupted = True
            break
        half = max(h for _, h in seat_sequences(records, spec.players, precision))
        if half <= precision:
            break
    sequences = seat_sequences(records, spec.players, precision) if records else []
    summary = {"target": precision, "games": len(records), "looks": looks, "alpha": ALPHA,
               "half_width": round(max((h for _, h in sequences), default=float("inf")), 5) if records else None,
               "reached": bool(records) and half <= precision,
               "method": "empirical-Bernstein confidence sequence per seat (Waudby-Smith & Ramdas 2023), "
                         "level 5 % split over the seats",
               "seats": [{"seat": i + 1, "centre": round(c, 4), "low": round(max(0.0, c - h), 4),
                          "high": round(min(1.0, c + h), 4)} for i, (c, h) in enumerate(sequences)]}
    return Outcome(records, elapsed, interrupted), summary
