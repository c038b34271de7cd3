"""Positions where a strong player knows the answer (issue 17): the computer
airlines must find it.

* a flash deal that wins the last market outright is taken;
* chits against a standing fallback bid: the sure fare is not gambled away
  for nothing;
* a sole bidder never prices itself out (no price above the die's top face);
* the bid game counts the flash deal a bidder still holds.
"""
from __future__ import annotations

import math
import pytest

from opensky.ai.expert import ExpertBot
from opensky.ai.normal import NormalBot, market_for
from opensky.board.loader import load_board
from opensky.rules import quote
from opensky.rules.actions import ANCILLARIES, BID, FLASH, LEASE
from opensky.rules.constants import ANCILLARY_VALUE, FARE_INDEX, FARES, MARCH, SENSITIVITY_FACES
from opensky.rules.session import Session
from opensky.rules.state import GameState
from opensky.rules.view import player_view

TOP = max(SENSITIVITY_FACES)


def _planned(month: int = 0) -> Session:
    """Europe, 2 players, every plane on London–Paris; the market of the
    month London–Paris, both nonstop, nobody has bid yet.  ``month``: the
    month it is played in (the calendar moved on by hand: a fixed position)."""
    s = Session(load_board("europe"), ["Ann", "Bo"], callsigns="recommended")
    while s.state.phase == "network_planning":
        p = s.state.actors[0]
        legal = s.state.legal_actions(p)
        lhr_cdg = [a for a in legal if a.type == "place_plane" and a.arg == s.board.route_index[("LHR", "CDG")]]
        s.apply(lhr_cdg[0] if lhr_cdg else legal[0])
    st = s.state
    st.month = month
    s.apply_dict({"type": "roll_dice", "outcome": ["Alpha", "Bravo", "Charlie"]})
    roller = st.names[st.actors[0]]
    s.apply_dict({"type": "choose_od", "player": roller, "od": ["Alpha", "Bravo"]})
    return s


def _one_stop(month: int = 0) -> Session:
    """Europe, 2 players, each with one plane on London–Amsterdam and one on
    Amsterdam–Paris (hub at Amsterdam) and the rest on Dublin–London: the
    market of the month London–Paris, both airlines one-stop over their only
    planes that connect the two, nobody has bid yet."""
    s = Session(load_board("europe"), ["Ann", "Bo"], callsigns="recommended")
    ri = s.board.route_index
    want = [ri[("LHR", "AMS")], ri[("AMS", "CDG")]]
    while s.state.decision in ("place_plane", "place_hub"):
        st = s.state
        p = st.actors[0]
        legal = st.legal_actions(p)
        if st.decision == "place_hub":
            pick = [a for a in legal if a.arg == s.board.airport_index["AMS"]] or legal
        else:
            mine = st.planes[p]
            pick = [a for a in legal if a.arg in want and mine[a.arg] == 0] or \
                [a for a in legal if a.arg == ri[("DUB", "LHR")]]
        s.apply(pick[0])
    st = s.state
    st.month = month
    s.apply_dict({"type": "roll_dice", "outcome": ["Alpha", "Bravo", "Charlie"]})
    s.apply_dict({"type": "choose_od", "player": st.names[st.actors[0]], "od": ["Alpha", "Bravo"]})
    assert st.stops == [1, 1]
    return s


def _bots(seed: int = 3) -> list[object]:
    return [NormalBot(seed), ExpertBot(seed, budget=120, time_limit=1e9)]


@pytest.mark.parametrize("bot", _bots(), ids=["normal", "expert"])
def test_a_flash_that_wins_the_last_market_is_taken(bot):
    # March: Ann bid 300, Bo 400 with 200, 250, 300 in hand; Ann's token is
    # spent, so nobody can answer Bo's flash deal
    s = _planned(MARCH)
    s.state.flash_unused[0] = False
    s.apply_dict({"type": "bid", "player": "Ann", "fare": 300})
    s.apply_dict({"type": "bid", "player": "Bo", "fare": 400})
    st = s.state
    assert st.decision == FLASH and list(st.actors) == [1]
    a = bot.choose(player_view(st, 1), st.legal_actions(1))
    wins = {o.card for o in quote.flash_options(st, 1) if o.verdict == quote.Verdict.WINS_ALONE}
    assert a.arg in wins, a


