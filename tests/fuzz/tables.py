"""The "tables" kind: the online play's table store, damaged.

A host keeps its tables in SQLite (``opensky.online.tablestore``): the window
in ``online.sqlite`` in the user data folder, ``main.py serve`` in
``tables.sqlite`` in its ``--data`` folder (the same format; the case names
the file after its entry point).  The base store is written by the engine:
four tables played by ``tests.online.loop.play_table`` — an OpenSky game
waiting for bids with sealed bids in its log, a Blue Skies game with sealed
hand draws, a finished game, and a table nobody joined yet.  Entries are
sealed with ``TABLES_KEY``, which each case writes as its data folder's
``seal.key`` (so the store is sealed with that folder's key), and every
salt, token, code and time is fixed: the same seed gives the same bytes.
The base is made once per process and copied.

Two layouts: ``plain`` (the store as a closed host leaves it) and ``wal``
(a host killed after its last commit: the latest table's rows only in
``-wal``, whose salts are fixed; no ``-shm``, which SQLite makes again).

Mutation families, in turn by seed (``mutate.FAMILIES["sqlite"]``):

* bytes of the file (``truncate``, ``flip``, ``insert``, ``delete``,
  ``duplicate`` from ``mutate``; ``zero-page``), of the ``-wal`` a third of
  the time in the ``wal`` layout;
* rows written through sqlite3 into a copy: ``row-json`` (a header's or an
  action's JSON damaged with ``mutate``'s structure families),
  ``big-number`` (a value, most often a number, made a whole number too big
  for a float), ``sql-type`` (a column given a blob, an integer, a real,
  NULL or a huge text), ``gap`` (an action deleted), ``reindex`` (an action's idx changed),
  ``recode`` (a table's code changed), ``drop-table`` (``tables`` or
  ``actions`` dropped or renamed), ``foreign-schema`` (a table of another
  shape, a view, a trigger that refuses writes, another format's header),
  ``other-key`` (the store as it is, but the folder's ``seal.key`` is
  another one, damaged, or gone);
* the special files (``fifo``, ``directory``, ``devzero``, ``big-file``).

What the program may do to the store afterwards is decided by
``tablecheck.store_problems``.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import shutil
import sqlite3
import struct
import tempfile
from pathlib import Path
from typing import Any, Iterator
from unittest import mock

from tests.fuzz.mutate import (
    BIG_FILE_BYTES, ONE_MB, STRUCT_FAMILIES, Mutated, _get, _walk, describe_path, mutate_bytes, mutate_some, shown,
)

#: the seal key of the base store, written into each case's data folder
TABLES_KEY = bytes(range(40, 72))
#: the store's file as each entry point names it (``ui.online.lobby.ONLINE_FILE``, ``cli.online.TABLES_FILE``)
STORE_FILES = {"hosted": "online.sqlite", "serve": "tables.sqlite"}
#: SQLite's companions of a store in WAL mode
WAL, SHM = "-wal", "-shm"
PAGE = 4096
#: (name, game, board, players, remote, computer, seed, code): the base store's tables, oldest first
TABLES = (
    ("finished", "opensky", "north_america", ["Nordwind", "Sunway"], [], {"Sunway": "easy"}, 3, "HX4P7C"),
    ("waiting", "blue_skies", "usa", ["Nordwind", "Sunway"], ["Sunway"], {}, 4, "KT9A3M"),
    ("bs-hands", "blue_skies", "usa", ["Nordwind", "Sunway", "Tern"], ["Sunway"], {"Tern": "easy"}, 2, "QD6W4R"),
    ("os-midbid", "opensky", "europe", ["Nordwind", "Sunway", "Tern"], ["Sunway"], {"Tern": "easy"}, 3, "YF7N3E"),
)
T0 = 1_750_000_000.0

_cache: dict[str, dict[str, bytes]] = {}


# ---------------------------------------------------------------- the base store

@contextlib.contextmanager
def data_folder(folder: Path) -> Iterator[None]:
    """``OPENSKY_DATA_DIR`` set to ``folder`` (its seal key read afresh) while
    inside, then put back as it was."""
    from opensky.persistence import sealkey
    before = os.environ.get("OPENSKY_DATA_DIR")
    os.environ["OPENSKY_DATA_DIR"] = str(folder)
    sealkey.forget()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("OPENSKY_DATA_DIR", None)
        else:
            os.environ["OPENSKY_DATA_DIR"] = before
        sealkey.forget()


@contextlib.contextmanager
def _fixed_world(folder: Path) -> Iterator[None]:
    """The data folder ``folder`` sealed with ``TABLES_KEY``; secrets and the clock fixed."""
    from opensky.persistence import sealkey
    folder.mkdir(parents=True, exist_ok=True)
    (folder / sealkey.KEY_FILE).write_text(TABLES_KEY.hex())
    n = [0]

    def token_bytes(k: int = 32) -> bytes:
        n[0] += 1
        return hashlib.sha256(f"fuzz-tables/{n[0]}".encode()).digest()[:k]

    def clock() -> float:
        n[0] += 1
        return T0 + n[0]
    with data_folder(folder), mock.patch("secrets.token_bytes", token_bytes), mock.patch("time.time", clock):
        yield


def _mid_bid(t: Any) -> bool:
    return bool(t.state.decision == "bid" and t.session.log[-1].type == "bid")


def base_tables() -> list[Any]:
    """The four tables (in the data folder sealed with ``TABLES_KEY``: call inside ``_fixed_world``)."""
    from opensky.online.table import Table
    from tests.online.loop import play_table
    out = []
    for i, (name, game, board, players, remote, computer, seed, code) in enumerate(TABLES):
        t = Table.create(game, board, players, remote=remote, computer=computer, seed=seed, code=code)
        t.created = T0 + 100 * i
        t.auto_start = False        # as the window's lobby makes them
        t.claim_local()
        if name != "waiting":
            for r in remote:
                t.claim(r)
            t.start(False)
        if name == "os-midbid":
            play_table(t, seed, _mid_bid)
            assert _mid_bid(t), "the OpenSky table never waited for bids"
        elif name == "bs-hands":
            play_table(t, seed, lambda t: t.state.round >= 2)
        elif name == "finished":
            play_table(t, seed)
            assert t.finished
        out.append(t)
    return out


def _wal_checksum(data: bytes, s0: int, s1: int, big: bool) -> tuple[int, int]:
    """SQLite's WAL checksum over ``data`` (whole 8-byte steps), going on from (s0, s1)."""
    words = struct.unpack((">" if big else "<") + f"{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def fixed_salts(wal: bytes, salts: tuple[int, int] = (0x0F5E1, 0x7AB1E5)) -> bytes:
    """The -wal with fixed salts (SQLite draws them at random when a -wal
    begins) and its checksums made again, so the same seed gives the same
    bytes: frames are valid when their salts match the header's and the
    checksums chain from it."""
    big = struct.unpack(">I", wal[:4])[0] & 1
    head = bytearray(wal[:32])
    head[16:24] = struct.pack(">II", *salts)
    s = _wal_checksum(bytes(head[:24]), 0, 0, bool(big))
    head[24:32] = struct.pack(">II", *s)
    out = bytearray(head)
    frame = 24 + PAGE
    for at in range(32, len(wal) - frame + 1, frame):
        fh = bytearray(wal[at:at + 24])
        fh[8:16] = struct.pack(">II", *salts)
        s = _wal_checksum(bytes(fh[:8]) + wal[at + 24:at + frame], s[0], s[1], bool(big))
        fh[16:24] = struct.pack(">II", *s)
        out += fh + wal[at + 24:at + frame]
    return bytes(out)


def base_store(layout: str) -> dict[str, bytes]:
    """The base store's files (``""``: the database; ``-wal``, ``-shm``), made once per process."""
    if layout in _cache:
        return _cache[layout]
    from opensky.online.tablestore import TableStore
    tmp = Path(tempfile.mkdtemp(prefix="opensky-fuzz-tables-"))
    try:
        with _fixed_world(tmp / "data"):
            path = tmp / "tables.sqlite"
            store = TableStore(path)
            store.db.execute("PRAGMA wal_autocheckpoint=0")
            tables = base_tables()
            for t in tables[:-1]:
                store.add(t)
            store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            store.add(tables[-1])           # a host killed now: the latest table only in the -wal
            _cache["wal"] = {"": path.read_bytes(), WAL: fixed_salts(Path(str(path) + WAL).read_bytes())}
            store.close()                   # the last connection closed: all in the database, no -wal
            _cache["plain"] = {"": path.read_bytes()}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return _cache[layout]


# ---------------------------------------------------------------- bytes

def zero_page(rng: random.Random, data: bytes) -> Mutated:
    pages = max(1, len(data) // PAGE)
    k = rng.randrange(pages)
    out = data[:k * PAGE] + bytes(min(PAGE, len(data) - k * PAGE)) + data[(k + 1) * PAGE:]
    return Mutated("zero-page", f"page {k + 1} of {pages} zeroed", out)


def damage_bytes(rng: random.Random, data: bytes, family: str) -> Mutated:
    if family == "zero-page":
        return zero_page(rng, data)
    if family == "truncate" and rng.random() < 0.5:     # a copy cut short between pages
        at = PAGE * rng.randrange(len(data) // PAGE + 1)
        return Mutated(family, f"truncate at page boundary {at} of {len(data)}", data[:at])
    m = mutate_bytes(rng, data, "json", family)
    if rng.random() < 0.2 and m.data is not None:       # a second, small one on top
        m2 = mutate_bytes(rng, m.data, "json", "flip")
        return Mutated(family, f"{m.desc}; then {m2.desc}", m2.data)
    return m


# ---------------------------------------------------------------- rows

def _codes(db: sqlite3.Connection) -> list[str]:
    return [c for (c,) in db.execute("SELECT code FROM tables ORDER BY updated")]


def _one_action(rng: random.Random, db: sqlite3.Connection) -> tuple[str, int]:
    rows = db.execute("SELECT code, idx FROM actions ORDER BY code, idx").fetchall()
    code, idx = rows[rng.randrange(len(rows))]
    return str(code), int(idx)


def _as_text(data: bytes) -> Any:
    """Mutated JSON as the column's text (not UTF-8: the bytes stored as text all the same)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return sqlite3.Binary(data)


def _row_json(rng: random.Random, db: sqlite3.Connection) -> str:
    if rng.random() < 0.5:
        code = rng.choice(_codes(db))
        (text,) = db.execute("SELECT header FROM tables WHERE code = ?", (code,)).fetchone()
        fam = rng.choice(STRUCT_FAMILIES)
        m = mutate_some(rng, text.encode(), "json", fam)
        assert m.data is not None
        db.execute("UPDATE tables SET header = CAST(? AS TEXT) WHERE code = ?", (_as_text(m.data), code))
        return f"header of {code}: {fam} {m.desc}"
    code, idx = _one_action(rng, db)
    (text,) = db.execute("SELECT entry FROM actions WHERE code = ? AND idx = ?", (code, idx)).fetchone()
    fam = rng.choice(STRUCT_FAMILIES)
    m = mutate_some(rng, text.encode(), "json", fam)
    assert m.data is not None
    db.execute("UPDATE actions SET entry = CAST(? AS TEXT) WHERE code = ? AND idx = ?", (_as_text(m.data), code, idx))
    return f"action {idx} of {code}: {fam} {m.desc}"


#: a whole number JSON and Python read, but too big for a float (``mutate``'s huge ones are either
#: within a float's range or past Python's 4300-digit limit, which the JSON reader refuses)
FLOAT_OVERFLOW = "1" + "0" * 400


def big_number(rng: random.Random, text: str) -> tuple[str, str]:
    """One value of a JSON row (most often a number) replaced by ``FLOAT_OVERFLOW``."""
    doc = json.loads(text)
    paths = [p for p in _walk(doc) if not isinstance(_get(doc, p), (dict, list))]
    numbers = [p for p in paths if isinstance(_get(doc, p), (int, float))]
    path = rng.choice(numbers if numbers and rng.random() < 0.8 else paths)
    _get(doc, path[:-1])[path[-1]] = "@@BIG@@"
    return json.dumps(doc, ensure_ascii=False).replace('"@@BIG@@"', FLOAT_OVERFLOW), describe_path(path)


def _big_number(rng: random.Random, db: sqlite3.Connection) -> str:
    if rng.random() < 0.7:
        code = rng.choice(_codes(db))
        (text,) = db.execute("SELECT header FROM tables WHERE code = ?", (code,)).fetchone()
        new, where = big_number(rng, text)
        db.execute("UPDATE tables SET header = ? WHERE code = ?", (new, code))
        return f"header of {code}: {where} = a 401-digit number"
    code, idx = _one_action(rng, db)
    (text,) = db.execute("SELECT entry FROM actions WHERE code = ? AND idx = ?", (code, idx)).fetchone()
    new, where = big_number(rng, text)
    db.execute("UPDATE actions SET entry = ? WHERE code = ? AND idx = ?", (new, code, idx))
    return f"action {idx} of {code}: {where} = a 401-digit number"


def _loosen(db: sqlite3.Connection, table: str) -> None:
    """The same table without its constraints (so NULL and duplicates fit)."""
    cols = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
    db.execute(f"CREATE TABLE loose ({', '.join(cols)})")
    db.execute(f"INSERT INTO loose SELECT * FROM {table}")
    db.execute(f"DROP TABLE {table}")
    db.execute(f"ALTER TABLE loose RENAME TO {table}")


_BAD_VALUES: list[tuple[str, Any]] = [
    ("a blob", b"\x00\xffnot text"), ("a blob of the same JSON", None), ("an integer", 7), ("a negative integer", -1),
    ("the largest integer", 2 ** 63 - 1), ("a real", 2.5), ("a huge real", 1e308), ("NULL", None),
    ("a huge text", "x" * (2 * ONE_MB)), ("an empty text", ""), ("a text number", "12"),
]


def _sql_type(rng: random.Random, db: sqlite3.Connection) -> str:
    table, col = rng.choice([("tables", "code"), ("tables", "header"), ("tables", "finished"), ("tables", "updated"),
                             ("actions", "code"), ("actions", "idx"), ("actions", "entry")])
    word, value = rng.choice(_BAD_VALUES)
    if word == "a blob of the same JSON":
        value = "blob"
    if word == "NULL" or col in ("code", "idx"):
        _loosen(db, table)              # NOT NULL, a key taken twice: the same table without its constraints
    if table == "tables":
        code = rng.choice(_codes(db))
        where, args = "code = ?", (code,)
        what = f"tables.{col} of {code}"
    else:
        code, idx = _one_action(rng, db)
        where, args = "code = ? AND idx = ?", (code, idx)
        what = f"actions.{col} of {code} #{idx}"
    if value == "blob":
        db.execute(f"UPDATE {table} SET {col} = CAST({col} AS BLOB) WHERE {where}", args)
    else:
        db.execute(f"UPDATE {table} SET {col} = ? WHERE {where}", (value,) + args)
    return f"{what} = {word}"


def _gap(rng: random.Random, db: sqlite3.Connection) -> str:
    code, idx = _one_action(rng, db)
    db.execute("DELETE FROM actions WHERE code = ? AND idx = ?", (code, idx))
    return f"action {idx} of {code} deleted"


def _reindex(rng: random.Random, db: sqlite3.Connection) -> str:
    code, idx = _one_action(rng, db)
    (n,) = db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (code,)).fetchone()
    new = rng.choice([-1, n, n + 5, 10 ** 6, 2 ** 62, "3", 2.5, idx + 1])
    if new == idx + 1 or isinstance(new, (str, float)):
        _loosen(db, "actions")          # a duplicate idx, or one of another type
    db.execute("UPDATE actions SET idx = ? WHERE code = ? AND idx = ?", (new, code, idx))
    return f"action {idx} of {code}: idx = {new!r}"


def _recode(rng: random.Random, db: sqlite3.Connection) -> str:
    codes = _codes(db)
    code = rng.choice(codes)
    how = rng.choice(("valid", "invalid", "swap", "actions-only"))
    if how == "swap" and len(codes) > 1:
        other = rng.choice([c for c in codes if c != code])
        db.execute("UPDATE tables SET code = 'tmp' WHERE code = ?", (code,))
        db.execute("UPDATE tables SET code = ? WHERE code = ?", (code, other))
        db.execute("UPDATE tables SET code = ? WHERE code = 'tmp'", (other,))
        return f"tables {code} and {other} swap codes (their actions stay)"
    new = "WXY999" if how in ("valid", "actions-only") else rng.choice(
        ["bad code!", "yf7n3e", "YF7N3", "YF7N3EE", "", "O0O0O0", "\u2708" * 6, "A" * 300, "YF7N3E\n"])
    if how == "actions-only":
        db.execute("UPDATE actions SET code = ? WHERE code = ?", (new, code))
        return f"the actions of {code} moved to code {new}"
    db.execute("UPDATE tables SET code = ? WHERE code = ?", (new, code))
    if rng.random() < 0.5:
        db.execute("UPDATE actions SET code = ? WHERE code = ?", (new, code))
        return f"table {code} (and its actions) recoded {shown(new, 30)}"
    return f"table {code} recoded {shown(new, 30)} (its actions not)"


def _drop_table(rng: random.Random, db: sqlite3.Connection) -> str:
    table = rng.choice(("tables", "actions"))
    how = rng.choice(("drop", "rename", "empty"))
    if how == "drop":
        db.execute(f"DROP TABLE {table}")
        return f"table {table} dropped"
    if how == "rename":
        db.execute(f"ALTER TABLE {table} RENAME TO old_{table}")
        return f"table {table} renamed old_{table}"
    db.execute(f"DELETE FROM {table}")
    return f"every row of {table} deleted"


def _foreign_schema(rng: random.Random, db: sqlite3.Connection) -> str:
    how = rng.choice(("other-columns", "missing-column", "extra-column", "view", "trigger", "other-format"))
    if how == "other-columns":
        db.execute("DROP TABLE tables")
        db.execute("CREATE TABLE tables (id INTEGER PRIMARY KEY, name TEXT, seats BLOB)")
        db.executemany("INSERT INTO tables (name, seats) VALUES (?, ?)", [("Nordwind", b"\x01"), ("x" * 500, None)])
        return "tables is another schema's (id, name, seats)"
    if how == "missing-column":
        table, col = rng.choice([("tables", "updated"), ("tables", "header"), ("tables", "finished"),
                                 ("actions", "entry"), ("actions", "idx")])
        _rebuild_without(db, table, col)
        return f"{table} without its column {col}"
    if how == "extra-column":
        db.execute("ALTER TABLE tables ADD COLUMN owner TEXT DEFAULT 'someone else'")
        db.execute("ALTER TABLE actions ADD COLUMN note BLOB NOT NULL DEFAULT x'00'")
        return "an extra column in tables and in actions"
    if how == "view":
        table = rng.choice(("tables", "actions"))
        db.execute(f"ALTER TABLE {table} RENAME TO real_{table}")
        db.execute(f"CREATE VIEW {table} AS SELECT * FROM real_{table}")
        return f"{table} is a view (nothing can be written to it)"
    if how == "trigger":
        table = rng.choice(("tables", "actions"))
        db.execute(f"CREATE TRIGGER refuse BEFORE INSERT ON {table} BEGIN SELECT RAISE(ABORT, 'refused'); END")
        db.execute(f"CREATE TRIGGER refuse2 BEFORE UPDATE ON {table} BEGIN SELECT RAISE(FAIL, 'refused'); END")
        return f"triggers refuse every write to {table}"
    code = rng.choice(_codes(db))
    (text,) = db.execute("SELECT header FROM tables WHERE code = ?", (code,)).fetchone()
    doc = json.loads(text)
    key, value = rng.choice([("version", 2), ("version", 0), ("format", "opensky-save"), ("format", None)])
    doc[key] = value
    db.execute("UPDATE tables SET header = ? WHERE code = ?", (json.dumps(doc), code))
    return f"header of {code}: {key} = {value!r}"


def _rebuild_without(db: sqlite3.Connection, table: str, col: str) -> None:
    cols = [r[1] for r in db.execute(f"PRAGMA table_info({table})") if r[1] != col]
    db.execute(f"CREATE TABLE thin ({', '.join(cols)})")
    db.execute(f"INSERT INTO thin SELECT {', '.join(cols)} FROM {table}")
    db.execute(f"DROP TABLE {table}")
    db.execute(f"ALTER TABLE thin RENAME TO {table}")


ROW_DAMAGE = {"row-json": _row_json, "big-number": _big_number, "sql-type": _sql_type, "gap": _gap, "reindex": _reindex,
              "recode": _recode, "drop-table": _drop_table, "foreign-schema": _foreign_schema}


def damage_rows(rng: random.Random, path: Path, family: str) -> str:
    """Damage the rows of the store at ``path`` in place, through sqlite3."""
    db = sqlite3.connect(str(path), isolation_level=None)
    try:
        db.execute("BEGIN")
        desc = ROW_DAMAGE[family](rng, db)
        db.execute("COMMIT")
    finally:
        db.close()          # the last connection: the -wal goes into the file and is removed
    return desc


def other_key(rng: random.Random, data_folder: Path) -> str:
    """The folder's seal key is not the one the store was sealed with."""
    from opensky.persistence.sealkey import KEY_FILE
    p = data_folder / KEY_FILE
    how = rng.choice(("another", "gone", "damaged"))
    if how == "gone":
        p.unlink()
        return "seal.key gone (a new one is made)"
    if how == "damaged":
        p.write_bytes(b"\x00garbage")
        return "seal.key damaged (kept aside, a new one is made)"
    p.write_text(bytes(range(200, 232)).hex())
    return "seal.key of another computer"


# ---------------------------------------------------------------- the case

def build(case: Any, rng: random.Random, folder: Path) -> None:
    """The store's files in ``folder/data``, damaged by ``case.family``; ``case.files`` filled."""
    from opensky.persistence.sealkey import KEY_FILE
    from tests.fuzz.cases import _mode, write_input
    from tests.fuzz.mutate import SPECIAL_FAMILIES, SQLITE_BYTE_FAMILIES, mutate
    family = case.family
    case.entry = rng.choice(("hosted", "hosted", "serve"))
    name = STORE_FILES[case.entry]
    rel = f"data/{name}"
    data = folder / "data"
    (data / KEY_FILE).write_text(TABLES_KEY.hex())
    bytes_family = family in SQLITE_BYTE_FAMILIES
    layout = "wal" if (family == "none" or bytes_family) and rng.random() < 0.3 else "plain"
    files = dict(base_store(layout))
    case.base = f"{layout}:{name}"
    desc = "unmutated"
    special: Mutated | None = None
    if bytes_family:
        sfx = WAL if layout == "wal" and rng.random() < 0.33 else ""
        m = damage_bytes(rng, files[sfx], family)
        assert m.data is not None
        files[sfx] = m.data
        desc = f"{name}{sfx}: {m.desc}"
    elif family == "big-file":
        n = BIG_FILE_BYTES + rng.randrange(1, ONE_MB)
        pad = rng.choice((b"\x00", b"\xa5"))
        files[""] += pad * n
        desc = f"padded with {n} bytes {pad.hex()} (over 8 MB)"
    elif family in SPECIAL_FAMILIES:
        special = mutate(rng, b"", "json", family)
        files = {}
        desc = special.desc
    for sfx, body in files.items():
        (data / (name + sfx)).write_bytes(body)
    if family in ROW_DAMAGE:
        desc = damage_rows(rng, data / name, family)
    elif family == "other-key":
        desc = other_key(rng, data)
    if special is not None:
        case.files.append(write_input(folder, rel, special, strict=False))
    else:
        for sfx in ("", WAL, SHM):
            p = data / (name + sfx)
            if p.exists():
                body = p.read_bytes()
                case.files.append(write_input(folder, rel + sfx, Mutated(family, desc, body), strict=False))
    case.target = rel
    case.desc = desc
    case.mode = "subproc" if case.entry == "serve" else _mode(rng, family)
