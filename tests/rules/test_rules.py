"""One or more tests per rule of RULES.md; each cites the rule it checks."""
from __future__ import annotations

import pytest

from opensky.rules.constants import CALLSIGNS, FARES
from opensky.rules.errors import IllegalAction
from opensky.rules.itinerary import shortest_paths, winners
from opensky.rules.state import GameState
from opensky.rules.view import player_view
from tests.rules.helpers import (
    act, acts, kinds, make_board, market, pass_months, plan, tiny_cross, tiny_hubs,
)

CS = dict(zip(CALLSIGNS, ["AAA", "BBB", "CCC", "DDD", "EEE", "FFF"]))


def two_player(routes_ann, routes_bo, hubs=None, board=None, callsigns=CS):
    s = GameState(board or tiny_hubs(), ["Ann", "Bo"], callsigns)
    plan(s, {"Ann": routes_ann, "Bo": routes_bo}, hubs)
    return s


# ---------------------------------------------------------------- §1, §2

def test_components_per_player():  # §1
    for P, N in ((2, 6), (3, 4), (4, 3)):
        s = GameState(tiny_hubs(), ["A", "B", "C", "D"][:P], CS)
        assert s.N == N
        for p in range(P):
            assert s.hand_cards(p) == [200, 200, 250, 250, 300, 300, 400, 400, 500, 500]
            assert s.chits[p] == 3 and s.flash_unused[p]


def test_player_count_refused():  # §1: 2–4 players
    for names in (["A"], ["A", "B", "C", "D", "E"]):
        with pytest.raises(IllegalAction):
            GameState(tiny_hubs(), names, CS)
    with pytest.raises(IllegalAction):
        GameState(tiny_hubs(), ["A", "A"], CS)


def test_r1_callsign_placement_in_seat_order():  # R1
    s = GameState(tiny_hubs(), ["Ann", "Bo", "Cy", "Di"])
    assert s.decision == "place_callsign"
    seats = []
    for cs, code in zip(CALLSIGNS, ["AAA", "CCC", "EEE", "GGG", "HHH", "FFF"]):
        seats.append(s.names[s.actors[0]])
        # refusal: out of order call sign
        if cs == "Bravo":
            with pytest.raises(IllegalAction, match="Bravo comes next"):
                act(s, type="place_callsign", player=seats[-1], callsign="Charlie", airport=code)
        act(s, type="place_callsign", player=seats[-1], callsign=cs, airport=code)
    assert seats == ["Ann", "Bo", "Cy", "Di", "Ann", "Bo"]  # seat order wraps
    assert s.decision == "place_plane" and s.subsidy_left == [True] * 6  # §2.3 cubes


def test_r1_refusals():  # R1
    s = GameState(tiny_hubs(), ["Ann", "Bo"])
    with pytest.raises(IllegalAction, match="not Bo's turn"):
        act(s, type="place_callsign", player="Bo", callsign="Alpha", airport="AAA")
    act(s, type="place_callsign", player="Ann", callsign="Alpha", airport="AAA")
    with pytest.raises(IllegalAction, match="already has the call sign"):
        act(s, type="place_callsign", player="Bo", callsign="Bravo", airport="AAA")
    with pytest.raises(IllegalAction, match="six different airports"):
        GameState(tiny_hubs(), ["Ann", "Bo"], {**CS, "Bravo": "AAA"})


# ---------------------------------------------------------------- §4

def placement_order(P):
    s = GameState(tiny_hubs(), ["A", "B", "C", "D"][:P], CS)
    order = []
    while s.decision == "place_plane":
        who = s.names[s.actors[0]]
        order.append(who)
        act(s, type="place_plane", player=who, route=["GGG", "HHH"])
    return s, "".join(order)


def test_r2_serpentine_passes():  # R2
    assert placement_order(2)[1] == "AAA" "BBB" "BBB" "AAA"
    assert placement_order(3)[1] == "AA" "BB" "CC" "CC" "BB" "AA"
    assert placement_order(4)[1] == "ABCD" "DCBA" "ABCD"


def test_r2_out_of_turn_placement_refused():  # R2
    s = GameState(tiny_hubs(), ["Ann", "Bo"], CS)
    with pytest.raises(IllegalAction, match="not Bo's turn"):
        act(s, type="place_plane", player="Bo", route=["AAA", "BBB"])
    assert sum(s.on_board) == 0  # state unchanged


def test_r3_every_planning_starts_with_first_seat():  # R3
    s, _ = placement_order(3)
    while s.decision == "place_hub":
        who = s.names[s.actors[0]]
        act(s, type="place_hub", player=who, airport="GGG" if not s.hubs[s.actors[0]] else "HHH")
    pass_months(s, 7)  # to November: season reset
    assert s.month == 7 and s.phase == "network_planning"
    assert s.actors == (0,)


