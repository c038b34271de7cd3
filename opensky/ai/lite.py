"""Normal's play of the months, made cheap enough for Expert's rollouts.

The month's bidding game is solved once per market (when the roller weighs
its options) and reused by every bidder, chit and flash-deal decision of
that month; fewer fictitious-play rounds; a lease's plan is remembered for
the search (rollouts meet the same month's end again and again). The
roller's O&D (``exact_od``, as Expert plays it) is Normal's: each market's
game solved, a market only one airline can fly included (valued once as that
airline's top fare, which left out the planes flying it costs for the rest
of the season: that Lite won 46.6% of 4,000 games as a player against
Normal, 50.8% with Normal's value: ``bench/ai_duel.py lite``), and markets
of equal value are picked at random as Normal picks them (about a third of
Normal's O&D choices are such ties). Leasing is Normal's rule and Normal's
placements (as many planes as add more than they cost, February's at
Normal's higher price, each where Normal's placement values put it: on 100
Normal-vs-Normal games Lite agrees on all 1,345 lease offers; once it leased
one plane at most, agreeing on 81.6%, then weighed only the routes between
call-sign airports, 96.1%), and the itinerary flown is Normal's. It plays
from the full state of a determinized world without peeking: the market's
game is solved before anyone bids (from public information only) and never
reads an unrevealed bid.
"""
from __future__ import annotations

import random
from typing import NamedTuple, Sequence

from opensky.ai.bidding import Market
from opensky.ai.memo import Memo
from opensky.ai.model import DEFAULT, NO, Info, Model, Params, info_for, pair_income, season_end
from opensky.ai.normal import (
    best_of, bids_on_table, flash_result, itinerary_values, lease_price, market_for, normal_lease_payment,
    route_extras,
)
from opensky.rules.actions import (
    ANCILLARIES, BID, CHOOSE_ITINERARY, CHOOSE_OD, FLASH, LEASE, PLACE_PLANE, Action,
)
from opensky.rules.constants import FARES, REGIONAL_MARKERS
from opensky.rules.state import GameState
from opensky.rules.view import public_hands


class MarketEntry(NamedTuple):
    """A month's market met in rollouts: its bidding game, the game's
    solution, and the flash-deal answers already worked out in it."""

    market: Market
    strat: list[list[float]]
    #: (bids, flash tokens unused, declined, player offered) -> the answer.
    #: Together with the market's key that is all a flash window depends on,
    #: and rollouts of one search meet the same windows again and again.
    flash: dict[tuple[object, ...], Action]


#: markets by (month, od, planes, hubs, public hands, chits, flash tokens)
Markets = dict[tuple[object, ...], MarketEntry]

#: lease plans (planes, routes in order) by everything they depend on: the
#: networks, the month, the leasing airline's markers and kmax, the cubes
#: left.  Rollouts of one search meet the same month's end again and again.
_LEASES: Memo[tuple[object, ...], tuple[int, tuple[int, ...]]] = Memo(20000)


