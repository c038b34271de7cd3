"""Whole games between computer players, with no window.

``play_game`` is the one loop that plays a game to the end for ``simulate``,
the benchmarks and the tests, so they cannot drift apart in how they deal
views, draw chance or time decisions.  Every bot decides from its seat's
``player_view``; chance is drawn from ``chance_outcomes()`` with the game's
seeded generator; nothing here imports pygame.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from opensky.ai.base import Bot
from opensky.ai.chance import sample_chance
from opensky.board.model import Board
from opensky.rules.actions import CHANCE_TYPES, Action
from opensky.rules.constants import CALLSIGNS
from opensky.rules.errors import IllegalAction
from opensky.rules.state import GameState
from opensky.rules.view import player_view

#: Called after each bot decision, before it is applied:
#: ``observe(state, seat, legal, chosen)`` (the state is the full one: for tests).
Observer = Callable[[GameState, int, Sequence[Action], Action], None]


@dataclass
class GameResult:
    """How a game went: enough to score it, replay it or measure its bots."""

    state: GameState                   #: the final state (or where ``stop_when`` stopped)
    names: list[str]
    callsigns: dict[str, str] | None   #: as given to the state (None: the players placed them)
    actions: list[Action]              #: every action applied, chance outcomes included
    #: per seat, seconds per decision with more than one legal action (``timed`` only)
    decision_times: list[list[float]] | None

    @property
    def finished(self) -> bool:
        return self.state.game_over

    @property
    def scores(self) -> list[int]:
        return [self.state.score(q)["total"] for q in range(self.state.P)]

    @property
    def winners(self) -> list[int]:
        """The winners (R14: equal totals share), or the leaders if stopped early."""
        return self.state.final_winners()

    def replay(self) -> GameState:
        """The final state again, from the log alone."""
        s = GameState(self.state.board, self.names, self.callsigns)
        for a in self.actions:
            s.apply(a)
        return s


def resolve_callsigns(board: Board, callsigns: Mapping[str, str] | str | None,
                      rng: random.Random) -> dict[str, str] | None:
    """``callsigns`` as a mapping call sign -> airport code: ``"recommended"``
    (the board's), ``"random"`` (six airports drawn with ``rng``), a mapping,
    or None (the players place them, R1)."""
    if callsigns is None:
        return None
    if callsigns == "recommended":
        if not board.recommended_callsigns:
            raise IllegalAction(f"board {board.id} has no recommended call signs")
        return dict(zip(CALLSIGNS, board.recommended_callsigns))
    if callsigns == "random":
        return dict(zip(CALLSIGNS, rng.sample(list(board.codes), 6)))
    if isinstance(callsigns, str):
        raise ValueError(f"callsigns: 'recommended', 'random', a mapping or None, not {callsigns!r}")
    return dict(callsigns)


def play_game(board: Board, bots: Sequence[Bot], seed: int | random.Random,
              callsigns: Mapping[str, str] | str | None = "recommended",
              names: Sequence[str] | None = None, timed: bool = False,
              observe: Observer | None = None,
              stop_when: Callable[[GameState], bool] | None = None) -> GameResult:
    """Play one game; ``bots[seat]`` decides for that seat.

    ``seed``: an int seeds the game's own generator; a ``random.Random`` is
    used as it is (a caller that drew the bots' seeds from it keeps one
    stream).  It draws the chance steps (and random call signs).  ``names``
    default to P1, P2, ….  ``timed`` records each bot's decision times.
    ``stop_when(state)``, checked before every step, ends the game early.

    A bot whose answer the rules refuse raises IllegalAction, naming the
    bot: in a simulation a bug must show, not be played around."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    P = len(bots)
    seat_names = list(names) if names is not None else [f"P{i + 1}" for i in range(P)]
    cs = resolve_callsigns(board, callsigns, rng)
    state = GameState(board, seat_names, cs)
    times: list[list[float]] | None = [[] for _ in range(P)] if timed else None
    log: list[Action] = []
    apply = state.apply
    record = log.append
    clock = time.perf_counter
    while not state.game_over:
        if stop_when is not None and stop_when(state):
            break
        if state.decision in CHANCE_TYPES:
            a = sample_chance(state, rng)
            apply(a)
            record(a)
            continue
        p = state.actors[0]
        bot = bots[p]
        legal = state.legal_actions(p)
        # a bot that promises not to read the state is spared building a view
        view = player_view(state, p) if bot.needs_view else state
        if times is not None:
            t0 = clock()
            a = bot.choose(view, legal)
            if len(legal) > 1:
                times[p].append(clock() - t0)
        else:
            a = bot.choose(view, legal)
        if observe is not None:
            observe(state, p, legal, a)
        try:
            apply(a)  # the engine refuses what the rules do not allow
        except IllegalAction as e:
            raise IllegalAction(f"{bot.name} (seat {p}) chose {a!r} at {legal[0].type}: {e}") from e
        record(a)
    return GameResult(state, seat_names, cs, log, times)
