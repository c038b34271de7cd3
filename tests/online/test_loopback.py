"""Online play over real sockets on 127.0.0.1 (``spec/online.md``): whole
games and what the host refuses.

Whole games of both games through a real ``Host``: opened with ``create``
(``serve``'s way) and played by thin random clients or by engine bots that
decide from the snapshots; the window's way (local seats on an in-process
connection, a computer seat, a remote client).  Every frame any client
receives is kept and checked against the host's true game for another
seat's secret (a sealed bid's fare; a card in another hand).  Then the
host's refusals and the frames that close a connection.  The faults
(reconnecting, away seats, a killed ``serve``, hostile table files) are in
``test_loopback_faults.py``.  Every test is bounded and uses port 0.
"""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from opensky.online import protocol as P
from opensky.online.table import Table
from opensky.online.tablestore import TableStore
from tests.online.loop import (BIG, BOARDS, CHANCE, NAMES, LocalPlayer, Player, Truth, arun, check_finished, create,
                               fingerprint, has_secret, join_all, padded, serving)


@pytest.mark.parametrize("game,n", [("opensky", 2), ("opensky", 4), ("blue_skies", 2), ("blue_skies", 4)])
def test_whole_game_thin_clients(game: str, n: int, tmp_path: Path) -> None:
    """``create``, then n thin random clients (no engine) play a whole game;
    every frame is checked against the host's game for secrets and order."""
    async def main() -> None:
        async with serving(tmp_path / "tables.sqlite") as (host, uri):
            names = NAMES[:n]
            code = await create(uri, game, names, remote=names, seed=10 + n)
            table = host.tables[code]
            players = [Player(uri, seed=i) for i in range(n)]
            await join_all(uri, code, players, names)
            await asyncio.gather(*(p.play() for p in players))
            check_finished(table, players)
            assert [p.seats for p in players] == [(name,) for name in names]
            truth = Truth(table)
            for p in players:
                truth.check(p.frames)   # and the actions: every client saw every step, in order
                assert len(p.actions) == table.seq
            if has_secret(table):       # random OpenSky players seldom meet in an auction
                assert truth.seen["update: another seat's secret action"] > 0
            again = TableStore(tmp_path / "tables.sqlite")
            assert code in {t.code for t in again.load_all(finished=True)}
            assert code not in {t.code for t in again.load_all()}
            again.close()
    arun(main())


@pytest.mark.parametrize("game", ["opensky", "blue_skies"])
def test_whole_game_engine_bots(game: str, tmp_path: Path) -> None:
    """Two clients whose engine bots ("easy") decide from the snapshots the
    host sends, and one thin client, play a whole game."""
    async def main() -> None:
        async with serving(tmp_path / "tables.sqlite") as (host, uri):
            names = NAMES[:3]
            code = await create(uri, game, names, remote=names, seed=21)
            table = host.tables[code]
            players = [Player(uri, seed=1, level="easy"), Player(uri, seed=2, level="easy"), Player(uri, seed=3)]
            for p, name in zip(players, names):
                await p.connect(code=code, name=name, snapshots=p.chooser.level is not None)
                await p.until("welcome")
            await asyncio.gather(*(p.play() for p in players))
            check_finished(table, players)
            assert all("snapshots" in m for p in players[:2] for _, m in p.frames if m["type"] == "update")
            assert not any("snapshots" in m for _, m in players[2].frames)
            truth = Truth(table)
            for p in players:
                truth.check(p.frames)
            assert truth.seen["update: another seat's secret action"] > 0
            kind = "sealed bid" if game == "opensky" else "another hand"
            assert truth.seen[f"update: snapshot with {'a ' if game == 'opensky' else ''}{kind}"] > 0
    arun(main())


@pytest.mark.parametrize("game", ["opensky", "blue_skies"])
def test_one_client_holds_two_seats(game: str, tmp_path: Path) -> None:
    """People sharing a computer: one client claims Ann and Bo with one token
    (``hello.names``), plays both, and sees both seats' secrets but never
    Cy's; a claim naming a taken seat takes nothing."""
    async def main() -> None:
        async with serving(tmp_path / "tables.sqlite") as (host, uri):
            names = NAMES[:3]
            code = await create(uri, game, names, remote=names, seed=33)
            table = host.tables[code]
            pair, cy = Player(uri, seed=1, level="easy"), Player(uri, seed=2, level="easy")
            await pair.connect(code=code, names=["Ann", "Bo"], snapshots=True)
            w = await pair.until("welcome")
            assert w["seats"] == ["Ann", "Bo"] and set(w["snapshots"]) == {"Ann", "Bo", ""}
            assert table.seats_of_token(w["token"]) == [0, 1]
            late = Player(uri, seed=9)
            await late.connect(code=code, names=["Bo", "Cy"])       # Bo is taken: Cy is not claimed either
            assert (await late.until("bye"))["reason"] == "no free seat of that name at this table"
            assert table.seats[2].token_hash is None
            await cy.connect(code=code, name="Cy", snapshots=True)
            await cy.until("welcome")
            await asyncio.gather(pair.play(), cy.play())
            check_finished(table, [pair, cy])
            truth = Truth(table)
            truth.check(pair.frames)
            truth.check(cy.frames)
            assert any(m["type"] == "update" and m["action"].get("player") == "Bo" for _, m in pair.frames)
    arun(main())


