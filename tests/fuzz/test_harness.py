"""The fuzz harness checks itself: every check can fail, cases are
reproducible from their seed, and the mutations reach past the first parser.

Why: a fuzz tier that quietly passes everything (a check that cannot fire,
bases that never load, mutations that only ever break the syntax) is worse
than none.  The self-test entries in ``tests.fuzz.worker.SELFTESTS`` each do
one wrong thing on purpose; the runner must catch exactly that.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml

from tests.fuzz.cases import CI_PER_KIND as PER_KIND
from tests.fuzz.cases import FORMAT, KINDS, build_case, family_for, generated_save
from tests.fuzz.mutate import FAMILIES, mutate
from tests.fuzz.worker import SELFTEST_NAMES, Pool

#: What each deliberately wrong entry must be caught as (None: it must pass).
EXPECTED: dict[str, str | None] = {
    "ok": None, "refuse": None, "move-aside": None,
    "raise": "traceback", "modify": "modified-input", "lose-damaged": "modified-input",
    "multiline": "bad-message", "long-message": "bad-message", "slow": "slow", "memory": "memory",
    "thread": "thread", "crash-log": "crash-log", "hang": "hang", "subproc-hang": "hang",
    "subproc-traceback": "traceback",
}
QUICK = [n for n in SELFTEST_NAMES if n not in ("slow", "hang", "subproc-hang", "memory")]
LONG = ["slow", "hang", "subproc-hang", "memory"]


def test_every_selftest_has_an_expectation() -> None:
    assert set(EXPECTED) == set(SELFTEST_NAMES)


@pytest.mark.fuzz
@pytest.mark.parametrize("names", [QUICK, LONG], ids=["quick", "long"])
def test_each_check_catches_its_failure(names: list[str], tmp_path: Path) -> None:
    """A deliberately broken entry fails with the right category; a good one passes."""
    with Pool(tmp_path, timeout=5.0, env={"OPENSKY_FUZZ_SUBPROCESS_TIMEOUT": "2"}) as pool:
        for name in names:
            r = pool.run("selftest", SELFTEST_NAMES.index(name))
            cats = {c for c, _ in r.failures}
            want = EXPECTED[name]
            if want is None:
                assert not r.failures, (name, r.failures)
            else:
                assert want in cats, (name, r.failures)
                assert r.outcome == "failed", (name, r.outcome)
    # after a hang the pool starts a new worker: a good case still runs
    with Pool(tmp_path / "again", timeout=3.0) as pool:
        assert pool.run("selftest", SELFTEST_NAMES.index("hang")).failures
        assert not pool.run("selftest", SELFTEST_NAMES.index("ok")).failures


def test_ci_seeds_cover_every_family() -> None:
    for kind in KINDS:
        seen = {family_for(kind, s) for s in range(PER_KIND)}
        assert seen == set(FAMILIES[FORMAT[kind]]), kind


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_case(kind: str, tmp_path: Path) -> None:
    """A failing case is reproduced from (kind, seed): same description, same bytes."""
    def build(where: str, seed: int) -> tuple[str, dict[str, str | None]]:
        folder = tmp_path / where
        folder.mkdir()
        case = build_case(kind, seed, folder)
        return case.label().replace(str(folder), "<dir>"), {f.rel: f.sha256 for f in case.files}
    for seed in (1, 14, 17):
        assert build(f"a{seed}", seed) == build(f"b{seed}", seed)


def test_structure_mutations_still_parse() -> None:
    """Most structural mutations keep the file parseable, so they reach the
    program's checks of values rather than only its parser."""
    save = generated_save("midbid")
    script = (Path(__file__).resolve().parents[1] / "scenarios" / "chits-accepted.yaml").read_bytes()
    for family in ("wrong-type", "wrong-value", "drop", "huge-int"):
        ok_json = ok_yaml = 0
        for seed in range(40):
            m = mutate(random.Random(seed), save, "json", family)
            try:
                json.loads(m.data or b"", parse_int=len)   # the grammar, any number of digits
                ok_json += 1
            except ValueError:
                pass
            m = mutate(random.Random(seed), script, "yaml", family)
            try:
                yaml.compose((m.data or b"").decode("utf-8"), Loader=yaml.SafeLoader)
                ok_yaml += 1
            except yaml.YAMLError:
                pass
        assert ok_json >= 32 and ok_yaml >= 32, (family, ok_json, ok_yaml)