@pytest.mark.parametrize("bot", _bots(), ids=["normal", "expert"])
@pytest.mark.parametrize("month", [0, 4, MARCH])
@pytest.mark.parametrize("fixture", [_planned, _one_stop], ids=["nonstop", "one_stop"])
def test_chits_against_a_standing_fallback(bot, month, fixture):
    # Ann wins at 200 against Bo's 500: 3 chits (price 500, accepted 1 in 2)
    # would risk a sure 200 to give the market to Bo half the time (the
    # one-stop case: the planes flown are each airline's only link)
    s = fixture(month)
    s.apply_dict({"type": "bid", "player": "Ann", "fare": 200})
    s.apply_dict({"type": "bid", "player": "Bo", "fare": 500})
    if s.state.decision == FLASH:
        s.apply_dict({"type": "flash", "player": "Bo", "fare": None})
    st = s.state
    assert st.decision == ANCILLARIES and list(st.actors) == [0]
    a = bot.choose(player_view(st, 0), st.legal_actions(0))
    # immediate expected points of c chits: price accepted with the die's odds,
    # else Bo's 500 flies (relative points: mine less Bo's)
    def now(c: int) -> float:
        price = 200 + ANCILLARY_VALUE * c
        odds = quote.acceptance(price)
        acc = odds.favourable / odds.faces
        return acc * price - (1 - acc) * 500
    best = max(now(c) for c in range(4))
    assert now(a.arg) >= best - 100, a


@pytest.mark.parametrize("bot", _bots(), ids=["normal", "expert"])
@pytest.mark.parametrize("month", [0, 8, MARCH])
def test_a_sole_bidder_does_not_price_itself_out(bot, month):
    s = _planned(month)
    s.apply_dict({"type": "bid", "player": "Ann", "fare": 500})
    s.apply_dict({"type": "bid", "player": "Bo", "fare": None})
    st = s.state
    assert st.decision == ANCILLARIES
    a = bot.choose(player_view(st, 0), st.legal_actions(0))
    assert 500 + ANCILLARY_VALUE * a.arg <= TOP, a


def test_no_price_above_the_top_face_is_ever_scored():
    s = _planned(0)
    s.apply_dict({"type": "bid", "player": "Ann", "fare": 500})
    s.apply_dict({"type": "bid", "player": "Bo", "fare": None})
    mk = market_for(player_view(s.state, 0), 0)
    vals = mk.chit_values([(0, 500, 0)], 0)
    assert len(vals) == 1 + (TOP - 500) // ANCILLARY_VALUE


def _bid_state(month: int, tokens: tuple[bool, bool]) -> GameState:
    s = _planned(month)
    s.state.flash_unused[:] = list(tokens)
    return s.state


def test_the_bid_game_counts_a_flash_deal_in_hand():
    """Bo holding the token can bid high and flash down when beaten: the
    bid game scores each pair of bids after the flash window it opens."""
    with_t = market_for(player_view(_bid_state(MARCH, (False, True)), 0), 0)
    without = market_for(player_view(_bid_state(MARCH, (False, False)), 0), 0)
    assert with_t.flash_on and not without.flash_on
    # Ann 400 against Bo 500: Bo flashes down to 300 and wins it
    i400 = with_t.actions[0].index(400)
    i500 = with_t.actions[1].index(500)
    assert with_t.payoff((i400, i500))[1] == pytest.approx(300 - with_t._fcost[1])
    assert without.payoff((i400, i500))[1] == pytest.approx(-400)
    # against Ann's 200 the best Bo can do is a tie (both fly at 200)
    i200 = with_t.actions[0].index(200)
    assert with_t.payoff((i200, i500))[1] == pytest.approx(0.0 - with_t._fcost[1])
    assert without.payoff((i200, i500))[1] == pytest.approx(-200)


