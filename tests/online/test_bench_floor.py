"""bench/online_floor.py, the floor under bench_online.py: a game-less table
through the real Host, in the shape the bench's clients read."""
from __future__ import annotations

import sys
from typing import Any

from opensky.online import protocol as P
from tests.online.loop import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import bench_online  # noqa: E402
import online_floor  # noqa: E402
from bench_frames import Kept  # noqa: E402   (a connection in this process that keeps every frame)


def last(c: Kept) -> dict[str, Any]:
    return P.parse_from_host(c.frames[-1])


def test_floor_table_takes_turns_in_the_bench_clients_shape() -> None:
    host = online_floor.FloorHost(view_bytes=2000, moves=6)
    maker = Kept()
    host.receive(maker, P.encode({"type": "create", "game": "opensky", "board": "europe",
                                   "players": ["Ann", "Bo", "Cy", "Di"], "remote": ["Ann", "Bo", "Cy", "Di"]}))
    code = last(maker)["code"]
    seats = [Kept() for _ in range(4)]
    for c, name in zip(seats, ["Ann", "Bo", "Cy", "Di"]):
        host.receive(c, P.encode({"type": "hello", "version": P.VERSION, "code": code, "name": name}))
    assert [last(c)["type"] for c in seats] == ["started"] * 4
    assert [len(last(c)["legal"]) for c in seats] == [1, 0, 0, 0]
    # out of turn: refused, nothing sent to the others
    host.receive(seats[1], P.encode({"type": "act", "seq": 0, "action": {"type": "pass", "player": "Bo"}}))
    assert last(seats[1])["type"] == "refused" and last(seats[0])["type"] == "started"
    for step in range(6):
        who = seats[step % 4]
        msg = last(who)
        host.receive(who, P.encode({"type": "act", "seq": msg["seq"], "action": msg["legal"][0]}))
        for i, c in enumerate(seats):
            frame = [f for f in c.frames if f.startswith('{"type":"update"')][-1]
            got = bench_online.update_fields(frame)   # the bench reads it without parsing the view
            assert got is not None and got["seq"] == step + 1
            assert got["action"]["player"] == ["Ann", "Bo", "Cy", "Di"][step % 4]
            assert len(frame) > 2000
            assert len(got["legal"]) == (0 if step == 5 else int(i == (step + 1) % 4))
    assert all(last(c)["type"] == "bye" and c.closed for c in seats)


def test_floor_work_costs_cpu() -> None:
    import time
    host = online_floor.FloorHost(view_bytes=100, work_us=3000)
    maker = Kept()
    host.receive(maker, P.encode({"type": "create", "game": "opensky", "board": "europe",
                                   "players": ["Ann", "Bo"], "remote": ["Ann", "Bo"]}))
    code = last(maker)["code"]
    a, b = Kept(), Kept()
    host.receive(a, P.encode({"type": "hello", "version": P.VERSION, "code": code, "name": "Ann"}))
    host.receive(b, P.encode({"type": "hello", "version": P.VERSION, "code": code, "name": "Bo"}))
    t0 = time.thread_time()
    host.receive(a, P.encode({"type": "act", "seq": 0, "action": {"type": "pass", "player": "Ann"}}))
    assert time.thread_time() - t0 >= 0.003
    assert last(b)["type"] == "update"
