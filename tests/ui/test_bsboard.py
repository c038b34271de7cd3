"""The Blue Skies board view: its boxes never overlap and stay on the map at
three sizes, its hit tests find what it drew, drawing changes nothing, lit
and local gates show, and the side renders (bag, piles, track) draw."""
from __future__ import annotations

import random

import pygame
import pytest

from opensky.ai.blueskies import make_bs_bot
from opensky.blueskies.actions import BUY_GATE, LOCAL
from opensky.blueskies.board import load_bs_board
from opensky.blueskies.session import draw as draw_chance
from opensky.blueskies.state import BSState
from opensky.blueskies.view import player_view
from opensky.play.seats import Seat
from opensky.ui import draw as D, theme as T
from opensky.ui.bsgame.board import BSBoardView, draw_legend, region_leaders, tooltip_lines
from opensky.ui.bsgame.pieces import voronoi_cells
from opensky.ui.bsgame.supply import bag_center, draw_supply
from opensky.ui.bsgame.track import draw_track, marker_pos

#: the board's rectangle in 960×600, 1280×720 and 1920×1080 windows (the map's
#: shape), then as the game screen's layout has them (``bsgame.layout``, wider)
RECTS = [pygame.Rect(10, 48, 620, 390), pygame.Rect(12, 50, 830, 520), pygame.Rect(14, 60, 1250, 780)]
SCREEN_RECTS = [pygame.Rect(0, 36, 700, 452), pygame.Rect(0, 48, 970, 522), pygame.Rect(0, 72, 1455, 783),
                pygame.Rect(0, 38, 764, 610)]


@pytest.fixture(scope="module")
def board():
    return load_bs_board("usa")


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    yield pygame.display.set_mode((1280, 900))


def seats(n):
    return [Seat(name, c, s) for name, c, s in T.DEFAULT_AIRLINES[:n]]


def mid_game(board, players, rounds=3, seed=5):
    s = BSState(board, [f"P{i}" for i in range(players)])
    rng = random.Random(seed)
    bots = [make_bs_bot("easy", seed + i) for i in range(players)]
    while not s.game_over:
        if s.is_chance():
            s.apply(draw_chance(s, rng))
            continue
        p = s.actor
        legal = s.legal_actions()
        if s.round >= rounds and p == 0 and any(a.type == BUY_GATE for a in legal):
            break
        s.apply(bots[p].choose(player_view(s, p), legal))
    return s


@pytest.mark.parametrize("rect", RECTS + SCREEN_RECTS, ids=lambda r: f"{r.w}x{r.h}")
@pytest.mark.parametrize("spaces", [2, 4])
def test_boxes_never_overlap_and_stay_on_the_map(screen, board, rect, spaces):
    v = BSBoardView(board, spaces)
    v.layout(rect)
    assert len(v.boxes) == len(board.airports)
    for i, a in enumerate(v.boxes):
        assert rect.contains(a), (board.codes[i], a, rect)
        for j in range(i + 1, len(v.boxes)):
            assert not a.colliderect(v.boxes[j]), (board.codes[i], board.codes[j])
        # a box hides no other airport's dot
        for j, (x, y) in enumerate(v.dots):
            if j != i:
                assert not a.collidepoint(x, y), (board.codes[i], board.codes[j])
        assert not a.colliderect(v.legend_rect()), board.codes[i]
    assert v.m.font >= 12
    assert v.legend_rect().w > 200 and rect.contains(v.legend_rect())
    for r, b in v.badges.items():
        assert rect.contains(b) and b.collidelist(v.boxes) < 0 and not b.colliderect(v.legend_rect())


@pytest.mark.parametrize("rect", RECTS, ids=lambda r: f"{r.w}x{r.h}")
def test_hit_tests_find_what_is_drawn(screen, board, rect):
    v = BSBoardView(board, 4)
    v.layout(rect)
    for a in range(len(board.airports)):
        assert v.airport_at(v.airport_center(a)) == a
        assert v.airport_rect(a).collidepoint(v.airport_center(a))
        assert v.airport_at(v.dot(a)) == a or v.airport_rect(v.airport_at(v.dot(a))).collidepoint(v.dot(a))
        for s in range(4):
            assert v.gate_at(v.gate_center(a, s)) == (a, s)
            assert v.airport_rect(a).collidepoint(v.gate_center(a, s))
        assert v.waiting_center(a) == v.gate_center(a, 0)
    assert v.airport_at((rect.x - 50, rect.y - 50)) is None
    assert v.gate_at((rect.x - 50, rect.y - 50)) is None
    assert v.scale >= 1.0


@pytest.mark.parametrize("players", [2, 5])
def test_drawing_changes_nothing(screen, board, players):
    s = mid_game(board, players)
    view = player_view(s, 0)
    before = view.to_json()
    v = BSBoardView(board, view.spaces)
    v.layout(RECTS[1])
    lit = {a: "buy" for a in range(0, 30, 3)}
    v.draw(screen, view, seats(players), lit=lit, lit_gates={(a, 0): "buyout" for a in view.locals},
           hover=4, hidden_cubes={(0, 0)}, t=1.3)
    v.tooltip_lines(view, 4)
    v.draw_tooltip(screen, view, 4, seats(players))
    draw_legend(screen, pygame.Rect(860, 300, 400, 400), board, view, seats(players))
    draw_supply(screen, pygame.Rect(860, 200, 380, 90), view)
    draw_track(screen, pygame.Rect(860, 40, 380, 150), view, seats(players))
    assert view.to_json() == before


