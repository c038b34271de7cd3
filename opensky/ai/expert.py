"""The Expert computer airline: determinized Monte Carlo search over Normal.

For each decision worth searching, Expert takes a few candidate actions and
scores each by many rollouts of the rest of the season (to the end of the
game in the second season):

* **Candidates.**  Bids, flash deals, chits, O&D, itineraries and lease sizes:
  every legal choice.  Plane placements and hubs: Normal's best few; the rest
  of the planning phase is then completed by Normal for every airline (it is
  deterministic), so a candidate is judged by the network it leads to.
* **Hidden information.**  The only secret is an unrevealed bid.  Each rollout
  first *determinizes* the view: every rival bid of this month — submitted or
  still to come — is drawn from that rival's mix in the month's bidding game
  (``opensky.ai.bidding``), which is computed from public information only
  (every hand is public, with unrevealed bids back in it).  A bot never reads
  a rival's unrevealed bid: it is given a view (``player_view``), and the view
  has none.
* **Rollouts.**  The months are played by the fast policy of
  ``opensky.ai.quick`` (which never peeks either), the dice drawn from
  per-iteration random streams shared by all candidates (common random
  numbers, so candidates are compared on the same luck).  A rollout started
  in the first season stops at the season's end and is scored by the score
  margin; in the second season it runs to the end and is scored by the win
  and the margin.
* **Budget.**  ``budget`` rollouts per decision, split evenly among the
  candidates: deterministic for a seed.  ``time_limit`` is a safety net that
  cuts a search short (and only then depends on the clock).
"""
from __future__ import annotations

import math
import random
import time
from typing import Callable, Sequence

from opensky.ai.base import Bot
from opensky.ai.normal import NormalBot, market_for
from opensky.ai.lite import Lite
from opensky.rules.actions import (
    BID, CHOOSE_OD, LEASE, PLACE_CALLSIGN, PLACE_HUB, PLACE_PLANE, ROLL_DICE,
    ROLL_SENSITIVITY, Action,
)
from opensky.rules.constants import FARE_INDEX, FARES, OCTOBER, SENSITIVITY_FACES
from opensky.rules.state import NETWORK_PLANNING, GameState
from opensky.rules.view import player_view

_DICE = GameState._legal_roll_dice  # outcomes in a fixed order

Mix = list[tuple[int | None, float]]

DEFAULT_BUDGET = 240


def _dice_outcomes() -> list[tuple[int, int, int]]:
    from itertools import combinations
    return list(combinations(range(6), 3))


DICE_OUTCOMES = _dice_outcomes()


def normal_mix(strat: Sequence[float], acts: Sequence[int | None], min_prob: float) -> Mix:
    """Normal's bid distribution: its equilibrium mix without rare actions."""
    keep = [(a, p) for a, p in zip(acts, strat) if p >= min_prob]
    if not keep:
        i = max(range(len(strat)), key=lambda j: strat[j])
        keep = [(acts[i], 1.0)]
    tot = sum(p for _, p in keep)
    return [(a, p / tot) for a, p in keep]


def _sample(mix: Mix, rng: random.Random) -> int | None:
    x = rng.random()
    for a, p in mix:
        x -= p
        if x <= 0:
            return a
    return mix[-1][0]


