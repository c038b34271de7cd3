"""Running and checking a "tables" case (``tests.fuzz.tables`` builds them).

Two entry points read the table store:

* ``hosted`` — the window: the title screen (its Continue, when it offers the
  latest hosted table), the Load game screen's list of hosted games, each
  listed table's Host again, and Delete of one.  Hosting runs without a
  socket (``SocketlessHosting``: every call to the host runs at once on the
  window's thread, its loop stays None), so the lobby, the arrival and the
  online game screen are reached as far as they go and nothing listens;
* ``serve`` — ``main.py serve --data DIR --port 0 --address 127.0.0.1`` in a
  subprocess (``subproc``), stopped with SIGTERM once it says it listens.

The rule for the store's files (``store_problems``), decided before the run
by ``mark``: a store is *supersedable* when a copy of the database and its
``-wal`` opens with sqlite3 and ``PRAGMA quick_check`` says ``ok`` — a
database the program can open, which it may add to, rewrite, checkpoint (the
``-wal`` and ``-shm`` come and go with SQLite's own work), but afterwards it
must still be there and still pass ``quick_check`` (a write never damages a
good store, and it is never deleted).  Any other store — not SQLite,
malformed, a folder, a FIFO, ``/dev/zero`` — must be left as it was: the
database's bytes and its ``-wal``'s at their paths, or kept aside somewhere
in the data folder, and no frames written to a ``-wal`` it did not have.
The ``-shm`` is SQLite's shared-memory index, rebuilt on every open: never
compared.

A message the player sees (a dialog, the lobby's line, ``serve``'s lines,
and the window's log lines about the store, which say what ``serve`` says)
must be short, on one line where it is a line, and name no internal
exception type: here a name of one is a failure, not only a note.  And the
window must not lead nowhere: Continue never offers a table the list leaves
out (``dead-end``: it would stand before the autosaved game every time), and
every table it opened again still loads afterwards (``spoiled-table``: its
own writes never spoil a table).
"""
from __future__ import annotations

import gc
import logging
import re
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

from tests.fuzz.cases import Case
from tests.fuzz.entries import (
    _FIELD, _INTERNAL, MAX_DIALOG, MAX_MESSAGE, Result, _fingerprint, check_message, dialog_text,
    parse_traceback_text,
)
from tests.fuzz.tables import SHM, WAL

#: frames drawn after each step on a screen
FRAMES = 2


# ---------------------------------------------------------------- the store's files

def store_opens(db: bytes, wal: bytes | None) -> bool:
    """The probe: a copy of the database (and its -wal) opens with sqlite3 and ``quick_check`` says ok."""
    tmp = Path(tempfile.mkdtemp(prefix="opensky-fuzz-probe-"))
    try:
        (tmp / "probe.sqlite").write_bytes(db)
        if wal is not None:
            (tmp / ("probe.sqlite" + WAL)).write_bytes(wal)
        con = sqlite3.connect(str(tmp / "probe.sqlite"))
        try:
            return con.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        finally:
            con.close()
    except sqlite3.Error:
        return False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _read(p: Path) -> bytes | None:
    fp = _fingerprint(p)
    return p.read_bytes() if fp is not None and fp[0] == "file" else None


def mark(case: Case) -> None:
    """Before the run: is the store one the program may rewrite?"""
    folder = Path(case.folder)
    db = case.files[0]
    ok = db.special is None and store_opens((folder / db.rel).read_bytes(), _read(folder / (db.rel + WAL)))
    for f in case.files:
        f.supersedable = ok


def store_problems(case: Case) -> list[str]:
    """The store's files afterwards, against the rule in the module docstring."""
    folder = Path(case.folder)
    db = case.files[0]
    p = folder / db.rel
    if db.supersedable:
        data = _read(p)
        if data is None:
            return [f"{db.rel} (a store the program could open) is gone or no longer a file"]
        if not store_opens(data, _read(folder / (db.rel + WAL))):
            return [f"{db.rel} (a store the program could open) was left damaged: it no longer passes quick_check"]
        return []
    problems = []
    everywhere = {_fingerprint(q) for q in (folder / "data").rglob("*")}
    for f in case.files:
        if f.rel.endswith(SHM):
            continue
        want = ("file", f.sha256) if f.special is None else (f.special, "")
        if _fingerprint(folder / f.rel) != want and want not in everywhere:
            problems.append(f"{f.rel} (a store that could not be opened) was changed, not kept aside")
    wal = folder / (db.rel + WAL)
    if not any(f.rel.endswith(WAL) for f in case.files) and (_read(wal) or b""):
        problems.append(f"{db.rel} (a store that could not be opened) was written to (its -wal has frames)")
    return problems