def test_r4_subsidies_first_placement_takes_cubes():  # §4, R4
    s = GameState(tiny_hubs(), ["Ann", "Bo"], CS)
    ev = act(s, type="place_plane", player="Ann", route=["AAA", "BBB"])
    assert "SubsidyTaken" in kinds(ev)
    assert s.subsidies[0] == [0, 1]  # both cubes: Alpha and Bravo
    act(s, type="place_plane", player="Ann", route=["AAA", "BBB"])
    act(s, type="place_plane", player="Ann", route=["BBB", "CCC"])  # Charlie
    ev = act(s, type="place_plane", player="Bo", route=["AAA", "BBB"])
    assert "SubsidyTaken" not in kinds(ev)  # never replaced
    assert s.subsidies[0] == [0, 1, 2] and s.score(0)["subsidies"] == 150


def test_several_planes_and_players_on_one_route():  # §4
    s = two_player(["AAA-BBB"] * 6, ["AAA-BBB"] * 6)
    assert s.planes[0][0] == 6 and s.planes[1][0] == 6


def test_r12_hubs_after_planning_in_seat_order():  # R12
    s = GameState(tiny_hubs(), ["Ann", "Bo"], CS)
    plan(s, {"Ann": ["AAA-BBB"] * 6, "Bo": ["AAA-BBB"] * 6}, hubs={})
    # plan() placed hubs; check order by replaying
    s = GameState(tiny_hubs(), ["Ann", "Bo"], CS)
    while s.decision == "place_plane":
        act(s, type="place_plane", player=s.names[s.actors[0]], route=["AAA", "BBB"])
    assert s.decision == "place_hub" and s.actors == (0,)
    act(s, type="place_hub", player="Ann", airport="BBB")
    with pytest.raises(IllegalAction, match="two different airports"):
        act(s, type="place_hub", player="Ann", airport="BBB")
    act(s, type="place_hub", player="Ann", airport="CCC")
    assert s.actors == (1,)
    act(s, type="place_hub", player="Bo", airport="BBB")  # several players may share a hub
    act(s, type="place_hub", player="Bo", airport="GGG")
    assert s.phase == "marketing" and s.hubs == [[1, 2], [1, 6]]


# ---------------------------------------------------------------- §5

def test_r5_roller_rotates_and_dice_outcomes():  # R5
    s = two_player(["GGG-HHH"] * 6, ["GGG-HHH"] * 6)
    assert s.decision == "roll_dice" and s.actors == (0,)
    outs = s.chance_outcomes()
    assert len(outs) == 20 and abs(sum(p for _, p in outs) - 1) < 1e-9
    assert all(len(set(a.arg)) == 3 for a, _ in outs)
    with pytest.raises(IllegalAction, match="three different"):
        act(s, type="roll_dice", outcome=["Alpha", "Alpha", "Bravo"])
    act(s, type="roll_dice", outcome=["Alpha", "Bravo", "Charlie"])
    assert len(s.legal_actions()) == 3  # the roller chooses the O&D among the three pairs
    with pytest.raises(IllegalAction, match="two of the dice"):
        act(s, type="choose_od", player="Ann", od=["Alpha", "Delta"])
    ev = act(s, type="choose_od", player="Ann", od=["Charlie", "Alpha"])
    assert ev[0].od == (0, 2) and "NobodyTravels" in kinds(ev)  # nobody flies it
    assert s.last_market["od"] == ["Alpha", "Charlie"]
    assert s.month == 1 and s.actors == (1,)  # May: Bo rolls
    pass_months(s, 4)
    assert s.actors == (0,)  # May Bo, June Ann, July Bo, August Ann
    assert s.month == 4 and s.roller == 0


# ---------------------------------------------------------------- §6.1

def test_itinerary_nonstop_and_one_stop_at_hub():  # §6.1, §8.1
    s = two_player(["AAA-BBB", "BBB-CCC", "AAA-CCC" if False else "GGG-HHH"] + ["GGG-HHH"] * 3,
                   ["AAA-GGG", "GGG-CCC"] + ["GGG-HHH"] * 4,
                   hubs={"Ann": ["DDD", "EEE"], "Bo": ["GGG", "HHH"]})
    market(s, ("Alpha", "Charlie"))
    # Ann connects at BBB without a hub there: no itinerary; Bo connects at his GGG hub
    assert s.stops == [None, 1]
    assert s.actors == (1,)
    with pytest.raises(IllegalAction, match="no valid itinerary"):
        act(s, type="bid", player="Ann", fare=200)


