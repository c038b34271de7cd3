#!/usr/bin/env python3
"""Board balance, measured (issue #3).

For each board side with its recommended call signs this prints

* the network: airports, routes, cross-border routes (North America), the
  degree of every airport, and the shortest path in flights between every
  pair of call-sign airports;
* from many simulated games per player count (2, 3, 4): the share of markets
  (months) where at least one airline had a valid itinerary, where at least
  one fare was bid, and where the market travelled; the average final score
  and the win share of every seat (shared wins split; Wilson 95% intervals).

The games are played twice: by uniformly random players (the ``random`` bot of
``opensky/ai/base.py``), and by a "call-sign-aware" player that plans its
network along shortest paths between call-sign airports (everything else it
decides at random) — a sensible player, to show the boards work in play.

Checks (exit status 1 when one fails):

* every call-sign pair is at most 3 flights apart;
* North America has at least 8 cross-border routes;
* 16–20 airports and 30–45 routes per board;
* no seat wins more than 60% of random 2-player games.

    python bench/balance.py [--games N] [--board europe|north_america|all]
                            [--seed S] [--no-planner]
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from dataclasses import dataclass, field
from itertools import combinations
from typing import Sequence

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from opensky.ai.base import RandomBot  # noqa: E402
from opensky.board.loader import load_board  # noqa: E402
from opensky.board.model import Board  # noqa: E402
from opensky.rules import events as E  # noqa: E402
from opensky.rules.actions import (  # noqa: E402
    CHOOSE_OD, PLACE_HUB, PLACE_PLANE, ROLL_DICE, ROLL_SENSITIVITY, Action,
)
from opensky.rules.constants import CALLSIGNS, REGIONAL_MARKERS  # noqa: E402
from opensky.rules.itinerary import shortest_paths  # noqa: E402
from opensky.rules.state import GameState  # noqa: E402
from opensky.rules.view import player_view  # noqa: E402

BOARDS = ("europe", "north_america")
PLAYER_COUNTS = (2, 3, 4)
MAX_CALLSIGN_FLIGHTS = 3
MIN_CROSS_BORDER = 8
AIRPORTS_RANGE = (16, 20)
ROUTES_RANGE = (30, 45)
MAX_SEAT_WIN_2P = 0.60

_CHANCE = (ROLL_DICE, ROLL_SENSITIVITY)


# --------------------------------------------------------------------------- network


def callsign_map(board: Board) -> dict[str, str]:
    """Call sign -> airport code for the board's recommended set."""
    rec = board.recommended_callsigns
    if not rec:
        raise ValueError(f"board {board.id} has no recommended call signs")
    return dict(zip(CALLSIGNS, rec))


def board_shortest_paths(board: Board, a: int, b: int) -> list[tuple[int, ...]]:
    """All shortest paths (airport indices) between airports ``a`` and ``b``
    over every route of the board (as if one airline flew them all)."""
    return shortest_paths(board.adjacency, [1] * len(board.routes), a, b, None)


def distances(board: Board, src: int) -> list[int]:
    """Flights from ``src`` to every airport (-1: unreachable)."""
    dist = [-1] * len(board.airports)
    dist[src] = 0
    frontier = [src]
    while frontier:
        nxt = []
        for u in frontier:
            for v, _ in board.adjacency[u]:
                if dist[v] < 0:
                    dist[v] = dist[u] + 1
                    nxt.append(v)
        frontier = nxt
    return dist


def degrees(board: Board) -> list[int]:
    return [len(board.adjacency[a]) for a in range(len(board.airports))]


def cross_border_count(board: Board) -> int:
    """Routes between airports of different countries (whatever the regional rule)."""
    ap = board.airports
    return sum(1 for i, j in board.route_ends if ap[i].country != ap[j].country)


@dataclass
class PairInfo:
    callsigns: tuple[str, str]
    codes: tuple[str, str]
    flights: int  # -1: unreachable
    paths: list[tuple[str, ...]]  # every shortest path, as airport codes


