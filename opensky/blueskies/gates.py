"""Gates, buyouts and passengers (RULES §3, §4): pure functions on a state.

* ``split`` is B3's even split of all the cubes at an airport among its gates
  (⌊T/k⌋ each, the first T mod k one more), or the cubes waiting in its first
  space when it has none.
* ``gate_options`` / ``buyout_options`` are what a player may buy with the
  points left (§4, B5, B6, B8), and ``opening_options`` the opening gates
  (§5.5, B12).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from opensky.blueskies.actions import LOCAL
from opensky.blueskies.board import MAX_COST, OPENING_POINTS

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState


def split(s: "BSState", a: int) -> None:
    """Split all the cubes at airport ``a`` evenly among its gates (B3)."""
    cubes = s.cubes[a]
    k = len(cubes)
    total = sum(cubes) + s.waiting[a]
    if k == 0:
        s.waiting[a] = total
        return
    s.waiting[a] = 0
    q, r = divmod(total, k)
    for i in range(k):
        cubes[i] = q + (1 if i < r else 0)


def local_slot(s: "BSState", a: int) -> int:
    """The space of the local gate at ``a`` (-1 if none; at most one, B8)."""
    owners = s.gates[a]
    for i, o in enumerate(owners):
        if o == LOCAL:
            return i
    return -1


def can_new_gate(s: "BSState", p: int, a: int, points: int) -> bool:
    return (s.gates_left[p] > 0 and s.free[a] > 0
            and s.board.airports[a].gate_cost <= points)


def can_buyout(s: "BSState", p: int, a: int, points: int) -> bool:
    return s.board.buyout_costs[a] <= points and s.gates_left[p] > 0 and a in s.locals


def gate_options(s: "BSState", p: int, points: int) -> list[int]:
    return [a for a in range(len(s.gates)) if can_new_gate(s, p, a, points)]


def buyout_options(s: "BSState", p: int, points: int) -> list[int]:
    return [a for a in range(len(s.gates)) if can_buyout(s, p, a, points)]


def cheapest_at(s: "BSState", p: int, a: int) -> int | None:
    """The cheapest gate p could take at ``a`` (new or buyout), ignoring points."""
    ap = s.board.airports[a]
    costs = []
    if s.gates_left[p] > 0 and s.free[a] > 0:
        costs.append(ap.gate_cost)
    if ap.buyout_cost is not None and s.gates_left[p] > 0 and local_slot(s, a) >= 0:
        costs.append(ap.buyout_cost)
    return min(costs) if costs else None


def has_pair(s: "BSState", p: int) -> bool:
    """Whether p has a legal pair of opening gates at two airports (B12)."""
    if s.gates_left[p] < 2:
        return False
    cheap = _two_cheapest(s, p)
    return len(cheap) == 2 and cheap[0][0] + cheap[1][0] <= OPENING_POINTS


def _two_cheapest(s: "BSState", p: int) -> list[tuple[int, int]]:
    """The two cheapest (cost, airport) gates p could take at two airports.

    Enough to look at the two cheapest new gates and the two cheapest
    buyouts: an airport among the two cheapest overall is among the two
    cheapest of the kind that gives its price."""
    if s.gates_left[p] <= 0:
        return []
    b = s.board
    best: dict[int, int] = {}
    n = 0
    for a in b.by_gate_cost:
        if s.free[a]:
            best[a] = b.gate_costs[a]
            n += 1
            if n == 2:
                break
    for c, a in sorted((b.buyout_costs[a], a) for a in s.locals)[:2]:
        if c < best.get(a, MAX_COST + 1):
            best[a] = c
    return sorted((c, a) for a, c in best.items())[:2]


def _second_fits(cheap: list[tuple[int, int]], a: int, cost: int) -> bool:
    """Whether a second gate at another airport than ``a`` fits in what ``cost`` leaves (B12)."""
    for c, b in cheap:
        if b != a:
            return c <= OPENING_POINTS - cost
    return False


def opening_ok(s: "BSState", p: int, a: int, cost: int) -> bool:
    """Whether an opening gate at ``a`` costing ``cost`` is allowed now (§5.5, B12)."""
    if cost > s.points:
        return False
    if s.opening_mode == 1:  # the second gate: another airport
        return a != s.opening_first
    if s.opening_mode == 2:  # no legal pair: any one legal gate
        return True
    return _second_fits(_two_cheapest(s, p), a, cost)


def opening_options(s: "BSState", p: int) -> tuple[list[int], list[int]]:
    """(airports for a new gate, airports for a buyout) allowed as p's opening gate now."""
    ap = s.board.airports
    n = len(s.gates)
    new = [a for a in range(n) if can_new_gate(s, p, a, s.points)]
    buy = [a for a in range(n) if can_buyout(s, p, a, s.points)]
    if s.opening_mode == 1:
        return [a for a in new if a != s.opening_first], [a for a in buy if a != s.opening_first]
    if s.opening_mode == 2:
        return new, buy
    # the first gate: a legal second must remain at another airport (B12);
    # the two cheapest airports are enough to know that for every airport
    cheap = _two_cheapest(s, p)
    return ([a for a in new if _second_fits(cheap, a, ap[a].gate_cost)],
            [a for a in buy if _second_fits(cheap, a, ap[a].buyout_cost or 0)])


def income(s: "BSState", p: int) -> int:
    """Cubes at p's gates (B2)."""
    return sum(c for owners, cubes in zip(s.gates, s.cubes) if p in owners
               for o, c in zip(owners, cubes) if o == p)


def incomes(s: "BSState") -> list[int]:
    """Every player's income at once (B2); local gates score for nobody."""
    out = [0] * s.P
    for owners, cubes in zip(s.gates, s.cubes):
        for o, c in zip(owners, cubes):
            if o >= 0:
                out[o] += c
    return out


def gates_placed(s: "BSState", p: int) -> int:
    return s.board.gates_per_player - s.gates_left[p]


def region_values(s: "BSState", p: int) -> list[int]:
    """p's gate values per region (§9): an airport in two regions counts in both."""
    out = [0] * len(s.board.regions)
    for a, owners in enumerate(s.gates):
        n = owners.count(p)
        if n:
            ap = s.board.airports[a]
            for r in ap.regions:
                out[r] += n * ap.gate_value
    return out


def all_region_values(s: "BSState") -> list[list[int]]:
    """``region_values`` of every player at once (one pass over the airports)."""
    regions = len(s.board.regions)
    out = [[0] * regions for _ in range(s.P)]
    airports = s.board.airports
    for a, owners in enumerate(s.gates):
        if not owners:
            continue
        ap = airports[a]
        for o in owners:
            if o >= 0:
                row = out[o]
                for r in ap.regions:
                    row[r] += ap.gate_value
    return out
