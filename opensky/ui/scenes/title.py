"""The title screen: New game, Continue, Rules, Settings, Quit."""
from __future__ import annotations

import math
import random

from typing import TYPE_CHECKING

import pygame

from opensky.i18n import tr, trn
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.scene import Scene
from opensky.ui.widgets import Button, WidgetGroup
from opensky.userdirs import named_saves_exist, saves_exist

if TYPE_CHECKING:
    from opensky.ui.app import App


class TitleScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.b_new = self.widgets.add(Button("New game", self.new_game, primary=True))
        self.b_cont = self.widgets.add(Button("Continue", self.cont))
        self.b_load = self.widgets.add(Button("Load game", self.load))
        self.b_rules = self.widgets.add(Button("Rules", self.rules))
        self.b_settings = self.widgets.add(Button("Settings", self.settings))
        self.b_quit = self.widgets.add(Button("Quit", app.quit))
        self.bg: pygame.Surface | None = None
        self.t = 0.0

    def enter(self) -> None:
        has = saves_exist()
        self.b_cont.enabled = has
        self.b_cont.tooltip = "Resume the last game where it was" if has else "No game to continue yet"
        self.b_load.enabled = named_saves_exist()
        self.b_load.tooltip = "" if self.b_load.enabled else "No saved games yet"
        self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        bw, bh = int(280 * s), int(T.BUTTON_H * s)
        gap = int(12 * s)
        y = int(h * 0.43)
        for b in self.widgets.widgets:
            b.rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
            y += bh + gap
        self.bg = self._background(size, s)
        self.dirty = True

    def _background(self, size: tuple[int, int], s: float) -> pygame.Surface:
        w, h = size
        bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        layer = pygame.Surface(size, pygame.SRCALPHA)
        rng = random.Random(7)
        pts = [(rng.uniform(0.05, 0.95) * w, rng.uniform(0.08, 0.92) * h) for _ in range(22)]
        for i in range(30):
            a, b = rng.sample(pts, 2)
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - abs(a[0] - b[0]) * 0.18
            arc = [(((1 - t) ** 2) * a[0] + 2 * (1 - t) * t * mx + t * t * b[0],
                    ((1 - t) ** 2) * a[1] + 2 * (1 - t) * t * my + t * t * b[1]) for t in
                   [k / 24 for k in range(25)]]
            pygame.draw.aalines(layer, (255, 255, 255, 28), False, arc)
        for p in pts:
            pygame.draw.circle(layer, (255, 255, 255, 70), p, max(2, int(3 * s)))
        bg.blit(layer, (0, 0))
        return bg

    def new_game(self) -> None:
        from opensky.ui.scenes.newgame import NewGameScene
        self.app.push(NewGameScene(self.app))

    def cont(self) -> None:
        from opensky.ui.scenes.saves import MessageDialog, continue_latest
        err = continue_latest(self.app)
        if err:
            self.app.push(MessageDialog(self.app, "The game cannot be continued", err))

    def load(self) -> None:
        from opensky.ui.scenes.saves import LoadScene
        self.app.push(LoadScene(self.app))

    def rules(self) -> None:
        from opensky.ui.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from opensky.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.quit()
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F1:
            self.rules()
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_DOWN, pygame.K_UP):
            self.widgets.move_focus(1 if e.key == pygame.K_DOWN else -1)
            return
        self.widgets.handle(e)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        w, h = surface.get_size()
        if self.bg is None or self.bg.get_size() != (w, h):
            self.bg = self._background((w, h), s)
        surface.blit(self.bg, (0, 0))
        title = assets.text("OpenSky", int(T.TYPE.title * 1.5 * s), (255, 255, 255), "bold")
        ty = int(h * 0.2)
        surface.blit(title, title.get_rect(midtop=(w // 2, ty)))
        sub = assets.text(tr("The airline board game"), int(T.TYPE.h2 * s), (200, 210, 228), "medium")
        surface.blit(sub, sub.get_rect(midtop=(w // 2, ty + title.get_height() + int(4 * s))))
        # a plane crossing under the title
        D.plane_icon(surface, (w // 2 + title.get_width() // 2 + int(34 * s), ty + int(26 * s)),
                     int(22 * s), -math.pi / 8, T.ACCENT, outline=None)
        self.widgets.draw(surface, s)
        ver = assets.text(tr("version {v}", v=self.app.version), int(T.TYPE.tiny * s), (150, 165, 190))
        surface.blit(ver, (int(16 * s), h - ver.get_height() - int(12 * s)))
        hint = assets.text(tr("F11 full screen"), int(T.TYPE.tiny * s), (150, 165, 190))
        surface.blit(hint, (w - hint.get_width() - int(16 * s), h - hint.get_height() - int(12 * s)))
        tip = self.widgets.hovered_tooltip()
        if tip:
            D.tooltip(surface, tip[0], pygame.mouse.get_pos(), s)
