"""What the window shows before a Blue Skies answer is taken (pure, no I/O).

A purchase, a card or the special action's passengers move cubes: the
passengers drawn from the bag at an airport (green until a red, §3) and the
even split among its gates (B3).  ``preview`` answers "what will this do?"
with the engine's own rules: the answer is applied to a copy of the player's
view, and the draw that follows is taken over every outcome of
``chance_outcomes()`` with its probability, so the figures are exact
expectations, not estimates re-derived here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from opensky.blueskies import gates as G
from opensky.blueskies.actions import BUY_GATE, BUYOUT, DRAW_CUBES, PLAY_CARD, SPECIAL_ACTION, Action
from opensky.rules.errors import IllegalAction

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState

__all__ = ["Preview", "preview", "expected_draw"]


@dataclass(frozen=True)
class Preview:
    """The effect of one answer, for the player who takes it."""

    airport: int | None
    #: the points the answer costs (a gate or a buyout), 0 otherwise
    cost: int
    #: the purchase turn's points left after it (None outside a purchase)
    points_left: int | None
    #: passengers are drawn from the bag at the airport
    draws: bool
    #: the cubes at the airport before, and expected after (draw included)
    cubes_before: int
    cubes_after: float
    #: gates at the airport after the answer
    gates_after: int
    #: every airline's income now and expected after
    income_now: tuple[int, ...]
    income_after: tuple[float, ...]
    #: the player's own income after: lowest and highest possible
    low: int
    high: int

    def change(self, p: int) -> float:
        return self.income_after[p] - self.income_now[p]


def expected_draw(s: "BSState") -> float:
    """The cubes a draw from the bag adds, on average, with its contents now."""
    R, Gr = s.red, s.green
    if R == 0:
        return float(Gr)
    return Gr / (R + 1) + 1.0


def preview(v: "BSState", a: Action) -> Preview | None:
    """The effect of answer ``a`` in view ``v`` (None for an answer that
    moves no passengers, or one the rules refuse)."""
    p = a.player
    if p is None or a.type not in (BUY_GATE, BUYOUT, PLAY_CARD, SPECIAL_ACTION):
        return None
    if a.type == SPECIAL_ACTION:
        at = a.arg[0] if isinstance(a.arg, tuple) else None
        if at is None:
            return None
        a = Action(SPECIAL_ACTION, p, (at, ()))  # the passengers only: discards move none
        airport = at
    else:
        airport = a.arg
    assert isinstance(airport, int)
    now = tuple(G.incomes(v))
    before = sum(v.cubes[airport]) + v.waiting[airport]
    s = v.copy()
    try:
        s.apply(a)
    except IllegalAction:
        return None
    cost = 0
    if a.type == BUY_GATE:
        cost = v.board.airports[airport].gate_cost
    elif a.type == BUYOUT:
        cost = v.board.buyout_costs[airport] or 0
    left = v.points - cost if a.type in (BUY_GATE, BUYOUT) else None
    outcomes: list[tuple["BSState", float]]
    draws = s.decision == DRAW_CUBES and s.cube_airport == airport
    if draws:
        outcomes = []
        for o, prob in s.chance_outcomes():
            t = s.copy()
            t.apply(o)
            outcomes.append((t, prob))
    else:
        outcomes = [(s, 1.0)]
    P = v.P
    after = [0.0] * P
    cubes = 0.0
    mine: list[int] = []
    for t, prob in outcomes:
        inc = G.incomes(t)
        for q in range(P):
            after[q] += prob * inc[q]
        cubes += prob * (sum(t.cubes[airport]) + t.waiting[airport])
        mine.append(inc[p])
    return Preview(airport, cost, left, draws, before, cubes, len(s.gates[airport]), now, tuple(after),
                   min(mine), max(mine))
