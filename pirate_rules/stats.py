"""Small statistics for simulations: proportions with confidence intervals.

Example:
    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> format_share(60, 100)
    '60.0% (50.2-69.1)'
"""

from __future__ import annotations

import math

__all__ = ["format_share", "wilson_interval"]

Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    It behaves well near 0% and 100% and for small samples, unlike the textbook
    normal interval. With no trials the interval is the whole range.

    Example:
        >>> wilson_interval(0, 0)
        (0.0, 1.0)
        >>> round(wilson_interval(10, 10)[1], 9)
        1.0
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


def format_share(successes: int, trials: int) -> str:
    """A percentage with its 95% interval, such as ``'60.0% (50.2-69.1)'``."""
    if trials <= 0:
        return "-"
    low, high = wilson_interval(successes, trials)
    return f"{100 * successes / trials:.1f}% ({100 * low:.1f}-{100 * high:.1f})"
