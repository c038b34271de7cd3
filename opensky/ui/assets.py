"""Fonts and other assets, loaded once through ``opensky.paths`` so that they
resolve from the source tree and from a PyInstaller bundle alike."""
from __future__ import annotations

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


@lru_cache(maxsize=256)
def font(size: int, weight: str = "regular") -> pygame.font.Font:
    """The bundled Inter font at a pixel size (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(font_path(weight)), max(6, int(size)))


@lru_cache(maxsize=4096)
def text(s: str, size: int, color: tuple[int, int, int], weight: str = "regular") -> pygame.Surface:
    """Rendered text (cached: the same label is not rendered every frame)."""
    return font(size, weight).render(s, True, color)


def clear_caches() -> None:
    text.cache_clear()
