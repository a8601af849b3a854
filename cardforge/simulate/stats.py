"""Confidence intervals (95 %): Wilson for rates, normal for means and paired differences,
cluster-robust for rates whose trials share a game; the tests behind the verdicts (chi-square
goodness of fit, paired normal tests, Benjamini–Hochberg) and an anytime-valid confidence
sequence for ``--precision``.  Pure Python: scipy is not a dependency.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.5, 0.404, 0.596]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z", "wilson", "mean_ci", "interval", "normal_sf", "gamma_q", "chi2_sf", "chi2_uniform", "paired_test",
           "benjamini_hochberg", "cluster_rate", "cs_half_width", "cs_rho", "games_for",
           "eb_confidence_sequence", "eb_target"]

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


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal ``Z``."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Γ(a, x)/Γ(a) (series below
    ``a + 1``, Lentz's continued fraction above: Numerical Recipes §6.2), to about 1e-14.

    >>> round(gamma_q(1.0, 2.0), 12) == round(math.exp(-2.0), 12)
    True
    """
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # the series of P(a, x)
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return min(1.0, math.exp(log_front) * h)


def chi2_sf(statistic: float, df: int) -> float:
    """P(X > statistic) for a chi-square ``X`` with ``df`` degrees of freedom.

    >>> round(chi2_sf(3.841458820694124, 1), 6), round(chi2_sf(7.814727903251178, 3), 6)
    (0.05, 0.05)
    """
    return gamma_q(df / 2, statistic / 2)


def chi2_uniform(counts: Sequence[float]) -> tuple[float, int, float]:
    """(statistic, degrees of freedom, p-value) of Pearson's goodness-of-fit test of ``counts``
    against equal shares (a shared win counts as its fraction)."""
    total = math.fsum(counts)
    k = len(counts)
    if k < 2 or total <= 0:
        return (0.0, max(0, k - 1), 1.0)
    expected = total / k
    statistic = math.fsum((c - expected) ** 2 / expected for c in counts)
    return (statistic, k - 1, chi2_sf(statistic, k - 1))


