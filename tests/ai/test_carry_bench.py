"""bench/carry.py, the measurement behind Expert's ``Carry``: its rows and
its least-squares fit (a few fast games, no bench)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import carry  # noqa: E402

from opensky.board.loader import load_board  # noqa: E402


def test_fit_recovers_known_coefficients():
    rng = random.Random(5)
    truth = [40.0, 20.0, 15.0, -60.0, 30.0]
    games = []
    for _ in range(300):
        x = [rng.randint(-4, 4), rng.randint(-3, 3), rng.choice([-1, 0, 1]), rng.choice([0.0, 1.0]), 1.0]
        games.append([(x, sum(a * b for a, b in zip(truth, x)) + rng.gauss(0, 5))])
    coef, se = carry.fit(games, 20, random.Random(1))
    assert coef == pytest.approx(truth, abs=2.0)
    assert all(0 < s < 2.0 for s in se)


def test_rows_are_relative_to_the_rivals_with_the_seat():
    for P in (2, 4):
        rows = carry.game_rows(load_board("europe"), P, 3)
        assert len(rows) == P
        # each feature and the target is the airline's less its rivals' mean: they sum to zero
        for i in range(len(carry.FEATURES)):
            assert sum(x[i] for x, _ in rows) == pytest.approx(0.0)
        assert sum(y for _, y in rows) == pytest.approx(0.0)
        seats = [x[len(carry.FEATURES):-1] for x, _ in rows]
        assert seats[0][0] == 1.0 and all(s == [0.0] * (P - 1) for s in seats[-1:])
        assert all(x[-1] == 1.0 for x, _ in rows)


def test_main_prints_every_coefficient(capsys):
    assert carry.main(["--games", "6", "--boot", "3", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    for name in ("card", "chit", "flash", "seat 0", "constant"):
        assert f"  {name} " in out


def test_cards_by_value_add_up_to_the_cards_and_main_prints_them(capsys):
    board = load_board("north_america")
    plain = carry.game_rows(board, 2, 4)
    by_fare = carry.game_rows(board, 2, 4, carry.BY_FARE)
    assert [y for _, y in plain] == [y for _, y in by_fare]
    n = len(carry.FARES)
    for (x, _), (xf, _) in zip(plain, by_fare):
        assert sum(xf[:n]) == pytest.approx(x[0])          # the cards by value are the cards
        assert xf[n:n + 2] == x[1:3]                        # chits, flash
    # the lead: the airline's score at the season's start less the rival's, in hundreds
    assert by_fare[0][0][n + 2] == pytest.approx(-by_fare[1][0][n + 2])
    assert carry.main(["--games", "40", "--boot", "3", "--jobs", "1", "--by-fare", "--board", "europe"]) == 0
    out = capsys.readouterr().out
    assert "europe, 40 games" in out
    for name in ("card 200", "card 500", "lead", "seat 0"):
        assert f"  {name} " in out
