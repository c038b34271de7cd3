"""Where the Blue Skies board's pieces go: airport boxes, gate slots, region
badges, the territories of the regions.

Pure geometry, no drawing and no game state: ``BSPieces.place(rect)`` works
out, once per size, the window position of every airport's dot, its box (the
code, the little numbers and the row of gate spaces in play), each gate
space, the lines from far boxes back to their dots and a free spot for each
region's badge.  ``BSBoardView`` (``board.py``) inherits this and draws.

The boxes never overlap each other and stay inside the map rectangle
(``place_boxes``: candidate spots all round each dot at growing distances,
chosen greedily, crowded airports first, then improved pass by pass until no
two boxes meet; ``tests/ui/test_bsboard.py`` checks it at three sizes).  The
board's ``label`` offsets (close pairs such as New York and Philadelphia)
say which side of its dot a box prefers.

Sizes follow ``scale`` (1.0 on the smallest board the game shows, about
620×390 px; text then sits at ``assets.MIN_TEXT_PX``) and grow more slowly
than the map, so a large window gets roomier, not just bigger, boxes.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Sequence

import pygame

from opensky.blueskies.board import BSBoard
from opensky.i18n import tr
from opensky.ui import assets
from opensky.ui.mapart import ViewTransform

Point = tuple[float, float]
Color = tuple[int, int, int]

#: The regions' colours by region index (cycled): neighbours on the usa board
#: (West-Southwest-Central-South-Atlantic-Northeast-Great Lakes) kept apart.
REGION_COLORS: tuple[Color, ...] = (
    (146, 112, 204),   # violet
    (38, 156, 150),    # sea green
    (72, 134, 206),    # lake blue
    (176, 120, 58),    # prairie ochre
    (206, 88, 96),     # rose
    (224, 150, 62),    # desert sand
    (96, 160, 72),     # forest green
)

#: The legend's corner when the board names none, as fractions of the canvas:
#: south-west of every airport (the Pacific and Mexico on the usa board).
LEGEND_CANVAS = (0.0, 0.655, 0.4, 1.0)

#: The map scale (window px per canvas unit) at which ``scale`` is 1.
BASE_MAP_SCALE = 0.39


def region_color(r: int) -> Color:
    return REGION_COLORS[r % len(REGION_COLORS)]


# ------------------------------------------------------------------ territories
def voronoi_cells(points: Sequence[Point], bounds: tuple[float, float, float, float]) -> list[list[Point]]:
    """Each point's Voronoi cell inside ``bounds`` (x0, y0, x1, y1), as a
    polygon: the rectangle clipped by the half-plane nearer to the point than
    to each other point."""
    x0, y0, x1, y1 = bounds
    cells = []
    for i, (px, py) in enumerate(points):
        poly: list[Point] = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for j, (qx, qy) in enumerate(points):
            if i == j or (qx, qy) == (px, py):
                continue
            nx, ny = qx - px, qy - py                 # keep n·x <= c
            c = (qx * qx + qy * qy - px * px - py * py) / 2
            out: list[Point] = []
            for k, a in enumerate(poly):
                b = poly[(k + 1) % len(poly)]
                da, db = nx * a[0] + ny * a[1] - c, nx * b[0] + ny * b[1] - c
                if da <= 0:
                    out.append(a)
                if (da < 0) != (db < 0) and da != db:
                    t = da / (da - db)
                    out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
            poly = out
            if len(poly) < 3:
                break
        cells.append(poly)
    return cells


_CELLS: dict[int, tuple[BSBoard, tuple[float, ...], list[list[Point]]]] = {}


def territory_cells(board: BSBoard, bounds: tuple[float, float, float, float]) -> list[list[Point]]:
    """Each airport's Voronoi cell in canvas units, inside ``bounds`` (cached per board)."""
    got = _CELLS.get(id(board))
    if got is None or got[0] is not board or got[1] != tuple(bounds):
        got = _CELLS[id(board)] = (board, tuple(bounds), voronoi_cells([a.pos for a in board.airports], bounds))
    return got[2]


