"""Fonts and other assets, loaded once through ``opensky.paths`` so that they
resolve from the source tree and from a PyInstaller bundle alike."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pygame

from opensky.paths import resource_path

_WEIGHTS = {
    "regular": ("Inter-Regular.ttf", "Inter_400Regular.ttf"),
    "medium": ("Inter-Medium.ttf", "Inter_500Medium.ttf", "Inter-SemiBold.ttf", "Inter_600SemiBold.ttf"),
    "semibold": ("Inter-SemiBold.ttf", "Inter_600SemiBold.ttf", "Inter-Bold.ttf", "Inter_700Bold.ttf"),
    "bold": ("Inter-Bold.ttf", "Inter_700Bold.ttf", "Inter-SemiBold.ttf", "Inter_600SemiBold.ttf"),
}


class AssetError(RuntimeError):
    """A bundled asset is missing or unreadable."""


@lru_cache(maxsize=None)
def font_path(weight: str = "regular") -> Path:
    folder = resource_path("assets", "fonts")
    for name in _WEIGHTS.get(weight, _WEIGHTS["regular"]) + _WEIGHTS["regular"]:
        p = folder / name
        if p.is_file():
            return p
    raise AssetError(f"the bundled font is missing from {folder}")


#: The smallest text drawn, in pixels: readable at 960×600 (issue 15).  The
#: layout scales down on small windows; text stops at this size.
MIN_TEXT_PX = 12


def px(size: float) -> int:
    """The pixel size text of (scaled) ``size`` is drawn at: never under
    ``MIN_TEXT_PX``."""
    return max(int(size), MIN_TEXT_PX)


@lru_cache(maxsize=256)
def font(size: int, weight: str = "regular", floor: int = MIN_TEXT_PX) -> pygame.font.Font:
    """The bundled Inter font at a pixel size, never under ``floor`` (cached).
    A smaller ``floor`` is for marks that are not reading text (a count in a
    token badge)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(font_path(weight)), max(floor, 6, int(size)))


_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")


def drawable(s: str) -> str:
    """``s`` with what pygame cannot draw (NUL, lone surrogates) replaced by
    U+FFFD: every text reaching the screen passes here, whatever a file held."""
    return _UNDRAWABLE.sub("\ufffd", s) if _UNDRAWABLE.search(s) else s


@lru_cache(maxsize=4096)
def text(s: str, size: int, color: tuple[int, int, int], weight: str = "regular",
         floor: int = MIN_TEXT_PX) -> pygame.Surface:
    """Rendered text (cached: the same label is not rendered every frame).
    Text with nothing visible to draw (only zero-width characters) gives an
    empty surface of the font's height, as an empty string does."""
    f = font(size, weight, floor)
    try:
        return f.render(drawable(s), True, color)
    except pygame.error:  # "Text has zero width"
        return f.render("", True, color)


def clear_caches() -> None:
    text.cache_clear()
