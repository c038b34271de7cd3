"""The map under the board: sea, land, countries, lakes, borders, graticule.

The geometry is made once by ``tools/make_maps.py`` from Natural Earth and
shipped already projected into the board's canvas units
(``assets/maps/<board>.json``), so the game only scales it to the window.

Everything here is pure drawing; the game state never enters. Rendering costs
about 50-100 ms at 1920x1080 and 0.3-0.4 s at 3840x2160 (``bench/bench_mapart.py``),
so callers render once per window size and keep the surface (``BoardView`` does).

Use::

    data = load_map(board.id)                                  # cached
    tf = ViewTransform.fit(board.canvas, (w, h), margin_px=24)
    surface = render_map(data, board, (w, h), tf)              # then draw routes etc. with tf.to_px

Antialiasing: pygame-ce 2.5.8 has antialiased lines (``draw.aaline``) but no
antialiased filled polygons, so the map is drawn at ``supersample`` times the
size and ``smoothscale``-d down, which smooths the fills and the hairlines alike.
"""
from __future__ import annotations

import colorsys
import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping, Protocol, Sequence

import pygame

from opensky.ui.theme import hex_color, mix

from opensky.paths import resource_path

__all__ = [
    "MapData",
    "MapStyle",
    "ViewTransform",
    "DEFAULT_STYLE",
    "load_map",
    "parse_map",
    "render_map",
    "tint_for",
    "TintedBoard",
]

Color = tuple[int, int, int]
Point = tuple[float, float]
Ring = tuple[Point, ...]
Polygon = tuple[Ring, ...]           # the outline, then holes
Polyline = tuple[Point, ...]


class TintedBoard(Protocol):
    """What ``render_map`` reads of a board: the countries it tints, code ->
    something with a ``color`` (``#rrggbb``).  An OpenSky ``Board`` is one; a
    Blue Skies board, which has no countries, passes a small stand-in."""

    @property
    def countries(self) -> Mapping[str, Any]: ...


# --------------------------------------------------------------------------- transform


@dataclass(frozen=True)
class ViewTransform:
    """Canvas units -> window pixels: ``px = offset + scale * canvas``."""

    scale: float
    offset: tuple[float, float] = (0.0, 0.0)

    @classmethod
    def fit(cls, canvas: Sequence[float], size: Sequence[int], margin_px: float = 0) -> ViewTransform:
        """The largest transform that shows the whole canvas inside ``size`` with
        ``margin_px`` free on every side, keeping the aspect ratio, centred."""
        cw, ch = float(canvas[0]), float(canvas[1])
        w, h = float(size[0]), float(size[1])
        avail_w = max(1.0, w - 2 * margin_px)
        avail_h = max(1.0, h - 2 * margin_px)
        s = min(avail_w / cw, avail_h / ch)
        return cls(s, ((w - s * cw) / 2, (h - s * ch) / 2))

    def to_px(self, p: Sequence[float]) -> tuple[float, float]:
        return (self.offset[0] + self.scale * p[0], self.offset[1] + self.scale * p[1])

    def to_canvas(self, px: Sequence[float]) -> tuple[float, float]:
        return ((px[0] - self.offset[0]) / self.scale, (px[1] - self.offset[1]) / self.scale)

    def scaled(self, factor: float) -> ViewTransform:
        """The same view on a surface ``factor`` times as large (for supersampling)."""
        return ViewTransform(self.scale * factor, (self.offset[0] * factor, self.offset[1] * factor))


# --------------------------------------------------------------------------- data


@dataclass(frozen=True, eq=False)
class MapData:
    """One board's map geometry in canvas units (see ``tools/make_maps.py``)."""

    board: str
    canvas: tuple[float, float]
    bounds: tuple[float, float, float, float]   # the area covered: canvas plus bleed
    land: tuple[Polygon, ...]
    countries: Mapping[str, tuple[Polygon, ...]]
    lakes: tuple[Polygon, ...]
    borders: tuple[Polyline, ...]
    graticule: tuple[tuple[str, int, tuple[Polyline, ...]], ...]  # ("lat"|"lon", degrees, lines)
    source: str = ""
    #: Coastlines (Natural Earth's coastline layer; older files without one: the land
    #: outlines without the edges the clipping added along ``bounds``).
    coast: tuple[Polyline, ...] = field(default=(), repr=False)
    #: Lake shores, likewise.
    shores: tuple[Polyline, ...] = field(default=(), repr=False)
    #: Islands in lakes (holes of the lake polygons), each with a point inside it:
    #: the renderer reads the colour of the land there before drawing the lake.
    lake_islands: tuple[tuple[Ring, Point], ...] = field(default=(), repr=False)