def test_table_rule_two_stops_only_when_nobody_has_fewer():  # §6.1 table rule
    b = make_board(["AAA-BBB", "BBB-CCC", "CCC-DDD", "AAA-EEE", "EEE-DDD", "FFF-GGG"])
    cs = dict(zip(CALLSIGNS, ["AAA", "DDD", "BBB", "CCC", "FFF", "GGG"]))
    # Ann: AAA-BBB-CCC-DDD (2 stops); Bo: AAA-EEE-DDD (1 stop)
    s = GameState(b, ["Ann", "Bo"], cs)
    plan(s, {"Ann": ["AAA-BBB", "BBB-CCC", "CCC-DDD"] + ["FFF-GGG"] * 3,
             "Bo": ["AAA-EEE", "EEE-DDD"] + ["FFF-GGG"] * 4},
         hubs={"Ann": ["BBB", "CCC"], "Bo": ["EEE", "FFF"]})
    market(s, ("Alpha", "Bravo"))
    assert s.stops == [None, 1]  # Ann's 2-stop itinerary is not valid: Bo has 1 stop
    # Same without Bo's network: Ann's 2 stops are the table's minimum
    s = GameState(b, ["Ann", "Bo"], cs)
    plan(s, {"Ann": ["AAA-BBB", "BBB-CCC", "CCC-DDD"] + ["FFF-GGG"] * 3,
             "Bo": ["FFF-GGG"] * 6}, hubs={"Ann": ["BBB", "CCC"], "Bo": ["EEE", "FFF"]})
    market(s, ("Alpha", "Bravo"))
    assert s.stops == [2, None]


def test_table_rule_ignores_paths_not_valid_for_hubs():  # §8.1: invalid paths don't count
    b = make_board(["AAA-BBB", "BBB-CCC", "CCC-DDD", "AAA-EEE", "EEE-DDD", "FFF-GGG"])
    cs = dict(zip(CALLSIGNS, ["AAA", "DDD", "BBB", "CCC", "FFF", "GGG"]))
    s = GameState(b, ["Ann", "Bo"], cs)
    plan(s, {"Ann": ["AAA-BBB", "BBB-CCC", "CCC-DDD"] + ["FFF-GGG"] * 3,
             "Bo": ["AAA-EEE", "EEE-DDD"] + ["FFF-GGG"] * 4},
         hubs={"Ann": ["BBB", "CCC"], "Bo": ["FFF", "GGG"]})  # Bo has no hub at EEE
    market(s, ("Alpha", "Bravo"))
    assert s.stops == [2, None]


def test_shortest_paths_lists_all_shortest():  # R6, R9
    b = tiny_hubs()
    planes = [1] * len(b.routes)
    ix = b.airport_index
    paths = shortest_paths(b.adjacency, planes, ix["AAA"], ix["CCC"], None)
    assert sorted(paths) == sorted([(ix["AAA"], ix["BBB"], ix["CCC"]), (ix["AAA"], ix["GGG"], ix["CCC"])])
    paths = shortest_paths(b.adjacency, planes, ix["AAA"], ix["CCC"], [ix["GGG"]])
    assert paths == [(ix["AAA"], ix["GGG"], ix["CCC"])]
    assert shortest_paths(b.adjacency, [0] * len(b.routes), ix["AAA"], ix["CCC"], None) == []


# ---------------------------------------------------------------- §6.3

@pytest.mark.parametrize("bids,expected", [
    ([(0, 300, 0), (1, 250, 0)], [1]),                 # same class: lowest
    ([(0, 250, 1), (1, 250, 1)], [0, 1]),              # ties all win
    ([(0, 400, 0), (1, 200, 1)], [1]),                 # one-stop at exactly half wins
    ([(0, 400, 0), (1, 250, 1)], [0]),                 # above half: nonstop wins
    ([(0, 500, 0), (1, 200, 1), (2, 250, 1)], [1]),    # lowest qualifying one-stop
    ([(0, 500, 0), (1, 250, 1), (2, 250, 1)], [1, 2]), # qualifying tie
    ([(0, 500, 0), (1, 400, 0), (2, 200, 1)], [2]),    # D is the lowest nonstop
    ([(0, 400, 0), (1, 400, 0), (2, 250, 1)], [0, 1]), # nonstop tie
    ([(0, 300, 1), (1, 250, 1)], [1]),                 # no nonstop: one-stops compete
    ([(0, 300, 2), (1, 500, 2)], [0]),                 # 2+ stops among themselves
    ([], []),
])
def test_winner_function(bids, expected):  # §6.3 W
    assert winners(bids) == expected


# ---------------------------------------------------------------- §6.2, §6.4, R7

def three_player_nonstop():
    """Ann, Bo, Cy all fly AAA-BBB nonstop (Alpha–Bravo)."""
    s = GameState(tiny_hubs(), ["Ann", "Bo", "Cy"], CS)
    plan(s, {n: ["AAA-BBB"] + ["GGG-HHH"] * 3 for n in ("Ann", "Bo", "Cy")})
    market(s, ("Alpha", "Bravo"))
    return s