class Lite:
    """A rollout policy with a small per-world memory (create one per rollout)."""

    __slots__ = ("prm", "iters", "min_prob", "markets", "lease_route", "shared", "shared_month", "exact_od")

    def __init__(self, prm: Params = DEFAULT, iters: int = 50, min_prob: float = 0.1,
                 shared: Markets | None = None, shared_month: int = -1, exact_od: bool = False):
        self.prm = prm
        self.iters = iters
        self.min_prob = min_prob
        self.markets: Markets = {}
        #: markets of ``shared_month``, shared by rollouts that start from one state
        self.shared = shared
        self.shared_month = shared_month
        self.exact_od = exact_od
        self.lease_route: dict[int, list[int]] = {}

    def _market(self, s: GameState, me: int) -> MarketEntry:
        assert s.od is not None
        hands = public_hands(s)
        key = (s.month, s.od, tuple(map(tuple, s.planes)), tuple(map(tuple, s.hubs)),
               hands, tuple(s.chits), tuple(s.flash_unused))
        cache = self.shared if self.shared is not None else self.markets
        got = cache.get(key)
        if got is None:
            mk = market_for(s, me, self.prm, hands)
            got = MarketEntry(mk, mk.solve(self.iters), {})
            cache[key] = got
        return got

    def choose(self, s: GameState, p: int, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        t = legal[0].type
        if t == BID:
            mk, strat, _ = self._market(s, p)
            b = mk.bidders.index(p)
            probs = [x if x >= self.min_prob else 0.0 for x in strat[b]]
            tot = sum(probs)
            if tot <= 0:
                probs = strat[b]
                tot = sum(probs)
            x = rng.random() * tot
            for f, pr in zip(mk.actions[b], probs):
                x -= pr
                if x <= 0 and pr > 0:
                    if f is None or s.hand[p][FARE_IDX[f]]:
                        return Action(BID, p, f)
                    break
            return Action(BID, p, None)
        if t == CHOOSE_OD:
            vals: list[float] = []
            for a in legal:
                c = s.copy()
                c.apply(a)
                if c.decision != BID or c.month != s.month:
                    v = 0.0
                elif self.exact_od:
                    # Normal's value, its market's game solved: a sole bidder's
                    # too, whose fare costs the planes that fly it
                    mk, strat, _ = self._market(c, p)
                    v = mk.expected(strat, p)
                elif len(c.actors) == 1 and all(c.stops[q] is None or q in c.actors for q in range(c.P)):
                    # only one airline can bid: it asks the most
                    q = c.actors[0]
                    top = max(f for f, n in zip(FARES, c.hand[q]) if n)
                    v = top * (1.0 + 1.0 / (c.P - 1)) if q == p else -top
                else:
                    st = [NO if (x is None or not any(c.hand[q])) else x for q, x in enumerate(c.stops)]
                    e = pair_income(st, c.P, self.prm)
                    v = e[p] - (sum(e) - e[p]) / (c.P - 1)
                vals.append(v)
            # markets of equal value: one at random, as Normal picks
            return best_of(legal, vals, rng)
        if t == FLASH:
            entry = self._market(s, p)
            wkey = (tuple(s.bid), tuple(s.flash_unused), tuple(s.declined), p)
            got = entry.flash.get(wkey)
            if got is None:
                mk = entry.market
                vals = [flash_result(s, mk, a.arg, p) for a in legal]
                got = entry.flash[wkey] = legal[max(range(len(legal)), key=lambda i: (vals[i], -i))]
            return got
        if t == ANCILLARIES:
            mk = self._market(s, p).market
            n = mk.chit_pick(bids_on_table(s), p)
            return next(a for a in legal if a.arg == n)
        if t == CHOOSE_ITINERARY:
            return self._itinerary(s, p, legal, rng)
        if t == LEASE:
            return self._lease(s, p, legal)
        if t == PLACE_PLANE:
            routes = self.lease_route.get(p)
            if routes:
                r = routes.pop(0)
                for a in legal:
                    if a.arg == r:
                        return a
            return legal[rng.randrange(len(legal))]
        return legal[rng.randrange(len(legal))]

    def _itinerary(self, s: GameState, p: int, legal: Sequence[Action], rng: random.Random) -> Action:
        """Normal's: the path whose planes are worth least for the rest of the season."""
        if s.month + 1 > season_end(s.month):
            return legal[0]
        return best_of(legal, itinerary_values(s, p, legal, self.prm), rng)

    def _lease(self, s: GameState, p: int, legal: Sequence[Action]) -> Action:
        """Normal's rule (``NormalBot._lease``): as many planes as add more
        value than they cost (February's at Normal's higher price), each
        placed greedily where Normal's ``placement_values`` puts it: any route
        the model sees a market on, plus the subsidy cubes it takes, less a
        cross-border marker it uses up."""
        kmax = max(a.arg[0] for a in legal)
        if not kmax:
            return legal[0]
        prm = self.prm
        inf = info_for(s)
        key = (inf, prm, s.month, tuple(map(tuple, s.planes)), tuple(map(tuple, s.hubs)), p,
               tuple(sorted(s.markers[p])), tuple(s.subsidy_left), kmax)
        k, chosen = _LEASES.of(key, lambda: self._lease_plan(s, p, kmax, inf))
        options = [a for a in legal if a.arg[0] == k]
        if not k or not options:
            return legal[0]
        self.lease_route[p] = list(chosen)
        return normal_lease_payment(s, p, options)

    def _lease_plan(self, s: GameState, p: int, kmax: int, inf: Info) -> tuple[int, tuple[int, ...]]:
        """How many planes to lease and their routes, in order (see ``_lease``)."""
        prm = self.prm
        model = Model.of_state(s, first_month=s.month, prm=prm)
        rel, cb, ends, callsign = inf.relevant, inf.cross_border, inf.route_ends, s.airport_callsign
        markers = set(s.markers[p])
        planes = list(s.planes[p])
        cubes = list(s.subsidy_left)
        base = model.values()[p]
        gains = [0.0]
        chosen: list[int] = []
        for _ in range(kmax):
            best_r, best_g, best_v = -1, -1e18, base
            for r in range(len(planes)):
                if cb[r] and r not in markers and len(markers) >= REGIONAL_MARKERS:
                    continue  # a new cross-border route, and no marker left for it (R13)
                val = base
                if r in rel:
                    planes[r] += 1
                    m = model.copy()
                    m.set_planes(p, planes)
                    planes[r] -= 1
                    val = m.values()[p]
                g = route_extras(val - base, prm, inf, s, r, cubes, markers)
                if g > best_g:
                    best_r, best_g, best_v = r, g, val
            if best_r < 0:
                break
            if cb[best_r]:
                markers.add(best_r)
            planes[best_r] += 1
            for x in ends[best_r]:
                c = callsign[x]
                if c >= 0:
                    cubes[c] = False
            base = best_v
            gains.append(gains[-1] + best_g)
            chosen.append(best_r)
        price = lease_price(s.month)
        k = max(range(len(gains)), key=lambda j: (gains[j] - price * j, -j))
        return k, tuple(chosen[:k])


FARE_IDX = {200: 0, 250: 1, 300: 2, 400: 3, 500: 4}
