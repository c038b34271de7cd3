#!/usr/bin/env python3
"""Online play on loopback: latency, throughput and capacity of ``main.py serve``.

    python bench/bench_online.py [--tables 50] [--seconds 20] [--game both]
    python bench/bench_online.py --capacity [--tables 125] [--think 0.5]
    python bench/bench_online.py ... --profile FILE   # cProfile the server; prints its top functions

The server is the real ``main.py serve`` in its own process (pinned to one
core when there are two), on a throw-away data folder (``--data`` keeps it);
every client runs in this process (on the other core), so one clock times
them all.  Each table has 4 thin random clients (no engine: they answer from
the ``legal`` lists, within the 20 messages/s limit); a table whose game ends
starts a new one.  Latency is from a client's ``act`` to each *other*
client's ``update`` of that step (matched by table, seq and player).

The clients are bots: of an ``update`` they decode what a bot reads (type,
``seq``, ``action``, ``legal``, ``legal_count``) and leave the state JSON,
which only a screen draws, as received text (``--parse full``: json.loads
of every frame, as a client with a screen does).  Every frame still arrives
whole, through websockets, which checks it is UTF-8; a frame not in the
host's usual shape is decoded whole.  In deployment each client has its own
computer; here 200 share one core, and decoding views nobody looks at would
measure this process more than the host.  The CPU lines give the host's CPU
per step a client took and the clients' CPU per update received.

Default mode: ``--tables`` tables playing at full speed (``--think 0``).
``--capacity``: first memory per idle table (``create``\\d, nobody joined;
RSS growth over ``--tables`` tables of each game), then ``--tables`` tables
of 4 connected clients (>= 500 connections at 125) that take ``--think``
seconds per decision, like people or searching computers.

``--floor BYTES``: the same clients against ``bench/online_floor.py``, the
real host's transport with no game behind it (updates with a view of BYTES;
``--work-us`` adds stand-in CPU work per act): the lowest latency these
clients can see on this machine, and how it grows with the host's CPU per
step.

Contract limits (spec/online.md): p95 <= 20 ms at 50 tables x 4 at full
speed; >= 500 connections and >= 125 tables with update p95 <= 50 ms; <= 200
KB per idle table.  Prints the figures and whether each limit is met; exits
1 when one is missed.  Writes nothing unless asked (``--data``, ``--profile``).
"""
from __future__ import annotations

import argparse
import asyncio
import importlib.util
import itertools
import json
import os
import pstats
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from opensky.online import botclient as B, protocol as P  # noqa: E402
from opensky.online.server import run_loop  # noqa: E402

BOARDS = {"opensky": "europe", "blue_skies": "usa"}
NAMES = ["Ann", "Bo", "Cy", "Di"]
LIMIT_P95 = 0.020
LIMIT_CAPACITY_P95 = 0.050
LIMIT_CONNECTIONS = 500
LIMIT_TABLES = 125
LIMIT_IDLE_KB = 200
GAME_IDS = itertools.count()


# ------------------------------------------------------------ the server process
class Server:
    def __init__(self, data: str, profile: str = "", floor: int = 0, work_us: float = 0.0, loop: str = "auto"):
        self.profile = profile
        cmd = [sys.executable]
        if profile:
            cmd += ["-m", "cProfile", "-o", profile]
        if floor:   # the transport alone (bench/online_floor.py): no game, no store
            cmd += [os.path.join(ROOT, "bench", "online_floor.py"), "--port", "0", "--view-bytes", str(floor),
                    "--work-us", str(work_us), "--loop", loop]
        else:
            cmd += [os.path.join(ROOT, "main.py"), "serve", "--port", "0", "--address", "127.0.0.1",
                    "--data", data, "--loop", loop]
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
        line = self.proc.stdout.readline().decode() if self.proc.stdout else ""
        m = re.search(r":(\d+) \(", line)
        if not m:
            self.proc.kill()
            raise SystemExit(f"serve did not start: {line!r}")
        self.uri = f"ws://127.0.0.1:{m.group(1)}"
        found = re.search(r"(\w+) event loop\)", line)
        self.loop = found.group(1) if found else "?"
        if len(os.sched_getaffinity(0)) >= 2:   # one core for the server, the others for the clients
            cores = sorted(os.sched_getaffinity(0))
            os.sched_setaffinity(self.proc.pid, {cores[0]})
            os.sched_setaffinity(0, set(cores[1:]))

    def rss_kb(self, key: str = "VmRSS") -> int:
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
        return 0

    def cpu_seconds(self) -> float:
        with open(f"/proc/{self.proc.pid}/stat") as f:
            parts = f.read().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)   # serve closes cleanly (and cProfile writes)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# ------------------------------------------------------------ clients