def inside(p: Point, poly: Sequence[Point]) -> bool:
    """Whether ``p`` is inside the polygon (even-odd rule)."""
    x, y = p
    n = len(poly)
    hit = False
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def shared_edges(cells: Sequence[Sequence[Point]], tol: float = 0.5) -> dict[tuple[int, int], tuple[Point, Point]]:
    """The edge two Voronoi cells share, by pair of cells (i < j)."""
    def key(p: Point) -> tuple[int, int]:
        return (round(p[0] / tol), round(p[1] / tol))
    owner: dict[tuple[tuple[int, int], tuple[int, int]], tuple[int, Point, Point]] = {}
    out: dict[tuple[int, int], tuple[Point, Point]] = {}
    for i, poly in enumerate(cells):
        for k, a in enumerate(poly):
            b = poly[(k + 1) % len(poly)]
            ka, kb = key(a), key(b)
            if ka == kb:
                continue
            e = (min(ka, kb), max(ka, kb))
            if e in owner and owner[e][0] != i:
                j = owner[e][0]
                out[(min(i, j), max(i, j))] = (a, b)
            else:
                owner[e] = (i, a, b)
    return out


# ------------------------------------------------------------------ boxes
@dataclass(frozen=True)
class BoxMetrics:
    """The inside of an airport box, in window pixels."""
    k: float          #: the pieces' scale
    spaces: int       #: gate spaces in play
    font: int         #: text size (never under ``MIN_TEXT_PX``)
    pad: int
    tab: int          #: a strip above the body (none now; kept for the layout's arithmetic)
    header: int       #: the row with the code and the little numbers
    pitch: int        #: one gate space
    slot_r: float     #: a gate emblem's radius
    chip_w: int
    chip_h: int
    chip_gap: int
    code_w: int
    w: int
    h: int
    gap: int          #: between the dot and its box
    dot_r: float


def box_metrics(k: float, spaces: int, codes: Sequence[str] = ("MMM",)) -> BoxMetrics:
    """The box at scale ``k``: a row with the code and three number chips
    over the row of gate spaces, as tight as 12 px text allows (a box
    of about 73×35 px at ``k`` = 1: thirty of them fit a 620×390 map with
    few and short lines back to their cities)."""
    font = assets.px(12 * k)
    f = assets.font(font, "bold")
    code_w = max(f.size(c)[0] for c in codes)
    digit = max(f.size(d)[0] for d in "0123456789")
    pad = max(2, round(2.5 * k))
    chip_w = digit + max(2, round(3.5 * k - 1))
    chip_h = max(13, round(14 * k))
    chip_gap = max(0, round(1.5 * k - 1.2))         # none on the smallest boxes: the colours part them
    header = chip_h + 1
    pitch = max(15, round(16.5 * k))
    head_w = code_w + max(2, round(3 * k)) + 3 * chip_w + 2 * chip_gap
    w = 2 * pad + max(head_w, spaces * pitch)
    h = pad + header + 1 + pitch + pad
    dot_r = max(2.5, 3.0 * k)
    return BoxMetrics(k, spaces, font, pad, 0, header, pitch, pitch * 0.41, chip_w, chip_h, chip_gap,
                      code_w, w, h, round(dot_r + 3 * k), dot_r)


