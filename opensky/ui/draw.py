"""Drawing helpers shared by scenes: airline emblems, gradients, text layout."""
from __future__ import annotations

import math

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
    # Points in a unit frame pointing right (+x).
    body = [(1.0, 0.0), (0.78, 0.09), (0.18, 0.1), (-0.05, 0.62), (-0.22, 0.62), (-0.08, 0.1),
            (-0.62, 0.08), (-0.78, 0.3), (-0.9, 0.3), (-0.82, 0.0), (-0.9, -0.3), (-0.78, -0.3),
            (-0.62, -0.08), (-0.08, -0.1), (-0.22, -0.62), (-0.05, -0.62), (0.18, -0.1), (0.78, -0.09)]
    ca, sa = math.cos(angle), math.sin(angle)
    cx, cy = center
    pts = [(cx + size * (x * ca - y * sa), cy + size * (x * sa + y * ca)) for x, y in body]
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
               color: tuple[int, int, int], weight: str = "regular", spacing: float = 1.35) -> int:
    x, y = pos
    lh = int(size * spacing)
    for line in lines:
        if line:
            surface.blit(assets.text(line, size, color, weight), (x, y))
        y += lh
    return y


def tooltip(surface: pygame.Surface, text_s: str, anchor: tuple[int, int], s: float) -> None:
    """A tooltip box near ``anchor``, kept inside the window."""
    size = int(T.TYPE.small * s)
    lines = wrap(text_s, size, int(320 * s))
    f = assets.font(size)
    w = max(f.size(l)[0] for l in lines) + int(20 * s)
    h = len(lines) * int(size * 1.35) + int(14 * s)
    x, y = anchor[0] + int(14 * s), anchor[1] + int(18 * s)
    sw, sh = surface.get_size()
    if x + w > sw - 4:
        x = anchor[0] - w - int(8 * s)
    if y + h > sh - 4:
        y = anchor[1] - h - int(8 * s)
    r = pygame.Rect(max(4, x), max(4, y), w, h)
    pygame.draw.rect(surface, (0, 0, 0), r.move(0, int(2 * s)), border_radius=int(6 * s))
    pygame.draw.rect(surface, T.NIGHT, r, border_radius=int(6 * s))
    blit_lines(surface, lines, (r.x + int(10 * s), r.y + int(7 * s)), size, (240, 240, 240))


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
