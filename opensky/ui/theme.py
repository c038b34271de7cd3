"""The visual theme in one place: colours, type scale, spacing, airline identities.

Sizes are in *design pixels* for a 1280×720 window; ``Theme.scale`` converts
them for the current window (see ``ui_scale``).
"""
from __future__ import annotations

from dataclasses import dataclass

from opensky.play.seats import DEFAULT_SEATS, Seat

Color = tuple[int, int, int]


def hex_color(s: str) -> Color:
    s = s.lstrip("#")
    return (int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16))


def mix(a: Color, b: Color, t: float) -> Color:
    """Blend two colours: t=0 gives a, t=1 gives b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


# ---------------------------------------------------------------- palette
INK = (28, 36, 48)            # main text
INK_SOFT = (84, 94, 110)      # secondary text
INK_FAINT = (140, 148, 160)   # disabled text
PAPER = (247, 244, 236)       # panels
PAPER_DARK = (232, 227, 214)
CARD = (255, 253, 248)
LINE = (205, 198, 182)        # hairlines on paper
NIGHT = (22, 32, 48)          # title background
NIGHT_2 = (34, 50, 74)
ACCENT = (214, 122, 36)       # call to action (amber)
ACCENT_DARK = (176, 94, 18)
FOCUS = (40, 120, 220)        # keyboard focus ring
GOOD = (46, 140, 86)
BAD = (190, 60, 50)
GOLD = (222, 178, 60)         # subsidy cubes, call-sign tokens
SHADOW = (0, 0, 0)

ROUTE = (64, 78, 100)
ROUTE_HOVER = (214, 122, 36)
AIRPORT = (255, 255, 255)
AIRPORT_RING = (40, 48, 60)

# ---------------------------------------------------------------- airlines
# Colours chosen to stay apart for the common forms of colour blindness, and
# each airline also has its own shape, so colour is never the only cue.
# The four defaults keep CIE76 ΔE ≥ 30 between every pair for normal vision
# and simulated protanopia, deuteranopia and tritanopia (opensky/ui/palette.py,
# tests/ui/test_palette.py).  Blue Skies' fifth default airline is violet:
# teal falls within ΔE 10 of sky for tritanopes, and no teal stays 25 away
# from the four and from the local airline's grey; this violet keeps ΔE ≥ 35
# from all five for every vision.
AIRLINE_COLORS: dict[str, Color] = {
    "navy": (20, 50, 130),
    "orange": (230, 126, 0),
    "sky": (60, 160, 220),
    "brown": (140, 80, 30),
    "red": (200, 40, 60),
    "teal": (0, 150, 150),
    "violet": (150, 20, 240),
}
#: The local airline's gates (Blue Skies): grey, and a hexagon, no airline's shape.
LOCAL_GREY: Color = (158, 158, 154)
LOCAL_SHAPE = "hexagon"
AIRLINE_SHAPES: tuple[str, ...] = ("circle", "triangle", "square", "diamond", "star")
#: (name, colour key, shape) of the default airlines: OpenSky's four, and
#: Blue Skies' fifth (violet, see above).
DEFAULT_AIRLINES: tuple[tuple[str, str, str], ...] = DEFAULT_SEATS


def seat_rgb(seat: "Seat") -> Color:
    """An airline's colour; an unknown key (a hand-edited save) falls back to
    a palette colour."""
    return AIRLINE_COLORS.get(seat.color, AIRLINE_COLORS["navy"])


# ---------------------------------------------------------------- type & space
@dataclass(frozen=True)
class TypeScale:
    title: int = 64
    h1: int = 34
    h2: int = 24
    body: int = 17
    small: int = 14
    tiny: int = 12


TYPE = TypeScale()
SPACE = 8          # base spacing unit (design px)
RADIUS = 10        # corner radius of panels and buttons
BUTTON_H = 44

DESIGN_SIZE = (1280, 720)


#: The player's text-size setting (Settings → Text size), applied to the whole
#: layout so that larger text never overflows its boxes.
TEXT_SCALE = 1.0


def set_text_scale(k: float) -> None:
    global TEXT_SCALE
    TEXT_SCALE = k


#: How far the text-size setting may enlarge the game screen beyond the
#: window's own scale: the map, its overlays and the tray must still fit.
GAME_TEXT_CAP = 1.25


def game_scale(size: tuple[int, int]) -> float:
    """The game screen's scale: ``ui_scale`` with the text-size setting's
    enlargement capped at ``GAME_TEXT_CAP`` (a 150 % text size on a 960×600
    window would leave no room for the map)."""
    w, h = size
    base = max(0.7, min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1]))
    return min(ui_scale(size), base * GAME_TEXT_CAP)


def ui_scale(size: tuple[int, int], text_scale: float | None = None) -> float:
    """Scale factor from design pixels to window pixels: 1.0 at 1280×720,
    larger on bigger windows, a bit smaller on small ones (never below 0.7),
    times the text-size setting."""
    w, h = size
    s = min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1])
    return max(0.7, s) * (TEXT_SCALE if text_scale is None else text_scale)
