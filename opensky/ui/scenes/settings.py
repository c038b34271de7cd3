"""Settings: language, text size, sound, animation speed, computer pace,
full screen or window, window size.  Every change applies at once and is
saved for the next start.  Opened from the title and from the game's menu
(Esc): a change of language or text size lays the game under it out again
(``App.relayout``), a new window size resizes every screen."""
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
#: The window sizes offered (those that fit the screen), besides the current one.
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((960, 600), (1280, 720), (1600, 900), (1920, 1080))


def window_size_options(current: tuple[int, int], limit: tuple[int, int]) -> list[tuple[tuple[int, int], str]]:
    """The sizes of the Window size row: those of ``WINDOW_SIZES`` that fit
    ``limit`` (the largest screen), and the current window's size when it is
    none of them, smallest first."""
    sizes = {wh for wh in WINDOW_SIZES if wh[0] <= limit[0] and wh[1] <= limit[1]}
    sizes.add((int(current[0]), int(current[1])))
    return [(wh, f"{wh[0]} × {wh[1]}") for wh in sorted(sizes)]


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
        self.c_display = row(N_("Display"), [(False, N_("Window")), (True, N_("Full screen"))], app.fullscreen,
                             self.set_full, N_("F11 toggles too"))
        self.c_size = row(N_("Window size"), self._size_options(), tuple(app.windowed_size), self.set_window_size,
                          N_("The size of the window (not in full screen)"))
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

    def _size_options(self) -> list[tuple[tuple[int, int], str]]:
        return window_size_options(self.app.windowed_size, self.app.desktop_limit())

    def set_window_size(self, size: tuple[int, int]) -> None:
        """A window of that size now (leaving full screen), kept for the next start."""
        self.app.set_window_size(size)
        self.app.save_settings()

    def close(self) -> None:
        self.app.save_settings()
        self.app.pop()

    # ---------------------------------------------------------------- scene
    def resize(self, size: tuple[int, int]) -> None:
        # the window may have been resized by hand, or left full screen: the
        # rows show what is true now
        self.c_display.value = self.app.fullscreen
        self.c_size.options = self._size_options()
        self.c_size.value = tuple(self.app.windowed_size)
        s = T.ui_scale(size)
        w, h = size
        head, foot = int(84 * s), int(80 * s)
        ph = min(h - int(20 * s), head + len(self.rows) * int(44 * s) + foot)
        row_h = min(int(44 * s), (ph - head - foot) // len(self.rows))
        ctl_h = min(int(34 * s), row_h - int(6 * s))
        pw = min(w - int(20 * s), int(740 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        label_w = max(assets.font(int(T.TYPE.body * s), "medium").size(tr(label))[0] for label, _ in self.rows)
        x = self.panel.x + int(32 * s) + max(int(198 * s), label_w + int(16 * s))
        y = self.panel.y + head
        self.label_pos: list[tuple[str, tuple[int, int]]] = []
        for label, c in self.rows:
            c.rect = pygame.Rect(x, y, self.panel.right - int(32 * s) - x, ctl_h)
            self.label_pos.append((label, (self.panel.x + int(32 * s), y + ctl_h // 2)))
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