_EXTRA = (0.0, 0.3, 0.7, 1.2, 1.8, 2.6, 3.6, 4.8, 6.2)
_ANGLES = 24
STEPS = 200
FAR_W = 2.0
FAR_POW = 2.0
LEAD_BOX = 90.0
LEAD_LEAD = 40.0


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ab and cd cross."""
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


@dataclass
class _Spot:
    cost: float          #: its own cost: distance from the dot, side, the board's preference
    rect: pygame.Rect
    lead: tuple[Point, Point] | None   #: the line back to the dot, if the box is not beside it
    ext: pygame.Rect = field(default_factory=pygame.Rect)   #: the box and its line together

    def __post_init__(self) -> None:
        self.ext = self.rect.copy()
        if self.lead is not None:
            (x0, y0), (x1, y1) = self.lead
            self.ext.union_ip(pygame.Rect(round(min(x0, x1)) - 1, round(min(y0, y1)) - 1,
                                          round(abs(x1 - x0)) + 3, round(abs(y1 - y0)) + 3))


def _candidates(dot: Point, w: int, h: int, gap: float, area: pygame.Rect,
                prefer: Point | None) -> list[_Spot]:
    x, y = dot
    out: list[_Spot] = []
    pa = math.atan2(prefer[1], prefer[0]) if prefer is not None else None
    for extra in _EXTRA:
        for j in range(_ANGLES):
            th = 2 * math.pi * j / _ANGLES
            cx, cy = math.cos(th), math.sin(th)
            t = min(w / 2 / abs(cx) if abs(cx) > 1e-9 else math.inf,
                    h / 2 / abs(cy) if abs(cy) > 1e-9 else math.inf)
            d = t + gap + extra * h
            r = pygame.Rect(0, 0, w, h)
            r.center = (round(x + cx * d), round(y + cy * d))
            if not area.contains(r):
                continue
            q = nearest_on_rect(dot, r)
            far = math.dist(dot, q)
            cost = FAR_W * (far / h) ** FAR_POW + (1 - cx) * 0.35 + (0.15 if cy > 0 else 0.0)
            if pa is not None:
                cost += (1 - math.cos(th - pa)) * 3.0
            out.append(_Spot(cost, r, (dot, q) if far > 1.5 * gap else None))
    out.sort(key=lambda c: c.cost)
    return out


def _pair_cost(a: _Spot, b: _Spot, area_wh: float) -> float:
    """What two boxes cost together: overlapping, a line through the other
    box, two lines crossing."""
    c = 0.0
    if a.rect.colliderect(b.rect):
        o = a.rect.clip(b.rect)
        c += 200.0 + 2000.0 * o.w * o.h / area_wh
    if a.lead is not None and b.rect.clipline(*a.lead):
        c += LEAD_BOX
    if b.lead is not None and a.rect.clipline(*b.lead):
        c += LEAD_BOX
    if a.lead is not None and b.lead is not None and _crosses(a.lead[0], a.lead[1], b.lead[0], b.lead[1]):
        c += LEAD_LEAD
    return c


def place_boxes(dots: Sequence[Point], size: tuple[int, int], area: pygame.Rect,
                prefer: Sequence[Point | None], gap: float, dot_r: float,
                blocked: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """A box of ``size`` for each dot, inside ``area`` and off ``blocked``,
    none overlapping another, each as near its dot as the crowd allows and
    covering no other dot (see the module docstring)."""
    w, h = size
    n = len(dots)
    if n == 0:
        return []
    cands = [_candidates(d, w, h, gap, area, prefer[i]) for i, d in enumerate(dots)]
    if blocked:
        cands = [[sp for sp in c if sp.rect.collidelist(list(blocked)) < 0] or c for c in cands]
    for i, c in enumerate(cands):
        if not c:                                   # a tiny area: clamp somewhere
            r = pygame.Rect(0, 0, w, h)
            r.center = (round(dots[i][0]), round(dots[i][1]))
            cands[i] = [_Spot(100.0, r.clamp(area), None)]
    avoid = [pygame.Rect(round(x - dot_r - 1), round(y - dot_r - 1), round(2 * dot_r + 2), round(2 * dot_r + 2))
             for x, y in dots]
    for i, c in enumerate(cands):       # a box never hides another airport's dot (if it can help it)
        for sp in c:
            sp.cost += 500.0 * sum(1 for j in sp.rect.collidelistall(avoid) if j != i)
        c.sort(key=lambda sp: sp.cost)
        cands[i] = [sp for sp in c if sp.cost < 500.0] or c
    area_wh = float(w * h)
    reach = 3.0 * max(w, h)
    crowd = [sum(1 for e in dots if math.dist(d, e) < reach) for d in dots]
    order = sorted(range(n), key=lambda i: (-crowd[i], i))
    chosen: list[_Spot | None] = [None] * n
    far = pygame.Rect(-10**6, -10**6, 1, 1)
    exts = [far] * n          # the chosen spots' extents (none yet: far away)

    def cost_of(i: int, sp: _Spot) -> float:
        total = sp.cost
        for j in sp.ext.collidelistall(exts):
            o = chosen[j]
            if j != i and o is not None:
                total += _pair_cost(sp, o, area_wh)
        return total

    def best(i: int) -> tuple[float, int]:
        bi, bc = 0, math.inf
        for ci, sp in enumerate(cands[i]):
            if sp.cost >= bc:
                break
            c = cost_of(i, sp)
            if c < bc:
                bi, bc = ci, c
        return bc, bi

    pick = [0] * n
    for i in order:
        pick[i] = best(i)[1]
        chosen[i] = cands[i][pick[i]]
        exts[i] = chosen[i].ext  # type: ignore[union-attr]
    # anneal: move one box at a time to another of its spots, now and then
    # to a worse one while the temperature is high (seeded: the same layout
    # for the same size every time)
    rng = random.Random(n * 7919 + w * 31 + h)
    steps = STEPS * n
    for step in range(steps):
        temp = 30.0 * (0.005 ** (step / steps))
        i = rng.randrange(n)
        nc = len(cands[i])
        ci = rng.randrange(min(nc, 60)) if rng.random() < 0.8 else rng.randrange(nc)
        if ci == pick[i]:
            continue
        delta = cost_of(i, cands[i][ci]) - cost_of(i, cands[i][pick[i]])
        if delta < 0 or rng.random() < math.exp(-delta / temp):
            pick[i] = ci
            chosen[i] = cands[i][ci]
            exts[i] = cands[i][ci].ext
    for _ in range(12):
        changed = False
        for i in order:
            bc, b = best(i)
            if b != pick[i] and bc < cost_of(i, cands[i][pick[i]]) - 1e-9:
                pick[i] = b
                chosen[i] = cands[i][b]
                exts[i] = cands[i][b].ext
                changed = True
        if not changed:
            break
    # two boxes whose lines cross (or run through the other box) often need
    # to move together, which one box at a time never finds: try pairs
    for i in range(n):
        for j in range(i + 1, n):
            sa, sb = chosen[i], chosen[j]
            if sa is None or sb is None or _pair_cost(sa, sb, area_wh) <= 0:
                continue
            chosen[i] = chosen[j] = None
            exts[i] = exts[j] = far
            top_i, top_j = cands[i][:36], cands[j][:36]
            own_i = [cost_of(i, sp) for sp in top_i]
            own_j = [cost_of(j, sp) for sp in top_j]
            best_pair = (own_i[0] + own_j[0] + _pair_cost(top_i[0], top_j[0], area_wh), 0, 0)
            old = cost_of(i, sa) + cost_of(j, sb) + _pair_cost(sa, sb, area_wh)
            for x, si in enumerate(top_i):
                for y, sj in enumerate(top_j):
                    tot = own_i[x] + own_j[y]
                    if tot < best_pair[0]:
                        tot += _pair_cost(si, sj, area_wh)
                        if tot < best_pair[0]:
                            best_pair = (tot, x, y)
            if best_pair[0] < old - 1e-9:
                sa, sb = top_i[best_pair[1]], top_j[best_pair[2]]
            chosen[i], chosen[j] = sa, sb
            exts[i], exts[j] = sa.ext, sb.ext
    return [sp.rect for sp in chosen if sp is not None]


def nearest_on_rect(p: Point, r: pygame.Rect) -> Point:
    return (min(max(p[0], r.left), r.right), min(max(p[1], r.top), r.bottom))


# ------------------------------------------------------------------ the pieces
#: Box layouts already worked out, by (board, width, height, spaces): the
#: placement takes a few hundred milliseconds, a window goes back and forth
#: between a few sizes.
_LAYOUTS: dict[tuple[int, int, int, int], tuple[BSBoard, list[pygame.Rect]]] = {}


class BSPieces:
    """Where the pieces of ``board`` go in the window area set by ``place``."""

    def __init__(self, board: BSBoard):
        self.board = board
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.tf: ViewTransform | None = None
        self.scale = 1.0
        self.spaces = 4
        self.m = box_metrics(1.0, 4)
        self.dots: list[Point] = []
        self.boxes: list[pygame.Rect] = []
        self.slots: list[list[Point]] = []
        self.leaders: list[tuple[Point, Point] | None] = []
        self.badges: dict[int, pygame.Rect] = {}
        self.legend = pygame.Rect(0, 0, 0, 0)

    # --- layout
    def place(self, rect: pygame.Rect, spaces: int) -> None:
        """Lay the board out in window area ``rect`` for ``spaces`` gate
        spaces per airport (the player count's, ``state.spaces``)."""
        self.rect = rect.copy()
        self.spaces = spaces
        self.tf = ViewTransform.fit(self.board.canvas, rect.size, 0)
        self.scale = min(2.2, max(1.0, self.tf.scale / BASE_MAP_SCALE) ** 0.6)
        self.m = m = box_metrics(self.scale, spaces, self.board.codes)
        self.dots = [self.px(a.pos) for a in self.board.airports]
        prefer: list[Point | None] = []
        for a in self.board.airports:
            lab = a.extra.get("label")
            if isinstance(lab, (list, tuple)) and len(lab) == 2 and all(isinstance(v, (int, float)) for v in lab):
                prefer.append((float(lab[0]), float(lab[1])))
            else:
                prefer.append(None)
        self.legend = self._legend_area()
        key = (id(self.board), rect.w, rect.h, spaces)
        got = _LAYOUTS.get(key)
        if got is None or got[0] is not self.board:
            local = [(d[0] - rect.x, d[1] - rect.y) for d in self.dots]
            edge = max(2, round(3 * self.scale))
            inner = pygame.Rect(0, 0, rect.w, rect.h).inflate(-2 * edge, -2 * edge)
            if len(_LAYOUTS) > 32:
                _LAYOUTS.clear()
            keep = [self.legend.move(-rect.x, -rect.y)] if self.legend.w > 0 else []
            got = _LAYOUTS[key] = (self.board, place_boxes(local, (m.w, m.h), inner, prefer, m.gap, m.dot_r,
                                                           keep))
        self.boxes = [b.move(rect.x, rect.y) for b in got[1]]
        self.slots = [self._slot_centers(b) for b in self.boxes]
        self.leaders = []
        for d, b in zip(self.dots, self.boxes):
            q = nearest_on_rect(d, b.inflate(-2, -2))
            self.leaders.append((d, q) if math.dist(d, q) > m.gap + 2 else None)
        self.badges = self._place_badges()

    def _legend_area(self) -> pygame.Rect:
        """The corner kept free of boxes for the legend, in window pixels:
        the board's ``legend`` [x0, y0, x1, y1] in canvas units if it has one,
        else ``LEGEND_CANVAS``; shrunk below any dot inside it."""
        cw, ch = self.board.canvas
        x0, y0, x1, y1 = LEGEND_CANVAS[0] * cw, LEGEND_CANVAS[1] * ch, LEGEND_CANVAS[2] * cw, LEGEND_CANVAS[3] * ch
        raw = self.board.extra.get("legend")
        if isinstance(raw, (list, tuple)) and len(raw) == 4 and all(isinstance(v, (int, float)) for v in raw):
            x0, y0, x1, y1 = (float(v) for v in raw)
        edge = max(3, round(6 * self.scale))
        a, b = self.px((x0, y0)), self.px((x1, y1))
        r = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))
        r = r.clip(self.rect.inflate(-2 * edge, -2 * edge))
        for d in self.dots:                       # shrink off any dot inside
            if r.collidepoint(d):
                bottom = r.bottom
                r.y = max(r.y, round(d[1]) + 2 * edge)
                r.h = max(0, bottom - r.y)
        return r

    def legend_rect(self) -> pygame.Rect:
        """Where the legend goes on the map: no box or dot is there."""
        return self.legend.copy()

    def px(self, canvas_pos: Sequence[float]) -> Point:
        assert self.tf is not None
        x, y = self.tf.to_px((canvas_pos[0], canvas_pos[1]))
        return (x + self.rect.x, y + self.rect.y)

    def body(self, a: int) -> pygame.Rect:
        """The box without the strip where the cards peek out."""
        b = self.boxes[a]
        return pygame.Rect(b.x, b.y + self.m.tab, b.w, b.h - self.m.tab)

    def _slot_centers(self, box: pygame.Rect) -> list[Point]:
        m = self.m
        y = box.y + m.tab + m.pad + m.header + max(1, round(m.k)) + m.pitch / 2
        x0 = box.centerx - m.spaces * m.pitch / 2
        return [(x0 + (i + 0.5) * m.pitch, y) for i in range(m.spaces)]

    def header_rect(self, a: int) -> pygame.Rect:
        m = self.m
        b = self.body(a)
        return pygame.Rect(b.x + m.pad, b.y + m.pad, b.w - 2 * m.pad, m.header)

    def chip_rects(self, a: int) -> list[pygame.Rect]:
        """Where the gate cost, the value and the buyout cost sit, in that order."""
        m = self.m
        hr = self.header_rect(a)
        x = hr.right
        out = []
        for _ in range(3):
            x -= m.chip_w
            out.append(pygame.Rect(x, hr.centery - m.chip_h // 2, m.chip_w, m.chip_h))
            x -= m.chip_gap
        return out[::-1]

    # --- the API the scene reads
    def airport_center(self, a: int) -> Point:
        return (float(self.boxes[a].centerx), float(self.boxes[a].centery))

    def dot(self, a: int) -> Point:
        return self.dots[a]

    def airport_rect(self, a: int) -> pygame.Rect:
        return self.boxes[a].copy()

    def gate_center(self, a: int, slot: int) -> Point:
        return self.slots[a][max(0, min(slot, len(self.slots[a]) - 1))]

    def waiting_center(self, a: int) -> Point:
        """Cubes at an airport with no gate wait in its first space (§3)."""
        return self.slots[a][0]

    def slot_rect(self, a: int, slot: int) -> pygame.Rect:
        x, y = self.gate_center(a, slot)
        p = self.m.pitch
        return pygame.Rect(round(x - p / 2), round(y - p / 2), p, p)

    def airport_at(self, pos: Point) -> int | None:
        """The airport whose box (a little grown) or dot is under ``pos``,
        the nearest if several are in reach."""
        grow = max(4, round(4 * self.scale))
        best, best_d = None, math.inf
        for a, b in enumerate(self.boxes):
            if b.inflate(grow, grow).collidepoint(pos):
                d = math.dist(pos, b.center) / max(b.w, b.h)
                if d < best_d:
                    best, best_d = a, d
        if best is not None:
            return best
        reach = max(10.0, 10 * self.scale)
        for a, dot in enumerate(self.dots):
            dd = math.dist(pos, dot)
            if dd < reach and dd < best_d:
                best, best_d = a, dd
        return best

    def gate_at(self, pos: Point) -> tuple[int, int] | None:
        """The gate space in play under ``pos``: (airport, slot)."""
        for a, b in enumerate(self.boxes):
            if b.collidepoint(pos):
                for s in range(len(self.slots[a])):
                    if self.slot_rect(a, s).collidepoint(pos):
                        return (a, s)
        return None

    # --- region badges
    def badge_size(self, r: int) -> tuple[int, int]:
        """A region badge: its name, "first/second" and room for the leader's emblem."""
        m = self.m
        reg = self.board.regions[r]
        f = assets.font(m.font, "semibold")
        h = m.chip_h + 2 * max(2, round(2 * m.k))
        w = f.size(tr(reg.name))[0] + f.size(f"{reg.bonus[0]}/{reg.bonus[1]}")[0] + round(2.2 * h) + 2 * m.pad
        return (w, h)

    def _place_badges(self) -> dict[int, pygame.Rect]:
        """A free spot for each region's badge on its own territory, near
        the middle of its airports, off every box, dot and the legend (and if
        it can, off the lines to the boxes); none where there is none."""
        out: dict[int, pygame.Rect] = {}
        blocked = [b.inflate(6, 6) for b in self.boxes] + [self.legend.inflate(6, 6)]
        blocked += [pygame.Rect(round(x - 6), round(y - 6), 12, 12) for x, y in self.dots]
        area = self.rect.inflate(-8, -8)
        step = max(6, round(7 * self.scale))
        leads = [ld for ld in self.leaders if ld is not None]
        cw, ch = self.board.canvas
        cells = territory_cells(self.board, (-cw, -ch, 2 * cw, 2 * ch))
        assert self.tf is not None
        tf, ox, oy = self.tf, self.rect.x, self.rect.y
        for r in range(len(self.board.regions)):
            members = [a for a, ap in enumerate(self.board.airports) if r in ap.regions]
            if not members:
                continue

            def home(b: pygame.Rect) -> bool:
                """The badge's middle lies on its region's territory."""
                c = tf.to_canvas((b.centerx - ox, b.centery - oy))
                return any(inside(c, cells[a]) for a in members)
            cx = sum(self.dots[a][0] for a in members) / len(members)
            cy = sum(self.dots[a][1] for a in members) / len(members)
            w, h = self.badge_size(r)
            found = None
            for strict in (True, False):
                for ring in range(0, 30):
                    n = 1 if ring == 0 else 6 + 3 * ring
                    for j in range(n):
                        t = 2 * math.pi * j / n
                        b = pygame.Rect(0, 0, w, h)
                        b.center = (round(cx + ring * step * math.cos(t)), round(cy + ring * step * 0.7 * math.sin(t)))
                        if not area.contains(b) or b.collidelist(blocked) >= 0:
                            continue
                        if not home(b) or (strict and any(b.clipline(p, q) for p, q in leads)):
                            continue
                        found = b
                        break
                    if found is not None:
                        break
                if found is not None:
                    break
            if found is not None:
                out[r] = found
                blocked.append(found.inflate(8, 8))
        return out
