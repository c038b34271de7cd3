"""Issue 15: the decision never hides its own map.

Played by mouse on both boards at 960×600, 1280×720 and 1920×1080: at every
decision and at every frame of the animations between them, nothing that
floats over the map (the table of bids, the price die, announcements, the
month's card) covers the current market's airports, their labels or any
airline's valid itinerary; and the decision's controls (dice, fare cards,
buttons) sit in the tray under the map, never on it.
"""
from __future__ import annotations

import random

import pygame
import pytest

from opensky.rules.actions import BID
from opensky.ui.app import App
from opensky.ui.game.layout import Marks, TableLayout, clear_box, market_marks
from opensky.ui.scenes.game import GameScene
from opensky.ui.setup import GameSetup
from tests.ui.driver import do, plan_near_callsigns

SIZES = [(960, 600), (1280, 720), (1920, 1080)]


def controls(g: GameScene) -> list[tuple[str, pygame.Rect]]:
    """The decision's controls on screen now."""
    out = [(f"button {b.label}", b.rect) for b in g.decisions.buttons if b in g.widgets.widgets]
    st = g.state
    if st.decision in ("roll_dice", "choose_od"):
        out += [("die", r) for r in g.anim.dice.die_rects()]
    if g.seat.private_for is not None and g.controls_shown:
        out += [("card", r) for _, r in g.seat.card_rects] + [("confirm", g.seat.confirm_button.rect)]
    return out


def check(g: GameScene, where: str) -> int:
    """Assert the layout rules at this moment; the number of overlays checked."""
    st = g.state
    tray = g.bottom
    for name, r in controls(g):
        assert tray.contains(r), f"{where}: {name} {r} is not in the tray {tray}"
    if g.seat.handoff_for is not None:
        return 0
    market = g.anim.shown_market(st) if hasattr(g.anim, "shown_market") else None
    marks = market_marks(st, g.view, market)
    n = 0
    for name, r in g.overlays():
        assert g.board_rect.contains(r) or not r.colliderect(g.board_rect), f"{where}: {name} leaves the map"
        assert not marks.covered_by(r), f"{where}: the {name} {r} covers the market ({st.od}, {market and market.get('od')})"
        n += 1
    return n


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("board,players,seed", [("europe", 3, 5), ("north_america", 4, 6)])
def test_nothing_over_the_map_hides_the_market(board, players, seed, size):
    app = App(size)
    su = GameSetup.default(players)
    su.board = board
    su.seed = seed
    for s in su.seats:
        s.human = True
    g = GameScene(app, su, autosave=False)
    app.replace(g)
    st = g.ctl.state
    rng = random.Random(seed)
    overlays = 0
    phases: set[str] = set()
    while not st.game_over and st.month < 5:
        t = 0.0
        while g.busy() and t < 30:  # every frame of the animations
            app.step([], 0.1)
            t += 0.1
            overlays += check(g, f"{st.decision} animating")
        app.step([], 0.05)
        overlays += check(g, f"{st.decision}")
        phases.add(st.decision or "")
        do(app, g, plan_near_callsigns(g, rng))
        overlays += check(g, f"after {st.decision}")
    assert {"roll_dice", "choose_od", BID} <= phases
    assert overlays > 20  # the table of bids and the rest were there to be checked
    pygame.display.quit()


def test_clear_box_moves_off_the_marks_and_stays_near():
    area = pygame.Rect(0, 0, 800, 500)
    marks = Marks(circles=[((400, 60), 10)], segments=[((100, 60), (700, 60))], pad=4)
    box = clear_box((300, 100), area, marks, prefer=(400, 60))
    assert not marks.covered_by(box) and area.contains(box)
    assert box.y <= 80  # the nearest free spot: just under the route, not far away
    free = clear_box((300, 100), area, Marks(), prefer=(400, 250))
    assert free.center == (400, 250)


def test_clear_box_takes_the_least_bad_spot_when_nothing_is_free():
    area = pygame.Rect(0, 0, 200, 200)
    marks = Marks(segments=[((0, y), (200, y)) for y in range(0, 201, 20)], pad=2)
    box = clear_box((150, 150), area, marks, prefer=(100, 100))
    assert area.contains(box)  # it is still placed, on the map


@pytest.mark.parametrize("size", SIZES)
def test_the_tray_is_under_the_map(size):
    lay = TableLayout.for_size(size, min(size[0] / 1280, size[1] / 720))
    assert lay.tray.top == lay.board.bottom and not lay.tray.colliderect(lay.board)
    assert lay.side.left == lay.board.right == lay.tray.right
    assert lay.tray.h >= 100 and lay.side.w >= 256