def test_a_lit_airport_is_drawn_differently(screen, board):
    s = mid_game(board, 4)
    v = BSBoardView(board, 4)
    v.layout(RECTS[1])
    a = 7
    area = v.airport_rect(a).inflate(16, 16)

    def pixels(**kw):
        screen.fill((0, 0, 0))
        v.draw(screen, s, seats(4), **kw)
        return pygame.image.tobytes(screen.subsurface(area), "RGB")
    plain = pixels()
    assert pixels(lit={a: "buy"}, t=0.0) != plain
    assert pixels(lit={a: "picked"}) != plain
    assert pixels(hover=a) != plain
    assert pixels() == plain                     # nothing was left behind


def test_local_gates_are_grey_and_cube_numbers_can_be_hidden(screen, board):
    s = mid_game(board, 4, rounds=1)
    assert s.locals, "the opening cards open local gates"
    a = s.locals[0]
    assert s.gates[a][0] == LOCAL
    v = BSBoardView(board, s.spaces)
    v.layout(RECTS[1])
    screen.fill((0, 0, 0))
    v.draw(screen, s, seats(4))
    x, y = v.gate_center(a, 0)
    r = v.m.slot_r
    # the hexagon's grey, just inside its edge (away from the number in the middle)
    grey = [screen.get_at((round(x + dx), round(y + dy)))[:3] for dx, dy in ((-r * 0.75, 0), (r * 0.75, 0))]
    for c in grey:
        assert max(abs(c[i] - T.LOCAL_GREY[i]) for i in range(3)) < 30, c
    img = v.box_sprite(s, seats(4), a)
    hidden = v.box_sprite(s, seats(4), a, frozenset({0}))
    assert pygame.image.tobytes(img, "RGBA") != pygame.image.tobytes(hidden, "RGBA")


def test_an_airlines_gate_shows_its_colour(screen, board):
    s = mid_game(board, 5)
    v = BSBoardView(board, s.spaces)
    v.layout(RECTS[2])
    screen2 = pygame.Surface((1300, 860))
    v.draw(screen2, s, seats(5))
    found = 0
    for a, owners in enumerate(s.gates):
        for i, o in enumerate(owners):
            if o >= 0:
                x, y = v.gate_center(a, i)
                col = T.seat_rgb(seats(5)[o])
                near = [screen2.get_at((round(x + dx), round(y + dy)))[:3]
                        for dx in range(-7, 8) for dy in range(-7, 8)]
                assert any(max(abs(c[j] - col[j]) for j in range(3)) < 40 for c in near), (board.codes[a], o)
                found += 1
    assert found > 5


def test_star_shape_exists():
    assert "star" in T.AIRLINE_SHAPES
    pts = D.shape_points("star", (0.0, 0.0), 10.0)
    assert len(pts) == 10
    img = D.emblem_sprite("star", T.AIRLINE_COLORS["violet"], 8)
    assert img.get_width() > 10


def test_tooltip_says_what_an_airport_is(board):
    s = mid_game(board, 4)
    nyc = board.index("NYC")
    lines = tooltip_lines(s, nyc, seats(4))
    text = "\n".join(lines)
    assert "New York (NYC)" in lines[0]
    assert "Gate cost 5" in text and "Buyout 6" in text and "6 demand cards" in text
    assert "Northeast" in text and "Atlantic Coast" in text
    atl = board.index("ATL")
    assert "No buyout" in "\n".join(tooltip_lines(s, atl, seats(4)))


def test_region_leaders(board):
    s = BSState(board, ["A", "B"])
    assert region_leaders(s) == [[] for _ in board.regions]
    s = mid_game(board, 4)
    for r, ls in enumerate(region_leaders(s)):
        from opensky.blueskies.gates import region_values
        vals = [region_values(s, p)[r] for p in range(s.P)]
        assert ls == [p for p in range(s.P) if max(vals) > 0 and vals[p] == max(vals)]


def test_voronoi_cells_tile_the_bounds():
    pts = [(10.0, 10.0), (90.0, 10.0), (50.0, 80.0)]
    cells = voronoi_cells(pts, (0, 0, 100, 100))

    def area(poly):
        return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(poly, poly[1:] + poly[:1]))) / 2
    assert sum(area(c) for c in cells) == pytest.approx(10000, rel=1e-6)


def test_supply_and_track_points(screen, board):
    s = mid_game(board, 3)
    rect = pygame.Rect(100, 100, 360, 90)
    bx, by = bag_center(rect)
    assert rect.collidepoint(bx, by)
    tr_rect = pygame.Rect(100, 300, 380, 120)
    for p in range(s.P):
        x0, y0 = marker_pos(tr_rect, s, p, 0)
        x1, y1 = marker_pos(tr_rect, s, p, 100)
        assert tr_rect.collidepoint(x0, y0) and tr_rect.collidepoint(x1, y1) and x1 > x0 and y0 == y1
        assert marker_pos(tr_rect, s, p, 140) == (x1, y1)
    ys = [marker_pos(tr_rect, s, p, 10)[1] for p in range(s.P)]
    assert ys == sorted(ys) and len(set(ys)) == s.P


def test_a_board_without_a_map_draws_too(screen):
    from tests.blueskies.helpers import tiny
    b = tiny()
    s = BSState(b, ["A", "B", "C"])
    v = BSBoardView(b, s.spaces)
    rect = pygame.Rect(0, 40, 700, 452)
    v.layout(rect)
    assert v.map is None
    v.draw(screen, s, seats(3), hover=0, lit={1: "pick"})
    draw_legend(screen, v.legend_rect(), b, s, seats(3))
    for i, a in enumerate(v.boxes):
        assert rect.contains(a) and a.collidelist(v.boxes[i + 1:]) < 0