def test_bids_are_secret_until_all_submitted():  # §6.2, §11
    s = three_player_nonstop()
    assert set(s.actors) == {0, 1, 2}
    act(s, type="bid", player="Cy", fare=300)
    assert s.to_json()["market"]["bids"] == {}
    assert 300 in s.to_json()["players"][2]["hand"] and s.to_json()["players"][2]["hand"].count(300) == 2
    v = player_view(s, 0)
    assert v.bid[2] is None and v.hand[2] == [2, 2, 2, 2, 2]
    assert player_view(s, 2).bid[2] == 300
    with pytest.raises(IllegalAction, match="already bid"):
        act(s, type="bid", player="Cy", fare=200)
    with pytest.raises(IllegalAction, match="no 350|not a fare card"):
        act(s, type="bid", player="Ann", fare=350)
    act(s, type="bid", player="Ann", fare=None)
    ev = act(s, type="bid", player="Bo", fare=400)
    assert "BidsRevealed" in kinds(ev)
    assert s.to_json()["market"]["bids"] == {"Ann": None, "Bo": 400, "Cy": 300}


def test_r7_flash_offers_start_at_roller_and_reopen_after_a_deal():  # R7
    s = three_player_nonstop()  # April: Ann rolls
    acts(s, {"type": "bid", "player": "Ann", "fare": 400},
         {"type": "bid", "player": "Bo", "fare": 300},
         {"type": "bid", "player": "Cy", "fare": 250})
    assert s.decision == "flash" and s.actors == (0,)  # the roller first
    act(s, type="flash", player="Ann", fare=None)
    assert s.actors == (1,)
    act(s, type="flash", player="Bo", fare=200)  # Bo now sole winner
    # After the deal: next player Cy, then Ann again (her decline was before the deal)
    assert s.actors == (2,)
    act(s, type="flash", player="Cy", fare=None)
    assert s.actors == (0,)
    act(s, type="flash", player="Ann", fare=250)  # ties? 250 > 200: still loses
    assert s.winners == [1]
    # Cy declined since... no: Ann's deal reopened the window; Cy is offered again
    assert s.actors == (2,)
    act(s, type="flash", player="Cy", fare=None)
    # Bo is sole winner (not eligible), Ann's token is spent: window closes
    assert s.decision == "ancillaries" and s.actors == (1,)


def test_r7_flash_must_be_strictly_lower_and_once():  # §6.4
    s = three_player_nonstop()
    acts(s, {"type": "bid", "player": "Ann", "fare": 300},
         {"type": "bid", "player": "Bo", "fare": 250},
         {"type": "bid", "player": "Cy", "fare": None})
    with pytest.raises(IllegalAction, match="strictly lower"):
        act(s, type="flash", player="Ann", fare=300)
    act(s, type="flash", player="Ann", fare=250)  # tie with Bo
    assert s.winners == [0, 1]
    # Bo (tied, not sole winner) is offered
    assert s.actors == (1,)
    act(s, type="flash", player="Bo", fare=200)
    assert s.winners == [1]
    # Ann's token is spent: closes
    assert s.decision == "ancillaries"
    assert s.flash_unused == [False, False, True]


def test_no_flash_offer_without_a_lower_card():  # R7 eligibility
    s = three_player_nonstop()
    acts(s, {"type": "bid", "player": "Ann", "fare": 200},
         {"type": "bid", "player": "Bo", "fare": 200},
         {"type": "bid", "player": "Cy", "fare": None})
    assert s.decision == "choose_itinerary" or s.decision == "roll_dice" or s.phase == "month_end"
    assert s.won[0][0] == 1 and s.won[1][0] == 1  # tie: both win


# ---------------------------------------------------------------- §6.5

def test_tie_all_win_no_chits_planes_fly():  # §6.5 tie
    s = three_player_nonstop()
    ev = acts(s, {"type": "bid", "player": "Ann", "fare": 250},
              {"type": "bid", "player": "Bo", "fare": 250},
              {"type": "bid", "player": "Cy", "fare": 400})
    # tied winners are not sole winners: offers go Ann (the roller), Bo, Cy
    assert s.actors == (0,)
    ev = act(s, type="flash", player="Ann", fare=None)
    ev += act(s, type="flash", player="Bo", fare=None)
    assert s.actors == (2,)
    ev += act(s, type="flash", player="Cy", fare=None)
    assert "AncillariesAttached" not in kinds(ev) and kinds(ev).count("MarketWon") == 2
    assert s.won_cards(0) == [250] and s.won_cards(1) == [250] and s.won_cards(2) == []
    assert s.hand_cards(2).count(400) == 2  # losing card back to hand
    assert s.on_board == [3, 3, 4]
    with pytest.raises(IllegalAction, match="tie"):
        s2 = three_player_nonstop()
        acts(s2, {"type": "bid", "player": "Ann", "fare": 200},
             {"type": "bid", "player": "Bo", "fare": 200},
             {"type": "bid", "player": "Cy", "fare": None})
        act(s2, type="ancillaries", player="Ann", count=1)


