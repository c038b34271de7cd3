"""Replay of a Blue Skies game: step through a saved or finished game move by
move, or play it back, with every story told as it was.

The game screen is reused read-only (nobody decides, and no hand is shown:
the spectator view), and the replay drives it with the saved action log, as
OpenSky's replay (``ui/scenes/replay.py``) drives OpenSky's screen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.i18n import N_, tr
from opensky.ui import assets, theme as T
from opensky.ui.scene import Scene
from opensky.ui.screens import screen
from opensky.ui.widgets import Button, WidgetGroup, rounded

if TYPE_CHECKING:
    from opensky.persistence.bssave import LoadedBSGame
    from opensky.ui.app import App


class BSReplayScene(Scene):
    def __init__(self, app: "App", loaded: "LoadedBSGame") -> None:
        super().__init__(app)
        from opensky.persistence.bssave import LoadedBSGame
        from opensky.play.bscontroller import BSController

        self.full = list(loaded.session.log)
        self.whole = loaded.session
        start = LoadedBSGame(loaded.session.fork(0), loaded.seats, loaded.name)
        board = loaded.session.board
        setup = BSController.setup_from(loaded, board.path or board.id)
        self.game = screen("bs_game")(app, setup, loaded=start, read_only=True)
        self.game.host = self
        self.index = 0
        self.playing = False
        self.wait = 0.0
        self.widgets = WidgetGroup()
        self.b_play = Button("Play", self.toggle, small=True, primary=True, tooltip="Play / pause (Space)")
        for b in (Button("Start", self.to_start, small=True, tooltip="Back to the first move"),
                  Button("Back", self.back, small=True, tooltip="One move back (Left)"),
                  self.b_play,
                  Button("Step", self.step, small=True, tooltip="One move forward (Right)"),
                  Button("End", self.to_end, small=True, tooltip="Jump to the last move"),
                  Button("Exit", self.exit, small=True, tooltip="Back to the title (Esc)")):
            self.widgets.add(b)

    # ---------------------------------------------------------------- moves
    def step(self) -> None:
        if self.index < len(self.full) and not self.game.story.blocking():
            self.game.ctl.apply(self.full[self.index])
            self.index += 1
        if self.index >= len(self.full):
            self.playing = False
        self.dirty = True

    def goto(self, n: int) -> None:
        """Jump to after move ``n`` (rebuilt from the start, no animation)."""
        n = max(0, min(n, len(self.full)))
        self.index = n
        self.game.reset_to(self.whole.fork(n))
        self.dirty = True

    def back(self) -> None:
        self.playing = False
        self.goto(self.index - 1)

    def to_start(self) -> None:
        self.playing = False
        self.goto(0)

    def to_end(self) -> None:
        self.playing = False
        self.goto(len(self.full))

    def toggle(self) -> None:
        self.playing = not self.playing and self.index < len(self.full)
        self.dirty = True

    def exit(self) -> None:
        self.app.replace(screen("title")(self.app))

    # ---------------------------------------------------------------- scene
    def resize(self, size: tuple[int, int]) -> None:
        self.game.resize(size)
        s = self.game.s
        bar = self.game.tray_rect
        x = bar.right - int(12 * s)
        w, h = int(64 * s), int(34 * s)
        for b in reversed(self.widgets.widgets):
            x -= w
            b.rect = pygame.Rect(x, bar.centery - h // 2 + int(10 * s), w, h)
            x -= int(6 * s)
        self.dirty = True

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.exit()
                return
            if e.key == pygame.K_RIGHT:
                self.step()
                return
            if e.key == pygame.K_LEFT:
                self.back()
                return
            if e.key == pygame.K_SPACE:
                self.toggle()
                return
        if self.widgets.handle(e):
            return
        if e.type == pygame.MOUSEMOTION:
            self.game.handle(e)

    def update(self, dt: float) -> None:
        self.game.update(dt)
        self.b_play.label = N_("Pause") if self.playing else N_("Play")
        if self.playing and not self.game.story.blocking():
            self.wait += dt
            if self.wait >= max(0.15, self.app.ai_pace):
                self.wait = 0.0
                self.step()

    def wants_frame(self) -> bool:
        return self.playing or self.game.wants_frame()

    def draw(self, surface: pygame.Surface) -> None:
        g = self.game
        s = g.s
        g.draw(surface)
        bar = g.tray_rect
        pygame.draw.rect(surface, T.PAPER, bar)
        pygame.draw.line(surface, T.LINE, bar.topleft, bar.topright, max(1, int(s)))
        head = assets.text(tr("Replay — move {i} of {n}", i=self.index, n=len(self.full)), int(T.TYPE.body * s),
                           T.INK, "bold")
        surface.blit(head, (bar.x + int(16 * s), bar.y + int(10 * s)))
        lines = g.log_lines()
        last = lines[-1] if lines else tr("The game begins.")
        img = assets.text(last[:90], int(T.TYPE.small * s), T.INK_SOFT)
        surface.blit(img, (bar.x + int(16 * s), bar.y + int(38 * s)))
        track = pygame.Rect(bar.x + int(16 * s), bar.bottom - int(14 * s), int(bar.w * 0.45), max(3, int(4 * s)))
        rounded(surface, track, T.LINE, 2)
        if self.full:
            done = track.copy()
            done.w = int(track.w * self.index / len(self.full))
            rounded(surface, done, T.ACCENT, 2)
        self.widgets.draw(surface, s)
