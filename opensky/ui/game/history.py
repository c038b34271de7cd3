"""What the game screen remembers of the game so far: the log (events, told
in words by ``gamelog``) and the score month by month (the results chart).

Both are rebuilt from the session's records (each action with its events and
the totals after it) when a saved game is opened or a replay jumps — no
second replay — so they are the same whichever way the game reached its
moment (DESIGN.md habit 5).
"""
from __future__ import annotations

from typing import Sequence

from opensky.board.model import Board
from opensky.rules import events as E
from opensky.rules.events import Event
from opensky.rules.session import ActionRecord
from opensky.rules.state import GameState
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
            self._keep(item)
        if e.kind in (E.MONTH_STARTED, E.GAME_OVER):
            self.record(st)

    def _keep(self, item: gamelog.LogEntry) -> None:
        self.log.append(item)
        del self.log[:-gamelog.KEEP]

    def record(self, st: GameState) -> None:
        """A point of the score chart: the month just finished (or "start")."""
        self._point(st.month, st.game_over, [st.score(p)["total"] for p in range(st.P)])

    def _point(self, month: int, game_over: bool, totals: list[int]) -> None:
        label: int | str = (month - 1) % 12 if not game_over else 11
        if not self.scores and not game_over:
            label = "start"
        self.scores.append((label, totals))

    def rebuild(self, records: Sequence[ActionRecord], board: Board) -> None:
        """The log and the chart of a game from its session's records: each
        event as ``add`` would have logged it, the market's airports being
        those of the latest market chosen."""
        self.log = []
        self.scores = []
        ctx: dict[str, tuple[str, ...]] = {}
        month = 0
        for r in records:
            for e in r.events:
                if isinstance(e, E.MarketChosen):
                    ctx = {"airports": tuple(board.airports[a].code for a in e.airports)}
                elif isinstance(e, E.MonthStarted):
                    month = e.month
                if e.kind in gamelog.LOGGED:
                    self._keep(("event", e, ctx))
                if e.kind in (E.MONTH_STARTED, E.GAME_OVER):
                    self._point(month, isinstance(e, E.GameOver), list(r.scores))
