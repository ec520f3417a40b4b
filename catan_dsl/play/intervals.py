"""Counts and per-game values → 95% intervals that stay within what the quantity can be: the one
source of every interval printed (playtest text and JSON, reports, compare, sweep)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054     # the standard normal's 97.5% quantile


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval for a binomial proportion (sane at 0, 1 and small n).

    The bounds hold the observed rate and lie in [0, 1] exactly: 0 successes give a lower bound
    of 0.0 (the formula's float arithmetic gives 3.5e-18), n of n an upper bound of 1.0 (not
    0.9999999999999999), so an error bar drawn from them is never negative.

    Returns ``(0.0, 1.0)`` when ``n`` is 0: nothing is known.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if successes <= 0 else min(p, max(0.0, centre - half))
    high = 1.0 if successes >= n else max(p, min(1.0, centre + half))
    return (low, high)


def rate_difference(ka: int, n_a: int, kb: int, n_b: int) -> tuple[float, float, float]:
    """B's rate minus A's, with Newcombe's 95% interval built from the two Wilson intervals;
    the bounds hold the difference and lie in [-1, 1]."""
    pa = ka / n_a if n_a else 0.0
    pb = kb / n_b if n_b else 0.0
    la, ua = wilson_interval(ka, n_a)
    lb, ub = wilson_interval(kb, n_b)
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return d, max(-1.0, min(d, low)), min(1.0, max(d, high))


def variance(xs: list[float] | list[int]) -> float:
    """The sample variance (n − 1 in the denominator); 0.0 below two values."""
    if len(xs) < 2:
        return 0.0
    m = sum(xs) / len(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def mean_interval(xs: list[float] | list[int], low: float | None = None
                  ) -> tuple[float, float, float]:
    """The mean of per-game values with a normal 95% interval (``low``: the least a value can
    be, e.g. 0 for a count, so the interval of 0, 0, 3 does not reach below it)."""
    if not xs:
        return 0.0, 0.0, 0.0
    m = sum(xs) / len(xs)
    half = Z95 * math.sqrt(variance(xs) / len(xs))
    lo = m - half if low is None else max(low, m - half)
    return m, lo, m + half


def mean_difference(xa: list[float] | list[int], xb: list[float] | list[int]
                    ) -> tuple[float, float, float]:
    """B's mean minus A's with a normal (Welch) 95% interval."""
    ma = sum(xa) / len(xa) if xa else 0.0
    mb = sum(xb) / len(xb) if xb else 0.0
    se = math.sqrt(variance(xa) / max(1, len(xa)) + variance(xb) / max(1, len(xb)))
    d = mb - ma
    return d, d - Z95 * se, d + Z95 * se
