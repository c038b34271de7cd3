"""Tooltips (issue 15): one format for a route or a market everywhere —
“Barcelona–Rome (BCN–FCO)” — and no tooltip of the map under what floats
over it (the table of bids, the price die, the summary)."""
from __future__ import annotations

import random

import pygame
import pytest

from opensky.board.loader import load_board
from opensky.i18n import city
from opensky.rules.actions import BID, CHOOSE_OD
from opensky.rules.constants import CALLSIGNS
from opensky.rules.state import GameState
from opensky.ui.game import tooltips
from opensky.ui.scenes.game import GameScene
from opensky.ui.setup import GameSetup
from tests.ui.test_panels import play


def expected(st: GameState, airports) -> str:
    b = st.board
    aps = [b.airports[a] for a in airports]
    return "–".join(city(a) for a in aps) + " (" + "–".join(a.code for a in aps) + ")"


@pytest.mark.parametrize("board", ["europe", "north_america"])
def test_a_route_is_named_one_way_in_every_tooltip(board):
    b = load_board(board)
    st = GameState(b, ["Ann", "Bo"], dict(zip(CALLSIGNS, b.recommended_callsigns)))
    crossing = next((r for r in range(len(b.routes)) if b.cross_border[r]), None)
    for r in {0, len(b.routes) - 1, crossing or 0}:
        name = expected(st, b.route_ends[r])
        assert tooltips.route_name(b, r) == name
        assert " – " not in name and name.count("–") == 2 and name.endswith(")")
        for text in (tooltips.route_text(st, r), tooltips.route_preview(st, 0, r)):
            assert text.splitlines()[0].startswith(name), text
        if b.cross_border[r]:
            assert tooltips.route_text(st, r).splitlines()[0] == name + " · crosses a border"
    # an itinerary with a stop, named the same way
    x, y = b.route_ends[0]
    z = next(j for j, _ in b.adjacency[y] if j != x)
    assert tooltips.place_names(b, (x, y, z)).count("–") == 4


def _scene_at(app, board: str, players: int, stop) -> GameScene:
    """A game with the first airline human, played by seeded choices (its
    own moves through the controller) until ``stop``."""
    app.anim_speed = 0
    su = GameSetup.default(players)
    su.board = board
    su.seed = 5
    for i, seat in enumerate(su.seats):
        seat.human = i == 0
    g = GameScene(app, su, autosave=False)
    app.push(g)
    st = g.ctl.state
    play(g.ctl.apply, st, g.ctl.roll, random.Random(5), stop)
    for _ in range(40):
        app.step([], 0.05)
    return g


def test_the_market_preview_names_the_market_the_same_way(app):
    g = _scene_at(app, "europe", 2, lambda st: st.decision == CHOOSE_OD and 0 in st.actors)
    st = g.ctl.state
    assert st.decision == CHOOSE_OD
    od = g.ctl.legal(0)[0].arg
    pv = g.decisions.preview(od)
    assert g.decisions.preview_sentence(od).startswith(expected(st, pv.airports) + ":")


def test_no_map_tooltip_under_the_table_of_bids(app, monkeypatch):
    """Issue 15: hovering the table of bids shows the table's tooltips or
    none, never the airport or route of the map under it."""
    g = _scene_at(app, "north_america", 3, lambda st: st.decision == BID and 0 in st.actors)
    st = g.ctl.state
    assert st.decision == BID and 0 in st.actors
    over = g.overlays()
    assert any(name == "bid table" for name, _ in over)
    under: list[tuple[tuple[int, int], str]] = []  # a point of an overlay over the map, and the map's tooltip there
    for _, box in over:
        for px in range(box.left + 2, box.right - 2, 4):
            for py in range(box.top + 2, box.bottom - 2, 4):
                pt = (px, py)
                if not g.board_rect.collidepoint(pt):
                    continue
                a = g.view.airport_at(pt)
                r = g.view.route_at(pt) if a is None else None
                if a is not None:
                    under.append((pt, tooltips.airport_text(st, a)))
                elif r is not None:
                    under.append((pt, tooltips.route_text(st, r)))
    assert under, "the table covers some route or airport (or the test proves nothing)"
    g.board_input.hover_route = None
    g.board_input.hover_airport = None
    for pt, map_tip in under:
        g.mouse = pt
        assert tooltips.tooltip_text(g) != map_tip, f"the map's tooltip at {pt} under the table"
    # and the same points would show the map's tooltip if nothing floated there
    monkeypatch.setattr(g, "over_overlay", lambda pos: False)
    shown = 0
    for pt, map_tip in under:
        g.mouse = pt
        shown += tooltips.tooltip_text(g) == map_tip
    assert shown


def test_the_tooltip_box_stays_inside_the_window():
    """The box drawn near the pointer never leaves the window, at any corner."""
    from opensky.ui import draw as D
    pygame.init()
    for size in [(960, 600), (1280, 720), (1920, 1080)]:
        surf = pygame.Surface(size)
        surf.fill((1, 2, 3))
        text = "Barcelona–Rome (BCN–FCO)\n" + "A long line of words that must wrap " * 4
        for anchor in [(0, 0), (size[0] - 1, 0), (0, size[1] - 1), (size[0] - 1, size[1] - 1),
                       (size[0] // 2, size[1] - 5)]:
            surf.fill((1, 2, 3))
            D.tooltip(surf, text, anchor, min(size[0] / 1280, size[1] / 720))
            inner = pygame.mask.from_threshold(surf, (1, 2, 3), (1, 1, 1, 255))
            inner.invert()
            box = inner.get_bounding_rects()
            assert box
            for b in box:
                assert b.left >= 1 and b.top >= 1 and b.right <= size[0] - 1 and b.bottom <= size[1] - 1, (size, anchor, b)
