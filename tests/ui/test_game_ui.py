"""The window driven by posted mouse and keyboard events (SDL dummy driver):
title → new game → network planning, checked against the engine state."""
from __future__ import annotations

import random

import pygame
import pytest

from opensky.ui import theme as T
from opensky.ui.app import App
from opensky.ui.scenes.game import GameMenu, GameScene
from opensky.ui.scenes.newgame import NewGameScene
from opensky.ui.scenes.title import TitleScene


def click(app: App, pos, button=1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], 0.016)


def key(app: App, k, mod=0, unicode="") -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)], 0.016)


def settle(app: App, seconds: float = 3.0) -> None:
    t = 0.0
    while t < seconds:
        app.step([], 0.05)
        t += 0.05


def route_point(scene: GameScene, r: int):
    """A point on route r that the hit test maps back to r (avoids crossings)."""
    a, b = scene.view.route_ends_px(r)
    for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.35, 0.65, 0.25, 0.75):
        p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        if scene.view.route_at(p) == r and scene.board_rect.collidepoint(p):
            return p
    raise AssertionError(f"route {r} cannot be clicked")


def start_game(app: App, players: int, board: str, humans: int | None = None) -> GameScene:
    """Title → New game → choose by clicks → Start."""
    app.push(TitleScene(app))
    app.step([], 0.016)
    title = app.stack.top
    click(app, title.b_new.rect.center)
    ng = app.stack.top
    assert isinstance(ng, NewGameScene)
    cells = dict(zip([o[0] for o in ng.c_players.options], ng.c_players._cells()))
    click(app, cells[players].center)
    cells = dict(zip([o[0] for o in ng.c_board.options], ng.c_board._cells()))
    click(app, cells[board].center)
    humans = players if humans is None else humans
    for i, (_, _, _, kind) in enumerate(ng.seat_rows):
        click(app, kind._cells()[0 if i < humans else 1].center)
    click(app, ng.b_start.rect.center)
    g = app.stack.top
    assert isinstance(g, GameScene)
    assert [s.human for s in g.setup.seats] == [i < humans for i in range(players)]
    assert g.ctl.board.id == board
    return g


@pytest.mark.parametrize("players,board", [(2, "europe"), (3, "north_america"), (4, "europe"),
                                           (4, "north_america")])
def test_network_planning_by_mouse(app, players, board):
    g = start_game(app, players, board)
    st = g.ctl.state
    rng = random.Random(players)
    clicked: list[tuple[int, int]] = []
    while st.decision == "place_plane":
        p = st.actors[0]
        r = rng.choice(g.ctl.legal(p)).arg
        click(app, route_point(g, r))
        clicked.append((p, r))
        settle(app, 0.1)
    # every click placed exactly that plane, in serpentine order
    assert len(clicked) == players * st.N
    for p in range(players):
        assert st.on_board[p] == st.N
        for r in range(len(st.board.routes)):
            assert st.planes[p][r] == sum(1 for q, x in clicked if (q, x) == (p, r))
    order = [q for q, _ in clicked]
    if players == 4:
        assert order == [0, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3]
    if board == "europe":
        while st.decision == "place_hub":
            p = st.actors[0]
            a = rng.choice(g.ctl.legal(p)).arg
            click(app, g.view.apx[a])
        assert all(len(h) == 2 for h in st.hubs)
    assert st.phase == "marketing" and st.decision == "roll_dice"
    settle(app, 2.0)
    assert not g.flights and not g.view.in_flight


def test_illegal_click_shows_the_engines_reason(app):
    g = start_game(app, 2, "north_america")
    st = g.ctl.state
    cross = [r for r in range(len(st.board.routes)) if st.board.cross_border[r]]
    click(app, route_point(g, cross[0]))
    click(app, route_point(g, cross[1]))
    settle(app, 1.0)
    assert st.actors == (0,)  # Ann places 3 in the first pass
    click(app, route_point(g, cross[2]))
    assert st.on_board[0] == 2 and "cross-border" in g.message


def test_hover_shows_preview_and_tooltip(app):
    g = start_game(app, 2, "europe")
    st = g.ctl.state
    r = st.board.route_index[("CDG", "LHR")]
    pos = route_point(g, r)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                 buttons=(0, 0, 0))], 0.016)
    assert g.hover_route == r
    assert "Alpha and Bravo subsidy cubes (+100)" in g.tooltip_text()
    a, b = g.view.route_ends_px(r)
    seen = [tuple(app.window.get_at((int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t))))[:3]
            for t in (0.2, 0.25, 0.3, 0.7, 0.75, 0.8)]
    assert T.ROUTE_HOVER in seen  # the hovered route is drawn in the hover colour


def test_computer_seat_places_and_plane_flies(app):
    g = start_game(app, 2, "europe", humans=1)
    st = g.ctl.state
    for _ in range(3):
        click(app, route_point(g, g.ctl.legal(0)[0].arg))
    assert g.flights, "a placed plane flies to its route"
    settle(app, 8.0)
    assert st.on_board[1] >= 3  # the computer placed its planes at its own pace


def test_menu_and_back_to_title_by_keyboard(app):
    g = start_game(app, 2, "europe")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, GameMenu)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is g
    key(app, pygame.K_ESCAPE)
    for _ in range(6):  # Resume, Save game, Load game, Rules, Settings…, Quit to title
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)