@dataclass
class Stats:
    sent: dict[tuple[int, int, str], float] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    by_game: dict[str, list[float]] = field(default_factory=dict)
    updates: int = 0
    steps: int = 0
    acts: int = 0
    refused: int = 0
    games: int = 0
    open: int = 0
    peak_open: int = 0
    measuring: bool = False
    client_cpu: float = 0.0
    errors: list[str] = field(default_factory=list)


#: how a client reads an update: "header" (its type, seq, action and legal:
#: all a bot acts and times from; the state JSON, a screen's business, is not
#: turned into objects) or "full" (json.loads of every frame, as a screen does)
PARSE = "header"
_DEC = json.JSONDecoder()
_UPDATE = '{"type":"update","seq":'


def update_fields(raw: str | bytes) -> dict | None:
    """An update's type, seq, action, legal and legal_count, decoded from
    their places in the frame; None (parse it whole) if the frame is not an
    update in the host's shape: ``{"type":"update","seq":..,"action":{..},
    ..,"legal":[..],"legal_count":N}`` (a compact JSON text has ``"legal":``
    unescaped only as a key, and only the top level's is followed by
    ``,"legal_count":N`` and the closing brace)."""
    if not isinstance(raw, str) or not raw.startswith(_UPDATE):
        return None
    try:
        seq, i = _DEC.raw_decode(raw, len(_UPDATE))
        if not raw.startswith(',"action":', i):
            return None
        action, _ = _DEC.raw_decode(raw, i + 10)
        j = raw.rfind(',"legal":')
        if j <= i:
            return None
        legal, k = _DEC.raw_decode(raw, j + 9)
        if not raw.startswith(',"legal_count":', k):
            return None
        count, m = _DEC.raw_decode(raw, k + 15)
    except ValueError:
        return None
    if m != len(raw) - 1 or raw[m] != "}" or not isinstance(legal, list) or not isinstance(action, dict):
        return None
    return {"type": "update", "seq": seq, "action": action, "legal": legal, "legal_count": count}


async def seat(uri: str, table: int, game: str, code: str, name: str, rng: random.Random, stats: Stats,
               think: float) -> None:
    """One thin client: a reader that timestamps every frame as it comes,
    and an actor that answers the newest legal list (paced)."""
    from websockets.asyncio.client import connect
    async with connect(uri, compression=None, proxy=None, max_size=8 * 1024 * 1024, open_timeout=60,
                       ping_interval=None) as ws:
        stats.open += 1
        stats.peak_open = max(stats.peak_open, stats.open)
        try:
            await ws.send(P.encode({"type": "hello", "version": P.VERSION, "code": code, "name": name}))
            state: dict = {"seq": -1, "started": False, "last": None, "acted": -1, "over": False}
            wake = asyncio.Event()

            async def actor() -> None:
                pace = B.Pace()
                while not state["over"]:
                    await wake.wait()
                    wake.clear()
                    last = state["last"]
                    if (not state["started"] or last is None or last["seq"] != state["seq"]
                            or state["acted"] == state["seq"] or not last["legal"]):
                        continue
                    if think:
                        await asyncio.sleep(think * (0.5 + rng.random()))
                        if state["seq"] != last["seq"]:
                            continue
                    await pace.wait()
                    if state["seq"] != last["seq"]:
                        continue
                    choice = last["legal"][rng.randrange(len(last["legal"]))]
                    state["acted"] = last["seq"]
                    stats.sent[(table, last["seq"] + 1, name)] = time.perf_counter()
                    stats.acts += 1
                    await ws.send(P.encode({"type": "act", "seq": last["seq"], "action": choice}))

            task = asyncio.ensure_future(actor())
            try:
                async for raw in ws:
                    now = time.perf_counter()
                    msg = (update_fields(raw) if PARSE == "header" else None) or json.loads(raw)
                    t = msg["type"]
                    if t == "update":
                        state["seq"] = msg["seq"]
                        state["last"] = msg
                        if stats.measuring:
                            stats.updates += 1
                            who = msg["action"].get("player")
                            if who == name:
                                stats.steps += 1
                            elif who is not None:
                                t0 = stats.sent.get((table, msg["seq"], who))
                                if t0 is not None:
                                    stats.latencies.append(now - t0)
                                    stats.by_game.setdefault(game, []).append(now - t0)
                    elif t == "welcome":
                        state["seq"], state["last"] = msg["seq"], msg
                        state["started"] = msg["game"].get("started", True) is True
                    elif t == "started":   # play begins: its legal list is the first to answer
                        state["seq"], state["last"] = msg["seq"], msg
                        state["started"] = True
                    elif t == "refused":
                        stats.refused += 1
                    elif t == "bye":
                        if msg.get("reason") != "the game is over":
                            stats.errors.append(str(msg.get("reason")))
                        break
                    else:
                        continue
                    if t != "update" or msg["legal"]:   # an update with nothing to answer: the actor sleeps on
                        wake.set()
            finally:
                state["over"] = True
                wake.set()
                task.cancel()
        finally:
            stats.open -= 1