def callsign_pairs(board: Board) -> list[PairInfo]:
    """The 15 pairs of recommended call-sign airports and how far apart they are."""
    cs = callsign_map(board)
    idx = board.airport_index
    codes = board.codes
    out = []
    for x, y in combinations(CALLSIGNS, 2):
        a, b = idx[cs[x]], idx[cs[y]]
        paths = board_shortest_paths(board, a, b)
        flights = len(paths[0]) - 1 if paths else -1
        out.append(PairInfo((x, y), (cs[x], cs[y]), flights,
                            [tuple(codes[i] for i in p) for p in paths]))
    return out


def max_callsign_flights(board: Board) -> int:
    """The largest call-sign pair distance in flights (a large number if unreachable)."""
    return max((p.flights if p.flights >= 0 else 99) for p in callsign_pairs(board))


def diameter(board: Board) -> int:
    best = 0
    for a in range(len(board.airports)):
        d = distances(board, a)
        if min(d) < 0:
            return -1
        best = max(best, max(d))
    return best


# --------------------------------------------------------------------------- players


class CallsignPlanner:
    """A "call-sign-aware random" player for one board.

    Network planning: finish a shortest call-sign path already begun (fewest
    routes missing first), else begin a shortest path of a random call-sign
    pair that the planes left this placement round can complete; never a path
    that would need more cross-border markers than are left.  Europe's hubs go
    on the connecting airports of its completed paths.  Every other decision
    (market, bids, flash deals, chits, itineraries, leases) is uniformly
    random, as with the random bot."""

    def __init__(self, board: Board, callsigns: dict[str, str]):
        self.board = board
        idx = board.airport_index
        cs_airports = [idx[callsigns[c]] for c in CALLSIGNS]
        ri = board.route_index
        codes = board.codes
        # every shortest path between call-sign airports: (routes, connecting airports)
        self.paths: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.by_pair: list[list[int]] = []
        for a, b in combinations(cs_airports, 2):
            ids = []
            for p in board_shortest_paths(board, a, b):
                routes = tuple(ri[(codes[u], codes[v])] for u, v in zip(p, p[1:]))
                ids.append(len(self.paths))
                self.paths.append((routes, p[1:-1]))
            self.by_pair.append(ids)

    def place_plane(self, state: GameState, p: int, legal: Sequence[Action],
                    rng: random.Random) -> Action:
        owned = state.planes[p]
        cb = self.board.cross_border
        markers = state.markers[p]
        markers_left = REGIONAL_MARKERS - len(markers)
        left = state.queue.count(p)  # planes still to place this round, this one included

        def feasible(routes: tuple[int, ...]) -> list[int] | None:
            missing = [r for r in routes if not owned[r]]
            if not missing:
                return None
            if sum(1 for r in missing if cb[r] and r not in markers) > markers_left:
                return None
            return missing

        # 1. finish a path already begun
        best: list[list[int]] = []
        best_k = 99
        for routes, _ in self.paths:
            missing = feasible(routes)
            if missing is None or len(missing) == len(routes):
                continue
            k = len(missing)
            if k < best_k:
                best, best_k = [missing], k
            elif k == best_k:
                best.append(missing)
        if best and best_k <= left:
            r = rng.choice(rng.choice(best))
            return Action(PLACE_PLANE, p, r)
        # 2. begin a path of a random pair that the planes left can complete
        pairs = list(range(len(self.by_pair)))
        rng.shuffle(pairs)
        fallback: list[int] | None = None
        for pair in pairs:
            options = [m for m in (feasible(self.paths[i][0]) for i in self.by_pair[pair])
                       if m is not None]
            if not options:
                continue
            m = rng.choice(options)
            if len(m) <= left:
                return Action(PLACE_PLANE, p, rng.choice(m))
            if fallback is None:
                fallback = m
        if best:
            return Action(PLACE_PLANE, p, rng.choice(rng.choice(best)))
        if fallback is not None:
            return Action(PLACE_PLANE, p, rng.choice(fallback))
        return legal[rng.randrange(len(legal))]

    def place_hub(self, state: GameState, p: int, legal: Sequence[Action],
                  rng: random.Random) -> Action:
        owned = state.planes[p]
        hubs = state.hubs[p]
        want: dict[int, int] = {}
        for routes, via in self.paths:
            if via and all(owned[r] for r in routes):
                for a in via:
                    if a not in hubs:
                        want[a] = want.get(a, 0) + 1
        if not want:  # airports where two of its routes meet
            touch: dict[int, int] = {}
            for r, n in enumerate(owned):
                if n:
                    for a in self.board.route_ends[r]:
                        touch[a] = touch.get(a, 0) + 1
            want = {a: n for a, n in touch.items() if n >= 2 and a not in hubs}
        if want:
            top = max(want.values())
            return Action(PLACE_HUB, p, rng.choice(sorted(a for a, n in want.items() if n == top)))
        return legal[rng.randrange(len(legal))]


