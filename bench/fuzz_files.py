#!/usr/bin/env python3
"""Fuzz every file kind a player can touch, thousands of cases (issue 13).

The CI tier (``tests/fuzz``) runs a few hundred cases; this runs as many as
asked with the same engine and the same checks, in parallel workers, prints
a table per file kind (cases, clean refusals, worked, tracebacks, hangs,
modified inputs, other failures, slowest case) and every failing case grouped
by root cause, each with the command that runs it again.  Exits 1 when any
case failed.

    python bench/fuzz_files.py [--cases 2000] [--seed 1] [--jobs 2] [--kinds board,save]
    python bench/fuzz_files.py --only save:100017 --keep     # one case again, its folder kept
    python bench/fuzz_files.py --kinds tables --cases 300      # one kind (KINDS in tests/fuzz/cases.py)

Case seeds are ``seed * 100000 + i`` for the i-th case of each kind, so two
runs with the same ``--seed`` try the same cases.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.fuzz import report  # noqa: E402
from tests.fuzz.cases import KINDS  # noqa: E402
from tests.fuzz.entries import Result  # noqa: E402
from tests.fuzz.worker import Pool  # noqa: E402


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=2000, help="cases in all, shared between the kinds")
    ap.add_argument("--seed", type=int, default=1, help="which cases (the same seed tries the same cases)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="worker processes")
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated: " + ", ".join(KINDS))
    ap.add_argument("--only", action="append", default=[], metavar="KIND:SEED",
                    help="run just this case (repeatable), e.g. save:100017")
    ap.add_argument("--keep", action="store_true", help="keep the case folders (printed) to look at")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds before a case counts as a hang")
    ap.add_argument("--verbose", action="store_true", help="print every case as it ends")
    return ap.parse_args(argv)


def plan(args: argparse.Namespace) -> list[tuple[str, int]]:
    if args.only:
        out = []
        for item in args.only:
            kind, _, seed = item.partition(":")
            if kind not in KINDS or not seed.lstrip("-").isdigit():
                raise SystemExit(f"--only wants KIND:SEED with KIND one of {', '.join(KINDS)}, not {item!r}")
            out.append((kind, int(seed)))
        return out
    kinds = [k for k in args.kinds.split(",") if k]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        raise SystemExit(f"unknown kind(s) {', '.join(unknown)} (known: {', '.join(KINDS)})")
    per_kind = max(1, args.cases // len(kinds))
    # interleave the kinds so that a slow kind does not end up on one worker
    return [(k, args.seed * 100_000 + i) for i in range(per_kind) for k in kinds]


def run(todo: list[tuple[str, int]], base: Path, jobs: int, timeout: float, keep: bool,
        verbose: bool) -> list[Result]:
    """Run the cases on ``jobs`` workers; results in the order of ``todo``."""
    results: list[Result | None] = [None] * len(todo)
    lock = threading.Lock()
    next_index = [0]
    done = [0]
    t0 = time.perf_counter()

    def drive(n: int) -> None:
        with Pool(base / f"w{n}", timeout=timeout, keep=keep) as pool:
            while True:
                with lock:
                    i = next_index[0]
                    next_index[0] += 1
                if i >= len(todo):
                    return
                r = pool.run(*todo[i])
                with lock:
                    results[i] = r
                    done[0] += 1
                    if verbose or r.failures:
                        mark = "FAIL " + ",".join(sorted({c for c, _ in r.failures})) if r.failures else r.outcome
                        print(f"[{done[0]}/{len(todo)}] {mark}: {r.label[:200]}", flush=True)
                    elif done[0] % 100 == 0:
                        print(f"[{done[0]}/{len(todo)}] {time.perf_counter() - t0:.0f} s", flush=True)

    threads = [threading.Thread(target=drive, args=(n,)) for n in range(max(1, jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [r for r in results if r is not None]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    todo = plan(args)
    base = Path(tempfile.mkdtemp(prefix="opensky-fuzz-"))
    print(f"{len(todo)} cases on {args.jobs} workers (seed {args.seed}); case folders under {base}")
    t0 = time.perf_counter()
    results = run(todo, base, args.jobs, args.timeout, args.keep, args.verbose)
    took = time.perf_counter() - t0
    kinds = [k for k in KINDS if any(r.kind == k for r in results)]
    print()
    print(report.table(results, kinds))
    print(f"\n{len(results)} cases in {took:.1f} s ({len(results) / took:.1f} cases/s)")
    modes = {m: sum(r.mode == m for r in results) for m in ("inproc", "subproc")}
    print(f"in-process {modes['inproc']}, subprocess {modes['subproc']}")
    print()
    print(report.failures(results, reproduce="python bench/fuzz_files.py"))
    note = report.masked(results)
    if note:
        print("\n" + note)
    if args.keep:
        print(f"\ncase folders kept under {base}")
    else:
        import shutil
        shutil.rmtree(base, ignore_errors=True)
    return 1 if any(r.failures for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
