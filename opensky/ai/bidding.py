"""The sealed-bid market of one month as a small game, and how to play it.

Every hand is public knowledge (§11): a view shows each rival's hand with any
unrevealed bid put back into it, so each rival's possible bids are exactly
"pass or one of the cards it holds".  ``Market`` scores every combination of
bids — W of §6.3, the flash-deal window the bids would open (R7: each
airline offered answers with its best result, ``with_flash``), the single
winner's best choice of ancillary chits against the price die (with the
walk-away to the next best bid, R8; never a price above the die's top
face), and what flying costs each airline in the rest of the season (a
callback) — and ``solve`` finds a mixed equilibrium by fictitious play.  Payoffs are relative: an
airline's gain less the average gain of the others, so a tie (both win) is
worth nothing to either in a two-player game, as it should be.
"""
from __future__ import annotations

from itertools import product
from typing import Callable, Sequence

from opensky.rules.constants import ANCILLARY_VALUE, FARES, SENSITIVITY_FACES
from opensky.rules.itinerary import winners as w_winners

Bids = list[tuple[int, int, int]]  # (player, fare, stops)
Vec = list[float]


def accept_prob(price: int) -> float:
    """Chance that the price-sensitivity die accepts ``price``."""
    return sum(1 for f in SENSITIVITY_FACES if f >= price) / len(SENSITIVITY_FACES)


_ACC = {f + ANCILLARY_VALUE * c: accept_prob(f + ANCILLARY_VALUE * c) for f in FARES for c in range(4)}


