"""Expert's search budget by number of players (issue 17): in 2-player games
twice the simulated months and twice the rollouts a candidate, the same clock;
3 and 4 players keep the budget their lines were measured with."""
from __future__ import annotations

import pytest

from opensky.ai import expert as E
from opensky.ai.expert import ExpertBot
from opensky.ai.normal import NormalBot
from opensky.board.loader import load_board
from opensky.play import play_game
from opensky.rules.actions import CHOOSE_OD
from opensky.rules.constants import MARCH, OCTOBER
from opensky.rules.state import GameState
from opensky.rules.view import player_view


def _od_choice(players: int, month: int) -> GameState:
    """A state of ``players`` Normal airlines where the roller chooses March's
    (or October's) market."""
    def at(s: GameState) -> bool:
        return s.decision == CHOOSE_OD and s.month == month
    for seed in range(10):
        game = play_game(load_board("north_america"), [NormalBot(seed * 7 + i) for i in range(players)],
                         seed, stop_when=at)
        if not game.finished:
            return game.state
    raise AssertionError("no market choice met")


def _iterations(s: GameState, **kw: object) -> int:
    p = s.actors[0]
    bot = ExpertBot(3, time_limit=1e9, **kw)  # type: ignore[arg-type]
    bot.choose(player_view(s, p), s.legal_actions(p))
    return int(bot.last["iterations"])  # type: ignore[call-overload]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_budget_and_the_cap_follow_the_number_of_players(players):
    s = _od_choice(players, MARCH)
    K = len(s.legal_actions(s.actors[0]))   # three markets of the three dice
    budget, cap = E.SEARCH_BY_PLAYERS.get(players, (E.DEFAULT_BUDGET, E.MAX_ITER))
    n = _iterations(s)
    assert n == min(cap, budget // K)   # March: a rollout costs one month
    if players == 2:
        assert (budget, cap) == (2 * E.DEFAULT_BUDGET, 2 * E.MAX_ITER)
        assert n > E.MAX_ITER           # more than any search of 3 or 4 players
    else:
        assert (budget, cap) == (E.DEFAULT_BUDGET, E.MAX_ITER)


def test_a_budget_given_replaces_the_players_budget():
    s = _od_choice(2, OCTOBER)
    K = len(s.legal_actions(s.actors[0]))
    assert _iterations(s, budget=90) == max(6, 90 // K)     # October: one month left in the season
    assert _iterations(s, budget=0, min_iter=4) == 4
