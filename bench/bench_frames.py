#!/usr/bin/env python3
"""The host's work per step, without sockets: seeded whole games through ``Host``.

    python bench/bench_frames.py [--games 6] [--game both] [--profile]

Each game is a ``Table`` of 4 seats played by random choices from the legal
lists, through a real ``Host`` (``act``, the chance steps and quick
computers, the frames of every step) with in-process connections that keep
what they get: one seat each ("4x1"), or two seats, one, one and a spectator
("mixed").  Prints the CPU per act (all it sets off: chance steps, the
store-less flush, every frame) and a SHA-256 of every ``update`` sent: the
same digest before and after a change means every frame is byte for byte
the same.  Nothing is timed but ``Host.act``; ``--profile`` prints its top
functions (cProfile).  The machine's noise matters less here than in
``bench_online.py``: no sockets, no other process.
"""
from __future__ import annotations

import argparse
import cProfile
import hashlib
import os
import pstats
import random
import sys
import time
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from opensky.online.server import Conn, Host  # noqa: E402
from opensky.online.table import Table  # noqa: E402

BOARDS = {"opensky": "europe", "blue_skies": "usa"}
NAMES = ["Ann", "Bo", "Cy", "Di"]
LAYOUTS = {"4x1": [[0], [1], [2], [3]], "mixed": [[0, 1], [2], [3], []]}


class Kept(Conn):
    """A connection in this process that keeps every frame."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[str] = []

    def deliver(self, text: str) -> None:
        self.frames.append(text)

    def close(self, reason: str) -> None:
        self.closed = True

    def too_fast(self, now: float) -> bool:
        return False


def play(game: str, seed: int, layout: list[list[int]], digest: Any, prof: cProfile.Profile | None
         ) -> tuple[float, int]:
    """One seeded game; (CPU seconds in Host.act, acts)."""
    host = Host(None, allow_create=True)
    t = Table.create(game, BOARDS[game], NAMES, remote=NAMES, seed=seed)
    host.add(t)
    conns = []
    for seats in layout:
        c = Kept()
        c.table, c.seats = t, (t.claim_names([NAMES[i] for i in seats])[1] if seats else [])
        host.conns[t.code].add(c)
        conns.append(c)
    host.start_table(t, fill=True)
    rng = random.Random(seed)
    cpu, acts = 0.0, 0
    while not t.finished and acts < 3000:
        asking = [(c, legal) for c in conns for legal in [t.legal_for(c.seats)[0]] if legal]
        if not asking:
            break
        c, legal = asking[rng.randrange(len(asking))]
        msg = {"type": "act", "seq": t.seq, "action": legal[rng.randrange(len(legal))]}
        c0 = time.process_time()
        if prof is not None:
            prof.enable()
        host.act(c, msg, 0.0)
        if prof is not None:
            prof.disable()
        cpu += time.process_time() - c0
        acts += 1
    for c in conns:
        for f in c.frames:
            if f.startswith('{"type":"update"'):
                digest.update(f.encode())
    return cpu, acts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=6, help="seeded games of each game and layout")
    ap.add_argument("--game", choices=["opensky", "blue_skies", "both"], default="both")
    ap.add_argument("--profile", action="store_true", help="cProfile Host.act and print its top functions")
    a = ap.parse_args()
    prof = cProfile.Profile() if a.profile else None
    for game in (["opensky", "blue_skies"] if a.game == "both" else [a.game]):
        for name, layout in LAYOUTS.items():
            digest = hashlib.sha256()
            cpu, acts = 0.0, 0
            for seed in range(a.games):
                c, n = play(game, seed, layout, digest, prof)
                cpu, acts = cpu + c, acts + n
            print(f"{game:10s} {name:5s}  {acts:5d} acts  CPU {cpu / max(acts, 1) * 1e3:.3f} ms per act  "
                  f"updates sha256 {digest.hexdigest()[:16]}")
    if prof is not None:
        st = pstats.Stats(prof)
        st.sort_stats("tottime").print_stats(20)
        st.sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
