"""The bag of passenger cubes and the demand cards' deck and discard pile:
pure renders of public counts (§11: the bag's red and green cubes, the cards
in the deck and in the discard pile).

``draw_supply(surface, rect, state)`` draws, left to right, the bag with its
red and green cubes as drawn cubes and numbers, the deck as a stack of card
backs and the discard pile as a stack of face-up cards, each with its count
and its name under it.  ``bag_center(rect)`` is where the scene's drawn cubes
start their flight.
"""
from __future__ import annotations

import math

import pygame

from opensky.blueskies.state import BSState
from opensky.i18n import tr
from opensky.ui import assets, draw as D, theme as T

Point = tuple[float, float]
RED_CUBE = (204, 70, 56)
GREEN_CUBE = (64, 160, 84)
CLOTH = (132, 98, 70)
CARD_BACK = (34, 62, 112)


def _scale(rect: pygame.Rect) -> float:
    return max(0.8, min(rect.w / 330, rect.h / 96))


def _parts(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, int]:
    """The bag's, the deck's and the discard's areas, and the label height."""
    k = _scale(rect)
    lab = assets.px(12 * k) + max(2, round(3 * k))
    bag_w = round(rect.w * 0.46)
    pile_w = (rect.w - bag_w) // 2
    body_h = rect.h - lab
    return (pygame.Rect(rect.x, rect.y, bag_w, body_h), pygame.Rect(rect.x + bag_w, rect.y, pile_w, body_h),
            pygame.Rect(rect.x + bag_w + pile_w, rect.y, pile_w, body_h), lab)


def bag_center(rect: pygame.Rect) -> Point:
    """The mouth of the bag: where drawn cubes come from."""
    bag, _d, _p, _l = _parts(rect)
    r = _bag_rect(bag)
    return (float(r.centerx), float(r.y + r.h * 0.3))


def _bag_rect(area: pygame.Rect) -> pygame.Rect:
    s = min(area.h, area.w * 0.5)
    r = pygame.Rect(0, 0, round(s * 0.82), round(s * 0.92))
    r.midleft = (area.x + round(area.w * 0.04), area.centery)
    return r


