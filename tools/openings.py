#!/usr/bin/env python3
"""Work out Expert's openings (``opensky.ai.openings``) by simulation, and
write them to ``opensky/ai/openings_book.py``.

For each board side with its recommended call signs, each number of
players and each season, the first seat's first pass of placements (R2) is
chosen one plane at a time: the candidates are Normal's best placements by
the market model (every one it values equally with its best, and the next
ones up to ``--screen``); each is played out ``--first`` times — the rest of
network planning and the season by Normal airlines, the dice and the
completion's tie-breaks drawn anew in each playout and shared by the
candidates — and the ``--keep`` best ``--more`` times again; the best mean
margin (the season's points of the first seat minus the best rival's) wins.
Second seasons start from Normal games' second seasons: one line for each
pattern of subsidy cubes left then in at least ``--share`` of ``--bases``
Normal games (in 2- and 3-player Europe a cube is often still there).  Deterministic for its arguments; the playouts
are split among ``--jobs`` processes.

    python tools/openings.py                 # print the lines found
    python tools/openings.py --write         # ... and write opensky/ai/openings_book.py
    python tools/openings.py --board europe --players 2 --season 1
"""
from __future__ import annotations

import argparse
import collections
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from opensky.ai.chance import sample_chance  # noqa: E402
from opensky.ai.normal import NormalBot  # noqa: E402
from opensky.ai.openings import Line, route_key  # noqa: E402
from opensky.board.loader import load_board  # noqa: E402
from opensky.play.selfplay import play_game, resolve_callsigns  # noqa: E402
from opensky.rules.actions import CHANCE_TYPES, PLACE_PLANE  # noqa: E402
from opensky.rules.constants import OCTOBER  # noqa: E402
from opensky.rules.state import NETWORK_PLANNING, GameState  # noqa: E402
from opensky.rules.view import player_view  # noqa: E402

BOARDS = ("europe", "north_america")
OUT = ROOT / "opensky" / "ai" / "openings_book.py"

# per worker process: season-2 starting states by (board, players, cubes, index), boards by id
_BASES: dict[tuple[str, int, tuple[bool, ...] | None, int], GameState] = {}
_BOARDS: dict[str, Any] = {}


def _board(board_id: str) -> Any:
    """The board side, read once per process (every playout starts from it)."""
    got = _BOARDS.get(board_id)
    if got is None:
        got = _BOARDS[board_id] = load_board(board_id)
    return got


def _season2(board_id: str, P: int, k: int) -> GameState:
    """The start of season 2 of Normal game k (before any placement)."""
    rng = random.Random(k * 31 + 5)
    bots = [NormalBot(rng.randrange(2**31)) for _ in range(P)]
    return play_game(_board(board_id), bots, rng,
                     stop_when=lambda s: s.month > OCTOBER and s.phase == NETWORK_PLANNING).state


def _start(board_id: str, P: int, season: int, subsidies: tuple[bool, ...] | None, k: int) -> GameState:
    if season == 1:
        board = _board(board_id)
        return GameState(board, [f"P{i + 1}" for i in range(P)],
                         resolve_callsigns(board, "recommended", random.Random(0)))
    key = (board_id, P, subsidies, k)
    got = _BASES.get(key)
    if got is None:
        j = k
        while True:  # the k-th game whose second season starts with these cubes
            got = _season2(board_id, P, j)
            if tuple(got.subsidy_left) == subsidies:
                break
            j += 1_000_003
        _BASES[key] = got
    return got.copy()


def _apply_routes(s: GameState, routes: list[int]) -> None:
    for r in routes:
        s.apply(next(a for a in s.legal_actions(0) if a.arg == r))


def _playout(task: tuple[Any, ...]) -> float:
    board_id, P, season, subsidies, prefix, cand, k = task
    s = _start(board_id, P, season, subsidies, k)
    before = [s.score(q)["total"] for q in range(P)]
    _apply_routes(s, list(prefix) + [cand])
    rng = random.Random(k * 1_000_003 + 17)
    bots = [NormalBot(rng.randrange(2**31)) for _ in range(P)]
    last = OCTOBER if season == 1 else 99
    while not s.game_over and s.month <= last:
        if s.decision in CHANCE_TYPES:
            s.apply(sample_chance(s, rng))
            continue
        q = s.actors[0]
        s.apply(bots[q].choose(player_view(s, q), s.legal_actions(q)))
    gain = [s.score(q)["total"] - before[q] for q in range(P)]
    return gain[0] - max(gain[1:])


def _means(pool: Any, base: tuple[Any, ...], cands: list[int], ks: range) -> dict[int, list[float]]:
    tasks = [base + (c, k) for c in cands for k in ks]
    out = pool.map(_playout, tasks, chunksize=8)
    n = len(ks)
    return {c: out[i * n:(i + 1) * n] for i, c in enumerate(cands)}


def common_subsidies(board_id: str, P: int, games: int, share: float) -> list[tuple[bool, ...]]:
    """The patterns of subsidy cubes left at the start of Normal games' second
    seasons, most often first: the most common, and every other left in at
    least ``share`` of ``games``."""
    c = collections.Counter(tuple(_season2(board_id, P, k).subsidy_left) for k in range(games))
    ranked = c.most_common()
    return [ranked[0][0]] + [pat for pat, n in ranked[1:] if n >= share * games]


