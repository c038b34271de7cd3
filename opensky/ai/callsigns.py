"""Expert's call-sign placement (R1): each airport valued by the networks it leads to.

Where the players place the call signs (New game's "players place them"),
where a call sign goes decides which markets the dice can pick, and so
where every airline's planes are worth most.  Normal places them by a
distance heuristic (``NormalBot.callsign_values``), which measured no
better than placing them at random (a Normal placing them at random won
49.6% of 4,000 2-player games against Normal).  Expert plays each candidate
airport out instead: the other call signs placed and the first season's
network planned by Normal for every airline (the same Normal, the same
seed, for every candidate: they are compared on the same completion), then
the market model's value of the season (``opensky.ai.model``) read as its
margin over the best rival.  The candidates are valued in Normal's order,
best first, until the clock runs out; the best valued is played (50.8% of
2,400 2-player games against Normal, every other decision Normal's:
``bench/results/ai_duel-2026-12-07-callsigns.txt``).  Nothing here reads a
file or the clock: the caller gives the deadline's test.
"""
from __future__ import annotations

from typing import Callable, Sequence

from opensky.ai.base import Bot
from opensky.ai.model import Model
from opensky.ai.planahead import play_setup
from opensky.rules.actions import Action
from opensky.rules.state import GameState


def planned_margin(v: GameState, a: Action, me: int, completer: Bot) -> float:
    """``me``'s margin in the model's value of the first season after call
    sign ``a``, the rest of the call signs and the whole network planning
    phase played by ``completer`` for every airline."""
    s = v.copy()
    s.apply(a)
    play_setup(s, completer)
    vals = Model.of_state(s, first_month=s.month).values()
    return vals[me] - max(vals[q] for q in range(s.P) if q != me)


def place_callsign(v: GameState, legal: Sequence[Action], me: int, order: Sequence[int],
                   make_completer: Callable[[], Bot], out_of_time: Callable[[], bool]
                   ) -> tuple[int, list[float | None]]:
    """(the index of the call sign to place, every candidate's margin or None
    where the clock left it unvalued).  ``order``: the candidates' indices,
    the most promising first (at least the first is always valued);
    ``make_completer``: a fresh Normal, the same for every candidate."""
    got: dict[int, float] = {}
    for n, i in enumerate(order):
        if n and out_of_time():
            break
        got[i] = planned_margin(v, legal[i], me, make_completer())
    best = max(got, key=lambda i: got[i])   # the first of the best, in ``order``
    return best, [got.get(i) for i in range(len(legal))]
