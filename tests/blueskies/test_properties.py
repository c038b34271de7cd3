"""Property tests: thousands of random legal Blue Skies games, invariants after every action.

Cubes are conserved (bag + board = the bag's size, 125 on the shipped board),
cards are conserved (deck + discard + hands + in play = the board's cards, 59),
every income is the cubes at that player's gates, markers placed + left is
the markers per player, scores never fall, hands hold 3 cards between turns,
the game ends, a view never shows another hand, and a seeded game replays to
the same state.
"""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from opensky.ai.base import RandomBot
from opensky.ai.bs_easy import GreedyBSBot
from opensky.blueskies.actions import CHANCE_TYPES, LOCAL
from opensky.blueskies.board import load_bs_board
from opensky.blueskies.session import draw
from opensky.blueskies.state import BSState
from opensky.blueskies.view import determinize, player_view
from opensky.play.bsplay import play_bs_game
from tests.blueskies.helpers import TINY, USA

BOARDS = {"tiny": TINY, "usa": USA}


def check(s: BSState) -> None:
    b = s.board
    on_board = sum(sum(c) for c in s.cubes) + sum(s.waiting)
    assert s.red + s.green + on_board == sum(b.bag)
    assert s.red >= 0 and s.green >= 0
    cards = s.deck_count + sum(s.discard) + sum(len(h) for h in s.hands) + len(s.in_play)
    assert cards == b.total_cards
    assert s.deck_count == sum(s.deck) and all(x >= 0 for x in s.deck)
    for q in range(s.P):
        assert s.income(q) == sum(c for owners, cc in zip(s.gates, s.cubes) for o, c in zip(owners, cc) if o == q)
        placed = sum(owners.count(q) for owners in s.gates)
        assert placed + s.gates_left[q] == b.gates_per_player
        assert s.hand_count[q] == len(s.hands[q]) <= 3
    assert s.locals == [a for a, owners in enumerate(s.gates) if LOCAL in owners]
    assert s.free == [s.spaces - len(owners) for owners in s.gates]
    for a, owners in enumerate(s.gates):
        assert len(owners) <= s.spaces or owners.count(LOCAL) == 1
        assert owners.count(LOCAL) <= 1  # B8
        if owners:
            assert s.waiting[a] == 0
            cc = s.cubes[a]
            if s.decision != "draw_cubes" or s.cube_airport != a:
                assert max(cc) - min(cc) <= 1 and cc == sorted(cc, reverse=True)  # B3


def play(board_path, P: int, seed: int, kind: str = "random", views: bool = False) -> tuple[BSState, list]:
    b = load_bs_board(board_path)
    rng = random.Random(seed)
    bots = [RandomBot(seed + q) if kind == "random" or q % 2 else GreedyBSBot(seed + q) for q in range(P)]
    s = BSState(b, [f"P{q + 1}" for q in range(P)])
    log = []
    last = list(s.score)
    steps = 0
    while not s.game_over:
        steps += 1
        assert steps < 5000, "the game must end"
        if s.is_chance():
            a = draw(s, rng)
        else:
            p = s.actor
            legal = s.legal_actions()
            assert len(legal) >= 1
            if views:
                v = player_view(s, p)
                js = v.to_json()
                for q, pl in enumerate(js["players"]):
                    assert (pl["hand"] is None) == (q != p)
                assert js["deck"] is None
                d = determinize(v, rng)
                assert sorted(d.hands[p]) == sorted(s.hands[p])
                assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
                assert sorted(d.deck) == sorted(d.deck) and sum(d.deck) == s.deck_count
            a = bots[p].choose(player_view(s, p) if kind != "random" else s, legal)
        s.apply(a)
        log.append(a)
        check(s)
        assert all(x >= y for x, y in zip(s.score, last))  # scores never fall
        last = list(s.score)
        if not s.game_over and s.decision == "buy":
            assert all(len(h) == 3 for h in s.hands)
    assert s.winners and s.final is not None
    return s, log


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), P=st.integers(2, 5), board=st.sampled_from(sorted(BOARDS)))
def test_random_games_keep_the_invariants(seed, P, board):
    play(BOARDS[board], P, seed)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), P=st.integers(2, 5), board=st.sampled_from(sorted(BOARDS)))
def test_views_hide_the_other_hands(seed, P, board):
    play(BOARDS[board], P, seed, kind="greedy", views=True)


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_many_random_games(board):
    # a thousand games a board (the property test's examples are few but varied)
    b = load_bs_board(BOARDS[board])
    for g in range(500 if board == "usa" else 1500):
        r = play_bs_game(b, [RandomBot(g * 7 + q) for q in range((g % 4) + 2)], g)
        s = r.state
        check(s)
        assert s.game_over and s.end_reason and s.winners


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_seeded_games_replay_identically(board):
    b = load_bs_board(BOARDS[board])
    for g in range(20):
        bots = [GreedyBSBot(g), RandomBot(g + 1), GreedyBSBot(g + 2)]
        r1 = play_bs_game(b, bots, g)
        r2 = play_bs_game(b, [GreedyBSBot(g), RandomBot(g + 1), GreedyBSBot(g + 2)], g)
        assert r1.actions == r2.actions
        assert json.dumps(r1.state.to_json()) == json.dumps(r2.state.to_json())
        assert json.dumps(r1.replay().to_json()) == json.dumps(r1.state.to_json())


def test_copy_is_independent():
    s, log = play(USA, 3, 5)
    b = s.board
    t = BSState(b, ["P1", "P2", "P3"])
    rng = random.Random(1)
    for a in log[:120]:
        c = t.copy()
        before = json.dumps(c.to_json())
        t.apply(a)
        assert json.dumps(c.to_json()) == before
        # the copy plays on by itself
        if not c.game_over:
            x = draw(c, rng) if c.is_chance() else c.legal_actions()[0]
            c.apply(x)


def test_views_of_two_games_differing_only_in_hidden_cards_are_equal():
    b = load_bs_board(TINY)
    o = [b.index(c) for c in ["BIG", "BAY", "MID", "LAK", "ROK"]]
    h1 = [[b.index(c) for c in x] for x in (["MID", "SUN", "BIG"], ["DES", "PIN", "BIG"])]
    h2 = [[b.index(c) for c in x] for x in (["MID", "SUN", "BIG"], ["SUN", "MID", "BIG"])]
    from opensky.blueskies.actions import Action
    s1, s2 = BSState(b, ["A", "B"], o, h1), BSState(b, ["A", "B"], o, h2)
    for s in (s1, s2):
        for _ in range(5):
            s.apply(Action("draw_cubes", None, 0))
        assert s.decision == "opening_gate"
    assert s1.player_view(0).to_json() == s2.player_view(0).to_json()
    assert s1.to_json() != s2.to_json()
    assert s1.player_view(1).to_json() != s2.player_view(1).to_json()


def test_chance_steps_are_never_single_outcome():
    # B31: a chance step with one outcome is resolved, not asked
    for g in range(200):
        s, _ = play(TINY, 2 + g % 4, g)
    b = load_bs_board(TINY)
    s = BSState(b, ["A", "B", "C"])
    rng = random.Random(3)
    while not s.game_over:
        if s.decision in CHANCE_TYPES:
            assert len(s.chance_outcomes()) >= 2
            s.apply(draw(s, rng))
        else:
            s.apply(s.legal_actions()[rng.randrange(len(s.legal_actions()))])
