"""Settings: animation speed, computer pace, full screen.  (Saving settings
across restarts, languages, sound and text size come with issue #6.)"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.ui import assets, draw as D, theme as T
from opensky.ui.scene import Scene
from opensky.ui.widgets import Button, Choice, WidgetGroup, shadowed_panel

if TYPE_CHECKING:
    from opensky.ui.app import App


class SettingsScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.c_anim = self.widgets.add(Choice([(0.0, "Off"), (0.5, "Slow"), (1.0, "Normal"), (2.0, "Fast")],
                                              app.anim_speed, lambda v: setattr(app, "anim_speed", v),
                                              tooltip="How fast planes and dice move"))
        self.c_pace = self.widgets.add(Choice([(2.0, "Relaxed"), (0.8, "Normal"), (0.3, "Quick"), (0.0, "Instant")],
                                              app.ai_pace, lambda v: setattr(app, "ai_pace", v),
                                              tooltip="Time between a computer airline's moves"))
        self.c_full = self.widgets.add(Choice([(False, "Window"), (True, "Full screen")], app.fullscreen,
                                              self._full, tooltip="F11 toggles too"))
        self.widgets.add(Button("Done", app.pop, primary=True))

    def _full(self, v: bool) -> None:
        if v != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        self.panel = pygame.Rect(w // 2 - int(330 * s), h // 2 - int(200 * s), int(660 * s), int(400 * s))
        x = self.panel.x + int(230 * s)
        y = self.panel.y + int(96 * s)
        self.rows = []
        for label, c in (("Animations", self.c_anim), ("Computer pace", self.c_pace), ("Display", self.c_full)):
            c.rect = pygame.Rect(x, y, self.panel.right - int(36 * s) - x, int(38 * s))
            self.rows.append((label, (self.panel.x + int(36 * s), y + int(19 * s))))
            y += int(56 * s)
        self.widgets.widgets[-1].rect = pygame.Rect(self.panel.right - int(160 * s), self.panel.bottom - int(66 * s),
                                                    int(124 * s), int(T.BUTTON_H * s))
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.widgets.handle(e)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
        t = assets.text("Settings", int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(t, (self.panel.x + int(36 * s), self.panel.y + int(26 * s)))
        for label, (x, cy) in self.rows:
            img = assets.text(label, int(T.TYPE.body * s), T.INK_SOFT, "medium")
            surface.blit(img, (x, cy - img.get_height() // 2))
        self.widgets.draw(surface, s)
        tip = self.widgets.hovered_tooltip()
        if tip:
            D.tooltip(surface, tip[0], pygame.mouse.get_pos(), s)
