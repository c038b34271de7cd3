"""Property tests: random legal games on every board with 2, 3 and 4 players,
checking invariants after every action (RULES.md §1, §4, §6, §9, §11)."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from opensky.board.loader import load_board
from opensky.board.files import peek_game
from opensky.paths import boards_dir
from opensky.rules.constants import CALLSIGNS, COPIES_PER_FARE, FARE_INDEX, FARES
from opensky.rules.errors import IllegalAction
from opensky.rules.state import GameState
from opensky.rules.view import player_view
from tests.rules.helpers import BOARDS

BOARD_FILES = [p for p in sorted(boards_dir().glob("*.yaml")) if peek_game(p) == "opensky"] + [BOARDS / "tiny-hubs.board.yaml",
                                                     BOARDS / "tiny-cross.board.yaml"]
_CACHE: dict = {}


def board(path):
    if path not in _CACHE:
        _CACHE[path] = load_board(path)
    return _CACHE[path]


def check_invariants(s: GameState) -> None:
    P = s.P
    # each player's 10 fare cards are always somewhere: hand, bid, won
    for p in range(P):
        counts = [h + w for h, w in zip(s.hand[p], s.won[p])]
        out = s.bid_out(p)
        if out is not None:
            counts[FARE_INDEX[out]] += 1
        assert counts == [COPIES_PER_FARE] * len(FARES), (p, counts)
        assert all(x >= 0 for x in s.hand[p] + s.won[p])
    # planes never exceed the limit; counts agree
    for p in range(P):
        assert 0 <= s.on_board[p] <= s.N
        assert s.on_board[p] == sum(s.planes[p])
        assert all(x >= 0 for x in s.planes[p])
        assert len(s.markers[p]) <= 2
        for r in range(len(s.board.routes)):
            if s.planes[p][r] and s.board.cross_border[r]:
                assert r in s.markers[p]
        assert len(s.hubs[p]) <= 2 and len(set(s.hubs[p])) == len(s.hubs[p])
        assert 0 <= s.chits[p] and s.chits[p] + s.chits_spent[p] == 3
        assert s.change[p] >= 0
    # cubes are conserved
    if s.phase != "setup":
        taken = [c for p in range(P) for c in s.subsidies[p]]
        assert len(taken) == len(set(taken))
        assert sorted(taken + [c for c in range(6) if s.subsidy_left[c]]) == list(range(6))
    # score = sum of its parts
    for p in range(P):
        sc = s.score(p)
        assert sc["total"] == sc["fares"] + sc["change"] + sc["subsidies"] + sc["ancillaries"]
        assert sc["fares"] == sum(s.won_cards(p))
    # a player's view never contains another player's unrevealed bid
    if s.phase == "pricing" and not s.revealed:
        for p in range(P):
            v = player_view(s, p)
            for q in range(P):
                if q != p:
                    assert v.bid[q] is None
                    assert v.hand[q] == [h + (1 if s.bid_out(q) == f else 0)
                                         for h, f in zip(s.hand[q], FARES)]
        assert s.to_json()["market"]["bids"] == {}
    if not s.game_over:
        assert s.legal_actions(), "the game waits for a decision nobody can take"


def play_random(b, P, seed, check=True, try_illegal=False):
    rng = random.Random(seed)
    names = ["Ann", "Bo", "Cy", "Di"][:P]
    cs = dict(zip(CALLSIGNS, rng.sample(list(b.codes), 6))) if rng.random() < 0.8 else None
    s = GameState(b, names, cs)
    steps = 0
    while not s.game_over:
        legal = s.legal_actions()
        a = legal[rng.randrange(len(legal))]
        if try_illegal and rng.random() < 0.05:
            other = s.copy()
            bad = a._replace(player=(a.player + 1) % P if a.player is not None else 0)
            if bad not in legal:
                before = s.to_json()
                with pytest.raises(IllegalAction):
                    s.apply(bad)
                assert s.to_json() == before
                del other
        s.apply(a)
        steps += 1
        assert steps < 2000
        if check:
            check_invariants(s)
    # every game ends after March
    assert s.month == 11 and s.phase == "game_over" and s.decision is None
    js = s.to_json()
    top = max(p["score"]["total"] for p in js["players"])
    assert js["winners"] == [p["name"] for p in js["players"] if p["score"]["total"] == top]
    return s


@pytest.mark.parametrize("path", BOARD_FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize("P", [2, 3, 4])
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_games_keep_invariants(path, P, seed):
    play_random(board(path), P, seed, try_illegal=True)


@pytest.mark.parametrize("path", BOARD_FILES, ids=lambda p: p.stem)
@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1), P=st.sampled_from([2, 3, 4]))
def test_same_seed_replays_to_same_state(path, seed, P):
    a = play_random(board(path), P, seed, check=False)
    b = play_random(board(path), P, seed, check=False)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("path", BOARD_FILES, ids=lambda p: p.stem)
@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_copy_is_independent(path, seed):
    rng = random.Random(seed)
    b = board(path)
    s = GameState(b, ["Ann", "Bo", "Cy"], dict(zip(CALLSIGNS, rng.sample(list(b.codes), 6))))
    while not s.game_over:
        c = s.copy()
        snap = s.to_json()
        legal = c.legal_actions()
        c.apply(legal[rng.randrange(len(legal))])
        assert s.to_json() == snap  # applying to the copy left the original alone
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])


def test_bot_view_does_not_depend_on_hidden_bids():  # §11
    """Two states differing only in another player's unrevealed bid give the
    same view to everybody else."""
    b = board(BOARDS / "tiny-hubs.board.yaml")
    rng = random.Random(5)
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        s = GameState(b, ["Ann", "Bo", "Cy"], dict(zip(CALLSIGNS, rng.sample(list(b.codes), 6))))
        while not s.game_over and found < 30:
            if s.decision == "bid" and len(s.actors) >= 2:
                q = s.actors[0]
                variants = []
                for a in s.legal_actions(q):
                    t = s.copy()
                    t.apply(a)
                    variants.append(t)
                for p in range(s.P):
                    if p == q:
                        continue
                    views = [player_view(t, p).to_json() for t in variants]
                    assert all(v == views[0] for v in views)
                found += 1
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert found >= 30
