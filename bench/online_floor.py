#!/usr/bin/env python3
"""The floor under ``bench_online.py``: the host's transport with no game behind it.

    python bench/online_floor.py [--port 0] [--view-bytes 3000] [--work-us 0]

A stand-in for ``main.py serve`` that ``bench_online.py --floor`` starts in
its place.  It is the real ``Host`` of ``opensky/online/server.py`` (its
WebSocket handler, the contract's checks of every frame — ``protocol.parse``,
the rate limit —, its per-connection queues and its one write per connection
and loop turn), but a table here has no engine, no store and no frames to
build: ``create`` opens 4 seats, ``hello`` claims one, and an ``act`` from
the seat whose turn it is makes an ``update`` for each of the table's 4
connections, with a ``view`` of ``--view-bytes`` (the median update of a
random 4-seat game is ~2.7 KB in OpenSky, ~3.9 KB in Blue Skies) and a
one-action legal list for the next seat.  Whatever the real host does per
step on top of this (the rules, the views, the legal lists, the store) can
only add to the latency the bench then measures: this run is the lowest
the contract's p95 can be with these clients on this machine.  ``--work-us``
adds that much CPU work (a busy loop) to every act, standing for the game's
work: the p95 as a function of the host's CPU per step.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import signal
import sys
import time
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from opensky.online import protocol as P  # noqa: E402
from opensky.online.server import Conn, Host, run, run_loop  # noqa: E402


class FloorTable:
    """4 named seats taking turns; no game."""

    def __init__(self, names: list[str]):
        self.names = names
        self.code = "".join(secrets.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789") for _ in range(6))
        self.claimed: list[Conn | None] = [None] * len(names)
        self.seq = 0
        self.turn = 0
        self.moves = 0

    def legal(self, seat: int) -> list[dict[str, Any]]:
        return [{"type": "pass", "player": self.names[seat]}] if seat == self.turn else []


class FloorHost(Host):
    """``Host`` with ``create``, ``hello`` and ``act`` of a game-less table."""

    def __init__(self, view_bytes: int, moves: int = 400, work_us: float = 0.0):
        super().__init__(None, allow_create=True)
        self.work = work_us / 1e6
        self.view = {"blob": "x" * max(0, view_bytes - 12)}
        self.moves = moves
        self.floor: dict[str, FloorTable] = {}

    def create(self, conn: Conn, msg: dict[str, Any]) -> None:
        t = FloorTable([str(n) for n in msg["players"]])
        self.floor[t.code] = t
        self.send(conn, {"type": "created", "code": t.code})

    def hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        t = self.floor.get(str(msg.get("code")))
        if t is None or msg.get("name") not in t.names:
            self.send(conn, {"type": "bye", "reason": "no table with that code"})
            self.close(conn, "code")
            return
        i = t.names.index(msg["name"])
        t.claimed[i] = conn
        conn.seats = [i]
        conn.table = t  # type: ignore[assignment]
        self.send(conn, {"type": "welcome", "token": secrets.token_hex(16), "seats": [t.names[i]],
                         "game": {"started": False}, "seq": t.seq, "view": self.view, "legal": [],
                         "legal_count": 0, "code": t.code})
        if all(c is not None for c in t.claimed):
            for j, c in enumerate(t.claimed):
                assert c is not None
                self.send(c, {"type": "started", "game": {"started": True}, "seq": t.seq, "view": self.view,
                              "legal": t.legal(j), "legal_count": len(t.legal(j))})

    def act(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        t: FloorTable = conn.table  # type: ignore[assignment]
        if t is None or msg["seq"] != t.seq or conn.seats != [t.turn]:
            self.send(conn, {"type": "refused", "seq": t.seq if t else 0, "reason": "not your turn"})
            return
        action = msg["action"]
        if self.work:
            until = time.thread_time() + self.work
            while time.thread_time() < until:
                pass
        t.seq += 1
        t.turn = (t.turn + 1) % len(t.names)
        t.moves += 1
        over = t.moves >= self.moves
        for j, c in enumerate(t.claimed):
            if c is None:
                continue
            legal = [] if over else t.legal(j)
            self.send(c, {"type": "update", "seq": t.seq, "action": action, "events": [], "view": self.view,
                          "legal": legal, "legal_count": len(legal)})
            if over:
                self.send(c, {"type": "bye", "reason": "the game is over"})
                self.close(c, "bye")
        if over:
            self.floor.pop(t.code, None)

    def gone(self, conn: Conn) -> None:
        conn.table = None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--address", default="127.0.0.1")
    ap.add_argument("--view-bytes", type=int, default=3000)
    ap.add_argument("--work-us", type=float, default=0.0, help="CPU microseconds of stand-in game work per act")
    ap.add_argument("--loop", choices=["auto", "uvloop", "asyncio"], default="auto",
                    help="the event loop, as main.py serve chooses it")
    a = ap.parse_args()
    host = FloorHost(a.view_bytes, work_us=a.work_us)

    async def go() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        loop.add_signal_handler(signal.SIGINT, stop.set)
        await run(host, a.address, a.port,
                  lambda port: print(f"listening on {a.address}:{port} (floor; "
                                     f"{type(asyncio.get_running_loop()).__module__.split('.')[0]} event loop)",
                                     flush=True), stop)
    run_loop(go, a.loop)
    return 0


if __name__ == "__main__":
    sys.exit(main())