def test_keyboard_only_new_game(app):
    app.push(TitleScene(app))
    app.step([], 0.016)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # New game
    ng = app.stack.top
    assert isinstance(ng, NewGameScene)
    for _ in range(len(ng.widgets.focusables())):
        if ng.widgets.focused is ng.b_start:
            break
        key(app, pygame.K_TAB)
    assert ng.b_start.focused
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, GameScene)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)])
def test_layout_fits_every_size(app, size):
    app.resize(size)
    g = start_game(app, 4, "north_america")
    w, h = app.size
    for r in (g.top, g.side, g.bottom, g.board_rect):
        assert 0 <= r.x and r.right <= w and 0 <= r.y and r.bottom <= h
    assert not g.board_rect.colliderect(g.side) and not g.board_rect.colliderect(g.bottom)
    for a in g.view.apx:
        assert g.board_rect.collidepoint(a)
    app.step([], 0.016)


def test_resize_mid_game_keeps_state(app):
    g = start_game(app, 2, "europe")
    click(app, route_point(g, g.ctl.legal(0)[0].arg))
    before = g.ctl.state.to_json()
    app.resize((1000, 640))
    app.step([], 0.016)
    assert g.ctl.state.to_json() == before
    assert g.view.rect == g.board_rect


def test_idle_screen_does_not_redraw(app):
    start_game(app, 2, "europe")
    settle(app, 1.0)
    assert not app.animating()
    assert app.step([], 0.016) is False  # nothing changed: no frame drawn


def drag(app: App, a, b) -> None:
    a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(mid[0] - a[0], mid[1] - a[1]), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(b[0] - mid[0], b[1] - mid[1]), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)], 0.016)


def test_monkey(app):
    """5,000 random clicks, drags, key presses and resizes: no exception, and
    the game state stays consistent."""
    rng = random.Random(11)
    app.push(TitleScene(app))
    keys = [pygame.K_TAB, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
            pygame.K_DOWN, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_a]
    in_game = placed = 0
    for _ in range(5000):
        if not app.running:
            app.running = True
            app.replace(TitleScene(app))
        w, h = app.size
        roll = rng.random()
        top = app.stack.top
        # steer towards the game now and then, so every screen gets its share
        if isinstance(top, TitleScene) and rng.random() < 0.3:
            click(app, top.b_new.rect.center)
            continue
        if isinstance(top, NewGameScene) and rng.random() < 0.2:
            click(app, top.b_start.rect.center)
            continue
        if roll < 0.55:
            click(app, (rng.randrange(w), rng.randrange(h)), button=rng.choice([1, 1, 1, 3]))
        elif roll < 0.62:
            drag(app, (rng.randrange(w), rng.randrange(h)), (rng.randrange(w), rng.randrange(h)))
        elif roll < 0.9:
            k = rng.choice(keys)
            if k == pygame.K_a:
                app.step([pygame.event.Event(pygame.TEXTINPUT, text="å")], 0.016)
            key(app, k, mod=rng.choice([0, 0, pygame.KMOD_SHIFT]), unicode="a" if k == pygame.K_a else "")
        elif roll < 0.92:
            app.resize((rng.randrange(900, 1900), rng.randrange(560, 1100)))
        else:
            settle(app, 0.5)
        top = app.stack.top
        if isinstance(top, GameScene):
            in_game += 1
            st = top.ctl.state
            assert all(0 <= st.on_board[p] <= st.N for p in range(st.P))
            placed = max(placed, sum(st.on_board))
    assert in_game > 500 and placed > 0  # the monkey really played


def test_tooltips_on_panels_dice_and_tokens(app):
    g = start_game(app, 2, "europe")
    st = g.ctl.state

    def hover(pos):
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                     buttons=(0, 0, 0))], 0.016)

    app.step([], 0.016)
    texts = []
    for rect, _ in g.panel_regions:
        hover(rect.center)
        texts.append(g.tooltip_text())
    assert any("Fare cards in" in t for t in texts) and any("planes on the board" in t for t in texts)
    assert any("Ancillary chits left" in t for t in texts)
    # an airport with its call sign
    hover(g.view.apx[st.board.airport_index["LHR"]])
    g.hover_route = None
    assert "London" in g.tooltip_text()


def test_network_planning_by_keyboard(app):
    """Every action reachable by keyboard: arrows move a visible focus over the
    legal routes / airports, Enter places."""
    g = start_game(app, 2, "europe")
    st = g.ctl.state
    while st.decision == "place_plane":
        key(app, pygame.K_RIGHT)
        assert g.hover_route is not None and g.tooltip_text()
        key(app, pygame.K_RETURN)
    assert st.on_board == [6, 6]
    while st.decision == "place_hub":
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
    assert all(len(h) == 2 for h in st.hubs) and st.decision == "roll_dice"
    # the roll button has the keyboard focus by Tab, Enter rolls
    for _ in range(6):
        if any(b.focused for b in g.decision_buttons):
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert st.dice is not None


def test_new_game_explains_the_computer_levels_chosen(app):
    """Under the seats, one line per computer level in play (issue #7)."""
    app.push(NewGameScene(app))
    ng = app.stack.top
    ng.c_players.set(2)
    for (_, _, _, kind) in ng.seat_rows:
        kind.set("human")
    ng.draw(app.window)
    gr = ng.guide_rect
    area = pygame.Rect(gr.x, gr.y, gr.w, ng.b_start.rect.y - gr.y)
    blank = app.window.subsurface(area).copy()
    colours = {tuple(blank.get_at((x, y)))[:3] for x in range(0, area.w, 7) for y in range(0, area.h, 3)}
    assert colours == {T.PAPER}  # all people: nothing to explain
    drawn = []
    for lvl in ("easy", "normal", "expert"):
        ng.seat_rows[1][3].set(lvl)
        ng.draw(app.window)
        drawn.append(pygame.image.tobytes(app.window.subsurface(area), "RGB"))
    assert len(set(drawn)) == 3  # each level has its own line
    assert "Expert" in {label for _, label in ng.seat_rows[1][3].options}