def single_winner_state():
    s = two_player(["AAA-BBB"] + ["GGG-HHH"] * 5, ["AAA-BBB"] + ["GGG-HHH"] * 5)
    market(s, ("Alpha", "Bravo"))
    acts(s, {"type": "bid", "player": "Ann", "fare": 300},
         {"type": "bid", "player": "Bo", "fare": 400})
    act(s, type="flash", player="Bo", fare=None)
    assert s.decision == "ancillaries" and s.actors == (0,)
    return s


def test_chits_accepted_roll_at_least_price():  # §6.5 single winner
    s = single_winner_state()
    act(s, type="ancillaries", player="Ann", count=2)
    assert s.decision == "roll_sensitivity" and s.actors == (0,)
    ev = act(s, type="roll_sensitivity", outcome=500)  # = price 300 + 200: accepted
    assert "MarketWon" in kinds(ev)
    assert s.chits == [1, 3] and s.chits_spent == [2, 0]
    assert s.score(0) == {"fares": 300, "change": 0, "subsidies": 100, "ancillaries": 200, "total": 600}
    assert s.on_board[0] == 5


def test_zero_chits_travels_without_roll():  # §6.5
    s = single_winner_state()
    ev = act(s, type="ancillaries", player="Ann", count=0)
    assert "SensitivityRolled" not in kinds(ev) and s.won_cards(0) == [300]


def test_r8_walk_away_goes_to_next_best_bid():  # §6.5, R8
    s = single_winner_state()
    act(s, type="ancillaries", player="Ann", count=1)
    ev = act(s, type="roll_sensitivity", outcome=300)  # < 400: walk away
    assert "MarketWalkedAway" in kinds(ev)
    assert s.won_cards(0) == [] and s.hand_cards(0).count(300) == 2 and s.chits[0] == 3
    assert s.won_cards(1) == [400] and s.chits[1] == 3 and s.on_board == [6, 5]


def test_r8_walk_away_next_best_tie_and_nobody():  # R8
    s = three_player_nonstop()
    acts(s, {"type": "bid", "player": "Ann", "fare": 200},
         {"type": "bid", "player": "Bo", "fare": 300},
         {"type": "bid", "player": "Cy", "fare": 300})
    act(s, type="flash", player="Bo", fare=None)
    act(s, type="flash", player="Cy", fare=None)
    act(s, type="ancillaries", player="Ann", count=3)
    act(s, type="roll_sensitivity", outcome=400)  # < 500
    assert s.won_cards(1) == [300] and s.won_cards(2) == [300] and s.won_cards(0) == []
    # nobody remains
    s = single_winner_state.__wrapped__() if hasattr(single_winner_state, "__wrapped__") else None
    s = two_player(["AAA-BBB"] + ["GGG-HHH"] * 5, ["AAA-BBB"] + ["GGG-HHH"] * 5)
    market(s, ("Alpha", "Bravo"))
    acts(s, {"type": "bid", "player": "Ann", "fare": 500}, {"type": "bid", "player": "Bo", "fare": None})
    act(s, type="ancillaries", player="Ann", count=1)
    ev = act(s, type="roll_sensitivity", outcome=200)
    assert "NobodyTravels" in kinds(ev) and s.on_board == [6, 6]
    assert s.hand_cards(0) == [200, 200, 250, 250, 300, 300, 400, 400, 500, 500]


def test_r8_bids_as_they_stood_at_window_close():  # R8
    s = three_player_nonstop()
    acts(s, {"type": "bid", "player": "Ann", "fare": 250},
         {"type": "bid", "player": "Bo", "fare": 400},
         {"type": "bid", "player": "Cy", "fare": 500})
    act(s, type="flash", player="Bo", fare=300)   # Bo lowers to 300, still loses
    act(s, type="flash", player="Cy", fare=None)
    act(s, type="ancillaries", player="Ann", count=1)
    act(s, type="roll_sensitivity", outcome=200)  # walk away
    assert s.won_cards(1) == [300]  # Bo's flash fare, not his original 400
    assert sorted(s.hand_cards(1)) == [200, 200, 250, 250, 300, 400, 400, 500, 500]


def test_r9_winner_chooses_among_shortest_paths():  # R9
    s = two_player(["AAA-BBB", "BBB-CCC", "AAA-GGG", "GGG-CCC", "HHH-FFF", "HHH-FFF"],
                   ["HHH-FFF"] * 6, hubs={"Ann": ["BBB", "GGG"], "Bo": ["HHH", "FFF"]})
    market(s, ("Alpha", "Charlie"))
    act(s, type="bid", player="Ann", fare=300)
    act(s, type="ancillaries", player="Ann", count=0)
    assert s.decision == "choose_itinerary" and len(s.legal_actions()) == 2
    with pytest.raises(IllegalAction, match="not one of"):
        act(s, type="choose_itinerary", player="Ann", path=["AAA", "HHH", "FFF"])
    act(s, type="choose_itinerary", player="Ann", path=["CCC", "GGG", "AAA"])  # either direction
    ix = s.board.route_index
    assert s.planes[0][ix[("AAA", "GGG")]] == 0 and s.planes[0][ix[("AAA", "BBB")]] == 1


