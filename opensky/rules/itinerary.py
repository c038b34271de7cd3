"""Itineraries (§6.1) and the winner function W (§6.3).

Pure functions over small integers so that simulation and search stay fast.
"""
from __future__ import annotations

from typing import Sequence

Path = tuple[int, ...]


def shortest_paths(
    adjacency: Sequence[Sequence[tuple[int, int]]],
    planes: Sequence[int],
    origin: int,
    dest: int,
    hubs: Sequence[int] | None,
) -> list[Path]:
    """All shortest simple paths from ``origin`` to ``dest`` over routes where
    ``planes[route] > 0``.

    With ``hubs`` given (Europe, §8.1), a path may only connect at an airport in
    ``hubs``; paths connecting elsewhere are not itineraries at all.  Returns an
    empty list when there is none.  Paths are listed in a deterministic order.
    """
    if origin == dest:
        return []
    # Breadth-first search recording every predecessor on a shortest path.
    dist = {origin: 0}
    preds: dict[int, list[int]] = {}
    frontier = [origin]
    found = False
    depth = 0
    while frontier and not found:
        depth += 1
        nxt: list[int] = []
        for u in frontier:
            if u != origin and hubs is not None and u not in hubs:
                continue  # cannot connect here
            for v, r in adjacency[u]:
                if not planes[r]:
                    continue
                d = dist.get(v)
                if d is None:
                    dist[v] = depth
                    preds[v] = [u]
                    if v == dest:
                        found = True
                    else:
                        nxt.append(v)
                elif d == depth:
                    if u not in preds[v]:
                        preds[v].append(u)
        frontier = nxt
    if not found:
        return []
    paths: list[Path] = []

    def walk(v: int, tail: Path) -> None:
        if v == origin:
            paths.append((origin,) + tail)
            return
        for u in preds[v]:
            walk(u, (v,) + tail)

    walk(dest, ())
    paths.sort()
    return paths


def winners(bids: Sequence[tuple[int, int, int]]) -> list[int]:
    """W(bids) of §6.3.  ``bids`` holds (player, fare, stops) of submitted fares
    (passes left out).  Returns the winning players in the order given.

    - One class only: the lowest fare wins, ties all win.
    - Nonstop against one-stop: a one-stop fare qualifies when it is at most
      half the lowest nonstop fare D; the lowest qualifying one-stop fare wins,
      else the lowest nonstop fare.  (2+ stop bids never meet another class,
      by the table rule.)
    """
    if not bids:
        return []
    nonstop = [b for b in bids if b[2] == 0]
    onestop = [b for b in bids if b[2] == 1]
    if nonstop and onestop:
        d = min(b[1] for b in nonstop)
        qualifying = [b for b in onestop if 2 * b[1] <= d]
        pool = qualifying if qualifying else nonstop
    elif nonstop:
        pool = nonstop
    elif onestop:
        pool = onestop
    else:
        pool = list(bids)
    low = min(b[1] for b in pool)
    return [b[0] for b in pool if b[1] == low]
