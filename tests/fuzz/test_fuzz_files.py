"""The CI fuzz tier (issue 13): for every file kind a player can touch, a few
dozen seeded mutations through the entry point a player uses — none may end
in a traceback, a hang, a memory blow-up, a long or multi-line message, or a
changed (or lost) input file.

Split by kind and by chunk of seeds so ``pytest -n 2`` spreads the work;
consecutive seeds take the mutation families in turn, so each chunk covers
them all.  ``OPENSKY_FUZZ_CASES`` changes the cases per kind (default 60);
``bench/fuzz_files.py`` runs thousands and prints a table.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.fuzz import report
from tests.fuzz.cases import CI_PER_KIND, KINDS
from tests.fuzz.worker import Pool

PER_KIND = CI_PER_KIND
CHUNKS = 3


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("kind", KINDS)
def test_player_files_survive_mutations(kind: str, chunk: int, tmp_path: Path) -> None:
    seeds = range(chunk, PER_KIND, CHUNKS)
    t0 = time.perf_counter()
    with Pool(tmp_path / "cases") as pool:
        results = [pool.run(kind, seed) for seed in seeds]
    took = time.perf_counter() - t0
    print(f"\n{kind} chunk {chunk}: {len(results)} cases in {took:.1f} s\n" + report.table(results, [kind]))
    assert len(results) == len(seeds)
    assert not any(r.failures for r in results), "\n" + report.failures(
        results, examples=6, reproduce="python bench/fuzz_files.py")
