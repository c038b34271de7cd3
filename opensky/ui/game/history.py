"""What the game screen remembers of the game so far: the log (events, told
in words by ``gamelog``) and the score month by month (the results chart).

Both are rebuilt by replaying the action log when a saved game is opened or
a replay jumps, so they are the same whichever way the game reached its
moment (DESIGN.md habit 5).
"""
from __future__ import annotations

from opensky.rules import events as E
from opensky.rules.events import Event
from opensky.rules.session import Session
from opensky.rules.state import GameState
from opensky.ui.controller import Controller
from opensky.ui.game import gamelog

#: The score chart's points: (month just finished, or "start"; totals by seat).
ScorePoint = tuple[int | str, list[int]]


class History:
    def __init__(self) -> None:
        self.log: list[gamelog.LogEntry] = []
        self.scores: list[ScorePoint] = []

    def add(self, e: Event, st: GameState) -> None:
        """Log an event (``st``: the state as the screen shows it, after it)."""
        item = gamelog.entry(e, st)
        if item is not None:
            self.log.append(item)
            del self.log[:-gamelog.KEEP]
        if e.kind in (E.MONTH_STARTED, E.GAME_OVER):
            self.record(st)

    def record(self, st: GameState) -> None:
        """A point of the score chart: the month just finished (or "start")."""
        label: int | str = (st.month - 1) % 12 if not st.game_over else 11
        if not self.scores and not st.game_over:
            label = "start"
        self.scores.append((label, [st.score(p)["total"] for p in range(st.P)]))

    def rebuild(self, ctl: Controller) -> None:
        """The log and the chart of ``ctl``'s game, by replaying its actions
        (each event seen as the hand-off screen sees the game: no sealed bid)."""
        real = ctl.session
        probe = Session(real.board, ctl.view_for(None).names, seed=real.seed, callsigns=real.callsigns)
        ctl.session = probe
        try:
            self.log = []
            self.scores = []
            for a in real.log:
                for e in probe.apply(a):
                    self.add(e, ctl.view_for(None))
        finally:
            ctl.session = real