def _ring(raw: Any) -> Ring:
    return tuple((float(p[0]), float(p[1])) for p in raw)


def _polygons(raw: Any) -> tuple[Polygon, ...]:
    return tuple(tuple(_ring(r) for r in poly if len(r) >= 3) for poly in raw if poly and len(poly[0]) >= 3)


def _outlines(polys: Sequence[Polygon], bounds: tuple[float, float, float, float]) -> tuple[Polyline, ...]:
    """Every ring as closed polylines, split where an edge lies on ``bounds`` (those
    edges were made by clipping, they are no coast)."""
    x0, y0, x1, y1 = bounds
    out: list[Polyline] = []
    for poly in polys:
        for ring in poly:
            n = len(ring)
            cut = [
                (a[0] == b[0] and a[0] in (x0, x1)) or (a[1] == b[1] and a[1] in (y0, y1))
                for a, b in zip(ring, ring[1:] + ring[:1])
            ]
            if not any(cut):
                out.append(ring + ring[:1])
                continue
            start = cut.index(True) + 1        # begin just after a cut edge
            cur: list[Point] = []
            for k in range(n):
                i = (start + k) % n
                if not cur:
                    cur = [ring[i]]
                if cut[i]:                      # edge i -> i+1 is on the bounds
                    if len(cur) >= 2:
                        out.append(tuple(cur))
                    cur = []
                else:
                    cur.append(ring[(i + 1) % n])
            if len(cur) >= 2:
                out.append(tuple(cur))
    return tuple(out)


def _area(ring: Ring) -> float:
    a = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        a += x1 * y2 - x2 * y1
    return abs(a) / 2


def _inside_point(ring: Ring) -> Point:
    """A point inside a ring: the middle of its widest span on the horizontal line
    through the middle of its bounding box."""
    ys = [p[1] for p in ring]
    y = (min(ys) + max(ys)) / 2 + 1e-7
    xs = []
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 <= y) != (y2 <= y):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    best = (ring[0][0], ring[0][1])
    width = -1.0
    for a, b in zip(xs[0::2], xs[1::2]):
        if b - a > width:
            best, width = ((a + b) / 2, y), b - a
    return best


def parse_map(doc: Mapping[str, Any]) -> MapData:
    """A ``MapData`` from the decoded JSON document (raises KeyError / ValueError /
    TypeError on a malformed one)."""
    canvas = (float(doc["canvas"][0]), float(doc["canvas"][1]))
    b = [float(v) for v in doc["bounds"]]
    if len(b) != 4:
        raise ValueError("map bounds must be [x0, y0, x1, y1]")
    bounds = (b[0], b[1], b[2], b[3])
    # largest first, so islands in inland seas are drawn after the sea around them
    land = tuple(sorted(_polygons(doc["land"]), key=lambda poly: -_area(poly[0])))
    lakes = _polygons(doc.get("lakes", []))
    countries = {str(k): _polygons(v) for k, v in dict(doc.get("countries", {})).items()}
    borders = tuple(_ring(line) for line in doc.get("borders", []) if len(line) >= 2)
    grat: list[tuple[str, int, tuple[Polyline, ...]]] = []
    for g in doc.get("graticule", []):
        kind = "lat" if "lat" in g else "lon"
        grat.append((kind, int(g[kind]), tuple(_ring(line) for line in g["lines"] if len(line) >= 2)))
    return MapData(
        board=str(doc["board"]), canvas=canvas, bounds=bounds, land=land, countries=countries,
        lakes=lakes, borders=borders, graticule=tuple(grat), source=str(doc.get("source", "")),
        coast=(tuple(_ring(line) for line in doc["coast"] if len(line) >= 2) if "coast" in doc
               else _outlines(land, bounds)),
        shores=_outlines(lakes, bounds),
        lake_islands=tuple((r, _inside_point(r)) for poly in lakes for r in poly[1:]),
    )


