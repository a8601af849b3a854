"""Confidence intervals (95 %): Wilson for rates, normal for means and paired differences.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.5, 0.404, 0.596]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z", "wilson", "mean_ci", "interval"]

#: two-sided 95 %
Z = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z) -> tuple[float, float, float]:
    """(rate, low, high) of ``successes`` in ``n`` trials (Wilson score interval); a fractional
    ``successes`` (shared wins) is accepted."""
    if n <= 0:
        return (0.0, 0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z) -> tuple[float, float, float]:
    """(mean, low, high): the normal interval of the mean (``mean ± z·s/√n``)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def interval(triple: tuple[float, float, float], digits: int = 4) -> dict[str, float]:
    """A (value, low, high) triple as JSON."""
    value, low, high = triple
    return {"value": round(value, digits), "low": round(low, digits), "high": round(high, digits)}