def test_r9_tied_winners_choose_from_the_roller():  # R9
    s = two_player(["AAA-BBB", "BBB-CCC", "AAA-GGG", "GGG-CCC", "HHH-FFF", "HHH-FFF"],
                   ["AAA-BBB", "BBB-CCC", "AAA-GGG", "GGG-CCC", "HHH-FFF", "HHH-FFF"],
                   hubs={"Ann": ["BBB", "GGG"], "Bo": ["BBB", "GGG"]})
    pass_months(s, 1)  # May: Bo rolls
    market(s, ("Alpha", "Charlie"))
    acts(s, {"type": "bid", "player": "Ann", "fare": 200}, {"type": "bid", "player": "Bo", "fare": 200})
    assert s.decision == "choose_itinerary" and s.actors == (1,)
    act(s, type="choose_itinerary", player="Bo", path=["AAA", "BBB", "CCC"])
    assert s.actors == (0,)


def test_losers_planes_stay_and_all_pass():  # §6.5
    s = three_player_nonstop()
    ev = acts(s, *({"type": "bid", "player": n, "fare": None} for n in ("Ann", "Bo", "Cy")))
    assert "NobodyTravels" in kinds(ev) and s.on_board == [4, 4, 4]


# ---------------------------------------------------------------- §7

def won_cards_state(cards, change=0):
    """Ann has flown 2 planes and holds ``cards`` as won cards (a fixture)."""
    s = two_player(["AAA-BBB"] * 2 + ["GGG-HHH"] * 4, ["GGG-HHH"] * 6)
    market(s, ("Alpha", "Bravo"))
    act(s, type="bid", player="Ann", fare=500)
    act(s, type="ancillaries", player="Ann", count=0)
    assert s.decision == "lease"
    s.won[0] = [0] * 5
    for c in cards:
        s.won[0][FARES.index(c)] += 1
        s.hand[0][FARES.index(c)] -= 0
    s.change[0] = change
    return s


def test_r10_lease_payments_are_minimal_sets():  # R10
    s = won_cards_state([200, 250, 500])
    assert s.lease_payments(0, 1) == [(200,), (250,), (500,)]
    assert sorted(s.lease_payments(0, 2)) == [(200, 250), (500,)]
    s.change[0] = 150
    assert s.lease_payments(0, 1) == [(200,), (250,), (500,)]
    s.change[0] = 200
    assert s.lease_payments(0, 1) == [()]


def test_r10_lease_with_change_and_card():  # R10
    s = two_player(["AAA-BBB"] * 2 + ["GGG-HHH"] * 4, ["GGG-HHH"] * 6)
    market(s, ("Alpha", "Bravo"))
    act(s, type="bid", player="Ann", fare=500)
    act(s, type="ancillaries", player="Ann", count=0)
    assert s.phase == "month_end" and s.month == 1 and s.actors == (0,)
    before = s.score(0)["total"]
    with pytest.raises(IllegalAction, match="at most 1"):
        act(s, type="lease", player="Ann", planes=2, cards=[500])
    with pytest.raises(IllegalAction, match="do not cover"):
        act(s, type="lease", player="Ann", planes=1, cards=[])
    act(s, type="lease", player="Ann", planes=1, cards=[500])
    assert s.change[0] == 300 and s.won_cards(0) == [] and s.hand_cards(0).count(500) == 2
    assert s.score(0)["total"] == before - 200
    ev = act(s, type="place_plane", player="Ann", route=["AAA", "BBB"])
    assert s.on_board[0] == 6 and "PlanePlaced" in kinds(ev)
    assert s.phase == "marketing" and s.month == 1


def test_r10_non_minimal_lease_refused():  # R10
    s = won_cards_state([200, 250, 500])
    with pytest.raises(IllegalAction, match="not minimal"):
        act(s, type="lease", player="Ann", planes=1, cards=[200, 250])
    with pytest.raises(IllegalAction, match="not won"):
        act(s, type="lease", player="Ann", planes=1, cards=[300])
    s.change[0] = 250
    with pytest.raises(IllegalAction, match="take no cards"):
        act(s, type="lease", player="Ann", planes=1, cards=[200])
    act(s, type="lease", player="Ann", planes=1, cards=[])
    assert s.change[0] == 50


