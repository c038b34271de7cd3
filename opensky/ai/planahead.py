"""Network planning with the whole planning phase in view (an Expert option, issue 17).

Normal places each plane where it raises its model value most, looking one
plane ahead (``NormalBot.placement_values``).  ``PlanAhead`` looks to the end
of the planning phase instead: each of Normal's best few placements — or hub
choices in Europe — is *completed* by Normal for every airline (the rivals'
answers, the player's own later planes, the hubs), and the finished networks
are valued by the same market model (``opensky.ai.model``), with the subsidy
cubes taken and the cross-border markers used on the way.

No rollouts: a completion is deterministic, so the candidates differ only by
what they are worth, not by luck (searches of placements by rollouts were
measured and added only noise; see ``opensky.ai.expert``).  Only public
information is read: networks, hubs, markers and cubes are on the board.

Off by default (``ExpertBot(plan_ahead=0)``): measured, it did not clearly
beat Normal's one-step plan (figures in ``opensky.ai.expert`` and
``bench/results/bench_ai-2026-12-06-issue17.txt``); kept for experiments
(``python bench/ai_duel.py expert:plan_ahead=6``).
"""
from __future__ import annotations

import time
from typing import Sequence

from opensky.ai.base import Bot
from opensky.ai.model import Model, Params
from opensky.rules.actions import PLACE_CALLSIGN, PLACE_HUB, PLACE_PLANE, Action
from opensky.rules.state import NETWORK_PLANNING, GameState

#: the completer's tie-breaking stream, started afresh for every completion
COMPLETION_SEED = 0x9E3779B1
#: a subsidy cube is 50 points to its taker (and, relative to the others, denied to them)
CUBE_POINTS = 50.0



def play_setup(s: GameState, bot: Bot) -> None:
    """Play the rest of the set-up in place, ``bot`` deciding for every
    airline: call signs the players place (R1), then the network planning
    phase, hubs included."""
    while not s.game_over and (s.decision == PLACE_CALLSIGN or (
            s.decision in (PLACE_PLANE, PLACE_HUB) and s.phase == NETWORK_PLANNING)):
        q = s.actors[0]
        s.apply(bot.choose(s, s.legal_actions(q)))

class PlanAhead:
    """Choose planning placements and hubs by completing the phase.

    ``completer`` (a Normal) plays every airline's remaining planning decisions;
    ``k`` candidates at most, none more than ``margin`` below Normal's best
    one-step value; ``cube`` weighs the cubes' points, ``marker`` is the
    cost of a cross-border marker used; ``time_limit`` the safety net."""

    def __init__(self, completer: Bot, prm: Params, k: int = 6, margin: float = 200.0,
                 cube: float = 1.0, marker: float = 35.0, time_limit: float = 0.6):
        self.completer = completer
        self.prm = prm
        self.k = k
        self.margin = margin
        self.cube = cube
        self.marker = marker
        #: a safety net (seconds): candidates are weighed best first, and on a
        #: slow machine the search stops after this long (only then does the
        #: choice depend on the clock)
        self.time_limit = time_limit

    def wants(self, v: GameState) -> bool:
        """Whether this decision is one to plan ahead (the planning phase's own)."""
        return v.phase == NETWORK_PLANNING and v.decision in (PLACE_PLANE, PLACE_HUB)

    def choose(self, v: GameState, p: int, legal: Sequence[Action], vals: Sequence[float]) -> Action:
        """The best of Normal's best few (``vals``: Normal's one-step values)."""
        order = sorted(range(len(legal)), key=lambda i: (-vals[i], i))
        best = vals[order[0]]
        cands = [i for i in order[:self.k] if vals[i] >= best - self.margin]
        if len(cands) == 1:
            return legal[cands[0]]
        cubes0 = [len(x) for x in v.subsidies]
        markers0 = len(v.markers[p])
        deadline = time.perf_counter() + self.time_limit
        scores = []
        for i in cands:
            s = v.copy()
            s.apply(legal[i])
            self.complete(s)
            scores.append(self.value(s, p, cubes0, markers0))
            if len(scores) >= 2 and time.perf_counter() > deadline:
                break      # a slow or busy machine: the best of those weighed so far
        j = max(range(len(scores)), key=lambda t: (scores[t], -t))
        return legal[cands[j]]

    def choose_hub(self, v: GameState, p: int, legal: Sequence[Action], mine: Action) -> Action:
        """A hub: Normal's choice (``mine``) or one of the airports of p's
        network with the most routes, the best after completion."""
        nb = Model.of_state(v, first_month=v.month, prm=self.prm).nets[p]
        pool = sorted((x for x, d in nb.items() if len(d) >= 2 and x not in v.hubs[p]),
                      key=lambda x: (-len(nb[x]), x))[:self.k]
        acts = [mine] + [a for a in legal if a.arg in pool and a != mine]
        return self.choose(v, p, acts, [1.0] + [0.0] * (len(acts) - 1))

    def complete(self, s: GameState) -> None:
        """Play the rest of the planning phase (hubs included) by Normal, in place."""
        bot = self.completer
        # the same tie-breaks for every candidate: a completion is a function of its state
        bot.rng.seed(COMPLETION_SEED)
        play_setup(s, bot)

    def value(self, s: GameState, p: int, cubes0: Sequence[int], markers0: int) -> float:
        """p's relative model value of the finished networks, plus the cubes
        taken since (relative to the others') less the markers used."""
        P = s.P
        v = Model.of_state(s, first_month=s.month, prm=self.prm).values()[p]
        gained = [len(s.subsidies[q]) - cubes0[q] for q in range(P)]
        v += self.cube * CUBE_POINTS * (gained[p] - sum(gained[q] for q in range(P) if q != p) / (P - 1))
        return v - self.marker * (len(s.markers[p]) - markers0)


__all__ = ["COMPLETION_SEED", "CUBE_POINTS", "PlanAhead"]
