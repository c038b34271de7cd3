"""The Normal computer airline: a good heuristic player.

Every decision compares values of the market model (``opensky.ai.model``):

* **Planning** — each plane goes where it raises the airline's relative value
  of the season most: markets it can fly with fewer stops than the rivals,
  weighted by how often the dice and the rollers will make them the market;
  plus subsidy cubes; less the cost of a cross-border marker (North America).
  It looks one plane ahead so that two-leg itineraries get built.
* **Hubs** (Europe) — the pair of airports that makes its network worth most.
* **O&D** — the pair whose bidding game (below) is worth most to it.
* **Bids** — the month's market as a game between the airlines that can bid,
  each limited to the cards it holds (every hand is public), with W, the
  flash-deal window each pair of bids would open (a bidder still holding
  the token can bid high and flash down when beaten), the winner's chits and
  the cost of flying planes; solved by fictitious play, the bid drawn from
  its equilibrium mix.
* **Flash deals** and **chits** — the best expected result, assuming rivals
  answer a flash deal with their own best one.  The planes' later value
  weighs half here (``Params.flash_planes``, ``chit_planes``): the fare is
  sure, the planes' value an estimate, and at full weight Normal hoarded
  its token and gambled sure fares on the price die (issue 17).  No price
  above the die's top face is ever asked.
* **Itinerary** — the path whose planes are worth least for the rest of the
  season.  **Leasing** — when the planes' value for the months left exceeds
  their price (by ``LAST_LEASE_MARGIN`` more for February's lease, whose
  planes fly the last two markets).
"""
from __future__ import annotations

import random
from typing import Callable, Collection, Sequence

from opensky.ai.base import Bot
from opensky.ai.bidding import Bids, Market, Vec
from opensky.ai.memo import Memo
from opensky.ai.model import DEFAULT, HubChoice, Info, Model, Params, info_for, remove_path, season_end
from opensky.ai.planahead import PlanAhead
from opensky.rules.actions import BID, FLASH, PLACE_PLANE, Action
from opensky.rules.constants import LEASE_COST, MARCH, REGIONAL_MARKERS
from opensky.rules.state import NETWORK_PLANNING, GameState


#: how much more than its price a plane leased with the month marker on
#: February (after January's market: planes for February's and March's) must be worth
LAST_LEASE_MARGIN = 100.0
#: the continuation's model values by the networks (pure functions of them)
_VALUES: Memo[tuple[object, ...], list[float]] = Memo(20000)


def route_extras(val: float, prm: Params, inf: Info, v: GameState, route: int, cubes: Sequence[bool],
                 markers: Collection[int]) -> float:
    """``val``, a plane's model value on ``route`` for its airline, with what the
    model leaves out: the subsidy cubes the plane would take (``cubes``: those
    left, by call sign), less a cross-border marker it would use up (R13;
    ``markers``: the routes the airline holds one on).  Normal's placements and Lite's
    leases both value a plane so."""
    for a in inf.route_ends[route]:
        c = v.airport_callsign[a]
        if c >= 0 and cubes[c]:
            val += prm.subsidy
    if inf.cross_border[route] and route not in markers:
        val -= prm.marker
    return val


def market_for(state: GameState, me: int, prm: Params = DEFAULT,
               hands: Sequence[Sequence[int]] | None = None) -> Market:
    """The bidding game of the state's current market (stops and paths known).
    ``hands``: the hands to use (default the state's)."""
    P = state.P
    nm = state.month + 1
    if nm > season_end(state.month):
        def cont(travel: tuple[int, ...]) -> Vec:
            return [0.0] * P
    else:
        # the continuation is computed lazily, perhaps after the caller's state
        # has moved on (rollouts change their state in place): keep a snapshot
        state = state.copy()
        inf = info_for(state)
        sig = (inf, prm, nm, tuple(map(tuple, state.planes)), tuple(map(tuple, state.hubs)))
        base_model: list[Model] = []

        def model() -> Model:
            if not base_model:
                base_model.append(Model.of_state(state, first_month=nm, prm=prm))
            return base_model[0]

        base = _VALUES.of(sig, lambda: model().values())
        single: dict[int, Vec] = {}

        def alone(w: int) -> Vec:
            """Value changes when w alone flies its best path; an airline can
            lease a plane back for 200, so no plane is worth more than that."""
            d = single.get(w)
            if d is not None:
                return d
            paths = state.paths[w]
            best_d, best_v = [0.0] * P, -1e18
            for path in paths:
                def make(path: tuple[int, ...] = path) -> list[float]:
                    m = model().copy()
                    m.set_planes(w, remove_path(inf, state.planes[w], path))
                    return m.values()
                vals = _VALUES.of(sig + (w, path), make)
                if vals[w] > best_v:
                    best_v = vals[w]
                    cap = LEASE_COST * (len(path) - 1)
                    best_d = [max(-cap, min(cap, vals[q] - base[q])) for q in range(P)]
            single[w] = best_d
            return best_d

        def cont(travel: tuple[int, ...]) -> Vec:
            out = [0.0] * P
            for w in travel:
                d = alone(w)
                for q in range(P):
                    out[q] += d[q]
            return out
    left = MARCH - state.month
    chit_cost = [18.0 * left / MARCH for _ in range(P)]
    mk = Market(P, state.stops, state.hand if hands is None else hands, state.chits, cont, chit_cost)
    # the bids are scored after the flash-deal window they would open
    mk.with_flash(state.roller, state.flash_unused, [flash_cost(state)] * P)
    mk.choice_cont = prm.chit_planes
    mk.flash_planes = prm.flash_planes
    return mk


