"""The board: map art, routes, airports and every token on them.

Drawn in layers so that a frame costs little: the *base* (map, routes,
airports) is rendered once per size; the *pieces* layer (hub rings,
cross-border flags, planes, airport codes, call signs and subsidy cubes, in
that order) when the game state changes; hover highlights and flying planes
every frame on top.  Where each piece goes is ``BoardPieces``'s job
(``boardpieces.py``); this module only draws them.
"""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from opensky.board.model import Board
from opensky.rules.constants import CALLSIGNS
from opensky.rules.state import GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.boardpieces import Badges, BoardPieces, Point
from opensky.ui.mapart import MapData, load_map, render_map
from opensky.ui.setup import Seat


class BoardView(BoardPieces):
    def __init__(self, board: Board, seats: Sequence[Seat]):
        super().__init__(board, seats)
        self.map: MapData | None
        try:
            self.map = load_map(board.id)
        except (OSError, ValueError, KeyError):
            self.map = None
        self.base: pygame.Surface | None = None
        self.composite: pygame.Surface | None = None
        self.pieces_dirty = True
        self._drawn_badges: Badges | None = None   # the badges on ``composite``

    def layout(self, rect: pygame.Rect, s: float) -> None:
        if rect == self.rect and self.base is not None and abs(s - self.s) < 1e-6:
            return
        self.place(rect, s)
        self.base = self._render_base()
        self.pieces_dirty = True
        self._drawn_badges = None


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

    def render_pieces(self, state: GameState) -> list[pygame.Rect]:
        """Re-draw the layer of pieces for ``state`` and keep it (on state
        changes only, from ``update``: ``draw`` changes nothing).

        Returns the window areas where call-sign badges moved, came or went
        since the layer before (a plane landing or a hub can push a badge
        away from the route or airport that changed): a partial redraw must
        send them too (nothing after a new layout, which redraws everything)."""
        self.composite = self.compose(state)
        self.pieces_dirty = False
        before, self._drawn_badges = self._drawn_badges, dict(self._badge_at)
        return [] if before is None else self.badge_moves(before, self._drawn_badges)

    def badges_moved(self, state: GameState) -> list[pygame.Rect]:
        """The window areas where the badges for ``state`` differ from the
        layer drawn last (see ``render_pieces``)."""
        before = self._drawn_badges
        return [] if before is None else self.badge_moves(before, self.place_badges(state))

    def compose(self, state: GameState) -> pygame.Surface:
        """The map with the pieces of ``state`` on it (planes still in the air
        are not on their route yet).  Call signs come last: nothing covers one."""
        assert self.base is not None
        comp = self.base.copy()
        ox, oy = self.rect.topleft
        if self.board.uses_hubs:
            R, w, e = self.hub_ring()
            for a, players in self.hubs_at(state).items():
                x, y = self.apx[a][0] - ox, self.apx[a][1] - oy
                lx, ly = self.label_direction(a)
                start = math.atan2(ly, lx)
                ring = D.ring_sprite(tuple(T.seat_rgb(self.seats[p]) for p in players), R, w, start)
                D.blit_center(comp, ring, (x, y))
                for k, p in enumerate(players):
                    ang = self.hub_emblem_angle(a, k, len(players))
                    seat = self.seats[p]
                    D.blit_center(comp, D.emblem_sprite(seat.shape, T.seat_rgb(seat), e),
                                  (x + R * math.cos(ang), y + R * math.sin(ang)))
        tokens = self.plane_tokens(state)
        for p, r, (x, y), n in tokens:
            self.draw_token(comp, p, (x - ox, y - oy), n, angle=self.route_angle(r))
        cw, ch, pole = self.flag_size()
        for p, r, (fx, fy), facing, lean in self._flags_of(state, tokens):
            seat = self.seats[p]
            img, foot = D.flag_sprite(seat.shape, T.seat_rgb(seat), (cw, ch), pole, facing, lean)
            comp.blit(img, (round(fx - ox - foot[0]), round(fy - oy - foot[1])))
        self.place_badges(state)
        self._leaders(comp, state, (ox, oy))
        for i in range(len(self.board.airports)):
            self._label(comp, i, (ox, oy))
        self._callsigns(comp, state, (ox, oy))
        return comp

    def draw_token(self, surf: pygame.Surface, p: int, pos: Point, n: int = 1, scale: float = 1.0,
                   angle: float = 0.0) -> None:
        """Airline ``p``'s plane token: its plane pointing at ``angle`` with
        its shape beside it, holding the count when ``n`` > 1."""
        seat = self.seats[p]
        col = T.seat_rgb(seat)
        D.blit_center(surf, D.plane_sprite(col, self.token_radius() * scale, angle), pos)
        tx, ty = self._tag_center(pos)
        tx, ty = pos[0] + (tx - pos[0]) * scale, pos[1] + (ty - pos[1]) * scale
        label = str(n) if n > 1 else ""
        D.blit_center(surf, D.tag_sprite(seat.shape, col, self.tag_radius(n) * scale, label,
                                         self.count_font_size()), (tx, ty))

    def count_font_size(self) -> int:
        return max(12, int(11 * self.s))

    # --- call signs
    def _leaders(self, comp: pygame.Surface, state: GameState, origin: tuple[int, int]) -> None:
        """The lines out to badges that sit far from their airport (under the codes)."""
        ox, oy = origin
        for a in state.callsign_airport:
            lead = self.callsign_leader(a) if a >= 0 else None
            if lead is not None:
                (x0, y0), (x1, y1) = lead
                pygame.draw.line(comp, (255, 253, 246), (x0 - ox, y0 - oy), (x1 - ox, y1 - oy),
                                 self.leader_width())
                pygame.draw.line(comp, T.mix(T.GOLD, (0, 0, 0), 0.3), (x0 - ox, y0 - oy), (x1 - ox, y1 - oy),
                                 max(1, round(1.4 * self.s)))

    def _callsigns(self, comp: pygame.Surface, state: GameState, origin: tuple[int, int]) -> None:
        s = self.s
        rr = self.callsign_radius()
        ox, oy = origin
        for c, a in enumerate(state.callsign_airport):
            if a < 0:
                continue
            bx, by = self.callsign_badge_pos(a)
            cube = self._cube((round(bx), round(by))).move(-ox, -oy)   # as ``_badge_rect`` has them
            bx, by = round(bx) - ox, round(by) - oy
            pygame.draw.circle(comp, (255, 253, 246), (bx, by + max(1, s)), rr + 2)
            pygame.draw.circle(comp, T.mix(T.GOLD, (0, 0, 0), 0.35), (bx, by + max(1, s)), rr + 1)
            pygame.draw.circle(comp, T.GOLD, (bx, by), rr)
            letter = assets.text(CALLSIGNS[c][0], max(12, int(12 * s)), T.INK, "bold")
            comp.blit(letter, letter.get_rect(center=(bx, by)))
            if state.subsidy_left[c]:
                rad = max(1, int(2 * s))
                pygame.draw.rect(comp, (255, 253, 246), cube.inflate(2, 2), border_radius=rad)
                pygame.draw.rect(comp, T.mix(T.GOLD, (0, 0, 0), 0.45), cube.move(0, max(1, int(s))),
                                 border_radius=rad)
                pygame.draw.rect(comp, (240, 205, 90), cube, border_radius=rad)

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
