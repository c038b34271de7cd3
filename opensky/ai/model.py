"""What a computer airline knows about the markets: a fast model of the game.

The Normal and Expert players share this model.  Everything here reads only
public information (planes, hubs, markers, call signs — all on the board), so
it may be computed from a player's view.

* **Markets.**  There are 15 call-sign pairs.  Each month the dice show one of
  20 equally likely 3-sets of call signs; the roller picks one of its three
  pairs.  ``market_rates`` turns that into the expected number of times each
  pair will be the market in the months left of the season, assuming every
  roller picks the pair that is best for itself.
* **Networks.**  ``stops_caps`` finds, for one airline, the fewest stops it
  needs for each pair (with the hub rule in Europe) and how many times it
  could fly it before its planes run out.  The table rule (§6.1) is applied
  across airlines in ``Model``.
* **Value.**  ``Model.value(p)`` is player p's expected fare income from the
  markets left this season *relative to the others*: for each pair, the
  revenue p can expect when it is the market (alone, ahead by a class, level,
  behind — ``Params``) times how often it will be the market and p can still
  fly it (a Poisson count capped by p's capacity), less the same for the rivals.
  Placements, hubs, itinerary choice, leasing and the cost of flying planes
  all compare values of this one function.  The values (and the rates) are
  kept by their inputs in bounded memos: searches meet the same networks
  again and again.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import chain, combinations
from typing import Literal, Sequence

from opensky.ai.memo import Memo
from opensky.board.model import Board
from opensky.rules.constants import MARCH, OCTOBER
from opensky.rules.state import GameState

NO = 99  # no itinerary
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(6), 2))
PAIR_INDEX: dict[tuple[int, int], int] = {}
for _k, (_i, _j) in enumerate(PAIRS):
    PAIR_INDEX[(_i, _j)] = _k
    PAIR_INDEX[(_j, _i)] = _k
#: For each of the 20 dice outcomes, the indices of its three pairs.
TRIPLES: tuple[tuple[int, int, int], ...] = tuple(
    (PAIR_INDEX[(a, b)], PAIR_INDEX[(a, c)], PAIR_INDEX[(b, c)]) for a, b, c in combinations(range(6), 3))


def season_end(month: int) -> int:
    """The last month of the season that ``month`` belongs to."""
    return OCTOBER if month <= OCTOBER else MARCH


@dataclass(frozen=True)
class Params:
    """Expected fare income when a pair is the market, by how an airline
    stands against the others (see ``pair_income``)."""

    solo: float = 470.0       # nobody else can fly it
    ahead: float = 300.0      # the only nonstop against one-stops
    level: float = 210.0      # the same class as another airline (ties all win)
    behind: float = 25.0      # one-stop against a nonstop
    subsidy: float = 75.0     # a cube taken now (50 points, and nobody else gets it)
    marker: float = 35.0      # using up a cross-border marker
    lookahead: float = 0.7    # weight of a route that completes an itinerary later
    #: weight of the planes' value (the continuation) when a single winner
    #: chooses its chits and when an airline answers a flash-deal offer:
    #: points won now are sure, the planes' later value is an estimate
    #: (issue 17: at full weight the model gave up sure fares for it)
    chit_planes: float = 0.5
    flash_planes: float = 0.5


DEFAULT = Params()


class Info:
    """Per board and call-sign placement: airports of the call signs, direct
    routes between them."""

    __slots__ = ("board", "cs", "direct", "route_ends", "nroutes", "adjacency",
                 "cross_border", "cs_of", "paths2", "route_of", "relevant")

    def __init__(self, board: Board, cs: tuple[int, ...]):
        self.board = board
        self.cs = cs
        self.route_ends = board.route_ends
        self.nroutes = len(board.routes)
        self.adjacency = board.adjacency
        self.cross_border = board.cross_border
        self.cs_of = {a: i for i, a in enumerate(cs)}
        self.route_of: dict[tuple[int, int], int] = {}
        for r, (a, b) in enumerate(board.route_ends):
            self.route_of[(a, b)] = r
            self.route_of[(b, a)] = r
        self.direct = [-1] * 15
        for r, (a, b) in enumerate(board.route_ends):
            if a in self.cs_of and b in self.cs_of:
                self.direct[PAIR_INDEX[(self.cs_of[a], self.cs_of[b])]] = r
        # Paths of two or three flights between call-sign airports, as route
        # tuples (used to look one placement ahead).
        paths: list[tuple[int, ...]] = []
        adj = board.adjacency
        for i, j in PAIRS:
            a, b = cs[i], cs[j]
            for x, r1 in adj[a]:
                if x == b:
                    continue
                for y, r2 in adj[x]:
                    if y == a:
                        continue
                    if y == b:
                        paths.append((r1, r2))
                        continue
                    for z, r3 in adj[y]:
                        if z == b:
                            paths.append((r1, r2, r3))
        self.paths2 = tuple(paths)
        #: routes on some itinerary of at most three flights between call-sign
        #: airports: the only ones that can change an airline's markets
        rel = {r for path in paths for r in path}
        rel.update(r for r in self.direct if r >= 0)
        self.relevant = frozenset(rel)


_INFO: dict[tuple[int, tuple[int, ...]], Info] = {}


def info_for(state: GameState) -> Info:
    key = (id(state.board), tuple(state.callsign_airport))
    inf = _INFO.get(key)
    if inf is None or inf.board is not state.board:
        if len(_INFO) > 64:
            _INFO.clear()
        inf = Info(state.board, key[1])
        _INFO[key] = inf
    return inf


Net = dict[int, dict[int, int]]


def network(inf: Info, planes: Sequence[int]) -> Net:
    """Airport -> {neighbour: planes on that route} for one airline."""
    nb: Net = {}
    ends = inf.route_ends
    for r, n in enumerate(planes):
        if n:
            a, b = ends[r]
            d = nb.get(a)
            if d is None:
                nb[a] = {b: n}
            else:
                d[b] = n
            d = nb.get(b)
            if d is None:
                nb[b] = {a: n}
            else:
                d[a] = n
    return nb


def stops_caps(inf: Info, nb: Net, hubs: frozenset[int] | None) -> tuple[list[int], list[int]]:
    """For each pair: the fewest stops of a valid itinerary (NO when none),
    ignoring the table rule, and how many times the airline could fly it.
    ``hubs`` None: connections allowed anywhere (North America)."""
    cs = inf.cs
    stops = [NO] * 15
    caps = [0] * 15
    for i in range(5):
        a = cs[i]
        na = nb.get(a)
        if not na:
            continue
        dist = {a: 0}
        frontier = [a]
        d = 0
        while frontier and d < 4:
            d += 1
            nxt = []
            for u in frontier:
                if u != a and hubs is not None and u not in hubs:
                    continue
                for v in nb[u]:
                    if v not in dist:
                        dist[v] = d
                        nxt.append(v)
            frontier = nxt
        for j in range(i + 1, 6):
            b = cs[j]
            dd = dist.get(b)
            if dd is None:
                continue
            k = PAIR_INDEX[(i, j)]
            s = dd - 1
            stops[k] = s
            if s == 0:
                caps[k] = na[b]
            elif s == 1:
                c = 0
                for x, n1 in na.items():
                    if hubs is not None and x not in hubs:
                        continue
                    n2 = nb[x].get(b)
                    if n2:
                        c += n1 if n1 < n2 else n2
                caps[k] = c
            else:
                caps[k] = 1
    return stops, caps


def assume_hubs(inf: Info, nb: Net) -> frozenset[int]:
    """The two hubs an airline will probably choose for this network (Europe,
    before the hub step): the pair of airports that connects most markets."""
    cands = [x for x, d in nb.items() if len(d) >= 2]
    if len(cands) <= 2:
        return frozenset(cands)
    cs_of = inf.cs_of

    def quick(x: int) -> float:
        ns = [y for y in nb[x] if y in cs_of]
        return len(ns) * (len(ns) - 1) + 0.1 * len(nb[x]) + (0.05 if x in cs_of else 0.0)

    cands.sort(key=quick, reverse=True)
    cands = cands[:4]
    best: frozenset[int] = frozenset(cands[:2])
    best_v = -1.0
    for h1, h2 in combinations(cands, 2):
        h = frozenset((h1, h2))
        st, cp = stops_caps(inf, nb, h)
        v = 0.0
        for s in st:
            if s == 0:
                v += 1.0
            elif s == 1:
                v += 0.6
            elif s == 2:
                v += 0.2
        if v > best_v + 1e-9:
            best, best_v = h, v
    return best


def poisson_use(lam: float, cap: int) -> float:
    """E[min(N, cap)] for N ~ Poisson(lam), cap at most 3."""
    if cap <= 0 or lam <= 0.0:
        return 0.0
    e = math.exp(-lam)
    out = 1.0 - e
    if cap >= 2:
        out += 1.0 - e * (1.0 + lam)
        if cap >= 3:
            out += 1.0 - e * (1.0 + lam + lam * lam / 2.0)
    return out


def pair_income(st: Sequence[int], P: int, prm: Params) -> list[float]:
    """Expected income of each airline when a pair with valid stops ``st``
    (after the table rule) is the market."""
    e = [0.0] * P
    bidders = [q for q in range(P) if st[q] != NO]
    if not bidders:
        return e
    if len(bidders) == 1:
        e[bidders[0]] = prm.solo
        return e
    best = min(st[q] for q in bidders)
    if best == 0:
        ns = [q for q in bidders if st[q] == 0]
        if len(ns) < len(bidders):
            if len(ns) == 1:
                e[ns[0]] = prm.ahead
                for q in bidders:
                    if st[q] == 1:
                        e[q] = prm.behind
            else:
                for q in bidders:
                    e[q] = prm.level if st[q] == 0 else prm.behind * 0.5
            return e
    for q in bidders:
        e[q] = prm.level
    return e


_INCOME: dict[Params, dict[tuple[int, ...], list[float]]] = {}
#: how many of each are kept (then they start again)
KEPT = 10_000
#: ``Model.rates`` by (Params, first month, every airline's stops by pair)
_RATES: Memo[tuple[object, ...], list[float]] = Memo(KEPT)
#: ``Model.values`` by the same and each airline's capacities and planes
_VALUES: Memo[tuple[object, ...], list[float]] = Memo(KEPT)

#: How ``Model.set_planes`` treats an airline's hubs: keep them, assume the
#: ones it would probably choose, or these (None: no hub rule).
HubChoice = Literal["keep", "assume"] | frozenset[int] | None


class Model:
    """All airlines' itineraries and capacities for the 15 pairs, and the
    relative value of the season's remaining markets.

    ``hubs[q]`` is the hub set used for q's itineraries (None: no hub rule).
    ``first_month`` is the first month whose market is still to come."""

    __slots__ = ("inf", "P", "prm", "nets", "hubs", "raw", "caps", "first_month", "nplanes")

    def __init__(self, inf: Info, P: int, planes: Sequence[Sequence[int]],
                 hubs: Sequence[frozenset[int] | None], first_month: int,
                 prm: Params = DEFAULT):
        self.inf = inf
        self.P = P
        self.prm = prm
        self.first_month = first_month
        self.nets = [network(inf, planes[q]) for q in range(P)]
        self.nplanes = [sum(planes[q]) for q in range(P)]
        self.hubs = list(hubs)
        self.raw: list[list[int]] = []
        self.caps: list[list[int]] = []
        for q in range(P):
            s, c = stops_caps(inf, self.nets[q], self.hubs[q])
            self.raw.append(s)
            self.caps.append(c)

    @staticmethod
    def of_state(state: GameState, first_month: int | None = None, prm: Params = DEFAULT,
                 planning: bool | None = None) -> "Model":
        """The model of a state.  In Europe, airlines without hubs yet (the
        planning phase) are given the hubs they would probably choose."""
        inf = info_for(state)
        hubs: list[frozenset[int] | None] = []
        for q in range(state.P):
            if not state.board.uses_hubs:
                hubs.append(None)
            elif len(state.hubs[q]) == 2 and not planning:
                hubs.append(frozenset(state.hubs[q]))
            else:
                nb = network(inf, state.planes[q])
                h = assume_hubs(inf, nb)
                if state.hubs[q]:
                    fixed = set(state.hubs[q])
                    extra = [x for x in h if x not in fixed]
                    h = frozenset(list(fixed) + extra[:2 - len(fixed)])
                hubs.append(h)
        fm = state.month if first_month is None else first_month
        return Model(inf, state.P, state.planes, hubs, fm, prm)

    def copy(self) -> "Model":
        m = Model.__new__(Model)
        m.inf = self.inf
        m.P = self.P
        m.prm = self.prm
        m.first_month = self.first_month
        m.nets = list(self.nets)
        m.nplanes = list(self.nplanes)
        m.hubs = list(self.hubs)
        m.raw = list(self.raw)
        m.caps = list(self.caps)
        return m

    def set_planes(self, q: int, planes: Sequence[int], hubs: HubChoice = "keep") -> None:
        """Replace airline q's network (hubs: "keep", "assume", or a set)."""
        nb = network(self.inf, planes)
        self.nets[q] = nb
        self.nplanes[q] = sum(planes)
        if not isinstance(hubs, str):
            self.hubs[q] = hubs
        elif hubs == "assume":
            self.hubs[q] = assume_hubs(self.inf, nb)
        s, c = stops_caps(self.inf, nb, self.hubs[q])
        self.raw[q] = s
        self.caps[q] = c

    def valid_stops(self) -> list[list[int]]:
        """Per pair, each airline's stops after the table rule."""
        P = self.P
        raw = self.raw
        out = []
        for k in range(15):
            st = [raw[q][k] for q in range(P)]
            m = min(st)
            if m >= 2:
                st = [s if s == m else NO for s in st]
            else:
                st = [s if s <= 1 else NO for s in st]
            out.append(st)
        return out

    def incomes(self) -> list[list[float]]:
        """incomes[k][q]: expected income of q when pair k is the market."""
        P = self.P
        prm = self.prm
        memo = _INCOME.get(prm)
        if memo is None:
            memo = _INCOME[prm] = {}
        out = []
        for st in zip(*self.raw):
            e = memo.get(st)
            if e is None:
                m = min(st)
                if m >= 2:
                    valid = [s if s == m else NO for s in st]
                else:
                    valid = [s if s <= 1 else NO for s in st]
                e = memo[st] = pair_income(valid, P, prm)
            out.append(e)
        return out

    def rates(self, inc: list[list[float]]) -> list[float]:
        """Expected number of times each pair is the market in the rest of the
        season, each roller picking its best pair of the three rolled."""
        P = self.P
        fm = self.first_month
        last = season_end(fm) if fm <= MARCH else fm - 1
        counts = [0] * P
        for m in range(fm, last + 1):
            counts[m % P] += 1
        lam = [0.0] * 15
        w = 1.0 / (P - 1)
        sums = [sum(row) for row in inc]
        for rho in range(P):
            n = counts[rho]
            if not n:
                continue
            rel = [inc[k][rho] * (1.0 + w) - w * sums[k] for k in range(15)]
            share = n / 20.0
            for k1, k2, k3 in TRIPLES:
                v1, v2, v3 = rel[k1], rel[k2], rel[k3]
                if v1 > v2 + 1e-6:
                    if v1 > v3 + 1e-6:
                        lam[k1] += share
                        continue
                elif v2 > v1 + 1e-6:
                    if v2 > v3 + 1e-6:
                        lam[k2] += share
                        continue
                elif v3 < v1 - 1e-6:  # v1 == v2 > v3
                    lam[k1] += share / 2
                    lam[k2] += share / 2
                    continue
                top_v = max(v1, v2, v3)
                top = [k for k, v in ((k1, v1), (k2, v2), (k3, v3)) if v >= top_v - 1e-6]
                x = share / len(top)
                for k in top:
                    lam[k] += x
        return lam

    def values(self) -> list[float]:
        """Each airline's relative value of the rest of the season.

        An airline's income from a pair is counted as often as the pair is
        expected to be the market, up to its capacity; and since every plane
        flies once, when the markets it could win would need more planes
        than it has, its income is scaled down to what its planes can fly."""
        P = self.P
        caps = self.caps
        # the memos' keys are compact: stops, capacities and plane counts are
        # small numbers (NO at most), one byte each
        try:
            whole: tuple[object, ...] = (self.prm, self.first_month, bytes(chain.from_iterable(self.raw)),
                                         bytes(chain.from_iterable(caps)), bytes(self.nplanes))
        except ValueError:  # a number out of a byte's range (not met in play): the same, as tuples
            whole = (self.prm, self.first_month, tuple(chain.from_iterable(self.raw)),
                     tuple(chain.from_iterable(caps)), tuple(self.nplanes))
        got = _VALUES.get(whole)
        if got is not None:
            return list(got)
        inc = self.incomes()
        # the rates depend only on the stops and the months left: kept
        key = whole[:3]
        lam = _RATES.get(key)
        if lam is None:
            lam = _RATES.keep(key, self.rates(inc))
        raw = self.raw
        level = self.prm.level
        own = [0.0] * P
        used = [0.0] * P
        for k in range(15):
            lk = lam[k]
            if lk <= 0.0:
                continue
            row = inc[k]
            for q in range(P):
                x = row[q]
                if x:
                    u = poisson_use(lk, caps[q][k])
                    own[q] += x * u
                    used[q] += u * (raw[q][k] + 1) * (1.0 if x >= level else 0.1)
        for q in range(P):
            n = self.nplanes[q]
            if used[q] > n > 0:
                own[q] *= n / used[q]
        tot = sum(own)
        w = 1.0 / (P - 1)
        out = [own[q] - w * (tot - own[q]) for q in range(P)]
        _VALUES.keep(whole, out)
        return list(out)

    def value(self, p: int) -> float:
        return self.values()[p]


def remove_path(inf: Info, planes: Sequence[int], path: Sequence[int]) -> list[int]:
    """A copy of ``planes`` with one plane taken off each route of ``path``."""
    out = list(planes)
    ro = inf.route_of
    for a, b in zip(path, path[1:]):
        out[ro[(a, b)]] -= 1
    return out