# ---------------------------------------------------------------- messages

def check_shown(r: Result, text: str, limit: int = MAX_DIALOG, one_line: bool = False) -> None:
    """A message the player sees: short, filled in, no internal exception type."""
    check_message(r, text, limit, one_line)
    if _FIELD.search(text):
        r.fail("bad-message", f"a field left unfilled in the message: {text[:200]!r}")
    check_named(r, text)


def check_named(r: Result, text: str) -> None:
    """No internal exception type named (a catch-all turned a bug into a reason)."""
    m = _INTERNAL.search(text)
    if m:
        r.fail("internal-name", f"the message names {m.group(1)}: {text[:200]!r}")


class LogLines(logging.Handler):
    """The window's lines about the store (a table left out of the list and
    why): the same reasons ``serve`` prints, so held to the same rule."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


# ---------------------------------------------------------------- the window

class SocketlessHosting:
    """A ``HostThread`` without a socket or a thread: each call runs at once
    on the caller's thread.  The host's loop stays None, so its frames and
    rows are flushed at once and a searching computer waits; an exception in
    a call reaches the window (with a real thread it would stop the host)."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.address, self.port, self.error = "127.0.0.1", 4477, ""

    def start(self, timeout: float = 5.0) -> bool:
        return True

    def call(self, fn: Any, *args: Any) -> None:
        fn(*args)

    def stop(self) -> None:
        self.host.close_all("the host is closing")


def _serve_without_socket(store: Any, address: str, ports: Any) -> tuple[Any, Any, str]:
    from opensky.online.server import Host
    host = Host(store)
    return host, SocketlessHosting(host), ""


def _frames(app: Any, n: int = FRAMES) -> None:
    for _ in range(n):
        app.step([], 0.05)


def _shown(r: Result, app: Any) -> int:
    """Check what the screens on the stack say; how many went on (a lobby or a game)."""
    from opensky.ui.online.lobby import HostLobbyScene
    went_on = 0
    for s in app.stack.scenes:
        if hasattr(s, "text") and hasattr(s, "title") and getattr(s, "overlay", False):
            check_shown(r, dialog_text(s))
        elif isinstance(s, HostLobbyScene):
            for text in (s.error, s.note):
                if text:
                    check_shown(r, text)
            went_on += not s.error
        elif hasattr(s, "ctl") and hasattr(s, "hosting"):
            went_on += 1
    return went_on


def _leave(app: Any) -> None:
    """Leave every screen as the player would: the lobby's Cancel (it stops
    hosting), a dialog closed, a game screen left (its ``exit``)."""
    from opensky.ui.online.lobby import HostLobbyScene
    for _ in range(50):
        top = app.stack.top
        if top is None:
            return
        if isinstance(top, HostLobbyScene):
            top.cancel()
        else:
            app.pop()


def _title(app: Any) -> Any:
    from opensky.ui.scenes.title import TitleScene
    _leave(app)
    title = TitleScene(app)
    app.push(title)
    _frames(app)
    return title


def _load_screen(app: Any) -> Any:
    """Title, then Load game (the list of saves and of the games hosted here)."""
    from opensky.ui.scenes.saves import LoadScene
    _title(app)
    ls = LoadScene(app)
    app.push(ls)
    _frames(app)
    return ls


