"""Scenes and the scene stack.

A scene has a lifecycle (``enter``/``exit``), handles events, advances its
tweens in ``update(dt)`` (float seconds) and draws in ``draw(surface)``;
``draw`` changes nothing.  ``wants_frame()`` tells the loop whether anything is
moving; when nothing is, the loop sleeps until the next event.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from opensky.ui.app import App


class Scene:
    #: An overlay draws over the scene below it (dialogs).
    overlay = False

    def __init__(self, app: "App"):
        self.app = app
        self.dirty = True

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again."""
        self.dirty = True

    def relayout(self, size: tuple[int, int]) -> None:
        """The language or the text size changed: lay out again with the new
        words and fonts (a scene that keeps drawn text makes it again)."""
        self.resize(size)

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def wants_frame(self) -> bool:
        """True while something moves (the loop then runs at full rate)."""
        return False

    def damage(self) -> list[pygame.Rect] | None:
        """For a frame without a full redraw pending: the window areas that
        changed (animations, small state changes), or None for everything."""
        return None

    def needs_redraw(self) -> bool:
        return self.dirty or self.wants_frame()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change game or UI state (what it shows is
        prepared in ``update`` and ``resize``)."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.dirty = True
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        s = self.scenes.pop()
        s.exit()
        if self.scenes:
            self.scenes[-1].dirty = True
            self.scenes[-1].enter()
        return s

    def replace(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and any scenes under overlays."""
        out: list[Scene] = []
        for s in reversed(self.scenes):
            out.append(s)
            if not s.overlay:
                break
        return list(reversed(out))
