"""The side panels and the log (issue 15): at 960×600, 1280×720 and
1920×1080, with 2, 3 and 4 airlines on both boards, everything drawn in the
sidebar stays inside its panel or the log, the fare chips are readable, the
log shows whole lines, and the planes are told as they are (on the board,
flown, to place)."""
from __future__ import annotations

import random
from functools import lru_cache

import pygame
import pytest

from opensky.board.loader import load_board
from opensky.rules.actions import PLACE_PLANE
from opensky.rules.session import Session
from opensky.rules.state import MARKETING, GameState
from opensky.ui import assets, theme as T
from opensky.ui.game import gamelog, panels
from opensky.ui.game.history import History
from opensky.ui.game.layout import TableLayout
from opensky.ui.setup import GameSetup

SIZES = [(960, 600), (1280, 720), (1920, 1080)]
GAMES = [(b, n) for b in ("europe", "north_america") for n in (2, 3, 4)]


def play(st_apply, st: GameState, roll, rng: random.Random, stop) -> None:
    """Seeded play that builds networks near the call signs, bids often and
    leases rarely (so that planes stay flown), until ``stop(st)``."""
    while not stop(st) and not st.game_over:
        if st.is_chance():
            roll()
            continue
        p = st.actors[0]
        legal = st.legal_actions(p)
        t = legal[0].type
        if t == PLACE_PLANE:
            cs = {a for a in st.callsign_airport if a >= 0}
            good = [x for x in legal if set(st.board.route_ends[x.arg]) & cs]
            a = rng.choice(good) if good and rng.random() < 0.85 else rng.choice(legal)
        elif t == "lease":
            a = legal[0] if rng.random() < 0.7 else rng.choice(legal)
        elif t == "bid":
            bids = [x for x in legal if x.arg is not None]
            a = rng.choice(bids) if bids and rng.random() < 0.9 else rng.choice(legal)
        else:
            a = rng.choice(legal)
        st_apply(a)


def mid_season(st: GameState) -> bool:
    """A few months in: planes flown, fares won, the dice to roll."""
    return (st.month >= 3 and st.phase == MARKETING and sum(st.on_board) < st.N * st.P
            and any(st.won_cards(p) for p in range(st.P)))


@lru_cache(maxsize=None)
def game(board: str, players: int) -> Session:
    """A session in mid-season (the first seed that gets there)."""
    for seed in range(1, 60):
        ses = Session(load_board(board), [s.name for s in GameSetup.default(players).seats], seed=seed)
        play(ses.apply, ses.state, lambda: ses.apply(ses.draw_chance()), random.Random(seed), mid_season)
        if mid_season(ses.state):
            return ses
    raise AssertionError("no seed reaches mid-season")


def heavy(st: GameState) -> GameState:
    """The same game with the widest panels a game can have: the first
    airline has won one card of every fare and kept change, the second has
    used its chits and the flash deal."""
    st = st.copy()
    st.won[0] = [1] * len(st.won[0])
    st.hand[0] = [1] * len(st.hand[0])
    st.change[0] = 150
    if st.P > 1:
        st.chits[1] = 0
        st.flash_unused[1] = False
    return st


def sidebar(st: GameState, ses: Session, size: tuple[int, int], seats=None) -> panels.Sidebar:
    s = T.ui_scale(size)
    side = TableLayout.for_size(size, s).side
    hist = History()
    hist.rebuild(ses.records, ses.state.board)
    seats = seats or GameSetup.default(st.P).seats
    return panels.render_sidebar(st, seats, side, s, {}, hist.log,
                                 lambda e: gamelog.line(e, st.names, st.board))


def check_fits(sb: panels.Sidebar, size: tuple[int, int], players: int) -> None:
    s = T.ui_scale(size)
    side = TableLayout.for_size(size, s).side
    assert sb.dropped == 0, "a panel had no room for all it shows"
    assert len(sb.boxes) == players + 1, "the log is not shown"
    for box in sb.boxes:
        assert side.contains(box)
    for a, b in zip(sb.boxes, sb.boxes[1:]):
        assert a.bottom <= b.top, "panels overlap"
    for d in sb.drawn:
        assert d.box.contains(d.rect), f"{d.kind} {d.text!r} at {d.rect} leaves its box {d.box}"
    texts = [d for d in sb.drawn if d.kind == "text"]
    for i, a in enumerate(texts):  # lines never run into one another (chip values sit in their chip)
        for b in texts[i + 1:]:
            assert not a.rect.colliderect(b.rect), f"{a.text!r} overlaps {b.text!r}"
    # readable: every text at least the floor's height, chips too
    floor_h = assets.font(assets.MIN_TEXT_PX).get_height()
    assert all(d.rect.h >= floor_h for d in texts)
    assert all(d.rect.h >= floor_h for d in sb.drawn if d.kind == "chip")


