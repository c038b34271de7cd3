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
from opensky.i18n import month_short, name_of, tr
from opensky.rules.actions import PLACE_PLANE
from opensky.rules.state import NETWORK_PLANNING, SETUP, GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game.layout import tray_body, tray_head
from opensky.ui.setup import Seat
from opensky.ui.widgets import rounded


def draw_top(surface: pygame.Surface, top: pygame.Rect, st: GameState, board: Board, s: float) -> None:
    """The title, the board side and the calendar (the season reset marked after October)."""
    pygame.draw.rect(surface, T.NIGHT, top)
    title = assets.text("OpenSky", int(T.TYPE.h2 * s), (255, 255, 255), "bold")
    surface.blit(title, (int(16 * s), top.centery - title.get_height() // 2))
    side = assets.text(name_of(board.extra, board.name), int(T.TYPE.small * s), (170, 185, 210), "medium")
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
        current = m == st.month and st.phase != SETUP
        past = m < st.month or st.game_over
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
    decision's controls (``right_limit``), which are drawn by their owners."""
    pygame.draw.rect(surface, T.PAPER, bar)
    pygame.draw.line(surface, T.LINE, bar.topleft, bar.topright, max(1, int(s)))
    head_r = tray_head(bar, s)
    body = tray_body(bar, s)
    head, hint = prompt
    x = head_r.x
    p = st.actors[0] if st.actors else None
    size = int(T.TYPE.body * s)
    if p is not None and not st.game_over and head:
        seat = seats[p]
        D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 8 * s), (x + 8 * s, head_r.centery))
        x += int(24 * s)
    head_right = head_r.right
    # serpentine order: who places next
    if st.decision == PLACE_PLANE and st.phase == NETWORK_PLANNING:
        upcoming = list(reversed(st.queue))[:14]
        step = int(18 * s)
        sx = head_r.right - len(upcoming) * step
        lab = assets.text(tr("Order"), int(T.TYPE.tiny * s), T.INK_SOFT, "semibold")
        surface.blit(lab, lab.get_rect(midright=(sx - int(4 * s), head_r.centery)))
        for k, q in enumerate(upcoming):
            seat = seats[q]
            rr = (7.5 if k == 0 else 5.5) * s
            D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), rr),
                          (sx + k * step + step / 2, head_r.centery))
        head_right = sx - lab.get_width() - int(16 * s)
    if head:
        text = _fit(head, size, head_right - x)
        img = assets.text(text, size, T.INK, "bold")
        surface.blit(img, img.get_rect(midleft=(x, head_r.centery)))
        if thinking:  # a computer airline is searching: a small pulse of dots
            for k in range(3):
                a = 0.35 + 0.65 * max(0.0, math.sin(t * 6 - k * 0.9))
                pygame.draw.circle(surface, T.mix(T.PAPER, T.ACCENT, a),
                                   (x + img.get_width() + int((14 + 12 * k) * s), head_r.centery),
                                   max(2, int(3.5 * s)))
    sub = message or hint
    if sub:
        small = max(assets.MIN_TEXT_PX, int(T.TYPE.small * s))
        hx = head_r.x
        width = right_limit - hx
        room = max(1, (body.h + int(small * 0.35)) // int(small * 1.35))
        if width >= int(120 * s):
            lines = list(_wrapped(sub, small, width))
            if len(lines) > room:
                lines = lines[:room]
                lines[-1] = _fit(lines[-1] + " …", small, width)
            D.blit_lines(surface, lines, (hx, body.y), small, T.BAD if message else T.INK_SOFT)


def _fit(text: str, size: int, width: int, weight: str = "bold") -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    f = assets.font(size, weight)
    if f.size(text)[0] <= width or width <= 0:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"
