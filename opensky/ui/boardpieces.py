"""Where the board's pieces go: call-sign spots, token slots, flags.

Pure geometry, no drawing: the window positions and rectangles of the
airports, their code labels, the plane tokens on each route (and how
several airlines share a short one), hub rings, cross-border flags and the
call-sign badges.  ``BoardView`` (``boardview.py``) draws what this places
and inherits it, so every caller asks the view and one object answers both
"where" and "draw" without either module doing both jobs.

Every size follows the window's scale ``s`` with a floor, so the pieces read
at 960×600 (issue 15).  Where the call-sign badges sit is worked out once per
layout (``_badge_candidates``): each keeps off every route line, every place a
plane token can take, every airport and every code label; ``place_badges``
then picks, for a state, the best spots clear of the pieces there now.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import pygame

from opensky.board.model import Board
from opensky.rules.state import GameState
from opensky.ui import assets, draw as D
from opensky.ui.mapart import ViewTransform
from opensky.ui.setup import Seat

Point = tuple[float, float]
#: where each call-sign badge sits: airport -> (centre, window rectangle)
Badges = dict[int, tuple[Point, pygame.Rect]]


def seg_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    cx, cy = ax + t * dx, ay + t * dy
    return math.hypot(px - cx, py - cy)


def _crosses(s1: tuple[Point, Point], s2: tuple[Point, Point]) -> bool:
    """Whether two segments cross."""
    (ax, ay), (bx, by) = s1
    (cx, cy), (dx, dy) = s2

    def side(px: float, py: float, qx: float, qy: float, rx: float, ry: float) -> float:
        return (qx - px) * (ry - py) - (qy - py) * (rx - px)
    return (side(ax, ay, bx, by, cx, cy) * side(ax, ay, bx, by, dx, dy) < 0
            and side(cx, cy, dx, dy, ax, ay) * side(cx, cy, dx, dy, bx, by) < 0)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> float:
    """The area two rectangles share, in units of 10 × 10 px."""
    c = a.clip(b)
    return c.w * c.h / 100


def _circle_hits(c: Point, rad: float, rect: pygame.Rect) -> bool:
    """Whether the disc at ``c`` of radius ``rad`` overlaps ``rect``."""
    nx = min(max(c[0], rect.left), rect.right)
    ny = min(max(c[1], rect.top), rect.bottom)
    return math.hypot(nx - c[0], ny - c[1]) < rad


@dataclass
class _Obstacles:
    """What a call-sign badge keeps off: lines (routes, with their width),
    discs (airports) and rectangles (labels) always; and, by how likely a
    piece is to be there, the ``soft`` rectangles where plane tokens and
    flags can be (the ones there now are checked by ``place_badges``)."""
    segments: list[tuple[Point, Point]] = field(default_factory=list)
    routes: list[tuple[Point, Point]] = field(default_factory=list)
    discs: list[tuple[Point, float]] = field(default_factory=list)
    rects: list[pygame.Rect] = field(default_factory=list)
    soft: list[tuple[pygame.Rect, float]] = field(default_factory=list)


class BoardPieces:
    """Where the pieces of ``board`` go in the window area set by ``place``."""

    def __init__(self, board: Board, seats: Sequence[Seat]):
        self.board = board
        self.seats = list(seats)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.s = 1.0
        self.tf: ViewTransform | None = None
        #: planes still in the air towards a route: (player, route) -> count
        self.in_flight: dict[tuple[int, int], int] = {}
        self.apx: list[Point] = []
        self._forget()

    def place(self, rect: pygame.Rect, s: float) -> None:
        """Lay the board out in window area ``rect`` at scale ``s``."""
        self.rect = rect.copy()
        self.s = s
        self.tf = ViewTransform.fit(self.board.canvas, rect.size, int(28 * s))
        self.apx = [self.px(a.pos) for a in self.board.airports]
        self._forget()

    def _forget(self) -> None:
        """Drop every spot worked out for the layout before (they are made
        on demand for this one)."""
        self._candidates: dict[int, list[tuple[float, Point, pygame.Rect]]] = {}
        self._shifts: dict[tuple[int, int], float] = {}
        self._label_rects: dict[int, pygame.Rect] = {}
        self._token_boxes: dict[tuple[int, bool, bool], pygame.Rect] = {}
        self._obstacles: _Obstacles | None = None
        self._badge_key: tuple = ()
        self._badge_at: Badges = {}

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
        """Half a plane token's length (the ``size`` of ``D.plane_icon``):
        planes are 1.9 × this long, never under 19 px (issue 15)."""
        return max(10.0, 10.5 * self.s)

    def tag_radius(self, n: int = 1) -> float:
        """The airline's shape beside a plane token; large enough for a count
        when the airline has ``n`` > 1 planes on the route."""
        return max(7.0, 7.5 * self.s) if n > 1 else max(4.5, 4.8 * self.s)

    def route_midpoint(self, r: int) -> Point:
        a, b = self.route_ends_px(r)
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def route_angle(self, r: int) -> float:
        """The direction planes on route ``r`` point to (radians, screen
        frame), rightwards or downwards so no plane flies upside down."""
        a, b = self.route_ends_px(r)
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        if ang > math.pi / 2 + 1e-9:
            ang -= math.pi
        elif ang <= -math.pi / 2 + 1e-9:
            ang += math.pi
        return ang

    def _slot_plan(self, r: int, n: int) -> tuple[int, float, float]:
        """How ``n`` plane tokens share route ``r``: how many in a row along the
        route, the step along it and the step across it (a route too short
        for a row of planes gets them side by side, like a formation)."""
        a, b = self.route_ends_px(r)
        L = math.dist(a, b)
        size = self.token_radius()
        along = 1.9 * size + self.tag_radius(2) * 0.6 + 2 * self.s
        if self.board.cross_border[r]:
            along += self.flag_size()[0] * 0.9
        usable = L - 2 * (self.airport_radius() + 2 * self.s) - 1.9 * size
        per_row = max(1, min(n, int(usable // along) + 1)) if usable > 0 else 1
        across = 1.5 * size + self.tag_radius(2) * 0.7 + 2 * self.s
        return per_row, along, across

    def token_slots(self, r: int, n: int) -> list[Point]:
        """Where ``n`` plane tokens sit on route ``r``, centred on its midpoint."""
        a, b = self.route_ends_px(r)
        L = math.dist(a, b) or 1.0
        ux, uy = (b[0] - a[0]) / L, (b[1] - a[1]) / L
        shift = self._slot_shift(r, n)
        mx, my = (a[0] + b[0]) / 2 + ux * shift, (a[1] + b[1]) / 2 + uy * shift
        per_row, along, across = self._slot_plan(r, n)
        rows = -(-n // per_row) if n else 0
        out = []
        for k in range(n):
            row, col = divmod(k, per_row)
            in_row = min(per_row, n - row * per_row)
            t = (col - (in_row - 1) / 2) * along
            q = (row - (rows - 1) / 2) * across
            out.append((mx + ux * t - uy * q, my + uy * t + ux * q))
        return out

    def _slot_shift(self, r: int, n: int) -> float:
        """How far along route ``r`` (from its midpoint) ``n`` plane tokens
        are moved so they cover no code label and no airport (chosen once
        per layout)."""
        key = (r, n)
        got = self._shifts.get(key)
        if got is not None:
            return got
        a, b = self.route_ends_px(r)
        L = math.dist(a, b) or 1.0
        ux, uy = (b[0] - a[0]) / L, (b[1] - a[1]) / L
        mid = self.route_midpoint(r)
        near = [lb for lb in map(self.label_rect, range(len(self.apx)))
                if lb.clipline(a, b) or math.dist(lb.center, mid) < L]
        ar = self.airport_reach(self.board.uses_hubs)
        best, best_cost = 0.0, math.inf
        for f in (0.0, 0.06, -0.06, 0.12, -0.12, 0.18, -0.18):
            shift = f * L
            self._shifts[key] = shift
            cost = abs(f) * 3
            for pos in self.token_slots(r, n):
                box = self.token_rect(r, pos, 2)
                cost += sum(_overlap(box, lb) for lb in near)
                cost += sum(10 for c in (a, b) if _circle_hits(c, ar, box))
            if cost < best_cost:
                best, best_cost = shift, cost
        self._shifts[key] = best
        return best

    def plane_slot(self, state: GameState, p: int, r: int) -> Point:
        """Where player ``p``'s token sits on route ``r`` (for flights to land on)."""
        owners = [q for q in range(state.P) if state.planes[q][r] > 0 or q == p]
        slots = self.token_slots(r, len(owners))
        return slots[owners.index(p)]

    def _tag_center(self, pos: Point) -> Point:
        k = self.token_radius() * 0.8
        return (pos[0] + k, pos[1] - k)

    def token_rect(self, r: int, pos: Point, n: int = 1) -> pygame.Rect:
        """The window rectangle a plane token of route ``r`` at ``pos`` covers
        (silhouette, outline, shape tag and, on a cross-border route, a flag)."""
        below = self.board.cross_border[r] and self._below(r, pos)
        key = (r, n > 1, below)
        rel = self._token_boxes.get(key)
        if rel is None:
            rel = self._token_boxes[key] = self._token_box(r, n, below).inflate(2, 2)
        return rel.move(round(pos[0]), round(pos[1]))

    def _below(self, r: int, pos: Point) -> bool:
        """Whether ``pos`` is beside route ``r`` on its lower side (a formation's row)."""
        ang = self.route_angle(r)
        a, _ = self.route_ends_px(r)
        return (pos[0] - a[0]) * -math.sin(ang) + (pos[1] - a[1]) * math.cos(ang) > 1

    def _token_box(self, r: int, n: int, below: bool) -> pygame.Rect:
        """``token_rect`` for a token at (0, 0)."""
        pos = (0.0, 0.0)
        pts = D.plane_points(pos, self.token_radius() * 1.1, self.route_angle(r))
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                          math.ceil(max(xs) - min(xs)) + 1, math.ceil(max(ys) - min(ys)) + 1)
        tr = self.tag_radius(n) * (1.45 if n > 1 else 1.35)
        tx, ty = self._tag_center(pos)
        box = box.union(pygame.Rect(math.floor(tx - tr), math.floor(ty - tr), math.ceil(2 * tr) + 1,
                                    math.ceil(2 * tr) + 1))
        if self.board.cross_border[r]:   # room for a flag, whether flown yet or not
            box = box.union(self.flag_rect(*self._flag_from(r, pos, below)))
        return box

    def plane_tokens(self, state: GameState) -> list[tuple[int, int, Point, int]]:
        """The plane tokens on the board now: (player, route, where, count);
        planes still in the air are not on their route yet."""
        out = []
        for r in range(len(self.board.routes)):
            owners = [p for p in range(state.P) if state.planes[p][r] - self.in_flight.get((p, r), 0) > 0]
            if not owners:
                continue
            for p, pos in zip(owners, self.token_slots(r, len(owners))):
                out.append((p, r, pos, state.planes[p][r] - self.in_flight.get((p, r), 0)))
        return out

    def plane_rects(self, state: GameState) -> list[pygame.Rect]:
        return [self.token_rect(r, pos, n) for _, r, pos, n in self.plane_tokens(state)]

    # --- hubs (Europe) and cross-border flags (North America)
    def hub_ring(self) -> tuple[float, float, float]:
        """A hub ring's radius (mid-line), width and its shape emblem's radius."""
        w = max(3.0, 3.6 * self.s)
        return self.airport_radius() + max(2.0, 2.2 * self.s) + w / 2, w, max(4.0, 4.4 * self.s)

    def airport_reach(self, hub: bool = False) -> float:
        """How far an airport's own drawing (with a hub ring if ``hub``)
        reaches from its centre."""
        if not hub:
            return self.airport_radius() + max(1.5, 1.8 * self.s) + 1
        R, w, e = self.hub_ring()
        return R + max(w / 2 + 1.2, e * 1.25) + 1

    def hubs_at(self, state: GameState) -> dict[int, list[int]]:
        at: dict[int, list[int]] = {}
        for p in range(state.P):
            for a in state.hubs[p]:
                at.setdefault(a, []).append(p)
        return at

    def hub_emblem_angle(self, a: int, k: int, n: int) -> float:
        """Where on airport ``a``'s ring the ``k``-th of ``n`` hubs shows its
        airline's shape (the arcs part at the code label, so none hides under it)."""
        lx, ly = self.label_direction(a)
        return math.atan2(ly, lx) + (k + 0.5) * 2 * math.pi / n

    def flag_size(self) -> tuple[float, float, float]:
        """A cross-border flag's cloth width and height and its pole's height."""
        return max(13.0, 15 * self.s), max(9.0, 10.5 * self.s), max(16.0, 19 * self.s)

    def flag_at(self, r: int, pos: Point) -> tuple[Point, int, float]:
        """The cross-border flag of the plane token at ``pos`` on route ``r``:
        the foot of its pole (at the plane's tail, on the route), which way
        its cloth flies (1 right, -1 left, before the lean) and how its pole
        leans (square to the route, the cloth trailing behind the plane as
        if in the wind).  A token of a formation beside the route (a short
        route, several airlines) flies its flag away from the others."""
        return self._flag_from(r, pos, self._below(r, pos))

    def _flag_from(self, r: int, pos: Point, below: bool) -> tuple[Point, int, float]:
        ang = self.route_angle(r)
        k = self.token_radius() * 0.92
        foot = pos[0] - math.cos(ang) * k, pos[1] - math.sin(ang) * k
        return (foot, 1, ang + math.pi) if below else (foot, -1, ang)

    def flag_rect(self, foot: Point, facing: int, tilt: float = 0.0) -> pygame.Rect:
        """The window rectangle of a flag planted at ``foot`` whose pole leans ``tilt``."""
        cw, ch, pole = self.flag_size()
        w = cw + max(1.5, pole * 0.09) + 4
        x0, x1 = (-3, w - 3) if facing > 0 else (3 - w, 3)
        ca, sa = math.cos(tilt), math.sin(tilt)
        pts = [(foot[0] + x * ca - y * sa, foot[1] + x * sa + y * ca)
               for x in (x0, x1) for y in (-pole - 3, 2)]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        return pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                           math.ceil(max(ys) - min(ys)) + 1)

    def flags(self, state: GameState) -> list[tuple[int, int, Point, int, float]]:
        """The cross-border flags on the board: (player, route, foot, facing, lean).
        A marker goes on a route with the airline's first plane there and
        leaves with its planes (R13, §7.3), so each flies at its plane token."""
        return self._flags_of(state, self.plane_tokens(state))

    def _flags_of(self, state: GameState, tokens: list[tuple[int, int, Point, int]]
                  ) -> list[tuple[int, int, Point, int, float]]:
        return [(p, r, *self.flag_at(r, pos)) for p, r, pos, _ in tokens if r in state.markers[p]]

    # --- code labels
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
        got = self._label_rects.get(i)
        if got is None:
            got = self._label_rects[i] = self._label_box(i)
        return got.copy()

    def _label_box(self, i: int) -> pygame.Rect:
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

    # --- call signs
    def callsign_radius(self) -> float:
        return max(8.0, 9 * self.s)

    def _cube(self, center: Point) -> pygame.Rect:
        """The subsidy cube that sits on the lower right of a call-sign badge."""
        rr = self.callsign_radius()
        k = max(4, int(5 * self.s))
        cube = pygame.Rect(0, 0, 2 * k, 2 * k)
        cube.center = (round(center[0] + rr * 0.95), round(center[1] + rr * 0.85))
        return cube

    def _badge_rect(self, center: Point) -> pygame.Rect:
        """The window rectangle a badge at ``center`` covers (every pixel that
        ``BoardView`` draws for it: its rim and shadow, and its cube)."""
        cx, cy = round(center[0]), round(center[1])
        R = math.ceil(self.callsign_radius() + 2)
        disc = pygame.Rect(cx - R - 1, cy - R - 1, 2 * R + 3, 2 * R + math.ceil(max(1, self.s)) + 3)
        cube = self._cube((cx, cy))
        return disc.union(cube.inflate(2, 2)).union(cube.move(0, max(1, int(self.s))))

    def callsign_leader(self, a: int, at: Point | None = None) -> tuple[Point, Point] | None:
        """A thin line from airport ``a`` to its call-sign badge (or to a badge
        at ``at``) when the badge had to sit further out, so it still reads as
        the airport's."""
        x, y = self.apx[a]
        bx, by = self.callsign_badge_pos(a) if at is None else at
        d = math.dist((x, y), (bx, by))
        rr = self.callsign_radius()
        d0 = self.airport_reach() + rr + 2
        if d < d0 + 5 * self.s:
            return None
        if self._badge_rect((bx, by)).inflate(round(8 * self.s), round(8 * self.s)).colliderect(self.label_rect(a)):
            return None  # beside its own code: that says whose it is
        ux, uy = (bx - x) / d, (by - y) / d
        r0, r1 = self.airport_radius() + 1, d - rr
        return (x + ux * r0, y + uy * r0), (x + ux * r1, y + uy * r1)

    def leader_width(self) -> int:
        """A leader line's width with its light edge."""
        return max(3, round(3 * self.s))

    def badge_area(self, a: int, at: Point | None = None) -> pygame.Rect:
        """The window area airport ``a``'s badge (or a badge at ``at``) covers
        with its cube and leader line: what changes when it comes or goes."""
        at = self.callsign_badge_pos(a) if at is None else at
        area = self._badge_rect(at)
        lead = self.callsign_leader(a, at)
        if lead is not None:
            (x0, y0), (x1, y1) = lead
            k = self.leader_width() + 2
            area = area.union(pygame.Rect(math.floor(min(x0, x1)) - k, math.floor(min(y0, y1)) - k,
                                          math.ceil(abs(x1 - x0)) + 2 * k + 1, math.ceil(abs(y1 - y0)) + 2 * k + 1))
        return area

    def badge_moves(self, before: Badges, after: Badges) -> list[pygame.Rect]:
        """The window areas that change when the badges at ``before`` go to
        ``after``: where each badge that moved, came or went was and is."""
        out = []
        for a in sorted(before.keys() | after.keys()):
            was, now = before.get(a), after.get(a)
            if was is not None and now is not None and was[0] == now[0]:
                continue
            out += [self.badge_area(a, spot[0]) for spot in (was, now) if spot is not None]
        return out

    def callsign_badge_pos(self, a: int) -> Point:
        """Where airport ``a``'s call-sign badge sits: the best free spot
        beside it (see ``_badge_candidates``)."""
        got = self._badge_at.get(a)
        return got[0] if got is not None else self._badge_candidates(a)[0][1]

    def callsign_rect(self, a: int) -> pygame.Rect:
        """The window rectangle of airport ``a``'s call-sign badge with its cube."""
        return self._badge_rect(self.callsign_badge_pos(a))

    def place_badges(self, state: GameState) -> Badges:
        """Choose the badges' spots for ``state``, in call-sign order: for
        each the best spot of ``_badge_candidates`` that keeps off the plane
        tokens and flags on the board now and off the badges before it.  A
        spot so depends only on the layout, on the earlier call signs and on
        the pieces right beside it: placing a call sign never moves an
        earlier one, and a plane moves a badge only when it lands on it."""
        tokens = self.plane_tokens(state)
        pieces = [self.token_rect(r, pos, n) for _, r, pos, n in tokens]
        pieces += [self.flag_rect(foot, facing, lean) for _, _, foot, facing, lean in self._flags_of(state, tokens)]
        hubs = sorted(self.hubs_at(state)) if self.board.uses_hubs else []
        key = (*state.callsign_airport, *hubs, *(tuple(r) for r in pieces))
        if key == self._badge_key:
            return self._badge_at
        placed: dict[int, tuple[Point, pygame.Rect]] = {}
        for a in state.callsign_airport:
            if a < 0:
                continue
            best: tuple[float, Point, pygame.Rect] | None = None
            for score, pos, rect in self._badge_candidates(a):
                if best is not None and score >= best[0]:
                    break
                grown = rect.inflate(2, 2)
                hits = 3 * sum(1 for _, q in placed.values() if grown.colliderect(q))
                hits += sum(1 for q in pieces if grown.colliderect(q))
                hits += sum(1 for h in hubs if _circle_hits(self.apx[h], self.airport_reach(True), grown))
                total = score + 100 * hits
                if best is None or total < best[0]:
                    best = (total, pos, rect)
            assert best is not None
            placed[a] = (best[1], best[2])
        self._badge_key, self._badge_at = key, placed
        return placed

    def _badge_candidates(self, a: int) -> list[tuple[float, Point, pygame.Rect]]:
        """Spots for airport ``a``'s badge, best first, scored against what
        never moves: every route line, every airport (with room for a hub
        ring), every code label and every place a plane token or a flag can
        take; then nearer the airport and opposite its label is better."""
        got = self._candidates.get(a)
        if got is not None:
            return got
        s = self.s
        ob = self._obstacles_near()
        x, y = self.apx[a]
        rr = self.callsign_radius()
        d0 = self.airport_reach() + rr + 2
        lx, ly = self.label_direction(a)
        want = math.atan2(-ly, -lx)
        area = self.rect.inflate(-4, -4)
        steps, step = 24, 3 * s
        reach = d0 + step * steps + 2 * rr + 4
        near = pygame.Rect(0, 0, 2 * reach, 2 * reach)
        near.center = (round(x), round(y))
        segs = [(p, q) for p, q in ob.segments if near.clipline(p, q)]
        lines = [(p, q) for p, q in ob.routes if near.clipline(p, q)]
        discs = [(c, rad) for c, rad in ob.discs if near.inflate(2 * rad, 2 * rad).collidepoint(c)]
        hard = [r for r in ob.rects if near.colliderect(r)]
        soft = [(r, wt) for r, wt in ob.soft if near.colliderect(r)]
        soft_rects, soft_wt = [r for r, _ in soft], [wt for _, wt in soft]
        disc_boxes = [pygame.Rect(c[0] - rad, c[1] - rad, 2 * rad + 1, 2 * rad + 1) for c, rad in discs]
        own = self.label_rect(a)
        out = []
        for j in range(steps):
            d = d0 + j * step
            for i in range(36):
                ang = want + math.radians(10 * i)
                pos = (x + d * math.cos(ang), y + d * math.sin(ang))
                rect = self._badge_rect(pos)
                hits: float = 0 if area.contains(rect) else 10
                hits += sum(1 for p, q in segs if rect.clipline(p, q))
                hits += sum(1 for k in rect.collidelistall(disc_boxes) if _circle_hits(*discs[k], rect))
                hits += len(rect.collidelistall(hard))
                by_code = rect.inflate(round(8 * s), round(8 * s)).colliderect(own)
                if j and not by_code and not hits:  # the leader line out to a far spot should cross nothing either
                    lead = ((x + math.cos(ang) * d0 * 0.5, y + math.sin(ang) * d0 * 0.5),
                            (x + math.cos(ang) * (d - rr), y + math.sin(ang) * (d - rr)))
                    hits += sum(1 for r in hard if r.clipline(*lead)) * 0.4
                    hits += sum(1 for p, q in lines if _crosses(lead, (p, q))) * 0.3
                turn = abs((ang - want + math.pi) % (2 * math.pi) - math.pi)
                score = (100 * hits + sum(soft_wt[k] for k in rect.collidelistall(soft_rects))
                         + 2.0 * (min(j, 4) if by_code else j) + 1.5 * turn)
                out.append((score, pos, rect))
        out.sort(key=lambda t: t[0])
        self._candidates[a] = out
        return out

    def _obstacles_near(self) -> "_Obstacles":
        """What a call-sign badge must keep off, for this layout (made once)."""
        if self._obstacles is not None:
            return self._obstacles
        ob = _Obstacles()
        pad = max(2.0, 1.6 * self.s)
        for r in range(len(self.board.routes)):
            a, b = self.route_ends_px(r)
            L = math.dist(a, b) or 1.0
            nx, ny = -(b[1] - a[1]) / L * pad, (b[0] - a[0]) / L * pad
            ob.routes.append((a, b))
            ob.segments += [(a, b), ((a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny)),
                            ((a[0] - nx, a[1] - ny), (b[0] - nx, b[1] - ny))]
        P = len(self.seats)
        for r in range(len(self.board.routes)):
            # the more airlines a token needs on its route, the rarer it is
            for n, wt in zip(range(1, P + 1), (25.0, 8.0, 3.0, 1.0, 1.0, 1.0)):
                for pos in self.token_slots(r, n):
                    ob.soft.append((self.token_rect(r, pos, 2).inflate(2, 2), wt))
        reach = self.airport_reach()
        ob.discs = [(c, reach) for c in self.apx]
        ob.rects += [self.label_rect(i).inflate(2, 2) for i in range(len(self.board.airports))]
        self._obstacles = ob
        return ob
