"""The score track: one lane per airline from 0 to 100, its marker (the
airline's emblem) at its score, the score and the income it will add in
step 4 (+n a round, B2).

The game ends after scoring when a score is over 100 (step 5, B17), and
government assistance comes the first time one is over 30 (step 6, B18): the
lanes mark both.  ``marker_pos(rect, state, p, score)`` is where p's marker
would stand at ``score``, so the scene can fly an income there.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from opensky.blueskies import gates as G
from opensky.blueskies.flow import ASSIST_AT, END_AT
from opensky.blueskies.state import BSState
from opensky.play.seats import Seat
from opensky.ui import assets, draw as D, theme as T

Point = tuple[float, float]


def _geometry(rect: pygame.Rect, players: int) -> tuple[float, int, int, int, int]:
    """(scale, lane height, the lanes' left and right ends, the numbers' column width)."""
    lane = rect.h / max(1, players)
    k = max(0.8, min(rect.w / 320, lane / 28))
    size = assets.px(12 * k)
    num_w = assets.font(size, "bold").size("100 +30")[0] + round(8 * k)
    left = rect.x + round(lane * 0.5) + round(6 * k)
    right = rect.right - num_w
    return k, round(lane), left, right, num_w


def marker_pos(rect: pygame.Rect, state: BSState, p: int, score: int) -> Point:
    """The centre of airline ``p``'s marker at ``score`` (clamped to the track)."""
    k, lane, left, right, _nw = _geometry(rect, state.P)
    v = max(0, min(END_AT, score))
    return (left + (right - left) * v / END_AT, rect.y + lane * p + lane / 2)


def draw_track(surface: pygame.Surface, rect: pygame.Rect, state: BSState, seats: Sequence[Seat],
               current: int | None = None) -> None:
    """Every airline's lane (see the module docstring); ``current`` (the
    player deciding, if any) is underlined in its colour."""
    k, lane, left, right, num_w = _geometry(rect, state.P)
    size = assets.px(12 * k)
    inc = G.incomes(state)
    bar_h = max(6, round(lane * 0.32))
    for p in range(state.P):
        seat = seats[p] if p < len(seats) else Seat(state.names[p])
        col = T.seat_rgb(seat)
        cy = rect.y + lane * p + lane / 2
        bar = pygame.Rect(left, round(cy - bar_h / 2), right - left, bar_h)
        pygame.draw.rect(surface, T.PAPER_DARK, bar.inflate(2, 2), border_radius=bar_h // 2 + 1)
        pygame.draw.rect(surface, T.mix(T.LINE, T.INK, 0.15), bar.inflate(2, 2), 1, border_radius=bar_h // 2 + 1)
        v = max(0, min(END_AT, state.score[p]))
        if v > 0:
            fill = bar.copy()
            fill.w = max(bar_h, round(bar.w * v / END_AT))
            pygame.draw.rect(surface, T.mix(col, (255, 255, 255), 0.25), fill, border_radius=bar_h // 2)
        for tick in range(10, END_AT, 10):
            x = left + (right - left) * tick / END_AT
            shade = T.mix(T.INK, T.CARD, 0.4 if tick == ASSIST_AT else 0.75)
            pygame.draw.line(surface, shade, (x, bar.y + 1), (x, bar.bottom - 2), 2 if tick == ASSIST_AT else 1)
        pygame.draw.line(surface, T.BAD, (right, bar.y - 2), (right, bar.bottom + 1), max(2, round(2 * k)))
        mx, my = marker_pos(rect, state, p, state.score[p])
        r = max(6.0, min(lane * 0.3, 9 * k))
        D.blit_center(surface, D.emblem_sprite(seat.shape, col, r), (mx, my))
        if current == p:
            pygame.draw.line(surface, col, (rect.x + 2, rect.y + lane * (p + 1) - 2),
                             (rect.right - 2, rect.y + lane * (p + 1) - 2), max(2, round(2 * k)))
        em = D.emblem_sprite(seat.shape, col, max(5.0, r * 0.8))
        D.blit_center(surface, em, (rect.x + lane * 0.35 + 2, cy))
        t = assets.text(str(state.score[p]), size, T.INK, "bold")
        x = right + round(6 * k)
        surface.blit(t, t.get_rect(midleft=(x, round(cy))))
        g = assets.text(f"+{inc[p]}", size, T.GOOD if inc[p] else T.INK_FAINT, "semibold")
        surface.blit(g, g.get_rect(midright=(rect.right - 2, round(cy))))