@pytest.mark.parametrize("game,late", [("opensky", False), ("opensky", True), ("blue_skies", False),
                                       ("blue_skies", True)])
def test_window_host_local_computer_and_remote_seats(game: str, late: bool, tmp_path: Path) -> None:
    """The window's way: a table made with ``Table.create`` whose local seats
    (Ann and Di) are the host's screen on a ``LocalConn``, Cy a computer, Bo a
    remote client with an engine bot; the screen answers from its frames.
    Bo's claim starts the game, or (``late``) the host starts it without him
    and he joins when the game waits for him: his welcome and history come
    mid-game."""
    names = ["Ann", "Bo", "Cy", "Di"]
    table = Table.create(game, BOARDS[game], names, remote=["Bo"], computer={"Cy": "easy"}, seed=31)

    async def main() -> None:
        async with serving(tmp_path / "tables.sqlite", allow_create=False, tables=[table]) as (host, uri):
            local = LocalPlayer(host, seed=4)
            token = local.attach(table)
            assert len(token) == 2 * P.TOKEN_BYTES and not table.started
            screen = asyncio.ensure_future(local.play())
            bo = Player(uri, seed=5, level="easy")
            if late:
                host.start_table(table, fill=False)
                while not (table.seq > 0 and 1 in table.waiting_for()):
                    assert not screen.done()
                    await asyncio.sleep(0.003)
            await bo.connect(code=table.code, name="Bo", snapshots=True)
            w = await bo.until("welcome")
            assert (w["seq"] > 0) == late and w["game"]["started"] == late
            await asyncio.gather(screen, bo.play())
            check_finished(table, [local, bo])
            assert local.seats == ("Ann", "Di") and bo.seats == ("Bo",)
            assert any(a.player == 2 for a in table.session.log), "the computer played"
            truth = Truth(table)
            truth.check(local.frames)
            truth.check(bo.frames)
            assert all("snapshots" in m for _, m in local.frames if m["type"] == "update")
            assert truth.seen["update: another seat's secret action"] > 0
            if late:
                assert truth.seen["history: entries"] == w["seq"]
                if game == "blue_skies":   # (OpenSky first waits for Bo in the placement, before any bid)
                    assert truth.seen["welcome: view with another hand"] > 0
                    assert truth.seen["welcome: snapshot with another hand"] > 0
                    assert truth.seen["history: another seat's secret action"] > 0
    arun(main())


@pytest.mark.parametrize("game", ["opensky", "blue_skies"])
def test_refusals_change_nothing(game: str, tmp_path: Path) -> None:
    """Out of turn, stale, for another's seat, malformed, a chance outcome:
    each is ``refused`` with a reason and the table's seq, state and log are as before."""
    async def main() -> None:
        async with serving(tmp_path / "tables.sqlite") as (host, uri):
            code = await create(uri, game, ["Ann", "Bo"], remote=["Ann", "Bo"], seed=41)
            table = host.tables[code]
            stranger = Player(uri)
            stranger.ws = await connect(uri, compression=None, proxy=None)
            await stranger.send({"type": "act", "seq": 0, "action": {"type": "bid", "player": "Ann", "fare": 300}})
            assert (await stranger.until("refused"))["reason"] == "say hello first"
            players = [Player(uri, seed=1), Player(uri, seed=2)]
            await join_all(uri, code, players, ["Ann", "Bo"])
            # play until one seat alone is to decide, after at least one step
            while table.seq == 0 or len(table.waiting_for()) != 1:
                p = players[table.waiting_for()[0]]
                await p.send({"type": "act", "seq": table.seq,
                              "action": table.legal_for([table.waiting_for()[0]])[0][0]})
                for q in players:
                    await q.until("update")
            m = table.waiting_for()[0]
            mover, other = players[m], players[1 - m]
            mine = table.legal_for([m])[0][0]
            name, rival = table.names[m], table.names[1 - m]
            before = fingerprint(host, table)

            async def refused(p: Player, action: Any, seq: int | None = None) -> str:
                await p.send({"type": "act", "seq": table.seq if seq is None else seq, "action": action})
                msg = await p.until("refused")
                assert msg["seq"] == table.seq and isinstance(msg["reason"], str) and msg["reason"]
                assert fingerprint(host, table) == before
                return msg["reason"]

            reasons = {
                "out of turn": await refused(other, {**mine, "player": rival}),
                "foreign seat": await refused(other, mine),
                "stale": await refused(mover, mine, table.seq - 1),
                "ahead": await refused(mover, mine, table.seq + 1),
                "no type": await refused(mover, {}),
                "unknown type": await refused(mover, {"type": "fly", "player": name}),
                "type not a string": await refused(mover, {"type": 5, "player": name}),
                "missing field": await refused(mover, {"type": mine["type"], "player": name}),
                "extra field": await refused(mover, {**mine, "junk": 1}),
                "unknown player": await refused(mover, {**mine, "player": "Zed"}),
                "player not a name": await refused(mover, {**mine, "player": 0}),
            }
            for i, a in enumerate(CHANCE[game]):
                reasons[f"chance {i}"] = await refused(mover, json.loads(json.dumps(a).replace("{mover}", name)))
            assert reasons["foreign seat"] == "that seat is not yours" != reasons["out of turn"]
            assert reasons["stale"].startswith("stale")
            assert all(r == "chance outcomes are drawn by the host" for k, r in reasons.items() if k.startswith("chance"))
            assert len(set(reasons.values())) >= 6, reasons
            # nobody heard of any of it; the right action still plays
            for p in players:
                assert [m_["type"] for m_ in await p.quiet(0.05)] == []
            await mover.send({"type": "act", "seq": table.seq, "action": mine})
            assert (await other.until("update"))["seq"] == before[0] + 1
            for p in players:
                await p.close()
    arun(main())