@pytest.mark.parametrize("size", SIZES, ids=lambda z: f"{z[0]}x{z[1]}")
@pytest.mark.parametrize("board,players", GAMES)
def test_the_sidebar_fits_mid_season(board, players, size):
    pygame.init()
    ses = game(board, players)
    for st in (ses.state, heavy(ses.state)):
        sb = sidebar(st, ses, size)
        check_fits(sb, size, players)
        log = sb.boxes[-1]
        lines = [d for d in sb.drawn if d.box == log]
        assert len(lines) >= 2, "the log shows its title and at least a line"
        # the newest entry is the last line drawn
        newest = gamelog.line(ses_log(ses)[-1], st.names, st.board)
        assert newest and lines[-1].text in newest
        # every card is shown: a chip per fare value in hand and won
        chips = [d for d in sb.drawn if d.kind == "chip"]
        want = sum(len(set(st.hand_cards(p))) + len(set(st.won_cards(p))) for p in range(st.P))
        assert len(chips) == want


def ses_log(ses: Session):
    hist = History()
    hist.rebuild(ses.records, ses.state.board)
    return [e for e in hist.log if gamelog.line(e, ses.state.names, ses.state.board)]


@pytest.mark.parametrize("size", SIZES, ids=lambda z: f"{z[0]}x{z[1]}")
def test_a_long_name_is_cut_inside_its_panel(size):
    pygame.init()
    ses = game("north_america", 4)
    seats = GameSetup.default(4).seats
    seats[0].name = "Transcontinental Overseas Airways"
    sb = sidebar(ses.state, ses, size, seats)
    check_fits(sb, size, 4)
    assert any(d.text.startswith("Transcontinental") and d.text.endswith("…") for d in sb.drawn)


def test_the_log_wraps_whole_lines_newest_at_the_bottom():
    pygame.init()
    surf = pygame.Surface((260, 140))
    r = pygame.Rect(5, 5, 250, 130)
    log = [("note", f"Entry {k} " + "with words " * 6, {}) for k in range(30)]
    out = panels.render_log(surf, r, 0.75, log, lambda e: e[1])
    lines = [t for _, t in out[1:]]
    starts = [k for k, t in enumerate(lines) if t.startswith("Entry")]
    assert len(starts) >= 2 and starts[0] == 0, "whole entries: the oldest shown starts with its first line"
    assert lines[starts[-1]].startswith("Entry 29 "), "the newest entry is at the bottom"
    assert len(lines) - starts[-1] > 1, "a long entry wraps"
    rects = [x for x, _ in out]
    assert all(r.contains(x) for x in rects)
    assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:])), "lines overlap"
    # the newest entry alone longer than the log: its start, cut with an ellipsis
    small = pygame.Rect(5, 5, 250, 70)
    out = panels.render_log(surf, small, 0.75, [("note", "word " * 200, {})], lambda e: e[1])
    assert len(out) > 1 and out[-1][1].endswith("…") and all(small.contains(x) for x, _ in out)


def test_planes_that_flew_are_told_flown_not_to_place():
    pygame.init()
    ses = game("europe", 3)
    st = ses.state
    p = next(q for q in range(st.P) if st.on_board[q] < st.N)
    counts = panels.plane_counts(st, p)
    assert counts == (st.on_board[p], 0, st.N - st.on_board[p])
    sb = sidebar(st, ses, (1280, 720))
    box = sb.boxes[p]
    words = [d.text for d in sb.drawn if d.box == box]
    assert f"{st.N - st.on_board[p]} flown" in words
    assert f"{st.on_board[p]} on the board" in words
    assert not any("to place" in w for w in words)
    tip = next(t for r, t in sb.regions if box.contains(r) and "planes on the board" in t)
    assert f"{st.N - st.on_board[p]} flown this season" in tip


def test_planes_still_to_place_in_the_network_planning():
    pygame.init()
    ses = Session(load_board("europe"), [s.name for s in GameSetup.default(2).seats], seed=1)
    st = ses.state
    play(ses.apply, st, lambda: ses.apply(ses.draw_chance()), random.Random(1),
         lambda st: st.decision == PLACE_PLANE and sum(st.on_board) == 3)
    for p in range(2):
        counts = panels.plane_counts(st, p)
        assert counts.flown == 0 and counts.on_board + counts.to_place == st.N
        assert counts.to_place == st.queue.count(p)
    sb = sidebar(st, ses, (960, 600))
    check_fits(sb, (960, 600), 2)
    words = [d.text for d in sb.drawn if d.box == sb.boxes[0]]
    want = panels.plane_counts(st, 0)
    assert f"{want.to_place} to place" in words and not any(w.endswith("flown") for w in words)
    # a plane placed but still in the air is shown in the panel (it flies from there) until it lands
    r = next(r for r in range(len(st.board.routes)) if st.planes[0][r])
    s = T.ui_scale((960, 600))
    side = TableLayout.for_size((960, 600), s).side
    air = panels.render_sidebar(st, GameSetup.default(2).seats, side, s, {(0, r): 1}, [], lambda e: None)
    words = [d.text for d in air.drawn if d.box == air.boxes[0]]
    assert f"{want.to_place + 1} to place" in words
    assert air.plane_home[0][0] < sb.plane_home[0][0] and air.plane_home[0][1] == sb.plane_home[0][1]
    # before the season (call signs): every plane is still to place
    fresh = Session(load_board("europe"), ["A", "B"], seed=1).state
    assert panels.plane_counts(fresh, 0) == (0, fresh.N, 0)
