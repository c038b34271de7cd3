"""Tokens read at every size (issue 15): planes are plane silhouettes of a
good size, hubs are rings in the airline's colour, cross-border markers are
flags on their route, and the call-sign badges sit where no route, plane,
airport or code label is — nothing is drawn over one."""
from __future__ import annotations

import math
import random

import pygame
import pytest

from opensky.board.loader import load_board
from opensky.rules.constants import CALLSIGNS
from opensky.rules.state import GameState
from opensky.ui import theme as T
from opensky.ui.boardview import BoardView
from opensky.ui.game.layout import TableLayout
from opensky.ui.setup import GameSetup

SIZES = [(960, 600), (1280, 720), (1920, 1080)]
PLANNING = ("place_callsign", "place_plane", "place_hub")


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((16, 16))
    yield
    pygame.display.quit()


def planned(board_id: str, players: int, seed: int, given: bool = True) -> GameState:
    """A game after its whole network-planning phase, every decision a random
    legal one (call signs given from the board, or placed by the players)."""
    b = load_board(board_id)
    cs = dict(zip(CALLSIGNS, b.recommended_callsigns)) if given else None
    st = GameState(b, [f"P{i}" for i in range(players)], cs)
    rng = random.Random(f"{board_id}-{seed}")
    while st.decision in PLANNING:
        legal = st.legal_actions()
        near = [a for a in legal if a.type == "place_plane"
                and any(st.airport_callsign[x] >= 0 for x in b.route_ends[a.arg])]
        st.apply(rng.choice(near if near and rng.random() < 0.7 else legal))
    return st


def view_for(st: GameState, size: tuple[int, int]) -> BoardView:
    s = T.ui_scale(size)
    view = BoardView(st.board, GameSetup.default(st.P).seats)
    view.layout(TableLayout.for_size(size, s).board, s)
    return view


def close(c, rgb, tol: float = 40.0) -> bool:
    return math.dist(tuple(c)[:3], rgb) < tol


def disc_hits(c, rad, rect: pygame.Rect) -> bool:
    nx = min(max(c[0], rect.left), rect.right)
    ny = min(max(c[1], rect.top), rect.bottom)
    return math.hypot(nx - c[0], ny - c[1]) < rad


GAMES = [("europe", 4, 1, True), ("europe", 3, 2, False), ("europe", 2, 3, False),
         ("north_america", 4, 1, True), ("north_america", 3, 2, False), ("north_america", 4, 3, False)]


@pytest.mark.parametrize("size", SIZES, ids=lambda z: f"{z[0]}x{z[1]}")
@pytest.mark.parametrize("board_id,players,seed,given", GAMES)
def test_callsign_badges_keep_clear(board_id, players, seed, given, size):
    st = planned(board_id, players, seed, given)
    view = view_for(st, size)
    view.render_pieces(st)
    b = st.board
    planes = view.plane_rects(st)
    assert planes, "the planning phase put planes on the board"
    ar = view.airport_radius()
    badges = {a: view.callsign_rect(a) for a in st.callsign_airport}
    for a, box in badges.items():
        code = b.codes[a]
        assert view.rect.contains(box), code
        for q in planes:
            assert not box.colliderect(q), f"{code}'s call sign under a plane token"
        for r, (i, j) in enumerate(b.route_ends):
            assert not box.clipline(view.apx[i], view.apx[j]), f"{code}'s call sign on {b.routes[r]}"
        for i, c in enumerate(view.apx):
            assert not disc_hits(c, ar + 1, box), f"{code}'s call sign on {b.codes[i]}"
            assert not box.colliderect(view.label_rect(i)), f"{code}'s call sign on the label {b.codes[i]}"
        for other, q in badges.items():
            assert other == a or not box.colliderect(q), (code, b.codes[other])


@pytest.mark.parametrize("board_id", ["europe", "north_america"])
def test_nothing_is_drawn_over_a_callsign(board_id):
    st = planned(board_id, 4, 1)
    view = view_for(st, (960, 600))
    view.render_pieces(st)
    surf = view.composite
    rr = view.callsign_radius()
    ox, oy = view.rect.topleft
    for a in st.callsign_airport:
        x, y = view.callsign_badge_pos(a)
        x, y = round(x - ox), round(y - oy)
        for deg in range(100, 351, 10):  # round the rim, clear of the cube on the lower right
            px = x + 0.8 * rr * math.cos(math.radians(deg))
            py = y + 0.8 * rr * math.sin(math.radians(deg))
            c = surf.get_at((round(px), round(py)))
            # gold, or gold blending into the letter's ink at its edge
            assert any(close(c, T.mix(T.GOLD, T.INK, t / 10), 25) for t in range(11)), (st.board.codes[a], deg, c)


