#!/usr/bin/env python3
"""Draw OpenSky's icon and write it in the three forms the builds need.

The icon is ours, drawn by this script (no font, no outside art): an amber
route arc between two white airports with a white plane flying along it, on a
rounded night-blue square — the title screen's colours (``opensky/ui/theme.py``:
NIGHT #162030, ACCENT #D67A24, white).

    python tools/make_icon.py            # writes assets/images/icon.{png,ico,icns}
    python tools/make_icon.py --preview  # also writes /tmp/opensky-icon-1024.png

Outputs (in ``assets/images/``):

- ``icon.png``  256×256, the window icon (``opensky/ui/app.py`` loads it) and
  the Linux desktop icon.
- ``icon.ico``  Windows: 16, 24, 32, 48, 64, 128 and 256 px, every entry stored
  as PNG (allowed in ICO since Windows Vista; PyInstaller copies the entries
  into the executable's icon resource unchanged).
- ``icon.icns`` macOS: PNG entries ic07…ic14 (128 to 1024 px, the normal and
  Retina sizes Finder and the Dock ask for).

pygame cannot write ICO or ICNS, but both are tiny container formats, written
here by hand (``ico_bytes``, ``icns_bytes``). The drawing is made at 4096 px
and smooth-scaled down, which gives antialiased edges without extra packages;
every smaller size is scaled from the 1024 px master. The output is
deterministic, so re-running the script changes no file.
"""
from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "images"

NIGHT = (22, 32, 48)        # #162030
NIGHT_2 = (34, 50, 74)      # the lighter night blue of the title screen
AMBER = (214, 122, 36)      # #D67A24
WHITE = (255, 255, 255)

MASTER = 1024
SUPER = 4                   # supersampling factor of the drawing
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, with their pixel size.
ICNS_TYPES = (("ic07", 128), ("ic08", 256), ("ic09", 512), ("ic10", 1024),
              ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512))

# The plane, nose up, in units of the icon's width (top view: fuselage, swept
# wings, tailplane).  Symmetric: only the right half is listed.
_PLANE_RIGHT = [
    (0.000, -0.150),   # nose
    (0.016, -0.136),
    (0.022, -0.100),
    (0.022, -0.034),   # wing root, leading edge
    (0.160, 0.030),    # wing tip, leading edge
    (0.160, 0.058),    # wing tip, trailing edge
    (0.022, 0.022),    # wing root, trailing edge
    (0.018, 0.098),    # tail root, leading edge
    (0.066, 0.128),    # tailplane tip
    (0.066, 0.146),
    (0.012, 0.132),
    (0.000, 0.140),    # tail
]


def _plane_points(cx: float, cy: float, angle: float, scale: float) -> list[tuple[float, float]]:
    """The plane outline centred at (cx, cy), nose turned by ``angle`` radians
    clockwise from straight up, ``scale`` pixels per icon width."""
    half = _PLANE_RIGHT
    outline = half + [(-x, y) for (x, y) in reversed(half[1:-1])]
    ca, sa = math.cos(angle), math.sin(angle)
    return [(cx + (x * ca - y * sa) * scale, cy + (x * sa + y * ca) * scale) for (x, y) in outline]


def _arc_point(t: float, size: float) -> tuple[float, float]:
    """A point on the route arc (a quadratic Bézier), t in [0, 1]."""
    p0 = (0.22 * size, 0.77 * size)
    p1 = (0.38 * size, 0.18 * size)
    p2 = (0.80 * size, 0.44 * size)
    u = 1.0 - t
    return (u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
            u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1])


