#!/usr/bin/env python3
"""Map art rendering time per window size (the map is rendered once per size).

Target: well under a second at 1920x1080. Prints milliseconds per render.

    python bench/bench_mapart.py [--repeat 3] [--supersample N]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from opensky.board.loader import load_board  # noqa: E402
from opensky.ui.mapart import ViewTransform, load_map, render_map  # noqa: E402

SIZES = [(1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--supersample", type=int, default=None,
                    help="force a supersampling factor (default: render_map's choice)")
    a = ap.parse_args()
    pygame.init()
    t0 = time.perf_counter()
    maps = {b: load_map(b) for b in ("europe", "north_america")}
    print(f"load both maps: {(time.perf_counter() - t0) * 1000:.0f} ms")
    print(f"{'board':15} {'size':>10} {'best ms':>8} {'mean ms':>8}")
    for board_id, data in maps.items():
        board = load_board(board_id)
        for size in SIZES:
            tf = ViewTransform.fit(board.canvas, size, 24)
            times = []
            for _ in range(a.repeat):
                t0 = time.perf_counter()
                render_map(data, board, size, tf, supersample=a.supersample)
                times.append(time.perf_counter() - t0)
            print(f"{board_id:15} {size[0]:>5}x{size[1]:<4} {min(times) * 1000:8.0f} "
                  f"{sum(times) / len(times) * 1000:8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
