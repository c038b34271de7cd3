"""Balance checks of the shipped boards (issue #3), fast versions of
``bench/balance.py``'s checks: no big simulations here."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))

import balance  # noqa: E402

from opensky.board.loader import load_board  # noqa: E402

BOARDS = ("europe", "north_america")


@pytest.fixture(scope="module", params=BOARDS)
def board(request):
    return load_board(request.param)


def test_every_callsign_pair_within_three_flights(board):
    pairs = balance.callsign_pairs(board)
    assert len(pairs) == 15
    far = [(p.codes, p.flights) for p in pairs if not 1 <= p.flights <= 3]
    assert not far, f"{board.id}: call-sign pairs more than 3 flights apart: {far}"
    assert balance.max_callsign_flights(board) <= 3


def test_size(board):
    assert 16 <= len(board.airports) <= 20
    assert 30 <= len(board.routes) <= 45


def test_north_america_cross_border_routes():
    board = load_board("north_america")
    assert balance.cross_border_count(board) >= 8
    assert balance.cross_border_count(board) == sum(board.cross_border)


def test_graph_helpers(board):
    # distances agree with the pair table, degrees add up to twice the routes
    pairs = {p.codes: p.flights for p in balance.callsign_pairs(board)}
    idx = board.airport_index
    for (a, b), f in pairs.items():
        assert balance.distances(board, idx[a])[idx[b]] == f
    assert sum(balance.degrees(board)) == 2 * len(board.routes)
    assert balance.diameter(board) >= balance.max_callsign_flights(board)


def test_random_two_player_seats_are_even(board):
    # Looser than the bench's 60% because of the small sample.
    st = balance.run_games(board, 2, 300, seed=7)
    assert st.games == 300 and st.markets == 300 * 12
    assert abs(sum(st.wins) - 300) < 1e-6
    assert balance.max_seat_win_share(st) <= 0.65, (board.id, st.wins)
    assert 0 < st.with_fare_bid <= st.with_itinerary <= st.markets
    assert st.travelled <= st.with_fare_bid


def test_callsign_aware_player_finds_markets(board):
    # A player that plans along call-sign paths reaches far more markets than a random one.
    smart = balance.run_games(board, 2, 40, seed=3, planner=True)
    dumb = balance.run_games(board, 2, 40, seed=3)
    assert smart.with_itinerary > 2 * dumb.with_itinerary
    assert smart.share(smart.with_itinerary) > 0.4


def test_wilson_interval():
    lo, hi = balance.wilson(50, 100)
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-9
    assert balance.wilson(0, 0) == (0.0, 0.0)
    lo, hi = balance.wilson(0, 10)
    assert lo == 0.0 and 0 < hi < 0.35