async def table_loop(uri: str, i: int, game: str, stats: Stats, think: float, until: float) -> None:
    """Table slot ``i``: games one after the other until ``until``."""
    rng = random.Random(i)
    while time.perf_counter() < until:
        try:
            code = await B.create(uri, game=game, board=BOARDS[game], players=NAMES, remote=NAMES)
            gid = next(GAME_IDS)
            await asyncio.gather(*(seat(uri, gid, game, code, n, random.Random(rng.random()), stats, think)
                                   for n in NAMES))
            stats.games += 1
        except Exception as e:  # noqa: BLE001 - the bench reports it
            stats.errors.append(f"{type(e).__name__}: {e}"[:200])
            await asyncio.sleep(0.5)


def games_for(n: int, which: str) -> list[str]:
    if which == "both":
        return ["opensky" if i % 2 == 0 else "blue_skies" for i in range(n)]
    return [which] * n


async def load(server: Server, tables: int, which: str, think: float, warm: float, seconds: float
               ) -> tuple[Stats, float, float]:
    stats = Stats()
    start = time.perf_counter()
    until = start + warm + seconds
    slots = [asyncio.ensure_future(table_loop(server.uri, i, g, stats, think, until))
             for i, g in enumerate(games_for(tables, which))]
    await asyncio.sleep(warm)
    stats.measuring = True
    cpu0, mine0, t0 = server.cpu_seconds(), time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    stats.measuring = False
    cpu = server.cpu_seconds() - cpu0
    stats.client_cpu = time.process_time() - mine0
    window = time.perf_counter() - t0
    for s in slots:
        s.cancel()
    await asyncio.gather(*slots, return_exceptions=True)
    return stats, window, cpu


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def report(stats: Stats, window: float, cpu: float, server: Server, tables: int) -> float:
    lat = stats.latencies
    p95 = pct(lat, 0.95)
    print(f"tables {tables} x 4 clients, {window:.1f} s measured ({stats.games} games finished in all)")
    print(f"  act -> other clients' update: n {len(lat)}, p50 {pct(lat, .5) * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms, "
          f"p99 {pct(lat, .99) * 1e3:.1f} ms, max {max(lat, default=float('nan')) * 1e3:.1f} ms")
    if len(stats.by_game) > 1:
        print("  by game: " + "; ".join(f"{g} p50 {pct(v, .5) * 1e3:.1f} ms, p95 {pct(v, .95) * 1e3:.1f} ms"
                                        for g, v in sorted(stats.by_game.items())))
    print(f"  updates received {stats.updates / window:,.0f}/s; clients' own steps applied "
          f"{stats.steps / window:,.0f}/s; refused (stale) {stats.refused}")
    print(f"  connections open at most {stats.peak_open}; server CPU {cpu / window * 100:.0f}% of a core "
          f"(clients {stats.client_cpu / window * 100:.0f}%); "
          f"server RSS {server.rss_kb() / 1024:.1f} MB (peak {server.rss_kb('VmHWM') / 1024:.1f} MB)")
    if stats.steps and stats.updates:
        print(f"  CPU per step: server {cpu / stats.steps * 1e3:.2f} ms per client's step applied; "
              f"clients {stats.client_cpu / stats.updates * 1e3:.3f} ms per update received")
    if stats.errors:
        print(f"  problems: {len(stats.errors)}, e.g. {stats.errors[0]}")
    return p95


