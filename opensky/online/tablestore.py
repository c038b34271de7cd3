"""Tables kept in SQLite, so a host killed at any moment resumes every game.

Two tables: ``tables`` (one row per table: the header as JSON — the game,
board, seats with their token hashes, the table's secret and salt — and
whether it has ended) and ``actions`` (the log, one row per action, in the
form a save keeps it: a bid or a card drawn into a hand sealed with this
computer's key, ``persistence.sealkey``).  Header plus log is a save; a
table is exported as an ordinary save document with ``to_save``.

The actions of one turn of the host's loop are one transaction, committed
before any client hears of them, in WAL mode with ``synchronous=NORMAL``: a
host killed at any moment loses at most the actions being applied (a power
cut may lose the last few commits; the file stays consistent).  The file is hostile when
read back: one that is not a regular file, that SQLite does not find whole,
or whose tables are of another shape is refused before anything is written
to it (``check_whole``, ``check_shape``); each table is
checked and replayed on its own, and one that does not replay is left out
with a one-line reason (``problems``), never raised.
"""
from __future__ import annotations

import json
import logging
import os
import sqlite3
import stat
import threading
import time
from pathlib import Path
from typing import Any, Sequence

from opensky.online import protocol as P
from opensky.online.games import GAMES, shipped_board
from opensky.online.table import SEAT_KINDS, LEVELS, Applied, Table, TableSeat
from opensky.persistence import sealkey
from opensky.persistence.save import SaveError
from opensky.rules.errors import IllegalAction
from opensky.textlimits import one_line