@lru_cache(maxsize=8)
def load_map(board_id: str) -> MapData:
    """The shipped map of a board side, ``assets/maps/<board_id>.json`` (cached).

    Raises OSError when there is none, ValueError / KeyError when it is malformed.
    """
    path = resource_path("assets", "maps", f"{board_id}.json")
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    try:
        return parse_map(doc)
    except (TypeError, IndexError) as e:
        raise ValueError(f"{path}: malformed map data ({e})") from e


# --------------------------------------------------------------------------- style


@dataclass(frozen=True)
class MapStyle:
    """Colours and line weights (weights in canvas units, so they grow with the window)."""

    sea: Color = (190, 207, 218)          # calm blue-grey, at the centre of the map
    sea_edge: Color = (171, 191, 204)     # towards the corners (a soft vignette)
    sea_halo: Color = (210, 223, 230)     # the soft light glow along the coasts
    graticule: Color = (173, 192, 205)
    land: Color = (226, 224, 217)         # land outside the board's countries: greyer
    board_land: Color = (243, 236, 221)   # warm light tone the board countries' tints start from
    coast: Color = (128, 149, 163)
    border: Color = (168, 160, 148)
    coast_width: float = 0.9
    border_width: float = 0.8
    graticule_width: float = 0.7
    halo_radius: float = 9.0              # how far the glow reaches, canvas units
    #: Saturated board colours (North America's Okabe-Ito blue / vermillion /
    #: green) become a pastel of their hue at this lightness and saturation,
    #: then ``tint_warmth`` of the way towards ``board_land``...
    tint_lightness: float = 0.885
    tint_saturation: float = 0.42
    tint_warmth: float = 0.25
    #: ... while neutral land tones (the Europe board's) are mixed in this much.
    tint_neutral: float = 0.8


DEFAULT_STYLE = MapStyle()


_hex = hex_color
_mix = mix


def tint_for(color: str, style: MapStyle = DEFAULT_STYLE) -> Color:
    """The land colour of a board country whose colour is ``color`` (``#rrggbb``)."""
    rgb = _hex(color)
    h, lum, sat = colorsys.rgb_to_hls(*(c / 255 for c in rgb))
    if sat * (1 - abs(2 * lum - 1)) < 0.25:      # chroma: a neutral tone, use it nearly as is
        return _mix(style.board_land, rgb, style.tint_neutral)
    r, g, b = colorsys.hls_to_rgb(h, style.tint_lightness, style.tint_saturation)
    pastel = (round(r * 255), round(g * 255), round(b * 255))
    return _mix(pastel, style.board_land, style.tint_warmth)


# --------------------------------------------------------------------------- render

def _sea_at(style: MapStyle, u: float, v: float) -> Color:
    """The sea colour at a point, ``u``/``v`` from 0 to 1 across the surface: lighter
    in the middle, darker towards the corners (a soft radial vignette)."""
    d = min(1.0, math.hypot(u * 2 - 1, v * 2 - 1) / math.sqrt(2))
    return _mix(style.sea, style.sea_edge, d * d)


def _sea(size: tuple[int, int], style: MapStyle) -> pygame.Surface:
    """The sea, drawn small and scaled up smoothly."""
    gw, gh = 48, 30
    small = pygame.Surface((gw, gh))
    for j in range(gh):
        for i in range(gw):
            small.set_at((i, j), _sea_at(style, (i + 0.5) / gw, (j + 0.5) / gh))
    return pygame.transform.smoothscale(small, size)


def _px_rings(rings: Sequence[Sequence[Point]], s: float, ox: float, oy: float) -> list[list[Point]]:
    return [[(ox + s * x, oy + s * y) for x, y in r] for r in rings]


