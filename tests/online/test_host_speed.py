"""What makes the host's step cheap, each checked on its own (issue 20): Blue
Skies' state text from a glance at the table's state, its players and hands
kept, the assistance sets listed once and their text kept, every action's
text kept per table, the store's checkpoints on a thread of their own, the
headers written with the turn's actions, a busy turn's frames sent early,
and the event loop chosen.  ``test_frames.py`` checks, over whole games,
that every frame is still the one made afresh."""
from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from opensky.blueskies import jsonstate
from opensky.blueskies.actions import ASSIST
from opensky.blueskies.view import player_view, spectator_glance, spectator_view
from opensky.online import games as G, server as S, tablestore as TS
from opensky.online.server import Host
from opensky.online.statetext import StateText
from opensky.online.table import Table
from opensky.online.tablestore import TableStore
from tests.online.loop import ROOT, act_at_random

sys.path.insert(0, str(ROOT / "bench"))
from bench_frames import Kept  # noqa: E402   (a connection in this process that keeps every frame)

#: the standard library's own encoder (not the host's: its text is what is checked)
STDLIB = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
NAMES = ["Ann", "Bo", "Cy", "Di"]


def play_until(table: Table, rng: random.Random, stop: Any, limit: int = 3000) -> bool:
    """Random legal play until ``stop(table)``; False if the game ended first."""
    for _ in range(limit):
        table.advance()
        if stop(table):
            return True
        waiting = table.waiting_for()
        if table.finished or not waiting:
            return False
        p = waiting[rng.randrange(len(waiting))]
        legal, _ = table.legal_for([p])
        table.act([p], table.seq, legal[rng.randrange(len(legal))])
    return False


def test_spectator_glance_shows_what_the_spectator_view_shows() -> None:
    table = Table.create("blue_skies", "usa", NAMES, remote=NAMES, seed=5)
    table.start(fill=False)
    rng = random.Random(5)
    for _ in range(40):
        play_until(table, rng, lambda t: True)
        st = table.state
        assert jsonstate.to_json(spectator_glance(st)) == jsonstate.to_json(spectator_view(st))
        if not act_at_random(table, rng):
            break
    # nothing of a hand is in it, and a player's view cannot be made a spectator's
    glance = spectator_glance(table.state)
    assert all(h == [] for h in glance.hands) and not any(glance.deck)
    with pytest.raises(ValueError):
        spectator_glance(player_view(table.state, 0))


def test_one_state_text_serves_blue_skies_tables_of_other_names_in_turn() -> None:
    text = StateText()
    tables = []
    for i, names in enumerate((["Ann", "Bo", "Cy"], ["Xi", "Yu", "Zo"], ["Ann", "Bo", "Cy", "Di"])):
        t = Table.create("blue_skies", "usa", names, remote=names, seed=10 + i)
        t.start(fill=False)
        tables.append(t)
    rngs = [random.Random(i) for i in range(len(tables))]
    steps = 0
    for _ in range(120):
        for t, rng in zip(tables, rngs):
            t.advance()
            st = t.state
            assert text.blueskies(st).text() == STDLIB(jsonstate.to_json(spectator_view(st)))
            for p in range(st.P):   # each seat's own hand and name, kept per seat
                assert text.hand(st, p) == STDLIB(sorted(st.board.codes[c] for c in st.hands[p]))
                assert text.name(st, p) == STDLIB(st.names[p])
            steps += act_at_random(t, rng)
    assert steps > 200


def test_an_assistance_set_is_listed_once_and_its_text_kept() -> None:
    for seed in range(40):
        table = Table.create("blue_skies", "usa", NAMES, remote=NAMES, seed=seed)
        table.start(fill=False)
        if play_until(table, random.Random(seed), lambda t: t.state.decision == ASSIST and not t.finished):
            break
    else:
        pytest.fail("no assistance in 40 random games")
    st = table.state
    p = st.actor
    first, n = table.game.legal_actions(table.session, p)
    again, n2 = table.game.legal_actions(table.session, p)
    assert again is first and isinstance(first, tuple) and n == n2 == len(st.legal_actions(p))
    assert list(first) == list(st.legal_actions(p)[:G.LEGAL_LIMIT])
    codec = table.session.codec
    text = StateText()
    made = text.actions(codec, p, first)
    assert made == STDLIB([codec.to_dict(a) for a in first])[1:-1]
    text.actions(codec, p, [first[0]])              # the seat's last list is another one now
    assert text.actions(codec, p, first) is made    # the shared list's text, kept by the list


def test_each_actions_text_is_kept_and_lists_are_put_together_from_them() -> None:
    table = Table.create("opensky", "europe", NAMES, remote=NAMES, seed=1)
    table.start(fill=False)
    table.advance()
    p = table.waiting_for()[0]
    legal = list(table.state.legal_actions(p))
    codec = table.session.codec
    text = StateText()
    whole = text.actions(codec, p, legal)
    part = text.actions(codec, p, legal[::2])
    assert whole == STDLIB([codec.to_dict(a) for a in legal])[1:-1]
    assert part == STDLIB([codec.to_dict(a) for a in legal[::2]])[1:-1]
    assert set(text._texts) == set(legal)


