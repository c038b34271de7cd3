"""Expert's call signs where the players place them (R1, issue 17: computer
airlines a strong player respects): each airport played out to the networks
it leads to (``opensky.ai.callsigns``), in Normal's order until the clock
runs out; Normal keeps its distance heuristic."""
from __future__ import annotations

import pytest

from opensky.ai.callsigns import planned_margin
from opensky.ai.expert import MONTHLY, ExpertBot
from opensky.ai.normal import NormalBot
from opensky.board.loader import load_board
from opensky.play import play_game
from opensky.rules.actions import PLACE_CALLSIGN
from opensky.rules.state import GameState
from opensky.rules.view import player_view


def _callsign_state(board: str, players: int, placed: int) -> GameState:
    """A game of Normal airlines where the players place the call signs,
    stopped with ``placed`` of them on the board."""
    def at(s: GameState) -> bool:
        return s.decision == PLACE_CALLSIGN and sum(a >= 0 for a in s.callsign_airport) == placed
    game = play_game(load_board(board), [NormalBot(i) for i in range(players)], 5, callsigns=None, stop_when=at)
    assert not game.finished
    return game.state


@pytest.mark.parametrize("board,players,placed", [("europe", 2, 0), ("north_america", 2, 3), ("europe", 4, 5)])
def test_expert_places_the_call_sign_whose_networks_are_worth_most_to_it(board, players, placed):
    s = _callsign_state(board, players, placed)
    p = s.actors[0]
    legal = s.legal_actions(p)
    bot = ExpertBot(7, time_limit=1e9)
    a = bot.choose(player_view(s, p), legal)
    vals = bot.last["means"]
    assert all(v is not None for v in vals)                  # every airport valued
    assert a == legal[bot.last["choice"]] and vals[bot.last["choice"]] == max(vals)
    assert len(set(vals)) > 1                                # the airports are not all alike
    assert s.decision == PLACE_CALLSIGN and sum(x >= 0 for x in s.callsign_airport) == placed   # the state untouched


def test_every_airport_is_valued_on_the_same_completion():
    s = _callsign_state("north_america", 2, 1)
    p = s.actors[0]
    a = s.legal_actions(p)[0]
    # the same Normal, the same seed: the same networks and the same margin
    assert planned_margin(s, a, p, NormalBot(11)) == planned_margin(s, a, p, NormalBot(11))


def test_out_of_time_the_expert_plays_normals_first_choice():
    s = _callsign_state("europe", 2, 2)
    p = s.actors[0]
    legal = s.legal_actions(p)
    bot = ExpertBot(7, time_limit=0.0)
    a = bot.choose(player_view(s, p), legal)
    heur = NormalBot(0).callsign_values(s, legal)
    top = max(range(len(legal)), key=lambda i: (heur[i], -i))
    assert bot.last["iterations"] == 1 and a == legal[top]


def test_without_the_call_signs_in_its_search_the_expert_places_them_as_normal_does():
    s = _callsign_state("europe", 2, 0)
    p = s.actors[0]
    legal = s.legal_actions(p)
    bot = ExpertBot(7, search=MONTHLY)
    a = bot.choose(player_view(s, p), legal)
    assert bot.last == {}
    heur = NormalBot(0).callsign_values(s, legal)
    assert heur[legal.index(a)] == max(heur)