def test_bad_frames_close_the_connection(tmp_path: Path) -> None:
    """Not JSON, not an object, an unknown type, an extra field, a wrong
    field type, too deep, over 64 KiB, more than 20 a second: ``bye`` and the
    connection closed, the table as it was, the other client unaffected."""
    bad: list[tuple[str, Any]] = [
        ("not JSON", "{not json"),
        ("not UTF-8", b"\xff\xfe{}"),
        ("not an object", "[1, 2]"),
        ("no type", '{"seq": 1}'),
        ("unknown type", '{"type": "shout"}'),
        ("extra field", '{"type": "ping", "x": 1}'),
        ("wrong field type", '{"type": "act", "seq": "3", "action": {}}'),
        ("bool for an int", '{"type": "act", "seq": true, "action": {}}'),
        ("missing field", '{"type": "act", "seq": 3}'),
        ("too deep", '{"type": "act", "seq": 0, "action": ' + '{"a": ' * 8 + "1" + "}" * 8 + "}"),
        ("long string", json.dumps({"type": "act", "seq": 0, "action": {"type": "x" * 300}})),
        ("over 64 KiB", padded(BIG + 1)),
    ]

    async def main() -> None:
        async with serving(tmp_path / "tables.sqlite") as (host, uri):
            code = await create(uri, "opensky", ["Ann", "Bo"], remote=["Ann", "Bo"], seed=51)
            table = host.tables[code]
            ann, bo = Player(uri, seed=1), Player(uri, seed=2)
            await join_all(uri, code, [ann, bo], ["Ann", "Bo"])
            before = fingerprint(host, table)
            # a ping of exactly 64 KiB is fine
            await bo.raw(padded(BIG))
            assert (await bo.until("pong"))["type"] == "pong"
            token = ann.token
            await ann.close()
            heard = len(bo.frames)
            for what, frame in bad:
                p = Player(uri)
                await p.connect(token=token)
                await p.until("welcome")
                await p.raw(frame)
                with pytest.raises(ConnectionClosed):
                    while True:
                        msg = await p.recv(5)
                        if msg["type"] == "bye":
                            assert msg["reason"], what
                if what != "over 64 KiB":  # the socket layer refuses that one before the host reads it
                    assert p.bye, f"{what}: no bye"
                assert fingerprint(host, table) == before, what
            # more than 20 messages a second
            p = Player(uri)
            p.ws = await connect(uri, compression=None, proxy=None)
            for _ in range(P.RATE_PER_SECOND + 5):
                await p.ws.send('{"type": "ping"}')
            kinds = []
            with pytest.raises(ConnectionClosed):
                while True:
                    kinds.append((await p.recv(5))["type"])
            assert kinds == ["pong"] * P.RATE_PER_SECOND + ["bye"] and p.bye == "too many messages"
            assert fingerprint(host, table) == before
            # Bo heard Ann come and go, and nothing else; the game goes on
            await bo.quiet(0.05)
            assert {m["type"] for _, m in bo.frames[heard:]} == {"seat"}
            ann2 = Player(uri, seed=1)
            await ann2.connect(token=token)
            await ann2.until("welcome")
            await asyncio.gather(ann2.play(), bo.play())
            check_finished(table, [ann2, bo])
    arun(main())


