"""The saves screen lists every unfinished online game hosted on this
computer (not only the latest, which the title's Continue opens): Host
again opens the lobby with that table — a friend comes back with their
seat token, or joins a table not yet begun with its code — and Delete
removes a table after asking.  A damaged ``online.sqlite`` (garbage, a
folder, a FIFO, a damaged row) never shows a traceback."""
from __future__ import annotations

import os
import random
import socket
import sqlite3
import time

import pytest

from opensky.play.seats import BLUE_SKIES
from opensky.ui.online import lobby as L
from opensky.ui.online.hosted import list_hosted
from opensky.ui.online.lobby import HostLobbyScene
from opensky.ui.online.scenes import OnlineBSGameScene, OnlineGameScene
from opensky.ui.scenes.saves import LoadScene, MessageDialog
from opensky.ui.scenes.title import TitleScene
from opensky.userdirs import data_dir
from tests.ui.driver import click
from tests.ui.test_online_ui import _decide, _started, apps, join, setup_for, step  # noqa: F401 - apps is a fixture

SIZES = ((960, 600), (1280, 720), (1920, 1080))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _waiting_table(a, game: str, kinds: list[str]) -> str:
    """A table hosted and left in the lobby (nobody joined; the program
    then stopped, as when the window is closed there): its code."""
    lob = HostLobbyScene(a, setup_for(game, kinds), 120.0)
    a.push(lob)
    assert not lob.error, lob.error
    code = lob.table.code
    lob.stop()
    a.pop()
    return code


def test_cancel_forgets_a_new_lobby_but_not_one_brought_back(apps, monkeypatch):
    """Cancel in the lobby of a table opened there that never began forgets
    it (no ghost "waiting for friends" in the list); Cancel in the lobby of
    a table brought back from the list keeps it."""
    host, _ = apps
    monkeypatch.setattr(L, "PORTS", (0,))
    host.push(TitleScene(host))
    kept = _waiting_table(host, "opensky", ["human", "remote"])
    lob = HostLobbyScene(host, setup_for(BLUE_SKIES, ["human", "remote"]), 120.0)
    host.push(lob)
    gone = lob.table.code
    step(apps, until=lambda: {t.code for t in list_hosted()} == {kept, gone})   # stored by the host's thread
    click(host, lob.b_cancel.rect.center)
    assert [t.code for t in list_hosted()] == [kept]
    ls = _open_list(host)
    click(host, _row(ls, kept)[2].rect.center)
    again = host.stack.top
    assert isinstance(again, HostLobbyScene) and again.table.code == kept
    click(host, again.b_cancel.rect.center)
    assert [t.code for t in list_hosted()] == [kept]


def _tables(apps, monkeypatch) -> tuple[str, str, str, int]:
    """Three unfinished hosted tables, oldest first: a Blue Skies table
    nobody joined, an OpenSky game a friend is playing (the host's program
    then stops; the friend's screen waits), and the latest, nobody joined."""
    host, friend = apps
    host.push(TitleScene(host))
    first = _waiting_table(host, BLUE_SKIES, ["human", "remote"])
    port = _free_port()
    monkeypatch.setattr(L, "PORTS", (port,))
    lob, _, _ = _started(apps)
    rng, seen = random.Random(5), {}
    step(apps, until=lambda: (_decide(host.stack.top, rng, seen), _decide(friend.stack.top, rng, seen),
                              lob.table.seq > 8)[-1])
    middle = lob.table.code
    host.stack.top.hosting.stop()            # the host's program is gone; the table stays stored
    host.replace(TitleScene(host))
    fg = friend.stack.top
    step([friend], until=lambda: fg.closed_shown)
    monkeypatch.setattr(L, "PORTS", (0,))
    last = _waiting_table(host, "opensky", ["human", "remote", "normal"])
    monkeypatch.setattr(L, "PORTS", (port,))
    return first, middle, last, port


def _open_list(a) -> LoadScene:
    a.replace(TitleScene(a))
    a.step([], 0.05)
    title = a.stack.top
    assert title.b_load.enabled            # no saved game, but online games to go back to
    click(a, title.b_load.rect.center)
    ls = a.stack.top
    assert isinstance(ls, LoadScene)
    return ls


def _row(ls: LoadScene, code: str):
    return next(r for r in ls.section.rows if r[0].code == code)


