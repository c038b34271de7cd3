"""Figures the simulations print (both games' ``simulate``)."""
from __future__ import annotations

import math


def wilson(wins: float, n: int) -> tuple[float, float]:
    """Wilson 95% interval for a share."""
    if n == 0:
        return (0.0, 0.0)
    z = 1.96
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))