def hosted(r: Result, case: Case) -> None:
    """The window over the store: the title's Continue (when it offers a
    hosted table), the Load game screen's list, Host again on each listed
    table (each time from the title, as a player comes back), Delete of one;
    afterwards every table opened again must still load (the program's own
    writes never spoil a table)."""
    import pygame

    from opensky.ui.app import App
    from opensky.ui.online import lobby
    opened: list[str] = []
    listed, gone = 0, ""
    app = None
    log, logger = LogLines(), logging.getLogger("opensky.online")
    logger.addHandler(log)
    try:
        with mock.patch.object(lobby, "serve", _serve_without_socket):
            app = App((960, 600))
            title = _title(app)
            if title.hosted is not None:         # Continue considers the latest hosted table
                title.cont()
                _frames(app, 3)
                if _shown(r, app):
                    opened.append(title.hosted[0])
            codes = [t.code for t in _load_screen(app).hosted]
            listed = len(codes)
            if title.hosted is not None and title.hosted[0] not in codes:
                # Continue would open it before the autosaved game, every time
                r.fail("dead-end", f"Continue offers table {title.hosted[0]}, which the list of hosted games "
                                   "leaves out (it cannot be opened)")
            for code in codes:
                if code not in opened:          # (Continue is the same way in as Host again)
                    _host_again(r, app, code, opened)
            gone = _delete_one(r, app)
            _still_there(r, [c for c in opened if c != gone])
    finally:
        logger.removeHandler(log)
        if app is not None:
            _leave(app)
        pygame.display.quit()
        gc.collect()          # as the program's end would: every store it left open is closed
    for line in log.lines:
        check_named(r, line)
        if len(line) > MAX_MESSAGE or "\n" in line.strip():
            r.fail("bad-message", f"a log line of {len(line)} characters: {line[:200]!r}")
    if not r.failures:
        r.outcome = "worked" if listed or opened else "refused"
    r.message = f"{listed} tables listed, {len(opened)} opened" + (f"; {r.message}" if r.message else "")


def _host_again(r: Result, app: Any, code: str, opened: list[str]) -> None:
    ls = _load_screen(app)
    row = next((t for t in ls.hosted if t.code == code), None)
    if row is None or ls.section is None:
        r.fail("bad-output", f"table {code} was listed, then no longer")
        return
    ls.section.host_again(row)
    _frames(app, 3)
    if _shown(r, app):
        opened.append(code)


def _delete_one(r: Result, app: Any) -> str:
    """Delete the first listed table: its code, if it is gone."""
    ls = _load_screen(app)
    if ls.section is None or not ls.hosted:
        return ""
    gone = ls.hosted[0].code
    ls.section.delete(ls.hosted[0])
    _frames(app)
    _shown(r, app)
    if app.stack.top is not ls:
        return ""                                 # it said why not
    if gone in [t.code for t in ls.hosted]:
        r.fail("bad-output", f"Delete said nothing went wrong, but table {gone} is still listed")
    return gone


def _still_there(r: Result, codes: list[str]) -> None:
    """Each table opened again still loads from the store (unless the store can no longer be opened:
    ``store_problems`` says so)."""
    from opensky.ui.online.lobby import open_store
    store, _ = open_store()
    if store is None:
        return
    try:
        for code in codes:
            if store.load_one(code) is None:
                r.fail("spoiled-table", f"table {code} was opened again, then no longer loads: "
                                        f"{'; '.join(store.problems)[:200]}")
    finally:
        store.close()


# ---------------------------------------------------------------- serve

def check_serve(r: Result, rc: int, out: str, err: str) -> None:
    """``serve``: it listened and stopped on SIGTERM (exit 0), every line it
    wrote one short line; or it refused in one line (exit 2); no traceback."""
    if "Traceback (most recent call last)" in err:
        parse_traceback_text(r, err)
        r.fail("memory" if r.exc_type == "MemoryError" else "traceback", err.strip().splitlines()[-1][:500])
        return
    lines = [ln for ln in err.splitlines() if ln.strip()]
    for ln in lines:
        check_shown(r, ln, MAX_MESSAGE, one_line=True)
    if rc == 0:
        if "listening on" not in out:
            r.fail("bad-output", f"exit 0 without listening; stdout: {out.strip()[:200]!r}")
        r.outcome = "worked" if not r.failures else "failed"
        left = [ln for ln in lines if "left out" in ln]
        resumed = re.search(r"\((\d+) tables resumed[;)]", out)
        r.message = (f"{resumed.group(1) if resumed else '?'} tables resumed, {len(left)} left out"
                     + (f": {left[0][:200]}" if left else ""))
    elif rc == 2:
        r.outcome = "refused" if not r.failures else "failed"
        if len(lines) != 1:
            r.fail("bad-message", f"exit 2 with {len(lines)} lines: {err.strip()[:300]!r}")
    else:
        r.fail("bad-exit", f"exit status {rc}; stderr: {err.strip()[-300:]!r}")
