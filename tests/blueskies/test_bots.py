"""Blue Skies' computer airlines: legal, fair (views only), deterministic, and
right on positions where the answer is clear."""
from __future__ import annotations

import pytest

from opensky.ai.blueskies import BS_BOT_NAMES, make_bs_bot
from opensky.ai.bs_model import rounds_left, values
from opensky.blueskies.actions import Action
from opensky.blueskies.board import load_bs_board
from opensky.play.bsplay import play_bs_game
from tests.blueskies.helpers import TINY, USA, cubes, do, session


@pytest.mark.parametrize("name", BS_BOT_NAMES)
@pytest.mark.parametrize("board", [TINY, USA])
def test_every_level_plays_whole_games(name, board):
    b = load_bs_board(board)
    for g in range(6):
        P = 2 + g % 4
        r = play_bs_game(b, [make_bs_bot(name, g * 10 + q) for q in range(P)], g)
        assert r.state.game_over and r.winners


def test_same_seed_same_game():
    b = load_bs_board(USA)
    r1 = play_bs_game(b, [make_bs_bot("normal", 1), make_bs_bot("easy", 2)], 5)
    r2 = play_bs_game(b, [make_bs_bot("normal", 1), make_bs_bot("easy", 2)], 5)
    assert r1.actions == r2.actions


def test_bots_see_only_their_view():
    # the play loop hands a bot its seat's view: other hands empty, the deck a count
    seen = []

    class Spy:
        name = "spy"
        needs_view = True

        def __init__(self):
            self.inner = make_bs_bot("normal", 3)

        def choose(self, view, legal):
            p = legal[0].player
            seen.append(all(not view.hands[q] for q in range(view.P) if q != p) and sum(view.deck) == 0)
            return self.inner.choose(view, legal)
    play_bs_game(load_bs_board(USA), [Spy(), make_bs_bot("easy", 4), Spy()], 9)
    assert seen and all(seen)


def test_unknown_level():
    with pytest.raises(ValueError):
        make_bs_bot("expert!", 0)


def test_values_count_score_income_bonus_and_the_plus_three():
    s = session(("Ann", "Bo"), ["BIG", "BAY", "MID", "LAK", "ROK"],
                {"Ann": ["MID", "SUN", "BIG"], "Bo": ["DES", "PIN", "BIG"]})
    do(s, *[cubes(0)] * 5, {"type": "buyout", "player": "Bo", "airport": "LAK"},
       {"type": "buy_gate", "player": "Bo", "airport": "PIN"})
    st = s.state
    v = values(st)
    n = rounds_left(st)
    assert n > 1
    # Bo: LAK's cube scores every round left; both still hold the +3
    assert v[1] > v[0] and v[1] >= 1 * n + 3


def opened_round1():
    s = session(("Ann", "Bo"), ["BIG", "BAY", "MID", "LAK", "ROK"],
                {"Ann": ["MID", "SUN", "BIG"], "Bo": ["DES", "PIN", "BIG"]})
    do(s, *[cubes(0)] * 5,
       {"type": "buyout", "player": "Bo", "airport": "LAK"}, {"type": "buy_gate", "player": "Bo", "airport": "PIN"},
       {"type": "buyout", "player": "Ann", "airport": "ROK"}, {"type": "buy_gate", "player": "Ann", "airport": "DES"})
    return s


def test_normal_plays_the_card_where_it_owns_the_gates():
    # Ann holds MID, SUN, BIG; MID and BIG have only local gates, SUN none:
    # after Ann buys SUN's only gate, the SUN card is hers alone
    s = opened_round1()
    do(s, {"type": "buy_gate", "player": "Ann", "airport": "SUN"}, {"type": "end_purchases", "player": "Ann"},
       {"type": "end_purchases", "player": "Bo"})
    st = s.state
    assert st.decision == "play" and st.actor == 0
    cards = [a for a in st.legal_actions() if a.type == "play_card"]
    a = make_bs_bot("normal", 0).choose(st.player_view(0), cards)
    assert a == Action("play_card", 0, st.board.index("SUN"))


def test_normal_uses_the_special_action_to_play_its_own_airport_twice():
    # the same position with the special action still there: passengers at SUN (as the SUN
    # card would bring) and BIG and MID, which help only the others, exchanged — the SUN
    # card stays for later; worth more than the +3 it costs at the end
    s = opened_round1()
    do(s, {"type": "buy_gate", "player": "Ann", "airport": "SUN"}, {"type": "end_purchases", "player": "Ann"},
       {"type": "end_purchases", "player": "Bo"})
    st = s.state
    a = make_bs_bot("normal", 0).choose(st.player_view(0), st.legal_actions())
    ix = st.board.index
    assert a == Action("special_action", 0, (ix("SUN"), tuple(sorted((ix("BIG"), ix("MID"))))))


def test_normal_buys_a_gate_that_takes_passengers():
    # round 1: LAK has Bo's gate with its cube; a second LAK gate for Ann brings passengers
    s = opened_round1()
    st = s.state
    a = make_bs_bot("normal", 0).choose(st.player_view(0), st.legal_actions())
    assert a.type in ("buy_gate", "buyout")


def test_expert_searches_normals_candidates_and_plays_legally():
    from opensky.ai.bs_expert import ExpertBSBot
    b = load_bs_board(TINY)
    e = ExpertBSBot(1, iters=6, time_limit=30.0)
    searched = []

    class Watch:
        name = "expert"
        needs_view = True

        def choose(self, view, legal):
            a = e.choose(view, legal)
            if e.last:
                searched.append(e.last)
                e.last = {}
            return a
    r = play_bs_game(b, [Watch(), make_bs_bot("normal", 2)], 4)
    assert r.state.game_over
    assert searched and all(x["iterations"] == 6 and len(x["candidates"]) >= 2 for x in searched)


def test_expert_is_deterministic_for_a_seed_without_the_clock():
    from opensky.ai.bs_expert import ExpertBSBot
    b = load_bs_board(TINY)
    r1 = play_bs_game(b, [ExpertBSBot(3, iters=4, time_limit=60.0), make_bs_bot("normal", 2)], 8)
    r2 = play_bs_game(b, [ExpertBSBot(3, iters=4, time_limit=60.0), make_bs_bot("normal", 2)], 8)
    assert r1.actions == r2.actions
