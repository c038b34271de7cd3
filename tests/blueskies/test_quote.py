"""What the window shows before an answer (``blueskies.quote``): exact
expectations over the draw that follows, worked out by hand here."""
from __future__ import annotations

import pytest

from opensky.blueskies.actions import BUY, BUY_GATE, BUYOUT, END_PURCHASES, Action
from opensky.blueskies.quote import expected_draw, preview
from opensky.blueskies.state import BSState
from opensky.blueskies.view import player_view
from tests.blueskies.helpers import played_until


def at_first_purchase(players: int = 2, seed: int = 4) -> BSState:
    """A game played at random up to the first purchase turn of round 1."""
    return played_until(BUY, players, seed)


def test_a_new_gate_beside_another_shares_the_cubes_and_the_draw():  # §3, B3
    s = at_first_purchase()
    p = s.actor
    q = 1 - p
    # a fixed position: an empty airport where q has one gate with 2 cubes; a bag of 1 red and 1 green
    a = next(i for i in range(len(s.gates)) if not s.gates[i] and s.board.airports[i].gate_cost <= s.points
             and not s.waiting[i])
    s.gates[a], s.cubes[a], s.free[a] = [q], [2], s.free[a] - 1
    s.red, s.green = 1, 1
    v = player_view(s, p)
    inc_p, inc_q = s.income(p), s.income(q)
    got = preview(v, Action(BUY_GATE, p, a))
    assert got is not None and got.draws
    # g = 0 (1/2): 3 cubes → q's first gate 2, p's 1; g = 1 (1/2): 4 cubes → 2 and 2
    assert got.income_after[p] == pytest.approx(inc_p + 1.5)
    assert got.income_after[q] == pytest.approx(inc_q - 2 + 2.0)
    assert (got.low, got.high) == (inc_p + 1, inc_p + 2)
    assert got.cubes_before == 2 and got.cubes_after == pytest.approx(3.5) and got.gates_after == 2
    assert got.cost == s.board.airports[a].gate_cost and got.points_left == s.points - got.cost
    assert expected_draw(v) == pytest.approx(1.5)  # one green before the red half the time


def test_a_buyout_takes_the_local_gates_cubes_without_a_draw():  # B6
    s = at_first_purchase(players=3, seed=2)
    p = s.actor
    buyouts = [a for a in s.legal_actions() if a.type == BUYOUT]
    if not buyouts:
        pytest.skip("no buyout in this position")
    a = buyouts[0].arg
    v = player_view(s, p)
    got = preview(v, buyouts[0])
    assert got is not None and not got.draws
    assert got.low == got.high == s.income(p) + sum(s.cubes[a])


def test_no_preview_for_answers_that_move_no_passengers():
    s = at_first_purchase()
    v = player_view(s, s.actor)
    assert preview(v, Action(END_PURCHASES, s.actor, None)) is None
    before = v.to_json()
    for a in v.legal_actions():
        preview(v, a)
    assert v.to_json() == before  # the view is never changed