class ExpertBot(Bot):
    """Search over Normal (see the module docstring)."""

    name = "expert"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, time_limit: float = 0.9,
                 top_k: int = 4, search: str = "all", plan_eval: str = "rollout",
                 rollout_iters: int = 50, z: float = 1.0, exact_od: int = 1):
        super().__init__(seed)
        #: decision types searched ("all", or names joined by "+"); Normal takes the rest
        self.search = None if search == "all" else set(search.split("+"))
        self.plan_eval = plan_eval
        self.rollout_iters = rollout_iters
        self.z = z
        self.exact_od = bool(exact_od)
        self.budget = budget
        self.time_limit = time_limit
        self.top_k = top_k
        self.normal = NormalBot(seed ^ 0x5EED)
        #: statistics of the last search (for tests and benchmarks)
        self.last: dict[str, object] = {}

    # ------------------------------------------------------------ entry
    def choose(self, view: GameState | None, legal: Sequence[Action]) -> Action:
        assert view is not None
        if len(legal) == 1:
            return legal[0]
        t = legal[0].type
        p = legal[0].player
        assert p is not None
        if t in (PLACE_PLANE, PLACE_HUB):
            if self.search is not None and t not in self.search:
                return self.normal.choose(view, legal)
            return self._search_planning(view, p, legal)
        mine = self.normal.choose(view, legal)  # Normal's choice: the default
        if t == PLACE_CALLSIGN or (self.search is not None and t not in self.search):
            return mine
        if t == LEASE:
            cands = self._lease_candidates(view, p, legal)
            cands = [mine if a.arg[0] == mine.arg[0] else a for a in cands]
            completer = self.normal

            def place(s: GameState) -> None:
                # the leased planes go where Normal would put them
                while s.decision == PLACE_PLANE and s.actors == (p,):
                    s.apply(completer.choose(s, s.legal_actions(p)))
            return self._search(view, p, cands, prepare=place, default=cands.index(mine))
        cands = list(legal)
        default = cands.index(mine)
        if t == BID:
            mixes = self._month_mixes(view)
            mixes.pop(p, None)
            return self._search(view, p, cands, mixes=mixes, default=default)
        if t == CHOOSE_OD:
            per: list[dict[int, Mix] | None] = []
            for a in cands:
                s = view.copy()
                s.apply(a)
                per.append(self._month_mixes(s) if s.decision == BID and s.month == view.month else None)
            return self._search(view, p, cands, mixes_per=per, default=default)
        return self._search(view, p, cands, default=default)

    # ------------------------------------------------------------ candidates
    def _lease_candidates(self, v: GameState, p: int, legal: Sequence[Action]) -> list[Action]:
        """One payment per number of planes: the one Normal would choose."""
        by_k: dict[int, list[Action]] = {}
        for a in legal:
            by_k.setdefault(a.arg[0], []).append(a)
        out = []
        hand = v.hand[p]
        high_in_hand = hand[-1] + hand[-2]
        for k, acts in sorted(by_k.items()):
            if k == 0:
                out.append(acts[0])
                continue
            out.append(min(acts, key=lambda a: (-(max(a.arg[1]) if a.arg[1] else 0) if high_in_hand == 0
                                                 else sum(a.arg[1]), len(a.arg[1]))))
        return out

    def _search_planning(self, v: GameState, p: int, legal: Sequence[Action]) -> Action:
        t = legal[0].type
        if t == PLACE_PLANE:
            vals = self.normal.placement_values(v, p, [a.arg for a in legal])
        else:
            vals = [self._hub_value(v, p, a.arg) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: -vals[i])
        cands = [legal[i] for i in order[:self.top_k]]
        # drop candidates far behind Normal's best
        best = vals[order[0]]
        cands = [legal[i] for i in order[:self.top_k] if vals[i] >= best - 150.0]
        if len(cands) == 1:
            return cands[0]
        completer = NormalBot(0)

        def complete(s: GameState) -> None:
            # the rest of the planning phase (and hubs), by Normal for everyone
            while not s.game_over and s.decision in (PLACE_PLANE, PLACE_HUB) and s.phase == NETWORK_PLANNING:
                q = s.actors[0]
                s.apply(completer.choose(s, s.legal_actions(q)))
        if self.plan_eval == "model":
            from opensky.ai.model import Model
            vals2 = []
            for a in cands:
                s = v.copy()
                s.apply(a)
                complete(s)
                tot = [s.score(q)["total"] for q in range(s.P)]
                margin = tot[p] - max(tot[q] for q in range(s.P) if q != p)
                vals2.append(margin + Model.of_state(s, first_month=s.month).values()[p])
            self.last = {"candidates": cands, "means": vals2}
            return cands[max(range(len(cands)), key=lambda i: (vals2[i], -i))]
        return self._search(v, p, cands, prepare=complete)

    def _hub_value(self, v: GameState, p: int, a: int) -> float:
        from opensky.ai.model import Model
        model = Model.of_state(v, first_month=v.month)
        m = model.copy()
        hubs = list(v.hubs[p]) + [a]
        if len(hubs) < 2:
            # the best partner for it
            best = -1e18
            for b in model.nets[p]:
                if b in hubs:
                    continue
                mm = model.copy()
                mm.hubs[p] = frozenset(hubs + [b])
                mm.set_planes(p, v.planes[p])
                best = max(best, mm.values()[p])
            if best > -1e18:
                return best
        m.hubs[p] = frozenset(hubs)
        m.set_planes(p, v.planes[p])
        return m.values()[p]

    # ------------------------------------------------------------ bidding
    def _month_mixes(self, s: GameState) -> dict[int, Mix]:
        """Every bidder's bid distribution in the state's market (Normal's
        equilibrium, from public information)."""
        mk = market_for(s, s.actors[0] if s.actors else 0, self.normal.prm)
        strat = mk.solve(self.normal.fp_iters)
        return {q: normal_mix(strat[b], mk.actions[b], self.normal.min_prob)
                for b, q in enumerate(mk.bidders)}

    # ------------------------------------------------------------ search
    def _search(self, v: GameState, p: int, cands: list[Action],
                mixes: dict[int, Mix] | None = None,
                mixes_per: Sequence[dict[int, Mix] | None] | None = None,
                prepare: Callable[[GameState], None] | None = None,
                default: int = 0) -> Action:
        """Score the candidates by paired rollouts; keep ``cands[default]``
        (Normal's choice) unless another is better by more than ``z``
        standard errors of the paired difference."""
        K = len(cands)
        if K == 1:
            return cands[0]
        start = time.perf_counter()
        deadline = start + self.time_limit
        n_iter = max(2, self.budget // K)
        seeds = [self.rng.getrandbits(48) for _ in range(n_iter)]
        roots: list[GameState] = []
        for a in cands:
            s = v.copy()
            if mixes is None:
                s.apply(a)
            roots.append(s)
        if prepare is not None:
            for s in roots:
                prepare(s)
        results: list[list[float]] = [[] for _ in range(K)]
        month = v.month
        shared: dict = {}  # type: ignore[type-arg]  # markets met in this search's rollouts
        out_of_time = False
        for it in range(n_iter):
            seed = seeds[it]
            row = []
            for j in range(K):
                s = roots[j].copy()
                pol = random.Random(seed)
                dice = random.Random(seed ^ 0xD1CE)
                die = random.Random(seed ^ 0xD1E)
                if mixes is not None:
                    # determinize: rivals who already bid (hidden in the view)
                    for q, mix in sorted(mixes.items()):
                        if s.submitted[q] and s.bid[q] is None and not s.revealed:
                            f = _sample(mix, pol)
                            if f is not None and s.hand[q][FARE_INDEX[f]] > 0:
                                s.hand[q][FARE_INDEX[f]] -= 1
                                s.bid[q] = f
                    s.apply(cands[j])
                    month_mix = mixes
                elif mixes_per is not None:
                    month_mix = mixes_per[j] or {}
                else:
                    month_mix = {}
                lite = Lite(iters=self.rollout_iters, shared=shared, exact_od=self.exact_od)
                row.append(self._rollout(s, p, month, month_mix, pol, dice, die, lite))
                if it >= 2 and time.perf_counter() > deadline:
                    out_of_time = True
                    break
            if len(row) < K:
                break
            for j in range(K):
                results[j].append(row[j])
            if out_of_time:
                break
        n = len(results[0])
        means = [sum(r) / n for r in results]
        best = max(range(K), key=lambda j: (means[j], -j))
        choice = default
        if best != default and n >= 2:
            d = [x - y for x, y in zip(results[best], results[default])]
            md = sum(d) / n
            var = sum((x - md) ** 2 for x in d) / (n - 1)
            se = math.sqrt(var / n)
            if md > self.z * se:
                choice = best
        self.last = {"candidates": cands, "means": means, "iterations": n,
                     "seconds": time.perf_counter() - start, "choice": choice}
        return cands[choice]

    def _rollout(self, s: GameState, me: int, month: int, month_mix: dict[int, Mix],
                 pol: random.Random, dice: random.Random, die: random.Random, lite: Lite) -> float:
        stop_month = OCTOBER if month <= OCTOBER else 99
        while not s.game_over:
            if s.month > stop_month:
                break
            d = s.decision
            if d == ROLL_DICE:
                s.apply(Action(ROLL_DICE, s.actors[0], DICE_OUTCOMES[dice.randrange(20)]))
                continue
            if d == ROLL_SENSITIVITY:
                s.apply(Action(ROLL_SENSITIVITY, s.actors[0], SENSITIVITY_FACES[die.randrange(6)]))
                continue
            q = s.actors[0]
            if d == BID:
                mix = month_mix.get(q) if s.month == month else None
                if mix is not None:
                    f = _sample(mix, pol)
                    if f is not None and not s.hand[q][FARE_INDEX[f]]:
                        f = None
                    s.apply(Action(BID, q, f))
                    continue
            legal = s.legal_actions(q)
            s.apply(lite.choose(s, q, legal, pol))
        return evaluate(s, me)


def evaluate(s: GameState, me: int) -> float:
    """Utility for ``me`` at the end of a rollout: at the end of the game the
    win (shared wins split) and the margin; at the end of the first season
    the margin, the unused chits and flash-deal token counted a little."""
    P = s.P
    tot = [0.0] * P
    for q in range(P):
        sc = s.score(q)["total"]
        if not s.game_over:
            sc += 15 * s.chits[q] + (30 if s.flash_unused[q] else 0)
        tot[q] = sc
    other = max(tot[q] for q in range(P) if q != me)
    margin = tot[me] - other
    if s.game_over:
        best = max(tot)
        winners = [q for q in range(P) if tot[q] == best]
        win = 1.0 / len(winners) if me in winners else 0.0
        return 0.5 * win + 0.5 * math.tanh(margin / 200.0)
    return math.tanh(margin / 400.0)


__all__ = ["ExpertBot", "evaluate", "normal_mix", "player_view", "FARES"]
