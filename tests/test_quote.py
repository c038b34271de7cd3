"""``opensky.rules.quote``: every figure the screen shows before a decision is
what the engine then does (the action applied to a copy, compared)."""
from __future__ import annotations

import random

import pytest

from opensky.board.loader import load_board
from opensky.rules import events as E
from opensky.rules import quote
from opensky.rules.actions import (
    ANCILLARIES, BID, CHOOSE_OD, FLASH, LEASE, PLACE_HUB, PLACE_PLANE, ROLL_DICE, ROLL_SENSITIVITY, Action,
)
from opensky.rules.constants import CALLSIGN_INDEX
from opensky.rules.session import Session
from opensky.rules.state import GameState

BOARDS = {b: load_board(b) for b in ("europe", "north_america")}


def kinds(events: list[E.Event], kind: str) -> list[E.Event]:
    return [e for e in events if e.kind == kind]


def after(st: GameState, a: Action) -> tuple[GameState, list[E.Event]]:
    c = st.copy()
    return c, c.apply(a)


# ---------------------------------------------------------------- checks, one per figure

def check_subsidies(st: GameState, a: Action) -> None:
    """§4, R4: the cubes a placement is said to take are the cubes it takes."""
    q = quote.subsidies(st, a.arg)
    c, ev = after(st, a)
    taken = sorted(e.callsign for e in kinds(ev, E.SUBSIDY_TAKEN))
    assert tuple(taken) == q.callsigns
    p = a.player
    assert c.score(p)["subsidies"] - st.score(p)["subsidies"] == q.points


def check_price(st: GameState, a: Action) -> None:
    """§6.5: fare + 100 × chits, as the engine announces it and as the price
    die is rolled against."""
    p = a.player
    c, ev = after(st, a)
    (att,) = kinds(ev, E.ANCILLARIES_ATTACHED)
    assert quote.price(st, p, a.arg) == att.price
    if c.decision == ROLL_SENSITIVITY:
        assert quote.price(c, p) == quote.price(st, p, a.arg)
        accepted = 0
        for face in c.legal_actions(p):
            _, ev2 = after(c, face)
            (roll,) = kinds(ev2, E.SENSITIVITY_ROLLED)
            assert roll.price == quote.price(c, p)
            assert roll.accepted == (face.arg >= quote.price(c, p))
            accepted += roll.accepted
        odds = quote.acceptance(quote.price(c, p))  # "600: 2 in 6" is what the die does
        assert (odds.favourable, odds.faces) == (accepted, len(c.legal_actions(p)))


def check_lease(st: GameState, a: Action) -> None:
    """R10: the change spent and left, and the cost (the score falls by it)."""
    p = a.player
    k, cards = a.arg
    q = quote.lease(st, p, k, cards)
    c, ev = after(st, a)
    (leased,) = kinds(ev, E.LEASED)
    assert q.cost == quote.lease_cost(k)
    assert q.change_before == st.change[p]
    if k:
        assert leased.change_spent == q.change_spent
        assert leased.change == q.change_after == c.change[p]
        assert st.score(p)["total"] - c.score(p)["total"] == q.cost
        assert q.change_spent + q.need == q.cost and sum(cards) >= q.need


def check_flash(st: GameState, p: int) -> None:
    """§6.3, §6.4: what each flash fare would win is what it wins, and the
    one-stop limit is where a one-stop fare starts to lose to the nonstop."""
    q = quote.flash(st, p)
    assert q.fare == st.bid[p] and q.winners == tuple(st.winners)
    assert q.best == (min(st.bid[w] for w in st.winners) if st.winners else None)  # type: ignore[type-var]
    said = dict(q.outcomes)
    lower = [a for a in st.legal_actions(p) if a.type == FLASH and a.arg is not None]
    assert sorted(said) == sorted(a.arg for a in lower)
    for a in lower:
        _, ev = after(st, a)
        (deal,) = kinds(ev, E.FLASH_DEAL)
        assert list(said[a.arg]) == list(deal.winners) == quote.winners_with(st, p, a.arg)
        if q.one_stop_limit is not None:
            others = [st.bid[x] for x in range(st.P) if x != p and st.stops[x] == 1 and st.bid[x] is not None]
            if a.arg > q.one_stop_limit:
                assert p not in deal.winners  # does not qualify against the nonstop
            elif all(a.arg <= o for o in others):  # type: ignore[operator]
                assert p in deal.winners
    options = quote.flash_options(st, p)
    legal = st.legal_actions(p)
    assert [o.card for o in options] == [None] + sorted((a.arg for a in legal if a.arg is not None), reverse=True)
    for o in options:
        c, ev = after(st, Action(FLASH, p, o.card))
        won = list(kinds(ev, E.FLASH_DEAL)[0].winners) if o.card is not None else list(st.winners)
        assert list(o.winners) == won
        assert (o.verdict is quote.Verdict.WINS_ALONE) == (won == [p])
        assert (o.verdict is quote.Verdict.TIES) == (p in won and len(won) > 1)
        if o.verdict is quote.Verdict.LOSES:
            assert p not in won and o.rival_fare == min(st.bid[w] for w in won)  # type: ignore[type-var]
    if q.one_stop_limit is not None:
        assert q.stops == 1 and q.best_nonstop is not None
        # §6.3 in words: a one-stop fare qualifies when it is at most half of D
        assert 2 * q.one_stop_limit <= q.best_nonstop < 2 * (q.one_stop_limit + 1)


