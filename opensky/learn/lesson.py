"""Where a tutorial stands: which step is shown, the one move it accepts,
the moves still to be played for both airlines before the next step.

A step goes through up to three moments:

* ``READ`` — a step without a taught move waits for Continue;
* ``DO``   — a step with a taught move waits for exactly that move;
* ``AUTO`` — the step's ``then`` moves are being played (one at a time, at
  the pace the front end chooses).

After its ``then`` the next step is shown; after the last one the lesson is
``finished``.  Anything but the taught move gets a gentle word (``nudge``),
never an error.  Pure: no pygame, no I/O.
"""
from __future__ import annotations

from collections import deque

from opensky.board.model import Board
from opensky.i18n import N_, tr
from opensky.learn.tutorial import Step, Tutorial
from opensky.rules import actions as A
from opensky.rules.actions import Action
from opensky.rules.constants import CALLSIGNS
from opensky.rules.session import Session

READ, DO, AUTO, END = "read", "do", "auto", "end"

#: How the arrow's move is said in a nudge, by action type.
_MOVES: dict[str, str] = {
    A.PLACE_PLANE: N_("put a plane on {route}"),
    A.PLACE_HUB: N_("put a hub on {airport}"),
    A.ROLL_DICE: N_("roll the passenger dice"),
    A.CHOOSE_OD: N_("choose the market {od}"),
    A.BID: N_("bid your {fare}"),
    A.FLASH: N_("play your flash deal with {fare}"),
    A.ANCILLARIES: N_("attach {count} chits"),
    A.ROLL_SENSITIVITY: N_("roll the price die"),
    A.CHOOSE_ITINERARY: N_("fly the highlighted itinerary"),
    A.LEASE: N_("lease {planes} planes"),
}


def describe_move(board: Board, a: Action) -> str:
    """The taught move in a few words of the current language."""
    arg = a.arg
    if a.type == A.PLACE_PLANE:
        return tr(_MOVES[a.type], route="–".join(board.routes[arg]))
    if a.type == A.PLACE_HUB:
        return tr(_MOVES[a.type], airport=board.airports[arg].code)
    if a.type == A.CHOOSE_OD:
        return tr(_MOVES[a.type], od=" – ".join(tr(CALLSIGNS[c]) for c in arg))
    if a.type == A.BID and arg is None:
        return tr("pass")
    if a.type == A.FLASH and arg is None:
        return tr("keep your flash deal")
    if a.type == A.BID or a.type == A.FLASH:
        return tr(_MOVES[a.type], fare=arg)
    if a.type == A.ANCILLARIES:
        return tr("attach no chits") if arg == 0 else tr(_MOVES[a.type], count=arg)
    if a.type == A.LEASE:
        return tr("lease no planes") if arg[0] == 0 else tr(_MOVES[a.type], planes=arg[0])
    return tr(_MOVES.get(a.type, N_("make the move the arrow shows")))


class Lesson:
    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.index = 0
        self.moment = READ
        self.pending: deque[Action] = deque()
        #: the last gentle word, for a move the step does not teach ("" once it is made)
        self.nudge = ""
        self._enter()

    # ------------------------------------------------------------ where we are
    @property
    def step(self) -> Step | None:
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.moment == END

    @property
    def last(self) -> bool:
        return self.index == len(self.tutorial.steps) - 1

    def expected(self) -> Action | None:
        """The one move the lesson accepts now (None while reading or watching)."""
        step = self.step
        return step.do if self.moment == DO and step is not None else None

    def accepts(self, a: Action) -> bool:
        return self.moment == DO and a == self.expected()

    def nudge_for(self, a: Action | None = None) -> str:
        """A gentle word for a move that is not the one being taught."""
        step = self.step
        if self.moment == READ:
            text = tr("Read this first, then press Continue.")
        elif self.moment == AUTO:
            text = tr("Watch for a moment: these moves are played for you.")
        elif step is not None and step.do is not None:
            text = tr(step.wrong) if step.wrong else tr(
                "Not quite: this step asks you to {move}. The arrow shows where.",
                move=describe_move(self.tutorial.board, step.do))
        else:
            text = tr("The tutorial is over.")
        self.nudge = text
        return text

    # ------------------------------------------------------------ moving on
    def taught(self) -> None:
        """The taught move was made: its ``then`` follows."""
        self.nudge = ""
        self._then()

    def proceed(self) -> None:
        """Continue on a step that only says something."""
        if self.moment == READ:
            self.nudge = ""
            self._then()

    def next_auto(self) -> Action | None:
        """Take the next move to be played for the airlines (None: none left).
        The lesson moves on first, so whoever hears of the move sees the
        lesson as it is after it."""
        if self.moment != AUTO or not self.pending:
            return None
        a = self.pending.popleft()
        if not self.pending:
            self._advance()
        return a

    def _then(self) -> None:
        step = self.step
        self.pending = deque(step.then if step is not None else ())
        if self.pending:
            self.moment = AUTO
        else:
            self._advance()

    def _advance(self) -> None:
        self.index += 1
        self._enter()

    def _enter(self) -> None:
        step = self.step
        self.pending.clear()
        if step is None:
            self.moment = END
        else:
            self.moment = DO if step.do is not None else READ

    # ------------------------------------------------------------ resuming
    @classmethod
    def resume(cls, tutorial: Tutorial, index: int) -> tuple["Lesson", Session]:
        """A lesson at the start of step ``index`` and its game, every earlier
        step's moves played through the engine (a step past the end or before
        the start counts as the first)."""
        session = tutorial.session()
        lesson = cls(tutorial)
        if not 0 < index < len(tutorial.steps):
            return lesson, session
        for step in tutorial.steps[:index]:
            for a in ((step.do,) if step.do is not None else ()) + step.then:
                session.apply(a)
        lesson.index = index
        lesson._enter()
        return lesson, session


__all__ = ["AUTO", "DO", "END", "READ", "Lesson", "describe_move"]
