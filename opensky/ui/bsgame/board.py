"""The Blue Skies board, drawn: the map of the United States with its regions,
the airports and every gate and cube on them.

Layers, so that a frame costs little:

* the *base*, once per size (``layout``): the map (``mapart.render_map``),
  the regions as territories (each airport's Voronoi cell on US land, in its
  region's colour; an airport in two regions striped with both; region
  borders where neighbouring cells differ), the city dots (larger for more
  demand cards) and the short lines from each dot to its box;
* the *boxes*, one sprite per airport cached by what it shows (its gates,
  cubes, waiting cubes, hidden numbers), so a frame only blits them;
* every frame on top: the region badges with their leaders, the lit glows
  (pulsing with ``t``) and the raised box under the pointer.

``draw`` changes nothing but these caches, each keyed by all it depends on
(a frame is about 1 ms at 1920×1080, 3 ms when the state changed).  Where
everything goes is ``BSPieces``'s job (``pieces.py``): ``airport_at``,
``gate_at``, ``airport_center`` (the box's middle), ``dot``, ``gate_center``,
``waiting_center``, ``airport_rect``, ``legend_rect`` (a corner of the map
no box uses, for ``draw_legend``) and ``scale`` (1.0 on the smallest board).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import pygame

from opensky.blueskies.actions import LOCAL
from opensky.blueskies.board import BSBoard
from opensky.blueskies.state import BSState
from opensky.i18n import city, tr, trn, language
from opensky.play.seats import Seat
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.bsgame.legend import draw_legend, draw_region_badge
from opensky.ui.bsgame.marks import (
    CHIP_BUYOUT, CHIP_COST, CHIP_VALUE, _count_sprite, _default_look, chip, region_leaders, seat_look,
)
from opensky.ui.bsgame.pieces import BSPieces, region_color, shared_edges, territory_cells
from opensky.ui.bsgame.supply import cube_sprite as _cube_sprite
from opensky.ui.mapart import MapData, load_map, render_map

#: The board's API, with the marks and the legend kept in their own modules
__all__ = ["BSBoardView", "CHIP_BUYOUT", "CHIP_COST", "CHIP_VALUE", "chip", "draw_legend", "draw_region_badge",
           "region_leaders", "seat_look", "tooltip_lines"]

Color = tuple[int, int, int]

#: The glow of each ``lit`` style (and ``lit_gates``' "buyout").
LIT_COLORS: dict[str, Color] = {
    "buy": T.ACCENT, "play": T.GOOD, "pick": T.FOCUS, "picked": (22, 70, 170),
    "market": T.GOLD, "buyout": T.BAD,
}
#: Styles that hold still (a choice made), the others pulse.
STEADY = {"picked"}
#: US land under the region tints (a neutral warm tone: ``mapart.tint_for``).
US_LAND = "#f0e7d2"
#: How strongly the territories tint the land, and their borders.
TERRITORY_ALPHA = 92
BORDER_ALPHA = 150


@dataclass(frozen=True)
class _Tint:
    color: str


@dataclass(frozen=True)
class _MapBoard:
    """What ``render_map`` reads of a board (``mapart.TintedBoard``)."""
    countries: Mapping[str, Any]


class BSBoardView(BSPieces):
    """The board in a window rectangle (``layout``), drawn by ``draw``.

    ``spaces`` is the gate spaces per airport the boxes are laid out for
    (``state.spaces``: 2, 3 or 4); a state with another count is drawn with a
    layout made for it on the spot (kept, but slow the first time)."""

    def __init__(self, board: BSBoard, spaces: int = 4):
        super().__init__(board)
        self.spaces = spaces
        self.map: MapData | None
        try:
            self.map = load_map(board.id)
        except (OSError, ValueError, KeyError):
            self.map = None
        self.base: pygame.Surface | None = None
        self._key: tuple[Any, ...] = ()
        self._boxes: dict[tuple[Any, ...], pygame.Surface] = {}
        self._shadow: pygame.Surface | None = None
        self._comp: pygame.Surface | None = None
        self._comp_key: tuple[Any, ...] = ()

    # ------------------------------------------------------------ layout
    def layout(self, rect: pygame.Rect, spaces: int | None = None) -> None:
        """Fit the board in ``rect`` (keeping its aspect) and render the base
        once for this size."""
        sp = self.spaces if spaces is None else spaces
        key = (tuple(rect), sp, language())  # the region badges' names are translated
        if key == self._key and self.base is not None:
            return
        self.place(rect, sp)
        self._key = key
        self._boxes.clear()
        self._comp = None
        self._shadow = self._make_shadow()
        self.base = self._render_base()
        if pygame.display.get_surface() is not None:
            self.base = self.base.convert()

    def _ensure(self, state: BSState) -> None:
        if state.spaces != self.spaces or self.base is None:
            self.layout(self.rect, state.spaces)

    # ------------------------------------------------------------ the base
    def _render_base(self) -> pygame.Surface:
        w, h = self.rect.size
        assert self.tf is not None
        if self.map is not None:
            surf = render_map(self.map, _MapBoard({"US": _Tint(US_LAND)}), (w, h), self.tf)
            self._territories(surf)
        else:
            surf = pygame.Surface((w, h))
            surf.fill((196, 214, 226))
        ox, oy = self.rect.topleft
        k = self.scale
        for a, ap in enumerate(self.board.airports):
            x, y = self.dots[a][0] - ox, self.dots[a][1] - oy
            b = self.boxes[a].move(-ox, -oy)
            q = (min(max(x, b.left + 3), b.right - 3), min(max(y, b.top + 3), b.bottom - 3))
            pygame.draw.line(surf, (255, 253, 246), (x, y), q, max(3, round(3 * k)))
            pygame.draw.line(surf, T.mix(T.INK, (255, 255, 255), 0.25), (x, y), q, max(1, round(1.2 * k)))
        for a, ap in enumerate(self.board.airports):
            x, y = self.dots[a][0] - ox, self.dots[a][1] - oy
            r = self.dot_radius(a)
            pygame.draw.aacircle(surf, T.AIRPORT_RING, (x, y), r + max(1.2, 1.4 * k))
            pygame.draw.aacircle(surf, T.AIRPORT, (x, y), r)
        sh = self._shadow
        if sh is not None:                  # the boxes' shadows: they never move
            drop = max(1, round(1.5 * k))
            for b in self.boxes:
                surf.blit(sh, sh.get_rect(center=(b.centerx - ox, b.centery - oy + drop)))
        return surf

    def dot_radius(self, a: int) -> float:
        """The city dot grows with its demand cards."""
        return self.m.dot_r * (0.85 + 0.1 * min(6, self.board.airports[a].demand_cards))

    def _territories(self, surf: pygame.Surface) -> None:
        """Tint US land by region (see the module docstring)."""
        assert self.map is not None and self.tf is not None
        w, h = surf.get_size()
        ss = 2 if w * h <= 700_000 else 1      # big boards: pixels small enough, twice as fast
        W, H = w * ss, h * ss
        tf = self.tf.scaled(ss)
        cw, ch = self.board.canvas
        cells = territory_cells(self.board, (-cw, -ch, 2 * cw, 2 * ch))   # as the badges' (pieces.py)
        fill = pygame.Surface((W, H), pygame.SRCALPHA)
        lines = pygame.Surface((W, H), pygame.SRCALPHA)
        stripe = max(6, round(7 * self.scale * ss))
        for i, cell in enumerate(cells):
            if len(cell) < 3:
                continue
            regs = self.board.airports[i].regions or (0,)
            pts = [tf.to_px(p) for p in cell]
            pygame.draw.polygon(fill, region_color(regs[0]), pts)
            if len(regs) > 1:
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                                  math.ceil(max(xs) - min(xs)) + 2, math.ceil(max(ys) - min(ys)) + 2)
                if box.w <= 0 or box.h <= 0:
                    continue
                tmp = pygame.Surface(box.size, pygame.SRCALPHA)
                col = region_color(regs[1])
                for x0 in range(-box.h, box.w, 2 * stripe):
                    pygame.draw.polygon(tmp, col, [(x0, box.h), (x0 + stripe, box.h),
                                                   (x0 + stripe + box.h, 0), (x0 + box.h, 0)])
                mask = pygame.Surface(box.size, pygame.SRCALPHA)
                pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
                tmp.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
                fill.blit(tmp, box.topleft)
        lw = max(2, round(1.6 * self.scale * ss))
        for (i, j), (p, q) in shared_edges(cells).items():
            ri, rj = self.board.airports[i].regions, self.board.airports[j].regions
            if set(ri) == set(rj):
                continue
            col = T.mix(T.mix(region_color(ri[0]), region_color(rj[0]), 0.5), (40, 40, 50), 0.35)
            pygame.draw.line(lines, col, tf.to_px(p), tf.to_px(q), lw)
        land = pygame.Surface((W, H), pygame.SRCALPHA)
        s, (ox, oy) = tf.scale, tf.offset
        for poly in self.map.countries.get("US", ()):
            pygame.draw.polygon(land, (255, 255, 255, 255), [(ox + s * x, oy + s * y) for x, y in poly[0]])
        for poly in self.map.lakes:
            pygame.draw.polygon(land, (0, 0, 0, 0), [(ox + s * x, oy + s * y) for x, y in poly[0]])
        for layer, alpha in ((fill, TERRITORY_ALPHA), (lines, BORDER_ALPHA)):
            layer.blit(land, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            small = pygame.transform.smoothscale(layer, (w, h)) if ss > 1 else layer
            small.set_alpha(alpha)
            surf.blit(small, (0, 0))

    def _make_shadow(self) -> pygame.Surface:
        m = self.m
        pad = max(3, round(4 * self.scale))
        sh = pygame.Surface((m.w + 2 * pad, m.h + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(sh, (10, 20, 30, 90), pygame.Rect(pad, pad, m.w, m.h), border_radius=self._radius())
        return pygame.transform.gaussian_blur(sh, max(1, pad // 2))

    def _radius(self) -> int:
        return max(3, round(4 * self.scale))

    # ------------------------------------------------------------ boxes
    def box_sprite(self, state: BSState, seats: Sequence[Seat], a: int,
                   hidden: frozenset[int] = frozenset()) -> pygame.Surface:
        """Airport ``a``'s box as ``state`` has it (cached by its contents)."""
        looks = tuple(None if o < 0 else seat_look(seats[o]) if o < len(seats) else _default_look(o)
                      for o in state.gates[a])
        key = (a, tuple(state.gates[a]), tuple(state.cubes[a]), state.waiting[a], hidden, looks, self.m)
        img = self._boxes.get(key)
        if img is None:
            if len(self._boxes) > 400:
                self._boxes.clear()
            img = self._boxes[key] = self._render_box(state, a, looks, hidden)
        return img

    def _render_box(self, state: BSState, a: int, looks: tuple[tuple[str, Color] | None, ...],
                    hidden: frozenset[int]) -> pygame.Surface:
        m, k = self.m, self.scale
        ap = self.board.airports[a]
        box = self.boxes[a]
        img = pygame.Surface(box.size, pygame.SRCALPHA)
        full = img.get_rect()
        rad = self._radius()
        pygame.draw.rect(img, T.CARD, full, border_radius=rad)
        band = pygame.Rect(0, 0, full.w, m.pad + m.header)
        regs = ap.regions or (0,)
        tints = [T.mix(region_color(r), (255, 255, 255), 0.5) for r in regs]
        pygame.draw.rect(img, tints[0], band, border_top_left_radius=rad, border_top_right_radius=rad)
        if len(tints) > 1:
            cut = band.w * 0.5
            sl = band.h * 0.5
            pygame.draw.polygon(img, tints[1], [(cut + sl, 0), (band.w - rad, 0), (band.w - rad, band.h),
                                                (cut - sl, band.h)])
            pygame.draw.rect(img, tints[1], pygame.Rect(band.w - 2 * rad, 0, 2 * rad, band.h),
                             border_top_right_radius=rad)
        pygame.draw.line(img, T.mix(tints[0], T.INK, 0.25), (1, band.bottom), (full.w - 2, band.bottom))
        pygame.draw.rect(img, T.mix(T.INK, T.CARD, 0.45), full, 1, border_radius=rad)
        ox, oy = box.topleft
        code = assets.text(ap.code, m.font, T.INK, "bold")
        hr = self.header_rect(a).move(-ox, -oy)
        img.blit(code, code.get_rect(midleft=(hr.x + max(1, round(k)), hr.centery + 1)))
        for kind, val, r in zip(("cost", "value", "buyout"), (ap.gate_cost, ap.gate_value, ap.buyout_cost),
                                self.chip_rects(a)):
            chip(img, r.move(-ox, -oy), kind, val, m.font, k)
        owners, cubes = state.gates[a], state.cubes[a]
        for i, (x, y) in enumerate(self.slots[a]):
            c = (x - ox, y - oy)
            if i < len(owners):
                look = looks[i]
                if owners[i] == LOCAL or look is None:
                    em = D.emblem_sprite(T.LOCAL_SHAPE, T.LOCAL_GREY, m.slot_r, outline=(255, 255, 255))
                else:
                    em = D.emblem_sprite(look[0], look[1], m.slot_r * (0.92 if look[0] == "star" else 1.0))
                D.blit_center(img, em, c)
                if i not in hidden and i < len(cubes):
                    dy = round(m.slot_r * 0.14) if look is not None and look[0] == "triangle" else 0
                    D.blit_center(img, _count_sprite(cubes[i], m.font), (c[0], c[1] + dy))
            elif i == 0 and state.waiting[a] > 0:
                D.blit_center(img, _cube_sprite(m.slot_r * 1.45), (c[0] - 1, c[1]))
                if 0 not in hidden:
                    D.blit_center(img, _count_sprite(state.waiting[a], m.font), (c[0], c[1] + 1))
            else:
                rr = m.slot_r * 0.78
                pygame.draw.circle(img, T.PAPER_DARK, c, rr)
                pygame.draw.circle(img, T.mix(T.LINE, T.INK, 0.2), c, rr, max(1, round(k)))
        return img

    # ------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface, state: BSState, seats: list[Seat], *,
             lit: dict[int, str] | None = None, lit_gates: dict[tuple[int, int], str] | None = None,
             hover: int | None = None, hidden_cubes: set[tuple[int, int]] | None = None,
             t: float = 0.0) -> None:
        """The board with ``state``'s pieces (see the module docstring)."""
        self._ensure(state)
        hidden: dict[int, set[int]] = {}
        for a, s in hidden_cubes or ():
            hidden.setdefault(a, set()).add(s)
        surface.blit(self._composite(state, seats, hidden), self.rect.topleft)
        lit = lit or {}
        pulse = 0.5 + 0.5 * math.sin(t * 2 * math.pi * 0.8)
        for a, style in lit.items():
            if 0 <= a < len(self.boxes) and a != hover:
                self._glow(surface, self.boxes[a], style, pulse)
        for (a, s), style in (lit_gates or {}).items():
            if 0 <= a < len(self.boxes) and a != hover and 0 <= s < len(self.slots[a]):
                self._gate_ring(surface, self.gate_center(a, s), style, pulse)
        if hover is not None and 0 <= hover < len(self.boxes):
            self._draw_raised(surface, state, seats, hover, frozenset(hidden.get(hover, ())),
                              lit.get(hover), lit_gates or {}, pulse)

    def _composite(self, state: BSState, seats: Sequence[Seat], hidden: dict[int, set[int]]) -> pygame.Surface:
        """The base with the region badges and every box as ``state`` has
        them: kept while nothing it shows changes (one blit a frame)."""
        assert self.base is not None
        looks = tuple(seat_look(x) for x in seats)
        key = (tuple(map(tuple, state.gates)), tuple(map(tuple, state.cubes)), tuple(state.waiting),
               tuple(sorted((a, tuple(sorted(v))) for a, v in hidden.items())), looks,
               tuple(map(tuple, region_leaders(state))), state.spaces)
        if self._comp is not None and self._comp_key == key:
            return self._comp
        comp = self.base.copy()
        ox, oy = self.rect.topleft
        leaders = region_leaders(state)
        for r, rect in self.badges.items():
            draw_region_badge(comp, rect.move(-ox, -oy), self.board, r, leaders[r], seats, self.m.font, self.scale)
        for a, box in enumerate(self.boxes):
            comp.blit(self.box_sprite(state, seats, a, frozenset(hidden.get(a, ()))), box.move(-ox, -oy).topleft)
        self._comp, self._comp_key = comp, key
        return comp

    def _draw_raised(self, surface: pygame.Surface, state: BSState, seats: Sequence[Seat], a: int,
                     hidden: frozenset[int], style: str | None, lit_gates: dict[tuple[int, int], str],
                     pulse: float) -> None:
        """The box under the pointer, a little larger and lifted."""
        img = self.box_sprite(state, seats, a, hidden)
        grow = 1.12
        key = ("raised", id(img))
        big = self._boxes.get(key)
        if big is None or big.get_size() != (round(img.get_width() * grow), round(img.get_height() * grow)):
            big = pygame.transform.smoothscale(img, (round(img.get_width() * grow), round(img.get_height() * grow)))
            self._boxes[key] = big
        box = self.boxes[a]
        r = big.get_rect(center=box.center)
        shadow = self._shadow
        assert shadow is not None
        sh = pygame.transform.smoothscale(shadow, (round(shadow.get_width() * grow), round(shadow.get_height() * grow)))
        lift = max(2, round(3 * self.scale))
        surface.blit(sh, sh.get_rect(center=(r.centerx, r.centery + lift + 1)))
        if style is not None:
            self._glow(surface, r, style, pulse)
        surface.blit(big, r.topleft)
        for (ga, s), st in lit_gates.items():
            if ga == a and 0 <= s < len(self.slots[a]):
                gx, gy = self.gate_center(a, s)
                cx, cy = box.center
                self._gate_ring(surface, (cx + (gx - cx) * grow, cy + (gy - cy) * grow), st, pulse, grow)

    def _glow(self, surface: pygame.Surface, box: pygame.Rect, style: str, pulse: float) -> None:
        """A ring in the style's colour round a box, and a soft light
        outside it that breathes with ``pulse`` (steady styles stay full)."""
        col = LIT_COLORS.get(style, T.ACCENT)
        level = 1.0 if style in STEADY else pulse
        k = self.scale
        w = max(2, round(2 * k))
        q = round(level * 6)
        key = ("glow", style, box.size, q)
        img = self._boxes.get(key)
        if img is None:
            pad = 3 * w
            img = pygame.Surface((box.w + 2 * pad, box.h + 2 * pad), pygame.SRCALPHA)
            outer = img.get_rect()
            pygame.draw.rect(img, (*col, 30 + 12 * q), outer.inflate(-2 * w, -2 * w), 2 * w,
                             border_radius=self._radius() + 2 * w)
            img = pygame.transform.gaussian_blur(img, max(1, w))
            ring = outer.inflate(-2 * pad + 2 * w, -2 * pad + 2 * w)
            img.fill((0, 0, 0, 0), ring.inflate(-2 * w - 2, -2 * w - 2))   # drawn over the box: keep off it
            pygame.draw.rect(img, (255, 255, 255, 200), ring.inflate(2, 2), w + 2, border_radius=self._radius() + w)
            pygame.draw.rect(img, (*col, 190 + 10 * q), ring, w, border_radius=self._radius() + w)
            self._boxes[key] = img
        surface.blit(img, img.get_rect(center=box.center))

    def _gate_ring(self, surface: pygame.Surface, c: tuple[float, float], style: str, pulse: float,
                   grow: float = 1.0) -> None:
        col = LIT_COLORS.get(style, T.BAD)
        r = self.m.slot_r * grow * (1.35 + 0.12 * pulse)
        w = max(2, round(2 * self.scale))
        pygame.draw.circle(surface, (255, 255, 255), c, r + 1, w + 2)
        pygame.draw.circle(surface, col, c, r, w)

    # ------------------------------------------------------------ words
    def tooltip_lines(self, state: BSState, a: int, seats: Sequence[Seat] | None = None) -> list[str]:
        """What the hover tooltip says about airport ``a`` (translated)."""
        return tooltip_lines(state, a, seats)

    def draw_tooltip(self, surface: pygame.Surface, state: BSState, a: int,
                     seats: Sequence[Seat] | None = None) -> None:
        """The tooltip beside airport ``a``'s box, kept inside ``surface``."""
        box = self.boxes[a]
        D.tooltip(surface, "\n".join(tooltip_lines(state, a, seats)), (box.right - 8, box.top - 10),
                  max(0.8, self.scale * 0.9))


