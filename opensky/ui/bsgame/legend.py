"""The key to the Blue Skies board and the regions' badges on the map: what
an airport's little numbers and pieces mean, each region with its bonuses
and leader (pure renders; the board view places them)."""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from opensky.blueskies.board import BSBoard
from opensky.blueskies.state import BSState
from opensky.i18n import tr
from opensky.play.seats import Seat
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.bsgame.marks import _count_sprite, chip, region_leaders, seat_look
from opensky.ui.bsgame.pieces import region_color
from opensky.ui.bsgame.supply import cube_sprite as _cube_sprite

Color = tuple[int, int, int]


def draw_region_badge(surface: pygame.Surface, rect: pygame.Rect, board: BSBoard, r: int,
                      leaders: Sequence[int], seats: Sequence[Seat], font: int, k: float) -> None:
    """A pill in the region's colour: its name, its "first/second" bonus and,
    in a light well at the end, the leader's emblem (two overlapping for a
    tie, a dash while nobody has a gate there)."""
    reg = board.regions[r]
    col = T.mix(region_color(r), (0, 0, 0), 0.22)
    rad = rect.h // 2
    pygame.draw.rect(surface, (255, 255, 255), rect.inflate(2, 2), border_radius=rad + 1)
    pygame.draw.rect(surface, col, rect, border_radius=rad)
    x = rect.x + max(4, round(rad * 0.8))
    name = assets.text(tr(reg.name), font, (255, 255, 255), "semibold")
    surface.blit(name, name.get_rect(midleft=(x, rect.centery)))
    x += name.get_width() + max(3, round(4 * k))
    bonus = assets.text(f"{reg.bonus[0]}/{reg.bonus[1]}", font, T.mix(col, (255, 255, 255), 0.8), "bold")
    surface.blit(bonus, bonus.get_rect(midleft=(x, rect.centery)))
    well = pygame.Rect(0, 0, round(rect.h * 1.35), rect.h - 4)
    well.midright = (rect.right - 2, rect.centery)
    pygame.draw.rect(surface, T.CARD, well, border_radius=well.h // 2)
    er = max(4.0, well.h * 0.34)
    if not leaders:
        t = assets.text("–", font, T.INK_FAINT, "bold")
        surface.blit(t, t.get_rect(center=well.center))
        return
    shown = [p for p in leaders if 0 <= p < len(seats)][:2]
    for i, p in enumerate(shown):
        shape, c = seat_look(seats[p])
        dx = 0 if len(shown) == 1 else (-er * 0.55 if i == 0 else er * 0.55)
        D.blit_center(surface, D.emblem_sprite(shape, c, er), (well.centerx + dx, well.centery))


def _key_icon(surface: pygame.Surface, kind: str, r: pygame.Rect, size: int, k: float,
              seats: Sequence[Seat] | None) -> None:
    er = r.h * 0.45
    if kind in ("cost", "value", "buyout"):
        chip(surface, r, kind, 5 if kind != "buyout" else 6, size, k)
    elif kind == "gate":
        shape, c = seat_look(seats[0]) if seats else ("circle", T.AIRLINE_COLORS["navy"])
        D.blit_center(surface, D.emblem_sprite(shape, c, er), r.center)
        D.blit_center(surface, _count_sprite(3, size), r.center)
    elif kind == "local":
        D.blit_center(surface, D.emblem_sprite(T.LOCAL_SHAPE, T.LOCAL_GREY, er), r.center)
    elif kind == "wait":
        D.blit_center(surface, _cube_sprite(er * 1.45), r.center)
    else:
        for j, rr in enumerate((0.13, 0.18, 0.24)):
            at = (r.x + r.w * (0.12 + 0.36 * j), r.centery)
            pygame.draw.circle(surface, T.AIRPORT_RING, at, r.h * rr + 1)
            pygame.draw.circle(surface, T.AIRPORT, at, r.h * rr)


def _legend_plan(rect: pygame.Rect, board: BSBoard, s: float | None) -> tuple[tuple[int, int], dict[str, Any]]:
    k = s if s is not None else max(0.85, min(1.4, rect.w / 330))
    size = assets.px(12 * k)
    f, fb = assets.font(size), assets.font(size, "semibold")
    lh = max(size + 2, f.get_linesize() - 1) + max(0, round(1.5 * k) - 1)
    pad = max(4, round(6 * k))
    gap = max(8, round(12 * k))
    icon_w, icon_h = max(16, round(17 * k)), max(12, round(14 * k))
    keys = [("cost", tr("Gate cost")), ("value", tr("Gate value")), ("buyout", tr("Buyout")),
            ("gate", tr("Gate · cubes")), ("local", tr("Local gate")), ("wait", tr("Waiting cubes")),
            ("dot", tr("Demand cards"))]
    key_w = icon_w + round(6 * k) + max(f.size(t)[0] for _k, t in keys)
    name_w = max((fb.size(tr(r.name))[0] for r in board.regions), default=0)
    bonus_w = max((fb.size(f"{r.bonus[0]}/{r.bonus[1]}")[0] for r in board.regions), default=0)
    er = icon_h * 0.45
    reg_w = icon_w + round(6 * k) + name_w + round(6 * k) + bonus_w + round(8 * k) + round(3 * er + 4)
    rows = max(1, (rect.h - 2 * pad) // lh)
    n_regions = len(board.regions)
    side = rect.w - 2 * pad >= key_w + gap + reg_w
    if side:
        n_key, n_reg = min(len(keys), rows), min(n_regions, rows)
        w, used = key_w + gap + reg_w, max(n_key, n_reg)
        shown = keys[:n_key]
    else:
        line_w = 3 * (icon_w - 3) + round(5 * k) + f.size(tr("Cost · value · buyout"))[0]
        n_reg = min(n_regions, rows - 1)
        n_key = max(0, min(len(keys) - 3, rows - 1 - n_reg))
        shown = keys[3:3 + n_key]
        w, used = max(line_w, reg_w, key_w if n_key else 0), 1 + n_reg + n_key
    w = min(rect.w, w + 2 * pad + 4)
    h = min(rect.h, used * lh + 2 * pad)
    return (w, h), dict(k=k, size=size, lh=lh, pad=pad, gap=gap, icon_w=icon_w, icon_h=icon_h, side=side,
                        key_w=key_w, name_w=name_w, bonus_w=bonus_w, er=er, n_reg=n_reg, shown=shown)


def draw_legend(surface: pygame.Surface, rect: pygame.Rect, board: BSBoard, state: BSState | None = None,
                seats: Sequence[Seat] | None = None, s: float | None = None) -> None:
    """The key to the board on a light card in the bottom-left corner of
    ``rect`` (it may lie on the map: ``BSBoardView.legend_rect()`` is a free
    corner): what an airport's little numbers and pieces mean, and each
    region with its first/second bonus and (given a state) its leader's
    emblem.  Side by side when ``rect`` is wide enough, else in one column
    with the three numbers on one line; what does not fit is left out, the
    key's last lines first."""
    (w, h), P = _legend_plan(rect, board, s)
    k, size, lh, pad = P["k"], P["size"], P["lh"], P["pad"]
    icon_w, icon_h, er = P["icon_w"], P["icon_h"], P["er"]
    box = pygame.Rect(rect.x, rect.bottom - h, w, h)
    card = pygame.Surface(box.size, pygame.SRCALPHA)
    rad = max(4, round(7 * k))
    pygame.draw.rect(card, (255, 253, 246, 232), card.get_rect(), border_radius=rad)
    pygame.draw.rect(card, (*T.mix(T.LINE, T.INK, 0.2), 255), card.get_rect(), 1, border_radius=rad)
    surface.blit(card, box.topleft)
    inner = box.inflate(-2 * pad, -2 * pad)
    kx, ky = inner.x, inner.y
    if P["side"]:
        rx, ry = inner.x + P["key_w"] + P["gap"], inner.y
    else:
        x, cy = kx, ky + lh // 2
        for kind in ("cost", "value", "buyout"):
            _key_icon(surface, kind, pygame.Rect(x, round(cy - icon_h / 2), icon_w - 4, icon_h), size, k, seats)
            x += icon_w - 3
        t = assets.text(D.fit(tr("Cost · value · buyout"), size, inner.right - x - round(5 * k) + 2), size, T.INK)
        surface.blit(t, t.get_rect(midleft=(x + round(5 * k), cy)))
        rx, ry = inner.x, inner.y + lh
        ky = ry + P["n_reg"] * lh
    for i, (kind, label) in enumerate(P["shown"]):
        cy = ky + i * lh + lh // 2
        _key_icon(surface, kind, pygame.Rect(kx, round(cy - icon_h / 2), icon_w, icon_h), size, k, seats)
        t = assets.text(D.fit(label, size, inner.right - kx - icon_w - 6), size, T.INK)
        surface.blit(t, t.get_rect(midleft=(kx + icon_w + round(6 * k), cy)))
    leaders = region_leaders(state) if state is not None else None
    name_w, bonus_w = P["name_w"], P["bonus_w"]
    for r, reg in enumerate(board.regions[:P["n_reg"]]):
        cy = ry + r * lh + lh // 2
        sw = pygame.Rect(rx, round(cy - icon_h / 2), icon_w, icon_h)
        col = region_color(r)
        pygame.draw.rect(surface, T.mix(col, (255, 255, 255), 0.35), sw, border_radius=max(2, round(3 * k)))
        pygame.draw.rect(surface, T.mix(col, (0, 0, 0), 0.2), sw, 1, border_radius=max(2, round(3 * k)))
        x = sw.right + round(6 * k)
        t = assets.text(D.fit(tr(reg.name), size, name_w + 2, "semibold"), size, T.INK, "semibold")
        surface.blit(t, t.get_rect(midleft=(x, cy)))
        x += name_w + round(6 * k)
        b = assets.text(f"{reg.bonus[0]}/{reg.bonus[1]}", size, T.INK_SOFT, "semibold")
        surface.blit(b, b.get_rect(midleft=(x, cy)))
        x += bonus_w + round(8 * k)
        if leaders is None or seats is None:
            continue
        ls = leaders[r]
        if not ls:
            d = assets.text("–", size, T.INK_FAINT, "bold")
            surface.blit(d, d.get_rect(midleft=(x, cy)))
        for j, p in enumerate(ls[:3]):
            if 0 <= p < len(seats):
                shape, c = seat_look(seats[p])
                D.blit_center(surface, D.emblem_sprite(shape, c, er), (x + er + j * (er + 3), cy))
