"""The board: map art, routes, airports and every token on them.

Drawn in layers so that a frame costs little: the *base* (map, routes,
airports, labels) is rendered once per size; the *pieces* layer (call signs,
subsidy cubes, planes, hubs, cross-border markers) when the game state
changes; hover highlights and flying planes every frame on top.
"""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from opensky.board.model import Board
from opensky.rules.constants import CALLSIGNS
from opensky.rules.state import GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.mapart import MapData, ViewTransform, load_map, render_map
from opensky.ui.setup import Seat

Point = tuple[float, float]


def seg_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    cx, cy = ax + t * dx, ay + t * dy
    return math.hypot(px - cx, py - cy)


class BoardView:
    def __init__(self, board: Board, seats: Sequence[Seat]):
        self.board = board
        self.seats = list(seats)
        self.map: MapData | None
        try:
            self.map = load_map(board.id)
        except (OSError, ValueError, KeyError):
            self.map = None
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.s = 1.0
        self.tf: ViewTransform | None = None
        self.base: pygame.Surface | None = None
        self.composite: pygame.Surface | None = None
        self.pieces_dirty = True
        #: planes still in the air towards a route: (player, route) -> count
        self.in_flight: dict[tuple[int, int], int] = {}
        self.apx: list[Point] = []

    # ------------------------------------------------------------ geometry
    def layout(self, rect: pygame.Rect, s: float) -> None:
        if rect == self.rect and self.base is not None and abs(s - self.s) < 1e-6:
            return
        self.rect = rect.copy()
        self.s = s
        self.tf = ViewTransform.fit(self.board.canvas, rect.size, int(28 * s))
        self.apx = [self.px(a.pos) for a in self.board.airports]
        self.base = self._render_base()
        self.pieces_dirty = True

    def px(self, canvas_pos: Sequence[float]) -> Point:
        assert self.tf is not None
        x, y = self.tf.to_px((canvas_pos[0], canvas_pos[1]))
        return (x + self.rect.x, y + self.rect.y)

    def route_ends_px(self, r: int) -> tuple[Point, Point]:
        i, j = self.board.route_ends[r]
        return self.apx[i], self.apx[j]

    def route_at(self, pos: Point, max_px: float | None = None) -> int | None:
        """The route under the mouse (nearest within a few pixels), if any."""
        if not self.rect.collidepoint(pos):
            return None
        lim = max_px if max_px is not None else 9 * self.s
        best, best_d = None, lim
        ar = self.airport_radius() * 0.9
        for r in range(len(self.board.routes)):
            a, b = self.route_ends_px(r)
            if math.dist(pos, a) < ar or math.dist(pos, b) < ar:
                continue  # on an airport, not a route
            d = seg_distance(pos, a, b)
            if d < best_d:
                best, best_d = r, d
        return best

    def airport_at(self, pos: Point) -> int | None:
        lim = self.airport_radius() * 2.2
        best, best_d = None, lim
        for i, p in enumerate(self.apx):
            d = math.dist(pos, p)
            if d < best_d:
                best, best_d = i, d
        return best

    def airport_radius(self) -> float:
        return max(4.0, 6.5 * self.s)

    def token_radius(self) -> float:
        return max(5.0, 7.5 * self.s)

    def route_midpoint(self, r: int) -> Point:
        a, b = self.route_ends_px(r)
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def token_slots(self, r: int, n: int) -> list[Point]:
        """Where ``n`` tokens sit along route ``r``, centred on its midpoint."""
        a, b = self.route_ends_px(r)
        L = math.dist(a, b) or 1.0
        ux, uy = (b[0] - a[0]) / L, (b[1] - a[1]) / L
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        gap = self.token_radius() * 2.5
        usable = max(0.0, L - 2 * self.airport_radius() - 2 * self.token_radius())
        if n > 1 and gap * (n - 1) > usable:
            gap = usable / (n - 1) if usable > 0 else 0
        return [(mx + ux * gap * (k - (n - 1) / 2), my + uy * gap * (k - (n - 1) / 2)) for k in range(n)]

    def plane_slot(self, state: GameState, p: int, r: int) -> Point:
        """Where player ``p``'s token sits on route ``r`` (for flights to land on)."""
        owners = [q for q in range(state.P) if state.planes[q][r] > 0 or q == p]
        slots = self.token_slots(r, len(owners))
        return slots[owners.index(p)]

    # ------------------------------------------------------------ rendering
    def _render_base(self) -> pygame.Surface:
        w, h = self.rect.size
        if self.map is not None and self.tf is not None:
            surf = render_map(self.map, self.board, (w, h), self.tf)
        else:
            surf = pygame.Surface((w, h))
            surf.fill((196, 214, 226))
        # Work in a local frame: the base surface starts at rect.topleft.
        ox, oy = self.rect.topleft
        s = self.s
        lw = max(2, round(2.6 * s))
        for r in range(len(self.board.routes)):
            a, b = self.route_ends_px(r)
            a = (a[0] - ox, a[1] - oy)
            b = (b[0] - ox, b[1] - oy)
            if self.board.cross_border[r]:
                self._dashed(surf, T.mix(T.ROUTE, (255, 255, 255), 0.15), a, b, lw, 7 * s, 5 * s)
            else:
                pygame.draw.line(surf, (250, 248, 240), a, b, lw + max(2, round(2.4 * s)))
                pygame.draw.line(surf, T.ROUTE, a, b, lw)
        ar = self.airport_radius()
        for i, ap in enumerate(self.board.airports):
            x, y = self.apx[i][0] - ox, self.apx[i][1] - oy
            col = T.AIRPORT
            country = self.board.countries.get(ap.country or "")
            if self.board.uses_cross_border and country is not None:
                col = T.mix(T.hex_color(country.color), (255, 255, 255), 0.35)
            pygame.draw.aacircle(surf, T.AIRPORT_RING, (x, y), ar + max(1.5, 1.8 * s))
            pygame.draw.aacircle(surf, col, (x, y), ar)
        return surf

    def label_direction(self, i: int) -> tuple[float, float]:
        """Unit vector from airport ``i`` towards its label (from the board's
        suggested offset; above the airport when it has none)."""
        off = self.board.airports[i].extra.get("label")
        if isinstance(off, list) and len(off) == 2 and (off[0] or off[1]):
            L = math.hypot(off[0], off[1])
            return (off[0] / L, off[1] / L)
        return (0.0, -1.0)

    def label_font_size(self) -> int:
        return max(9, int(12.5 * self.s))

    def label_rect(self, i: int) -> pygame.Rect:
        """The window rectangle of airport ``i``'s code label."""
        s = self.s
        bw, bh = assets.font(self.label_font_size(), "bold").size(self.board.airports[i].code)
        bw, bh = bw + int(8 * s), bh + int(2 * s)
        x, y = self.apx[i]
        ux, uy = self.label_direction(i)
        # push the box out until its edge clears the airport along that direction
        reach = self.airport_radius() + 3 * s + abs(ux) * bw / 2 + abs(uy) * bh / 2
        box = pygame.Rect(0, 0, bw, bh)
        box.center = (round(x + ux * reach), round(y + uy * reach))
        return box

    def _label(self, surf: pygame.Surface, i: int, origin: tuple[int, int]) -> None:
        s = self.s
        img = assets.text(self.board.airports[i].code, self.label_font_size(), T.INK, "bold")
        box = self.label_rect(i).move(-origin[0], -origin[1])
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (255, 253, 246, 225), bg.get_rect(), border_radius=max(2, int(4 * s)))
        surf.blit(bg, box.topleft)
        surf.blit(img, img.get_rect(center=box.center))

    @staticmethod
    def _dashed(surf: pygame.Surface, color: tuple[int, int, int], a: Point, b: Point, width: int,
                dash: float, gap: float) -> None:
        L = math.dist(a, b)
        if L == 0:
            return
        ux, uy = (b[0] - a[0]) / L, (b[1] - a[1]) / L
        t = 0.0
        while t < L:
            e = min(L, t + dash)
            pygame.draw.line(surf, color, (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e), width)
            t = e + gap

    def render_pieces(self, state: GameState) -> None:
        """Re-draw the layer of pieces for ``state`` and keep it (on state
        changes only, from ``update``: ``draw`` changes nothing)."""
        self.composite = self.compose(state)
        self.pieces_dirty = False

    def compose(self, state: GameState) -> pygame.Surface:
        """The map with the pieces of ``state`` on it (planes still in the air
        are not on their route yet)."""
        assert self.base is not None
        comp = self.base.copy()
        ox, oy = self.rect.topleft
        s = self.s
        tr = self.token_radius()
        # call-sign tokens and subsidy cubes
        for c, a in enumerate(state.callsign_airport):
            if a < 0:
                continue
            x, y = self.apx[a][0] - ox, self.apx[a][1] - oy
            bx, by = self.callsign_badge_pos(a)
            bx, by = bx - ox, by - oy
            rr = max(7.0, 9 * s)
            pygame.draw.circle(comp, T.mix(T.GOLD, (0, 0, 0), 0.35), (bx, by + max(1, s)), rr + 1)
            pygame.draw.circle(comp, T.GOLD, (bx, by), rr)
            letter = assets.text(CALLSIGNS[c][0], max(9, int(12 * s)), T.INK, "bold")
            comp.blit(letter, letter.get_rect(center=(round(bx), round(by))))
            if state.subsidy_left[c]:
                k = max(4, int(5.5 * s))
                cube = pygame.Rect(0, 0, k * 2, k * 2)
                cube.center = (round(bx + rr + k + 2 * s), round(by))
                pygame.draw.rect(comp, T.mix(T.GOLD, (0, 0, 0), 0.45), cube.move(0, max(1, int(s))),
                                 border_radius=max(1, int(2 * s)))
                pygame.draw.rect(comp, (240, 205, 90), cube, border_radius=max(1, int(2 * s)))
        # hubs: emblems around the airport
        if self.board.uses_hubs:
            at: dict[int, list[int]] = {}
            for p in range(state.P):
                for a in state.hubs[p]:
                    at.setdefault(a, []).append(p)
            for a, players in at.items():
                for k, p in enumerate(players):
                    ang = math.pi * (0.5 + 0.42 * (k - (len(players) - 1) / 2))
                    R = self.airport_radius() + tr * 0.9
                    cx = self.apx[a][0] - ox + R * math.cos(ang)
                    cy = self.apx[a][1] - oy + R * math.sin(ang)
                    seat = self.seats[p]
                    pygame.draw.circle(comp, T.seat_rgb(seat), (self.apx[a][0] - ox, self.apx[a][1] - oy),
                                       self.airport_radius() + max(2.0, 2.2 * s) + k * max(2, 2 * s),
                                       max(2, int(2 * s)))
                    D.blit_center(comp, D.emblem_sprite(seat.shape, T.seat_rgb(seat), tr * 0.62), (cx, cy))
        # cross-border markers: a tag beside the route's midpoint
        for p in range(state.P):
            for r in state.markers[p]:
                mx, my = self.route_midpoint(r)
                ea, eb = self.route_ends_px(r)
                L = math.dist(ea, eb) or 1
                nx, ny = -(eb[1] - ea[1]) / L, (eb[0] - ea[0]) / L
                k = p + 1
                cx, cy = mx + nx * tr * 1.9 * (1 if k % 2 else -1) - ox, my + ny * tr * 1.9 * (1 if k % 2 else -1) - oy
                seat = self.seats[p]
                tag = pygame.Rect(0, 0, int(tr * 1.7), int(tr * 1.7))
                tag.center = (round(cx), round(cy))
                pygame.draw.rect(comp, (255, 255, 255), tag.inflate(4, 4), border_radius=max(2, int(3 * s)))
                pygame.draw.rect(comp, T.seat_rgb(seat), tag, border_radius=max(2, int(3 * s)))
                D.blit_center(comp, D.emblem_sprite(seat.shape, (255, 255, 255), tr * 0.45, outline=T.seat_rgb(seat)), tag.center)
        # planes: one token per airline per route, with a count
        for r in range(len(self.board.routes)):
            owners = [p for p in range(state.P) if state.planes[p][r] - self.in_flight.get((p, r), 0) > 0]
            if not owners:
                continue
            slots = self.token_slots(r, len(owners))
            for p, (x, y) in zip(owners, slots):
                n = state.planes[p][r] - self.in_flight.get((p, r), 0)
                self.draw_token(comp, p, (x - ox, y - oy), n)
        # airport codes last, so no token ever hides one
        for i in range(len(self.board.airports)):
            self._label(comp, i, (ox, oy))
        return comp

    def draw_token(self, surf: pygame.Surface, p: int, pos: Point, n: int = 1, scale: float = 1.0) -> None:
        seat = self.seats[p]
        tr = self.token_radius() * scale
        D.blit_center(surf, D.emblem_sprite(seat.shape, T.seat_rgb(seat), tr), pos)
        if n > 1:
            size = max(8, int(10 * self.s))
            img = assets.text(str(n), size, (255, 255, 255), "bold")
            bx, by = pos[0] + tr * 0.95, pos[1] - tr * 0.95
            rad = max(img.get_width(), img.get_height()) * 0.62
            pygame.draw.circle(surf, (255, 255, 255), (bx, by), rad + 1.5)
            pygame.draw.circle(surf, T.INK, (bx, by), rad)
            surf.blit(img, img.get_rect(center=(round(bx), round(by))))

    def callsign_badge_pos(self, a: int) -> Point:
        """Call-sign token position: on the side opposite the airport's label."""
        x, y = self.apx[a]
        lx, ly = self.label_direction(a)
        ux, uy = -lx, -ly
        d = self.airport_radius() + 12 * self.s
        return (x + ux * d, y + uy * d)

    def draw(self, surface: pygame.Surface, state: GameState) -> None:
        """The board with ``state``'s pieces: the kept layer when it is up to
        date, else one made for this picture only (nothing is kept)."""
        fresh = self.composite is not None and not self.pieces_dirty
        surface.blit(self.composite if fresh else self.compose(state), self.rect.topleft)  # type: ignore[arg-type]

    # ------------------------------------------------------------ overlays
    def highlight_route(self, surface: pygame.Surface, r: int, color: tuple[int, int, int],
                        width: float = 5.0, dashed: bool = False) -> None:
        a, b = self.route_ends_px(r)
        w = max(3, round(width * self.s))
        if dashed:
            self._dashed(surface, color, a, b, w, 8 * self.s, 6 * self.s)
        else:
            pygame.draw.line(surface, (255, 255, 255), a, b, w + max(2, round(2 * self.s)))
            pygame.draw.line(surface, color, a, b, w)

    def highlight_airport(self, surface: pygame.Surface, a: int, color: tuple[int, int, int],
                          grow: float = 1.0) -> None:
        x, y = self.apx[a]
        pygame.draw.circle(surface, color, (x, y), self.airport_radius() * 2.0 * grow, max(2, round(3 * self.s)))
