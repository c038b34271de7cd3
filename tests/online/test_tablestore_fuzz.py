"""The fuzz tier for the host's tables file (``online.tablestore``): the
SQLite file a host reads back after a restart is hostile like every file a
player can touch.  Real tables of both games (sealed bids and hands among
their entries) are written, then a header or an entry is damaged with the
fuzz tier's own mutations (``tests.fuzz.mutate``); reading back must leave
out exactly the damaged table with one short line, never raise, and resume
every other table to the same log.  A file that is not SQLite at all, or a
folder in its place, gives one line too."""
from __future__ import annotations

import random
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from opensky.online.table import Table
from opensky.online.tablestore import TableStore
from opensky.persistence import sealkey
from opensky.userdirs import data_dir
from tests.fuzz.tables import data_folder
from tests.fuzz.mutate import BYTE_FAMILIES, STRUCT_FAMILIES, mutate_some
from tests.online.loop import play_table

FAMILIES = BYTE_FAMILIES + STRUCT_FAMILIES


def _played(game: str, board: str, seed: int, steps: int) -> Table:
    t = Table.create(game, board, ["Ann", "Bo", "Cy"], remote=["Ann", "Bo"], computer={"Cy": "easy"}, seed=seed)
    t.start()
    return play_table(t, seed, lambda t: t.seq >= steps)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes, list[Table]]:
    """The tables, written once (under their own data folder's seal key)."""
    folder = tmp_path_factory.mktemp("tables")
    with data_folder(folder / "data"):
        store = TableStore(folder / "tables.sqlite")
        tables = [_played("opensky", "europe", 1, 40), _played("blue_skies", "usa", 2, 60),
                  _played("opensky", "north_america", 3, 25)]
        for t in tables:
            store.add(t)
        store.close()
        key = sealkey.current()
    return folder / "tables.sqlite", key, tables


@pytest.fixture
def stored(made: tuple[Path, bytes, list[Table]], tmp_path: Path) -> tuple[Path, list[Table]]:
    """A copy of the tables file for one test, with the key that sealed it in this test's data folder."""
    source, key, tables = made
    path = tmp_path / "tables.sqlite"
    shutil.copyfile(source, path)
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / sealkey.KEY_FILE).write_text(key.hex())
    sealkey.forget()
    assert sealkey.current() == key
    return path, tables


def _log(t: Table) -> list[object]:
    return list(t.session.log)


def test_the_tables_come_back_whole(stored: tuple[Path, list[Table]]) -> None:
    path, tables = stored
    store = TableStore(path)
    back = {t.code: t for t in store.load_all(finished=True)}
    assert store.problems == []
    for t in tables:
        assert _log(back[t.code]) == _log(t)
        assert back[t.code].entries == t.entries
        assert back[t.code].state.to_json() == t.state.to_json()


@pytest.mark.parametrize("seed", range(48))
def test_a_damaged_row_leaves_out_only_its_table(stored: tuple[Path, list[Table]], seed: int) -> None:
    path, tables = stored
    rng = random.Random(seed)
    victim = tables[seed % len(tables)]
    db = sqlite3.connect(path)
    if seed % 2 == 0:
        (text,) = db.execute("SELECT header FROM tables WHERE code = ?", (victim.code,)).fetchone()
        m = mutate_some(rng, text.encode(), "json", FAMILIES[seed % len(FAMILIES)])
        if m.data is None:
            pytest.skip("a special file, not a row")
        db.execute("UPDATE tables SET header = ? WHERE code = ?", (m.data.decode("utf-8", "replace"), victim.code))
    else:
        n = len(victim.entries)
        idx = rng.randrange(n)
        (text,) = db.execute("SELECT entry FROM actions WHERE code = ? AND idx = ?", (victim.code, idx)).fetchone()
        m = mutate_some(rng, text.encode(), "json", FAMILIES[seed % len(FAMILIES)])
        if m.data is None:
            pytest.skip("a special file, not a row")
        db.execute("UPDATE actions SET entry = ? WHERE code = ? AND idx = ?",
                   (m.data.decode("utf-8", "replace"), victim.code, idx))
    db.commit()
    db.close()
    store = TableStore(path)
    back = {t.code: t for t in store.load_all(finished=True)}   # never raises
    for t in tables:
        if t is not victim:
            assert _log(back[t.code]) == _log(t)
    if victim.code in back:
        # a mutation that still reads as a valid table (a changed name, level, colour, or an
        # entry that still replays) resumes a game the engine accepts; it never crashes
        assert back[victim.code].seq <= len(victim.entries)
    else:
        assert len(store.problems) == 1
        assert len(store.problems[0]) < 200 and "\n" not in store.problems[0]


