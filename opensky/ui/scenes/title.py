"""The title screen: New game, Continue, Load game, Join game (online),
Learn to play, Puzzles, Rules, Settings, Quit.

It is also where the player is told what no other screen could say
(``App.notices``: a damaged settings file, settings that cannot be saved, …),
one message dialog at a time."""
from __future__ import annotations

import math
import random

from typing import TYPE_CHECKING, Any

import pygame

from opensky.i18n import N_, tr
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.scene import Scene
from opensky.ui.scenes.saves import MessageDialog
from opensky.ui.widgets import Button, WidgetGroup
from opensky.persistence.store import named_saves_exist, saves_exist
from opensky.ui.screens import screen

if TYPE_CHECKING:
    from opensky.ui.app import App


class NoticeDialog(MessageDialog):
    """A notice from ``App.notices``: the body translated, then its fields
    (paths) filled in (``MessageDialog`` breaks a long path to fit and keeps
    the panel inside the window)."""

    def __init__(self, app: "App", notice: tuple[Any, ...]) -> None:
        # (title, body, fields) from App.notify; a bare (title, body) works too
        title, body, *rest = notice
        fields = rest[0] if rest and isinstance(rest[0], dict) else {}
        super().__init__(app, str(title), str(body), {str(k): str(v) for k, v in fields.items()})


def _autosave_time() -> float:
    """When the autosave was written (0 if there is none)."""
    from opensky.persistence.store import autosave_path
    try:
        return autosave_path().stat().st_mtime
    except OSError:
        return 0.0


class TitleScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.b_new = self.widgets.add(Button("New game", self.new_game, primary=True))
        self.b_cont = self.widgets.add(Button("Continue", self.cont))
        self.b_load = self.widgets.add(Button("Load game", self.load))
        self.b_join = self.widgets.add(Button("Join game", self.join,
                                              tooltip="Play a game a friend hosts on another computer"))
        self.b_learn = Button("Learn to play", self.learn, tooltip="A guided first game against a computer airline")
        self.widgets.add(self.b_learn)
        self.b_puzzles = self.widgets.add(Button("Puzzles", self.puzzles, tooltip="Ten short rule puzzles"))
        self.b_rules = self.widgets.add(Button("Rules", self.rules))
        self.b_settings = self.widgets.add(Button("Settings", self.settings))
        self.b_quit = self.widgets.add(Button("Quit", app.quit))
        self.bg: pygame.Surface | None = None
        #: the unfinished online game hosted here last: (code, time), or None
        self.hosted: tuple[str, float] | None = None
        #: a first start (no game, no tutorial yet): the tutorial is offered
        self.newcomer = False
        self.t = 0.0
        self.k, self.ty = app.scale, int(app.size[1] * 0.2)

    def enter(self) -> None:
        from opensky.ui.online.lobby import hosted_latest
        self.hosted = hosted_latest()   # an online game this computer hosts, not finished
        has = saves_exist() or self.hosted is not None
        self.b_cont.enabled = has
        self.b_cont.tooltip = N_("Resume the last game where it was") if has else N_("No game to continue yet")
        # the list of saves also holds the unfinished online games hosted here
        self.b_load.enabled = named_saves_exist() or self.hosted is not None
        self.b_load.tooltip = "" if self.b_load.enabled else N_("No saved games yet")
        self.newcomer = self._newcomer(has)
        self.b_learn.primary = self.newcomer
        self.dirty = True
        self.show_notices()

    @staticmethod
    def _newcomer(has_game: bool) -> bool:
        """Nothing played yet: no game to continue and no tutorial begun."""
        if has_game:
            return False
        from opensky.learn import progress
        return not progress.load().tutorials

    def show_notices(self) -> None:
        """Show the next waiting notice (``App.notify``) over the title screen.

        Called on every ``enter``, which includes the moment a notice's dialog
        closes, so the notices come one at a time, each once."""
        if self.app.stack.top is not self:
            return
        notice = self.app.take_notice()
        if notice is not None:
            self.app.push(NoticeDialog(self.app, notice))

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        self.k, self.ty, y = self._layout(size, s)
        k = self.k
        bw, bh = int(280 * k), int(T.BUTTON_H * k)
        gap = int(12 * k)
        for b in self.widgets.widgets:
            b.rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
            y += bh + gap
        self.bg = self._background(size, s)
        self.dirty = True

    #: Design pixels between the subtitle and the first button, and between
    #: the title and the subtitle.
    SUB_GAP, TITLE_GAP = 36, 4

    def _layout(self, size: tuple[int, int], s: float) -> tuple[float, int, int]:
        """(scale, title top, first button top) of the title and button column.

        Title, subtitle and buttons are one block with a clear gap under the
        subtitle (``SUB_GAP``: the buttons once touched it), centred in the
        height above the footer and raised a little; with large text on a
        small window the block is made smaller until it fits."""
        w, h = size
        foot = int(40 * s)  # the version line
        k = s
        for _ in range(12):
            title_h = assets.font(int(T.TYPE.title * 1.5 * k), "bold").get_height()
            sub_h = assets.font(int(T.TYPE.h2 * k), "medium").get_height()
            n = len(self.widgets.widgets)
            buttons = n * int(T.BUTTON_H * k) + (n - 1) * int(12 * k)
            head = title_h + int(self.TITLE_GAP * k) + sub_h + int(self.SUB_GAP * k)
            room = h - foot - int(12 * k)
            if head + buttons <= room:
                ty = max(int(12 * k), int((room - head - buttons) * 0.42))
                return k, ty, ty + head
            k *= 0.92
        return k, int(12 * k), int(h * 0.43)

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
        self.app.push(screen("new_game")(self.app))

    def cont(self) -> None:
        """The last game played: the autosave's, or an online game hosted here if it is newer."""
        if self.hosted is not None and self.hosted[1] >= _autosave_time():
            from opensky.ui.online.lobby import resume_hosting
            why = resume_hosting(self.app, self.hosted[0])
            if why:
                self.app.push(MessageDialog(self.app, N_("The game cannot be continued"),
                                            N_("The online game hosted here cannot be opened ({problem})."),
                                            {"problem": why}))
            return
        self.cont_saved()

    def cont_saved(self) -> None:
        """Continue the autosaved game; when no copy of it can be read, say so
        (the damaged files are kept) and offer a new game."""
        from opensky.ui.scenes.saves import continue_latest
        err = continue_latest(self.app)
        if err is not None:
            text, params = err
            self.app.push(MessageDialog(self.app, N_("The game cannot be continued"), text, params,
                                        action=(N_("New game"), self.new_game)))

    def load(self) -> None:
        self.app.push(screen("load")(self.app))

    def join(self) -> None:
        self.app.push(screen("join")(self.app))

    def rules(self) -> None:
        """The rules of the game last started (the screen switches between both)."""
        game = getattr(self.app.settings, "last_game", "opensky")
        self.app.push(screen("rules")(self.app, game=game))

    def learn(self) -> None:
        self.app.push(screen("learn")(self.app))

    def puzzles(self) -> None:
        self.app.push(screen("puzzles")(self.app))

    def settings(self) -> None:
        self.app.push(screen("settings")(self.app))

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
        bg = self.bg  # made in resize; a window not laid out yet gets one for this frame only
        surface.blit(bg if bg is not None and bg.get_size() == (w, h) else self._background((w, h), s), (0, 0))
        k, ty = self.k, self.ty  # the title column's scale and place (resize)
        title = assets.text("OpenSky", int(T.TYPE.title * 1.5 * k), (255, 255, 255), "bold")
        surface.blit(title, title.get_rect(midtop=(w // 2, ty)))
        sub = assets.text(tr("The airline board game"), int(T.TYPE.h2 * k), (200, 210, 228), "medium")
        surface.blit(sub, sub.get_rect(midtop=(w // 2, ty + title.get_height() + int(self.TITLE_GAP * k))))
        # a plane crossing under the title
        D.plane_icon(surface, (w // 2 + title.get_width() // 2 + int(34 * k), ty + int(26 * k)),
                     int(22 * k), -math.pi / 8, T.ACCENT, outline=None)
        self.widgets.draw(surface, k)
        if self.newcomer:  # the first start: the tutorial is where to begin
            r = self.b_learn.rect
            tag = assets.text(tr("New here? Start with a guided game"), int(T.TYPE.small * k), T.NIGHT, "semibold")
            box = tag.get_rect(midleft=(r.right + int(18 * k), r.centery)).inflate(int(20 * k), int(10 * k))
            if box.right <= w - int(8 * k):
                pygame.draw.polygon(surface, T.GOLD, [(box.x - int(10 * k), box.centery), (box.x + 1, box.y + int(4 * k)),
                                                      (box.x + 1, box.bottom - int(4 * k))])
                pygame.draw.rect(surface, T.GOLD, box, border_radius=int(8 * k))
                surface.blit(tag, tag.get_rect(center=box.center))
        ver = assets.text(tr("version {v}", v=self.app.version), int(T.TYPE.tiny * s), (150, 165, 190))
        surface.blit(ver, (int(16 * s), h - ver.get_height() - int(12 * s)))
        hint = assets.text(tr("F11 full screen"), int(T.TYPE.tiny * s), (150, 165, 190))
        surface.blit(hint, (w - hint.get_width() - int(16 * s), h - hint.get_height() - int(12 * s)))
        tip = self.widgets.hovered_tooltip()
        if tip:
            D.tooltip(surface, tip[0], pygame.mouse.get_pos(), s)
