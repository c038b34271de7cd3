"""A game with its action log and its own seeded random generator.

The state never draws chance outcomes; a ``Session`` owns a ``random.Random``
seeded once, draws the outcome of a chance step when the caller does not
supply one, and records every applied action (chance outcomes included) so
that the log replays to the same state.  With each action it keeps what it
made happen (``records``, Catanatron's ``ActionRecord``), so a game opened
from its log is replayed once and whoever needs its events (undo, the
screen's log and score chart) reads them there.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from opensky.board.model import Board
from opensky.rules.actions import Action, ActionCodec, CHANCE_TYPES
from opensky.rules.constants import CALLSIGNS
from opensky.rules.errors import IllegalAction
from opensky.rules.events import Event, actor
from opensky.rules.state import GameState


@dataclass(frozen=True)
class ActionRecord:
    """One applied action (its chance outcome and actor filled in), the events
    it made, and every seat's running total after it (the score chart)."""

    action: Action
    events: tuple[Event, ...]
    scores: tuple[int, ...]


class Session:
    def __init__(self, board: Board, players: Sequence[str], seed: int = 0,
                 callsigns: Mapping[str, str] | str | None = None):
        """``callsigns``: a mapping call sign -> airport code, ``"random"``
        (uniform over 6-airport sets, drawn from the seed), ``"recommended"``
        (the board's set) or None (the players place them, R1)."""
        self.board = board
        self.seed = seed
        self.rng = random.Random(seed)
        if callsigns == "random":
            codes = self.rng.sample(list(board.codes), 6)
            callsigns = dict(zip(CALLSIGNS, codes))
        elif callsigns == "recommended":
            if not board.recommended_callsigns:
                raise IllegalAction(f"board {board.id} has no recommended call signs")
            callsigns = dict(zip(CALLSIGNS, board.recommended_callsigns))
        assert not isinstance(callsigns, str)
        self.callsigns = dict(callsigns) if callsigns is not None else None
        self.state = GameState(board, players, self.callsigns)
        self.codec = ActionCodec(board, players)
        self.log: list[Action] = []
        self.records: list[ActionRecord] = []

    def fork(self, upto: int | None = None) -> Session:
        """A fresh session of the same game (board, names, seed, call signs)
        replayed through the engine to after action ``upto`` (None: all).
        Its generator starts again from the seed: the log holds every chance
        outcome, so the replay draws nothing."""
        fresh = Session(self.board, self.state.names, seed=self.seed, callsigns=self.callsigns)
        for a in self.log[:upto]:
            fresh.apply(a)
        return fresh

    def draw_chance(self) -> Action:
        """Draw the pending chance step's outcome from the session's generator."""
        outcomes = self.state.legal_actions()
        if not self.state.is_chance() or not outcomes:
            raise IllegalAction("no chance step is pending")
        return outcomes[self.rng.randrange(len(outcomes))]

    def apply(self, action: Action) -> list[Event]:
        """Apply an action; a chance action with no outcome is drawn."""
        if action.type in CHANCE_TYPES and action.arg is None and self.state.decision == action.type:
            drawn = self.draw_chance()
            if action.player is not None and action.player != drawn.player:
                raise IllegalAction(self.state._not_now(action))
            action = drawn
        ev = self.state.apply(action)
        if action.player is None:
            action = Action(action.type, self.state_actor_of(ev, action), action.arg)
        self.log.append(action)
        st = self.state
        self.records.append(ActionRecord(action, tuple(ev), tuple(st.score(p)["total"] for p in range(st.P))))
        return ev

    @staticmethod
    def state_actor_of(ev: list[Event], action: Action) -> int | None:
        for e in ev:
            player = actor(e)
            if player is not None:
                return player
        return action.player

    def apply_dict(self, d: Any) -> list[Event]:
        return self.apply(self.codec.from_dict(d))

    def log_dicts(self) -> list[dict[str, Any]]:
        return [self.codec.to_dict(a) for a in self.log]
