"""The frames a host sends, made from parts kept between steps, are the
frames made afresh (``online/frames.py``, ``online/statetext.py``).

Whole random games of both games, driven step by step as the host drives
them: after every applied action, the ``update`` of every set of seats one
connection can hold (a spectator's included) is byte for byte the standard
library's encoding of the message made from the table's own methods alone
(``view_json``, ``legal_for``, ``public_action``, the sealed events) — so
the per-table texts, the shared parts and the host's encoder change nothing
a client can see, secrets included.  Then a whole game over real sockets with every frame going
through the writer's queue, the slow path of a connection that is behind.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from opensky.online import server as S, wire
from opensky.online.frames import StepFrames
from opensky.online.statetext import StateText
from opensky.online.table import Applied, Table
from tests.online.loop import BOARDS, NAMES, Player, Truth, arun, check_finished, create, join_all, serving


#: the standard library's own encoder (not the host's: its text is what is checked)
STDLIB = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def fresh(table: Table, a: Applied, seats: list[int], snapshots: bool) -> str:
    """The update for ``seats`` from the table's own methods, with nothing kept."""
    legal, n = table.legal_for(seats)
    msg: dict[str, Any] = {
        "type": "update", "seq": a.index + 1, "action": table.public_action(a, seats),
        "events": wire.dump_events(table.game.seal(a.events, seats)),
        "scores": list(table.session.records[a.index].scores),
        "view": table.view_json(seats), "legal": legal, "legal_count": n}
    if snapshots:
        msg["snapshots"] = table.snapshots(seats)
    return STDLIB(msg)


def check_step(table: Table, a: Applied, text: StateText, seat_sets: list[list[int]]) -> None:
    step = StepFrames(table, a, text)
    for i, seats in enumerate(seat_sets):
        snapshots = i % 7 == 0
        assert step.frame(seats, snapshots) == fresh(table, a, seats, snapshots), (a.index, seats)


@pytest.mark.parametrize("game,players,seed", [("opensky", 4, 1), ("opensky", 3, 2), ("blue_skies", 4, 3),
                                               ("blue_skies", 2, 4), ("blue_skies", 3, 5)])
def test_kept_parts_make_the_frames_made_afresh(game: str, players: int, seed: int) -> None:
    names = NAMES[:players]
    table = Table.create(game, BOARDS[game], names, remote=names, seed=seed)
    table.start(fill=False)
    every = [list(c) for k in range(players + 1) for c in itertools.combinations(range(players), k)]
    every += [list(reversed(c)) for c in every if len(c) > 1]   # a connection's seats in another order
    text = StateText()
    rng = random.Random(seed)
    steps = 0
    while not table.finished and steps < 1500:
        for a in table.advance():
            check_step(table, a, text, every)
            steps += 1
        waiting = table.waiting_for()
        if table.finished or not waiting:
            break
        p = waiting[rng.randrange(len(waiting))]
        legal, _ = table.legal_for([p])
        a = table.act([p], table.seq, legal[rng.randrange(len(legal))])
        check_step(table, a, text, every)
        steps += 1
    assert steps > 30


def test_one_state_text_serves_tables_of_other_names_in_turn() -> None:
    """Texts kept for one table never leak into another's: two tables of the
    same board, seed and moves but other names, their states asked for in turn."""
    from opensky.blueskies.view import spectator_view
    text = StateText()
    tables = []
    for names in (["Ann", "Bo", "Cy"], ["Xi", "Yu", "Zo"]):
        table = Table.create("blue_skies", BOARDS["blue_skies"], names, remote=names, seed=3)
        table.start(fill=False)
        tables.append(table)
    rng = random.Random(3)
    for _ in range(60):
        for table in tables:
            table.advance()
            assert text.blueskies(table.state).text() == STDLIB(spectator_view(table.state).to_json())
        waiting = tables[0].waiting_for()
        if tables[0].finished or not waiting:
            break
        legal, _ = tables[0].legal_for(waiting[:1])
        choice = rng.randrange(len(legal))
        for table in tables:
            table.act(waiting[:1], table.seq, table.legal_for(waiting[:1])[0][choice])


@pytest.mark.parametrize("game", ["opensky", "blue_skies"])
def test_a_connection_behind_gets_every_frame_in_order_through_its_queue(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no frame written at once (as for a socket that is behind), the
    writer task sends them all, in order, and the game plays to its end."""
    monkeypatch.setattr(S, "WRITE_NOW", -1)

    async def main() -> None:
        async with serving(tmp_path / "tables.sqlite") as (host, uri):
            code = await create(uri, game, NAMES, remote=NAMES, seed=7)
            table = host.tables[code]
            players = [Player(uri, seed=i) for i in range(len(NAMES))]
            await join_all(uri, code, players, NAMES)
            await asyncio.gather(*(p.play() for p in players))
            check_finished(table, players)
            truth = Truth(table)
            for p in players:
                truth.check(p.frames)
                assert len(p.actions) == table.seq
    arun(main())


class _Transport:
    def __init__(self, behind: int = 0) -> None:
        self.behind = behind
        self.written: list[bytes] = []

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return self.behind

    def write(self, data: bytes) -> None:
        self.written.append(data)


class _WS:
    """Just what ``WSConn`` uses of a websockets connection: its Sans-I/O protocol and transport."""

    def __init__(self, behind: int = 0, broken: bool = False) -> None:
        from websockets.protocol import SERVER, Protocol, State
        self.protocol = Protocol(SERVER, state=State.OPEN)
        self.transport = _Transport(behind)
        self.sent: list[str] = []
        if broken:
            def fail(data: bytes, fin: bool = True) -> None:
                raise OSError("the socket broke")
            self.protocol.send_text = fail  # type: ignore[method-assign,assignment]

    async def send(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


def test_a_connection_writes_a_turns_frames_at_once_queues_them_when_behind_and_ends_when_broken() -> None:
    async def main() -> None:
        from websockets.frames import Frame, Opcode
        ws = _WS()
        conn = S.WSConn(ws)
        conn.deliver_many(['{"a":1}', '{"b":2}'])   # one write, two text frames, in order
        assert len(ws.transport.written) == 1 and conn.queue.empty()
        data = ws.transport.written[0]
        assert data == (Frame(Opcode.TEXT, b'{"a":1}').serialize(mask=False, extensions=[])
                        + Frame(Opcode.TEXT, b'{"b":2}').serialize(mask=False, extensions=[]))

        slow = _WS(behind=S.WRITE_NOW + 1)          # the socket is behind: the writer task sends them
        conn = S.WSConn(slow)
        conn.deliver_many(['{"a":1}', '{"b":2}'])
        assert not slow.transport.written and conn.queue.qsize() == 2
        slow.transport.behind = 0
        conn.deliver('{"c":3}')                      # queued behind the others, never before them
        conn.close("bye")
        task = asyncio.ensure_future(conn.writer())
        await asyncio.sleep(0)
        await asyncio.wait_for(task, 5)
        assert slow.sent == ['{"a":1}', '{"b":2}', '{"c":3}'] and not slow.transport.written

        broken = _WS(broken=True)
        conn = S.WSConn(broken)
        conn.deliver('{"a":1}')
        assert conn.closed
        await asyncio.wait_for(conn.writer(), 5)    # the writer ends, so the handler does
    arun(main())
