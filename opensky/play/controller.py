"""The controller between a front end (the window, a script, later a remote
seat) and the rules engine; nothing here imports pygame.

It owns the game session (state, log, seeded chance), lets computer seats
decide from their *view* at a pace people can follow, hands the events of
every applied action to listeners (the game scene animates them), autosaves
after every action, and undoes what the undo policy allows.  The UI never
changes the state except through ``apply`` with a legal action, and while a
bid is sealed it reads the state only through ``view_for`` (``player_view``).
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable

from opensky.ai import make_bot
from opensky.ai.base import Bot, BotFailure, safe_choose
from opensky.board.loader import load_board
from opensky.persistence.save import LoadedGame, SaveError
from opensky.rules import events as E
from opensky.rules.actions import BID, CHANCE_TYPES, Action
from opensky.rules.events import Event
from opensky.rules.session import Session
from opensky.rules.state import GameState
from opensky.rules.view import player_view
from opensky.play.base import LocalController
from opensky.play.seats import GameSetup

Listener = Callable[[Action, list[Event]], None]

#: An action may be undone only if all it did was one of these (nothing
#: rolled, revealed or resolved, and no other player has decided since).
UNDOABLE_EVENTS = frozenset({
    E.PLANE_PLACED, E.SUBSIDY_TAKEN, E.MARKER_USED, E.HUB_PLACED, E.CALLSIGN_PLACED,
    E.LEASED, E.MARKET_CHOSEN, E.AUTO_PASS, E.ANCILLARIES_ATTACHED,
})


class Controller(LocalController):
    session: Session

    def __init__(self, setup: GameSetup, loaded: LoadedGame | None = None, autosave: bool = True):
        self.setup = setup
        self.autosave = autosave
        self.save_error = ""
        #: The last computer player that failed (None once one decides well again).
        self.bot_failure: BotFailure | None = None
        if loaded is not None:
            self.session = loaded.session
            self.board = self.session.board
        else:
            self.board = load_board(setup.board)
            names = [s.name for s in setup.seats]
            seed = setup.seed if setup.seed is not None else 0
            mode = setup.callsigns
            cs: str | None = None if mode == "players" else mode
            if mode == "recommended" and not self.board.recommended_callsigns:
                cs = "random"
            self.session = Session(self.board, names, seed=seed, callsigns=cs)
            self.save()  # a new game can be continued from its first moment
        self.bots: dict[int, Bot] = {
            i: make_bot(seat.bot, (setup.seed or 0) * 31 + i) for i, seat in enumerate(setup.seats)
            if not seat.human}
        self.listeners: list[Listener] = []
        #: the views of the sealed state made so far: (state, version) and one per viewer
        self._views: tuple[GameState | None, tuple[object, ...], dict[int | None, GameState]] = (None, (), {})
        self._thinking: tuple[int, int, Future[tuple[Action, BotFailure | None]]] | None = None
        self._pool: ThreadPoolExecutor | None = None

    @staticmethod
    def setup_from(loaded: LoadedGame, board_ref: str) -> GameSetup:
        return GameSetup.from_loaded(loaded, board_ref)

    @property
    def state(self) -> GameState:
        """The whole state, secrets included: for the controller's callers
        outside the screen (saves, tests, tools).  The game screen reads
        ``view_for`` instead."""
        return self.session.state

    def view_for(self, player: int | None) -> GameState:
        """The state as ``player`` may see it (``None``: nobody in particular,
        a spectator or the hand-off screen).  While no bid is sealed that is
        the state itself; while one is, ``player_view`` — made once per action
        and viewer, and never to be changed."""
        st = self.session.state
        if st.revealed or not any(st.submitted):
            return st
        version = (len(self.session.log), tuple(st.submitted), st.decision, st.actors)
        of, was, views = self._views
        if of is not st or was != version:
            views = {}
            self._views = (st, version, views)
        view = views.get(player)
        if view is None:
            view = views[player] = player_view(st, player)
        return view

    def legal(self, player: int) -> list[Action]:
        return self.session.state.legal_actions(player)

    @property
    def event_kinds(self) -> list[frozenset[str]]:
        """The kinds of events each action of the log made (from the records)."""
        return [frozenset(e.kind for e in r.events) for r in self.session.records]

    # ---------------------------------------------------------------- undo
    def can_undo(self) -> bool:
        """Undo is for the decisions of the player whose turn it is: never past
        a dice roll, a reveal of hidden bids, a resolved market, or another
        player's decision."""
        st = self.session.state
        log = self.session.log
        if not log or st.game_over or not st.actors:
            return False
        last = log[-1]
        p = last.player
        if p is None or p not in st.actors or not self.is_human(p):
            return False
        if last.type in CHANCE_TYPES or last.type == BID:
            return False
        return all(e.kind in UNDOABLE_EVENTS for e in self.session.records[-1].events)

    def undo(self) -> bool:
        """Take back the last decision (if the policy allows); True if done."""
        if not self.can_undo():
            return False
        s = self.session
        rng_state = s.rng.getstate()  # undoable actions never draw chance
        fresh = s.fork(len(s.log) - 1)
        fresh.rng.setstate(rng_state)
        self.session = fresh
        self.save()
        return True

    # ---------------------------------------------------------------- computers
    def computer_to_move(self) -> int | None:
        """The computer seat (or the chance step of one) the game waits for."""
        st = self.session.state
        if st.game_over or st.decision is None:
            return None
        for p in st.actors:
            if not self.is_human(p):
                return p
        return None

    @property
    def thinking(self) -> bool:
        """A computer seat is deciding in the background."""
        return self._thinking is not None

    def step_computer(self, background: bool = True) -> list[Event] | None:
        """Let one waiting computer seat take its decision (a chance step of
        a computer seat is rolled for it).

        The decision is computed off the drawing path: in a worker thread on
        a private copy of the seat's view, so the window stays responsive
        while a strong computer player searches; the move is applied here,
        on the main thread, once it is ready (None until then)."""
        if self._thinking is not None:
            seat, version, future = self._thinking
            if not future.done():
                return None
            self._thinking = None
            action, failure = future.result()   # safe_choose never raises
            if version != len(self.session.log) or self.session.state.decision is None:
                return None  # the game moved on (undo, load): decide again
            self.bot_failure = failure
            legal = self.session.state.legal_actions(seat)
            return self.apply(action if action in legal else legal[0])
        who = self.computer_to_move()
        if who is None:
            return None
        p = who
        st = self.session.state
        if st.is_chance():
            return self.apply(self.session.draw_chance())
        bot = self.bots[p]
        legal = st.legal_actions(p)
        view = player_view(st, p)  # every seat decides from its view, even one that ignores it
        # searching players (``Bot.slow``) think in the background; a bot
        # that fails is logged and its seat plays its first legal move
        # (``safe_choose``), and the game says so
        if not background or not bot.slow:
            action, self.bot_failure = safe_choose(bot, view, legal, st.names[p])
            return self.apply(action)
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="opensky-ai")
        self._thinking = (p, len(self.session.log), self._pool.submit(safe_choose, bot, view, legal, st.names[p]))
        return None

    def roll(self) -> list[Event]:
        """A human roller's click: draw the pending chance step."""
        return self.apply(self.session.draw_chance())


__all__ = ["Controller", "SaveError"]
