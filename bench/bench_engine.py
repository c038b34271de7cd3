#!/usr/bin/env python3
"""Engine throughput: whole random games per second, and state copies per second.

Targets (issue #2): 2 players >= 300 games/s, 4 players >= 150 games/s, on one
core.  Prints the figures; exits 1 when a target is missed.

    python bench/bench_engine.py [--games 2000]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from opensky.board.loader import load_board  # noqa: E402
from opensky.cli.simulate import simulate  # noqa: E402
from opensky.rules.constants import CALLSIGNS  # noqa: E402
from opensky.rules.state import GameState  # noqa: E402

TARGETS = {2: 300.0, 3: 0.0, 4: 150.0}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    a = ap.parse_args()
    ok = True
    print(f"{'board':15} {'players':>7} {'games':>6} {'seconds':>8} {'games/s':>9} {'target':>7}")
    for board_id in ("europe", "north_america"):
        board = load_board(board_id)
        for P in (2, 3, 4):
            res = simulate(board, ["random"] * P, a.games, seed=1)
            gps = res.games / res.seconds
            t = TARGETS[P]
            flag = "" if gps >= t else "  MISSED"
            ok &= gps >= t
            print(f"{board_id:15} {P:7d} {res.games:6d} {res.seconds:8.2f} {gps:9.1f} {t:7.0f}{flag}")
    board = load_board("europe")
    s = GameState(board, ["A", "B", "C", "D"], dict(zip(CALLSIGNS, board.recommended_callsigns or ())))
    n = 50000
    t0 = time.perf_counter()
    for _ in range(n):
        s.copy()
    dt = time.perf_counter() - t0
    print(f"state copies: {n / dt:,.0f} per second ({dt / n * 1e6:.1f} µs each, 4 players, europe)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