def _visible(ring: Sequence[Point], w: int, h: int) -> bool:
    """Cheap bounding-box test of a pixel ring against the surface."""
    xs = [p[0] for p in ring]
    if max(xs) < 0 or min(xs) > w:
        return False
    ys = [p[1] for p in ring]
    return not (max(ys) < 0 or min(ys) > h)


def _fill(surf: pygame.Surface, color: Color, polys: Sequence[Polygon], hole: Color | None,
          s: float, ox: float, oy: float) -> None:
    w, h = surf.get_size()
    for poly in polys:
        rings = _px_rings(poly, s, ox, oy)
        if not _visible(rings[0], w, h):
            continue
        pygame.draw.polygon(surf, color, rings[0])
        if hole is not None:
            for r in rings[1:]:
                pygame.draw.polygon(surf, hole, r)


def _water(surf: pygame.Surface, rings: Sequence[Ring], style: MapStyle,
           s: float, ox: float, oy: float) -> None:
    """Fill lakes and inland seas with the sea colour of their spot (so they match
    the vignette around them, without the graticule: that stays on the open sea)."""
    w, h = surf.get_size()
    for ring in rings:
        pts = [(ox + s * x, oy + s * y) for x, y in ring]
        if not _visible(pts, w, h):
            continue
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        u = (min(xs) + max(xs)) / 2 / w
        v = (min(ys) + max(ys)) / 2 / h
        pygame.draw.polygon(surf, _sea_at(style, min(1.0, max(0.0, u)), min(1.0, max(0.0, v))), pts)


