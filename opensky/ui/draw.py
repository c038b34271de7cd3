"""Drawing helpers shared by scenes: airline emblems, gradients, text layout."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from opensky.ui import assets, theme as T


def vertical_gradient(size: tuple[int, int], top: tuple[int, int, int],
                      bottom: tuple[int, int, int]) -> pygame.Surface:
    w, h = size
    col = pygame.Surface((1, max(2, h)))
    for y in range(max(2, h)):
        col.set_at((0, y), T.mix(top, bottom, y / max(1, h - 1)))
    return pygame.transform.scale(col, (max(1, w), max(1, h)))


def shape_points(shape: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    cx, cy = center
    if shape == "triangle":
        return [(cx + r * 1.15 * math.cos(a), cy + r * 1.15 * math.sin(a) + r * 0.12)
                for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    if shape == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "diamond":
        k = r * 1.18
        return [(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)]
    if shape == "star":      # five points, drawn larger so that its area matches the others'
        ro, ri = r * 1.32, r * 1.32 * 0.5
        return [(cx + (ro if i % 2 == 0 else ri) * math.cos(-math.pi / 2 + i * math.pi / 5),
                 cy + r * 0.08 + (ro if i % 2 == 0 else ri) * math.sin(-math.pi / 2 + i * math.pi / 5))
                for i in range(10)]
    if shape == "hexagon":   # Blue Skies' local airline (not an airline's emblem)
        k = r * 1.08
        return [(cx + k * math.cos(math.pi / 6 + i * math.pi / 3), cy + k * math.sin(math.pi / 6 + i * math.pi / 3))
                for i in range(6)]
    return []


def emblem(surface: pygame.Surface, shape: str, color: tuple[int, int, int],
           center: tuple[float, float], r: float, outline: tuple[int, int, int] = (255, 255, 255),
           outline_w: float = 2.0, mark: bool = False) -> None:
    """An airline's token: its shape filled with its colour and a light outline,
    so airlines differ by shape as well as colour.  ``mark`` adds a dot in the
    centre (used for a highlighted token)."""
    ow = max(1, round(outline_w))
    if shape == "circle" or not shape_points(shape, center, r):
        pygame.draw.circle(surface, outline, center, r + ow)
        pygame.draw.circle(surface, color, center, r)
    else:
        pts_out = shape_points(shape, center, r + ow * 1.4)
        pygame.draw.polygon(surface, outline, pts_out)
        pygame.draw.polygon(surface, color, shape_points(shape, center, r))
    if mark:
        pygame.draw.circle(surface, outline, center, max(1.5, r * 0.3))


def plane_icon(surface: pygame.Surface, center: tuple[float, float], size: float, angle: float,
               color: tuple[int, int, int], outline: tuple[int, int, int] | None = (255, 255, 255)) -> None:
    """A small top-down airliner silhouette pointing at ``angle`` (radians)."""
    pts = plane_points(center, size, angle)
    if outline is not None:
        k = size * 0.12
        for dx, dy in ((k, 0), (-k, 0), (0, k), (0, -k)):
            pygame.draw.polygon(surface, outline, [(x + dx, y + dy) for x, y in pts])
    pygame.draw.polygon(surface, color, pts)


def wrap(text_s: str, size: int, width: int, weight: str = "regular") -> list[str]:
    """``text_s`` in lines of at most ``width`` pixels.  A word wider than a
    line (a path has no spaces) is broken, after a path separator or hyphen
    where possible, and the text flows on after it."""
    f = assets.font(size, weight)
    lines: list[str] = []
    for para in assets.drawable(text_s).split("\n"):
        cur = ""
        for word in para.split(" "):
            joined = f"{cur} {word}" if cur else word
            if f.size(joined)[0] <= width:
                cur = joined
                continue
            if cur:
                lines.append(cur)
            while len(word) > 1 and f.size(word)[0] > width:
                cut = _cut(word, f, width)
                lines.append(word[:cut])
                word = word[cut:]
            cur = word
        lines.append(cur)
    return lines


def fit(text_s: str, size: int, width: int, weight: str = "regular") -> str:
    """``text_s`` cut with an ellipsis to ``width`` pixels (unchanged if it
    fits, or if there is no width to fit)."""
    f = assets.font(size, weight)
    if width <= 0 or f.size(text_s)[0] <= width:
        return text_s
    while text_s and f.size(text_s + "…")[0] > width:
        text_s = text_s[:-1]
    return text_s.rstrip() + "…"


def _cut(word: str, font: pygame.font.Font, width: int) -> int:
    """Where to break a too-wide word: the longest start that fits, moved back
    to just after a separator if one is in its second half."""
    lo, hi = 1, len(word) - 1
    while lo < hi:  # the longest prefix that fits (at least one character)
        mid = (lo + hi + 1) // 2
        if font.size(word[:mid])[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    sep = max(word.rfind(c, 0, lo) for c in "/\\-_.")
    return sep + 1 if sep >= 0 and sep + 1 >= lo // 2 else lo


def blit_lines(surface: pygame.Surface, lines: list[str], pos: tuple[int, int], size: int,
               color: tuple[int, int, int], weight: str = "regular", spacing: float = 1.35,
               line_height: int | None = None) -> int:
    """Draw ``lines`` down from ``pos``, ``line_height`` apart (by default
    ``spacing`` times the size the text is really drawn at: never under
    ``assets.MIN_TEXT_PX``); returns the y under the last line."""
    x, y = pos
    lh = line_height if line_height is not None else int(max(size, assets.MIN_TEXT_PX) * spacing)
    for line in lines:
        if line:
            surface.blit(assets.text(line, size, color, weight), (x, y))
        y += lh
    return y


def tooltip(surface: pygame.Surface, text_s: str, anchor: tuple[int, int], s: float) -> None:
    """A tooltip box near ``anchor``, kept inside the window: its lines are
    the font's own line size apart, at the size the text is drawn at."""
    size = max(int(T.TYPE.small * s), assets.MIN_TEXT_PX)
    lines = wrap(text_s, size, int(320 * s))
    f = assets.font(size)
    lh = f.get_linesize() + max(1, round(2 * s))
    w = max(f.size(l)[0] for l in lines) + int(20 * s)
    pad = max(5, int(7 * s))
    h = len(lines) * lh - (lh - f.get_height()) + 2 * pad
    x, y = anchor[0] + int(14 * s), anchor[1] + int(18 * s)
    sw, sh = surface.get_size()
    if x + w > sw - 4:
        x = anchor[0] - w - int(8 * s)
    if y + h > sh - 4:
        y = anchor[1] - h - int(8 * s)
    r = pygame.Rect(max(4, x), max(4, y), w, h)
    pygame.draw.rect(surface, (0, 0, 0), r.move(0, int(2 * s)), border_radius=int(6 * s))
    pygame.draw.rect(surface, T.NIGHT, r, border_radius=int(6 * s))
    blit_lines(surface, lines, (r.x + int(10 * s), r.y + pad), size, (240, 240, 240), line_height=lh)


