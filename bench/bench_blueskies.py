"""Blue Skies balance report (issue 18): how games on a board go, by player count and bots.

    python bench/bench_blueskies.py                  # boards/usa.yaml, 2-5 players, random and greedy
    python bench/bench_blueskies.py --games 2000 --board PATH --players 2,4

For each line (players × bots, seats rotated for mixed bots): the win share by
seat, the mean rounds (and the 10th/90th percentiles), how games end (a score
over 100, all gates placed), how often the bag runs dry, how often each region
is contested at the end (two or more airlines with gate value there), the
region bonuses' share of the winners' totals, how often the special action is
used, and how often the cheapest (cost-1) airports and the two-region
airports are taken in the opening.  The throughput line is `simulate`'s:
random 4-player games per second of CPU time on one core.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from opensky.ai.blueskies import make_bs_bot  # noqa: E402
from opensky.blueskies.actions import BUY_GATE, BUYOUT  # noqa: E402
from opensky.blueskies.board import load_bs_board  # noqa: E402
from opensky.blueskies.gates import region_values  # noqa: E402
from opensky.play.bsplay import play_bs_game  # noqa: E402

TARGET_SEAT = 0.55     # no seat wins more than this of 2-player random games
TARGET_ROUNDS = (10, 20)


def line(board, P: int, bots: list[str], games: int, seed: int) -> dict:
    seat = [0.0] * P
    rounds = []
    ends = Counter()
    dry = 0
    contested = Counter()
    bonus_share = []
    special = 0
    cheap_open = 0
    two_region_open = 0
    openings = 0
    cheap = {a for a, x in enumerate(board.airports) if x.gate_cost == 1}
    two = {a for a, x in enumerate(board.airports) if len(x.regions) == 2}
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        shift = g % P
        names = [bots[(s + shift) % len(bots)] for s in range(P)]
        seen = {"dry": False}
        opening_buys = []

        def observe(s, a, seen=seen, opening_buys=opening_buys):
            if s.round == 0 and a.type in (BUY_GATE, BUYOUT):
                opening_buys.append(a.arg if not isinstance(a.arg, tuple) else a.arg[0])
            if s.red == 0:
                seen["dry"] = True
        r = play_bs_game(board, [make_bs_bot(n, rng.randrange(2**31)) for n in names], rng, observe=observe)
        s = r.state
        for w in r.winners:
            seat[w] += 1 / len(r.winners)
        rounds.append(s.round)
        for e in s.end_reason or ():
            ends[e] += 1
        dry += seen["dry"] or s.red == 0
        vals = [region_values(s, q) for q in range(P)]
        for ri, reg in enumerate(board.regions):
            if sum(1 for q in range(P) if vals[q][ri] > 0) >= 2:
                contested[reg.id] += 1
        fin = s.final
        for w in r.winners:
            tot = fin[w]["total"]
            bonus_share.append(sum(fin[w]["regions"].values()) / tot if tot else 0.0)
        special += sum(s.special_used)
        openings += len(opening_buys)
        cheap_open += sum(1 for a in opening_buys if a in cheap)
        two_region_open += sum(1 for a in opening_buys if a in two)
    rounds.sort()
    return {
        "P": P, "bots": ",".join(bots), "games": games, "seat": [x / games for x in seat],
        "rounds": sum(rounds) / games, "p10": rounds[games // 10], "p90": rounds[(games * 9) // 10],
        "ends": dict(ends), "dry": dry / games, "contested": {k: v / games for k, v in contested.items()},
        "bonus_share": sum(bonus_share) / max(1, len(bonus_share)), "special": special / (games * P),
        "cheap_open": cheap_open / max(1, openings), "two_region_open": two_region_open / max(1, openings),
    }


def throughput(board, games: int = 500, runs: int = 5) -> float:
    """Random 4-player games per CPU second in simulate's loop: the best of
    ``runs`` runs (this machine's speed wanders by a third from one run to the next)."""
    from opensky.cli.bs_simulate import simulate_bs
    best = 0.0
    for _ in range(runs):
        t0 = time.process_time()
        simulate_bs(board, ["random"] * 4, games, 1)
        best = max(best, games / (time.process_time() - t0))
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="usa")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--bots", default="random;greedy;greedy,random")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-speed", action="store_true")
    a = ap.parse_args()
    board = load_bs_board(a.board)
    print(f"bench_blueskies: board {board.id}, {a.games} games a line, seed {a.seed}")
    print(f"targets: no seat over {TARGET_SEAT:.0%} of 2-player random games; "
          f"{TARGET_ROUNDS[0]}-{TARGET_ROUNDS[1]} rounds a game; >= 300 random 4-player games/s")
    failures = []
    short_lines: list[str] = []
    for P in [int(x) for x in a.players.split(",")]:
        for bots in a.bots.split(";"):
            names = bots.split(",")
            r = line(board, P, names, a.games, a.seed)
            seats = " ".join(f"{x:.1%}" for x in r["seat"])
            ends = ", ".join(f"{k} {v / a.games:.0%}" for k, v in sorted(r["ends"].items()))
            cont = " ".join(f"{k} {v:.0%}" for k, v in sorted(r["contested"].items()))
            print(f"{P}p {r['bots']:<14} seats {seats} | rounds {r['rounds']:.1f} (p10 {r['p10']}, p90 {r['p90']}) "
                  f"| ends: {ends} | bag dry {r['dry']:.0%} | bonus share of winners {r['bonus_share']:.0%} "
                  f"| special used {r['special']:.0%} | opening at cost-1 {r['cheap_open']:.0%}, "
                  f"two-region {r['two_region_open']:.0%}")
            print(f"    contested regions: {cont}")
            if P == 2 and bots == "random" and max(r["seat"]) > TARGET_SEAT:
                failures.append(f"2-player random: a seat wins {max(r['seat']):.1%}")
            if not TARGET_ROUNDS[0] <= r["rounds"] <= TARGET_ROUNDS[1]:
                short_lines.append(f"{P}p {r['bots']} {r['rounds']:.1f}")
    if short_lines:
        failures.append(f"rounds outside {TARGET_ROUNDS[0]}-{TARGET_ROUNDS[1]}: " + ", ".join(short_lines))
    if not a.no_speed:
        gps = throughput(board)
        print(f"throughput: {gps:.0f} random 4-player games per CPU second (simulate's loop, best of 5 runs)")
        if gps < 300:
            failures.append(f"throughput {gps:.0f} < 300 games/s")
    print("targets met" if not failures else "targets missed: " + "; ".join(failures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
