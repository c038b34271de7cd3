"""The fuzz tier for the host's tables file (``online.tablestore``): the
SQLite file a host reads back after a restart is hostile like every file a
player can touch.  Real tables of both games (sealed bids and hands among
their entries) are written, then a header or an entry is damaged with the
fuzz tier's own mutations (``tests.fuzz.mutate``); reading back must leave
out exactly the damaged table with one short line, never raise, and resume
every other table to the same log.  A file that is not SQLite at all, or a
folder in its place, gives one line too."""
from __future__ import annotations

import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from opensky.online.table import Table
from opensky.online.tablestore import TableStore
from opensky.persistence import sealkey
from opensky.userdirs import data_dir
from tests.fuzz.mutate import BYTE_FAMILIES, STRUCT_FAMILIES, mutate_some

FAMILIES = BYTE_FAMILIES + STRUCT_FAMILIES


def _played(game: str, board: str, seed: int, steps: int) -> Table:
    t = Table.create(game, board, ["Ann", "Bo", "Cy"], remote=["Ann", "Bo"], computer={"Cy": "easy"}, seed=seed)
    t.start()
    rng = random.Random(seed)
    while t.seq < steps and not t.finished:
        t.advance()
        if t.finished:
            break
        p = t.waiting_for()[0]
        legal, _ = t.legal_for([p])
        t.act([p], t.seq, rng.choice(legal))
    return t


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes, list[Table]]:
    """The tables, written once (under their own data folder's seal key)."""
    folder = tmp_path_factory.mktemp("tables")
    before = os.environ.get("OPENSKY_DATA_DIR")
    os.environ["OPENSKY_DATA_DIR"] = str(folder / "data")
    sealkey.forget()
    try:
        store = TableStore(folder / "tables.sqlite")
        tables = [_played("opensky", "europe", 1, 40), _played("blue_skies", "usa", 2, 60),
                  _played("opensky", "north_america", 3, 25)]
        for t in tables:
            store.add(t)
        store.close()
        key = sealkey.current()
    finally:
        if before is None:
            os.environ.pop("OPENSKY_DATA_DIR", None)
        else:
            os.environ["OPENSKY_DATA_DIR"] = before
        sealkey.forget()
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
