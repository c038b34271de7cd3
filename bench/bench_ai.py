#!/usr/bin/env python3
"""Computer airlines, measured (issues #7 and #17).

Prints

(a) Normal against Easy: win share over 2-player games, seats rotated, both
    board sides (target >= 90%);
(b) Expert against Normal: win share over 2-player games (target >= 70%), and
    Expert's share in 3- and 4-player games against Normal airlines (target:
    its fair share 1/P plus 10 points); each line's share by board side and
    by the seat the first bot played (the first seat places first in every
    planning phase: between Normal airlines it wins 77% of 2-player games in
    Europe, 67% in North America);
(c) the time per decision of every bot, p50 / p95 / max (targets: Normal
    p95 <= 50 ms, Expert p95 <= 1 s);
(d) the habits a strong player notices (``ai_habits.py``), per bot over all
    matches (targets for Normal and Expert: flash tokens unused at the end in
    at most 20% of the 2-player games against Normal or Expert, no price
    above the die's top face, at most 2 chit choices per 100 games 100
    points worse than the best now).

Game g is played on board ``g // P % 2`` (Europe, North America) with the seats
rotated by ``g % P``, so every bot plays every seat on both boards equally
often; the call signs are each board's recommended ones (as ``simulate``).
Games run in ``--jobs`` processes; each game's seeds depend only on its index,
so the figures do not depend on the number of processes.

    python bench/bench_ai.py                       # everything, full size
    python bench/bench_ai.py --games 40 --multi-games 20 --budget 30   # quick
    python bench/bench_ai.py --only a              # just Normal vs Easy
    python bench/bench_ai.py --only b --games 100  # just Expert vs Normal, 2 players

Exit status 1 when a target is missed.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any, Sequence

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from opensky.ai import make_bot  # noqa: E402
from opensky.ai.base import Bot  # noqa: E402
from opensky.board.loader import load_board  # noqa: E402
from opensky.play.selfplay import play_game  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ai_habits import Habits, finish, observer  # noqa: E402

BOARDS = ("europe", "north_america")
_BOARD_CACHE: dict[str, Any] = {}


def _board(name: str) -> Any:
    b = _BOARD_CACHE.get(name)
    if b is None:
        b = _BOARD_CACHE[name] = load_board(name)
    return b


def make(name: str, seed: int, budget: int | None) -> Bot:
    if name == "expert" and budget is not None:
        from opensky.ai.expert import ExpertBot
        return ExpertBot(seed, budget=budget)
    return make_bot(name, seed)


def play(task: tuple[tuple[str, ...], int, int, int | None]) -> dict[str, Any]:
    """One game.  Returns the win share of each bot name, the decision times
    (seconds) per bot name and the scores."""
    lineup, g, seed, budget = task
    P = len(lineup)
    board = _board(BOARDS[(g // P) % 2])
    rng = random.Random(seed * 1_000_003 + g)
    shift = g % P
    seat_bots = [lineup[(s + shift) % P] for s in range(P)]
    bots = [make(n, rng.randrange(2**31), budget) for n in seat_bots]
    habits = {s: Habits() for s in range(P)}
    game = play_game(board, bots, rng, callsigns="recommended", timed=True, observe=observer(habits))
    finish(habits, game.state)
    per_bot: dict[str, Habits] = {n: Habits() for n in set(lineup)}
    for s, h in habits.items():
        per_bot[seat_bots[s]].add(h)
    assert game.decision_times is not None
    times: dict[str, list[float]] = {n: [] for n in set(lineup)}
    for s, ts in enumerate(game.decision_times):
        times[seat_bots[s]].extend(ts)
    share: dict[str, float] = {n: 0.0 for n in set(lineup)}
    win = game.winners
    for s in win:
        share[seat_bots[s]] += 1.0 / len(win)
    scores = {n: [game.scores[s] for s in range(P) if seat_bots[s] == n] for n in set(lineup)}
    # the first bot's seat (0: the first seat, who places first in every season, R3)
    seat = seat_bots.index(lineup[0])
    return {"share": share, "times": times, "board": board.id, "scores": scores, "habits": per_bot, "seat": seat}


ORDINALS = ("1st", "2nd", "3rd", "4th")


def shares_by(results: Sequence[dict[str, Any]], key: str, hero: str) -> dict[Any, list[float]]:
    """``hero``'s win share in each game, grouped by the games' ``key`` ("board", "seat")."""
    by: dict[Any, list[float]] = {}
    for r in results:
        by.setdefault(r[key], []).append(r["share"][hero])
    return by


def seat_line(results: Sequence[dict[str, Any]], hero: str) -> str:
    """The first bot's win share by its seat: the first seat places first in
    every planning phase (R2, R3) and rolls first in the first season (R5)."""
    by = shares_by(results, "seat", hero)
    parts = [f"{ORDINALS[k]} {sum(xs) / len(xs):.1%} of {len(xs)}" for k, xs in sorted(by.items())]
    return "    by seat: " + ", ".join(parts)


from opensky.cli.stats import wilson  # noqa: E402  (the interval simulate prints)


def pct(xs: Sequence[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


class Tally:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}
        self.habits: dict[str, Habits] = {}
        #: habits in the 2-player games without Easy (the flash-token target,
        #: as issue 17 measured it)
        self.strong: dict[str, Habits] = {}

    def add_times(self, res: dict[str, Any]) -> None:
        for n, ts in res["times"].items():
            self.times.setdefault(n, []).extend(ts)


def match(lineup: tuple[str, ...], games: int, seed: int, budget: int | None, jobs: int,
          tally: Tally, label: str) -> tuple[float, int]:
    """Play ``games`` games of ``lineup``; print and return the first bot's
    win share (summed) and the number of games."""
    tasks = [(lineup, g, seed, budget) for g in range(games)]
    t0 = time.perf_counter()
    results: list[dict[str, Any]] = []
    if jobs > 1:
        with Pool(jobs) as pool:
            for r in pool.imap_unordered(play, tasks, chunksize=1):
                results.append(r)
    else:
        results = [play(t) for t in tasks]
    dt = time.perf_counter() - t0
    hero = lineup[0]
    for r in results:
        tally.add_times(r)
    per_board = shares_by(results, "board", hero)
    wins = sum(r["share"][hero] for r in results)
    lo, hi = wilson(wins, games)
    P = len(lineup)
    mean_hero = statistics.mean(x for r in results for x in r["scores"][hero])
    others = [x for r in results for n, xs in r["scores"].items() if n != hero for x in xs]
    mean_other = statistics.mean(others) if others else float("nan")
    print(f"{label}: {hero} wins {wins / games:.1%} of {games} games "
          f"(95% CI {lo:.1%}–{hi:.1%}; fair share {1 / P:.0%}) in {dt:.0f} s")
    for b, xs in sorted(per_board.items()):
        print(f"    {b:14} {sum(xs) / len(xs):6.1%} of {len(xs)} games")
    print(seat_line(results, hero))
    print(f"    mean score: {hero} {mean_hero:.0f}, others {mean_other:.0f}")
    habits: dict[str, Habits] = {}
    for r in results:
        for n, h in r["habits"].items():
            habits.setdefault(n, Habits()).add(h)
    for n in sorted(habits):
        print(habits[n].line(n))
        tally.habits.setdefault(n, Habits()).add(habits[n])
        if "easy" not in lineup and len(lineup) == 2:
            tally.strong.setdefault(n, Habits()).add(habits[n])
    return wins, games


def multi_players(text: str) -> tuple[int, ...]:
    """``--multi-players``: 3, 4 or both, comma-separated (anything else refused, not skipped)."""
    counts = {x.strip() for x in text.split(",")}
    if not counts or not counts <= {"3", "4"}:
        raise argparse.ArgumentTypeError(f"player counts are 3 and/or 4, not {text[:40]!r}")
    return tuple(sorted(int(x) for x in counts))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="2-player games per match (default 400)")
    ap.add_argument("--multi-games", type=int, default=400,
                    help="games for each of the 3- and 4-player Expert matches (default 400)")
    ap.add_argument("--budget", type=int, default=None,
                    help="Expert's budget: simulated months per decision (default: the bot's own, "
                         "1,200 in 2-player games, 600 in 3- and 4-player games)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--only", default="abm",
                    help="parts to run: a (Normal vs Easy), b (Expert vs Normal, 2 players), "
                         "m (Expert vs Normal, 3 and 4 players); default all")
    ap.add_argument("--multi-players", type=multi_players, default=(3, 4),
                    help="the player counts of the m part, comma-separated (default 3,4)")
    a = ap.parse_args()
    tally = Tally()
    ok = True
    print(f"bench_ai: {a.jobs} process(es), seed {a.seed}, Expert budget "
          f"{a.budget if a.budget is not None else 'default'}")
    if "a" in a.only:
        w, n = match(("normal", "easy"), a.games, a.seed, a.budget, a.jobs, tally, "(a) Normal vs Easy, 2 players")
        if w / n < 0.90:
            ok = False
            print("    MISSED: target 90%")
    if "b" in a.only:
        w, n = match(("expert", "normal"), a.games, a.seed, a.budget, a.jobs, tally,
                     "(b) Expert vs Normal, 2 players")
        if w / n < 0.70:
            ok = False
            print("    MISSED: target 70%")
    if "m" in a.only:
        for P in a.multi_players:
            lineup = ("expert",) + ("normal",) * (P - 1)
            w, n = match(lineup, a.multi_games, a.seed, a.budget, a.jobs, tally,
                         f"(b) Expert vs {P - 1} Normal, {P} players")
            if w / n < 1 / P + 0.10:
                ok = False
                print(f"    MISSED: target {1 / P + 0.10:.1%} (fair share plus 10 points)")
    print("(c) time per decision (decisions with more than one legal action)")
    limits = {"normal": 0.050, "expert": 1.0}
    for n, ts in sorted(tally.times.items()):
        if not ts:
            continue
        p50, p95, mx = pct(ts, 0.5), pct(ts, 0.95), max(ts)
        lim = limits.get(n)
        flag = ""
        if lim is not None and p95 > lim:
            ok = False
            flag = f"  MISSED: target p95 <= {lim * 1000:.0f} ms"
        print(f"    {n:8} {len(ts):7d} decisions  p50 {p50 * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms"
              f"  max {mx * 1000:7.1f} ms{flag}")
    print("(d) habits over all matches (the flash target over the 2-player games against Normal or Expert)")
    for n, h in sorted(tally.habits.items()):
        print(h.line(n))
        if n in ("normal", "expert"):
            for miss in h.missed(flash=False):
                ok = False
                print(f"    MISSED: {n}: {miss}")
    for n, h in sorted(tally.strong.items()):
        for miss in h.missed():
            if miss.startswith("flash"):
                ok = False
                print(f"    MISSED: {n} in 2-player games against Normal or Expert: {miss}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