def test_any_hosted_table_comes_back_and_one_is_deleted(apps, monkeypatch):
    host, friend = apps
    first, middle, last, port = _tables(apps, monkeypatch)
    ls = _open_list(host)
    assert ls.section is not None and not ls.entries
    assert [t.code for t in ls.hosted] == [last, middle, first]    # the one played last first
    older = {t.code: t for t in ls.hosted}
    assert older[first].title == "Blue Skies · United States" and older[first].stage == "waiting for friends to join"
    assert older[middle].title.startswith("OpenSky · ") and older[middle].stage in (
        "March", "April", "May", "June", "July", "August", "September", "October")
    assert older[middle].airlines == ("Nordwind", "Sunway") and older[middle].friends == ("Sunway",)
    assert "last played today" in older[middle].line()
    for size in SIZES:                     # every row, its code and its buttons inside the panel
        host.resize(size)
        host.step([], 0.05)
        for _, r, host_b, del_b in ls.section.rows:
            assert ls.panel.contains(r) and r.contains(host_b.rect) and r.contains(del_b.rect)
            assert host_b.rect.right < del_b.rect.x and host_b.visible
    host.resize((960, 600))
    # Host again on the older game: it goes on, and the friend's screen comes back by itself (its token)
    click(host, _row(ls, middle)[2].rect.center)
    step(apps, until=lambda: isinstance(host.stack.top, OnlineGameScene)
         and host.stack.top.ctl.status == "connected" and friend.stack.top.ctl.status == "connected"
         and host.stack.top.ctl.presence.get("Sunway") == "connected")
    g = host.stack.top
    assert g.ctl.code == middle and not friend.stack.top.closed_shown
    seq = g.ctl.seq
    assert seq > 8
    rng, seen = random.Random(11), {}
    step(apps, until=lambda: (_decide(host.stack.top, rng, seen), _decide(friend.stack.top, rng, seen),
                              host.stack.top.ctl.seq > seq + 6)[-1])
    assert friend.stack.top.ctl.seq >= seq
    g.back_to_title()                      # the host leaves; the table stays for later
    # Delete asks first; Close keeps it, Delete removes it
    ls = _open_list(host)
    click(host, _row(ls, first)[3].rect.center)
    dlg = host.stack.top
    assert isinstance(dlg, MessageDialog) and dlg.title == "Delete this online game?"
    assert "join code" in " ".join(dlg.lines) and dlg.action is not None and dlg.action.danger
    click(host, dlg.ok.rect.center)
    assert host.stack.top is ls and first in [t.code for t in ls.hosted]
    click(host, _row(ls, first)[3].rect.center)
    click(host, host.stack.top.action.rect.center)
    assert host.stack.top is ls and [t.code for t in ls.hosted] == [middle, last]   # the one played last first
    assert first not in [t.code for t in list_hosted()]
    host.step([], 0.05)


def test_a_table_never_begun_comes_back_with_its_code(apps, monkeypatch):
    """Host again on a table nobody joined: the lobby shows the same join
    code, a friend joins with it, and the game begins."""
    host, friend = apps
    monkeypatch.setattr(L, "PORTS", (0,))
    host.push(TitleScene(host))
    older = _waiting_table(host, BLUE_SKIES, ["human", "remote"])
    _waiting_table(host, "opensky", ["human", "remote"])
    ls = _open_list(host)
    assert [t.code for t in ls.hosted][1] == older
    click(host, _row(ls, older)[2].rect.center)
    lob = host.stack.top
    assert isinstance(lob, HostLobbyScene) and lob.table.code == older and not lob.error
    assert lob.setup.game == BLUE_SKIES
    join(friend, lob, older.lower())
    step(apps, until=lambda: lob.table.all_claimed())
    lob.start(False)
    step(apps, until=lambda: all(isinstance(a.stack.top, OnlineBSGameScene) for a in apps))
    assert host.stack.top.ctl.code == older
    rng, seen = random.Random(2), {}
    step(apps, until=lambda: (_decide(host.stack.top, rng, seen), _decide(friend.stack.top, rng, seen),
                              seen.get("decisions", 0) > 3)[-1])


@pytest.mark.parametrize("damage", ["garbage", "folder", "fifo", "empty"])
def test_a_damaged_online_file_shows_no_section(apps, damage, capsys):
    host, _ = apps
    path = data_dir() / L.ONLINE_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    if damage == "garbage":
        path.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(5000)))
    elif damage == "folder":
        path.mkdir()
    elif damage == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
    else:
        path.write_bytes(b"")
    raw = path.read_bytes() if damage == "garbage" else None
    assert list_hosted() == []
    host.push(TitleScene(host))
    ls = LoadScene(host)
    host.push(ls)
    for size in SIZES:
        host.resize(size)
        host.step([], 0.05)
    assert ls.section is None and not ls.hosted
    assert "Traceback" not in capsys.readouterr().err
    if raw is not None:
        assert path.read_bytes() == raw     # looked at, never changed