# --------------------------------------------------------------------------- games


@dataclass
class Stats:
    board: str
    players: int
    player_kind: str
    games: int = 0
    markets: int = 0
    with_itinerary: int = 0
    with_fare_bid: int = 0
    travelled: int = 0
    score_sum: list[float] = field(default_factory=list)
    subsidy_sum: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def share(self, n: int) -> float:
        return n / self.markets if self.markets else 0.0


def play_observed(board: Board, P: int, callsigns: dict[str, str], rng: random.Random,
                  stats: Stats, planner: CallsignPlanner | None = None) -> GameState:
    """Play one game with seeded random decisions (and ``planner``'s network
    planning, if given) and add what its markets did to ``stats``."""
    state = GameState(board, [f"P{i + 1}" for i in range(P)], callsigns)
    bots = [RandomBot(rng.randrange(2**31)) for _ in range(P)]
    apply = state.apply
    legal_actions = state.legal_actions
    fare_bid = False
    travelled = False
    while not state.game_over:
        d = state.decision
        if d in _CHANCE:
            legal = legal_actions()
            apply(legal[rng.randrange(len(legal))])
            continue
        p = state.actors[0]
        legal = legal_actions(p)
        if planner is not None and d == PLACE_PLANE:
            action = planner.place_plane(state, p, legal, rng)
        elif planner is not None and d == PLACE_HUB:
            action = planner.place_hub(state, p, legal, rng)
        else:
            bot = bots[p]
            # a bot reads only its player's view; one that declares it needs
            # none (random) is handed the state unread, saving the copy
            action = bot.choose(player_view(state, p) if bot.needs_view else state, legal)
        events = apply(action)
        if d == CHOOSE_OD:
            # a new market: settle the flags of the previous one
            stats.with_fare_bid += fare_bid
            stats.travelled += travelled
            fare_bid = travelled = False
            stats.markets += 1
            if any(s is not None for s in state.stops):
                stats.with_itinerary += 1
        for e in events:
            if isinstance(e, E.BidsRevealed):
                if any(v is not None for v in e.bids.values()):
                    fare_bid = True
            elif e.kind == E.MARKET_WON:
                travelled = True
    stats.with_fare_bid += fare_bid
    stats.travelled += travelled
    return state


def run_games(board: Board, P: int, games: int, seed: int = 1,
              planner: bool = False) -> Stats:
    """``games`` seeded games with the recommended call signs; game ``g`` uses
    ``random.Random(seed * 1_000_003 + g)`` for every decision and die."""
    cs = callsign_map(board)
    stats = Stats(board.id, P, "call-sign-aware" if planner else "random",
                  score_sum=[0.0] * P, subsidy_sum=[0.0] * P, wins=[0.0] * P)
    plan = CallsignPlanner(board, cs) if planner else None
    t0 = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        state = play_observed(board, P, cs, rng, stats, plan)
        win = state.final_winners()
        for s in range(P):
            sc = state.score(s)
            stats.score_sum[s] += sc["total"]
            stats.subsidy_sum[s] += sc["subsidies"]
        for s in win:
            stats.wins[s] += 1 / len(win)
    stats.games = games
    stats.seconds = time.perf_counter() - t0
    return stats


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval (95% by default) for a share of ``n`` trials."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def max_seat_win_share(stats: Stats) -> float:
    return max(stats.wins) / stats.games if stats.games else 0.0


