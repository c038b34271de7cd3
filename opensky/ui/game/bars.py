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
from opensky.ui.setup import Seat
from opensky.ui.widgets import rounded


def draw_top(surface: pygame.Surface, top: pygame.Rect, st: GameState, board: Board, s: float) -> None:
    """The title, the board side and the calendar (the season reset marked after October)."""
    pygame.draw.rect(surface, T.NIGHT, top)
    title = assets.text("OpenSky", int(T.TYPE.h2 * s), (255, 255, 255), "bold")
    surface.blit(title, (int(16 * s), top.centery - title.get_height() // 2))
    side = assets.text(name_of(board.extra, board.name), int(T.TYPE.small * s), (170, 185, 210), "medium")
    surface.blit(side, (int(24 * s) + title.get_width(), top.centery - side.get_height() // 2 + int(2 * s)))
    cw = int(46 * s)
    gap = int(3 * s)
    total = 12 * cw + 11 * gap + int(14 * s)
    x = max(int(230 * s), (top.w - total) // 2)
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
    """The prompt (whose decision, what it is, a rules reminder or the last
    refusal), a pulse while a computer searches, the placement order."""
    pygame.draw.rect(surface, T.PAPER, bar)
    pygame.draw.line(surface, T.LINE, bar.topleft, bar.topright, max(1, int(s)))
    head, hint = prompt
    x = int(16 * s)
    y = bar.y + int(10 * s)
    p = st.actors[0] if st.actors else None
    if p is not None and not st.game_over:
        seat = seats[p]
        D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 8 * s), (x + 8 * s, y + 11 * s))
        x += int(24 * s)
    img = assets.text(head, int(T.TYPE.body * s), T.INK, "bold")
    surface.blit(img, (x, y))
    if thinking:  # a computer airline is searching: a small pulse of dots
        for k in range(3):
            a = 0.35 + 0.65 * max(0.0, math.sin(t * 6 - k * 0.9))
            pygame.draw.circle(surface, T.mix(T.PAPER, T.ACCENT, a),
                               (x + img.get_width() + int((14 + 12 * k) * s), y + img.get_height() // 2),
                               max(2, int(3.5 * s)))
    sub = message or hint
    if sub:
        lines = _wrapped(sub, int(T.TYPE.small * s), right_limit - x)
        D.blit_lines(surface, list(lines[:2]), (x, y + int(26 * s)), int(T.TYPE.small * s),
                     T.BAD if message else T.INK_SOFT)
    # serpentine order: who places next
    if st.decision == PLACE_PLANE and st.phase == NETWORK_PLANNING:
        upcoming = list(reversed(st.queue))[:18]
        sx = bar.right - int(12 * s) - len(upcoming) * int(18 * s)
        lab = assets.text(tr("Order"), int(T.TYPE.tiny * s), T.INK_SOFT, "semibold")
        surface.blit(lab, (sx - lab.get_width() - int(6 * s), y + int(2 * s)))
        for k, q in enumerate(upcoming):
            seat = seats[q]
            rr = (7.5 if k == 0 else 5.5) * s
            D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), rr), (sx + k * int(18 * s) + 8 * s, y + 10 * s))
