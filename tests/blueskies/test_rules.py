"""Blue Skies rules, one test per rule or ruling (RULES.md §3–§10, B1–B31)."""
from __future__ import annotations

import math

import pytest

from opensky.blueskies.actions import LOCAL
from opensky.blueskies.state import BSState
from opensky.rules.errors import IllegalAction
from tests.blueskies.helpers import card, cubes, do, session, tiny

OPEN = ["BIG", "BAY", "MID", "LAK", "ROK"]
HANDS2 = {"Ann": ["MID", "SUN", "BIG"], "Bo": ["DES", "PIN", "BIG"]}


def opened(extra=()):
    """A 2-player game on the tiny board after the five opening cards (each 1 red)."""
    s = session(("Ann", "Bo"), OPEN, HANDS2)
    do(s, *[cubes(0)] * 5)
    return s


def idx(code):
    return tiny().index(code)


def test_setup_local_gates_and_deal():
    # §5.2/B9: a local gate at each airport that got cubes; the 5 cards to the discard
    s = opened()
    st = s.state
    for c in OPEN:
        assert st.gates[idx(c)] == [LOCAL] and st.cubes[idx(c)] == [1]
    assert sorted(st.board.codes[c] for c, n in enumerate(st.discard) for _ in range(n)) == sorted(OPEN)
    assert st.deck_count == 21 - 5 - 6
    assert st.red == 14 - 5 and st.green == 5
    # B11: the last seat opens first
    assert st.decision == "opening_gate" and st.actor == 1


def test_opening_card_twice_gets_one_local_gate():
    # B9
    s = session(("Ann", "Bo"), ["BIG", "BIG", "MID", "LAK", "ROK"], HANDS2)
    do(s, *[cubes(0)] * 5)
    assert s.state.gates[idx("BIG")] == [LOCAL] and s.state.cubes[idx("BIG")] == [2]


def test_split_even_first_gates_get_the_odd_cubes():
    # §3, B3: all cubes at an airport are split again after a new gate; the first gates get the odd ones
    s = opened()
    st = s.state
    do(s, {"type": "buy_gate", "player": "Bo", "airport": "BAY"}, cubes(1))  # 1 + 2 = 3 → local 2, Bo 1
    assert st.cubes[idx("BAY")] == [2, 1] and st.income(1) == 1
    do(s, {"type": "buyout", "player": "Bo", "airport": "ROK"})            # 4 points: ROK's cube is Bo's
    assert st.income(1) == 2
    do(s, {"type": "buy_gate", "player": "Ann", "airport": "LAK"}, cubes(2))  # 1 + 3 = 4 → 2, 2
    assert st.cubes[idx("LAK")] == [2, 2] and st.green == 2


def test_new_gate_waits_with_zero_cubes_until_the_draw():
    # settled detail 1
    s = opened()
    do(s, {"type": "buy_gate", "player": "Bo", "airport": "BIG"})
    st = s.state
    assert st.decision == "draw_cubes" and st.gates[idx("BIG")] == [LOCAL, 1] and st.cubes[idx("BIG")] == [1, 0]
    do(s, cubes(1))
    assert st.cubes[idx("BIG")] == [2, 1]


def test_chance_probabilities():
    # headless.md: P(g) = R·G!/(G−g)!·(R+G−g−1)!/(R+G)!
    s = opened()
    do(s, {"type": "buy_gate", "player": "Bo", "airport": "BIG"})
    st = s.state
    R, G = st.red, st.green
    out = st.chance_outcomes()
    assert [a.arg for a, _ in out] == list(range(G + 1))
    for a, p in out:
        g = a.arg
        want = R * math.factorial(G) / math.factorial(G - g) * math.factorial(R + G - g - 1) / math.factorial(R + G)
        assert p == pytest.approx(want)
    assert sum(p for _, p in out) == pytest.approx(1.0)


def test_card_probabilities():
    s = session(("Ann", "Bo"))
    st = s.state
    assert st.decision == "draw_card"
    out = dict((st.board.codes[a.arg], p) for a, p in st.chance_outcomes())
    assert out["BIG"] == pytest.approx(5 / 21) and out["PIN"] == pytest.approx(1 / 21)


def test_bag_without_red_takes_every_green_and_empty_bag_nothing():
    # B4, B31: those draws are not asked
    b = tiny()
    s = BSState(b, ["Ann", "Bo"], [b.index(c) for c in OPEN], [[b.index(c) for c in HANDS2[n]] for n in ("Ann", "Bo")])
    s.red, s.green = 0, 2
    st = s.copy()
    from opensky.blueskies import flow
    ev = []
    flow.add_cubes(st, 0, st.green, ev, red=False)
    assert st.green == 0 and st.waiting[0] == 2
    st.tasks.append(("cubes", 1))
    flow.run(st, ev)
    assert st.waiting[1] == 0 and st.decision != "draw_cubes"