def check_market_preview(st: GameState) -> None:
    """§6.1, R6, R15: the airlines said to be able to fly a market, and how,
    before it is chosen, are those the market then asks to bid."""
    p = st.actors[0]
    for a in st.legal_actions(p):
        pv = quote.market_preview(st, a.arg)
        c, ev = after(st, a)
        assert list(pv.stops) == c.stops and [list(x) for x in pv.paths] == c.paths
        assert pv.airports == kinds(ev, E.MARKET_CHOSEN)[0].airports
        asked = tuple(c.actors) if c.decision == BID else ()
        assert tuple(sorted(asked)) == pv.bidders


CHECKED = {PLACE_PLANE: 0, ANCILLARIES: 0, LEASE: 0, FLASH: 0, CHOOSE_OD: 0}


def check_decision(st: GameState, rng: random.Random) -> None:
    d = st.decision
    p = st.actors[0] if st.actors else None
    if p is None:
        return
    legal = st.legal_actions(p)
    if d == PLACE_PLANE:
        for a in rng.sample(legal, min(6, len(legal))):
            check_subsidies(st, a)
    elif d == ANCILLARIES:
        for a in legal:
            check_price(st, a)
    elif d == LEASE:
        for a in legal:
            check_lease(st, a)
    elif d == FLASH:
        check_flash(st, p)
    elif d == CHOOSE_OD:
        check_market_preview(st)
    else:
        return
    CHECKED[d] += 1


def choose(st: GameState, legal: list[Action], rng: random.Random) -> Action:
    """Contested markets: planes between call-sign airports, the market most
    airlines can fly, fares rather than passes, chits sometimes."""
    d = st.decision
    if d == PLACE_PLANE:
        cs = {a for a in st.callsign_airport if a >= 0}
        good = [a for a in legal if set(st.board.route_ends[a.arg]) & cs]
        return rng.choice(good if good and rng.random() < 0.8 else legal)
    if d == CHOOSE_OD:
        def flyers(a: Action) -> int:
            c = st.copy()
            c.apply(a)
            return sum(s is not None for s in c.stops)
        return max(legal, key=flyers)
    if d == BID:
        fares = [a for a in legal if a.arg is not None]
        return rng.choice(fares if fares and rng.random() < 0.9 else legal)
    return rng.choice(legal)


@pytest.mark.parametrize("board,players,seed", [("europe", 2, 1), ("europe", 3, 2), ("europe", 4, 3),
                                                ("north_america", 2, 4), ("north_america", 3, 5),
                                                ("north_america", 4, 6)])
def test_quotes_match_the_engine_in_whole_games(board, players, seed):
    for game in range(4):
        rng = random.Random(seed * 100 + game)
        s = Session(BOARDS[board], [f"P{i}" for i in range(players)], seed=seed * 100 + game,
                    callsigns="recommended")
        st = s.state
        flown = [0] * players  # planes that flew this season and were not leased back, by the events
        while not st.game_over:
            check_decision(st, rng)
            for p in range(players):  # §3, §7.2: every plane is on the board, to place, or flown
                q = quote.planes(st, p)
                assert q.on_board + q.to_place + q.flown == st.N and q.flown == flown[p]
            if st.is_chance():
                ev = s.apply(s.draw_chance())
            else:
                ev = s.apply(choose(st, st.legal_actions(st.actors[0]), rng))
            for e in ev:
                if e.kind == E.PLANES_FLOWN:
                    flown[e.player] += len(e.routes)
                elif e.kind == E.LEASED:
                    flown[e.player] -= e.planes
                elif e.kind == E.SEASON_RESET:
                    flown = [0] * players
            st = s.state


def test_every_kind_of_quote_was_checked():
    """The seeded games above reach every decision the quotes are for."""
    if not all(CHECKED.values()):  # run alone: play the games first
        for args in (("europe", 3, 2), ("north_america", 4, 6)):
            test_quotes_match_the_engine_in_whole_games(*args)
    assert all(n > 0 for n in CHECKED.values()), CHECKED


def cs(*names: str) -> tuple[int, ...]:
    return tuple(sorted(CALLSIGN_INDEX[n] for n in names))


