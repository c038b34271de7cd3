"""The Easy computer airline: plausible, loose play from simple rules of thumb.

It reads only its own view of the game (other players' unrevealed bids are
not in it).  Stronger levels come with the AI issue; this one makes games
between computer airlines (and the demo) look like real games.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

from opensky.ai.base import Bot
from opensky.board.model import Board
from opensky.rules.actions import Action
from opensky.rules.constants import OCTOBER, MARCH, SENSITIVITY_FACES
from opensky.rules.quote import winners_with
from opensky.rules.state import GameState


@lru_cache(maxsize=16)
def _route_value(board: Board, callsign_airports: tuple[int, ...]) -> tuple[float, ...]:
    """How often each route lies on a shortest path between two call-sign
    airports: routes worth flying."""
    n = len(board.airports)
    value = [0.0] * len(board.routes)

    def bfs(src: int) -> list[int]:
        dist = [-1] * n
        dist[src] = 0
        q = [src]
        for u in q:
            for v, _ in board.adjacency[u]:
                if dist[v] < 0:
                    dist[v] = dist[u] + 1
                    q.append(v)
        return dist

    dists = {a: bfs(a) for a in callsign_airports}
    for i, a in enumerate(callsign_airports):
        for b in callsign_airports[i + 1:]:
            d = dists[a][b]
            if d < 0:
                continue
            for r, (x, y) in enumerate(board.route_ends):
                for u, v in ((x, y), (y, x)):
                    if dists[a][u] >= 0 and dists[b][v] >= 0 and dists[a][u] + 1 + dists[b][v] == d:
                        value[r] += 1.0 / d
    return tuple(value)


class EasyBot(Bot):
    """Rules of thumb, with a little randomness (see the module docstring)."""

    name = "easy"

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        t = legal[0].type
        handler: Callable[[GameState, Sequence[Action]], Action] | None = getattr(self, "_" + t, None)
        if handler is None:
            return legal[self.rng.randrange(len(legal))]
        return handler(view, legal)

    # ---------------------------------------------------------------- planning
    def _place_plane(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        cs = tuple(a for a in v.callsign_airport if a >= 0)
        val = _route_value(v.board, cs)
        weights = []
        for a in legal:
            r = a.arg
            w = 0.2 + val[r]
            # subsidy cubes still on its airports
            w += sum(1.5 for x in v.board.route_ends[r]
                     if v.airport_callsign[x] >= 0 and v.subsidy_left[v.airport_callsign[x]])
            if v.planes[p][r]:
                w *= 0.6  # spread out a little
            if v.board.cross_border[r] and r not in v.markers[p]:
                w *= 0.7  # markers are scarce
            weights.append(w)
        return self._weighted(legal, weights)

    def _place_hub(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        deg = [0] * len(v.board.airports)
        for r, n in enumerate(v.planes[p]):
            if n:
                for x in v.board.route_ends[r]:
                    deg[x] += 1
        weights = [0.1 + deg[a.arg] ** 2 for a in legal]
        return self._weighted(legal, weights)

    def _place_callsign(self, v: GameState, legal: Sequence[Action]) -> Action:
        weights = [1.0 + len(v.board.adjacency[a.arg[1]]) for a in legal]
        return self._weighted(legal, weights)

    # ---------------------------------------------------------------- marketing
    def _choose_od(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        best, best_score = [], -1e9
        for a in legal:
            c = v.copy()
            c.apply(a)
            mine = c.stops[p] if p is not None else None
            rivals = sum(1 for q in range(c.P) if q != p and c.stops[q] is not None)
            score = (3.0 - (mine or 0) - 1.2 * rivals) if mine is not None else -1.0 - 0.5 * rivals
            if score > best_score:
                best, best_score = [a], score
            elif score == best_score:
                best.append(a)
        return best[self.rng.randrange(len(best))]

    # ---------------------------------------------------------------- pricing
    def _bid(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        fares = sorted(a.arg for a in legal if a.arg is not None)
        if not fares:
            return legal[0]
        rivals = [q for q in range(v.P) if q != p and v.stops[q] is not None]
        if not rivals:
            return next(a for a in legal if a.arg == fares[-1])  # alone: ask the most
        # with rivals: a middling card, a little lower when they fly fewer stops
        mine = v.stops[p] or 0
        better = any((v.stops[q] or 0) < mine for q in rivals)
        k = max(0, min(len(fares) - 1, len(fares) // 2 - (1 if better else 0) + self.rng.choice((-1, 0, 0, 1))))
        if self.rng.random() < 0.1:
            return next(a for a in legal if a.arg is None)
        return next(a for a in legal if a.arg == fares[k])

    def _flash(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        for a in sorted((a for a in legal if a.arg is not None), key=lambda a: -a.arg):
            if p in winners_with(v, p, a.arg):
                return a  # the highest card that still wins
        return next(a for a in legal if a.arg is None)

    def _ancillaries(self, v: GameState, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        fare = v.bid[p] or 0
        best, best_value = legal[0], -1.0
        for a in legal:
            price = fare + 100 * a.arg
            accept = sum(1 for f in SENSITIVITY_FACES if f >= price) / len(SENSITIVITY_FACES) if a.arg else 1.0
            value = price * accept
            if value > best_value + 1e-9:
                best, best_value = a, value
        return best

    def _lease(self, v: GameState, legal: Sequence[Action]) -> Action:
        if v.month >= MARCH - 1 or v.month == OCTOBER:
            return next(a for a in legal if a.arg[0] == 0)
        k = max(a.arg[0] for a in legal)
        options = [a for a in legal if a.arg[0] == k and k > 0]
        if not options or self.rng.random() < 0.25:
            return next(a for a in legal if a.arg[0] == 0)
        return options[self.rng.randrange(len(options))]

    # ---------------------------------------------------------------- helpers
    def _weighted(self, legal: Sequence[Action], weights: Sequence[float]) -> Action:
        total = sum(weights)
        x = self.rng.random() * total
        for a, w in zip(legal, weights):
            x -= w
            if x <= 0:
                return a
        return legal[-1]