def test_a_row_of_the_wrong_kind_or_size(stored: tuple[Path, list[Table]]) -> None:
    path, tables = stored
    db = sqlite3.connect(path)
    db.execute("UPDATE tables SET header = ? WHERE code = ?", (b"\x00\xff" * 10, tables[0].code))
    db.execute("UPDATE actions SET entry = ? WHERE code = ? AND idx = 0", ("x" * 100_000, tables[1].code))
    db.execute("INSERT INTO tables (code, header, finished, updated) VALUES (?, ?, 0, 0)", ("bad code!", "{}"))
    db.commit()
    db.close()
    store = TableStore(path)
    back = {t.code: t for t in store.load_all(finished=True)}
    assert set(back) == {tables[2].code}
    assert len(store.problems) == 3


@pytest.mark.parametrize("content", [b"", b"not a database at all" * 100, bytes(range(256)) * 64])
def test_a_file_that_is_not_sqlite(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "tables.sqlite"
    path.write_bytes(content)
    try:
        store = TableStore(path)
    except sqlite3.DatabaseError:
        return  # serve turns this into one line (tests/online/test_serve_cli.py)
    assert store.load_all(finished=True) == [] or store.problems == []


@pytest.mark.parametrize("with_wal", [False, True])
def test_a_store_sqlite_finds_damaged_is_refused_and_left_as_it_is(stored: tuple[Path, list[Table]],
                                                                   tmp_path: Path, with_wal: bool) -> None:
    """A store that opens but is not whole (a page zeroed: a bad disk) is
    refused like a file that is not SQLite, before anything is written to
    it: its bytes stay as they were, and so do those of its -wal (a host
    killed after its last commit), which closing the last connection would
    otherwise have checkpointed into it.  (Found by the fuzz tier's kind
    "tables": Host again and Delete wrote into such a store.)"""
    path, tables = stored
    copy = tmp_path / "copy" / "tables.sqlite"
    copy.parent.mkdir()
    store = TableStore(path)
    if with_wal:
        store.db.execute("PRAGMA wal_autocheckpoint=0")
        store.remove(tables[0].code)              # in the -wal only
        shutil.copyfile(str(path) + "-wal", str(copy) + "-wal")
    shutil.copyfile(path, copy)
    store.close()
    wal = Path(str(copy) + "-wal").read_bytes() if with_wal else b""
    newer = {int.from_bytes(wal[i:i + 4], "big") for i in range(32, len(wal), 24 + 4096)}
    page = min(set(range(2, len(copy.read_bytes()) // 4096 + 1)) - newer)   # a table's page, not in the -wal
    data = bytearray(copy.read_bytes())
    data[(page - 1) * 4096:page * 4096] = bytes(4096)
    copy.write_bytes(bytes(data))
    before = {p.name: p.read_bytes() for p in copy.parent.iterdir()}
    with pytest.raises(sqlite3.DatabaseError):
        TableStore(copy)
    # (the -shm is SQLite's shared-memory index, made on opening; a -wal it made has no frames)
    after = {p.name: p.read_bytes() for p in copy.parent.iterdir() 
             if p.read_bytes() and not p.name.endswith("-shm")}
    assert after == before


def test_a_store_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tables.sqlite").mkdir()
    with pytest.raises(sqlite3.DatabaseError):
        TableStore(tmp_path / "tables.sqlite")


def test_a_creation_time_too_big_for_a_float_is_no_damage(stored: tuple[Path, list[Table]]) -> None:
    """``created`` is only kept: a whole number too big for a float (JSON
    and Python read 401 digits) reads as now, like a missing one, instead of
    leaving the table out as "damaged (OverflowError)".  (Found by the fuzz
    tier's kind "tables".)"""
    path, tables = stored
    db = sqlite3.connect(path)
    (text,) = db.execute("SELECT header FROM tables WHERE code = ?", (tables[0].code,)).fetchone()
    db.execute("UPDATE tables SET header = ? WHERE code = ?",
               (re.sub(r'"created": [0-9.e+]+', '"created": 1' + "0" * 400, text), tables[0].code))
    db.commit()
    db.close()
    store = TableStore(path)
    back = {t.code: t for t in store.load_all(finished=True)}
    assert store.problems == []
    assert _log(back[tables[0].code]) == _log(tables[0])


@pytest.mark.parametrize("shape", ["actions (code, idx, entry)", "actions (code TEXT, idx INTEGER, entry TEXT, note)"])
def test_a_store_of_another_shape_is_refused_before_anything_is_written(stored: tuple[Path, list[Table]],
                                                                        shape: str) -> None:
    """A store whose ``actions`` have another shape — here without their
    key, so every table the host writes again would have its log doubled
    and no longer replay — is refused like a file that is not a store, and
    left as it is.  (Found by the fuzz tier's kind "tables": Host again
    spoiled the table it had just opened.)"""
    path, tables = stored
    db = sqlite3.connect(path)
    db.execute(f"CREATE TABLE other {shape[len('actions '):]}")
    db.execute("INSERT INTO other (code, idx, entry) SELECT code, idx, entry FROM actions")
    db.execute("DROP TABLE actions")
    db.execute("ALTER TABLE other RENAME TO actions")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(sqlite3.DatabaseError):
        TableStore(path)
    assert path.read_bytes() == before


def test_a_damaged_code_is_shown_on_one_printable_line(stored: tuple[Path, list[Table]]) -> None:
    """A table's code is any value in a damaged store; the line that leaves
    it out shows at most 8 printable characters of it, so it stays one line
    (``serve`` prints it; the window logs it).  (Found by the fuzz tier's
    kind "tables".)"""
    path, _ = stored
    db = sqlite3.connect(path)
    db.execute("INSERT INTO tables (code, header, finished, updated) VALUES (?, '{}', 0, 1)", ("AB\nC\x1b[2J",))
    db.commit()
    db.close()
    store = TableStore(path)
    store.load_all()
    (line,) = [p for p in store.problems if p.startswith("table AB")]
    assert line.isprintable() and line.startswith("table AB?C?[2J: ")


def test_a_store_whose_index_does_not_match_its_rows_is_refused(stored: tuple[Path, list[Table]]) -> None:
    """A store SQLite's quick check finds whole but whose keys' index no
    longer matches the rows (a bit flipped in the index) is refused too, and
    left as it is: a table written again there came back doubled and no
    longer replayed.  (Found by the fuzz tier's kind "tables".)"""
    path, tables = stored
    db = sqlite3.connect(path)
    (root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_actions_1'").fetchone()
    db.close()
    data = bytearray(path.read_bytes())
    n = root
    while data[(n - 1) * 4096] == 0x02:               # down the right edge of the index to its last leaf
        n = int.from_bytes(data[(n - 1) * 4096 + 8:(n - 1) * 4096 + 12], "big")
    last = max(t.code for t in tables).encode()
    page = bytes(data[(n - 1) * 4096:n * 4096])
    assert page[0] == 0x0A and last in page            # the leaf with the last code's entries
    data[(n - 1) * 4096:n * 4096] = page.replace(last, last[:-1] + b"~")   # larger still: in order
    path.write_bytes(bytes(data))
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    db.close()
    before = path.read_bytes()
    with pytest.raises(sqlite3.DatabaseError):
        TableStore(path)
    assert path.read_bytes() == before
