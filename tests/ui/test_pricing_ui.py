"""The month's decisions on screen: hot-seat secrecy of bids (issue #5),
choosing two dice, the itinerary choice by clicking the map."""
from __future__ import annotations

import pygame
import pytest

from opensky.rules.actions import Action
from opensky.rules.constants import CALLSIGN_INDEX
from opensky.ui.app import App
from opensky.ui.scenes.game import GameScene
from opensky.ui.setup import GameSetup
from tests.ui.driver import click, do, settle


def cs(*names: str) -> tuple[int, ...]:
    return tuple(sorted(CALLSIGN_INDEX[n] for n in names))


def europe_game(app: App, players: int, routes: dict[int, list[str]], hubs: dict[int, list[str]]) -> GameScene:
    su = GameSetup.default(players)
    su.seed = 11
    for s in su.seats:
        s.human = True
    g = GameScene(app, su)
    app.replace(g)
    st = g.ctl.state
    b = st.board
    left = {p: list(v) for p, v in routes.items()}
    hubs = {p: list(v) for p, v in hubs.items()}
    while st.decision == "place_plane":
        p = st.actors[0]
        x, y = left[p].pop(0).split("-")
        g.ctl.apply(Action("place_plane", p, b.route_index[(x, y)]))
    while st.decision == "place_hub":
        p = st.actors[0]
        g.ctl.apply(Action("place_hub", p, b.airport_index[hubs[p].pop(0)]))
    settle(app, g)
    return g


def frame_of(app: App, g: GameScene) -> bytes:
    app.stack.scenes[-1] = g
    g.dirty = True
    g.draw(app.window)
    return pygame.image.tobytes(app.window, "RGB")


def test_no_frame_shows_a_bid_before_the_reveal(app):
    """Two identical hot-seat games except Ann's secret card: every frame from
    her submission to the reveal is pixel-identical, so no frame shows it."""
    routes = {p: ["LHR-CDG"] + ["GGG"] * 0 + ["MAD-LIS"] * 3 for p in range(3)}
    hubs = {p: ["MAD", "LIS"] for p in range(3)}
    scenes = []
    for _ in range(2):
        app.stack.scenes.clear()
        g = europe_game(app, 3, routes, hubs)
        g.ctl.apply(Action("roll_dice", 0, cs("Alpha", "Bravo", "Charlie")))
        settle(app, g)
        do(app, g, Action("choose_od", 0, cs("Alpha", "Bravo")))
        settle(app, g)
        scenes.append(g)
    a, b = scenes
    assert a.handoff_for == 0 and b.handoff_for == 0  # hand-off before the first bidder

    def both(fn):
        for g in (a, b):
            app.stack.scenes[-1] = g
            fn(g)

    both(lambda g: click(app, g.handoff_button.rect.center))
    for g, fare in ((a, 200), (b, 500)):
        app.stack.scenes[-1] = g
        click(app, next(r for v, r in g.card_rects if v == fare).center)
        click(app, g.confirm_button.rect.center)
    checked = 0
    steps = [lambda g: None, lambda g: click(app, g.handoff_button.rect.center),
             lambda g: click(app, next(r for v, r in g.card_rects if v == 300).center),
             lambda g: app.step([], 0.05)]
    while not a.ctl.state.revealed:
        assert not b.ctl.state.revealed
        fa, fb = frame_of(app, a), frame_of(app, b)
        assert fa == fb, "a frame differs with Ann's hidden card"
        checked += 1
        if a.handoff_for is not None:
            both(lambda g: click(app, g.handoff_button.rect.center))
        elif a.private_for is not None and a.selected_card is None:
            both(lambda g: click(app, next(r for v, r in g.card_rects if v == 300).center))
        elif a.private_for is not None:
            both(lambda g: click(app, g.confirm_button.rect.center))
        else:
            both(lambda g: app.step([], 0.05))
    assert b.ctl.state.revealed
    assert checked >= 5
    assert a.ctl.state.bid[0] == 200 and b.ctl.state.bid[0] == 500
    del steps


def test_single_human_bids_without_handoff(app):
    su = GameSetup.default(2)
    su.seed = 3
    su.seats[1].human = False
    g = GameScene(app, su)
    app.replace(g)
    st = g.ctl.state
    b = st.board
    while st.decision in ("place_plane", "place_hub"):
        p = st.actors[0]
        if st.decision == "place_plane":
            g.ctl.apply(Action("place_plane", p, b.route_index[("LHR", "CDG")]))
        else:
            g.ctl.apply(Action("place_hub", p, b.airport_index[["MAD", "LIS"][len(st.hubs[p])]]))
    g.ctl.apply(Action("roll_dice", 0, cs("Alpha", "Bravo", "Delta")))
    settle(app, g)
    do(app, g, Action("choose_od", 0, cs("Alpha", "Bravo")))
    settle(app, g)
    assert g.handoff_for is None and g.private_for == 0


def test_dice_pick_two_and_itinerary_click(app):
    routes = {0: ["FRA-MUC", "MUC-FCO", "FRA-ZRH", "ZRH-FCO", "LIS-MAD", "LIS-MAD"],
              1: ["LIS-MAD"] * 6}
    hubs = {0: ["MUC", "ZRH"], 1: ["LIS", "MAD"]}
    g = europe_game(app, 2, routes, hubs)
    st = g.ctl.state
    g.ctl.apply(Action("roll_dice", 0, cs("Charlie", "Echo", "Alpha")))
    settle(app, g)
    # one die selected does nothing yet; a second one chooses the market
    i = g.dice.order.index(CALLSIGN_INDEX["Charlie"])
    click(app, g.dice.die_rects()[i].center)
    assert st.od is None and g.dice.selected == [CALLSIGN_INDEX["Charlie"]]
    i = g.dice.order.index(CALLSIGN_INDEX["Echo"])
    click(app, g.dice.die_rects()[i].center)
    assert st.od == cs("Charlie", "Echo") and st.stops == [1, None]
    settle(app, g)
    do(app, g, Action("bid", 0, 300))
    settle(app, g)
    do(app, g, Action("ancillaries", 0, 0))
    settle(app, g)
    assert st.decision == "choose_itinerary" and len(st.paths[0]) == 2
    want = next(p for p in st.paths[0] if st.board.codes[p[1]] == "ZRH")
    do(app, g, Action("choose_itinerary", 0, want))
    ix = st.board.route_index
    assert st.planes[0][ix[("FRA", "ZRH")]] == 0 and st.planes[0][ix[("FRA", "MUC")]] == 1