LOG = logging.getLogger("opensky.online")
FORMAT = "opensky-table"
VERSION = 1
#: a header or log entry longer than this is damage, not a table
MAX_ROW = 64 * 1024
#: the most actions a table's log may hold when read back
MAX_LOG = 20000
#: seconds between two checkpoints of the write-ahead log (by a thread of the store's own)
CHECKPOINT_EVERY = 1.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    header TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    idx INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (code, idx)
);
"""

#: each table's columns as ``PRAGMA table_info`` gives them (name, type, place in the key): tables
#: of another shape are not a host's (without the keys, a table written again would be doubled)
_SHAPE = {"tables": [("code", "TEXT", 1), ("header", "TEXT", 0), ("finished", "INTEGER", 0), ("updated", "REAL", 0)],
          "actions": [("code", "TEXT", 1), ("idx", "INTEGER", 2), ("entry", "TEXT", 0)]}

#: rows whose code and time have their types (a damaged row's text sorts above every number)
_TYPED = "AND typeof(code) = 'text' AND typeof(updated) IN ('real', 'integer')"


class TableStore:
    """The SQLite file of one host (``serve``'s data folder, or the window's user data folder)."""

    def __init__(self, path: str | Path, background_checkpoints: bool = False):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        check_whole(self.path)
        self.db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        try:
            check_shape(self.db)
            self.db.execute("PRAGMA journal_mode=WAL")
            # WAL with NORMAL: a commit is in the file once it returns, so a host
            # killed at any moment (kill -9 included) loses nothing committed; only
            # a power cut can lose the last commits (the file stays consistent)
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(_SCHEMA)
        except sqlite3.Error:
            self.db.close()   # not a database (garbage bytes): the caller says so, nothing is left open
            raise
        self.problems: list[str] = []
        self.error = ""
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if background_checkpoints:
            self._checkpoint_beside()

    def _checkpoint_beside(self) -> None:
        """``serve``: the log is copied into the file (a checkpoint, which waits
        for the disk) by a thread of its own, not by the commit that fills it,
        so the host's loop never waits for the disk (bench_online, 50 tables x 4:
        p95 20.4 ms on disk against 17.7 ms with the data folder in memory,
        before this; the same after).  Without a thread (none can be started),
        SQLite's own checkpoints, as before."""
        try:
            self.db.execute("PRAGMA wal_autocheckpoint=0")
            thread = threading.Thread(target=self._checkpoints, name="opensky-tables-checkpoint", daemon=True)
            thread.start()
            self._checkpointer = thread
        except (RuntimeError, sqlite3.Error):
            try:
                self.db.execute("PRAGMA wal_autocheckpoint=1000")
            except sqlite3.Error:
                pass

    def _checkpoints(self) -> None:
        """Copy the write-ahead log into the file every ``CHECKPOINT_EVERY``
        seconds, beside the host's writes (a passive checkpoint never blocks them)."""
        try:
            db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        except sqlite3.Error:
            return
        try:
            while not self._stop.wait(CHECKPOINT_EVERY):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:
                    pass   # busy or gone: the next one tries again, the log only grows meanwhile
        finally:
            db.close()

    def close(self) -> None:
        if self._checkpointer is not None:
            self._stop.set()
            self._checkpointer.join(timeout=5)
            try:
                self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:
                pass   # the log stays beside the file: SQLite reads it back next time
        self.db.close()

    # ------------------------------------------------------------ writing
    def _write(self, sql_rows: Sequence[tuple[str, tuple[Any, ...]]],
               many: Sequence[tuple[str, Sequence[tuple[Any, ...]]]] = ()) -> None:
        """Write rows in one transaction, each (statement, row) of ``sql_rows``
        and then each (statement, rows) of ``many`` (a failure is kept in
        ``error``, the game plays on)."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            for sql, row in sql_rows:
                self.db.execute(sql, row)
            for sql, rows in many:
                self.db.executemany(sql, rows)
            self.db.execute("COMMIT")
            self.error = ""
        except sqlite3.Error as e:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            # the table plays on in memory; the next write tries again
            self.error = f"the tables could not be saved ({type(e).__name__})"
            LOG.error("%s: %s", self.path, self.error)

    def add(self, table: Table) -> None:
        rows: list[tuple[str, tuple[Any, ...]]] = [
                ("INSERT OR REPLACE INTO tables (code, header, finished, updated) VALUES (?, ?, ?, ?)",
                 (table.code, json.dumps(header(table)), int(table.finished), time.time()))]
        rows += [("INSERT OR REPLACE INTO actions (code, idx, entry) VALUES (?, ?, ?)",
                  (table.code, i, json.dumps(e))) for i, e in enumerate(table.entries)]
        self._write(rows)

    def append(self, table: Table, applied: Sequence[Applied]) -> None:
        """Write the actions just applied (and the header: seats may have been claimed)."""
        rows: list[tuple[str, tuple[Any, ...]]] = [
                ("INSERT OR REPLACE INTO actions (code, idx, entry) VALUES (?, ?, ?)",
                 (table.code, a.index, json.dumps(table.entries[a.index]))) for a in applied]
        rows.append(("UPDATE tables SET header = ?, finished = ?, updated = ? WHERE code = ?",
                     (json.dumps(header(table)), int(table.finished), time.time(), table.code)))
        self._write(rows)

    def append_many(self, batch: Sequence[tuple[Table, Sequence[Applied]]], headers: Sequence[Table] = ()) -> None:
        """The actions of several tables (one turn of the host's loop), and
        the headers of ``headers`` (seats claimed, presence), in one transaction."""
        actions: list[tuple[Any, ...]] = []
        tables: list[tuple[Any, ...]] = []
        now = time.time()
        for table, applied in batch:
            entries = table.entries
            actions += [(table.code, a.index, json.dumps(entries[a.index])) for a in applied]
            tables.append((int(table.finished), now, table.code))
        heads = [(json.dumps(header(t)), int(t.finished), now, t.code) for t in headers]
        self._write([], [("INSERT OR REPLACE INTO actions (code, idx, entry) VALUES (?, ?, ?)", actions),
                         ("UPDATE tables SET finished = ?, updated = ? WHERE code = ?", tables),
                         ("UPDATE tables SET header = ?, finished = ?, updated = ? WHERE code = ?", heads)])

    def save_header(self, table: Table) -> None:
        self.append(table, [])

    def remove(self, code: str) -> None:
        self._write([("DELETE FROM actions WHERE code = ?", (code,)), ("DELETE FROM tables WHERE code = ?", (code,))])

    # ------------------------------------------------------------ reading
    def _recent(self, limit: int) -> list[tuple[Any, Any]]:
        """(code, updated) of the unfinished tables played last, newest first (sqlite3.Error if unreadable)."""
        return self.db.execute("SELECT code, updated FROM tables WHERE finished = 0 " + _TYPED +
                               " ORDER BY updated DESC LIMIT ?", (limit,)).fetchall()

    def latest_unfinished(self, replays: bool = False, limit: int = 40) -> tuple[str, float] | None:
        """The code and time of the unfinished table played last (no replay:
        cheap); with ``replays``, of the last one that replays, among the
        ``limit`` played last (one that does not is passed over)."""
        self.problems = []
        try:
            rows = self._recent(limit if replays else 1)
        except sqlite3.Error:
            return None
        for code, updated in rows:
            if not isinstance(code, str) or not isinstance(updated, (int, float)):
                continue
            if not replays or self._load(code) is not None:
                return code, float(updated)
        return None

    def load_one(self, code: str) -> Table | None:
        """One table, replayed (None, with the reason in ``problems``, if it cannot be)."""
        self.problems = []
        return self._load(code)

    def unfinished(self, limit: int = 40) -> list[tuple[Table, float]]:
        """The unfinished tables played last (at most ``limit``), each
        replayed, with when it was last played, newest first; a damaged one
        is left out with one line in ``problems`` (and the log), never raised."""
        self.problems = []
        out: list[tuple[Table, float]] = []
        try:
            rows = self._recent(limit)
        except sqlite3.Error as e:
            self.problems.append(f"{self.path.name}: the tables cannot be read ({type(e).__name__})")
            rows = []
        for code, updated in rows:
            if not isinstance(code, str) or not isinstance(updated, (int, float)):
                self.problems.append(f"table {shown_code(code)}: damaged (its row)")
                continue
            table = self._load(code)
            if table is not None:
                out.append((table, float(updated)))
        for p in self.problems:
            LOG.warning("%s", p)
        return out

    def load_all(self, finished: bool = False) -> list[Table]:
        """Every table the file holds (only unfinished ones unless ``finished``)."""
        self.problems = []
        out = []
        try:
            rows = self.db.execute("SELECT code, header FROM tables" + ("" if finished else " WHERE finished = 0")
                                   ).fetchall()
        except sqlite3.Error as e:
            self.problems.append(f"{self.path.name}: the tables cannot be read ({type(e).__name__})")
            return []
        for code, head in rows:
            table = self._replay(code, head)
            if table is not None:
                out.append(table)
        # (not logged here: the caller says them, serve on its standard error once)
        return out

    def _load(self, code: str) -> Table | None:
        """``_replay`` of the table with this code (None if there is none)."""
        try:
            row = self.db.execute("SELECT header FROM tables WHERE code = ?", (code,)).fetchone()
        except sqlite3.Error as e:
            self.problems.append(f"table {shown_code(code)}: damaged ({type(e).__name__})")
            return None
        return None if row is None else self._replay(code, row[0])

    def _replay(self, code: Any, head: Any) -> Table | None:
        """A stored table replayed, or None with one line in ``problems``:
        one damaged table never stops the others."""
        try:
            entries = []
            for i, (idx, e) in enumerate(self.db.execute(
                    "SELECT idx, entry FROM actions WHERE code = ? ORDER BY idx LIMIT ?", (code, MAX_LOG + 1))):
                if idx != i:   # a row lost (or one of another place): replaying past it would be another game
                    raise TableDamaged(f"its log has a gap (action {i + 1} is missing)")
                entries.append(e)
            return from_rows(code, head, entries)
        except TableDamaged as e:
            self.problems.append(f"table {shown_code(code)}: {e}")
        except (IllegalAction, SaveError) as e:   # the engine's or the seal's own words
            self.problems.append(f"table {shown_code(code)}: {one_line(str(e), 120)}")
        except Exception as e:  # noqa: BLE001 - sqlite3.Error, anything a damaged row raises
            self.problems.append(f"table {shown_code(code)}: damaged ({type(e).__name__})")
        return None


def shown_code(code: Any) -> str:
    """A stored table's code as a line about it shows it (a damaged one may
    be anything): at most 8 characters, each printable, so the line stays one."""
    return "".join(ch if ch.isprintable() else "?" for ch in str(code)[:8])


def check_whole(path: Path) -> None:
    """Refuse (``sqlite3.DatabaseError``) a store that is there but is not a
    regular file, or that SQLite does not find whole (``integrity_check``,
    which also checks that the keys' index matches the rows: a bad one lets
    a table written again be doubled): a bad disk, a copy cut short.  Such a
    file is refused like one that is not SQLite at all and left as it is,
    because writing to it (even SQLite's own checkpoint when the last
    connection closes) would change what could not be read.  So the check
    opens it read-only; a missing file is a new store.  (A few milliseconds
    for the window's file; the time grows with the file.)"""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return   # missing: a new store; anything else: opening it says why
    if not stat.S_ISREG(mode):
        raise sqlite3.DatabaseError("the tables file is not a regular file")
    db = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True)
    try:
        whole = db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        db.close()
    if not whole:
        raise sqlite3.DatabaseError("the tables file is damaged")


