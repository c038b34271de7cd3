"""A Blue Skies game with its action log and its own seeded generator.

As OpenSky's ``rules.session``: the state never draws chance outcomes; the
session draws the pending step's outcome by the probabilities of
``chance_outcomes()`` when the caller supplies none, and records every applied
action (chance outcomes included) with its events and the scores after it, so
the log replays to the same state.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from opensky.blueskies.actions import CHANCE_TYPES, Action, BSCodec
from opensky.blueskies.board import BSBoard
from opensky.blueskies.events import Event
from opensky.blueskies.state import BSState
from opensky.rules.errors import IllegalAction


@dataclass(frozen=True)
class BSRecord:
    action: Action
    events: tuple[Event, ...]
    scores: tuple[int, ...]


def draw(state: BSState, rng: random.Random) -> Action:
    """One outcome of the pending chance step, drawn with ``rng`` by its probability."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise IllegalAction("no chance step is pending")
    x = rng.random()
    for a, p in outcomes:
        x -= p
        if x < 0:
            return a
    return outcomes[-1][0]


class BSSession:
    def __init__(self, board: BSBoard, players: Sequence[str], seed: int = 0,
                 opening: Sequence[int] | None = None, hands: Sequence[Sequence[int]] | None = None):
        self.board = board
        self.seed = seed
        self.rng = random.Random(seed)
        self.opening = list(opening) if opening is not None else None
        self.hands = [list(h) for h in hands] if hands is not None else None
        self.state = BSState(board, players, self.opening, self.hands)
        self.codec = BSCodec(board, players)
        self.log: list[Action] = []
        self.records: list[BSRecord] = []

    def fork(self, upto: int | None = None) -> "BSSession":
        fresh = BSSession(self.board, self.state.names, self.seed, self.opening, self.hands)
        for a in self.log[:upto]:
            fresh.apply(a)
        return fresh

    def draw_chance(self) -> Action:
        return draw(self.state, self.rng)

    def apply(self, action: Action) -> list[Event]:
        if action.type in CHANCE_TYPES and action.arg is None and self.state.decision == action.type:
            action = self.draw_chance()
        ev = self.state.apply(action)
        self.log.append(action)
        st = self.state
        self.records.append(BSRecord(action, tuple(ev), tuple(st.score)))
        return ev

    def apply_dict(self, d: Any) -> list[Event]:
        return self.apply(self.codec.from_dict(d))