# --------------------------------------------------------------------------- report


def table(headers: Sequence[str], rows: Sequence[Sequence[object]], align: str = "") -> str:
    """A plain text table; ``align`` gives 'l' or 'r' per column (default: text
    left, numbers right)."""
    cells = [[str(c) for c in r] for r in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    if not align:
        align = "".join("r" if rows and isinstance(rows[0][i], (int, float)) else "l"
                        for i in range(len(headers)))

    def line(r: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if a == "r" else c.ljust(w)
                         for c, w, a in zip(r, widths, align)).rstrip()

    out = [line(list(headers)), line(["-" * w for w in widths])]
    out.extend(line(r) for r in cells)
    return "\n".join("  " + x for x in out)


class Checks:
    def __init__(self) -> None:
        self.results: list[tuple[str, bool]] = []

    def add(self, text: str, ok: bool) -> None:
        self.results.append((text, ok))
        print(f"  [{'PASS' if ok else 'FAIL'}] {text}")

    @property
    def ok(self) -> bool:
        return all(ok for _, ok in self.results)


def report_network(board: Board, checks: Checks) -> None:
    cs = callsign_map(board)
    cs_at = {code: c for c, code in cs.items()}
    ap = board.airports
    deg = degrees(board)
    n_cross = cross_border_count(board)
    print(f"Network: {len(ap)} airports, {len(board.routes)} routes"
          + (f", {n_cross} cross-border" if board.uses_cross_border else "")
          + f", diameter {diameter(board)} flights, regional rule {board.regional_rule}")
    print()
    print("Degree per airport (routes touching it):")
    order = sorted(range(len(ap)), key=lambda a: (-deg[a], ap[a].code))
    headers = ["airport", "city", "country", "degree"]
    rows: list[list[object]] = []
    for a in order:
        row: list[object] = [ap[a].code, ap[a].city, ap[a].country or "", deg[a]]
        if board.uses_cross_border:
            row.append(sum(1 for _, r in board.adjacency[a] if board.cross_border[r]))
        row.append(cs_at.get(ap[a].code, ""))
        rows.append(row)
    if board.uses_cross_border:
        headers.append("cross-border")
    headers.append("call sign")
    print(table(headers, rows, "llrr" + ("r" if board.uses_cross_border else "") + "l"))
    print(f"  degree: min {min(deg)}, mean {sum(deg) / len(deg):.2f}, max {max(deg)}")
    print()
    pairs = callsign_pairs(board)
    print("Recommended call signs: " + ", ".join(f"{c} {cs[c]}" for c in CALLSIGNS))
    print("Shortest path between call-sign airports (flights; every route of the board):")
    rows = []
    for pi in pairs:
        example = "–".join(pi.paths[0]) if pi.paths else "unreachable"
        rows.append([f"{pi.callsigns[0]}–{pi.callsigns[1]}", f"{pi.codes[0]}–{pi.codes[1]}",
                     pi.flights, len(pi.paths), example])
    print(table(["pair", "airports", "flights", "paths", "a shortest path"], rows, "llrrl"))
    hist: dict[int, int] = {}
    for pi in pairs:
        hist[pi.flights] = hist.get(pi.flights, 0) + 1
    print("  pairs by flights: " + ", ".join(f"{k} flight{'s' if k != 1 else ''}: {v}"
                                              for k, v in sorted(hist.items())))
    worst = max((pi.flights if pi.flights >= 0 else 99) for pi in pairs)
    print()
    checks.add(f"{board.id}: every call-sign pair within {MAX_CALLSIGN_FLIGHTS} flights "
               f"(max {worst})", worst <= MAX_CALLSIGN_FLIGHTS)
    lo, hi = AIRPORTS_RANGE
    checks.add(f"{board.id}: {lo}–{hi} airports ({len(ap)})", lo <= len(ap) <= hi)
    lo, hi = ROUTES_RANGE
    checks.add(f"{board.id}: {lo}–{hi} routes ({len(board.routes)})", lo <= len(board.routes) <= hi)
    if board.uses_cross_border:
        checks.add(f"{board.id}: at least {MIN_CROSS_BORDER} cross-border routes ({n_cross})",
                   n_cross >= MIN_CROSS_BORDER)


def report_markets(all_stats: Sequence[Stats]) -> None:
    rows = []
    for st in all_stats:
        rows.append([st.player_kind, f"{st.players}p", st.games, st.markets,
                     f"{st.share(st.with_itinerary):.1%}", f"{st.share(st.with_fare_bid):.1%}",
                     f"{st.share(st.travelled):.1%}", f"{st.seconds:.1f}"])
    print(table(["players", "seats", "games", "markets", "itinerary", "fare bid",
                 "travelled", "s"], rows, "llrrrrrr"))
    print("  itinerary: at least one airline had a valid itinerary (could bid);"
          " fare bid: at least one fare card was bid;")
    print("  travelled: the market was won (not all passed, not walked away with no bid left).")


def report_seats(all_stats: Sequence[Stats]) -> None:
    rows = []
    for st in all_stats:
        for s in range(st.players):
            w = st.wins[s]
            lo, hi = wilson(w, st.games)
            rows.append([st.player_kind, f"{st.players}p", f"seat {s + 1}",
                         f"{st.score_sum[s] / st.games:.1f}", f"{st.subsidy_sum[s] / st.games:.1f}",
                         f"{w / st.games:.1%}",
                         f"{lo:.1%}–{hi:.1%}", f"{1 / st.players:.1%}"])
    print(table(["players", "seats", "seat", "mean score", "subsidies", "win share",
                 "95% CI (Wilson)", "even"], rows, "lllrrrrr"))
    print("  mean final score (§9) and its subsidy part; shared wins are split evenly"
          " between the sharers.")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=3000, help="games per player count (default 3000)")
    ap.add_argument("--board", choices=BOARDS + ("all",), default="all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-planner", action="store_true",
                    help="skip the games of the call-sign-aware player")
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("--games must be at least 1")
    t_start = time.perf_counter()
    checks = Checks()
    boards = BOARDS if a.board == "all" else (a.board,)
    kinds: list[tuple[str, bool]] = [("random", False)]
    if not a.no_planner:
        kinds.append(("call-sign-aware", True))
    for board_id in boards:
        board = load_board(board_id)
        title = f"{board.name} ({board.id})"
        print("=" * len(title))
        print(title)
        print("=" * len(title))
        report_network(board, checks)
        all_stats: list[Stats] = []
        for _, planner in kinds:
            for P in PLAYER_COUNTS:
                all_stats.append(run_games(board, P, a.games, a.seed, planner))
        print(f"Markets ({a.games} games per player count, 12 markets a game, seed {a.seed}):")
        report_markets(all_stats)
        print()
        print("Seats:")
        report_seats(all_stats)
        print()
        two = next(st for st in all_stats if st.players == 2 and st.player_kind == "random")
        top = max_seat_win_share(two)
        checks.add(f"{board.id}: no seat wins more than {MAX_SEAT_WIN_2P:.0%} of random 2-player games "
                   f"(max {top:.1%})", top <= MAX_SEAT_WIN_2P)
        print()
    print(f"Total time {time.perf_counter() - t_start:.1f} s")
    failed = [t for t, ok in checks.results if not ok]
    print("All checks passed." if not failed else f"{len(failed)} check(s) FAILED: " + "; ".join(failed))
    return 0 if checks.ok else 1


if __name__ == "__main__":
    sys.exit(main())
