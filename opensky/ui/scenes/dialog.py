"""The one dialog: a panel over the current screen with a title and buttons.

Every dialog repeats the same scaffolding — an overlay scene, the dimming
veil, the panel and its title (``widgets.dialog_frame``), Esc to close, what
Enter does, a row or a column of buttons — so it is written once here; a
dialog lays out its panel and buttons in ``resize``, says what Enter does in
``on_enter`` and draws its body in ``draw_body``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from opensky.ui.scene import Scene
from opensky.ui.widgets import Button, WidgetGroup, dialog_frame

if TYPE_CHECKING:
    from opensky.ui.app import App


class Dialog(Scene):
    overlay = True
    #: the title, an English key (translated when drawn)
    title = ""
    #: the title centred over the panel (else at its left)
    title_centered = False
    #: Up and Down move the keyboard focus (a column of buttons)
    arrows_move_focus = False

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.panel = pygame.Rect(0, 0, 0, 0)

    def close(self) -> None:
        self.app.pop()

    def on_enter(self) -> bool:
        """Enter was pressed: True when the dialog took it (else the focused
        button gets it)."""
        return False

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.close()
                return
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_enter():
                return
            if self.arrows_move_focus and e.key in (pygame.K_DOWN, pygame.K_UP):
                self.widgets.move_focus(1 if e.key == pygame.K_DOWN else -1)
                return
        self.widgets.handle(e)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        dialog_frame(surface, self.panel, self.title, s, centered=self.title_centered)
        self.draw_body(surface, s)
        self.widgets.draw(surface, s)

    def draw_body(self, surface: pygame.Surface, s: float) -> None:
        """What the dialog says between its title and its buttons."""

    @staticmethod
    def button_row(buttons: Sequence[tuple[Button, int]], right: int, y: int, h: int, gap: int) -> None:
        """Buttons side by side (with their widths), the last one ending at ``right``."""
        x = right
        for b, w in reversed(buttons):
            x -= w
            b.rect = pygame.Rect(x, y, w, h)
            x -= gap

    @staticmethod
    def button_column(buttons: Sequence[Button], x: int, y: int, w: int, h: int, gap: int) -> None:
        """Buttons one under the other from ``(x, y)``."""
        for b in buttons:
            b.rect = pygame.Rect(x, y, w, h)
            y += h + gap