def _coastal_glow(sea: pygame.Surface, map_data: MapData, style: MapStyle,
                  transform: ViewTransform) -> None:
    """Lighten the sea near the coasts: the land drawn white at a quarter of the
    size, blurred, tinted with (halo - sea) and added to the sea. The land drawn
    afterwards covers the inside, so only the glow outside the coast stays."""
    W, H = sea.get_size()
    q = 4
    w, h = max(1, W // q), max(1, H // q)
    s, (ox, oy) = transform.scale / q, transform.offset
    mask = pygame.Surface((w, h))
    mask.fill((0, 0, 0))
    _fill(mask, (255, 255, 255), map_data.land, None, s, ox / q, oy / q)
    radius = max(1, round(style.halo_radius * s / 2))
    mask = pygame.transform.gaussian_blur(mask, radius)
    # at the coast the blurred mask is about half white: double the difference
    delta = tuple(max(0, min(255, 2 * (a - b))) for a, b in zip(style.sea_halo, style.sea))
    mask.fill(delta, special_flags=pygame.BLEND_MULT)
    sea.blit(pygame.transform.smoothscale(mask, (W, H)), (0, 0), special_flags=pygame.BLEND_ADD)


def _lines(surf: pygame.Surface, color: Color, lines: Sequence[Polyline], width: int,
           s: float, ox: float, oy: float) -> None:
    w, h = surf.get_size()
    for line in lines:
        pts = [(ox + s * x, oy + s * y) for x, y in line]
        if _visible(pts, w, h):
            pygame.draw.lines(surf, color, False, pts, width)


def render_map(map_data: MapData, board: TintedBoard, size: tuple[int, int], transform: ViewTransform,
               style: MapStyle = DEFAULT_STYLE, supersample: int | None = None) -> pygame.Surface:
    """The map at ``size`` pixels, canvas placed by ``transform`` (see ``ViewTransform.fit``).

    Layers, bottom up: sea with a vignette, graticule (on the sea only), a light
    band along the coasts, land (greyer outside the board's countries), the
    board's countries tinted with their colours (``tint_for``), lakes and inland
    seas in the sea colour of their spot, country borders, coastlines and lake
    shores.

    ``supersample``: drawing scale before the smooth downscale. Default 2 up to
    3840x2160 pixels (about 0.3 s there), 1 above that, where pixels are small
    enough and a 2x surface would take hundreds of megabytes.
    """
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    ss = supersample if supersample is not None else (2 if w * h <= 3840 * 2160 else 1)
    ss = max(1, int(ss))
    W, H = w * ss, h * ss
    t = transform.scaled(ss)
    s, (ox, oy) = t.scale, t.offset

    def px(units: float) -> int:
        return max(1, round(units * s))

    # The smooth background (vignette, coastal glow) is made at the final size and
    # blown up without smoothing: it has no edges, and this is 4x cheaper.
    sea = _sea((w, h), style)
    _coastal_glow(sea, map_data, style, transform)
    if ss > 1:
        sea = pygame.transform.scale(sea, (W, H))
    for _kind, _deg, glines in map_data.graticule:
        _lines(sea, style.graticule, glines, px(style.graticule_width), s, ox, oy)

    for poly in map_data.land:                  # largest first: islands stay on top
        rings = _px_rings(poly, s, ox, oy)
        if _visible(rings[0], W, H):
            pygame.draw.polygon(sea, style.land, rings[0])
            _water(sea, poly[1:], style, s, ox, oy)  # inland seas
    by_area: list[tuple[float, Color, Polygon]] = []
    for code, country in board.countries.items():
        color = tint_for(country.color, style)
        for poly in map_data.countries.get(code, ()):
            by_area.append((_area(poly[0]), color, poly))
    by_area.sort(key=lambda e: -e[0])   # enclaves after the countries around them
    for _a, color, poly in by_area:
        _fill(sea, color, (poly,), style.land, s, ox, oy)
    islands = []
    for ring, (ix, iy) in map_data.lake_islands:
        p = (round(ox + s * ix), round(oy + s * iy))
        if 0 <= p[0] < W and 0 <= p[1] < H:
            c = sea.get_at(p)
            islands.append((ring, (c[0], c[1], c[2])))
    _water(sea, [poly[0] for poly in map_data.lakes], style, s, ox, oy)
    for ring, color in islands:
        pygame.draw.polygon(sea, color, [(ox + s * x, oy + s * y) for x, y in ring])

    _lines(sea, style.border, map_data.borders, px(style.border_width), s, ox, oy)
    _lines(sea, style.coast, map_data.shores, px(style.coast_width * 0.8), s, ox, oy)
    _lines(sea, style.coast, map_data.coast, px(style.coast_width), s, ox, oy)

    out = sea if ss == 1 else pygame.transform.smoothscale(sea, (w, h))
    _fade_beyond_bounds(out, map_data, transform, style)
    return out


def _fade_beyond_bounds(surf: pygame.Surface, map_data: MapData, transform: ViewTransform,
                        style: MapStyle, band_units: float = 60.0) -> None:
    """Where the window shows more than the map covers (a very wide or tall window),
    let the land fade into open sea over a band inside the covered area instead of
    ending in a straight cut."""
    w, h = surf.get_size()
    x0, y0 = transform.to_px(map_data.bounds[:2])
    x1, y1 = transform.to_px(map_data.bounds[2:])
    if x0 <= 0 and y0 <= 0 and x1 >= w and y1 >= h:
        return
    band = max(8.0, band_units * transform.scale)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    n = int(band)
    for i in range(n):                     # alpha from 255 at the edge to 0 inside
        a = round(255 * (1 - i / n) ** 2)
        c = (255, 255, 255, a)
        if x0 > 0:
            pygame.draw.line(mask, c, (x0 + i, 0), (x0 + i, h))
        if x1 < w:
            pygame.draw.line(mask, c, (x1 - i, 0), (x1 - i, h))
    for i in range(n):                     # rows after columns: keep the larger alpha
        a = round(255 * (1 - i / n) ** 2)
        for y in ((y0 + i) if y0 > 0 else None, (y1 - i) if y1 < h else None):
            if y is None:
                continue
            row = pygame.Rect(0, round(y), w, 1)
            mask.fill((255, 255, 255, a), row, special_flags=pygame.BLEND_RGBA_MAX)
    for r in (pygame.Rect(0, 0, math.ceil(x0), h), pygame.Rect(math.floor(x1), 0, w, h),
              pygame.Rect(0, 0, w, math.ceil(y0)), pygame.Rect(0, math.floor(y1), w, h)):
        if r.width > 0 and r.height > 0:
            mask.fill((255, 255, 255, 255), r)
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.blit(_sea((w, h), style), (0, 0))
    veil.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(veil, (0, 0))
