"""Blue Skies demand cards, drawn: the face (the airport's code and city, its
regions' colours, what a card there does) and the back.  Pure renders of
sprites cached by size; nothing here reads a hand.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from opensky.blueskies.board import BSBoard
from opensky.i18n import language
from opensky.ui import assets, draw as D, theme as T

#: the card's shape: width over height
ASPECT = 0.76
BACK = (36, 70, 120)
BACK_LINE = (120, 170, 225)


def region_color(board: BSBoard, r: int) -> tuple[int, int, int]:
    """A region's colour: the one the board view tints the region with."""
    from opensky.ui.bsgame.pieces import region_color as board_region_color
    return board_region_color(r)


def card_size(h: float) -> tuple[int, int]:
    return (max(24, int(h * ASPECT)), max(34, int(h)))


def face(board: BSBoard, airport: int, h: int, selected: bool = False, dim: bool = False) -> pygame.Surface:
    return _face(board, airport, int(h), selected, dim, language())


@lru_cache(maxsize=256)
def _face(board: BSBoard, airport: int, h: int, selected: bool, dim: bool, lang: str) -> pygame.Surface:
    w, h = card_size(h)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    rad = max(4, h // 12)
    pygame.draw.rect(surf, (0, 0, 0, 60), r.move(0, 2), border_radius=rad)
    body = r.inflate(-2, -3).move(0, -1)
    pygame.draw.rect(surf, T.CARD if not dim else T.PAPER_DARK, body, border_radius=rad)
    ap = board.airports[airport]
    band = pygame.Rect(body.x, body.y, body.w, max(8, h // 5))
    k = len(ap.regions) or 1
    for i, reg in enumerate(ap.regions or (0,)):
        part = pygame.Rect(band.x + band.w * i // k, band.y, band.w // k + 1, band.h)
        pygame.draw.rect(surf, region_color(board, reg), part,
                         border_top_left_radius=rad if i == 0 else 0,
                         border_top_right_radius=rad if i == k - 1 else 0)
    code = assets.text(ap.code, max(12, int(h * 0.26)), T.INK, "bold")
    surf.blit(code, code.get_rect(center=(body.centerx, band.bottom + int(h * 0.2))))
    size = max(12, int(h * 0.13))
    lines = D.wrap(ap.city, size, body.w - 6, "medium")
    if len(lines) > 2 or any(assets.font(size, "medium").size(ln)[0] > body.w - 6 for ln in lines):
        lines = [D.fit(ap.city, size, body.w - 6, "medium")]  # one long word: cut, as little as the card allows
    lh = assets.font(size, "medium").get_linesize()
    y0 = band.bottom + int(h * 0.43) - (len(lines) - 1) * lh // 2
    for i, line in enumerate(lines):
        ci = assets.text(line, size, T.INK_SOFT, "medium")
        surf.blit(ci, ci.get_rect(center=(body.centerx, y0 + i * lh)))
    # a row of cubes: a card brings passengers
    cy = body.bottom - int(h * 0.1)
    cs = max(4, int(h * 0.07))
    for j, col in enumerate(((70, 150, 80), (70, 150, 80), (200, 50, 50))):
        cube = pygame.Rect(0, 0, cs, cs)
        cube.center = (body.centerx + (j - 1) * int(cs * 1.6), cy)
        pygame.draw.rect(surf, col, cube, border_radius=max(1, cs // 4))
    edge = T.ACCENT if selected else T.LINE
    pygame.draw.rect(surf, edge, body, max(2, h // 40) if selected else 1, border_radius=rad)
    return surf


@lru_cache(maxsize=16)
def back(h: int) -> pygame.Surface:
    w, h = card_size(h)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    rad = max(4, h // 12)
    pygame.draw.rect(surf, (0, 0, 0, 60), r.move(0, 2), border_radius=rad)
    body = r.inflate(-2, -3).move(0, -1)
    pygame.draw.rect(surf, BACK, body, border_radius=rad)
    pygame.draw.rect(surf, BACK_LINE, body.inflate(-max(4, w // 8), -max(4, w // 8)), max(1, h // 50),
                     border_radius=max(2, rad - 2))
    D.plane_icon(surf, body.center, h * 0.22, -0.6, BACK_LINE, outline=None)
    return surf