def test_r10_lease_only_offered_below_limit_with_revenue():  # R10, R15
    s = two_player(["AAA-BBB"] + ["GGG-HHH"] * 5, ["GGG-HHH"] * 6)
    market(s, ("Alpha", "Bravo"))
    act(s, type="bid", player="Ann", fare=200)
    ev = act(s, type="ancillaries", player="Ann", count=0)
    assert s.decision == "lease"
    act(s, type="lease", player="Ann", planes=0)
    # Bo is at his limit with no revenue: not asked
    assert s.phase == "marketing"


def test_r4_leased_plane_takes_subsidy():  # R4
    s = two_player(["AAA-BBB"] + ["GGG-HHH"] * 5, ["GGG-HHH"] * 6)
    assert s.subsidy_left[2]  # Charlie (CCC) untouched
    market(s, ("Alpha", "Bravo"))
    act(s, type="bid", player="Ann", fare=200)
    act(s, type="ancillaries", player="Ann", count=0)
    act(s, type="lease", player="Ann", planes=1, cards=[200])
    ev = act(s, type="place_plane", player="Ann", route=["BBB", "CCC"])
    assert "SubsidyTaken" in kinds(ev) and 2 in s.subsidies[0]


def test_r11_no_leasing_after_october_and_season_reset():  # R11, §7.3
    s = two_player(["AAA-BBB"] * 6, ["GGG-HHH"] * 6, hubs={"Ann": ["AAA", "BBB"], "Bo": ["GGG", "HHH"]})
    subs = [x[:] for x in s.subsidies]
    pass_months(s, 6)  # October
    market(s, ("Alpha", "Bravo"))
    act(s, type="bid", player="Ann", fare=300)
    ev = act(s, type="ancillaries", player="Ann", count=0)
    assert "SeasonReset" in kinds(ev)
    assert s.month == 7 and s.season == 2 and s.phase == "network_planning"
    assert s.on_board == [0, 0] and s.hubs == [[], []] and s.decision == "place_plane"
    assert s.subsidies == subs and s.won_cards(0) == [300]
    plan(s, {"Ann": ["CCC-DDD"] * 6, "Bo": ["GGG-HHH"] * 6}, hubs={"Ann": ["DDD", "EEE"], "Bo": ["GGG", "HHH"]})
    assert s.on_board == [6, 6] and s.hubs[0] == [3, 4]


def test_r11_no_leasing_after_march_game_ends():  # R11, §9
    s = two_player(["AAA-BBB"] * 6, ["GGG-HHH"] * 6)
    pass_months(s, 7)
    plan(s, {"Ann": ["AAA-BBB"] * 6, "Bo": ["GGG-HHH"] * 6})
    pass_months(s, 11)
    market(s, ("Alpha", "Bravo"))
    act(s, type="bid", player="Ann", fare=300)
    ev = act(s, type="ancillaries", player="Ann", count=0)
    assert s.game_over and s.decision is None and "GameOver" in kinds(ev)
    assert s.to_json()["month"] == "March" and s.to_json()["waiting_for"] is None
    with pytest.raises(IllegalAction, match="over"):
        act(s, type="roll_dice", outcome=["Alpha", "Bravo", "Charlie"])


def test_r14_shared_victory():  # R14
    s = two_player(["AAA-BBB"] * 3 + ["GGG-HHH"] * 3, ["EEE-FFF"] * 3 + ["CCC-DDD"] * 3)
    # Ann took Alpha+Bravo, Bo Echo+Foxtrot+Charlie+Delta: give Ann 100 more by a won card.
    pass_months(s, 7)
    plan(s, {"Ann": ["GGG-HHH"] * 6, "Bo": ["GGG-HHH"] * 6})
    pass_months(s, 12)
    assert s.game_over and [s.score(p)["total"] for p in (0, 1)] == [100, 200]
    assert s.to_json()["winners"] == ["Bo"]
    s2 = two_player(["AAA-BBB"] * 3 + ["GGG-HHH"] * 3, ["EEE-FFF"] * 3 + ["GGG-HHH"] * 3)
    pass_months(s2, 7)
    plan(s2, {"Ann": ["GGG-HHH"] * 6, "Bo": ["GGG-HHH"] * 6})
    pass_months(s2, 12)
    assert s2.to_json()["winners"] == ["Ann", "Bo"]


# ---------------------------------------------------------------- §8.2

NA_CS = dict(zip(CALLSIGNS, ["OSL", "BGO", "ARN", "GOT", "HEL", "OUL"]))


