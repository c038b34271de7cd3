"""Online play over real sockets on 127.0.0.1: what goes wrong and how the
host recovers — reconnecting with a token mid-bid, a computer taking an
away seat over and handing it back, a ``serve`` process killed with
SIGKILL and restarted with every table intact, and hostile table files.
Every test is bounded and uses port 0."""
from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from opensky.online import protocol as P, wire
from opensky.online.server import Host
from opensky.online.table import Table
from opensky.online.tablestore import MAX_LOG, TableStore
from opensky.persistence import sealkey
from opensky.userdirs import data_dir
from opensky.rules.actions import BID

from tests.online.loop import (BOARDS, NAMES, OVER, ROOT, Player, Truth, arun, bid_waits_for, check_finished,
                               create, final_scores, join_all, presence_of, serving)


def test_reconnect_with_token_while_a_bid_is_pending(tmp_path: Path) -> None:
    """Bo's socket dies while his bid is awaited and a rival's is sealed; he
    comes back with his token to the current seq, view and legal bids (and
    the history, without the rival's fare), and the game plays to the end.
    The others hear Bo ``away`` then ``connected``."""
    async def main() -> None:
        async with serving(tmp_path / "tables.sqlite") as (host, uri):
            names = ["Ann", "Bo", "Cy"]
            code = await create(uri, "opensky", names, remote=names, seed=61)
            table = host.tables[code]
            ann, cy = Player(uri, seed=1, level="easy"), Player(uri, seed=3, level="easy")
            bo = Player(uri, seed=2, level="easy")
            await join_all(uri, code, [ann, bo, cy], names, snapshots=True)
            others = asyncio.gather(ann.play(), cy.play())
            stopped = await bo.play(stop=bid_waits_for("Bo"))
            assert stopped is not None and stopped["type"] == "update", "Bo never had a bid pending"
            bo.kill()
            away = [await presence_of(p, "Bo", P.AWAY) for p in (ann, cy)]
            await asyncio.sleep(0.1)
            waiting = table.state
            assert waiting.decision == BID and 1 in waiting.actors and not waiting.revealed
            assert any(waiting.submitted[q] for q in (0, 2))
            back = Player(uri, seed=2, level="easy", frames=bo.frames)
            await back.connect(token=bo.token, snapshots=True)
            w = await back.until("welcome")
            assert w["seq"] == table.seq and w["seats"] == ["Bo"]
            assert {d["type"] for d in w["legal"]} == {BID} and all(d["player"] == "Bo" for d in w["legal"])
            for p, i in zip((ann, cy), away):
                await presence_of(p, "Bo", P.CONNECTED, after=i)
            await asyncio.gather(others, back.play())
            check_finished(table, [ann, back, cy])
            truth = Truth(table)
            for p in (ann, bo, cy):
                truth.check(p.frames)
            assert truth.seen["welcome: snapshot with a sealed bid"] > 0
            assert truth.seen["history: another seat's secret action"] > 0
    arun(main())

def test_away_seat_is_played_by_a_computer_until_its_player_is_back(tmp_path: Path) -> None:
    """With ``away_after`` 0.5 s, Bo's seat is played by a computer while he
    is gone; when he comes back it is his again."""
    async def main() -> None:
        async with serving(tmp_path / "tables.sqlite") as (host, uri):
            names = ["Ann", "Bo"]
            code = await create(uri, "blue_skies", names, remote=names, seed=71, away_after=0.5, away_level="easy")
            table = host.tables[code]
            ann, bo = Player(uri, seed=1), Player(uri, seed=2)
            await join_all(uri, code, [ann, bo], names)
            ann_task = asyncio.ensure_future(ann.play())
            await bo.play(stop=lambda m: m["type"] == "update" and m["seq"] >= 12)
            await bo.close()
            i = await presence_of(ann, "Bo", P.AWAY)
            t0 = time.monotonic()
            i = await presence_of(ann, "Bo", P.COMPUTER, after=i)
            assert time.monotonic() - t0 < 3.0
            mark = len(ann.actions)
            end = time.monotonic() + 5
            while not any(a.get("player") == "Bo" for a in ann.actions[mark:]):
                assert time.monotonic() < end and not table.finished, "the computer did not play for Bo"
                await asyncio.sleep(0.01)
            assert not table.finished
            back = Player(uri, seed=2, frames=bo.frames)
            await back.connect(token=bo.token)
            w = await back.until("welcome")
            assert w["seq"] >= bo.seq
            await presence_of(ann, "Bo", P.CONNECTED, after=i)
            await asyncio.gather(ann_task, back.play())
            check_finished(table, [ann, back])
            assert table.seats[1].presence == P.CONNECTED
            truth = Truth(table)
            for p in (ann, bo):
                truth.check(p.frames)
    arun(main())

