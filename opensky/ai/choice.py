"""The searches' last step, shared by both games' Experts: keep the default
(Normal's choice) unless the best candidate's paired rollouts beat it clearly."""
from __future__ import annotations

import math
import time
from typing import Any, Sequence


def paired_choice(results: Sequence[Sequence[float]], default: int, z: float,
                  strata: Sequence[float] | None = None) -> tuple[int, list[float]]:
    """(the chosen candidate, every candidate's mean): the candidate with the
    best mean replaces ``default`` only when the paired difference of their
    results is more than ``z`` standard errors.

    ``strata``: each iteration's stratified uniform draw (``stratified``), which
    fixed its most decisive chance (a rival's bid, the price die).  The
    standard error is then the stratified sample's: from the differences of
    neighbours in that draw's order (the successive-difference estimator), so
    the spread *between* strata, which stratified sampling takes out of the
    mean, is not counted against the candidate."""
    K = len(results)
    n = len(results[0])
    means = [sum(r) / n for r in results]
    best = max(range(K), key=lambda j: (means[j], -j))
    choice = default
    if best != default and n >= 2:
        d = [x - y for x, y in zip(results[best], results[default])]
        md = sum(d) / n
        if strata is not None:
            ds = [d[i] for i in sorted(range(n), key=lambda i: strata[i])]
            var = sum((ds[i + 1] - ds[i]) ** 2 for i in range(n - 1)) / (2 * (n - 1))
        else:
            var = sum((x - md) ** 2 for x in d) / (n - 1)
        se = math.sqrt(var / n)
        if md > z * se:
            choice = best
    return choice, means


def stratified(i: int, shift: float) -> float:
    """The ``i``-th of a search's stratified uniform draws: the van der Corput
    sequence in base 2, shifted by ``shift`` (modulo 1).  Each draw is uniform,
    and the first ``n`` of them, for any ``n``, fall one in each of about ``n``
    equal intervals: a search cut short by the clock is still stratified."""
    x, f = 0.0, 0.5
    while i:
        if i & 1:
            x += f
        i >>= 1
        f *= 0.5
    return (x + shift) % 1.0


def decide(cands: Sequence[Any], results: Sequence[Sequence[float]], default: int, z: float,
           start: float, strata: Sequence[float] | None = None) -> tuple[int, dict[str, object]]:
    """``paired_choice``, and the search's statistics (for tests and benchmarks)
    since ``start`` (a ``time.perf_counter()`` reading)."""
    choice, means = paired_choice(results, default, z, strata)
    return choice, {"candidates": list(cands), "means": means, "iterations": len(results[0]),
                    "seconds": time.perf_counter() - start, "choice": choice}
