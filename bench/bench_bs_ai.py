"""Blue Skies computer airlines: win shares and decision times (issue 19's targets).

    python bench/bench_bs_ai.py                # 400 games a line, 2 processes
    python bench/bench_bs_ai.py --games 1000 --procs 2

Lines (seats rotated, both sides): Normal against Easy in 2-player games
(target: Normal wins >= 75%), Normal against Easy in 3- and 4-player games
(one Normal, the others Easy: against a fair share of 1/P), Easy and Normal
against Random, Expert against Normal (target: >= 60%), and each level's
decision times (median, p95, max; Expert's target: p95 <= 1 s).
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

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from opensky.ai.blueskies import make_bs_bot  # noqa: E402
from opensky.blueskies.board import load_bs_board  # noqa: E402
from opensky.play.bsplay import play_bs_game  # noqa: E402

TARGET_NORMAL_VS_EASY = 0.75
TARGET_EXPERT_VS_NORMAL = 0.60
TARGET_EXPERT_P95 = 1.0


class Timed:
    """A bot whose decision times are recorded."""

    def __init__(self, bot):
        self.bot = bot
        self.name = bot.name
        self.needs_view = bot.needs_view
        self.times: list[float] = []

    def choose(self, view, legal):
        t0 = time.perf_counter()
        a = self.bot.choose(view, legal)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - t0)
        return a


def game(task):
    lineup, g, board_ref = task
    board = load_bs_board(board_ref)
    P = len(lineup)
    rng = random.Random(11 * 1_000_003 + g)
    shift = g % P
    seat = [lineup[(s + shift) % P] for s in range(P)]
    bots = [Timed(make_bs_bot(n, rng.randrange(2**31))) for n in seat]
    r = play_bs_game(board, bots, rng)
    share = {n: 0.0 for n in set(lineup)}
    for w in r.winners:
        share[seat[w]] += 1 / len(r.winners)
    times: dict[str, list[float]] = {}
    for n, b in zip(seat, bots):
        times.setdefault(n, []).extend(b.times)
    return share, times


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--board", default="usa")
    ap.add_argument("--lines", default=None, help='lineups, e.g. "expert,normal;normal,easy"')
    a = ap.parse_args()
    lines = [("normal", "easy"), ("normal", "easy", "easy"), ("normal", "easy", "easy", "easy"),
             ("easy", "random"), ("normal", "random"), ("expert", "normal")]
    if a.lines:
        lines = [tuple(x.split(",")) for x in a.lines.split(";")]
    print(f"bench_bs_ai: board {a.board}, {a.games} games a line, seats rotated, {a.procs} process(es)")
    missed = []
    all_times: dict[str, list[float]] = {}
    with Pool(a.procs) as pool:
        for lineup in lines:
            t0 = time.time()
            res = pool.map(game, [(lineup, g, a.board) for g in range(a.games)], chunksize=4)
            first = lineup[0]
            share = sum(r[0][first] for r in res) / a.games
            # the first bot holds one seat of P: its fair share is 1/P
            se = math.sqrt(max(share * (1 - share), 1e-9) / a.games)
            fair = 1 / len(lineup)
            print(f"{len(lineup)}p {','.join(lineup):<26} {first} wins {share:6.1%} ± {1.96 * se:.1%} "
                  f"(fair share {fair:.0%}; {time.time() - t0:.0f} s)")
            for _, times in res:
                for n, ts in times.items():
                    all_times.setdefault(n, []).extend(ts)
            if lineup == ("normal", "easy") and share < TARGET_NORMAL_VS_EASY:
                missed.append(f"Normal beats Easy {share:.1%} < {TARGET_NORMAL_VS_EASY:.0%}")
            if lineup == ("expert", "normal") and share < TARGET_EXPERT_VS_NORMAL:
                missed.append(f"Expert beats Normal {share:.1%} < {TARGET_EXPERT_VS_NORMAL:.0%}")
    for n, ts in sorted(all_times.items()):
        print(f"decision times {n:<7} median {statistics.median(ts) * 1e3:7.2f} ms, p95 "
              f"{pct(ts, 0.95) * 1e3:7.2f} ms, max {max(ts) * 1e3:7.2f} ms ({len(ts)} decisions)")
        if n == "expert" and pct(ts, 0.95) > TARGET_EXPERT_P95:
            missed.append(f"Expert p95 {pct(ts, 0.95):.2f} s > {TARGET_EXPERT_P95:.0f} s")
    print("targets met" if not missed else "targets missed: " + "; ".join(missed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