# ------------------------------------------------------------ a serve process killed
async def start_serve(data: Path, log: Path) -> tuple[Any, str, int]:
    """``python main.py serve --port 0`` on ``data``: the process, its address, the tables it resumed."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with open(log, "ab") as err:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "main.py"), "serve", "--port", "0", "--address", "127.0.0.1",
            "--data", str(data), stdout=subprocess.PIPE, stderr=err, cwd=str(ROOT), env=env)
    try:
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
    except BaseException:
        proc.kill()
        raise
    m = re.search(r":(\d+) \((\d+) tables", line)
    assert m, f"serve said {line!r} ({log.read_text()[-500:]})"
    return proc, f"ws://127.0.0.1:{m.group(1)}", int(m.group(2))

def stored_log(db: Path, code: str) -> list[str]:
    con = sqlite3.connect(str(db))
    try:
        return [e for (e,) in con.execute("SELECT entry FROM actions WHERE code = ? ORDER BY idx", (code,))]
    finally:
        con.close()

def test_serve_killed_mid_game_resumes_every_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``main.py serve`` is killed with SIGKILL while two tables play; started
    again on the same folder it resumes both, the clients come back with
    their tokens, and the games end.  Nothing a client saw is lost, and the
    stored log before the kill is the start of the log after."""
    data, db, log = tmp_path / "serve", tmp_path / "serve" / "tables.sqlite", tmp_path / "serve.log"

    async def main() -> None:
        procs = []
        try:
            proc, uri, resumed = await start_serve(data, log)
            procs.append(proc)
            assert resumed == 0
            games = {await create(uri, "opensky", NAMES[:2], remote=NAMES[:2], seed=81):
                     [Player(uri, seed=1, level="easy"), Player(uri, seed=2, level="easy")],
                     await create(uri, "blue_skies", NAMES[:3], remote=NAMES[:3], seed=82):
                     [Player(uri, seed=3), Player(uri, seed=4), Player(uri, seed=5)]}
            for code, ps in games.items():
                await join_all(uri, code, ps, NAMES, snapshots=ps[0].chooser.level is not None)
            tasks = [asyncio.ensure_future(p.play()) for ps in games.values() for p in ps]
            while min(p.seq for ps in games.values() for p in ps) < 30:
                assert not any(t.done() for t in tasks)
                await asyncio.sleep(0.002)
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
            await asyncio.gather(*tasks)
            before = {code: stored_log(db, code) for code in games}
            for code, ps in games.items():
                for p in ps:
                    assert p.bye is None               # it died: nobody was told
                    assert p.seq <= len(before[code])  # nothing a client saw is lost
                    for seen, e in zip(p.actions, before[code]):
                        if json.loads(e).get("type") != "sealed":
                            assert json.loads(e) == seen
            proc, uri, resumed = await start_serve(data, log)
            procs.append(proc)
            assert resumed == 2
            backs: dict[str, list[Player]] = {}
            for code, ps in games.items():
                backs[code] = []
                for p in ps:
                    b = Player(uri, seed=p.chooser.rng.randrange(1000), level=p.chooser.level, frames=p.frames)
                    await b.connect(token=p.token, snapshots=p.chooser.level is not None)
                    w = await b.until("welcome")
                    # (a resumed table draws the chance step it was killed before)
                    assert w["seq"] >= len(before[code]) and w["seats"] == list(p.seats)
                    backs[code].append(b)
            await asyncio.gather(*(b.play() for bs in backs.values() for b in bs))
            proc.send_signal(signal.SIGTERM)
            await asyncio.wait_for(proc.wait(), 10)
            for code, bs in backs.items():
                assert all(b.bye == OVER for b in bs)
                assert len({json.dumps(b.last["scores"]) for b in bs}) == 1
                assert all(final_scores(b.last["view"]) == b.last["scores"] for b in bs)
                after = stored_log(db, code)
                assert after[:len(before[code])] == before[code] and len(after) == bs[0].seq
            # the finished tables as the file keeps them (with the server's seal key): every frame checked
            monkeypatch.setenv("OPENSKY_DATA_DIR", str(data))
            sealkey.forget()
            store = TableStore(db)
            tables = {t.code: t for t in store.load_all(finished=True)}
            store.close()
            assert set(tables) == set(games)
            for code, ps in games.items():
                t = tables[code]
                assert t.finished and t.scores() == backs[code][0].last["scores"]
                truth = Truth(t)
                for p in ps:
                    truth.check(p.frames)
                assert truth.seen["update: another seat's secret action"] > 0
                if t.game.kind == "opensky":
                    assert truth.seen["history: another seat's secret action"] > 0
        finally:
            for p in procs:
                if p.returncode is None:
                    p.kill()
                    await p.wait()
    arun(main(), 80)