def bids_on_table(v: GameState) -> Bids:
    """The revealed bids as W reads them, (player, fare, stops); passes left out."""
    out: Bids = []
    for q in range(v.P):
        b, st = v.bid[q], v.stops[q]
        if b is not None and st is not None:
            out.append((q, b, st))
    return out


def flash_cost(state: GameState) -> float:
    """What an unused flash-deal token is still worth."""
    return 45.0 * (MARCH - state.month) / MARCH


class NormalBot(Bot):
    """A good heuristic player (see the module docstring)."""

    name = "normal"

    def __init__(self, seed: int = 0, prm: Params = DEFAULT, fp_iters: int = 120,
                 min_prob: float = 0.1, plan_ahead: int = 0):
        super().__init__(seed)
        self.prm = prm
        self.fp_iters = fp_iters
        self.min_prob = min_prob
        #: plan the network with the whole planning phase in view (``opensky.ai.planahead``,
        #: that many candidates; 0: one plane ahead, Normal's own way)
        self.planner = PlanAhead(NormalBot(seed ^ 0xC0FFEE, prm), prm, k=plan_ahead) if plan_ahead else None

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        handler: Callable[[GameState, Sequence[Action]], Action] = getattr(self, "_" + legal[0].type)
        return handler(view, legal)

    # ------------------------------------------------------------ helpers
    def _pick(self, options: Sequence[Action], probs: Sequence[float]) -> Action:
        """Draw from a mixed strategy, ignoring its rare actions."""
        keep = [(a, p) for a, p in zip(options, probs) if p >= self.min_prob]
        if not keep:
            keep = [max(zip(options, probs), key=lambda x: x[1])]
        tot = sum(p for _, p in keep)
        x = self.rng.random() * tot
        for a, p in keep:
            x -= p
            if x <= 0:
                return a
        return keep[-1][0]

    def _best(self, legal: Sequence[Action], values: Sequence[float]) -> Action:
        return best_of(legal, values, self.rng)

    # ------------------------------------------------------------ call signs (R1)
    def _place_callsign(self, v: GameState, legal: Sequence[Action]) -> Action:
        return self._best(legal, self.callsign_values(v, legal))

    def callsign_values(self, v: GameState, legal: Sequence[Action]) -> list[float]:
        """The distance heuristic's value of each call-sign placement: an
        airport's routes, and how near it is to the call signs placed."""
        b = v.board
        placed = [a for a in v.callsign_airport if a >= 0]
        n = len(b.airports)

        def bfs(src: int) -> list[int]:
            dist = [-1] * n
            dist[src] = 0
            q = [src]
            for u in q:
                for w, _ in b.adjacency[u]:
                    if dist[w] < 0:
                        dist[w] = dist[u] + 1
                        q.append(w)
            return dist

        vals = []
        for a in legal:
            x = a.arg[1]
            d = bfs(x)
            s = len(b.adjacency[x]) * 0.5
            for y in placed:
                s += {1: 1.5, 2: 1.0, 3: 0.2}.get(d[y], -0.5)
            vals.append(s)
        return vals

    # ------------------------------------------------------------ planning (§4, §8)
    def placement_values(self, v: GameState, p: int, routes: Sequence[int]) -> list[float]:
        """How much a plane on each route adds to p's relative value."""
        prm = self.prm
        planning = v.phase == NETWORK_PLANNING
        model = Model.of_state(v, first_month=v.month, prm=prm, planning=planning)
        inf = model.inf
        hubmode: HubChoice = "assume" if (planning and v.board.uses_hubs) else "keep"
        base = model.values()[p]
        planes = list(v.planes[p])
        markers = v.markers[p]
        free_markers = REGIONAL_MARKERS - len(markers)
        cb = inf.cross_border
        left = sum(1 for q in v.queue if q == p) if planning else 1

        def gain(rs: Sequence[int]) -> float:
            for r in rs:
                planes[r] += 1
            m = model.copy()
            m.set_planes(p, planes, hubmode)
            for r in rs:
                planes[r] -= 1
            return m.values()[p] - base

        look: dict[int, float] = {}
        if left >= 2:
            cand = set(routes)
            seen: set[tuple[int, ...]] = set()
            for path in inf.paths2:
                missing = tuple(sorted(set(r for r in path if planes[r] == 0)))
                if len(missing) != 2 or missing in seen:
                    continue
                seen.add(missing)
                if not all(r in cand for r in missing):
                    continue
                need = sum(1 for r in missing if cb[r] and r not in markers)
                if need > free_markers:
                    continue
                g = gain(missing) * prm.lookahead / 2
                for r in missing:
                    if g > look.get(r, 0.0):
                        look[r] = g
        out = []
        rel = inf.relevant
        for r in routes:
            val = gain((r,)) if r in rel else 0.0
            lk = look.get(r)
            if lk is not None and lk > val:
                val = lk
            out.append(route_extras(val, prm, inf, v, r, v.subsidy_left, markers))
        return out

    def _place_plane(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        vals = self.placement_values(v, p, [a.arg for a in legal])
        if self.planner is not None and self.planner.wants(v):
            return self.planner.choose(v, p, legal, vals)
        return self._best(legal, vals)

    def _place_hub(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        mine = self._hub(v, p, legal)
        if self.planner is not None and self.planner.wants(v):
            return self.planner.choose_hub(v, p, legal, mine)
        return mine

    def _hub(self, v: GameState, p: int, legal: Sequence[Action]) -> Action:
        """Normal's hub: the one (or, first, the pair) that makes its network worth most."""
        model = Model.of_state(v, first_month=v.month, prm=self.prm)
        nb = model.nets[p]
        have = list(v.hubs[p])
        cands = sorted((x for x, d in nb.items() if len(d) >= 2 and x not in have),
                       key=lambda x: -len(nb[x]))
        if not cands:
            # nothing to connect: an airport next to call-sign airports, for leasing later
            inf = model.inf
            vals = [sum(1 for y, _ in inf.adjacency[a.arg] if y in inf.cs_of) + 0.01 * len(inf.adjacency[a.arg])
                    for a in legal]
            return self._best(legal, vals)

        def val(hs: Sequence[int]) -> float:
            m = model.copy()
            m.hubs[p] = frozenset(have + list(hs))
            m.set_planes(p, v.planes[p])
            return m.values()[p]

        best, best_v = cands[0], -1e18
        if not have and len(cands) >= 2:
            for i, x in enumerate(cands):
                for y in cands[i + 1:]:
                    s = val((x, y))
                    if s > best_v + 1e-9:
                        best_v = s
                        best = x if len(nb[x]) >= len(nb[y]) else y
        else:
            for x in cands:
                s = val((x,))
                if s > best_v + 1e-9:
                    best, best_v = x, s
        return next(a for a in legal if a.arg == best)

    # ------------------------------------------------------------ marketing (§5)
    def _choose_od(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        vals = [self.od_value(v, a, p) for a in legal]
        return self._best(legal, vals)

    def od_value(self, v: GameState, a: Action, p: int) -> float:
        s = v.copy()
        s.apply(a)
        if s.decision != BID or s.month != v.month:
            return 0.0
        mk = market_for(s, p, self.prm)
        strat = mk.solve(self.fp_iters)
        return mk.expected(strat, p)

    # ------------------------------------------------------------ pricing (§6)
    def _bid(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        mk = market_for(v, p, self.prm)
        strat = mk.solve(self.fp_iters)
        b = mk.bidders.index(p)
        acts = mk.actions[b]
        options = [Action(BID, p, f) for f in acts]
        legal_set = set(legal)
        pairs = [(a, pr) for a, pr in zip(options, strat[b]) if a in legal_set]
        return self._pick([a for a, _ in pairs], [pr for _, pr in pairs])

    def _flash(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        mk = market_for(v, p, self.prm)
        vals = [flash_result(v, mk, a.arg, p) for a in legal]
        return self._best(legal, vals)

    def _ancillaries(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        mk = market_for(v, p, self.prm)
        c = mk.chit_pick(bids_on_table(v), p)
        return next(a for a in legal if a.arg == c)

    def _choose_itinerary(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        if v.month + 1 > season_end(v.month):
            return legal[0]
        return self._best(legal, itinerary_values(v, p, legal, self.prm))

    # ------------------------------------------------------------ month end (§7)
    def _lease(self, v: GameState, legal: Sequence[Action]) -> Action:
        """Lease as many planes as are worth more than they cost, each
        placed where Normal would put it: the planes are leased and placed
        by the engine, on a copy of the view."""
        p = legal[0].player
        assert p is not None
        kmax = max(a.arg[0] for a in legal)
        gains = [0.0]  # value of k more planes, placed greedily
        if kmax:
            s = v.copy()
            # how the lease is paid does not change what the planes are worth
            s.apply(next(a for a in legal if a.arg[0] == kmax))
            for k in range(1, kmax + 1):
                if s.decision != PLACE_PLANE or s.actors != (p,):
                    break  # no route left to place on
                acts = s.legal_actions(p)
                vals = self.placement_values(s, p, [a.arg for a in acts])
                i = max(range(len(acts)), key=lambda j: vals[j])
                gains.append(gains[-1] + vals[i])
                if k < kmax:
                    s.apply(acts[i])
        price = lease_price(v.month)
        net = [g - price * k for k, g in enumerate(gains)]
        k = max(range(len(net)), key=lambda j: (net[j], -j))
        if k == 0:
            return next(a for a in legal if a.arg[0] == 0)
        options = [a for a in legal if a.arg[0] == k]
        return normal_lease_payment(v, p, options)


def lease_price(month: int) -> float:
    """What Normal asks a leased plane to be worth, with the month marker on
    ``month``.  On February (the marker has moved on, §7: planes for the last
    two markets) ``LAST_LEASE_MARGIN`` more: the model's estimate of so few
    markets is rough, and 200 points are sure (measured over 1,600 games:
    never leasing there plays as well, 51.1%; asking the margin of March's
    lease alone instead, 48.6% of 2,000 games against Normal)."""
    return float(LEASE_COST) + (LAST_LEASE_MARGIN if month == MARCH - 1 else 0.0)


def best_of(legal: Sequence[Action], values: Sequence[float], rng: random.Random) -> Action:
    """The action of the highest value; among equal ones, one drawn by ``rng``."""
    best = max(values)
    top = [a for a, v in zip(legal, values) if v >= best - 1e-9]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


def itinerary_values(v: GameState, p: int, legal: Sequence[Action], prm: Params = DEFAULT) -> list[float]:
    """p's value for the rest of the season after flying each itinerary's
    path (the next month's market on: call only before the season's end)."""
    model = Model.of_state(v, first_month=v.month + 1, prm=prm)
    vals = []
    for a in legal:
        m = model.copy()
        m.set_planes(p, remove_path(model.inf, v.planes[p], a.arg))
        vals.append(m.values()[p])
    return vals


def normal_lease_payment(v: GameState, p: int, options: Sequence[Action]) -> Action:
    """Which won cards to take back: with no high card left in hand, a high
    card (for a solo market later); otherwise as little change as possible."""
    hand = v.hand[p]
    high_in_hand = hand[-1] + hand[-2]

    def pref(a: Action) -> tuple[float, ...]:
        cards = a.arg[1]
        return (-(max(cards) if cards else 0) if high_in_hand == 0 else sum(cards), len(cards))

    return min(options, key=pref)


def flash_result(v: GameState, mk: Market, fare: int | None, me: int) -> float:
    """My utility if I answer this flash-deal offer with ``fare`` (None:
    decline) and every airline offered a flash deal after me answers with
    its own best one, greedily (R7).

    The window is the engine's: the answers are applied to a copy of the
    state, which says who is offered next and when the window closes; the
    bids it closes with are the ones the answers left."""
    mk = mk.flash_view()
    s = v.copy()
    stops = v.stops
    bids: list[int | None] = list(v.bid)
    cost = flash_cost(v)
    used_by_me = False

    def table(q: int = -1, f: int | None = None) -> Bids:
        """The bids, with q's replaced by f (a flash deal) if given."""
        out: Bids = []
        for x, b in enumerate(bids):
            if x == q and f is not None:
                b = f
            s_x = stops[x]
            if b is not None and s_x is not None:
                out.append((x, b, s_x))
        return out

    a = Action(FLASH, me, fare)
    while True:
        q = a.player
        assert q is not None
        if a.arg is not None:
            bids[q] = a.arg
            used_by_me = used_by_me or q == me
        s.apply(a)
        if s.decision != FLASH:
            break  # the window has closed
        q = s.actors[0]
        best, best_u = None, -1e18
        for b in s.legal_actions(q):
            u = mk.outcome(table(q, b.arg))[q] - (cost if b.arg is not None else 0.0)
            if u > best_u + 1e-9:
                best, best_u = b, u
        assert best is not None
        a = best
    return mk.outcome(table())[me] - (cost if used_by_me else 0.0)
