"""The controller of a tutorial: a game whose every move is the story's.

The person's airline may make only the move the step teaches (anything else
gets the lesson's gentle word and changes nothing); the computer airline's
moves and every die come from the tutorial file, played one at a time when
the front end asks for the next computer move, at its usual pace.  There is
no undo and no autosave of the game: where the player stands is the step,
kept in the learning progress (``opensky.learn.progress``), and resuming
plays the earlier steps again through the engine.
"""
from __future__ import annotations

from opensky.learn.lesson import DO, Lesson
from opensky.learn.tutorial import Tutorial
from opensky.persistence.save import LoadedGame, Seat
from opensky.play.controller import Controller
from opensky.play.seats import DEFAULT_SEATS, GameSetup
from opensky.rules.actions import CHANCE_TYPES, Action
from opensky.rules.events import Event

#: The computer airline's level in the game the tutorial suggests next.
NEXT_LEVEL = "easy"


def tutorial_setup(t: Tutorial) -> GameSetup:
    """The seats of a tutorial: the person's airline and the scripted ones,
    in the default airlines' colours (matched by name where they are ours)."""
    looks = {n: (c, s) for n, c, s in DEFAULT_SEATS}
    seats = []
    for i, name in enumerate(t.players):
        colour, shape = looks.get(name, DEFAULT_SEATS[i][1:])
        seats.append(Seat(name, colour, shape, human=(i == t.human), bot="easy"))
    return GameSetup(board=t.board_ref, seats=seats, callsigns="recommended", seed=t.seed)


class TutorialController(Controller):
    def __init__(self, tutorial: Tutorial, start_step: int = 0, keep_progress: bool = True) -> None:
        self.tutorial = tutorial
        self.keep_progress = keep_progress
        self._was_done: bool | None = None
        lesson, session = Lesson.resume(tutorial, start_step)
        self.lesson = lesson
        setup = tutorial_setup(tutorial)
        super().__init__(setup, LoadedGame(session, setup.seats), autosave=False)
        self.bots = {}
        #: the last learning-progress write that failed ("" when fine)
        self.progress_error = ""
        self._mark()

    # ------------------------------------------------------------ who moves
    def waiting_humans(self) -> list[int]:
        """The person decides only when the step teaches a move."""
        return super().waiting_humans() if self.lesson.moment == DO else []

    def computer_to_move(self) -> int | None:
        """The story has moves to play (for either airline): the seat of the next."""
        if self.lesson.pending and not self.session.state.game_over:
            nxt = self.lesson.pending[0]
            return nxt.player if nxt.player is not None else self.session.state.actors[0]
        return None

    def is_human(self, p: int) -> bool:
        return p == self.tutorial.human

    def step_computer(self, background: bool = True) -> list[Event] | None:
        a = self.lesson.next_auto()
        if a is None:
            return None
        ev = self.apply(a)
        if not self.lesson.pending:
            self._mark()
        return ev

    # ------------------------------------------------------------ the person's moves
    def try_apply(self, action: Action) -> str | None:
        if not self.lesson.accepts(action):
            return self.lesson.nudge_for(action)
        self.lesson.taught()
        self.apply(action)
        self._mark()
        return None

    def refusal(self, action: Action) -> str:
        return self.lesson.nudge_for(action)

    def roll(self) -> list[Event]:
        """The person's roll: the outcome the story fixes."""
        a = self.lesson.expected()
        if a is None or a.type not in CHANCE_TYPES:
            self.lesson.nudge_for(a)
            return []
        before = len(self.session.log)
        self.try_apply(a)
        return list(self.session.records[-1].events) if len(self.session.log) > before else []

    def proceed(self) -> None:
        """Continue (a step that only says something)."""
        self.lesson.proceed()
        self._mark()

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    # ------------------------------------------------------------ progress
    def _mark(self) -> None:
        """Keep where the player stands (the step being shown) once the
        story waits for them."""
        if self.lesson.pending or not self.keep_progress:
            return
        from opensky.learn import progress
        if self._was_done is None:  # finished once stays finished (read once, at the start)
            mark = progress.load().tutorials.get(self.tutorial.id)
            self._was_done = bool(mark and mark.done)
        self._was_done = self._was_done or self.lesson.finished
        err = progress.mark_tutorial(self.tutorial.id, self.lesson.index, self._was_done)
        self.progress_error = err or ""


__all__ = ["NEXT_LEVEL", "TutorialController", "tutorial_setup"]