def three_airlines() -> Session:
    """Europe, three airlines before their first month: Ann and Bo fly
    Paris–London nonstop, Cy with one stop at her hub Amsterdam."""
    s = Session(BOARDS["europe"], ["Ann", "Bo", "Cy"], seed=1, callsigns="recommended")
    st = s.state
    b = st.board
    routes = {0: ["CDG-LHR", "LHR-AMS", "MAD-LIS", "MAD-LIS"], 1: ["CDG-LHR", "FRA-MUC", "MUC-FCO", "MAD-BCN"],
              2: ["CDG-AMS", "AMS-LHR", "BER-WAW", "ATH-IST"]}
    while st.decision == PLACE_PLANE:
        p = st.actors[0]
        x, y = routes[p].pop(0).split("-")
        s.apply(Action(PLACE_PLANE, p, b.route_index[(x, y)]))
    hubs = {0: ["MAD", "LIS"], 1: ["MUC", "CDG"], 2: ["AMS", "BER"]}
    while st.decision == PLACE_HUB:
        p = st.actors[0]
        s.apply(Action(PLACE_HUB, p, b.airport_index[hubs[p].pop(0)]))
    return s


def paris_london(bids: dict[int, int]) -> GameState:
    """Europe, three airlines on Paris–London: Ann and Bo nonstop, Cy with one
    stop at her hub Amsterdam; the bids revealed."""
    s = three_airlines()
    st = s.state
    s.apply(Action(ROLL_DICE, 0, cs("Alpha", "Bravo", "Echo")))
    s.apply(Action(CHOOSE_OD, 0, cs("Alpha", "Bravo")))
    assert st.stops == [0, 0, 1]
    for p, fare in bids.items():
        s.apply(Action(BID, p, fare))
    return st


def test_half_fare_rule_with_a_flash_deal():
    """R6/§6.3 at the table: Cy's one-stop 300 loses to Bo's nonstop 400; a
    flash to 200 (half of 400) wins, to 250 it still loses."""
    st = paris_london({0: 500, 1: 400, 2: 300})
    while st.decision == FLASH and st.actors[0] != 2:
        st.apply(Action(FLASH, st.actors[0], None))
    assert st.decision == FLASH and st.actors == (2,)
    q = quote.flash(st, 2)
    assert q.best_nonstop == 400 and q.one_stop_limit == 200 and q.best == 400 and q.winners == (1,)
    assert dict(q.outcomes) == {200: (2,), 250: (1,)}
    check_flash(st, 2)


def test_price_and_lease_figures_by_hand():
    """The arithmetic itself, once, with the engine's constants: 300 + 2 chits
    is 500; leasing two planes with 50 change and a 500 card leaves 150."""
    st = paris_london({0: 250, 1: 300, 2: 200})  # Ann's nonstop 250 wins alone: no flash for her
    while st.decision == FLASH:
        st.apply(Action(FLASH, st.actors[0], None))
    assert st.decision == ANCILLARIES and st.actors == (0,)
    assert [quote.price(st, 0, n) for n in range(4)] == [250, 350, 450, 550]
    st.change[0] = 50
    q = quote.lease(st, 0, 2, (500,))
    assert (q.cost, q.change_spent, q.need, q.change_after) == (400, 50, 350, 150)
    assert quote.lease(st, 0, 1).change_after == 0 and quote.lease(st, 0, 1).need == 150
    assert quote.subsidy_value(2) == 100


def test_score_parts_are_the_engines():
    st = paris_london({0: 250, 1: 300, 2: 200})
    assert tuple(st.score(0)) == quote.SCORE_PARTS


def test_flash_options_say_what_each_card_does():
    """§6.3/§6.4 in the words of the flash buttons: Cy keeps 300 and loses to
    Bo's nonstop 400; 250 still loses; 200 (half of 400) wins alone."""
    st = paris_london({0: 500, 1: 400, 2: 300})
    while st.decision == FLASH and st.actors[0] != 2:
        st.apply(Action(FLASH, st.actors[0], None))
    opts = quote.flash_options(st, 2)
    assert [(o.card, o.verdict) for o in opts] == [
        (None, quote.Verdict.LOSES), (250, quote.Verdict.LOSES), (200, quote.Verdict.WINS_ALONE)]
    assert (opts[0].rivals, opts[0].rival_fare, opts[0].rival_stops) == ((1,), 400, 0)


def test_acceptance_odds_are_the_dies():
    """§6.5: the price die (200…700) reaches 600 on 2 faces of 6, 200 on all."""
    assert (quote.acceptance(600).favourable, quote.acceptance(600).faces) == (2, 6)
    assert quote.acceptance(200).favourable == 6 and quote.acceptance(800).favourable == 0


def test_market_preview_names_who_could_bid():
    """§6.1/R6: before Alpha–Bravo is chosen, the preview says Ann and Bo fly
    it nonstop and Cy with one stop at Amsterdam."""
    s = three_airlines()
    st = s.state
    s.apply(Action(ROLL_DICE, 0, cs("Alpha", "Bravo", "Echo")))
    pv = quote.market_preview(st, cs("Alpha", "Bravo"))
    assert pv.stops == (0, 0, 1) and pv.bidders == (0, 1, 2)
    assert [st.board.airports[i].code for i in pv.paths[2][0]][1] == "AMS"