def tooltip_lines(state: BSState, a: int, seats: Sequence[Seat] | None = None) -> list[str]:
    """City (code), gate cost, value, buyout or none, demand cards, regions
    with their bonuses, then each gate with its cubes (or the cubes waiting)."""
    b = state.board
    ap = b.airports[a]
    lines = [f"{city(ap)} ({ap.code})",
             tr("Gate cost {n} · value {v}", n=ap.gate_cost, v=ap.gate_value),
             tr("Buyout {n}", n=ap.buyout_cost) if ap.buyout_cost is not None else tr("No buyout"),
             trn("1 demand card", "{n} demand cards", ap.demand_cards)]
    for r in ap.regions:
        reg = b.regions[r]
        lines.append(tr("{region}: bonus {first} / {second}", region=tr(reg.name), first=reg.bonus[0],
                        second=reg.bonus[1]))
    for i, o in enumerate(state.gates[a]):
        n = state.cubes[a][i] if i < len(state.cubes[a]) else 0
        if o == LOCAL:
            who = tr("Local airline")
        elif seats is not None and 0 <= o < len(seats):
            who = seats[o].name
        else:
            who = state.names[o] if 0 <= o < len(state.names) else "?"
        lines.append(trn("{airline}: 1 cube", "{airline}: {n} cubes", n, airline=who))
    if state.waiting[a]:
        lines.append(trn("1 cube waiting", "{n} cubes waiting", state.waiting[a]))
    free = state.spaces - len(state.gates[a])
    if free > 0:
        lines.append(trn("1 free gate space", "{n} free gate spaces", free))
    return lines