def test_the_store_copies_its_log_into_the_file_on_a_thread_of_its_own(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(TS, "CHECKPOINT_EVERY", 0.02)
    path = tmp_path / "tables.sqlite"
    assert TableStore(path).db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000   # the window's: SQLite's
    store = TableStore(path, background_checkpoints=True)   # serve's
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0   # no commit waits for the disk
    before = path.stat().st_size
    tables = [Table.create("opensky", "europe", NAMES, remote=NAMES, seed=s) for s in range(30)]
    for t in tables:
        store.add(t)
    deadline = time.monotonic() + 10
    while path.stat().st_size <= before and time.monotonic() < deadline:
        time.sleep(0.02)
    assert path.stat().st_size > before                 # the thread checkpointed (nobody else does)
    assert store._checkpointer.is_alive()
    store.close()
    assert not store._checkpointer.is_alive()
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0  # the log is all in the file
    again = TableStore(path)
    try:
        assert sorted(t.code for t in again.load_all()) == sorted(t.code for t in tables)
    finally:
        again.close()


def test_a_store_that_cannot_start_its_thread_checkpoints_as_sqlite_does(tmp_path: Path, monkeypatch: Any) -> None:
    def no_thread(self: Any) -> None:
        raise RuntimeError("can't start new thread")
    monkeypatch.setattr(TS.threading.Thread, "start", no_thread)
    store = TableStore(tmp_path / "tables.sqlite", background_checkpoints=True)
    assert store._checkpointer is None
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000
    store.add(Table.create("opensky", "europe", NAMES, remote=NAMES, seed=1))
    store.close()


class Later:
    """A loop that is running and keeps what it is asked to call soon (the test calls them)."""

    def __init__(self) -> None:
        self.soon: list[Any] = []

    def is_running(self) -> bool:
        return True

    def call_soon(self, f: Any) -> None:
        self.soon.append(f)


def hosted(tmp_path: Path) -> tuple[Host, Table, list[Kept]]:
    host = Host(TableStore(tmp_path / "tables.sqlite"), allow_create=True)
    table = Table.create("opensky", "europe", NAMES[:2], remote=NAMES[:2], seed=4)
    host.add(table)
    conns = []
    for i, name in enumerate(NAMES[:2]):
        c = Kept()
        c.table, c.seats = table, table.claim_names([name])[1]
        host.conns[table.code].add(c)
        conns.append(c)
    host.start_table(table, fill=False)
    return host, table, conns


def test_headers_are_written_with_the_turns_actions_before_any_frame(tmp_path: Path) -> None:
    host, table, conns = hosted(tmp_path)
    host.loop = Later()   # type: ignore[assignment]
    table.away_after = 99.0
    host.save_header(table)
    stored = lambda: json.loads(host.store.db.execute(  # noqa: E731
        "SELECT header FROM tables WHERE code = ?", (table.code,)).fetchone()[0])
    assert stored()["away_after"] != 99.0   # not yet: at the turn's end
    assert host.loop.soon == [host.flush]
    host.flush()
    assert stored()["away_after"] == 99.0
    host.store.close()


def test_a_busy_turn_sends_what_it_has_done_before_it_goes_on(tmp_path: Path, monkeypatch: Any) -> None:
    host, table, conns = hosted(tmp_path)
    host.loop = Later()   # type: ignore[assignment]
    for c in conns:
        c.frames.clear()

    def act_once() -> None:
        p = table.waiting_for()[0]
        legal, _ = table.legal_for([p])
        conn = next(c for c in conns if p in c.seats)
        host.act(conn, {"type": "act", "seq": table.seq, "action": legal[0]}, time.monotonic())

    monkeypatch.setattr(S, "EARLY_FLUSH", 60.0)   # a quick turn: its frames wait for its end
    act_once()
    assert not any(c.frames for c in conns) and host.loop.soon
    monkeypatch.setattr(S, "EARLY_FLUSH", 0.0)    # a busy one: out at once, the actions stored first
    act_once()
    assert all(len(c.frames) == 2 for c in conns)
    logged = host.store.db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (table.code,)).fetchone()[0]
    assert logged == table.seq
    host.store.close()


def test_the_event_loop_is_uvloop_where_installed_else_asyncios(monkeypatch: Any) -> None:
    seen: list[str] = []

    async def main() -> None:
        seen.append(type(asyncio.get_running_loop()).__module__.split(".")[0])

    S.run_loop(main, "asyncio")
    assert seen == ["asyncio"]
    try:
        import uvloop  # noqa: F401
        S.run_loop(main, "auto")
        assert seen[-1] == "uvloop"
    except ImportError:
        S.run_loop(main, "auto")
        assert seen[-1] == "asyncio"
    monkeypatch.setitem(sys.modules, "uvloop", None)   # not installed (Windows)
    S.run_loop(main, "auto")
    assert seen[-1] == "asyncio"
    with pytest.raises(LookupError):
        S.run_loop(main, "uvloop")