def paired_test(differences: Sequence[float]) -> tuple[float, float, float, float]:
    """(mean, low, high, two-sided p) of the mean of paired ``differences`` (normal test; p is 1
    when every difference is 0)."""
    mean, low, high = mean_ci(differences)
    n = len(differences)
    if n < 2:
        return (mean, low, high, 1.0)
    se = (high - mean) / Z
    if se <= 0:
        return (mean, low, high, 1.0 if mean == 0 else 0.0)
    return (mean, low, high, min(1.0, 2 * normal_sf(abs(mean) / se)))


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """The Benjamini–Hochberg adjusted p-values (q-values), in the order given: a measure whose
    q is below ``α`` is a discovery with the false discovery rate held at ``α``.

    >>> [round(q, 3) for q in benjamini_hochberg([0.01, 0.04, 0.03, 0.5])]
    [0.04, 0.053, 0.053, 0.5]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, pvalues[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return adjusted


def cluster_rate(pairs: Sequence[tuple[float, int]], z: float = Z) -> tuple[float, float, float]:
    """(rate, low, high) of a rate whose trials come in clusters: ``pairs`` are (successes,
    trials) per cluster — a bot's win share and its seats in one game, which share one win and
    are not independent.  The ratio estimator ``Σs/Σn`` with its cluster-robust (sandwich)
    standard error ``√(G/(G−1)·Σ(s − r·n)²)/Σn``, clipped to [0, 1].

    >>> [round(x, 4) for x in cluster_rate([(1, 2), (0, 2), (0.5, 2), (1, 2)])]
    [0.3125, 0.0779, 0.5471]
    """
    g = len(pairs)
    trials = math.fsum(n for _, n in pairs)
    if not g or trials <= 0:
        return (0.0, 0.0, 0.0)
    rate = math.fsum(s for s, _ in pairs) / trials
    if g < 2:
        return (rate, rate, rate)
    spread = math.fsum((s - rate * n) ** 2 for s, n in pairs) * g / (g - 1)
    half = z * math.sqrt(spread) / trials
    return (rate, max(0.0, rate - half), min(1.0, rate + half))


def cs_half_width(n: int, alpha: float = 0.05, rho: float = 1.0) -> float:
    """The half-width after ``n`` observations of a two-sided anytime-valid confidence sequence
    for the mean of values in [0, 1] (Robbins' normal mixture for 1/2-sub-Gaussian sums, Howard
    et al. 2021, eq. (14)): ``|mean − μ| ≤ √((v + ρ)·log((v + ρ)/(ρ·α²)))/n`` with ``v = n/4``
    holds at every ``n`` at once with probability ``1 − α``, so a run may stop the first time it
    is narrow enough (no peeking penalty to pay afterwards).  ``ρ`` tunes where it is tightest;
    fix it before seeing the data (``cs_rho``).

    >>> round(cs_half_width(10_000, 0.05, cs_rho(0.01)), 4), games_for(0.01)
    (0.0181, 25143)
    """
    if n <= 0:
        return math.inf
    v = n / 4
    return math.sqrt((v + rho) * math.log((v + rho) / (rho * alpha * alpha))) / n


def eb_confidence_sequence(values: Sequence[float], alpha: float = 0.05,
                           target: int | None = None) -> tuple[float, float]:
    """(centre, half-width) after ``values`` (each in [0, 1], in the order observed) of the
    predictable plug-in empirical-Bernstein confidence sequence of their mean (Waudby-Smith &
    Ramdas 2023, Theorem 2): valid at every length at once with probability ``1 − α``, and
    narrower than ``cs_half_width`` when the values vary less than a fair coin (a 25 % win rate).
    ``target`` (fixed before seeing the data) tunes the bets to be tightest near that many
    values (the paper's ``λ = √(2 log(2/α)/(σ̂² n))``), else they shrink as ``1/√(t log t)``.

    >>> centre, half = eb_confidence_sequence([1.0, 0.0, 0.0, 0.0] * 2500)
    >>> round(centre, 3), round(half, 4)
    (0.251, 0.0206)
    """
    log_term = math.log(2 / alpha)
    mean_hat, var_hat = 0.5, 0.25  # the running estimates, before the first value (μ̂₀, σ̂²₀)
    total = sum_lambda = sum_lx = penalty = 0.0
    for t, x in enumerate(values, start=1):
        lam = min(math.sqrt(2 * log_term / (var_hat * (target or t * math.log(1 + t)))), 0.5)
        v = 4 * (x - mean_hat) ** 2
        penalty += v * (-math.log(1 - lam) - lam) / 4
        sum_lambda += lam
        sum_lx += lam * x
        total += x
        mean_hat = (0.5 + total) / (t + 1)
        var_hat = (var_hat * t + (x - mean_hat) ** 2) / (t + 1) if t else var_hat
    if not sum_lambda:
        return (0.5, math.inf)
    return (sum_lx / sum_lambda, (log_term + penalty) / sum_lambda)


def eb_target(precision: float, alpha: float = 0.05) -> int:
    """The ``target`` of ``eb_confidence_sequence`` for a run aiming at ``precision``: the
    length at which a fair coin's bound ``√(2·¼·log(2/α)/n)`` reaches it, halved (a win rate
    below 50 % varies less than a fair coin)."""
    return max(100, int(math.log(2 / alpha) / (4 * precision * precision)))


def cs_rho(precision: float, alpha: float = 0.05) -> float:
    """The mixture parameter ``ρ`` of ``cs_half_width`` for a run aiming at ``precision``: the
    intrinsic time (n/4) at which a fixed-size 95 % interval of a fair coin reaches it."""
    n = (Z / (2 * precision)) ** 2
    return max(1.0, n / 4)


def games_for(precision: float, alpha: float = 0.05, most: int = 10**9) -> int:
    """The fewest observations at which ``cs_half_width`` is at most ``precision``."""
    rho = cs_rho(precision, alpha)
    low, high = 1, most
    if cs_half_width(high, alpha, rho) > precision:
        return most
    while low < high:
        mid = (low + high) // 2
        if cs_half_width(mid, alpha, rho) <= precision:
            high = mid
        else:
            low = mid + 1
    return low
