"""Stratified draws in Expert's 2-player searches (issue 17: "more samples
where they matter (price die stratified)"): each iteration of a chit search
fixes the price die's face, each iteration of a bid search against one rival
fixes that rival's bid, by a stratified uniform draw; the paired test then
counts the standard error of the stratified sample."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from opensky.ai import expert as X
from opensky.ai.choice import paired_choice, stratified
from opensky.ai.expert import ExpertBot, _pick
from opensky.ai.normal import NormalBot
from opensky.board.loader import load_board
from opensky.play import play_game
from opensky.rules.actions import ANCILLARIES, BID, ROLL_SENSITIVITY
from opensky.rules.constants import SENSITIVITY_FACES
from opensky.rules.state import GameState
from opensky.rules.view import player_view


@pytest.mark.parametrize("shift", [0.0, 0.37, 0.999])
def test_every_prefix_of_the_draws_is_spread_over_the_unit_interval(shift):
    for n in range(1, 70):
        u = [stratified(i, shift) for i in range(n)]
        assert all(0.0 <= x < 1.0 for x in u)
        per = Counter(int(x * n) for x in u)
        assert max(per.values()) <= 2          # no interval of width 1/n holds more than two
        if n & (n - 1) == 0:                   # a power of two: exactly one in each
            assert sorted(per) == list(range(n))


def test_a_draw_picks_the_bid_of_the_mix_distribution_function():
    mix = [(None, 0.25), (200, 0.5), (500, 0.25)]
    assert [_pick(mix, x) for x in (0.0, 0.2, 0.3, 0.7, 0.8, 0.999)] == [None, None, 200, 200, 500, 500]


def test_the_strata_take_the_spread_between_them_out_of_the_standard_error():
    # the challenger gains 3 when the draw is under a half and loses 2.5 above it:
    # ahead by 0.25 on average, 0.36 naive standard errors, 1.0 stratified ones
    n = 16
    u = [stratified(i, 0.1) for i in range(n)]
    default = [0.0] * n
    challenger = [3.0 if x < 0.5 else -2.5 for x in u]
    assert paired_choice([default, challenger], 0, 0.75)[0] == 0
    assert paired_choice([default, challenger], 0, 0.75, strata=u)[0] == 1
    # noise the strata do not explain is counted as before
    rng = random.Random(5)
    noisy = [c + rng.choice((-6.0, 6.0)) for c in challenger]
    assert paired_choice([default, noisy], 0, 0.75, strata=u)[0] == 0


def _state_at(players: int, decision: str) -> GameState:
    """A Europe game of Normal airlines stopped where one of them first takes ``decision``
    with a rival in the market and a search to make."""
    probe = ExpertBot(0)

    def at(s: GameState) -> bool:
        if s.decision != decision or sum(x is not None for x in s.stops) < 2:
            return False
        p = s.actors[0]
        legal = s.legal_actions(p)
        if decision == ANCILLARIES:   # a search: two chit counts or more worth weighing
            v = player_view(s, p)
            return len(probe._chit_candidates(v, p, legal, probe.normal.choose(v, legal))[0]) >= 2
        return len(legal) >= 2
    for seed in range(20):
        game = play_game(load_board("europe"), [NormalBot(seed * 5 + i) for i in range(players)], seed,
                         stop_when=at)
        if not game.finished:
            return game.state
    raise AssertionError(f"no {decision} met")


def _search(s: GameState, monkeypatch) -> tuple[list, list[float] | None]:
    got: dict[str, object] = {}
    real = X.decide

    def decide(cands, results, default, z, start, strata=None):
        got["results"], got["strata"] = results, strata
        return real(cands, results, default, z, start, strata)

    monkeypatch.setattr(X, "decide", decide)
    p = s.actors[0]
    ExpertBot(3, budget=2400, time_limit=1e9).choose(player_view(s, p), s.legal_actions(p))
    return got["results"], got["strata"]  # type: ignore[return-value]


def test_a_chit_search_rolls_the_price_die_by_its_strata(monkeypatch):
    s = _state_at(2, ANCILLARIES)
    faces: list[int] = []
    real_apply = GameState.apply

    def apply(self, action):
        if action.type == ROLL_SENSITIVITY and self.month == s.month:
            faces.append(action.arg)
        return real_apply(self, action)

    monkeypatch.setattr(GameState, "apply", apply)
    results, strata = _search(s, monkeypatch)
    n = len(results[0])
    assert strata is not None and len(strata) == n and n >= 48
    # every candidate that attaches chits rolls once an iteration, the face its draw fixes
    per_candidate = len(faces) // n
    assert per_candidate >= 1 and len(faces) == per_candidate * n
    wanted = Counter(SENSITIVITY_FACES[int(x * len(SENSITIVITY_FACES))] for x in strata)
    assert Counter(faces) == Counter({f: c * per_candidate for f, c in wanted.items()})
    for c in wanted.values():   # n/6 of each face within 2 (a random spread: about 8 either way)
        assert abs(c - n / len(SENSITIVITY_FACES)) <= 2


def test_a_bid_search_against_one_rival_is_stratified_by_its_bid(monkeypatch):
    s = _state_at(2, BID)
    results, strata = _search(s, monkeypatch)
    assert strata is not None and len(strata) == len(results[0])


@pytest.mark.parametrize("decision", [BID, ANCILLARIES])
def test_searches_of_three_players_are_not_stratified(monkeypatch, decision):
    s = _state_at(3, decision)
    _, strata = _search(s, monkeypatch)
    assert strata is None
