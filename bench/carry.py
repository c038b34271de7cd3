#!/usr/bin/env python3
"""What an airline carries from the first season into the second, in points.

    python bench/carry.py [--games 4400] [--players 2] [--seed 777000]
    python bench/carry.py --by-fare --board europe --games 6000

Plays Normal against Normal (both board sides, call signs recommended) and
takes, at the first decision of the second season, each airline's fare cards
in hand, chits unused and flash token unused, each less its rivals' mean.
A least-squares fit explains the airline's second-season gain less its
rivals' mean gain by those three and its seat (the roller's months differ
by seat and season), and prints each coefficient with a bootstrap standard
error over games.  ``--by-fare`` counts the cards in hand by their value
(one coefficient for each of 200 ... 500) and adds the score lead at the
season's start (in hundreds of points) as a control; ``--board`` plays one
side only.  These are the numbers behind Expert's ``Carry``
(``opensky/ai/expert.py``; ``bench/results/ai_duel-2026-12-06-carry.txt``).
Writes nothing.
"""
from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench_ai import _board  # noqa: E402
from opensky.ai.normal import NormalBot  # noqa: E402
from opensky.play.selfplay import play_game  # noqa: E402
from opensky.rules.constants import FARES, OCTOBER  # noqa: E402

FEATURES = ("card", "chit", "flash")
#: with ``--by-fare``: the cards in hand by value, and the lead at the season's start
BY_FARE = tuple(f"card {v}" for v in FARES) + ("chit", "flash", "lead")


def game_rows(board: object, P: int, seed: int, features: tuple[str, ...] = FEATURES
              ) -> list[tuple[list[float], float]]:
    """One game: per airline, (features less the rivals' mean + seat indicators + 1, second-season gain less theirs)."""
    rng = random.Random(seed)
    snap: dict[str, list[int]] = {}

    def watch(s, p, legal, a) -> None:  # type: ignore[no-untyped-def]
        if not snap and s.month > OCTOBER:
            snap["score"] = [s.score(q)["total"] for q in range(s.P)]
            snap["card"] = [sum(s.hand[q]) for q in range(s.P)]
            snap["chit"] = list(s.chits)
            snap["flash"] = [int(x) for x in s.flash_unused]
            snap["lead"] = [x / 100.0 for x in snap["score"]]
            for k, v in enumerate(FARES):
                snap[f"card {v}"] = [s.hand[q][k] for q in range(s.P)]
    bots = [NormalBot(rng.randrange(2**31)) for _ in range(P)]
    result = play_game(board, bots, rng, callsigns="recommended", observe=watch)  # type: ignore[arg-type]
    if not snap:
        return []
    gain = [result.scores[q] - snap["score"][q] for q in range(P)]
    rows = []
    for me in range(P):
        others = [q for q in range(P) if q != me]
        x = [snap[f][me] - sum(snap[f][q] for q in others) / len(others) for f in features]
        x += [1.0 if me == k else 0.0 for k in range(P - 1)] + [1.0]
        rows.append((x, gain[me] - sum(gain[q] for q in others) / len(others)))
    return rows


def _rows(side: str, P: int, seed: int, features: tuple[str, ...]) -> list[tuple[list[float], float]]:
    """``game_rows`` for a board side by name (each process loads a side once: bench_ai's cache)."""
    return game_rows(_board(side), P, seed, features)


def least_squares(rows: list[tuple[list[float], float]]) -> list[float]:
    """The coefficients minimising the squared error (normal equations, Gauss-Jordan with pivoting)."""
    n = len(rows[0][0])
    a = [[sum(x[i] * x[j] for x, _ in rows) for j in range(n)] + [sum(x[i] * y for x, y in rows)]
         for i in range(n)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[piv] = a[piv], a[c]
        if abs(a[c][c]) < 1e-12:
            raise ValueError("the features do not vary enough to fit (play more games)")
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [u - f * v for u, v in zip(a[r], a[c])]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(games: list[list[tuple[list[float], float]]], boot: int, rng: random.Random
        ) -> tuple[list[float], list[float]]:
    """Coefficients, and their standard errors from ``boot`` resamplings of whole games."""
    coef = least_squares([r for g in games for r in g])
    draws = []
    for _ in range(boot):
        try:
            draws.append(least_squares([r for _ in games for r in games[rng.randrange(len(games))]]))
        except ValueError:   # a resample of few games where a feature never varies: left out
            pass
    se = [statistics.pstdev(d[i] for d in draws) if len(draws) > 1 else float("nan") for i in range(len(coef))]
    return coef, se


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4400)
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    ap.add_argument("--seed", type=int, default=777000, help="game g is seeded seed + g")
    ap.add_argument("--boot", type=int, default=200, help="bootstrap resamplings for the standard errors")
    ap.add_argument("--by-fare", action="store_true", help="the cards in hand by value, the lead as a control")
    ap.add_argument("--board", choices=("europe", "north_america"), help="one board side (default: both)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    a = ap.parse_args(argv)
    features = BY_FARE if a.by_fare else FEATURES
    sides = (a.board,) if a.board else ("europe", "north_america")
    jobs = [(sides[i % len(sides)], a.players, a.seed + i, features) for i in range(a.games)]
    if a.jobs > 1:
        with Pool(a.jobs) as pool:
            games = [g for g in pool.starmap(_rows, jobs, chunksize=50) if g]
    else:
        games = [g for g in itertools.starmap(_rows, jobs) if g]
    try:
        coef, se = fit(games, a.boot, random.Random(a.seed))
    except ValueError as e:
        print(f"carry: {e}", file=sys.stderr)
        return 1
    names = list(features) + [f"seat {k}" for k in range(a.players - 1)] + ["constant"]
    print(f"Normal against Normal, {a.players} players, {'/'.join(sides)}, {len(games)} games: "
          "points of the second season's "
          "margin (the airline's gain less its rivals' mean) for each unit at its start, against the rivals' mean")
    for name, c, s in zip(names, coef, se):
        print(f"  {name:10s} {c:+8.1f} +- {s:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
