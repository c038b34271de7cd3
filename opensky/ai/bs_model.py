"""What a Blue Skies computer airline knows: a fast value of a position.

Everything here reads public information only (the board, gates, cubes,
scores, the bag, the discard pile; §11), so it may be computed from a view.

``values(state)`` is each airline's expected final total:

* its score now;
* its income for every scoring step left (the cubes at its gates now);
* the passengers still to come at its airports: each round brings
  ``2P − 1`` demand cards (step 2 and step 3, §6), each card adds on average
  ``1 + G/(R + 1)`` cubes at an airport drawn by the cards' shares, and an
  airline gets its share of the gates there; a cube that arrives in round
  *i* scores in every later scoring step, and the bag limits how many come;
* the region bonuses as the regions stand now (§9);
* the +3 while the special action is unused.

``rounds_left`` estimates how many scoring steps remain from the pace of
the leader's score (its income plus the points it banks) and the markers
left (a player who places its last marker ends the game, step 5).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from opensky.blueskies.actions import LOCAL
from opensky.blueskies.gates import region_values
from opensky.blueskies.scoring import SPECIAL_BONUS, region_bonuses

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState

#: a score over this ends the game (B17)
END_AT = 100
#: the points of a purchase turn a player banks on average (measured: about half)
BANKED = 3.0


def cubes_per_draw(s: "BSState") -> float:
    """The expected cubes one addition of passengers brings (§3, B4)."""
    R, G = s.red, s.green
    if R == 0:
        return float(G)
    return 1.0 + G / (R + 1)


def rounds_left(s: "BSState") -> float:
    """Scoring steps still to come (this round's included, before step 4)."""
    incomes = [0] * s.P
    for owners, cubes in zip(s.gates, s.cubes):
        for o, c in zip(owners, cubes):
            if o >= 0:
                incomes[o] += c
    lead = max(s.score)
    pace = max(max(incomes) + BANKED + 1.0, 4.0)
    by_score = max(0.0, (END_AT + 1 - lead)) / pace
    gates_min = min(s.gates_left)
    by_gates = gates_min / 1.5 + 0.5
    return max(0.5, min(by_score, by_gates, 20.0))


def airport_shares(owners: Sequence[int], P: int) -> list[float]:
    """Each airline's share of the cubes at an airport with these gates
    (B3's split, the odd cube ignored)."""
    out = [0.0] * P
    k = len(owners)
    if k:
        for o in owners:
            if o != LOCAL:
                out[o] += 1.0 / k
    return out


def values(s: "BSState", horizon: float | None = None) -> list[float]:
    """Each airline's expected final total (see the module docstring)."""
    P = s.P
    n_left = rounds_left(s) if horizon is None else horizon
    whole = int(n_left + 0.999)
    board = s.board
    cards_total = board.total_cards
    per_round = (2 * P - 1) * cubes_per_draw(s)
    # cubes still to come, limited by the bag: a cube arriving in round i scores (n − i + 1) times
    bag = s.red + s.green
    weight = 0.0
    arrivals = 0.0
    for i in range(whole):
        come = min(per_round, max(0.0, bag - arrivals))
        arrivals += come
        weight += come * max(0.0, n_left - i - 0.5)
    out = [float(x) for x in s.score]
    for a, (owners, cubes) in enumerate(zip(s.gates, s.cubes)):
        share_future = board.airports[a].demand_cards / cards_total * weight
        if not owners:
            continue
        k = len(owners)
        for o, c in zip(owners, cubes):
            if o >= 0:
                out[o] += c * n_left + share_future / k
    # the regions as they stand
    vals = [region_values(s, q) for q in range(P)]
    for r, region in enumerate(board.regions):
        got = region_bonuses([vals[q][r] for q in range(P)], region.bonus[0], region.bonus[1], P)
        for q, pts in got.items():
            out[q] += pts
    for q in range(P):
        if not s.special_used[q]:
            out[q] += SPECIAL_BONUS
    return out


def relative(vals: Sequence[float], p: int) -> float:
    """p's value against its strongest rival (what deciding the winner needs)."""
    return vals[p] - max(v for q, v in enumerate(vals) if q != p)