async def idle_memory(server: Server, n: int) -> dict[str, float]:
    """KB of server RSS per idle table (created, nobody joined), per game."""
    for g in BOARDS:   # the boards and code loaded once
        for _ in range(3):
            await B.create(server.uri, game=g, board=BOARDS[g], players=NAMES, remote=NAMES)
    await asyncio.sleep(0.3)
    out = {}
    for g in BOARDS:
        before = server.rss_kb()
        for _ in range(n):
            await B.create(server.uri, game=g, board=BOARDS[g], players=NAMES, remote=NAMES)
        await asyncio.sleep(0.3)
        out[g] = (server.rss_kb() - before) / n
    return out


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--capacity", action="store_true", help="memory per idle table, then 4 clients at each table")
    ap.add_argument("--tables", type=int, default=None, help="tables (default 50; 125 with --capacity)")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured seconds of play")
    ap.add_argument("--warm", type=float, default=3.0, help="seconds of play before measuring")
    ap.add_argument("--game", choices=["opensky", "blue_skies", "both"], default="both")
    ap.add_argument("--think", type=float, default=None,
                    help="mean seconds a client takes per decision (default 0; 0.5 with --capacity)")
    ap.add_argument("--data", default="", help="keep the server's data folder here")
    ap.add_argument("--shm", action="store_true",
                    help="the throw-away data folder in /dev/shm (memory: no disk syncs), to tell disk from CPU")
    ap.add_argument("--parse", choices=["header", "full"], default="header",
                    help="a client reads of an update only what a bot needs (default), or parses it whole")
    ap.add_argument("--profile", default="", help="write the server's cProfile here and print its top functions")
    ap.add_argument("--floor", type=int, default=0, metavar="BYTES",
                    help="the floor: bench/online_floor.py in place of serve (the real host's transport, no game), "
                         "updates with a view of BYTES")
    ap.add_argument("--work-us", type=float, default=0.0,
                    help="with --floor: CPU microseconds of stand-in game work per act (p95 against the host's CPU)")
    ap.add_argument("--loop", choices=["auto", "uvloop", "asyncio"], default="auto",
                    help="the server's event loop (serve --loop)")
    ap.add_argument("--client-loop", choices=["auto", "uvloop", "asyncio"], default="auto",
                    help="the clients' event loop (auto: uvloop where installed, as the server's)")
    a = ap.parse_args()
    global PARSE
    PARSE = a.parse
    tables = a.tables if a.tables is not None else (LIMIT_TABLES if a.capacity else 50)
    think = a.think if a.think is not None else (0.5 if a.capacity else 0.0)
    tmp = None
    data = a.data
    if not data:
        tmp = tempfile.TemporaryDirectory(prefix="opensky-bench-online-",
                                          dir="/dev/shm" if a.shm and os.path.isdir("/dev/shm") else None)
        data = tmp.name
    server = Server(data, a.profile, a.floor, a.work_us, a.loop)

    def run(main: Any) -> Any:
        got: list[Any] = []

        async def go() -> None:
            got.append(await main)
        run_loop(lambda: go(), a.client_loop)
        return got[0]
    client_loop = "asyncio" if a.client_loop == "asyncio" or importlib.util.find_spec("uvloop") is None \
        else "uvloop"
    ok = True
    try:
        print(f"serve pid {server.proc.pid} at {server.uri}; clients think {think:g} s per decision; "
              f"games: {a.game}; clients parse updates: {a.parse}; event loops: server {server.loop}, "
              f"clients {client_loop}; data in {data}")
        if a.capacity:
            per = run(idle_memory(server, tables))
            worst = max(per.values())
            print(f"idle tables ({tables} of each game, nobody joined): "
                  + ", ".join(f"{g} {kb:.0f} KB" for g, kb in per.items()) + " per table")
            ok &= worst <= LIMIT_IDLE_KB
            print(f"  limit <= {LIMIT_IDLE_KB} KB per idle table: {verdict(worst <= LIMIT_IDLE_KB)}")
        stats, window, cpu = run(load(server, tables, a.game, think, a.warm, a.seconds))
        p95 = report(stats, window, cpu, server, tables)
        if a.capacity:
            conns = stats.peak_open >= LIMIT_CONNECTIONS and tables >= LIMIT_TABLES
            good = p95 <= LIMIT_CAPACITY_P95
            print(f"  limit >= {LIMIT_CONNECTIONS} connections and >= {LIMIT_TABLES} tables: {verdict(conns)}; "
                  f"update p95 <= {LIMIT_CAPACITY_P95 * 1e3:.0f} ms: {verdict(good)}")
            ok &= conns and good
        else:
            good = p95 <= LIMIT_P95
            print(f"  limit p95 <= {LIMIT_P95 * 1e3:.0f} ms at 50 tables x 4 at full speed: {verdict(good)}"
                  + ("" if tables == 50 and think == 0 else " (not the contract's setting)"))
            ok &= good
    finally:
        server.stop()
        if tmp is not None:
            tmp.cleanup()
    if a.profile and os.path.exists(a.profile):
        print(f"\nserver profile ({a.profile}), top functions by own time:")
        st = pstats.Stats(a.profile)
        st.sort_stats("tottime").print_stats(15)
        st.sort_stats("cumulative").print_stats(25)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