def test_a_damaged_table_row_is_left_out(apps, monkeypatch, caplog):
    host, _ = apps
    monkeypatch.setattr(L, "PORTS", (0,))
    host.push(TitleScene(host))
    good = _waiting_table(host, "opensky", ["human", "remote"])
    db = sqlite3.connect(data_dir() / L.ONLINE_FILE)
    with db:
        db.execute("INSERT INTO tables (code, header, finished, updated) VALUES ('ACD479', '{not json', 0, 9e9)")
        db.execute("INSERT INTO tables (code, header, finished, updated) VALUES (?, ?, 0, 'soon')", ("ACD47C", "{}"))
        db.execute("INSERT INTO tables (code, header, finished, updated) VALUES (?, ?, 0, 1)", (7, "x"))
    db.close()
    ls = _open_list(host)
    assert [t.code for t in ls.hosted] == [good]
    assert any("ACD479" in r.getMessage() for r in caplog.records)
    for size in SIZES:
        host.resize(size)
        host.step([], 0.05)


def test_a_long_list_scrolls_to_its_end_and_no_further(home):
    """Many tables: the rows below the list's window are hidden (their
    buttons too), the wheel brings the last one in, and never past it."""
    import pygame

    from opensky.online.table import Table
    from opensky.online.tablestore import TableStore
    from opensky.ui.app import App
    store = TableStore(data_dir() / L.ONLINE_FILE)
    for i in range(9):
        store.add(Table.create("opensky", "europe", ["Nordwind", "Sunway"], remote=["Sunway"]))
    store.close()
    a = App((960, 600))
    a.push(TitleScene(a))
    ls = LoadScene(a)
    a.push(ls)
    a.step([], 0.05)
    assert len(ls.section.rows) == 9 and not ls.section.rows[-1][2].visible
    for _ in range(40):
        a.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)], 0.02)
    last = ls.section.rows[-1]
    assert last[2].visible and ls.list_box.contains(last[1])
    assert last[1].bottom > ls.list_box.bottom - int(40 * a.scale)     # at the end, not past it
    assert ls.scroll > 0 and ls.saves_head_y < ls.list_box.y    # the top went out of the window


def test_continue_passes_over_a_hosted_table_it_cannot_open(app):
    """A hosted table that no longer replays (its bids were sealed with a
    seal.key that is gone) is left out of the saves screen's list, and
    Continue passes over it too: the autosaved game goes on, instead of a
    message every time with the autosave out of reach.  (Found by the fuzz
    tier's kind "tables".)"""
    from opensky.online.table import Table
    from opensky.online.tablestore import TableStore
    from opensky.persistence import sealkey
    from opensky.persistence.store import autosave_path, write_autosave
    from opensky.ui.scenes.game import GameScene
    from tests.online.loop import play_table
    from tests.persistence.test_saves import random_session, seats

    write_autosave(random_session("europe", 2, 5, 12), seats(2))
    old = time.time() - 3600
    os.utime(autosave_path(), (old, old))            # the online game was played after it
    t = Table.create("opensky", "europe", ["Nordwind", "Sunway"], remote=["Sunway"], seed=3)
    t.claim_local()
    t.claim("Sunway")
    t.start(False)
    play_table(t, 3, lambda t: any(a.type == "bid" for a in t.session.log))
    store = TableStore(data_dir() / L.ONLINE_FILE)
    store.add(t)
    store.close()
    (data_dir() / sealkey.KEY_FILE).unlink()
    sealkey.forget()
    assert list_hosted() == []
    title = TitleScene(app)
    app.push(title)
    app.step([], 0.016)
    assert title.hosted is None and title.b_cont.enabled
    title.cont()
    assert isinstance(app.stack.top, GameScene)


def test_why_a_store_cannot_be_opened_is_one_line(home):
    """SQLite's reason may quote a piece of a damaged file, new lines
    included; the lobby's note and the log get it on one line.  (Found by
    the fuzz tier's kind "tables".)"""
    from opensky.online.tablestore import TableStore
    TableStore(data_dir() / L.ONLINE_FILE).close()
    db = sqlite3.connect(data_dir() / L.ONLINE_FILE)
    db.execute("PRAGMA writable_schema=ON")
    db.execute("UPDATE sqlite_master SET sql = 'CREATE TABLE actions (code, idx, `x)' || char(10) || ')' "
               "WHERE name = 'actions'")
    db.commit()
    db.close()
    store, why = L.open_store()
    assert store is None and "schema" in why and "\n" not in why and len(why) <= 120