@pytest.mark.parametrize("tokens", [(True, True), (False, True), (False, False)])
def test_a_bid_is_legal_for_every_flash_state(tokens):
    st = _bid_state(5, tokens)
    p = st.actors[0]
    a = NormalBot(1).choose(player_view(st, p), st.legal_actions(p))
    assert a.type == BID and a in st.legal_actions(p)


@pytest.mark.parametrize("bot", _bots(), ids=["normal", "expert"])
def test_no_lease_for_a_long_shot_in_the_last_market(bot):
    # end of February: Ann won London–Paris at 500 alone; both airlines keep
    # five planes on that one route for March.  A leased plane elsewhere
    # would give Ann a market the dice pick about one time in five: not
    # worth 200 sure points
    s = _planned(MARCH - 1)
    s.apply_dict({"type": "bid", "player": "Ann", "fare": 500})
    s.apply_dict({"type": "bid", "player": "Bo", "fare": None})
    if s.state.decision == ANCILLARIES:
        s.apply_dict({"type": "ancillaries", "player": "Ann", "count": 0})
    st = s.state
    assert st.decision == LEASE and list(st.actors) == [0], st.decision
    a = bot.choose(player_view(st, 0), st.legal_actions(0))
    assert a.arg[0] == 0, a


def test_a_cut_rollout_counts_the_months_left():
    """A rollout cut before its season's end adds the model's view of the
    months left to the margin: more ahead, more value; the same margin with
    nothing left is the plain evaluation."""
    from opensky.ai.expert import evaluate
    st = _planned(2).state
    plain = evaluate(st, 0)
    assert evaluate(st, 0, 0.0) == pytest.approx(plain)
    assert evaluate(st, 0, 150.0) > plain > evaluate(st, 0, -150.0)
    late = _planned(MARCH - 2).state
    # (Ann is 100 ahead on subsidy cubes)
    assert 0.0 < evaluate(late, 0, -100.0) < evaluate(late, 0, 100.0) < 1.0
    assert evaluate(late, 0, -400.0) < 0.0


def test_expert_with_a_horizon_plays_legally():
    from opensky.play.selfplay import play_game
    game = play_game(load_board("north_america"), [ExpertBot(5, budget=80, time_limit=1e9, horizon=2),
                                                    NormalBot(6)], 5, callsigns="recommended")
    assert game.finished


def test_the_first_season_counts_what_it_carries_into_the_second():
    """At the end of the first season each fare card still in hand, each
    unused chit and the flash token count for the second season (``Carry``);
    at the end of the game nothing in hand counts.  A card in hand is worth
    what the season-2 margin of Normal-vs-Normal games says it is."""
    from opensky.ai.expert import CARRY, CARRY_BY_PLAYERS, CARRY_BY_SETUP, Carry, ExpertBot, evaluate
    st = _planned(2).state
    assert sum(st.hand[0]) == sum(st.hand[1])
    level = evaluate(st, 0, carry=Carry(card=45.0, chit=0.0, flash=0.0))
    st.hand[1][0] -= 1          # Bo has one card fewer: Ann is ahead by a card
    ahead = evaluate(st, 0, carry=Carry(card=45.0, chit=0.0, flash=0.0))
    assert ahead == pytest.approx(math.tanh((level_margin(st) + 45.0) / 400.0))
    assert ahead > level
    assert evaluate(st, 0, carry=Carry(card=0.0, chit=0.0, flash=0.0)) == pytest.approx(level)
    st.chits[1] -= 1
    assert evaluate(st, 0, carry=Carry(card=0.0, chit=20.0, flash=0.0)) > level
    # 2 players: a card in hand counts (by default, by its value on the board side);
    # 3 and 4: only the chits and the token
    assert evaluate(st, 0) == pytest.approx(evaluate(st, 0, carry=CARRY_BY_SETUP[(2, "europe")]))
    assert evaluate(st, 0) > evaluate(st, 0, carry=CARRY)
    assert CARRY_BY_PLAYERS[2].card >= 30 and CARRY.card == 0 and CARRY.chit > 0 and CARRY.flash > 0
    assert ExpertBot(0).carry is None and ExpertBot(0, card=10).carry == Carry(card=10.0)
    st.game_over = True
    assert evaluate(st, 0, carry=Carry(card=45.0)) == evaluate(st, 0, carry=Carry(card=0.0))


