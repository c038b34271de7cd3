"""The bars around the board: the calendar on top and the tray at the bottom
(whose decision it is, what it is, and the decision's controls).

Pure render functions: they draw from what they are given and change nothing.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import pygame

from opensky.board.model import Board
from opensky.i18n import language, month_short, name_of, tr
from opensky.rules.actions import PLACE_PLANE
from opensky.rules.state import NETWORK_PLANNING, SETUP, GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game.layout import tray_body, tray_head
from opensky.ui.setup import Seat
from opensky.ui.widgets import rounded


def draw_top(surface: pygame.Surface, top: pygame.Rect, st: GameState, board: Board, s: float) -> None:
    """The title, the board side and the calendar (the season reset marked
    after October); rendered once per month and kept (a blit per frame)."""
    surface.blit(top_image(top, st, board, s), top.topleft)


def top_image(top: pygame.Rect, st: GameState, board: Board, s: float) -> pygame.Surface:
    """The calendar bar for this month (made once and kept)."""
    return _top_image(top.size, s, st.month, st.phase == SETUP, st.game_over, name_of(board.extra, board.name),
                      language())


@lru_cache(maxsize=8)
def _top_image(size: tuple[int, int], s: float, month: int, setup: bool, over: bool, side_name: str,
               language: str) -> pygame.Surface:
    """The calendar bar as it looks in ``month`` (``language`` only keys the cache)."""
    surface = pygame.Surface(size)
    top = surface.get_rect()
    _render_top(surface, top, month, setup, over, side_name, s)
    return surface


def _render_top(surface: pygame.Surface, top: pygame.Rect, month: int, setup: bool, over: bool,
                side_name: str, s: float) -> None:
    pygame.draw.rect(surface, T.NIGHT, top)
    title = assets.text("OpenSky", int(T.TYPE.h2 * s), (255, 255, 255), "bold")
    surface.blit(title, (int(16 * s), top.centery - title.get_height() // 2))
    side = assets.text(side_name, int(T.TYPE.small * s), (170, 185, 210), "medium")
    surface.blit(side, (int(24 * s) + title.get_width(), top.centery - side.get_height() // 2 + int(2 * s)))
    f = assets.font(int(T.TYPE.tiny * s), "semibold")
    cw = max(int(46 * s), max(f.size(month_short(m))[0] for m in range(12)) + 10)
    gap = max(2, int(3 * s))
    left = int(24 * s) + title.get_width() + side.get_width() + int(16 * s)
    right = top.w - int(214 * s)  # the Undo and Menu buttons
    room = right - left
    if 12 * cw + 11 * gap + int(14 * s) > room:  # a narrow window or large text: narrower months
        cw = max(int(28 * s), (room - 11 * gap - int(14 * s)) // 12)
    total = 12 * cw + 11 * gap + int(14 * s)
    x = max(left, min((top.w - total) // 2, right - total))
    y = top.y + int(10 * s)
    hh = top.h - int(20 * s)
    for m in range(12):
        if m == 7:
            sep_x = x + int(4 * s)
            pygame.draw.line(surface, T.ACCENT, (sep_x, y - int(4 * s)), (sep_x, y + hh + int(4 * s)), max(2, int(2 * s)))
            x += int(14 * s)
        cell = pygame.Rect(x, y, cw, hh)
        current = m == month and not setup
        past = m < month or over
        col = T.ACCENT if current else (T.NIGHT_2 if not past else T.mix(T.NIGHT, T.NIGHT_2, 0.4))
        rounded(surface, cell, col, int(6 * s))
        label = assets.text(month_short(m), int(T.TYPE.tiny * s), (255, 255, 255) if current else
                            ((120, 132, 150) if past else (200, 210, 228)), "semibold" if current else "medium")
        surface.blit(label, label.get_rect(center=cell.center))
        x += cw + gap


@lru_cache(maxsize=256)
def _wrapped(text: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(D.wrap(text, size, width))


def draw_bottom(surface: pygame.Surface, bar: pygame.Rect, s: float, st: GameState, seats: Sequence[Seat],
                prompt: tuple[str, str], message: str, right_limit: int, thinking: bool, t: float) -> None:
    """The tray under the map: whose decision it is and what it is on its
    first line (a pulse while a computer searches, the placement order at the
    right), the rules reminder or the last refusal under it, up to the
    decision's controls (``right_limit``), which are drawn by their owners.
    The still part is rendered once per prompt and kept; only the pulse is
    drawn each frame."""
    img, pulse_at = tray_image(bar, s, st, seats, prompt, message, right_limit)
    surface.blit(img, bar.topleft)
    if thinking and pulse_at is not None:  # a computer airline is searching: a small pulse of dots
        px, py = pulse_at
        for k in range(3):
            a = 0.35 + 0.65 * max(0.0, math.sin(t * 6 - k * 0.9))
            pygame.draw.circle(surface, T.mix(T.PAPER, T.ACCENT, a),
                               (bar.x + px + int((14 + 12 * k) * s), bar.y + py), max(2, int(3.5 * s)))


def tray_image(bar: pygame.Rect, s: float, st: GameState, seats: Sequence[Seat], prompt: tuple[str, str],
               message: str, right_limit: int) -> tuple[pygame.Surface, tuple[int, int] | None]:
    """The tray's still part for this prompt (made once and kept: the scene
    asks for it while preparing, so a frame only blits it)."""
    p = st.actors[0] if st.actors and not st.game_over else None
    seat = _look(seats[p]) if p is not None else None
    order: tuple[Look, ...] = ()
    if st.decision == PLACE_PLANE and st.phase == NETWORK_PLANNING:
        order = tuple(_look(seats[q]) for q in list(reversed(st.queue))[:14])
    return _tray_image(bar.size, s, seat, prompt, message, right_limit - bar.x, order, language())


#: An airline's emblem as the tray draws it: (shape, colour).
Look = tuple[str, tuple[int, int, int]]


def _look(seat: Seat) -> Look:
    return (seat.shape, T.seat_rgb(seat))


@lru_cache(maxsize=16)
def _tray_image(size: tuple[int, int], s: float, seat: Look | None, prompt: tuple[str, str], message: str,
                right_limit: int, order: tuple[Look, ...], language: str
                ) -> tuple[pygame.Surface, tuple[int, int] | None]:
    """The tray's still part, and where the thinking pulse goes (``language``
    only keys the cache)."""
    surface = pygame.Surface(size)
    bar = surface.get_rect()
    pygame.draw.rect(surface, T.PAPER, bar)
    pygame.draw.line(surface, T.LINE, bar.topleft, bar.topright, max(1, int(s)))
    head_r = tray_head(bar, s)
    body = tray_body(bar, s)
    head, hint = prompt
    x = head_r.x
    size_px = int(T.TYPE.body * s)
    if seat is not None and head:
        D.blit_center(surface, D.emblem_sprite(seat[0], seat[1], 8 * s), (x + 8 * s, head_r.centery))
        x += int(24 * s)
    head_right = head_r.right
    if order:  # serpentine order: who places next
        step = int(18 * s)
        sx = head_r.right - len(order) * step
        lab = assets.text(tr("Order"), int(T.TYPE.tiny * s), T.INK_SOFT, "semibold")
        surface.blit(lab, lab.get_rect(midright=(sx - int(4 * s), head_r.centery)))
        for k, q in enumerate(order):
            rr = (7.5 if k == 0 else 5.5) * s
            D.blit_center(surface, D.emblem_sprite(q[0], q[1], rr),
                          (sx + k * step + step / 2, head_r.centery))
        head_right = sx - lab.get_width() - int(16 * s)
    pulse_at = None
    if head:
        text = D.fit(head, size_px, head_right - x, "bold")
        img = assets.text(text, size_px, T.INK, "bold")
        surface.blit(img, img.get_rect(midleft=(x, head_r.centery)))
        pulse_at = (x + img.get_width(), head_r.centery)
    sub = message or hint
    if sub:
        small = assets.px(T.TYPE.small * s)
        hx = head_r.x
        width = right_limit - hx
        room = max(1, (body.h + int(small * 0.35)) // int(small * 1.35))
        if width >= int(120 * s):
            lines = list(_wrapped(sub, small, width))
            if len(lines) > room:
                lines = lines[:room]
                lines[-1] = D.fit(lines[-1] + " …", small, width)
            D.blit_lines(surface, lines, (hx, body.y), small, T.BAD if message else T.INK_SOFT)
    return surface, pulse_at