def check_shape(db: sqlite3.Connection) -> None:
    """Refuse (``sqlite3.DatabaseError``) a store whose ``tables`` or
    ``actions`` are not of a host's shape (``_SHAPE``: another program's
    file, a hand-made one, a view), before anything is written to it; one
    that is missing is made (a new store)."""
    for name, want in _SHAPE.items():
        got = [(r[1], str(r[2]).upper(), r[5]) for r in db.execute(f"PRAGMA table_info({name})")]
        if got and got != want:
            raise sqlite3.DatabaseError(f"the tables file is of another shape ({name})")


class TableDamaged(ValueError):
    """A stored table that cannot be resumed (one line)."""


def header(t: Table) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "code": t.code, "game": t.game.kind, "board": t.board_ref,
            "seats": [s.header() for s in t.seats], "secret": t.secret.hex(), "salt": t.salt.hex(),
            "seal_key": sealkey.key_id(sealkey.current()), "away_after": t.away_after, "created": t.created,
            "started": t.started, "auto_start": t.auto_start}


def _need(d: dict[str, Any], key: str, typ: type | tuple[type, ...]) -> Any:
    v = d.get(key)
    if not isinstance(v, typ) or (isinstance(v, bool) and bool not in (typ if isinstance(typ, tuple) else (typ,))):
        raise TableDamaged(f"'{key}' is missing or of the wrong type")
    return v