_SPRITES: dict[tuple, pygame.Surface] = {}


def emblem_sprite(shape: str, color: tuple[int, int, int], r: float,
                  outline: tuple[int, int, int] = (255, 255, 255), mark: bool = False) -> pygame.Surface:
    """An antialiased emblem (drawn 4× larger and smoothed down), cached."""
    key = (shape, color, round(r * 2) / 2, outline, mark)
    img = _SPRITES.get(key)
    if img is None:
        k = 4
        R = r * k
        size = int(math.ceil((R * 1.5 + 4 * k) * 2))
        big = pygame.Surface((size, size), pygame.SRCALPHA)
        emblem(big, shape, color, (size / 2, size / 2), R, outline, outline_w=max(1.0, r * 0.22) * k, mark=mark)
        img = pygame.transform.smoothscale(big, (max(1, size // k), max(1, size // k)))
        if len(_SPRITES) > 2000:
            _SPRITES.clear()
        _SPRITES[key] = img
    return img


def blit_center(surface: pygame.Surface, img: pygame.Surface, center: tuple[float, float]) -> None:
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


# ---------------------------------------------------------------- board pieces
#: The airliner of ``plane_icon`` and the plane tokens, in a unit frame
#: pointing right (+x): nose at x = 1, tail at x = -0.92, wing tips at y = ±0.74.
PLANE_BODY: tuple[tuple[float, float], ...] = (
    (1.0, 0.0), (0.9, 0.1), (0.7, 0.14), (0.24, 0.14), (-0.04, 0.74), (-0.27, 0.74), (-0.16, 0.14),
    (-0.6, 0.12), (-0.76, 0.38), (-0.92, 0.38), (-0.85, 0.0),
    (-0.92, -0.38), (-0.76, -0.38), (-0.6, -0.12), (-0.16, -0.14), (-0.27, -0.74), (-0.04, -0.74),
    (0.24, -0.14), (0.7, -0.14), (0.9, -0.1))

_PIECES: dict[tuple, pygame.Surface] = {}


def _cached(key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    img = _PIECES.get(key)
    if img is None:
        if len(_PIECES) > 1500:
            _PIECES.clear()
        img = _PIECES[key] = make()
    return img


def plane_points(center: tuple[float, float], size: float, angle: float) -> list[tuple[float, float]]:
    """The silhouette's corners: ``size`` is half its length, nose towards ``angle``."""
    ca, sa = math.cos(angle), math.sin(angle)
    cx, cy = center
    return [(cx + size * (x * ca - y * sa), cy + size * (x * sa + y * ca)) for x, y in PLANE_BODY]


def plane_sprite(color: tuple[int, int, int], size: float, angle: float,
                 outline: tuple[int, int, int] = (255, 255, 255)) -> pygame.Surface:
    """An antialiased plane silhouette with a light outline all round (so it
    reads on land, on sea and on a route line), centred in its surface; cached
    by colour, size and whole degree."""
    deg = round(math.degrees(angle)) % 360

    def make() -> pygame.Surface:
        k = 4
        R = size * k
        half = int(math.ceil(size * 1.25 + 2)) * k
        big = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        pts = plane_points((half, half), R, math.radians(deg))
        w = max(1.5 * k, R * 0.16)
        for i in range(8):
            a = i * math.pi / 4
            dx, dy = w * math.cos(a), w * math.sin(a)
            pygame.draw.polygon(big, outline, [(x + dx, y + dy) for x, y in pts])
        pygame.draw.polygon(big, color, pts)
        return pygame.transform.smoothscale(big, (2 * half // k, 2 * half // k))
    return _cached(("plane", color, round(size * 2) / 2, deg, outline), make)


def tag_sprite(shape: str, color: tuple[int, int, int], r: float, label: str = "",
               text_px: int = 12) -> pygame.Surface:
    """An airline's shape in its colour with a light outline, and ``label``
    (a plane count) in white inside it; the triangle is drawn larger so that
    the number fits."""
    def make() -> pygame.Surface:
        rr = r * (1.3 if shape == "triangle" and label else 1.0)
        img = emblem_sprite(shape, color, rr).copy()
        if label:
            t = assets.text(label, text_px, (255, 255, 255), "bold")
            c = img.get_rect().center
            dy = round(rr * 0.14) if shape == "triangle" else 0
            img.blit(t, t.get_rect(center=(c[0], c[1] + dy)))
        return img
    return _cached(("tag", shape, color, round(r * 2) / 2, label, text_px), make)


def ring_sprite(colors: tuple[tuple[int, int, int], ...], radius: float, width: float,
                start: float) -> pygame.Surface:
    """A ring around an airport split into one thick arc per colour (a hub per
    airline), first arc starting at angle ``start`` (radians, clockwise on
    screen), on a light band so each arc reads on any ground; antialiased."""
    def make() -> pygame.Surface:
        k = 4
        R, W = radius * k, width * k
        half = int(math.ceil(radius + width + 3)) * k
        big = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        c = (half, half)
        pygame.draw.circle(big, (255, 255, 255), c, R + W / 2 + 1.2 * k, int(W + 2.4 * k))
        n = len(colors)
        gap = 0.0 if n == 1 else min(0.35, 0.9 * k / R * 4)
        span = 2 * math.pi / n
        steps = max(8, int(48 / n))
        for i, col in enumerate(colors):
            a0 = start + i * span + gap / 2
            a1 = start + (i + 1) * span - gap / 2
            outer = [(c[0] + (R + W / 2) * math.cos(a0 + (a1 - a0) * t / steps),
                      c[1] + (R + W / 2) * math.sin(a0 + (a1 - a0) * t / steps)) for t in range(steps + 1)]
            inner = [(c[0] + (R - W / 2) * math.cos(a1 - (a1 - a0) * t / steps),
                      c[1] + (R - W / 2) * math.sin(a1 - (a1 - a0) * t / steps)) for t in range(steps + 1)]
            pygame.draw.polygon(big, col, outer + inner)
        return pygame.transform.smoothscale(big, (2 * half // k, 2 * half // k))
    return _cached(("ring", colors, round(radius * 2) / 2, round(width * 2) / 2, round(start, 3)), make)


def flag_sprite(shape: str, color: tuple[int, int, int], cloth: tuple[float, float], pole: float,
                facing: int, tilt: float = 0.0) -> tuple[pygame.Surface, tuple[int, int]]:
    """A pennant on a pole: the cloth in the airline's colour with a light
    border and the airline's shape in white on it, flying right
    (``facing`` 1) or left (-1) of a pole that leans ``tilt`` radians
    clockwise from upright (square to the route it is planted on).  Returns
    the sprite and where in it the foot of the pole is."""
    cw, ch = cloth
    k = 4
    deg = round(math.degrees(tilt))

    def make() -> tuple[pygame.Surface, tuple[int, int]]:
        pad = 2 * k
        W = int(math.ceil(cw + 4)) * k + 2 * pad
        H = int(math.ceil(pole + 2)) * k + 2 * pad
        big = pygame.Surface((2 * W, H), pygame.SRCALPHA)   # the foot at the middle of the bottom
        px = W + 0.0
        top, foot = pad, H - pad
        pw = max(1.5, pole * 0.09) * k
        pygame.draw.line(big, (255, 255, 255), (px, top), (px, foot), int(pw + 2 * k))
        pygame.draw.line(big, T.INK, (px, top), (px, foot), int(pw))
        pygame.draw.circle(big, T.INK, (px, foot - pw / 2), pw)
        sgn = 1 if facing > 0 else -1
        x0, x1 = px + sgn * pw / 2, px + sgn * (pw / 2 + cw * k)
        y0, y1 = top, top + ch * k
        notch = sgn * cw * k * 0.22
        b = 1.3 * k
        border = [(x0 - sgn * b, y0 - b), (x1 + sgn * b * 2.2, y0 - b), (x1 - notch + sgn * b, (y0 + y1) / 2),
                  (x1 + sgn * b * 2.2, y1 + b), (x0 - sgn * b, y1 + b)]
        pygame.draw.polygon(big, (255, 255, 255), border)
        pygame.draw.polygon(big, color, [(x0, y0), (x1, y0), (x1 - notch, (y0 + y1) / 2), (x1, y1), (x0, y1)])
        emblem(big, shape, (255, 255, 255), ((x0 + x1 - notch) / 2, (y0 + y1) / 2), ch * k * 0.27,
               outline=color, outline_w=0.5)
        fx, fy = px - W, foot - H / 2          # the foot from the sprite's centre
        if deg:
            big = pygame.transform.rotate(big, -deg)
            a = math.radians(deg)
            fx, fy = fx * math.cos(a) - fy * math.sin(a), fx * math.sin(a) + fy * math.cos(a)
        bw, bh = big.get_size()
        big = pygame.transform.smoothscale(big, (bw // k, bh // k))
        return big, (round((bw / 2 + fx) / k), round((bh / 2 + fy) / k))
    key = ("flag", shape, color, round(cw * 2) / 2, round(ch * 2) / 2, round(pole * 2) / 2, facing, deg)
    got = _FLAGS.get(key)
    if got is None:
        if len(_FLAGS) > 500:
            _FLAGS.clear()
        got = _FLAGS[key] = make()
    return got


_FLAGS: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
