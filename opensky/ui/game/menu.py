"""The in-game menu (Esc), drawn over the paused game: resume, save, load
(in a tutorial: restart), rules, settings (a change of language or text size lays the game out again
under the menu), quit."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.ui import theme as T
from opensky.ui.scenes.dialog import Dialog
from opensky.ui.widgets import Button
from opensky.ui.screens import screen

if TYPE_CHECKING:
    from opensky.ui.app import App
    from opensky.ui.game.scene import GameScene


class GameMenu(Dialog):
    title = "Paused"
    title_centered = True
    arrows_move_focus = True

    def __init__(self, app: "App", game: "GameScene") -> None:
        super().__init__(app)
        self.game = game
        #: a tutorial is restarted or left, not saved (where it stands is kept)
        tutorial = getattr(game, "restart", None)
        self.widgets.add(Button("Resume", app.pop, primary=True))
        if tutorial is not None:
            self.widgets.add(Button("Restart tutorial", self.restart))
        elif not game.read_only:
            self.widgets.add(Button("Save game", self.save))
            self.widgets.add(Button("Load game", self.load))
        self.widgets.add(Button("Rules", self.rules))
        self.widgets.add(Button("Settings…", self.settings))
        self.widgets.add(Button("Leave tutorial" if tutorial is not None else "Quit to title", self.to_title))
        self.widgets.add(Button("Quit OpenSky", app.quit))

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        bw, bh = int(260 * s), int(T.BUTTON_H * s)
        buttons = [b for b in self.widgets.widgets if isinstance(b, Button)]
        ph = len(buttons) * (bh + int(12 * s)) + int(90 * s)
        self.panel = pygame.Rect(w // 2 - int(170 * s), h // 2 - ph // 2, int(340 * s), ph)
        self.button_column(buttons, w // 2 - bw // 2, self.panel.y + int(70 * s), bw, bh, int(12 * s))
        self.dirty = True

    def rules(self) -> None:
        game = getattr(self.game, "game_kind", None)  # Blue Skies' screen opens its own rules
        self.app.push(screen("rules")(self.app, game=game) if game else screen("rules")(self.app))

    def settings(self) -> None:
        """The settings screen over the game; Done comes back to this menu."""
        self.app.push(screen("settings")(self.app))

    def save(self) -> None:
        self.app.pop()
        self.app.push(screen("save")(self.app, self.game))

    def load(self) -> None:
        self.app.push(screen("load")(self.app))

    def restart(self) -> None:
        self.app.pop()
        self.game.restart()  # type: ignore[attr-defined]

    def to_title(self) -> None:
        self.app.replace(screen("title")(self.app))
