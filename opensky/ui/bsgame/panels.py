"""The side column of the Blue Skies screen: a panel per airline, the bag and
the deck, and the game log.  Pure renders: they draw what they are given
(the game as shown, a list of log lines) and change nothing.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import pygame

from opensky.blueskies.gates import incomes
from opensky.blueskies.state import BSState
from opensky.i18n import tr, trn
from opensky.play.seats import Seat
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.bsgame.layout import BSLayout
from opensky.ui.widgets import rounded


def draw_airlines(surface: pygame.Surface, lay: BSLayout, st: BSState, seats: Sequence[Seat], s: float,
                  private_for: int | None) -> None:
    """One panel per airline: emblem, name, score, income, gates left,
    cards in hand, the special action's +3, who goes first and who decides."""
    inc = incomes(st)
    for p in range(st.P):
        r = lay.airline_row(p, st.P)
        acting = st.actor == p and not st.is_chance() and not st.game_over
        bg = T.mix(T.CARD, T.ACCENT, 0.10) if acting else T.CARD
        rounded(surface, r, bg, int(8 * s))
        rounded(surface, r, T.ACCENT if acting else T.LINE, int(8 * s), max(1, int((2 if acting else 1) * s)))
        seat = seats[p]
        col = T.seat_rgb(seat)
        ex = r.x + int(20 * s)
        D.emblem(surface, seat.shape, col, (ex, r.y + int(19 * s)), 10 * s)
        size = int(T.TYPE.body * s)
        tiny = int(T.TYPE.tiny * s)
        score = assets.text(str(st.score[p]), int(T.TYPE.h2 * s), T.INK, "bold")
        first = None
        if p == st.current and not st.game_over:
            first = assets.text(tr("first player"), tiny, (255, 255, 255), "semibold")
        name_w = r.w - int(46 * s) - score.get_width() - (first.get_width() + int(14 * s) if first else 0)
        name = assets.text(D.fit(st.names[p], size, name_w, "semibold"), size, T.INK, "semibold")
        nx, ny = r.x + int(36 * s), r.y + int(7 * s)
        surface.blit(name, (nx, ny))
        if first is not None:
            box = first.get_rect(midleft=(nx + name.get_width() + int(10 * s), ny + name.get_height() // 2))
            box = box.inflate(int(10 * s), int(2 * s))
            rounded(surface, box, T.ACCENT, int(5 * s))
            surface.blit(first, first.get_rect(center=box.center))
        surface.blit(score, score.get_rect(topright=(r.right - int(10 * s), r.y + int(3 * s))))
        bits = [tr("+{n} a round", n=inc[p]), trn("{n} gate left", "{n} gates left", st.gates_left[p])]
        # the special action: its +3 still there, or used
        tag = "+3"  # the special action's end bonus: green while kept, struck out once the action is used
        timg = assets.text(tag, tiny, (255, 255, 255), "semibold")
        tbox = timg.get_rect(bottomright=(r.right - int(10 * s), r.bottom - int(6 * s))).inflate(int(10 * s), int(2 * s))
        line = " · ".join(bits)
        iy = r.bottom - int(6 * s) - assets.font(tiny).get_height()
        img = assets.text(D.fit(line, tiny, tbox.x - nx - int(8 * s)), tiny, T.INK_SOFT)
        surface.blit(img, (nx, iy))
        rounded(surface, tbox, T.INK_FAINT if st.special_used[p] else T.GOOD, int(5 * s))
        surface.blit(timg, timg.get_rect(center=tbox.center))
        if st.special_used[p]:
            pygame.draw.line(surface, (255, 255, 255), (tbox.x + int(3 * s), tbox.bottom - int(3 * s)),
                             (tbox.right - int(3 * s), tbox.y + int(3 * s)), max(1, int(2 * s)))
        if p == private_for:
            pygame.draw.line(surface, col, (r.x + int(8 * s), r.bottom - int(3 * s)),
                             (r.x + int(30 * s), r.bottom - int(3 * s)), max(2, int(3 * s)))


def airline_anchor(lay: BSLayout, p: int, players: int, s: float) -> tuple[float, float]:
    """Where things fly from and to in airline ``p``'s panel (its emblem)."""
    r = lay.airline_row(p, players)
    return (r.x + 20 * s, r.y + 19 * s)


def draw_log(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[str], s: float) -> None:
    """The newest lines of the log that fit, newest at the bottom."""
    rounded(surface, rect, T.CARD, int(8 * s))
    rounded(surface, rect, T.LINE, int(8 * s), 1)
    size = int(T.TYPE.tiny * s)
    lh = int(max(size, assets.MIN_TEXT_PX) * 1.35)
    pad = int(8 * s)
    head = assets.text(tr("Log"), size, T.INK_SOFT, "semibold")
    surface.blit(head, (rect.x + pad, rect.y + pad // 2))
    room = rect.h - head.get_height() - pad
    keep = max(0, room // lh)
    shown = _last_lines(tuple(lines[-keep:]) if keep else (), size, rect.w - 2 * pad, keep)
    y = rect.bottom - pad // 2 - len(shown) * lh
    clip = surface.get_clip()
    surface.set_clip(rect)
    for i, line in enumerate(shown):
        col = T.INK if i == len(shown) - 1 else T.INK_SOFT
        surface.blit(assets.text(line, size, col), (rect.x + pad, y))
        y += lh
    surface.set_clip(clip)


@lru_cache(maxsize=8)
def _last_lines(lines: tuple[str, ...], size: int, width: int, keep: int) -> list[str]:
    """The last ``keep`` wrapped lines of ``lines`` (cached: the log changes
    only when something happens)."""
    wrapped: list[str] = []
    for line in reversed(lines):
        wrapped[:0] = D.wrap(line, size, width)
        if len(wrapped) >= keep:
            break
    return wrapped[-keep:] if keep else []


def draw_top(surface: pygame.Surface, top: pygame.Rect, st: BSState, s: float, step_name: str) -> None:
    """The bar on top: the game's name, the round and the step."""
    pygame.draw.rect(surface, T.NIGHT, top)
    title = assets.text("Blue Skies", int(T.TYPE.h2 * s), (255, 255, 255), "bold")
    surface.blit(title, (int(16 * s), top.centery - title.get_height() // 2))
    x = int(30 * s) + title.get_width()
    rnd = tr("Setup") if st.round == 0 else tr("Round {n}", n=st.round)
    r = assets.text(rnd, int(T.TYPE.body * s), T.ACCENT, "bold")
    surface.blit(r, (x, top.centery - r.get_height() // 2))
    x += r.get_width() + int(14 * s)
    if step_name:
        room = top.w - x - int(220 * s)
        st_img = assets.text(D.fit(step_name, int(T.TYPE.small * s), max(40, room), "medium"),
                             int(T.TYPE.small * s), (200, 210, 228), "medium")
        surface.blit(st_img, (x, top.centery - st_img.get_height() // 2))