def test_buyout_needs_local_gate_and_not_na():
    # §4, B6
    s = opened()
    with pytest.raises(IllegalAction, match="cannot be bought out"):
        s.apply_dict({"type": "buyout", "player": "Bo", "airport": "BIG"})
    with pytest.raises(IllegalAction, match="no local gate"):
        s.apply_dict({"type": "buyout", "player": "Bo", "airport": "SUN"})
    with pytest.raises(IllegalAction, match="space 1, not 2"):
        s.apply_dict({"type": "buyout", "player": "Bo", "airport": "LAK", "slot": 2})
    do(s, {"type": "buyout", "player": "Bo", "airport": "LAK", "slot": 1})
    st = s.state
    assert st.gates[idx("LAK")] == [1] and st.cubes[idx("LAK")] == [1]
    assert st.decision == "opening_gate"  # no passengers were added
    assert st.gates_placed(1) == 1 and st.gates_left[1] == 7


def test_opening_first_gate_needs_a_second(monkeypatch):
    # B12: after BIG (5) only a 1-point second gate fits; LAK (3) is refused
    s = opened()
    do(s, {"type": "buy_gate", "player": "Bo", "airport": "BIG"}, cubes(0))
    with pytest.raises(IllegalAction):
        s.apply_dict({"type": "buy_gate", "player": "Bo", "airport": "LAK"})
    with pytest.raises(IllegalAction, match="no empty gate space"):
        s.apply_dict({"type": "buy_gate", "player": "Bo", "airport": "BIG"})
    codes = sorted(s.state.board.codes[a.arg] for a in s.state.legal_actions())
    assert codes == ["DES", "PIN"]


def test_refusal_leaves_the_state_unchanged():
    s = opened()
    before = s.state.to_json()
    for bad in ({"type": "buy_gate", "player": "Ann", "airport": "BIG"},
                {"type": "end_purchases", "player": "Bo"},
                {"type": "play_card", "player": "Bo", "airport": "DES"},
                cubes(0)):
        with pytest.raises(IllegalAction):
            s.apply_dict(bad)
        assert s.state.to_json() == before


def play_to_round1(s):
    do(s, {"type": "buyout", "player": "Bo", "airport": "LAK"},
       {"type": "buy_gate", "player": "Bo", "airport": "PIN"},
       {"type": "buyout", "player": "Ann", "airport": "ROK"},
       {"type": "buy_gate", "player": "Ann", "airport": "DES"})
    return s


def test_purchase_turn_and_banked_points():
    # §6 step 1, B14: unspent points go to the score
    s = play_to_round1(opened())
    st = s.state
    assert st.round == 1 and st.step == "buy_gates" and st.actor == 0 and st.points == 6
    do(s, {"type": "buy_gate", "player": "Ann", "airport": "DES"}, cubes(0))
    assert st.points == 5
    do(s, {"type": "end_purchases", "player": "Ann"})
    assert st.score[0] == 5 and st.actor == 1


def test_two_gates_at_one_airport_in_one_turn():
    # §4, B5, B7: each gate costs the gate cost; passengers come before the next purchase
    s = play_to_round1(opened())
    do(s, {"type": "buy_gate", "player": "Ann", "airport": "BAY"})
    assert s.state.decision == "draw_cubes"
    with pytest.raises(IllegalAction):
        s.apply_dict({"type": "buy_gate", "player": "Ann", "airport": "BAY"})
    do(s, cubes(0))
    st = s.state
    assert st.points == 4 and st.gates[idx("BAY")] == [LOCAL, 0]
    assert st.decision == "buy"
    # 2 spaces with 2 players: BAY is full now
    with pytest.raises(IllegalAction, match="no empty gate space"):
        s.apply_dict({"type": "buy_gate", "player": "Ann", "airport": "BAY"})


def test_turn_ends_by_itself_when_nothing_is_affordable():
    # B31: no legal purchase left, the points are scored without asking
    s = play_to_round1(opened())
    st = s.state
    do(s, {"type": "buy_gate", "player": "Ann", "airport": "BIG"}, cubes(0))  # 5 points: 1 left
    # PIN (1) and DES (1) still cost 1: asked
    assert st.decision == "buy" and st.points == 1
    do(s, {"type": "buy_gate", "player": "Ann", "airport": "DES"}, cubes(0))
    # 0 points left: nothing affordable, the turn ended by itself
    assert st.actor == 1 and st.score[0] == 0


def test_play_is_compulsory_and_replacement_after_discard():
    # B15: a card or the special action; no end_purchases-like pass
    s = play_to_round1(opened())
    do(s, {"type": "end_purchases", "player": "Ann"}, {"type": "end_purchases", "player": "Bo"})
    st = s.state
    assert st.decision == "play" and st.step == "play_cards"
    assert all(a.type in ("play_card", "special_action") for a in st.legal_actions())
    do(s, {"type": "play_card", "player": "Ann", "airport": "MID"})
    assert st.in_play == [idx("MID")] and st.decision == "draw_cubes"
    do(s, cubes(0))
    assert st.in_play == [] and st.discard[idx("MID")] == 2  # the opening MID and this one
    assert st.decision == "draw_card" and st.card_purpose == "replace" and st.card_player == 0


