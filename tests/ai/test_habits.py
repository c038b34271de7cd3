"""The habits bench_ai counts (issue 17) are counted right: on a fixed
position, the immediate expected value of each chit choice against a
standing fallback bid, and a winning flash offer declined."""
from __future__ import annotations

import sys
from pathlib import Path

from opensky.board.loader import load_board
from opensky.rules.actions import ANCILLARIES, FLASH, Action
from opensky.rules.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import ai_habits as H  # noqa: E402


def _market(my_fare: int, rival_fare: int) -> Session:
    """Europe, 2 players, everybody's planes on London–Paris; April's market
    London–Paris with both nonstop, the bids given, Bo's flash offer declined."""
    s = Session(load_board("europe"), ["Ann", "Bo"], callsigns="recommended")
    while s.state.phase == "network_planning":
        p = s.state.actors[0]
        legal = s.state.legal_actions(p)
        lhr_cdg = [a for a in legal if a.type == "place_plane" and a.arg == s.board.route_index[("LHR", "CDG")]]
        s.apply(lhr_cdg[0] if lhr_cdg else legal[0])
    s.apply_dict({"type": "roll_dice", "outcome": ["Alpha", "Bravo", "Charlie"]})
    s.apply_dict({"type": "choose_od", "player": "Ann", "od": ["Alpha", "Bravo"]})
    s.apply_dict({"type": "bid", "player": "Ann", "fare": my_fare})
    s.apply_dict({"type": "bid", "player": "Bo", "fare": rival_fare})
    return s


def test_chit_values_against_a_standing_fallback():
    s = _market(200, 500)
    s.apply_dict({"type": "flash", "player": "Bo", "fare": None})
    st = s.state
    assert st.decision == ANCILLARIES and list(st.actors) == [0]
    vals = H.chit_values(st, 0)
    # 0 chits: a sure 200; 3 chits: 500 accepted 3 times in 6, else Bo's 500 wins
    assert vals[0] == 200
    assert abs(vals[3] - (0.5 * 500 - 0.5 * 500)) < 1e-9
    counted = {0: H.Habits(), 1: H.Habits()}
    obs = H.observer(counted)
    obs(st, 0, st.legal_actions(0), Action(ANCILLARIES, 0, 3))
    assert counted[0].chit_regrets == 1 and counted[0].priced_out == 0
    obs(st, 0, st.legal_actions(0), Action(ANCILLARIES, 0, 0))
    assert counted[0].chit_regrets == 1 and counted[0].chit_choices == 2


def test_a_declined_winning_flash_is_counted():
    s = _market(250, 400)          # Bo loses at 400 and holds 200, 250, 300: a flash that wins alone
    st = s.state
    assert st.decision == FLASH
    counted = {0: H.Habits(), 1: H.Habits()}
    H.observer(counted)(st, 1, st.legal_actions(1), Action(FLASH, 1, None))
    assert counted[1].winning_flash_declined == 1
    H.observer(counted)(st, 1, st.legal_actions(1), Action(FLASH, 1, 200))
    assert counted[1].winning_flash_declined == 1


def test_the_lease_for_marchs_market_alone_is_the_one_after_februarys_market():
    # the month marker moves on before leasing (§7): a lease decided with the
    # marker on February flies February's and March's markets; only the one
    # with the marker on March flies March's alone (the bench once counted
    # February's)
    from opensky.ai.normal import NormalBot
    from opensky.play import play_game
    from opensky.rules.actions import LEASE
    from opensky.rules.constants import MARCH
    seen: dict[int, int] = {}
    counted = {0: H.Habits(), 1: H.Habits()}
    count = H.observer(counted)

    def watch(st, p, legal, a):  # type: ignore[no-untyped-def]
        if a.type == LEASE and len(legal) > 1 and st.month >= MARCH - 1:
            seen[st.month] = seen.get(st.month, 0) + 1
            count(st, p, legal, a)
    for g in range(30):
        play_game(load_board(("europe", "north_america")[g % 2]), [NormalBot(g), NormalBot(g + 100)], 40 + g,
                  observe=watch)
    assert seen.get(MARCH - 1, 0) >= 5 and seen.get(MARCH, 0) >= 5
    assert sum(h.lease_offers_last for h in counted.values()) == seen[MARCH]