class Market:
    """One month's bidding among ``bidders`` (players with a valid itinerary).

    ``cont(travellers)`` returns, per player, the change in relative value of
    the rest of the season when those airlines fly (their planes leave the
    board).  ``chit_cost`` is what an unused chit is worth later, per player.
    """

    def __init__(self, P: int, stops: Sequence[int | None], hands: Sequence[Sequence[int]],
                 chits: Sequence[int], cont: Callable[[tuple[int, ...]], Vec],
                 chit_cost: Sequence[float], zero_sum_for: int | None = None):
        self.P = P
        self.stops = list(stops)  # copies: a market may outlive the state it came from
        self.chits = list(chits)
        self.cont = cont
        self.chit_cost = chit_cost
        self.zero_sum_for = zero_sum_for if P == 2 else None
        self.bidders = [q for q in range(P) if stops[q] is not None]
        self.actions: list[list[int | None]] = []
        for q in self.bidders:
            acts: list[int | None] = [None]
            acts += [v for i, v in enumerate(FARES) if hands[q][i] > 0]
            self.actions.append(acts)
        self._cont_cache: dict[tuple[int, ...], Vec] = {}
        self._cache: dict[tuple[int, ...], Vec] = {}
        self._vec_cache: dict[tuple[tuple[int, ...], tuple[int, ...], int], Vec] = {}
        self._w = 1.0 / (P - 1)
        self._hands = [list(h) for h in hands]
        self.flash_on = False
        self._win_cache: dict[tuple[object, ...], Vec] = {}
        self._out_cache: dict[tuple[tuple[int, int, int], ...], Vec] = {}
        self._single_cache: dict[tuple[object, ...], Vec] = {}
        self._fout_cache: dict[tuple[int | None, ...], tuple[Vec, list[int]]] = {}
        self._lower_cache: dict[tuple[int, int], tuple[int, ...]] = {}
        #: weight of the planes' value when a single winner chooses its chits
        self.choice_cont = 1.0
        #: weight of the planes' value when answering a flash-deal offer
        self.flash_planes = 1.0
        self._flash_view: Market | None = None
        #: the highest price a single winner asks: above the die's top face it
        #: is never accepted (a pass in disguise, absurd on screen)
        self.max_price = max(SENSITIVITY_FACES)
        self.cont_scale = 1.0

    # ----------------------------------------------------------- payoffs
    def _c(self, travel: tuple[int, ...]) -> Vec:
        c = self._cont_cache.get(travel)
        if c is None:
            c = self.cont(travel)
            if self.cont_scale != 1.0:
                c = [self.cont_scale * x for x in c]
            self._cont_cache[travel] = c
        return c

    def vec(self, travel: tuple[int, ...], gains: dict[int, float], chit_used: tuple[int, int] | None = None) -> Vec:
        """Utility of every player when ``travel`` fly and earn ``gains``."""
        P = self.P
        g = [0.0] * P
        for q, x in gains.items():
            g[q] = x
        if chit_used is not None:
            q, n = chit_used
            g[q] -= n * self.chit_cost[q]
        tot = sum(g)
        w = self._w
        c = self._c(travel)
        out = [g[q] - w * (tot - g[q]) + c[q] for q in range(P)]
        z = self.zero_sum_for
        if z is not None:
            out[1 - z] = -out[z]
        return out

    def _won(self, travel: tuple[int, ...], fares: tuple[int, ...], chits: int = 0) -> Vec:
        """``vec`` for winners ``travel`` at ``fares`` (one winner may add chits), memoized."""
        key = (travel, fares, chits)
        u = self._vec_cache.get(key)
        if u is None:
            if chits:
                w = travel[0]
                u = self.vec(travel, {w: float(fares[0] + ANCILLARY_VALUE * chits)}, (w, chits))
            else:
                u = self.vec(travel, {q: float(f) for q, f in zip(travel, fares)})
            self._vec_cache[key] = u
        return u

    def scaled(self, k: float) -> "Market":
        """The same market with the planes' value scaled by ``k``."""
        m = Market.__new__(Market)
        m.__dict__.update(self.__dict__)
        m._cont_cache, m._cache, m._vec_cache, m._win_cache = {}, {}, {}, {}
        m._out_cache, m._single_cache, m._fout_cache = {}, {}, {}
        m.cont_scale = self.cont_scale * k
        m.flash_planes = 1.0
        m._flash_view = m
        return m

    def flash_view(self) -> "Market":
        """This market as a flash-deal answer weighs it (the planes' value
        scaled by ``flash_planes``), made once: every answer of a window
        reads it."""
        if self._flash_view is None:
            self._flash_view = self if self.flash_planes == 1.0 else self.scaled(self.flash_planes)
        return self._flash_view

    def chit_values(self, bids: Bids, w: int, weight: float | None = None) -> list[float]:
        """The single winner ``w``'s value of attaching 0, 1, … chits (up to
        ``max_price``) with the planes' value weighted by ``weight`` (default
        ``choice_cont``)."""
        f = 0
        for q, x, _ in bids:
            if q == w:
                f = x
        rest = [b for b in bids if b[0] != w]
        fb = tuple(sorted(w_winners(rest)))
        fare = {q: x for q, x, _ in rest}
        return self._chit_values(w, f, fb, tuple(fare[q] for q in fb), weight)

    def chit_pick(self, bids: Bids, w: int) -> int:
        """How many chits the single winner ``w`` attaches (as ``_single`` chooses)."""
        vals = self.chit_values(bids, w)
        return max(range(len(vals)), key=lambda c: (vals[c], -c))

    def _chit_values(self, w: int, f: int, fb: tuple[int, ...], fbf: tuple[int, ...],
                     weight: float | None = None) -> list[float]:
        k = 1.0 - (self.choice_cont if weight is None else weight)
        kw = k * self._c((w,))[w]
        out = [self._won((w,), (f,))[w] - kw]
        if not self.chits[w]:
            return out
        fail = self._won(fb, fbf)
        fw = fail[w] - k * self._c(fb)[w]
        for c in range(1, self.chits[w] + 1):
            if f + ANCILLARY_VALUE * c > self.max_price:
                break
            a = _ACC.get(f + ANCILLARY_VALUE * c, 0.0)
            out.append(a * (self._won((w,), (f,), c)[w] - kw) + (1.0 - a) * fw)
        return out

    def outcome(self, bids: Bids) -> Vec:
        """Expected utilities once the bids stand (after the flash window)."""
        key = tuple(bids)
        u = self._out_cache.get(key)
        if u is None:
            u = self._out_cache[key] = self._outcome(bids)
        return u

    def _outcome(self, bids: Bids) -> Vec:
        win = w_winners(bids)
        if not win:
            return self._won((), ())
        if len(win) > 1:
            fare = {q: f for q, f, _ in bids}
            t = tuple(sorted(win))
            return self._won(t, tuple(fare[q] for q in t))
        w = win[0]
        f = 0
        for q, x, _ in bids:
            if q == w:
                f = x
        if not self.chits[w]:
            return self._won((w,), (f,))
        rest = [b for b in bids if b[0] != w]
        fb = tuple(sorted(w_winners(rest)))
        fare = {q: x for q, x, _ in rest}
        return self._single(w, f, fb, tuple(fare[q] for q in fb))

    # ----------------------------------------------------------- the flash window
    def with_flash(self, roller: int, tokens: Sequence[bool], cost: Sequence[float]) -> None:
        """Score every bid profile after the flash-deal window (R7) it would
        open: ``tokens`` says who still holds a token, ``cost`` what one is
        still worth to each.  The airline offered answers with the best
        result given the greedy answers of those offered after it (as
        ``normal.flash_result``); the rest answer greedily."""
        self._roller = roller
        self._token_bits = sum(1 << q for q, t in enumerate(tokens) if t)
        self._fcost = list(cost)
        self.flash_on = any(tokens[q] for q in self.bidders)

    def _lower(self, q: int, f: int) -> tuple[int, ...]:
        """q's cards below ``f`` (what a flash deal can replace it with)."""
        key = (q, f)
        got = self._lower_cache.get(key)
        if got is None:
            h = self._hands[q]
            got = self._lower_cache[key] = tuple(v for i, v in enumerate(FARES) if v < f and h[i] > 0)
        return got

    def _table(self, fares: Sequence[int | None]) -> Bids:
        out: Bids = []
        for q, f in enumerate(fares):
            st = self.stops[q]
            if f is not None and st is not None:
                out.append((q, f, st))
        return out

    def _fout(self, fares: tuple[int | None, ...]) -> tuple[Vec, list[int]]:
        """``outcome`` and W of the bids ``fares`` (one per player), memoized."""
        got = self._fout_cache.get(fares)
        if got is None:
            t = self._table(fares)
            got = self._fout_cache[fares] = (self.outcome(t), w_winners(t))
        return got

    def _offer(self, fares: tuple[int | None, ...], tokens: int, ptr: int, declined: int) -> int:
        """The next airline offered a flash deal (R7), or -1: the window
        closes.  ``tokens`` and ``declined`` are bit sets of players."""
        win = self._fout(fares)[1]
        P = self.P
        for k in range(P):
            q = (ptr + k) % P
            f = fares[q]
            if f is None or (declined >> q) & 1 or not (tokens >> q) & 1:
                continue
            if (len(win) != 1 or win[0] != q) and self._lower(q, f):
                return q
        return -1

    def _window(self, fares: tuple[int | None, ...], tokens: int, ptr: int,
                declined: int, look: int) -> Vec:
        """Utilities once the window opened at ``ptr`` closes; ``look``: the
        next airline offered looks ahead (1) or answers greedily (0)."""
        key = (fares, tokens, ptr, declined, look)
        got = self._win_cache.get(key)
        if got is not None:
            return got
        q = self._offer(fares, tokens, ptr, declined)
        if q < 0:
            u = self._fout(fares)[0]
            spent = self._token_bits & ~tokens
            if spent:
                u = list(u)
                for r in range(self.P):
                    if (spent >> r) & 1:
                        u[r] -= self._fcost[r]
        else:
            f = fares[q]
            assert f is not None
            best: Vec | None = None
            best_v = -1e18
            nxt = (q + 1) % self.P
            cost = self._fcost[q]
            # the greedy answer's window is followed once, for the answer chosen
            pick: tuple[tuple[int | None, ...], int, int] | None = None
            for x in (None,) + self._lower(q, f):
                if x is None:
                    nf, nt, nd = fares, tokens, declined | (1 << q)
                else:
                    nf = fares[:q] + (x,) + fares[q + 1:]
                    nt, nd = tokens & ~(1 << q), 0
                if look:
                    seen = self._window(nf, nt, nxt, nd, 0)
                    v = seen[q]
                    if v > best_v + 1e-9:
                        best_v, best = v, seen
                else:
                    v = self._fout(nf)[0][q] - (cost if x is not None else 0.0)
                    if v > best_v + 1e-9:
                        best_v, pick = v, (nf, nt, nd)
            if pick is not None:
                best = self._window(pick[0], pick[1], nxt, pick[2], 0)
            assert best is not None
            u = best
        self._win_cache[key] = u
        return u

    def _revealed(self, bids: Bids) -> Vec:
        """Utilities of revealed bids: after the flash window when one opens."""
        if not self.flash_on:
            return self.outcome(bids)
        fares: list[int | None] = [None] * self.P
        for q, f, _ in bids:
            fares[q] = f
        return self._window(tuple(fares), self._token_bits, self._roller, 0, 1)

    def payoff(self, idx: tuple[int, ...]) -> Vec:
        """Utilities for one profile of action indices (one per bidder)."""
        u = self._cache.get(idx)
        if u is None:
            bids: Bids = []
            for b, i in enumerate(idx):
                f = self.actions[b][i]
                q = self.bidders[b]
                st = self.stops[q]  # a bidder has an itinerary
                if f is not None and st is not None:
                    bids.append((q, f, st))
            u = self._revealed(bids)
            self._cache[idx] = u
        return u

    def _single(self, w: int, f: int, fb: tuple[int, ...], fbf: tuple[int, ...]) -> Vec:
        """Single winner w at fare f choosing its chits; the market falls to
        ``fb`` (at fares ``fbf``) if the passengers walk away."""
        ok0 = self._won((w,), (f,))
        n = self.chits[w]
        if not n:
            return ok0
        key = (w, f, fb, fbf)
        got = self._single_cache.get(key)
        if got is not None:
            return got
        fail = self._won(fb, fbf)
        vals = self._chit_values(w, f, fb, fbf)
        best_c = max(range(len(vals)), key=lambda c: (vals[c], -c))
        if best_c == 0:
            u = ok0
        else:
            a = _ACC.get(f + ANCILLARY_VALUE * best_c, 0.0)
            b = 1.0 - a
            u = [a * x + b * y for x, y in zip(self._won((w,), (f,), best_c), fail)]
        self._single_cache[key] = u
        return u

    def _payoff2(self, i: int, j: int) -> Vec:
        """``payoff((i, j))`` for two bidders, with W worked out inline (§6.3)."""
        key = (i, j)
        u = self._cache.get(key)
        if u is not None:
            return u
        if self.flash_on:
            return self.payoff(key)
        q0, q1 = self.bidders
        f0 = self.actions[0][i]
        f1 = self.actions[1][j]
        if f0 is None:
            u = self._won((), ()) if f1 is None else self._single(q1, f1, (), ())
        elif f1 is None:
            u = self._single(q0, f0, (), ())
        else:
            s0 = self.stops[q0]
            s1 = self.stops[q1]
            if s0 == s1:
                w = 0 if f0 < f1 else 1 if f1 < f0 else 2
            elif s0 == 0:  # q0 nonstop, q1 one-stop
                w = 1 if 2 * f1 <= f0 else 0
            else:
                w = 0 if 2 * f0 <= f1 else 1
            if w == 2:
                t = (q0, q1) if q0 < q1 else (q1, q0)
                u = self._won(t, (f0, f1) if q0 < q1 else (f1, f0))
            elif w == 0:
                u = self._single(q0, f0, (q1,), (f1,))
            else:
                u = self._single(q1, f1, (q0,), (f0,))
        self._cache[key] = u
        return u

    # ----------------------------------------------------------- solving
    def solve(self, iters: int = 120) -> list[list[float]]:
        """Mixed strategies (one distribution over ``actions[b]`` per bidder)
        by simultaneous fictitious play."""
        nb = len(self.bidders)
        if nb == 0:
            return []
        acts = self.actions
        if nb == 1:
            q = self.bidders[0]
            vals = [self.payoff((i,))[q] for i in range(len(acts[0]))]
            best = max(range(len(vals)), key=lambda i: (vals[i], -i))
            return [[1.0 if i == best else 0.0 for i in range(len(vals))]]
        if nb == 2:
            return self._solve2(iters)
        cum = [[0.0] * len(a) for a in acts]
        counts = [[0] * len(a) for a in acts]
        # start from everybody's highest card: the natural opening
        last = [len(a) - 1 for a in acts]
        players = self.bidders
        payoff = self.payoff
        for _ in range(iters):
            for b in range(nb):
                q = players[b]
                prof = list(last)
                cb = cum[b]
                for a in range(len(acts[b])):
                    prof[b] = a
                    cb[a] += payoff(tuple(prof))[q]
            for b in range(nb):
                cb = cum[b]
                m = max(cb)
                i = cb.index(m)
                last[b] = i
                counts[b][i] += 1
        return [[c / iters for c in cs] for cs in counts]

    def _solve2(self, iters: int) -> list[list[float]]:
        """Fictitious play for two bidders on their full payoff matrices."""
        q0, q1 = self.bidders
        n0, n1 = len(self.actions[0]), len(self.actions[1])
        A = [[0.0] * n1 for _ in range(n0)]  # bidder 0's payoffs
        B = [[0.0] * n0 for _ in range(n1)]  # bidder 1's payoffs, transposed
        for i in range(n0):
            for j in range(n1):
                u = self._payoff2(i, j)
                A[i][j] = u[q0]
                B[j][i] = u[q1]
        cum0 = [0.0] * n0
        cum1 = [0.0] * n1
        c0 = [0] * n0
        c1 = [0] * n1
        i, j = n0 - 1, n1 - 1
        r0 = range(n0)
        r1 = range(n1)
        for _ in range(iters):
            for a in r0:
                cum0[a] += A[a][j]
            for b in r1:
                cum1[b] += B[b][i]
            m = max(cum0)
            i = cum0.index(m)
            m = max(cum1)
            j = cum1.index(m)
            c0[i] += 1
            c1[j] += 1
        return [[c / iters for c in c0], [c / iters for c in c1]]

    def expected(self, strat: list[list[float]], player: int) -> float:
        """``player``'s expected utility when the bidders play ``strat``."""
        if not self.bidders:
            return self.vec((), {})[player]
        supp = [[(i, p) for i, p in enumerate(s) if p > 0.0] for s in strat]
        total = 0.0
        for combo in product(*supp):
            pr = 1.0
            for _, p in combo:
                pr *= p
            total += pr * self.payoff(tuple(i for i, _ in combo))[player]
        return total

    def action_values(self, strat: list[list[float]], player: int) -> list[float]:
        """Expected utility of each of ``player``'s actions against the
        others' strategies."""
        b = self.bidders.index(player)
        supp = [[(i, p) for i, p in enumerate(s) if p > 0.0] for s in strat]
        out = []
        for a in range(len(self.actions[b])):
            sub = list(supp)
            sub[b] = [(a, 1.0)]
            total = 0.0
            for combo in product(*sub):
                pr = 1.0
                for _, p in combo:
                    pr *= p
                total += pr * self.payoff(tuple(i for i, _ in combo))[player]
            out.append(total)
        return out