def cube_sprite(s: float, color: tuple[int, int, int] = RED_CUBE) -> pygame.Surface:
    """A passenger cube of side about ``s`` px seen a little from above (cached)."""
    def make() -> pygame.Surface:
        k = 4
        a = s * k
        big = pygame.Surface((int(a * 1.3) + 4, int(a * 1.3) + 4), pygame.SRCALPHA)
        o = a * 0.3
        top = [(o, 0), (a + o, 0), (a, o), (0, o)]
        front = pygame.Rect(0, round(o), round(a), round(a))
        side = [(a, o), (a + o, 0), (a + o, a), (a, a + o)]
        pygame.draw.polygon(big, T.mix(color, (0, 0, 0), 0.3), side)
        pygame.draw.rect(big, color, front)
        pygame.draw.polygon(big, T.mix(color, (255, 255, 255), 0.35), top)
        pygame.draw.rect(big, T.mix(color, (0, 0, 0), 0.45), front, max(1, k // 2))
        w, h = big.get_size()
        return pygame.transform.smoothscale(big, (max(1, w // k), max(1, h // k)))
    return D._cached(("bscube", round(s * 2) / 2, color), make)


def draw_cube(surface: pygame.Surface, center: Point, s: float, color: tuple[int, int, int] = RED_CUBE) -> None:
    """A passenger cube of side about ``s`` px centred at ``center`` (for the
    scene's flying cubes)."""
    D.blit_center(surface, cube_sprite(s, color), center)


def _draw_bag(surface: pygame.Surface, r: pygame.Rect) -> None:
    """A drawstring cloth sack: a round body, a gathered neck tied with a
    cord, the cloth fanning out above the knot."""
    k = 4
    big = pygame.Surface((r.w * k, r.h * k), pygame.SRCALPHA)
    W, H = big.get_size()
    dark, light = T.mix(CLOTH, (0, 0, 0), 0.3), T.mix(CLOTH, (255, 255, 255), 0.18)
    body = pygame.Rect(round(W * 0.04), round(H * 0.36), round(W * 0.92), round(H * 0.62))
    pygame.draw.ellipse(big, dark, body)
    pygame.draw.ellipse(big, CLOTH, body.inflate(-W * 0.05, -H * 0.05).move(-W * 0.01, -H * 0.012))
    neck = [(W * 0.24, H * 0.46), (W * 0.38, H * 0.27), (W * 0.62, H * 0.27), (W * 0.76, H * 0.46)]
    pygame.draw.polygon(big, CLOTH, neck)
    for x0, w0 in ((0.26, 0.2), (0.4, 0.2), (0.54, 0.2)):        # the gathered cloth above the cord
        fan = pygame.Rect(round(W * x0), round(H * 0.06), round(W * w0), round(H * 0.24))
        pygame.draw.ellipse(big, dark, fan)
        pygame.draw.ellipse(big, light, fan.inflate(-W * 0.03, -H * 0.03))
    for fx in (0.42, 0.5, 0.58):                                 # folds
        pygame.draw.line(big, dark, (W * fx, H * 0.3), (W * (fx + (fx - 0.5) * 0.8), H * 0.5), max(2, W // 60))
    cord = (226, 200, 140)
    pygame.draw.line(big, T.mix(cord, (0, 0, 0), 0.35), (W * 0.34, H * 0.3), (W * 0.66, H * 0.3), max(3, W // 22))
    pygame.draw.line(big, cord, (W * 0.34, H * 0.285), (W * 0.66, H * 0.285), max(2, W // 34))
    pygame.draw.line(big, cord, (W * 0.64, H * 0.3), (W * 0.74, H * 0.44), max(2, W // 34))
    pygame.draw.circle(big, cord, (W * 0.75, H * 0.46), max(3, W // 24))
    hl = pygame.Rect(round(W * 0.16), round(H * 0.52), round(W * 0.16), round(H * 0.26))
    pygame.draw.ellipse(big, (*T.mix(CLOTH, (255, 255, 255), 0.35), 110), hl)
    surface.blit(pygame.transform.smoothscale(big, r.size), r.topleft)


def deck_rect(rect: pygame.Rect) -> pygame.Rect:
    """The deck's area in ``draw_supply``'s ``rect`` (where drawn cards come from)."""
    return _parts(rect)[1]


def discard_rect(rect: pygame.Rect) -> pygame.Rect:
    """The discard pile's area (where played cards go)."""
    return _parts(rect)[2]


def _stack(surface: pygame.Surface, area: pygame.Rect, n: int, face: bool, k: float) -> pygame.Rect:
    """A pile of ``n`` cards (thicker for more), its top card's rectangle."""
    ch = min(area.h * 0.86, area.w * 0.9 / 0.72)
    cw = ch * 0.68
    layers = 0 if n == 0 else min(6, 1 + n // 8)
    step = max(1.0, 1.6 * k)
    top = pygame.Rect(0, 0, round(cw), round(ch))
    top.center = (area.centerx - round(layers * step / 2), area.centery + round(layers * step / 2))
    rad = max(3, round(4 * k))
    if n == 0:
        pygame.draw.rect(surface, T.mix(T.LINE, T.INK, 0.15), top, max(1, round(1.5 * k)), border_radius=rad)
        return top
    for i in range(layers, 0, -1):
        r = top.move(round(i * step), -round(i * step))
        pygame.draw.rect(surface, T.mix(T.INK, T.CARD, 0.5) if face else T.mix(CARD_BACK, (0, 0, 0), 0.3), r,
                         border_radius=rad)
        pygame.draw.rect(surface, T.CARD if face else CARD_BACK, r.inflate(-2, -2), border_radius=rad)
    pygame.draw.rect(surface, T.mix(T.INK, T.CARD, 0.45) if face else T.mix(CARD_BACK, (0, 0, 0), 0.35), top,
                     border_radius=rad)
    inner = top.inflate(-2, -2)
    pygame.draw.rect(surface, T.CARD if face else CARD_BACK, inner, border_radius=rad)
    if face:
        band = pygame.Rect(inner.x, inner.y, inner.w, max(4, inner.h // 5))
        pygame.draw.rect(surface, T.mix(T.ACCENT, T.CARD, 0.35), band, border_top_left_radius=rad,
                         border_top_right_radius=rad)
        D.plane_icon(surface, (inner.centerx, inner.y + inner.h * 0.55), inner.w * 0.26, -math.pi / 4,
                     T.mix(T.INK, T.CARD, 0.55), outline=None)
    else:
        pygame.draw.rect(surface, (226, 200, 140), inner.inflate(-inner.w * 0.3, -inner.h * 0.3),
                         max(1, round(1.2 * k)), border_radius=rad)
        D.plane_icon(surface, inner.center, inner.w * 0.2, -math.pi / 4, (226, 200, 140), outline=None)
    return top


def _badge(surface: pygame.Surface, center: Point, n: int, size: int, k: float) -> None:
    t = assets.text(str(n), size, (255, 255, 255), "bold")
    r = t.get_rect(center=(round(center[0]), round(center[1])))
    pill = r.inflate(max(8, round(9 * k)), max(3, round(3 * k)))
    pill.w = max(pill.w, pill.h)
    pill.center = r.center
    pygame.draw.rect(surface, (255, 255, 255), pill.inflate(2, 2), border_radius=pill.h // 2 + 1)
    pygame.draw.rect(surface, T.INK, pill, border_radius=pill.h // 2)
    surface.blit(t, r)


def draw_supply(surface: pygame.Surface, rect: pygame.Rect, state: BSState) -> None:
    """The bag (red and green cubes left), the deck and the discard pile."""
    k = _scale(rect)
    bag, deck, pile, lab = _parts(rect)
    size = assets.px(12 * k)
    big = assets.px(15 * k)
    br = _bag_rect(bag)
    _draw_bag(surface, br)
    cs = max(9.0, 11 * k)
    x = br.right + max(6, round(8 * k))
    for i, (n, col) in enumerate(((state.red, RED_CUBE), (state.green, GREEN_CUBE))):
        y = bag.y + bag.h * (0.33 if i == 0 else 0.7)
        draw_cube(surface, (x + cs / 2, y), cs, col)
        t = assets.text(str(n), big, T.INK, "bold")
        surface.blit(t, t.get_rect(midleft=(round(x + cs + max(5, 6 * k)), round(y))))
    deck_n = state.deck_count
    disc_n = sum(state.discard)
    for area, n, face in ((deck, deck_n, False), (pile, disc_n, True)):
        top = _stack(surface, area, n, face, k)
        _badge(surface, (top.centerx, top.bottom - max(6, 7 * k)), n, size, k)
    for area, word in ((bag, tr("Bag")), (deck, tr("Deck")), (pile, tr("Discard"))):
        t = assets.text(D.fit(word, size, area.w - 4), size, T.INK_SOFT, "semibold")
        cx = _bag_rect(bag).centerx if area is bag else area.centerx
        surface.blit(t, t.get_rect(midtop=(cx, area.bottom + 1)))
