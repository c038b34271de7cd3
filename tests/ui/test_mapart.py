"""Map art: the shipped maps load, line up with the boards, and render."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import math  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from opensky.board.loader import load_board  # noqa: E402
from opensky.ui.mapart import (  # noqa: E402
    DEFAULT_STYLE,
    MapData,
    ViewTransform,
    load_map,
    parse_map,
    render_map,
    tint_for,
)

BOARDS = ("europe", "north_america")
#: Canvas points far out at sea, per board.
SEA_POINTS = {
    "europe": [(150.0, 300.0), (200.0, 650.0)],          # the Atlantic west of Ireland / Biscay
    "north_america": [(120.0, 650.0), (1500.0, 450.0)],  # the Pacific off Baja, the Atlantic
}
#: Airports well inland, where a pixel must be land.
INLAND = {"europe": ["MAD", "MUC", "WAW", "CDG"], "north_america": ["DEN", "DFW", "MEX", "YYC"]}


def _inside(p, ring) -> bool:
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 <= y) != (y2 <= y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _on(p, polys) -> bool:
    """Inside a polygon (outline, not in a hole)."""
    return any(sum(_inside(p, r) for r in poly) % 2 == 1 for poly in polys)


def _dist_to_edges(p, polys) -> float:
    px, py = p
    best = math.inf
    for poly in polys:
        for ring in poly:
            for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
                dx, dy = bx - ax, by - ay
                L = dx * dx + dy * dy
                t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
                best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    return best


def _color_dist(a, b) -> float:
    return math.dist(tuple(a)[:3], tuple(b)[:3])


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.mark.parametrize("board_id", BOARDS)
def test_map_loads_and_covers_the_board(board_id):
    board = load_board(board_id)
    data = load_map(board_id)
    assert isinstance(data, MapData)
    assert data.board == board_id
    assert data.canvas == tuple(float(v) for v in board.canvas)
    x0, y0, x1, y1 = data.bounds
    assert x0 < 0 and y0 < 0 and x1 > data.canvas[0] and y1 > data.canvas[1]   # it bleeds
    assert data.land and data.coast and data.borders and data.graticule
    for code in board.countries:   # every board country can be tinted
        assert data.countries.get(code), code
    assert "Natural Earth" in data.source


@pytest.mark.parametrize("board_id", BOARDS)
def test_airports_sit_on_land_in_their_country(board_id):
    board = load_board(board_id)
    data = load_map(board_id)
    for a in board.airports:
        polys = data.countries[a.country]
        # coastal airports may sit a fraction of a unit off the simplified coast
        assert _on(a.pos, polys) or _dist_to_edges(a.pos, polys) < 1.0, a.code
        assert not _on(a.pos, data.lakes), a.code


def test_great_lakes_are_there():
    data = load_map("north_america")
    # Lake Michigan, east of Chicago (ORD is at about (983, 326))
    assert _on((1000.0, 290.0), data.lakes)


@pytest.mark.parametrize("board_id", BOARDS)
@pytest.mark.parametrize("size", [(320, 200), (480, 360), (401, 233)])
def test_render_size_sea_and_land(board_id, size):
    board = load_board(board_id)
    data = load_map(board_id)
    tf = ViewTransform.fit(board.canvas, size, 4)
    surf = render_map(data, board, size, tf)
    assert surf.get_size() == size
    for p in SEA_POINTS[board_id]:
        assert not _on(p, data.land)
        x, y = tf.to_px(p)
        c = surf.get_at((int(x), int(y)))
        assert _color_dist(c, DEFAULT_STYLE.sea) < 30, (p, c)
        assert c[2] > c[0], (p, c)   # blue-grey
    for code in INLAND[board_id]:
        a = board.airports[board.airport_index[code]]
        x, y = tf.to_px(a.pos)
        c = surf.get_at((int(x), int(y)))
        assert _color_dist(c, DEFAULT_STYLE.sea) > 20, (code, c)
        tint = tint_for(board.countries[a.country].color)
        assert _color_dist(c, tint) < 12, (code, c, tint)


def test_render_without_supersampling_and_wider_than_the_bleed():
    board = load_board("europe")
    data = load_map("europe")
    size = (600, 100)   # far wider than the map covers: the edges fade into the sea
    tf = ViewTransform.fit(board.canvas, size, 0)
    surf = render_map(data, board, size, tf, supersample=1)
    assert surf.get_size() == size
    c = surf.get_at((1, 50))
    assert c[2] > c[0]


def test_view_transform_fit_and_round_trip():
    tf = ViewTransform.fit((1600, 1000), (1920, 1080), 20)
    assert tf.scale == pytest.approx(1040 / 1000)
    # centred: equal space left and right, top and bottom
    x0, y0 = tf.to_px((0, 0))
    x1, y1 = tf.to_px((1600, 1000))
    assert x0 == pytest.approx(1920 - x1)
    assert y0 == pytest.approx(20) and y1 == pytest.approx(1060)
    for p in [(0.0, 0.0), (583.0, 412.0), (1600.0, 1000.0), (-37.5, 1234.25)]:
        q = tf.to_canvas(tf.to_px(p))
        assert q == pytest.approx(p)
    assert tf.scaled(2).to_px((10, 10)) == pytest.approx(tuple(2 * v for v in tf.to_px((10, 10))))
    tall = ViewTransform.fit((1600, 1000), (800, 1200), 0)
    assert tall.scale == pytest.approx(0.5)
    assert tall.to_px((0, 0)) == pytest.approx((0.0, 350.0))


def test_tints_are_light_and_keep_neutral_tones():
    for color in ("#0072B2", "#D55E00", "#009E73"):
        t = tint_for(color)
        assert min(t) > 200   # a pastel, not the saturated colour
    assert _color_dist(tint_for("#d8d2c4"), (0xd8, 0xd2, 0xc4)) < 20


def test_parse_map_rejects_bad_documents():
    with pytest.raises((KeyError, ValueError, TypeError)):
        parse_map({"board": "x"})
    with pytest.raises((KeyError, ValueError, TypeError)):
        parse_map({"board": "x", "canvas": [10, 10], "bounds": [0, 0, 1], "land": []})
