"""The searches' last step, shared by both games' Experts: keep the default
(Normal's choice) unless the best candidate's paired rollouts beat it clearly."""
from __future__ import annotations

import math
import time
from typing import Any, Sequence


def paired_choice(results: Sequence[Sequence[float]], default: int, z: float) -> tuple[int, list[float]]:
    """(the chosen candidate, every candidate's mean): the candidate with the
    best mean replaces ``default`` only when the paired difference of their
    results is more than ``z`` standard errors."""
    K = len(results)
    n = len(results[0])
    means = [sum(r) / n for r in results]
    best = max(range(K), key=lambda j: (means[j], -j))
    choice = default
    if best != default and n >= 2:
        d = [x - y for x, y in zip(results[best], results[default])]
        md = sum(d) / n
        var = sum((x - md) ** 2 for x in d) / (n - 1)
        se = math.sqrt(var / n)
        if md > z * se:
            choice = best
    return choice, means


def decide(cands: Sequence[Any], results: Sequence[Sequence[float]], default: int, z: float,
           start: float) -> tuple[int, dict[str, object]]:
    """``paired_choice``, and the search's statistics (for tests and benchmarks)
    since ``start`` (a ``time.perf_counter()`` reading)."""
    choice, means = paired_choice(results, default, z)
    return choice, {"candidates": list(cands), "means": means, "iterations": len(results[0]),
                    "seconds": time.perf_counter() - start, "choice": choice}
