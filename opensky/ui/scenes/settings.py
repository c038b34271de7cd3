"""Settings: language, text size, sound, animation speed, computer pace,
full screen.  Every change applies at once and is saved for the next start."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from opensky import i18n
from opensky.i18n import N_, tr
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.scene import Scene
from opensky.ui.widgets import Button, Choice, WidgetGroup, shadowed_panel

if TYPE_CHECKING:
    from opensky.ui.app import App

LEVELS = [(0.0, N_("Off")), (0.35, N_("Low")), (0.7, N_("Medium")), (1.0, N_("High"))]


def _nearest(value: float, options: list[tuple[float, str]]) -> float:
    return min((abs(v - value), v) for v, _ in options)[1]


class SettingsScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        st = app.settings
        self.widgets = WidgetGroup()
        self.rows: list[tuple[str, Choice]] = []

        def row(label: str, options: list[tuple[Any, str]], value: Any, on: Callable[[Any], None],
                tip: str) -> Choice:
            c = Choice(options, value, on, tooltip=tip)
            self.widgets.add(c)
            self.rows.append((label, c))
            return c

        row(N_("Language"), [(k, v) for k, v in i18n.LANGUAGES.items()], i18n.language(), self.set_language,
            N_("English, svenska, português — switches at once"))
        row(N_("Text size"), [(0.9, "90%"), (1.0, "100%"), (1.15, "115%"), (1.3, "130%")],
            _nearest(st.text_scale, [(0.9, ""), (1.0, ""), (1.15, ""), (1.3, "")]), self.set_text_scale,
            N_("Makes all text and controls larger"))
        row(N_("Sound"), [(False, N_("On")), (True, N_("Muted"))], st.muted, self._set("muted"), N_("Mute all sound"))
        row(N_("Master volume"), LEVELS, _nearest(st.master_volume, LEVELS), self._set("master_volume"),
            N_("Overall loudness"))
        row(N_("Effects"), LEVELS, _nearest(st.effects_volume, LEVELS), self._set("effects_volume"),
            N_("Dice, planes, cards and coins"))
        row(N_("Music"), LEVELS, _nearest(st.music_volume, LEVELS), self._set("music_volume"),
            N_("The soft background music"))
        row(N_("Animations"), [(0.0, N_("Off")), (0.5, N_("Slow")), (1.0, N_("Normal")), (2.0, N_("Fast"))],
            _nearest(app.anim_speed, [(0.0, ""), (0.5, ""), (1.0, ""), (2.0, "")]), self.set_anim,
            N_("How fast planes and dice move"))
        row(N_("Computer pace"), [(2.0, N_("Relaxed")), (0.8, N_("Normal")), (0.3, N_("Quick")), (0.0, N_("Instant"))],
            _nearest(app.ai_pace, [(2.0, ""), (0.8, ""), (0.3, ""), (0.0, "")]), self.set_pace,
            N_("Time between a computer airline's moves"))
        row(N_("Display"), [(False, N_("Window")), (True, N_("Full screen"))], app.fullscreen, self.set_full,
            N_("F11 toggles too"))
        self.done = self.widgets.add(Button("Done", self.close, primary=True))

    # ---------------------------------------------------------------- changes
    def _set(self, attr: str) -> Callable[[Any], None]:
        def f(v: Any) -> None:
            setattr(self.app.settings, attr, v)
            self.apply_sound()
            self.app.save_settings()
        return f

    def apply_sound(self) -> None:
        st = self.app.settings
        self.app.sound.set_volumes(st.master_volume, st.effects_volume, st.music_volume, st.muted)

    def set_language(self, lang: str) -> None:
        i18n.set_language(lang)
        self.app.settings.language = lang
        self.app.save_settings()
        self.app.relayout()

    def set_text_scale(self, k: float) -> None:
        self.app.settings.text_scale = k
        T.set_text_scale(k)
        self.app.save_settings()
        self.app.relayout()

    def set_anim(self, v: float) -> None:
        self.app.anim_speed = v
        self.app.save_settings()

    def set_pace(self, v: float) -> None:
        self.app.ai_pace = v
        self.app.save_settings()

    def set_full(self, v: bool) -> None:
        if v != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.app.save_settings()

    def close(self) -> None:
        self.app.save_settings()
        self.app.pop()

    # ---------------------------------------------------------------- scene
    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        row_h = int(44 * s)
        ph = min(h - int(20 * s), int(110 * s) + len(self.rows) * row_h + int(70 * s))
        self.panel = pygame.Rect(w // 2 - int(340 * s), (h - ph) // 2, int(680 * s), ph)
        x = self.panel.x + int(230 * s)
        y = self.panel.y + int(84 * s)
        self.label_pos: list[tuple[str, tuple[int, int]]] = []
        for label, c in self.rows:
            c.rect = pygame.Rect(x, y, self.panel.right - int(32 * s) - x, int(34 * s))
            self.label_pos.append((label, (self.panel.x + int(32 * s), y + int(17 * s))))
            y += row_h
        self.done.rect = pygame.Rect(self.panel.right - int(150 * s), self.panel.bottom - int(58 * s),
                                     int(124 * s), int(T.BUTTON_H * s))
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.close()
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_DOWN, pygame.K_UP):
            self.widgets.move_focus(1 if e.key == pygame.K_DOWN else -1)
            return
        self.widgets.handle(e)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
        t = assets.text(tr("Settings"), int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(t, (self.panel.x + int(32 * s), self.panel.y + int(22 * s)))
        for label, (x, cy) in self.label_pos:
            img = assets.text(tr(label), int(T.TYPE.body * s), T.INK_SOFT, "medium")
            surface.blit(img, (x, cy - img.get_height() // 2))
        self.widgets.draw(surface, s)
        tip = self.widgets.hovered_tooltip()
        if tip:
            D.tooltip(surface, tip[0], pygame.mouse.get_pos(), s)