def build_line(pool: Any, board_id: str, P: int, season: int, a: argparse.Namespace,
               subsidies: tuple[bool, ...] | None = None) -> Line:
    """The line of a setup (``subsidies``: the cubes left at a second season's start)."""
    s0 = _start(board_id, P, season, subsidies, 0)
    board = s0.board
    codes = board.codes
    prefix: list[int] = []
    margins: list[float] = []
    while len(prefix) < a.depth:
        s = s0.copy()
        _apply_routes(s, prefix)
        if s.decision != PLACE_PLANE or s.actors != (0,):
            break  # the first pass is over
        t0 = time.perf_counter()
        legal = [x.arg for x in s.legal_actions(0)]
        vals = NormalBot(0).placement_values(player_view(s, 0), 0, legal)
        top = max(vals)
        tied = [r for r, v in zip(legal, vals) if v >= top - 1e-9]
        order = sorted(range(len(legal)), key=lambda i: (-vals[i], i))
        cands = list(dict.fromkeys(tied + [legal[i] for i in order[:a.screen]]))
        base = (board_id, P, season, subsidies, tuple(prefix))
        res = _means(pool, base, cands, range(a.first))
        kept = sorted(cands, key=lambda c: -statistics.mean(res[c]))[:a.keep]
        more = _means(pool, base, kept, range(a.first, a.first + a.more))
        full = {c: statistics.mean(res[c] + more.get(c, [])) for c in cands}
        best = max(kept, key=lambda c: full[c])
        name = "-".join(route_key(codes, board.route_ends[best]))
        normal = statistics.mean(full[c] for c in tied)
        where = "" if subsidies is None else f" cubes {''.join('x' if c else '.' for c in subsidies)}"
        print(f"  {board_id} {P}p season {season}{where} placement {len(prefix) + 1}: {name} {full[best]:+.0f} "
              f"({a.first + a.more} playouts); Normal's {len(tied)} equal best by the model average "
              f"{normal:+.0f}: gain {full[best] - normal:+.0f}  [{time.perf_counter() - t0:.0f} s]", flush=True)
        prefix.append(best)
        margins.append(round(float(full[best]), 1))
    cs = tuple(codes[x] for x in s0.callsign_airport)
    return Line(board=board_id, callsigns=cs, players=P, season=season, subsidies=tuple(s0.subsidy_left),
                routes=tuple(route_key(codes, board.route_ends[r]) for r in prefix),
                margins=tuple(margins), playouts=a.first + a.more)


def write(lines: list[Line], a: argparse.Namespace) -> None:
    rows = []
    for ln in lines:
        rows.append(f"    ({ln.board!r}, {ln.callsigns!r}, {ln.players}, {ln.season},\n"
                    f"     {ln.subsidies!r},\n"
                    f"     {ln.routes!r},\n"
                    f"     {ln.margins!r}, {ln.playouts}),")
    text = (f'"""Expert\'s openings: the rows of ``opensky.ai.openings.Line``.  Written by tools/openings.py\n'
            f'(--first {a.first} --more {a.more} --screen {a.screen} --keep {a.keep} --bases {a.bases} '
            f'--share {a.share}); '
            f'do not edit by hand."""\n'
            "ROWS: tuple[tuple[object, ...], ...] = (\n" + "\n".join(rows) + "\n)\n")
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(lines)} lines)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", choices=BOARDS)
    ap.add_argument("--players", type=int, choices=(2, 3, 4))
    ap.add_argument("--season", type=int, choices=(1, 2))
    ap.add_argument("--depth", type=int, default=3, help="placements per line at most (default 3)")
    ap.add_argument("--first", type=int, default=32, help="playouts of every candidate (default 32)")
    ap.add_argument("--more", type=int, default=288, help="more playouts of the kept ones (default 288)")
    ap.add_argument("--screen", type=int, default=10, help="Normal's best placements tried (default 10)")
    ap.add_argument("--keep", type=int, default=4, help="candidates played out again (default 4)")
    ap.add_argument("--bases", type=int, default=40, help="Normal games sampled for second seasons' cubes")
    ap.add_argument("--share", type=float, default=0.15,
                    help="a second line for cubes left in at least this share of them (default 0.15)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(ROOT)}")
    a = ap.parse_args(argv)
    if a.write and (a.board or a.players or a.season):
        ap.error("--write builds every line: leave out --board, --players and --season")
    lines = []
    t0 = time.perf_counter()
    with Pool(a.jobs) as pool:
        for board_id in ([a.board] if a.board else BOARDS):
            for P in ([a.players] if a.players else (2, 3, 4)):
                for season in ([a.season] if a.season else (1, 2)):
                    if season == 1:
                        lines.append(build_line(pool, board_id, P, season, a))
                        continue
                    for subsidies in common_subsidies(board_id, P, a.bases, a.share):
                        lines.append(build_line(pool, board_id, P, season, a, subsidies))
    print(f"{len(lines)} lines in {time.perf_counter() - t0:.0f} s")
    if a.write:
        write(lines, a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