def draw_master() -> pygame.Surface:
    """The icon at ``MASTER`` px with an alpha channel (transparent corners)."""
    s = MASTER * SUPER
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    # Rounded square filled with a vertical gradient, night blue at the top
    # to the title screen's lighter blue at the bottom.
    margin = int(0.055 * s)
    rect = pygame.Rect(margin, margin, s - 2 * margin, s - 2 * margin)
    shape = pygame.Surface((s, s), pygame.SRCALPHA)
    shape.fill((0, 0, 0, 0))
    pygame.draw.rect(shape, (255, 255, 255, 255), rect, border_radius=int(0.20 * s))
    for y in range(rect.top, rect.bottom):
        t = (y - rect.top) / rect.height
        c = tuple(round(a + (b - a) * t) for a, b in zip(NIGHT, NIGHT_2))
        pygame.draw.line(big, c, (rect.left, y), (rect.right, y))
    big.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)

    # The route: an amber arc, solid where the plane has flown, dashed ahead
    # of it.  Drawn with a round brush stamped along the curve by arc length,
    # so the stroke has an even width and round ends.
    width = 0.040 * s
    n = 2000
    pts = [_arc_point(i / n, s) for i in range(n + 1)]
    dist = [0.0]
    for a, b in zip(pts, pts[1:]):
        dist.append(dist[-1] + math.dist(a, b))
    t_plane = 0.46
    d_plane = dist[int(t_plane * n)]
    dash, gap = 0.060 * s, 0.045 * s
    step, last = width / 8, -1e9
    for p, d in zip(pts, dist):
        if d - last < step:
            continue
        ahead = d - d_plane - 0.16 * s           # leave room for the plane
        if ahead < 0 and d > d_plane - 0.14 * s:
            continue
        if ahead >= 0 and (ahead % (dash + gap)) > dash:
            continue
        if d > dist[-1] - 0.05 * s and ahead >= 0:  # stop short of the airport ring
            continue
        pygame.draw.circle(big, AMBER, p, width / 2)
        last = d

    # Airports: white dots with an amber ring at both ends.
    for t in (0.0, 1.0):
        x, y = _arc_point(t, s)
        pygame.draw.circle(big, AMBER, (x, y), int(0.062 * s))
        pygame.draw.circle(big, WHITE, (x, y), int(0.040 * s))

    # The plane, on the arc and turned along it.
    x, y = _arc_point(t_plane, s)
    x2, y2 = _arc_point(t_plane + 0.01, s)
    heading = math.atan2(x2 - x, -(y2 - y))        # clockwise from up
    pygame.draw.polygon(big, WHITE, _plane_points(x, y, heading, s * 0.95))
    return pygame.transform.smoothscale(big, (MASTER, MASTER))


def scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    """``master`` at ``size`` px, halving step by step for clean small sizes."""
    img = master
    while img.get_width() // 2 >= size:
        img = pygame.transform.smoothscale(img, (img.get_width() // 2, img.get_height() // 2))
    if img.get_width() != size:
        img = pygame.transform.smoothscale(img, (size, size))
    return img


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file: ICONDIR, one 16-byte ICONDIRENTRY per image, then the
    images (PNG data).  Little-endian; a width/height of 0 means 256."""
    sizes = sorted(images)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = images[size]
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns_bytes(elements: list[tuple[str, bytes]]) -> bytes:
    """An ICNS file: 'icns' + total length, then per element its 4-letter type
    and length (both counting the 8-byte element header) and the PNG data.
    Big-endian."""
    body = b"".join(t.encode("ascii") + struct.pack(">I", len(d) + 8) + d for t, d in elements)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=OUT, help="output folder (default: assets/images)")
    ap.add_argument("--preview", action="store_true", help="also write /tmp/opensky-icon-1024.png")
    args = ap.parse_args(argv)
    pygame.display.init()
    master = draw_master()
    cache: dict[int, bytes] = {}

    def png(size: int) -> bytes:
        if size not in cache:
            cache[size] = png_bytes(scaled(master, size))
        return cache[size]

    args.out.mkdir(parents=True, exist_ok=True)
    written = {
        "icon.png": png(256),
        "icon.ico": ico_bytes({s: png(s) for s in ICO_SIZES}),
        "icon.icns": icns_bytes([(t, png(s)) for t, s in ICNS_TYPES]),
    }
    for name, data in written.items():
        (args.out / name).write_bytes(data)
        print(f"{args.out / name}: {len(data):,} bytes")
    if args.preview:
        (Path("/tmp") / "opensky-icon-1024.png").write_bytes(png(MASTER))
        print("/tmp/opensky-icon-1024.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
