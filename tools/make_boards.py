#!/usr/bin/env python3
"""Generate the two shipped board sides, ``boards/europe.yaml`` and
``boards/north_america.yaml``.

This script is the source of truth for the boards: the airports (IATA code,
English / Swedish / Portuguese city name, true latitude and longitude, country)
and the routes live here. It

1. projects every airport with a Lambert conformal conic projection
   (Europe: lon0 12°, standard parallels 40°/60°; North America: lon0 -98°,
   standard parallels 25°/55°; sphere of radius 6371 km),
2. scales and centres the projected points into the 1600 x 1000 canvas with a
   margin, keeping the aspect ratio (the scale and offset are written to the
   board's ``projection`` key, so a renderer can project map geometry the same
   way),
3. checks the network: every airport that is not an end of a route stays at
   least ``MIN_CLEARANCE`` canvas units away from the route's segment (fails
   loudly otherwise), the graph is connected, every pair of recommended
   call-sign airports is at most ``MAX_CALLSIGN_HOPS`` flights apart, degrees,
   cross-border routes, route crossings,
4. picks a label offset for every airport (8 directions, the one with the most
   clearance from other airports, routes and labels),
5. writes the YAML files (with a header saying they are generated).

Run from the repository root::

    python tools/make_boards.py             # writes boards/*.yaml, prints the checks
    python tools/make_boards.py --check     # checks only, writes nothing
    python tools/make_boards.py --preview   # also draws /tmp/boards_preview_<id>.png (pygame)
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from collections import deque
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARDS_DIR = ROOT / "boards"

CANVAS = (1600, 1000)
MARGIN = 80            # canvas units kept free around the airports
EARTH_RADIUS_KM = 6371.0
MIN_CLEARANCE = 35.0   # a route must pass at least this far from any other airport
MAX_CALLSIGN_HOPS = 3  # recommended call-sign airports: at most this many flights apart

# Label model written to the board (``labels`` key): ``label: [dx, dy]`` of an
# airport is the offset from its position to the centre of its label box, a box
# of about LABEL_BOX canvas units (the three-letter code at a readable size).
LABEL_BOX = (46, 22)
LABEL_GAP = 11         # from the airport's centre to the nearest edge of its label box
LABEL_FAR_EXTRA = 12   # the fallback ring is this much farther out
LABEL_FAR_COST = 20    # ... and costs as much as this length of overlapped route
DOT_RADIUS = 7         # airport marker radius assumed when scoring label positions


# --------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class AirportData:
    code: str
    city: str      # English
    sv: str        # Swedish
    pt: str        # Portuguese (European Portuguese, like the printed rules)
    lat: float
    lon: float
    country: str


@dataclass
class BoardData:
    id: str
    name: str
    names: dict[str, str]
    regional_rule: str
    lon0: float
    lat0: float
    lat1: float
    lat2: float
    countries: dict[str, tuple[str, str]]       # code -> (English name, colour)
    airports: list[AirportData]
    routes: list[tuple[str, str]]
    recommended_callsigns: list[str]
    min_cross_border: int = 0
    extra_notes: list[str] = field(default_factory=list)


def A(code, city, sv, pt, lat, lon, country):
    """Shorthand; ``None`` for sv/pt means the same as the English name."""
    return AirportData(code, city, sv or city, pt or city, lat, lon, country)


# Coordinates: the airports' reference points (degrees, north / east positive).
EUROPE = BoardData(
    id="europe",
    name="Europe",
    names={"sv": "Europa", "pt": "Europa"},
    regional_rule="hubs",
    lon0=12.0, lat0=50.0, lat1=40.0, lat2=60.0,
    # Neutral land tones; neighbouring countries get different tones.
    countries={
        "GB": ("United Kingdom", "#d8d2c4"),
        "IE": ("Ireland", "#cfd6c8"),
        "FR": ("France", "#cfd6c8"),
        "ES": ("Spain", "#d8d2c4"),
        "PT": ("Portugal", "#cdd3da"),
        "NL": ("Netherlands", "#d8d2c4"),
        "DE": ("Germany", "#e0dccf"),
        "CH": ("Switzerland", "#d8d2c4"),
        "AT": ("Austria", "#cdd3da"),
        "IT": ("Italy", "#e0dccf"),
        "DK": ("Denmark", "#cfd6c8"),
        "NO": ("Norway", "#e0dccf"),
        "SE": ("Sweden", "#d8d2c4"),
        "FI": ("Finland", "#cfd6c8"),
        "PL": ("Poland", "#d8d2c4"),
        "GR": ("Greece", "#cfd6c8"),
        "TR": ("Türkiye", "#d8d2c4"),
    },
    airports=[
        A("LHR", "London", None, "Londres", 51.4700, -0.4543, "GB"),
        A("DUB", "Dublin", None, None, 53.4213, -6.2701, "IE"),
        A("CDG", "Paris", None, None, 49.0097, 2.5479, "FR"),
        A("AMS", "Amsterdam", None, "Amesterdão", 52.3105, 4.7683, "NL"),
        A("FRA", "Frankfurt", None, None, 50.0379, 8.5622, "DE"),
        A("MUC", "Munich", "München", "Munique", 48.3537, 11.7750, "DE"),
        A("BER", "Berlin", None, "Berlim", 52.3667, 13.5033, "DE"),
        A("ZRH", "Zurich", "Zürich", "Zurique", 47.4582, 8.5555, "CH"),
        A("MAD", "Madrid", None, None, 40.4983, -3.5676, "ES"),
        A("BCN", "Barcelona", None, None, 41.2974, 2.0833, "ES"),
        A("LIS", "Lisbon", "Lissabon", "Lisboa", 38.7813, -9.1359, "PT"),
        A("FCO", "Rome", "Rom", "Roma", 41.8003, 12.2389, "IT"),
        A("VIE", "Vienna", "Wien", "Viena", 48.1103, 16.5697, "AT"),
        A("CPH", "Copenhagen", "Köpenhamn", "Copenhaga", 55.6180, 12.6508, "DK"),
        A("OSL", "Oslo", None, None, 60.1976, 11.1004, "NO"),
        A("ARN", "Stockholm", None, "Estocolmo", 59.6519, 17.9186, "SE"),
        A("HEL", "Helsinki", "Helsingfors", "Helsínquia", 60.3172, 24.9633, "FI"),
        A("WAW", "Warsaw", "Warszawa", "Varsóvia", 52.1657, 20.9671, "PL"),
        A("ATH", "Athens", "Aten", "Atenas", 37.9364, 23.9445, "GR"),
        A("IST", "Istanbul", None, "Istambul", 41.2753, 28.7519, "TR"),
    ],
    routes=[],   # filled below
    recommended_callsigns=["LHR", "CDG", "FRA", "MAD", "FCO", "ARN"],
)

NORTH_AMERICA = BoardData(
    id="north_america",
    name="North America",
    names={"sv": "Nordamerika", "pt": "América do Norte"},
    regional_rule="cross_border",
    lon0=-98.0, lat0=38.0, lat1=25.0, lat2=55.0,
    # Okabe-Ito blue / vermillion / bluish green: distinct for colour-blind viewers too.
    countries={
        "US": ("United States", "#0072B2"),
        "CA": ("Canada", "#D55E00"),
        "MX": ("Mexico", "#009E73"),
    },
    airports=[
        A("YVR", "Vancouver", None, None, 49.1967, -123.1815, "CA"),
        A("YYC", "Calgary", None, None, 51.1215, -114.0076, "CA"),
        A("YYZ", "Toronto", None, None, 43.6777, -79.6248, "CA"),
        A("YUL", "Montreal", "Montréal", "Montreal", 45.4706, -73.7408, "CA"),
        A("SFO", "San Francisco", None, "São Francisco", 37.6213, -122.3790, "US"),
        A("LAX", "Los Angeles", None, None, 33.9416, -118.4085, "US"),
        A("PHX", "Phoenix", None, None, 33.4352, -112.0101, "US"),
        A("DEN", "Denver", None, None, 39.8561, -104.6737, "US"),
        A("DFW", "Dallas", None, None, 32.8998, -97.0403, "US"),
        A("IAH", "Houston", None, None, 29.9902, -95.3368, "US"),
        A("ORD", "Chicago", None, None, 41.9742, -87.9073, "US"),
        A("MSP", "Minneapolis", None, None, 44.8820, -93.2218, "US"),
        A("ATL", "Atlanta", None, None, 33.6407, -84.4277, "US"),
        A("MIA", "Miami", None, None, 25.7959, -80.2870, "US"),
        A("JFK", "New York", None, "Nova Iorque", 40.6413, -73.7781, "US"),
        A("BOS", "Boston", None, None, 42.3656, -71.0096, "US"),
        A("MEX", "Mexico City", "Mexico City", "Cidade do México", 19.4361, -99.0719, "MX"),
        A("GDL", "Guadalajara", None, None, 20.5218, -103.3112, "MX"),
        A("MTY", "Monterrey", None, None, 25.7785, -100.1070, "MX"),
        A("CUN", "Cancún", None, None, 21.0365, -86.8771, "MX"),
    ],
    routes=[],   # filled below
    recommended_callsigns=[],  # filled below
    min_cross_border=8,
)

EUROPE.routes = [
    ("LHR", "DUB"), ("LHR", "CDG"), ("LHR", "AMS"), ("LHR", "FRA"), ("LHR", "MAD"),
    ("LHR", "LIS"), ("LHR", "ARN"),
    ("DUB", "AMS"),
    ("CDG", "AMS"), ("CDG", "FRA"), ("CDG", "MAD"), ("CDG", "BCN"), ("CDG", "ZRH"),
    ("AMS", "FRA"), ("AMS", "CPH"), ("AMS", "BER"),
    ("FRA", "MUC"), ("FRA", "ZRH"), ("FRA", "BER"),
    ("MAD", "LIS"), ("MAD", "BCN"),
    ("BCN", "FCO"), ("BCN", "ZRH"),
    ("MUC", "ZRH"), ("MUC", "BER"), ("MUC", "VIE"), ("MUC", "FCO"),
    ("ZRH", "FCO"),
    ("BER", "CPH"), ("BER", "WAW"),
    ("CPH", "OSL"), ("CPH", "ARN"),
    ("OSL", "ARN"),
    ("ARN", "HEL"), ("ARN", "WAW"),
    ("HEL", "WAW"),
    ("WAW", "VIE"), ("WAW", "IST"),
    ("VIE", "FCO"), ("VIE", "ATH"), ("VIE", "IST"),
    ("FCO", "ATH"),
    ("ATH", "IST"),
]

NORTH_AMERICA.routes = [
    ("YVR", "YYC"), ("YVR", "SFO"), ("YYC", "DEN"), ("YYC", "MSP"),
    ("SFO", "LAX"), ("SFO", "DEN"), ("LAX", "PHX"), ("LAX", "DEN"), ("PHX", "DEN"), ("PHX", "DFW"),
    ("LAX", "GDL"), ("LAX", "MEX"),
    ("DEN", "DFW"), ("DEN", "ORD"), ("DEN", "MSP"),
    ("MSP", "ORD"), ("MSP", "YYZ"),
    ("ORD", "YYZ"), ("ORD", "ATL"), ("ORD", "DFW"), ("ORD", "JFK"),
    ("DFW", "IAH"), ("DFW", "ATL"), ("DFW", "MEX"), ("DFW", "MTY"),
    ("IAH", "MEX"), ("IAH", "CUN"), ("IAH", "MIA"),
    ("ATL", "MIA"), ("ATL", "JFK"),
    ("MIA", "CUN"), ("MIA", "JFK"),
    ("JFK", "BOS"), ("JFK", "YUL"), ("JFK", "YYZ"), ("YUL", "BOS"), ("YYZ", "YUL"),
    ("MEX", "GDL"), ("MEX", "MTY"), ("MEX", "CUN"),
]
NORTH_AMERICA.recommended_callsigns = ["LAX", "DEN", "YYZ", "ATL", "JFK", "MEX"]

BOARDS = [EUROPE, NORTH_AMERICA]


# --------------------------------------------------------------------------
# Projection
# --------------------------------------------------------------------------

class LambertConformalConic:
    """Spherical Lambert conformal conic (Snyder, Map Projections, p. 104ff).

    ``forward(lat, lon)`` gives kilometres east / north of (lat0, lon0).
    """

    def __init__(self, lon0, lat0, lat1, lat2, radius=EARTH_RADIUS_KM):
        self.lon0, self.lat0, self.lat1, self.lat2, self.radius = lon0, lat0, lat1, lat2, radius
        p1, p2, p0 = (math.radians(v) for v in (lat1, lat2, lat0))
        t = lambda p: math.tan(math.pi / 4 + p / 2)  # noqa: E731
        if abs(p1 - p2) < 1e-12:
            self.n = math.sin(p1)
        else:
            self.n = math.log(math.cos(p1) / math.cos(p2)) / math.log(t(p2) / t(p1))
        self.F = math.cos(p1) * t(p1) ** self.n / self.n
        self.rho0 = radius * self.F / t(p0) ** self.n

    def forward(self, lat, lon):
        p = math.radians(lat)
        rho = self.radius * self.F / math.tan(math.pi / 4 + p / 2) ** self.n
        dl = math.radians(((lon - self.lon0 + 180.0) % 360.0) - 180.0)
        theta = self.n * dl
        return rho * math.sin(theta), self.rho0 - rho * math.cos(theta)


# --------------------------------------------------------------------------
# Geometry helpers
# --------------------------------------------------------------------------

def point_segment_distance(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _orient(a, b, c):
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a, b, c, d):
    """Proper intersection of segments ab and cd (touching at an end does not count)."""
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    return o1 * o2 < 0 and o3 * o4 < 0


def segment_segment_distance(a, b, c, d):
    if segments_cross(a, b, c, d):
        return 0.0
    return min(point_segment_distance(a, c, d), point_segment_distance(b, c, d),
               point_segment_distance(c, a, b), point_segment_distance(d, a, b))


def rect_point_distance(rect, p):
    x0, y0, x1, y1 = rect
    dx = max(x0 - p[0], 0.0, p[0] - x1)
    dy = max(y0 - p[1], 0.0, p[1] - y1)
    return math.hypot(dx, dy)


def rect_segment_distance(rect, a, b):
    x0, y0, x1, y1 = rect
    if rect_point_distance(rect, a) == 0 or rect_point_distance(rect, b) == 0:
        return 0.0
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return min(segment_segment_distance(a, b, corners[i], corners[(i + 1) % 4]) for i in range(4))


def rect_rect_distance(r, s):
    dx = max(s[0] - r[2], 0.0, r[0] - s[2])
    dy = max(s[1] - r[3], 0.0, r[1] - s[3])
    return math.hypot(dx, dy)


# --------------------------------------------------------------------------
# Building a board
# --------------------------------------------------------------------------

class BoardCheckError(RuntimeError):
    pass


def fit_positions(board: BoardData):
    proj = LambertConformalConic(board.lon0, board.lat0, board.lat1, board.lat2)
    km = {a.code: proj.forward(a.lat, a.lon) for a in board.airports}
    xs = [p[0] for p in km.values()]
    ys = [p[1] for p in km.values()]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    scale = min((CANVAS[0] - 2 * MARGIN) / w, (CANVAS[1] - 2 * MARGIN) / h)
    # centre: canvas_x = ox + scale * x_km ; canvas_y = oy - scale * y_km
    ox = CANVAS[0] / 2 - scale * (min(xs) + max(xs)) / 2
    oy = CANVAS[1] / 2 + scale * (min(ys) + max(ys)) / 2
    pos = {c: (round(ox + scale * x), round(oy - scale * y)) for c, (x, y) in km.items()}
    projection = {
        "type": "lcc",
        "lon0": board.lon0,
        "lat0": board.lat0,
        "lat1": board.lat1,
        "lat2": board.lat2,
        "radius": EARTH_RADIUS_KM,
        "scale": round(scale, 9),
        "offset": [round(ox, 4), round(oy, 4)],
    }
    return pos, projection, proj


def label_candidates():
    """The 8 directions (right first), at the normal gap, then at a wider gap as a
    fallback for crowded airports (used only when it overlaps clearly less)."""
    w, h = LABEL_BOX
    out = []
    for g in (LABEL_GAP, LABEL_GAP + LABEL_FAR_EXTRA):
        d = g / math.sqrt(2)
        out += [
            (g + w / 2, 0.0),                  # E
            (d + w / 2, -(d + h / 2)),         # NE
            (d + w / 2, d + h / 2),            # SE
            (-(g + w / 2), 0.0),               # W
            (-(d + w / 2), -(d + h / 2)),      # NW
            (-(d + w / 2), d + h / 2),         # SW
            (0.0, -(g + h / 2)),               # N
            (0.0, g + h / 2),                  # S
        ]
    return out


def label_rect(p, off):
    cx, cy = p[0] + off[0], p[1] + off[1]
    w, h = LABEL_BOX
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def clipped_length(rect, a, b):
    """Length of segment ab inside rect (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = rect
    dx, dy = b[0] - a[0], b[1] - a[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return 0.0
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
    return max(0.0, t1 - t0) * math.hypot(dx, dy)


def rect_overlap(r, s):
    w = min(r[2], s[2]) - max(r[0], s[0])
    h = min(r[3], s[3]) - max(r[1], s[1])
    return max(0.0, w) * max(0.0, h)


def place_labels(pos, routes):
    """Pick one of 8 label directions per airport.

    A candidate is scored by (1) how much it overlaps things: the length of route
    segments inside the label box (own routes included, so a label does not sit on
    its own route), other airports' markers, other labels, the canvas edge; then
    (2) its clearance, the distance to the nearest airport, route or label; then
    (3) a fixed preference order (right first). The most crowded airports choose
    first, then a few passes let every airport reconsider given the others.
    """
    cands = label_candidates()
    codes = list(pos)
    choice = {c: 0 for c in codes}
    CAP = 40.0
    PAD = 2.0

    def evaluate(code, k):
        r = label_rect(pos[code], cands[k])
        rp = (r[0] - PAD, r[1] - PAD, r[2] + PAD, r[3] + PAD)
        overlap = 0.0
        clear = CAP
        edge = min(r[0], r[1], CANVAS[0] - r[2], CANVAS[1] - r[3])
        if edge < 0:
            overlap += -edge * 10
        clear = min(clear, max(edge, 0.0))
        for o in codes:
            if o == code:
                continue
            d = rect_point_distance(r, pos[o]) - DOT_RADIUS
            if d < 0:
                overlap += -d * 10
            clear = min(clear, max(d, 0.0))
            orect = label_rect(pos[o], cands[choice[o]])
            ov = rect_overlap(rp, orect)
            overlap += ov / 4
            clear = min(clear, rect_rect_distance(r, orect))
        for a, b in routes:
            overlap += clipped_length(rp, pos[a], pos[b])
            if code not in (a, b):
                clear = min(clear, rect_segment_distance(r, pos[a], pos[b]))
        return overlap, clear

    def key(code, k):
        overlap, clear = evaluate(code, k)
        if k >= 8:
            overlap += LABEL_FAR_COST
        return (-round(overlap, 3), round(clear, 3), -k)

    def crowding(c):
        return sorted(math.dist(pos[c], pos[o]) for o in codes if o != c)[:3]

    order = sorted(codes, key=crowding)
    for _ in range(8):
        changed = False
        for c in order:
            best = max(range(len(cands)), key=lambda k: key(c, k))
            if best != choice[c] and key(c, best) > key(c, choice[c]):
                choice[c] = best
                changed = True
        if not changed:
            break
    labels = {c: [round(cands[choice[c]][0]), round(cands[choice[c]][1])] for c in codes}
    quality = {c: evaluate(c, choice[c]) for c in codes}
    return labels, quality


def bfs(adj, start):
    dist = {start: 0}
    q = deque([start])
    while q:
        u = q.popleft()
        for v in adj[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                q.append(v)
    return dist


def check_board(board: BoardData, pos):
    """Validate the board; return figures to print. Raises BoardCheckError on a violation."""
    problems = []
    codes = [a.code for a in board.airports]
    country = {a.code: a.country for a in board.airports}
    if len(set(codes)) != len(codes):
        problems.append("duplicate airport codes")
    for a in board.airports:
        if a.country not in board.countries:
            problems.append(f"{a.code}: unknown country {a.country}")
    for c, (x, y) in pos.items():
        if not (0 <= x <= CANVAS[0] and 0 <= y <= CANVAS[1]):
            problems.append(f"{c}: position {x},{y} off the canvas")
    seen = set()
    for a, b in board.routes:
        if a not in pos or b not in pos:
            problems.append(f"route {a}-{b}: unknown airport")
            continue
        if a == b:
            problems.append(f"route {a}-{b}: self loop")
        key = frozenset((a, b))
        if key in seen:
            problems.append(f"route {a}-{b}: duplicate")
        seen.add(key)
    if problems:
        raise BoardCheckError(f"{board.id}: " + "; ".join(problems))

    # routes passing over other airports
    close = []
    for a, b in board.routes:
        for c in codes:
            if c in (a, b):
                continue
            d = point_segment_distance(pos[c], pos[a], pos[b])
            if d < MIN_CLEARANCE:
                close.append(f"{a}-{b} passes {d:.1f} units from {c}")
    if close:
        raise BoardCheckError(f"{board.id}: route too close to another airport (< {MIN_CLEARANCE}): "
                              + "; ".join(close))

    adj = {c: [] for c in codes}
    for a, b in board.routes:
        adj[a].append(b)
        adj[b].append(a)
    if len(bfs(adj, codes[0])) != len(codes):
        raise BoardCheckError(f"{board.id}: graph not connected")

    rc = board.recommended_callsigns
    if len(rc) != 6 or len(set(rc)) != 6 or any(c not in pos for c in rc):
        raise BoardCheckError(f"{board.id}: recommended call signs must be 6 different airports: {rc}")
    dist = {c: bfs(adj, c) for c in rc}
    violations = []   # reported after the figures are printed
    far = [f"{a}-{b}={dist[a][b]}" for a, b in combinations(rc, 2) if dist[a][b] > MAX_CALLSIGN_HOPS]
    if far:
        violations.append(f"call-sign airports more than {MAX_CALLSIGN_HOPS} flights apart: {', '.join(far)}")

    cross_border = [(a, b) for a, b in board.routes if country[a] != country[b]]
    if board.regional_rule == "cross_border" and len(cross_border) < board.min_cross_border:
        violations.append(f"only {len(cross_border)} cross-border routes, want {board.min_cross_border}")

    crossings = []
    for (a, b), (c, d) in combinations(board.routes, 2):
        if len({a, b, c, d}) == 4 and segments_cross(pos[a], pos[b], pos[c], pos[d]):
            crossings.append(((a, b), (c, d)))

    min_clear = min(
        (point_segment_distance(pos[c], pos[a], pos[b]), f"{c} to {a}-{b}")
        for a, b in board.routes for c in codes if c not in (a, b)
    )
    min_sep = min((math.dist(pos[a], pos[b]), f"{a}-{b}") for a, b in combinations(codes, 2))
    return {
        "adj": adj,
        "dist": dist,
        "cross_border": cross_border,
        "crossings": crossings,
        "min_clearance": min_clear,
        "min_separation": min_sep,
        "violations": violations,
    }


def report(board: BoardData, pos, fig, label_clearance):
    adj = fig["adj"]
    rc = board.recommended_callsigns
    print(f"=== {board.id}: {len(board.airports)} airports, {len(board.routes)} routes")
    print("degree:", ", ".join(f"{c} {len(adj[c])}" for c in sorted(adj, key=lambda c: (-len(adj[c]), c))))
    degs = [len(v) for v in adj.values()]
    print(f"degree min {min(degs)} max {max(degs)} mean {sum(degs) / len(degs):.2f}")
    print("call-sign pair distances (flights):")
    print("      " + " ".join(f"{c:>4}" for c in rc))
    for a in rc:
        print(f"  {a} " + " ".join(f"{fig['dist'][a][b]:>4}" for b in rc))
    if board.regional_rule == "cross_border":
        print(f"cross-border routes: {len(fig['cross_border'])} ("
              + ", ".join(f"{a}-{b}" for a, b in fig["cross_border"]) + ")")
    else:
        print(f"cross-border routes: n/a ({board.regional_rule} rule; "
              f"{len(fig['cross_border'])} routes link two countries)")
    print(f"route crossings: {len(fig['crossings'])}"
          + ("" if not fig["crossings"] else
             " (" + ", ".join(f"{a}-{b} x {c}-{d}" for (a, b), (c, d) in fig["crossings"]) + ")"))
    d, what = fig["min_clearance"]
    print(f"closest route to a non-endpoint airport: {d:.1f} units ({what}); required >= {MIN_CLEARANCE}")
    d, what = fig["min_separation"]
    print(f"closest airport pair: {d:.1f} units ({what})")
    worst = sorted(label_clearance.items(), key=lambda kv: (-kv[1][0], kv[1][1]))[:5]
    print("tightest labels (overlap, clearance): "
          + ", ".join(f"{c} ({o:.0f}, {v:.0f})" for c, (o, v) in worst))


# --------------------------------------------------------------------------
# YAML output (hand-written for a compact, stable, readable layout)
# --------------------------------------------------------------------------

_YAML_KEYWORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}
_PLAIN = re.compile(r"[A-Za-zÀ-ÿ][A-Za-z0-9À-ÿ .'-]*")


def ys(s: str) -> str:
    """A YAML flow scalar for a string: plain when that is unambiguous, else double-quoted.

    Quoted: YAML 1.1 booleans/nulls (a country code NO would load as false), colours
    ("#..."), anything with flow or comment characters, trailing spaces.
    """
    if _PLAIN.fullmatch(s) and s.lower() not in _YAML_KEYWORDS and s == s.strip():
        return s
    return json.dumps(s, ensure_ascii=False)


def yn(v) -> str:
    if isinstance(v, float):
        return repr(v) if v != int(v) else f"{v:.1f}"
    return str(v)


def render_yaml(board: BoardData, pos, projection, labels) -> str:
    out = []
    w = out.append
    w(f"# OpenSky board: {board.name}. GENERATED by tools/make_boards.py -- do not edit by hand.")
    w("# Regenerate from the repository root:  python tools/make_boards.py")
    w("# Airport data (true lat/lon, names) and routes live in that script; positions are the")
    w("# lat/lon projected with `projection` and rounded to whole canvas units:")
    w("#   (x_km, y_km) = spherical Lambert conformal conic(lat, lon; lon0, lat0, lat1, lat2, radius)")
    w("#   pos = [offset[0] + scale * x_km, offset[1] - scale * y_km]")
    w("# names: city names in Swedish (sv) and Portuguese (pt, European Portuguese).")
    w("# label: offset from pos to the centre of the airport's label box (about `labels.box` units),")
    w("# chosen to keep the label clear of other airports, routes and labels.")
    w(f"id: {board.id}")
    w(f"name: {ys(board.name)}")
    w("names: {" + ", ".join(f"{k}: {ys(v)}" for k, v in board.names.items()) + "}")
    w(f"regional_rule: {board.regional_rule}")
    w(f"canvas: [{CANVAS[0]}, {CANVAS[1]}]")
    w("projection: {" + ", ".join(
        f"{k}: {ys(v) if isinstance(v, str) else ('[' + ', '.join(yn(x) for x in v) + ']' if isinstance(v, list) else yn(v))}"
        for k, v in projection.items()) + "}")
    w(f"labels: {{anchor: center, box: [{LABEL_BOX[0]}, {LABEL_BOX[1]}]}}")
    w("countries:")
    for code, (cname, color) in board.countries.items():
        w(f"  {ys(code)}: {{name: {ys(cname)}, color: {ys(color)}}}")
    w("airports:")
    for a in board.airports:
        x, y = pos[a.code]
        dx, dy = labels[a.code]
        w(f"  - {{code: {a.code}, city: {ys(a.city)}, pos: [{x}, {y}], country: {ys(a.country)}, "
          f"lat: {yn(a.lat)}, lon: {yn(a.lon)}, names: {{sv: {ys(a.sv)}, pt: {ys(a.pt)}}}, "
          f"label: [{dx}, {dy}]}}")
    w("routes:")
    for a, b in board.routes:
        w(f"  - [{a}, {b}]")
    w("recommended_callsigns: [" + ", ".join(board.recommended_callsigns) + "]")
    return "\n".join(out) + "\n"


def expected_document(board: BoardData, pos, projection, labels):
    return {
        "id": board.id,
        "name": board.name,
        "names": dict(board.names),
        "regional_rule": board.regional_rule,
        "canvas": list(CANVAS),
        "projection": projection,
        "labels": {"anchor": "center", "box": list(LABEL_BOX)},
        "countries": {k: {"name": n, "color": c} for k, (n, c) in board.countries.items()},
        "airports": [
            {"code": a.code, "city": a.city, "pos": list(pos[a.code]), "country": a.country,
             "lat": a.lat, "lon": a.lon, "names": {"sv": a.sv, "pt": a.pt},
             "label": labels[a.code]}
            for a in board.airports
        ],
        "routes": [list(r) for r in board.routes],
        "recommended_callsigns": list(board.recommended_callsigns),
    }


# --------------------------------------------------------------------------
# Preview (visual check only)
# --------------------------------------------------------------------------

def draw_preview(board: BoardData, pos, labels, proj, projection, path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    surf = pygame.Surface(CANVAS)
    surf.fill((236, 240, 245))
    font = pygame.font.SysFont(None, 24)
    scale, (ox, oy) = projection["scale"], projection["offset"]

    def to_canvas(lat, lon):
        x, y = proj.forward(lat, lon)
        return ox + scale * x, oy - scale * y

    # graticule, to see the projection
    for lat in range(10, 75, 5):
        pts = [to_canvas(lat, lon) for lon in range(int(board.lon0) - 60, int(board.lon0) + 61, 2)]
        pygame.draw.lines(surf, (215, 220, 228), False, pts, 1)
    for lon in range(int(board.lon0) - 60, int(board.lon0) + 61, 5):
        pts = [to_canvas(lat, lon) for lat in range(10, 76, 2)]
        pygame.draw.lines(surf, (215, 220, 228), False, pts, 1)
    country = {a.code: a.country for a in board.airports}
    for a, b in board.routes:
        cross = country[a] != country[b] and board.regional_rule == "cross_border"
        pygame.draw.line(surf, (200, 60, 60) if cross else (90, 100, 120), pos[a], pos[b], 3 if cross else 2)
    for a in board.airports:
        color = board.countries[a.country][1]
        rgb = tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))
        if board.regional_rule != "cross_border":
            rgb = (40, 60, 90)
        pygame.draw.circle(surf, rgb, pos[a.code], DOT_RADIUS)
        pygame.draw.circle(surf, (255, 255, 255), pos[a.code], DOT_RADIUS, 2)
        dx, dy = labels[a.code]
        cx, cy = pos[a.code][0] + dx, pos[a.code][1] + dy
        r = pygame.Rect(0, 0, *LABEL_BOX)
        r.center = (cx, cy)
        pygame.draw.rect(surf, (255, 255, 255), r)
        pygame.draw.rect(surf, (180, 185, 195), r, 1)
        t = font.render(a.code, True, (20, 20, 20))
        surf.blit(t, t.get_rect(center=(cx, cy)))
    pygame.draw.rect(surf, (150, 150, 150), pygame.Rect(0, 0, *CANVAS), 1)
    pygame.draw.rect(surf, (200, 200, 200), pygame.Rect(MARGIN, MARGIN, CANVAS[0] - 2 * MARGIN,
                                                        CANVAS[1] - 2 * MARGIN), 1)
    pygame.image.save(surf, str(path))
    pygame.font.quit()


# --------------------------------------------------------------------------

def build(board: BoardData, write: bool, preview: bool) -> None:
    pos, projection, proj = fit_positions(board)
    fig = check_board(board, pos)
    labels, label_clearance = place_labels(pos, board.routes)
    report(board, pos, fig, label_clearance)
    if preview:
        path = Path("/tmp") / f"boards_preview_{board.id}.png"
        draw_preview(board, pos, labels, proj, projection, path)
        print(f"preview {path}")
    if fig["violations"]:
        raise BoardCheckError(f"{board.id}: " + "; ".join(fig["violations"]))
    text = render_yaml(board, pos, projection, labels)
    import yaml  # only for the round-trip check
    if yaml.safe_load(text) != expected_document(board, pos, projection, labels):
        raise BoardCheckError(f"{board.id}: YAML round trip differs")
    if write:
        BOARDS_DIR.mkdir(exist_ok=True)
        out = BOARDS_DIR / f"{board.id}.yaml"
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out.relative_to(ROOT)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="check only, write nothing")
    ap.add_argument("--preview", action="store_true", help="draw /tmp/boards_preview_<id>.png")
    args = ap.parse_args(argv)
    try:
        for board in BOARDS:
            build(board, write=not args.check, preview=args.preview)
            print()
    except BoardCheckError as e:
        print(f"BOARD CHECK FAILED: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