def test_step3_deck_cards_from_the_current_players_left():
    # B16: P−1 deck cards, no hand involved
    s = play_to_round1(opened())
    do(s, {"type": "end_purchases", "player": "Ann"}, {"type": "end_purchases", "player": "Bo"},
       {"type": "play_card", "player": "Ann", "airport": "MID"}, cubes(0), card("SUN"),
       {"type": "play_card", "player": "Bo", "airport": "DES"}, cubes(0), card("BIG"))
    st = s.state
    hands = [list(h) for h in st.hands]
    assert st.step == "other_demand" and st.decision == "draw_card" and st.card_purpose == "other_demand"
    assert st.card_player is None
    do(s, card("BAY"))
    assert st.in_play == [idx("BAY")]
    do(s, cubes(0))
    assert [list(h) for h in st.hands] == hands
    # one card only with 2 players: the round went on to scoring and the next round
    assert st.round == 2 and st.current == 1 and st.step == "buy_gates"


def test_special_action_passengers_first_then_discards():
    # B22–B24
    s = play_to_round1(opened())
    do(s, {"type": "end_purchases", "player": "Ann"}, {"type": "end_purchases", "player": "Bo"})
    st = s.state
    with pytest.raises(IllegalAction, match="B22"):
        s.apply_dict({"type": "special_action", "player": "Ann", "add_at": None, "discard": []})
    do(s, {"type": "special_action", "player": "Ann", "add_at": "SUN", "discard": ["BIG", "MID"]})
    assert st.special_used[0] and st.decision == "draw_cubes" and st.cube_airport == idx("SUN")
    assert sorted(st.hands[0]) == sorted([idx("MID"), idx("SUN"), idx("BIG")])  # not yet discarded
    do(s, cubes(0))
    assert st.hands[0] == [idx("SUN")] and st.decision == "draw_card" and st.card_purpose == "refill"
    do(s, card("SUN"), card("BIG"))
    assert len(st.hands[0]) == 3 and st.actor == 1
    with pytest.raises(IllegalAction):
        s.apply_dict({"type": "special_action", "player": "Bo", "add_at": "SUN", "discard": ["LAK"]})


def test_thresholds_over_30_and_over_100():
    # B17, B18: "over" means 31 and 101
    from opensky.blueskies import flow
    s = play_to_round1(opened()).state
    t = s.copy()
    t.score = [100, 5]
    t.tasks = [("end",)]
    flow.run(t, [])
    assert not t.game_over
    t.score = [101, 5]
    t.tasks = [("end",)]
    flow.run(t, [])
    assert t.game_over and t.end_reason == ["score"]
    u = s.copy()
    u.score = [30, 20]
    u.tasks = [("assist",)]
    flow.run(u, [])
    assert not u.assistance_given
    u.score = [31, 20]
    u.tasks = [("assist",)]
    flow.run(u, [])
    assert u.assistance_given and u.decision == "assistance" and u.actor == 1 and u.owed == 4  # ⌈11/3⌉


def test_tied_leaders_get_nothing_but_everyone_discards():
    # B19, B21
    from opensky.blueskies import flow
    s = play_to_round1(opened()).state.copy()
    s.score = [33, 33]
    s.tasks = [("assist",)]
    flow.run(s, [])
    assert s.assistance_given and s.decision == "discard" and s.actor == s.current


def test_end_when_all_gates_placed_and_tie_break():
    # §6 step 5 and B30
    from opensky.blueskies import flow
    s = play_to_round1(opened()).state.copy()
    s.gates_left[1] = 0
    s.score = [20, 20]
    s.tasks = [("end",)]
    flow.run(s, [])
    assert s.game_over and s.end_reason == ["gates"]
    fin = s.final
    assert fin[0]["special_bonus"] == 3
    totals = [f["total"] for f in fin]
    if totals[0] == totals[1]:
        assert s.winners == [0]  # fewer gates placed


def test_player_names_are_checked():
    # BS4 (and OpenSky's GameState alike): at most 64 characters, not blank, not "local"
    from opensky.board import load_board
    from opensky.rules.state import GameState
    b = tiny()
    BSState(b, ["A" * 64, "B"])
    for bad in (["A" * 65, "B"], ["", "B"], ["local", "B"], ["A", "A"], ["A\x07", "B"]):
        with pytest.raises(IllegalAction):
            BSState(b, bad)
    GameState(load_board("europe"), ["A" * 64, "B"])
    with pytest.raises(IllegalAction, match="longer than 64"):
        GameState(load_board("europe"), ["A" * 65, "B"])