def test_r13_cross_border_markers():  # §8.2, R13
    b = tiny_cross()
    s = GameState(b, ["Ann", "Bo"], NA_CS)
    ix = b.route_index
    osl_arn, arn_hel, osl_got = ix[("ARN", "OSL")], ix[("ARN", "HEL")], ix[("GOT", "OSL")]
    assert b.cross_border[osl_arn] and not b.cross_border[ix[("BGO", "OSL")]]
    ev = act(s, type="place_plane", player="Ann", route=["OSL", "ARN"])
    assert "CrossBorderMarkerUsed" in kinds(ev) and s.markers[0] == [osl_arn]
    ev = act(s, type="place_plane", player="Ann", route=["OSL", "ARN"])  # same route: no new marker
    assert "CrossBorderMarkerUsed" not in kinds(ev)
    act(s, type="place_plane", player="Ann", route=["ARN", "HEL"])
    assert s.markers[0] == [osl_arn, arn_hel]
    for _ in range(3):
        act(s, type="place_plane", player="Bo", route=["OSL", "BGO"])
    assert s.decision == "place_plane" and s.actors == (1,)
    act(s, type="place_plane", player="Bo", route=["OSL", "BGO"])
    act(s, type="place_plane", player="Bo", route=["OSL", "BGO"])
    act(s, type="place_plane", player="Bo", route=["OSL", "GOT"])  # Bo's own marker
    assert osl_got not in [a.arg for a in s.legal_actions()]  # Ann has no marker left
    with pytest.raises(IllegalAction, match="cross-border"):
        act(s, type="place_plane", player="Ann", route=["OSL", "GOT"])
    assert osl_arn in [a.arg for a in s.legal_actions()]
    js = s.to_json()["players"][0]
    assert js["cross_border_markers_unused"] == 0 and js["cross_border_routes"] == [["ARN", "HEL"], ["ARN", "OSL"]]


def test_cross_border_board_connects_anywhere():  # §8.2: no hub rule in North America
    b = tiny_cross()
    s = GameState(b, ["Ann", "Bo"], NA_CS)
    plan(s, {"Ann": ["OSL-GOT", "GOT-ARN"] + ["OSL-BGO"] * 4, "Bo": ["OSL-BGO"] * 6})
    assert s.phase == "marketing"  # no hub step
    market(s, ("Alpha", "Charlie"))  # OSL–ARN
    assert s.stops == [1, None]


# ---------------------------------------------------------------- R15

def test_r15_forced_decisions_are_not_asked():  # R15
    s = single_winner_state()
    s.chits[0] = 0
    s2 = two_player(["AAA-BBB"] + ["GGG-HHH"] * 5, ["AAA-BBB"] + ["GGG-HHH"] * 5)
    s2.chits[0] = 0
    market(s2, ("Alpha", "Bravo"))
    acts(s2, {"type": "bid", "player": "Ann", "fare": 300}, {"type": "bid", "player": "Bo", "fare": None})
    assert s2.won_cards(0) == [300]  # no chits left: not asked; one path: not asked
    # empty hand: auto pass
    s3 = two_player(["AAA-BBB"] + ["GGG-HHH"] * 5, ["AAA-BBB"] + ["GGG-HHH"] * 5)
    s3.hand[1] = [0] * 5
    ev = market(s3, ("Alpha", "Bravo"))
    assert "AutoPass" in kinds(ev) and s3.actors == (0,)


def test_illegal_action_leaves_state_unchanged():
    s = single_winner_state()
    before = s.to_json()
    for d in ({"type": "ancillaries", "player": "Ann", "count": 3},):
        pass
    with pytest.raises(IllegalAction):
        act(s, type="roll_sensitivity", outcome=300)
    with pytest.raises(IllegalAction):
        act(s, type="bid", player="Ann", fare=200)
    assert s.to_json() == before


def test_o1_no_legal_placement_is_skipped():  # O1 (docs/RULINGS.md)
    b = make_board(["AAA-BBB", "BBB-CCC", "CCC-DDD", "DDD-EEE", "EEE-FFF", "FFF-AAA"],
                   rule="cross_border",
                   countries={"AAA": "X", "BBB": "Y", "CCC": "X", "DDD": "Y", "EEE": "X", "FFF": "Y"})
    s = GameState(b, ["Ann", "Bo"], dict(zip(CALLSIGNS, ["AAA", "BBB", "CCC", "DDD", "EEE", "FFF"])))
    # every route crosses a border: Ann uses her markers on two routes, then may stack them
    act(s, type="place_plane", player="Ann", route=["AAA", "BBB"])
    act(s, type="place_plane", player="Ann", route=["BBB", "CCC"])
    assert len(s.legal_actions()) == 2  # only her two marked routes
    act(s, type="place_plane", player="Ann", route=["AAA", "BBB"])
    assert s.actors == (1,)


def test_o2_o5_documented_in_rulings():  # O2..O6 are tested above: R9 (O2), bids (O3), tie (O4), R11 (O5)
    text = (__import__("pathlib").Path(__file__).resolve().parents[2] / "docs" / "RULINGS.md").read_text()
    for k in ("O1", "O2", "O3", "O4", "O5", "O6"):
        assert f"**{k} " in text