def test_a_low_card_carries_more_than_a_high_one_in_two_player_games():
    """With 2 players a 200 card kept for the second season is worth far more
    than a 400 or a 500 (bench/carry.py --by-fare: about 94 points of the
    second season's margin in Europe, 29 in North America, the others about
    nothing), so the first season's rollouts count each card by its value."""
    from opensky.ai.expert import CARRY_BY_SETUP, Carry, evaluate
    eu, na = CARRY_BY_SETUP[(2, "europe")], CARRY_BY_SETUP[(2, "north_america")]
    for c in (eu, na):
        assert c.fares is not None and len(c.fares) == len(FARES)
        assert c.fares[FARE_INDEX[200]] > c.fares[FARE_INDEX[400]] and c.fares[FARE_INDEX[200]] > c.fares[FARE_INDEX[500]]
    assert eu.fares is not None and na.fares is not None and eu.fares[0] > na.fares[0]
    assert Carry(card=45.0).cards([2, 2, 2, 2, 2]) == 450.0
    assert Carry(fares=(90.0, 25.0, 0.0, 0.0, 1.0)).cards([2, 1, 0, 0, 2]) == 207.0
    st = _planned(2).state
    level = evaluate(st, 0)
    st.hand[1][FARE_INDEX[500]] -= 1     # Bo short of a 500: about nothing to Ann
    short_500 = evaluate(st, 0)
    st.hand[1][FARE_INDEX[500]] += 1
    st.hand[1][FARE_INDEX[200]] -= 1     # Bo short of a 200: Ann ahead by 90
    short_200 = evaluate(st, 0)
    assert short_500 == pytest.approx(level)
    assert short_200 == pytest.approx(math.tanh((level_margin(st) + 90.0) / 400.0))
    assert short_200 > level


def level_margin(st) -> float:
    return st.score(0)["total"] - st.score(1)["total"]


@pytest.mark.parametrize("players,z", [(2, 0.75), (3, 0.75), (4, 0.5)])
def test_expert_leaves_normals_choice_at_the_bar_of_its_player_count(monkeypatch, players, z):
    """The search replaces Normal's choice when a candidate is ``z`` standard
    errors ahead: 0.75 by default, 0.5 in 4-player games (``Z_BY_PLAYERS``);
    a ``z`` given is used whatever the count."""
    from opensky.ai import expert as X
    from opensky.play.selfplay import play_game
    seen: list[float] = []

    class Seen(Exception):
        pass

    def decide(cands, results, default, z_used, start, strata=None):
        seen.append(z_used)
        raise Seen

    monkeypatch.setattr(X, "decide", decide)
    bots = [ExpertBot(1, budget=40, time_limit=1e9)] + [NormalBot(2 + i) for i in range(players - 1)]
    with pytest.raises(Seen):
        play_game(load_board("europe"), bots, 1, callsigns="recommended")
    assert seen == [z]
    seen.clear()
    bots[0] = ExpertBot(1, budget=40, time_limit=1e9, z=1.25)
    with pytest.raises(Seen):
        play_game(load_board("europe"), bots, 1, callsigns="recommended")
    assert seen == [1.25]