def test_a_callsign_placed_moves_no_earlier_one():
    st = GameState(load_board("europe"), ["A", "B", "C"])
    view = view_for(st, (960, 600))
    rng = random.Random(4)
    first: dict[int, tuple[float, float]] = {}
    while st.decision == "place_callsign":
        st.apply(rng.choice(st.legal_actions()))
        view.render_pieces(st)
        for a in st.callsign_airport:
            if a >= 0:
                first.setdefault(a, view.callsign_badge_pos(a))
                assert view.callsign_badge_pos(a) == first[a], st.board.codes[a]


@pytest.mark.parametrize("board_id", ["europe", "north_america"])
def test_plane_tokens_are_planes_of_a_good_size(board_id):
    st = planned(board_id, 4, 1)
    for size, least in zip(SIZES, (16, 18, 26)):
        view = view_for(st, size)
        # a token alone: the silhouette is at least ``least`` px long
        k = int(view.token_radius() * 4)
        surf = pygame.Surface((2 * k, 2 * k), pygame.SRCALPHA)
        view.draw_token(surf, 0, (k, k))
        body = [x for x in range(2 * k) if close(surf.get_at((x, k)), T.seat_rgb(view.seats[0]), 30)]
        assert body and max(body) - min(body) + 1 >= least, (size, body)
        for p, r, pos, n in view.plane_tokens(st):
            box = view.token_rect(r, pos, n)
            assert max(box.size) >= least
        # one token per airline and route, with a count instead of a stack
        tokens = view.plane_tokens(st)
        assert len({(p, r) for p, r, _, _ in tokens}) == len(tokens)
        assert sum(n for _, _, _, n in tokens) == sum(st.on_board)


def test_a_count_shows_on_a_token_of_several_planes():
    st = planned("europe", 2, 5)
    view = view_for(st, (960, 600))
    seat = view.seats[0]
    one = pygame.Surface((80, 80), pygame.SRCALPHA)
    two = pygame.Surface((80, 80), pygame.SRCALPHA)
    view.draw_token(one, 0, (40, 40), 1)
    view.draw_token(two, 0, (40, 40), 2)
    white = sum(1 for x in range(80) for y in range(20, 40) if close(two.get_at((x, y)), (255, 255, 255), 20)
                and not close(one.get_at((x, y)), (255, 255, 255), 20))
    assert white > 8, "the count's digit is drawn"
    assert T.seat_rgb(seat) != (255, 255, 255)


@pytest.mark.parametrize("size", SIZES, ids=lambda z: f"{z[0]}x{z[1]}")
def test_hub_rings_in_the_airlines_colours(size):
    st = planned("europe", 4, 1)
    assert any(st.hubs)
    view = view_for(st, size)
    view.render_pieces(st)
    base, comp = view.base, view.composite
    R, w, _ = view.hub_ring()
    ox, oy = view.rect.topleft
    for a, players in view.hubs_at(st).items():
        x, y = view.apx[a][0] - ox, view.apx[a][1] - oy
        ring = [(round(x + rad * math.cos(t / 90 * math.pi)), round(y + rad * math.sin(t / 90 * math.pi)))
                for t in range(180) for rad in (R - w * 0.25, R, R + w * 0.25)]
        for p in players:
            col = T.seat_rgb(view.seats[p])
            now = sum(1 for q in ring if close(comp.get_at(q), col))
            before = sum(1 for q in ring if close(base.get_at(q), col))
            # the arc of one of n airlines covers ~1/n of the ring (less the gaps and the label)
            # (a plane on a very short route may hide a little of it)
            assert now - before >= len(ring) * 0.2 / len(players), (st.board.codes[a], p, now, before)
        assert w >= 3


@pytest.mark.parametrize("size", SIZES, ids=lambda z: f"{z[0]}x{z[1]}")
def test_cross_border_flags_on_their_routes(size):
    st = planned("north_america", 4, 1)
    flags = []
    view = view_for(st, size)
    view.render_pieces(st)
    flags = view.flags(st)
    assert flags and len(flags) == sum(len(m) for m in st.markers)
    comp = view.composite
    ox, oy = view.rect.topleft
    tokens = {(p, r): pos for p, r, pos, _ in view.plane_tokens(st)}

    def off_route(r, pt):
        i, j = st.board.route_ends[r]
        (ax, ay), (bx, by) = view.apx[i], view.apx[j]
        return abs((bx - ax) * (ay - pt[1]) - (ax - pt[0]) * (by - ay)) / math.dist((ax, ay), (bx, by))

    for p, r, foot, facing, lean in flags:
        assert st.board.cross_border[r]
        # planted on the route, at the airline's plane (beside it only for a formation on a short route)
        assert off_route(r, foot) < off_route(r, tokens[p, r]) + 1.5, st.board.routes[r]
        assert math.dist(foot, tokens[p, r]) < view.token_radius() * 1.2
        box = view.flag_rect(foot, facing, lean)
        assert max(box.size) >= 12
        col = T.seat_rgb(view.seats[p])
        cloth = sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
                    if close(comp.get_at((x - ox, y - oy)), col, 30))
        assert cloth >= 0.45 * view.flag_size()[0] * view.flag_size()[1], (st.board.routes[r], cloth)
