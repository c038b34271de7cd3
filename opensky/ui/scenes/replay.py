"""Replay: step through a saved or finished game move by move, or play it back.

The game scene is reused read-only (nobody can decide; unrevealed bids stay
hidden as always); the replay drives it with the saved action log.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from opensky.i18n import N_, tr
from opensky.persistence.save import LoadedGame
from opensky.ui import assets, theme as T
from opensky.ui.scene import Scene
from opensky.ui.widgets import Button, WidgetGroup, rounded
from opensky.ui.screens import screen

if TYPE_CHECKING:
    from opensky.ui.app import App


class ReplayScene(Scene):
    """OpenSky's replay; Blue Skies' (``ui/bsgame/replay.py``) is this scene
    with its own game screen, told by the hooks ``open_start``, ``jump``,
    ``telling``, ``moving``, ``bar`` and ``last_line``."""

    def __init__(self, app: "App", loaded: Any) -> None:
        super().__init__(app)
        self.full = list(loaded.session.log)
        self.loaded = loaded.session  # the whole game, forked at each jump
        self.game = self.open_start(loaded)
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

    # ---------------------------------------------------------------- the game screen's hooks
    def open_start(self, loaded: Any) -> Any:
        """The game screen, read-only, at the game's first moment."""
        from opensky.ui.scenes.saves import open_game
        return open_game(self.app, LoadedGame(loaded.session.fork(0), loaded.seats, loaded.name), read_only=True)

    def jump(self, n: int) -> None:
        """Show the game after move ``n`` (rebuilt from the start, no animation)."""
        self.game.ctl.session = self.loaded.fork(n)
        self.game.rebuild_history()
        self.game.market_hold = None
        self.game.dice.reset()
        self.game.table.flip = None
        self.game.price_die.tween = None
        self.game.toasts.clear()
        self.game.reset_visuals()

    def telling(self) -> bool:
        """The screen is still telling the last move (the next one waits)."""
        return bool(self.game.blocking())

    def moving(self) -> bool:
        """Anything still moves on the screen (playback waits for it)."""
        return bool(self.game.busy())

    def bar(self) -> pygame.Rect:
        """The strip the replay's controls cover (the game's tray)."""
        return self.game.bottom  # type: ignore[no-any-return]

    def last_line(self) -> str:
        g = self.game
        return (g.log_line(g.log[-1]) if g.log else tr("The game begins.")) or ""

    # ---------------------------------------------------------------- moves
    def step(self) -> None:
        if self.index < len(self.full) and not self.telling():
            self.game.ctl.apply(self.full[self.index])
            self.index += 1
        if self.index >= len(self.full):
            self.playing = False
        self.dirty = True

    def goto(self, n: int) -> None:
        """Jump to after move ``n`` (rebuilt from the start, no animation)."""
        n = max(0, min(n, len(self.full)))
        self.index = n
        self.jump(n)
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
        s = T.ui_scale(size)
        bar = self.bar()
        x = bar.right - int(12 * s)
        w, h = int(64 * s), int(34 * s)
        for b in reversed(self.widgets.widgets):
            x -= w
            b.rect = pygame.Rect(x, bar.centery - h // 2 + int(10 * s), w, h)
            x -= int(6 * s)
        self.dirty = True

    def relayout(self, size: tuple[int, int]) -> None:
        """New words or fonts: the hosted game makes its labels again too."""
        self.game.relayout(size)
        self.resize(size)

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
            self.game.mouse = e.pos

    def update(self, dt: float) -> None:
        self.game.update(dt)
        self.b_play.label = N_("Pause") if self.playing else N_("Play")
        if self.playing and not self.moving():
            self.wait += dt
            if self.wait >= max(0.15, self.app.ai_pace):
                self.wait = 0.0
                self.step()

    def wants_frame(self) -> bool:
        return self.playing or self.game.wants_frame()

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        g = self.game
        g.draw(surface)
        bar = self.bar()
        pygame.draw.rect(surface, T.PAPER, bar)
        pygame.draw.line(surface, T.LINE, bar.topleft, bar.topright, max(1, int(s)))
        head = assets.text(tr("Replay — move {i} of {n}", i=self.index, n=len(self.full)), int(T.TYPE.body * s), T.INK, "bold")
        surface.blit(head, (bar.x + int(16 * s), bar.y + int(10 * s)))
        img = assets.text(self.last_line()[:90], int(T.TYPE.small * s), T.INK_SOFT)
        surface.blit(img, (bar.x + int(16 * s), bar.y + int(38 * s)))
        # progress
        track = pygame.Rect(bar.x + int(16 * s), bar.bottom - int(8 * s), int(bar.w * 0.45), max(3, int(4 * s)))
        rounded(surface, track, T.LINE, 2)
        if self.full:
            done = track.copy()
            done.w = int(track.w * self.index / len(self.full))
            rounded(surface, done, T.ACCENT, 2)
        self.widgets.draw(surface, s)