def from_rows(code: Any, head: Any, entries: Sequence[Any]) -> Table:
    """A table from its stored rows, replayed through the engine (TableDamaged otherwise)."""
    if not isinstance(code, str) or P.normal_code(code) != code:
        raise TableDamaged("its join code is damaged")
    if not isinstance(head, str) or len(head) > MAX_ROW:
        raise TableDamaged("its header is damaged")
    try:
        h = json.loads(head)
    except (ValueError, RecursionError):
        raise TableDamaged("its header is not JSON") from None
    if not isinstance(h, dict) or h.get("format") != FORMAT or h.get("version") != VERSION:
        raise TableDamaged("not a table of this version")
    game = _need(h, "game", str)
    if game not in GAMES:
        raise TableDamaged("unknown game")
    board = shipped_board(game, _need(h, "board", str))
    seats = []
    for s in _need(h, "seats", list)[:8]:
        if not isinstance(s, dict):
            raise TableDamaged("a seat is damaged")
        kind, level = _need(s, "kind", str), _need(s, "level", str)
        tok = s.get("token_hash")
        if kind not in SEAT_KINDS or level not in LEVELS or not (tok is None or isinstance(tok, str) and len(tok) == 64):
            raise TableDamaged("a seat is damaged")
        seats.append(TableSeat(_need(s, "name", str)[:64], kind, level, _need(s, "color", str)[:32],
                               _need(s, "shape", str)[:32], tok, "" if kind == "computer" else P.AWAY, None))
    try:
        secret, salt = bytes.fromhex(_need(h, "secret", str)), bytes.fromhex(_need(h, "salt", str))
    except ValueError:
        raise TableDamaged("its secret is damaged") from None
    away = h.get("away_after")
    if not (away is None or isinstance(away, (int, float)) and not isinstance(away, bool) and away >= 0):
        raise TableDamaged("'away_after' is damaged")
    created = h.get("created")
    try:   # only kept, never shown: a wrong one is now, as a missing one
        made = float(created) if isinstance(created, (int, float)) else time.time()
    except OverflowError:   # a whole number too big for a float
        made = time.time()
    t = Table(code, GAMES[game], h["board"], seats, secret, salt, away, made)
    try:
        t.session = t._new_session(board)
    except Exception as e:  # noqa: BLE001 - names the engine refuses
        raise TableDamaged(f"its players cannot start a game ({type(e).__name__})") from None
    if len(entries) > MAX_LOG:
        raise TableDamaged("its log is too long")
    key = sealkey.current()
    if h.get("seal_key") != sealkey.key_id(key) and entries:
        raise TableDamaged("it was sealed with another key (its seal.key is gone)")
    for i, raw in enumerate(entries):
        if not isinstance(raw, str) or len(raw) > MAX_ROW:
            raise TableDamaged(f"step {i + 1} is damaged")
        try:
            entry = json.loads(raw)
        except (ValueError, RecursionError):
            raise TableDamaged(f"step {i + 1} is damaged") from None
        if not isinstance(entry, dict):
            raise TableDamaged(f"step {i + 1} is damaged")
        d = t.game.unseal_entry(entry, key, salt, i, board) if entry.get("type") == "sealed" else entry
        try:
            t.session.apply_dict(d)
        except Exception as ex:  # noqa: BLE001 - IllegalAction or a damaged entry
            raise TableDamaged(f"step {i + 1} does not replay ({type(ex).__name__})") from None
        t.entries.append(entry)
    t.started = h.get("started") is True or bool(entries)
    t.auto_start = h.get("auto_start") is not False
    t.make_bots()
    return t


__all__ = ["FORMAT", "TableDamaged", "TableStore", "check_shape", "check_whole", "from_rows", "header"]