# ------------------------------------------------------------ hostile table files
def computer_table(game: str, seed: int, stop: Callable[[Table], bool]) -> Table:
    """A table of two computers, played until ``stop`` (or the end)."""
    t = Table.create(game, BOARDS[game], ["Ann", "Bo"], computer={"Ann": "easy", "Bo": "easy"}, seed=seed)
    t.start(fill=False)
    while not t.finished and not stop(t):
        assert t.step() is not None
    return t

def bid_sealed(t: Table) -> bool:
    st = t.state
    return st.decision == BID and not st.revealed and any(st.submitted)

def test_hostile_table_file_leaves_out_only_the_damaged_tables(tmp_path: Path) -> None:
    """Each damaged table (header, seat, entry, sealed entry, code, log length,
    key, board) is left out with a one-line problem; the sound ones resume
    exactly, a sealed bid included."""
    db = tmp_path / "tables.sqlite"
    store = TableStore(db)
    good = [computer_table("opensky", 1, bid_sealed), computer_table("blue_skies", 2, lambda t: t.seq >= 40)]
    damage: dict[str, Callable[[sqlite3.Connection, str], None]] = {}

    def header_edit(fn: Callable[[dict[str, Any]], None]) -> Callable[[sqlite3.Connection, str], None]:
        def edit(con: sqlite3.Connection, code: str) -> None:
            (h,) = con.execute("SELECT header FROM tables WHERE code = ?", (code,)).fetchone()
            h = json.loads(h)
            fn(h)
            con.execute("UPDATE tables SET header = ? WHERE code = ?", (json.dumps(h), code))
        return edit

    def entry(idx: int | None, text: str | Callable[[str], str]) -> Callable[[sqlite3.Connection, str], None]:
        def edit(con: sqlite3.Connection, code: str) -> None:
            rows = con.execute("SELECT idx, entry FROM actions WHERE code = ? ORDER BY idx", (code,)).fetchall()
            i, old = rows[idx] if idx is not None else next(r for r in rows if '"sealed"' in r[1])
            new = text(old) if callable(text) else text
            con.execute("UPDATE actions SET entry = ? WHERE code = ? AND idx = ?", (new, code, i))
        return edit

    def recode(con: sqlite3.Connection, code: str) -> None:
        for table in ("tables", "actions"):
            con.execute(f"UPDATE {table} SET code = ? WHERE code = ?", (code.lower(), code))

    def too_long(con: sqlite3.Connection, code: str) -> None:
        (n,) = con.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (code,)).fetchone()
        con.executemany("INSERT INTO actions (code, idx, entry) VALUES (?, ?, ?)",
                        [(code, i, '{"type": "lease"}') for i in range(n, MAX_LOG + 1)])

    def tamper(old: str) -> str:
        e = json.loads(old)
        e["data"] = e["data"][::-1] if e["data"][::-1] != e["data"] else e["data"] + "AA"
        return json.dumps(e)

    damage = {
        "header not JSON": lambda con, code: con.execute("UPDATE tables SET header = '{not' WHERE code = ?", (code,)),
        "header of another format": header_edit(lambda h: h.update(format="a-save")),
        "header too long": header_edit(lambda h: h.update(pad="x" * (70 * 1024))),
        "a seat damaged": header_edit(lambda h: h["seats"][0].update(kind="wizard")),
        "secret damaged": header_edit(lambda h: h.update(secret="not hex")),
        "unknown board": header_edit(lambda h: h.update(board="atlantis")),
        "another seal key": header_edit(lambda h: h.update(seal_key="0" * 16)),
        "entry not JSON": entry(3, "{"),
        "entry not an object": entry(3, "[1]"),
        "entry does not replay": entry(0, '{"type": "lease", "player": "Bo", "planes": 9, "cards": []}'),
        "entry too long": entry(2, json.dumps({"type": "x", "pad": "y" * (70 * 1024)})),
        "sealed entry tampered": entry(None, tamper),
        "code not canonical": recode,
        "log too long": too_long,
        "a row of the log lost": lambda con, code: con.execute("DELETE FROM actions WHERE code = ? AND idx = 2",
                                                               (code,)),
    }
    bad = {what: computer_table("opensky" if i % 2 else "blue_skies", 100 + i,
                                bid_sealed if i % 2 else (lambda t: t.seq >= 30))
           for i, what in enumerate(damage)}
    finished = computer_table("blue_skies", 3, lambda t: False)
    for t in good + list(bad.values()) + [finished]:
        store.add(t)
    store.close()
    con = sqlite3.connect(str(db))   # one transaction for all the damage
    for what, fn in damage.items():
        fn(con, bad[what].code)
    con.commit()
    con.close()

    host = Host(TableStore(db))
    problems = host.resume()
    assert set(host.tables) == {t.code for t in good}, problems
    assert len(problems) == len(damage), problems
    for what, t in bad.items():
        code = t.code.lower() if what == "code not canonical" else t.code
        mine = [p for p in problems if p.startswith(f"table {code[:8]}:")]
        assert len(mine) == 1, (what, problems)
        assert "\n" not in mine[0] and len(mine[0]) < 160, mine[0]
    for t in good:
        back = host.tables[t.code]
        assert back.seq == t.seq and back.entries == t.entries
        assert back.state.to_json() == t.state.to_json()
        assert wire.dump_state(back.state) == wire.dump_state(t.state)   # the sealed bid and the hands too
    assert bid_sealed(host.tables[good[0].code])
    gap = [p for p in problems if p.startswith(f"table {bad['a row of the log lost'].code}:")]
    assert gap == [f"table {bad['a row of the log lost'].code}: its log has a gap (action 3 is missing)"]
    host.store.close()

    # main.py serve says each table left out once, on its standard error (it logged them a second time)
    # (the seal key of this process beside the tables: the data folder is serve's)
    sealkey.current()
    (tmp_path / sealkey.KEY_FILE).write_bytes((data_dir() / sealkey.KEY_FILE).read_bytes())

    async def serve_once() -> tuple[int, str]:
        proc, _, resumed = await start_serve(tmp_path, tmp_path / "serve.log")
        proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc.wait(), 30)
        return resumed, (tmp_path / "serve.log").read_text()
    _, err = arun(serve_once())   # (the sound tables, computers only, play to their end at once)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == len(damage), lines
    assert all(ln.startswith("opensky serve: left out table ") for ln in lines), lines
