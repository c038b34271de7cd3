"""The controller between the window and the rules engine.

It owns the game session (state, log, seeded chance), lets computer seats
decide from their *view* at a pace people can follow, and hands the events of
every applied action to listeners (the game scene animates them).  The UI
never changes the state except through ``apply`` with a legal action.
"""
from __future__ import annotations

from typing import Callable

from opensky.ai import make_bot
from opensky.ai.base import Bot
from opensky.board.loader import load_board
from opensky.rules.actions import Action
from opensky.rules.errors import IllegalAction
from opensky.rules.events import Event
from opensky.rules.session import Session
from opensky.rules.state import GameState
from opensky.rules.view import player_view
from opensky.ui.setup import GameSetup

Listener = Callable[[Action, list[Event]], None]


class Controller:
    def __init__(self, setup: GameSetup):
        self.setup = setup
        self.board = load_board(setup.board)
        names = [s.name for s in setup.seats]
        seed = setup.seed if setup.seed is not None else 0
        mode = setup.callsigns
        cs: str | None = None if mode == "players" else mode
        if mode == "recommended" and not self.board.recommended_callsigns:
            cs = "random"
        self.session = Session(self.board, names, seed=seed, callsigns=cs)
        self.bots: dict[int, Bot] = {
            i: make_bot(seat.bot, seed * 31 + i) for i, seat in enumerate(setup.seats) if not seat.human}
        self.listeners: list[Listener] = []
        self.ai_timer = 0.0

    @property
    def state(self) -> GameState:
        return self.session.state

    def is_human(self, p: int) -> bool:
        return p not in self.bots

    def humans(self) -> list[int]:
        return [i for i in range(self.state.P) if self.is_human(i)]

    def waiting_humans(self) -> list[int]:
        return [p for p in self.state.actors if self.is_human(p)]

    def legal(self, player: int) -> list[Action]:
        return self.state.legal_actions(player)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and tell the listeners what happened."""
        ev = self.session.apply(action)
        for f in self.listeners:
            f(action, ev)
        return ev

    def try_apply(self, action: Action) -> str | None:
        """Apply, or return the engine's refusal message."""
        try:
            self.apply(action)
        except IllegalAction as e:
            return str(e)
        return None

    def computer_to_move(self) -> int | None:
        """The computer seat (or the chance step of one) the game waits for."""
        st = self.state
        if st.game_over or st.decision is None:
            return None
        for p in st.actors:
            if not self.is_human(p):
                return p
        return None

    def step_computer(self) -> list[Event] | None:
        """Let one waiting computer seat take its decision (a chance step of
        a computer seat is rolled for it)."""
        p = self.computer_to_move()
        if p is None:
            return None
        st = self.state
        if st.is_chance():
            return self.apply(self.session.draw_chance())
        bot = self.bots[p]
        legal = st.legal_actions(p)
        view = player_view(st, p) if bot.needs_view else None
        return self.apply(bot.choose(view, legal))

    def roll(self) -> list[Event]:
        """A human roller's click: draw the pending chance step."""
        return self.apply(self.session.draw_chance())