def test_alias_bomb_is_small_and_large() -> None:
    """The bomb is a few hundred bytes that stand for at least 9**9 items."""
    from tests.fuzz.mutate import alias_bomb
    text = str(alias_bomb(random.Random(3)))
    assert len(text) < 2000
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    assert isinstance(root, yaml.SequenceNode)
    level = root.value[-1]
    depth = 0
    while isinstance(level, yaml.SequenceNode):
        assert len(level.value) >= 9
        level, depth = level.value[0], depth + 1
    assert depth >= 9


@pytest.mark.fuzz
def test_unmutated_bases_work(tmp_path: Path) -> None:
    """The real inputs themselves load: the engine's saves replay, the
    settings apply, Continue opens the game (otherwise every mutation would
    be refused for the wrong reason)."""
    with Pool(tmp_path) as pool:
        for kind in ("save", "settings", "autosave", "script", "bssave", "bsautosave"):
            n = len(FAMILIES[FORMAT[kind]])
            for seed in (0, n, 2 * n):
                assert family_for(kind, seed) == "none"
                r = pool.run(kind, seed)
                assert not r.failures, r.label
                if kind != "script":
                    assert r.outcome == "worked", (r.label, r.message)


def _none_seed(entry: str, layout: str, folder: Path) -> int:
    """The first seed of the kind "tables" that feeds the unmutated store to ``entry`` in ``layout``."""
    n = len(FAMILIES[FORMAT["tables"]])
    for seed in range(0, 200 * n, n):
        (folder / str(seed)).mkdir(parents=True)
        case = build_case("tables", seed, folder / str(seed))
        if case.entry == entry and case.base.startswith(layout + ":"):
            return seed
    raise AssertionError(f"no unmutated {entry}/{layout} case")


@pytest.mark.fuzz
@pytest.mark.parametrize("entry, layout, want", [
    ("hosted", "plain", "3 tables listed, 3 opened"),    # the store as a closed host leaves it
    ("hosted", "wal", "3 tables listed, 3 opened"),      # the latest table only in the -wal
    ("serve", "plain", "3 tables resumed, 0 left out"),
    ("serve", "wal", "3 tables resumed, 0 left out"),
])
def test_unmutated_table_store_is_read_whole(entry: str, layout: str, want: str, tmp_path: Path) -> None:
    """The base table store gives every unfinished table back: listed and
    opened again by the window (Continue and Host again), resumed by
    ``serve`` — the one a killed host left in the -wal included."""
    seed = _none_seed(entry, layout, tmp_path / "built")
    with Pool(tmp_path / "run") as pool:
        r = pool.run("tables", seed)
    assert not r.failures, r.failures
    assert r.outcome == "worked" and r.message == want, (r.label, r.message)


def test_the_table_store_rule(tmp_path: Path) -> None:
    """A store the program can open may be rewritten, never left damaged or
    lost; one it cannot open stays as it was (or is kept aside), and no
    -wal with frames appears beside it."""
    import sqlite3

    from tests.fuzz.cases import Case, FileRec, sha256
    from tests.fuzz.tablecheck import mark, store_problems
    from tests.fuzz.tables import base_store

    def case(data: bytes) -> tuple[Case, Path]:
        folder = tmp_path / str(len(list(tmp_path.iterdir())))
        (folder / "data").mkdir(parents=True)
        (folder / "data" / "online.sqlite").write_bytes(data)
        c = Case("tables", 0, "x", "", "hosted", "inproc", "", str(folder), "data/online.sqlite",
                 [FileRec("data/online.sqlite", True, sha256(data), strict=False)])
        mark(c)
        return c, folder / "data" / "online.sqlite"
    good = base_store("plain")[""]
    c, p = case(good)
    assert c.files[0].supersedable and store_problems(c) == []
    db = sqlite3.connect(p)
    db.execute("DELETE FROM actions")
    db.commit()
    db.close()
    assert store_problems(c) == []                # rewritten through SQLite
    p.write_bytes(good[:5000])
    assert store_problems(c)                      # left damaged
    p.unlink()
    assert store_problems(c)                      # lost
    cut = good[:8192]
    c, p = case(cut)
    assert not c.files[0].supersedable and store_problems(c) == []
    p.rename(p.with_name("online.sqlite.damaged"))
    p.write_bytes(b"")
    assert store_problems(c) == []                # kept aside, a new store in its place
    c, p = case(cut)
    p.write_bytes(cut + b"x")
    assert store_problems(c)                      # changed
    c, p = case(cut)
    p.with_name("online.sqlite-wal").write_bytes(b"frames")
    assert store_problems(c)                      # written to
