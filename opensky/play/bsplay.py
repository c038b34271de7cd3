"""Whole Blue Skies games between computer players, with no window
(``simulate --game blue_skies``, the balance bench, the tests).

The same loop as ``play.selfplay.play_game``: every bot decides from its
seat's view (unless it promises not to read it), chance is drawn from
``chance_outcomes()`` with the game's seeded generator, and an answer the
rules refuse raises, naming the bot.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from opensky.ai.base import Bot
from opensky.blueskies.actions import Action
from opensky.blueskies.board import BSBoard
from opensky.blueskies.session import draw
from opensky.blueskies.state import BSState
from opensky.blueskies.view import player_view
from opensky.rules.errors import IllegalAction

Observer = Callable[[BSState, Action], None]


@dataclass
class BSGameResult:
    state: BSState
    names: list[str]
    actions: list[Action]

    @property
    def totals(self) -> list[int]:
        assert self.state.final is not None
        return [int(f["total"]) for f in self.state.final]  # type: ignore[call-overload]

    @property
    def winners(self) -> list[int]:
        return self.state.winners

    def replay(self) -> BSState:
        s = BSState(self.state.board, self.names)
        for a in self.actions:
            s.apply(a)
        return s


def play_bs_game(board: BSBoard, bots: Sequence[Bot], seed: int | random.Random,
                 names: Sequence[str] | None = None, observe: Observer | None = None,
                 max_actions: int = 100_000) -> BSGameResult:
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    P = len(bots)
    seat_names = list(names) if names is not None else [f"P{i + 1}" for i in range(P)]
    state = BSState(board, seat_names)
    log: list[Action] = []
    record = log.append
    apply = state.apply
    legal_actions = state.legal_actions
    chance = state.is_chance
    n = 0
    while not state.game_over:
        n += 1
        if n > max_actions:
            raise RuntimeError(f"a Blue Skies game did not end in {max_actions} actions")
        if chance():
            a = draw(state, rng)
        else:
            p = state.actor
            assert p is not None
            bot = bots[p]
            legal = legal_actions()
            view = player_view(state, p) if bot.needs_view else state
            a = bot.choose(view, legal)  # type: ignore[arg-type]
        if observe is not None:
            observe(state, a)
        try:
            apply(a)
        except IllegalAction as e:
            raise IllegalAction(f"{a!r} refused at {state.decision}: {e}") from e
        record(a)
    return BSGameResult(state, seat_names, log)
