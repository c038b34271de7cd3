"""The game screen playing a tutorial: the same table, with the coach; and
``TutorialDone``, what a finished tutorial says (what to try next).

A ``TutorialScene`` is a ``GameScene`` whose controller is a
``TutorialController`` (the story's moves, the one taught move) and which
draws the coach (``coach.py``) over the table.  Continue reads a step; the
last one finishes the tutorial and says what to try next.  Esc opens the
game menu (its tutorial form: restart or leave; where the player stands is
kept, so the Learn screen offers to resume).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.i18n import N_, tr
from opensky.learn.lesson import READ
from opensky.learn.tutorial import Tutorial
from opensky.persistence.save import LoadedGame
from opensky.play.controller import Controller
from opensky.play.tutorial import TutorialController, tutorial_setup
from opensky.ui.game.coach import Coach
from opensky.ui import draw as D, theme as T
from opensky.ui.game.scene import GameScene
from opensky.ui.scenes.dialog import Dialog
from opensky.ui.widgets import Button
from opensky.ui.screens import screen
from opensky.ui.setup import GameSetup

if TYPE_CHECKING:
    from opensky.ui.app import App


class TutorialScene(GameScene):
    offers_undo = False

    def __init__(self, app: "App", tutorial: Tutorial, start_step: int = 0) -> None:
        self.tutorial = tutorial
        self.start_step = start_step
        self.tctl: TutorialController | None = None
        self.coach: Coach | None = None
        super().__init__(app, tutorial_setup(tutorial), autosave=False)
        assert self.tctl is not None
        self.coach = Coach(self, self.tctl)
        if start_step:
            self.rebuild_history()

    def make_controller(self, setup: GameSetup, loaded: LoadedGame | None, autosave: bool) -> Controller:
        self.tctl = TutorialController(self.tutorial, self.start_step)
        return self.tctl

    @property
    def lesson(self):  # type: ignore[no-untyped-def]
        assert self.tctl is not None
        return self.tctl.lesson

    # ------------------------------------------------------------ the coach's part
    def continue_step(self) -> None:
        """Continue: the step has been read; after the last one, the end."""
        assert self.tctl is not None
        if self.anim.blocking():
            return
        self.tctl.proceed()
        self.message = ""
        self.decisions.key = ()
        self.refresh_decision()
        self.dirty = True
        if self.lesson.finished:
            self.finish()

    def finish(self) -> None:
        """The final score as after any game, and over it what to try next."""
        self.app.replace(screen("results")(self.app, self.setup, self.ctl.state, self.history.scores))
        self.app.push(TutorialDone(self.app, self.tutorial))

    def prompt(self) -> tuple[str, str]:
        """While a step waits to be read at the person's own decision, the
        tray says so (not that the airline is deciding)."""
        head, hint = super().prompt()
        if (self.tctl is not None and self.lesson.moment == READ
                and self.tutorial.human in self.state.actors and not self.anim.blocking()):
            return (tr("Read the step, then press Continue"), hint)
        return head, hint

    def restart(self) -> None:
        """Start the tutorial again from its first step."""
        self.app.replace(TutorialScene(self.app, self.tutorial, 0))

    def compose_widgets(self) -> None:
        super().compose_widgets()
        c = self.coach
        if c is not None and c.wants_button() and self.seat.handoff_for is None:
            self.widgets.add(c.button)
            self.widgets.set_focus(c.button)

    def prepare(self) -> None:
        super().prepare()
        if self.coach is not None:
            self.coach.prepare()

    def handle(self, e: pygame.event.Event) -> None:
        if (e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.coach is not None and self.coach.wants_button()):
            self.continue_step()
            return
        super().handle(e)

    def show_results(self) -> None:
        """The final step speaks over the board; Finish ends the tutorial."""

    def update(self, dt: float) -> None:
        super().update(dt)
        c = self.coach
        if self.on_top() and c is not None and c.box is not None and c.target is not None:
            self.dirty = True  # the ring pulses

    def wants_frame(self) -> bool:
        return super().wants_frame() or (self.on_top() and self.coach is not None and self.coach.target is not None)

    def damage(self) -> list[pygame.Rect] | None:
        c = self.coach
        return None if c is not None and (c.box is not None or c.pill is not None) else super().damage()

    def draw_guide(self, surface: pygame.Surface) -> None:
        """The coach over the table, under the tooltip."""
        c = self.coach
        if c is not None:
            c.draw(surface)
            if c.wants_button():
                c.button.draw(surface, self.s)


class TutorialDone(Dialog):
    """The tutorial is finished: what to try next."""
    title = N_("Tutorial finished")
    title_centered = True

    def __init__(self, app: "App", tutorial: Tutorial) -> None:
        super().__init__(app)
        self.tutorial = tutorial
        self.easy = Button("Play against Easy", self.play_easy, primary=True)
        self.puzzles = Button("Try the puzzles", self.open_puzzles)
        self.close_b = Button("Close", app.pop)
        for b in (self.easy, self.puzzles, self.close_b):
            self.widgets.add(b)
        self.lines: list[str] = []

    TEXT = N_("Well done: you know the whole game now. Next, play a real game against an Easy computer "
              "airline on the same map, or test yourself with the rule puzzles.")

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        pw = min(int(620 * s), w - int(40 * s))
        self.lines = D.wrap(tr(self.TEXT), int(T.TYPE.body * s), pw - int(60 * s))
        bh = int(T.BUTTON_H * s)
        ph = int(90 * s) + len(self.lines) * int(max(T.TYPE.body * s, 12) * 1.35) + bh + int(40 * s)
        self.panel = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        widths = [int(210 * s), int(170 * s), int(110 * s)]
        self.button_row(list(zip((self.easy, self.puzzles, self.close_b), widths)), self.panel.right - int(30 * s),
                        self.panel.bottom - int(24 * s) - bh, bh, int(12 * s))
        self.widgets.set_focus(self.easy)
        self.dirty = True

    def on_enter(self) -> bool:
        self.play_easy()
        return True

    def draw_body(self, surface: pygame.Surface, s: float) -> None:
        D.blit_lines(surface, self.lines, (self.panel.x + int(30 * s), self.panel.y + int(70 * s)),
                     int(T.TYPE.body * s), T.INK)

    def play_easy(self) -> None:
        """A new game on the tutorial's board: you against one Easy airline."""
        from opensky.play.seats import GameSetup
        setup = GameSetup.default(2)
        setup.board = self.tutorial.board_ref
        for seat in setup.seats[1:]:
            seat.bot = "easy"
        self.app.pop()
        self.app.push(screen("game")(self.app, setup))

    def open_puzzles(self) -> None:
        self.app.pop()
        self.app.push(screen("puzzles")(self.app))


def open_tutorial(app: "App", tutorial: Tutorial, resume: bool = True) -> None:
    """Open ``tutorial`` over the screen at hand: where the player left it
    (``resume``) unless it was finished, else from its first step."""
    step = 0
    if resume:
        from opensky.learn import progress
        mark = progress.load().tutorials.get(tutorial.id)
        if mark is not None and 0 < mark.step < len(tutorial.steps):
            step = mark.step
    app.push(TutorialScene(app, tutorial, step))


__all__ = ["TutorialDone", "TutorialScene", "open_tutorial"]
