"""Colour-vision checks for the airline palette.

Each airline has a colour *and* a shape, so colour is never the only cue; on
top of that the colours are chosen to stay apart for the common forms of
colour blindness.  How it is checked: each colour is passed through the
Machado, Oliveira & Fernandes (2009) simulation matrices (severity 1.0) for
protanopia, deuteranopia and tritanopia, in linear RGB, and the CIE76 ΔE
distance in CIELAB between every pair of simulated colours must stay above a
threshold (tests/ui/test_palette.py).  ``simulate_surface`` makes the
simulated screenshots in docs/screenshots/.
"""
from __future__ import annotations

import math

Color = tuple[int, int, int]

MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _lin(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(x: float) -> int:
    x = min(1.0, max(0.0, x))
    v = 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(color: Color, kind: str) -> Color:
    m = MACHADO[kind]
    r, g, b = (_lin(c) for c in color)
    out = [m[i][0] * r + m[i][1] * g + m[i][2] * b for i in range(3)]
    return (_srgb(out[0]), _srgb(out[1]), _srgb(out[2]))


def lab(color: Color) -> tuple[float, float, float]:
    r, g, b = (_lin(c) for c in color)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: Color, b: Color) -> float:
    return math.dist(lab(a), lab(b))


def simulate_surface(surface, kind: str):  # type: ignore[no-untyped-def]
    """A copy of a pygame surface as seen with ``kind`` colour blindness."""
    out = surface.copy()
    cache: dict[int, tuple[int, int, int]] = {}
    w, h = out.get_size()
    out.lock()
    for y in range(h):
        for x in range(w):
            c = out.get_at((x, y))
            key = (c.r << 16) | (c.g << 8) | c.b
            sim = cache.get(key)
            if sim is None:
                sim = cache[key] = simulate((c.r, c.g, c.b), kind)
            out.set_at((x, y), sim)
    out.unlock()
    return out
