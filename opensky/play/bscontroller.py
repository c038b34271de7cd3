"""The controller of a Blue Skies game, between a front end (the window, a
test, later a remote seat) and the engine; nothing here imports pygame.

The same shape and contract as OpenSky's ``opensky.play.controller``: it owns
the session (state, log, seeded chance), lets computer seats decide from
their *view* (a slow one in a worker thread), hands the true events of every
applied action to listeners (a screen seals them itself with
``blueskies.view.seal_events``), autosaves after every action and undoes what
the undo policy allows.  The screen changes the state only through ``apply``
with a legal action and reads it only through ``view_for``: the hands are
secret (B32), so even the person at the keyboard sees only their own.

Two differences from OpenSky, both from the game: chance steps belong to
nobody (a card or a cube draw has no seat), so the window draws them with
``step_chance`` when the animation of the step before is done, and
``step_computer`` only ever decides; and the chance generator is seeded from
the seed and this computer's key (``bssave.chance_rng``), so a save file,
which shows the seed, cannot be used to recompute the hands.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable, Sequence

from opensky.ai.base import Bot, BotFailure, safe_choose
from opensky.ai.blueskies import make_bs_bot
from opensky.blueskies import events as E
from opensky.blueskies.actions import BUY, CHANCE_TYPES, OPENING_GATE, Action
from opensky.blueskies.board import OPENING_POINTS, load_bs_board
from opensky.blueskies.events import Event
from opensky.blueskies.flow import TURN_POINTS
from opensky.blueskies.legal import Combos
from opensky.blueskies.session import BSSession
from opensky.blueskies.state import BSState
from opensky.blueskies.view import player_view, spectator_view
from opensky.persistence.bssave import LoadedBSGame, chance_rng
from opensky.persistence.save import SaveError, Seat
from opensky.play.base import LocalController
from opensky.play.seats import BLUE_SKIES, GameSetup

Listener = Callable[[Action, list[Event]], None]

#: An action may be undone only if everything it did is one of these: a gate
#: placed or bought out, and the even split it brings (B3).  A draw the
#: player could take again is never among them: a buy at an airport that
#: already has a gate asks for a ``draw_cubes`` step, which is an action of
#: its own and ends what can be undone.  ``PassengersDrawn`` inside a
#: decision's own events is a forced draw (one possible outcome, B31: no
#: green cube left, or no red), as certain as the split, so it does not stop
#: undo.  Anything scored (``PointsBanked``: the purchase turn ended), drawn
#: into a hand, turned face up, played or discarded is not here, and neither
#: is the step or the turn moving on.  And the gate must belong to the
#: purchase the player is still making (``can_undo``): an opening gate is not
#: taken back from round 1's purchase turn.
UNDOABLE_EVENTS: frozenset[type] = frozenset({E.GatePlaced, E.GateBoughtOut, E.CubesSplit, E.PassengersDrawn})


class BSController(LocalController):
    def __init__(self, setup: GameSetup, loaded: LoadedBSGame | None = None, autosave: bool = True):
        self.setup = setup
        self.autosave = autosave
        self.save_error = ""
        #: The last computer player that failed (None once one decides well again).
        self.bot_failure: BotFailure | None = None
        self.session: BSSession
        if loaded is not None:
            self.session = loaded.session
            self.board = self.session.board
        else:
            self.board = load_bs_board(setup.board)
            names = [s.name for s in setup.seats]
            seed = setup.seed if setup.seed is not None else 0
            self.session = BSSession(self.board, names, seed=seed)
            # drawn from the seed and this computer's key, never the seed alone (see bssave)
            self.session.rng = chance_rng(seed)
        self.bots: dict[int, Bot] = {
            i: make_bs_bot(seat.bot, (setup.seed or 0) * 31 + i) for i, seat in enumerate(setup.seats)
            if not seat.human}
        self.listeners: list[Listener] = []
        #: the views made so far: (state, log length) and one per viewer
        self._views: tuple[BSState | None, int, dict[int | None, BSState]] = (None, -1, {})
        self._thinking: tuple[int, int, Future[tuple[Action, BotFailure | None]]] | None = None
        self._pool: ThreadPoolExecutor | None = None
        if loaded is None:
            self.save()  # a new game can be continued from its first moment

    @staticmethod
    def setup_from(loaded: LoadedBSGame, board_ref: str) -> GameSetup:
        """The setup of a saved Blue Skies game (its seats as the save keeps them)."""
        seats = [Seat(s.name, s.color, s.shape, s.human, s.bot) for s in loaded.seats]
        return GameSetup(board=board_ref, seats=seats, callsigns="recommended", seed=loaded.session.seed,
                         game=BLUE_SKIES)

    @property
    def state(self) -> BSState:
        """The whole state, every hand included: for saves, tests and tools.
        The game screen reads ``view_for`` instead."""
        return self.session.state

    def view_for(self, player: int | None) -> BSState:
        """The state as ``player`` may see it: their own hand, the others'
        as counts (``player_view``); ``None``: nobody's hand, for the hand-off
        screen and a spectator (``spectator_view``).  Made once per action
        and viewer, and never to be changed by the caller."""
        st = self.session.state
        version = len(self.session.log)
        of, was, views = self._views
        if of is not st or was != version:
            views = {}
            self._views = (st, version, views)
        view = views.get(player)
        if view is None:
            view = views[player] = spectator_view(st) if player is None else player_view(st, player)
        return view

    def legal(self, player: int) -> Sequence[Action]:
        """The legal actions of ``player`` now.  A sequence, not always a
        list: the assistance choice is listed lazily (``legal.Combos``)."""
        return self.session.state.legal_actions(player)

    @property
    def event_kinds(self) -> list[frozenset[str]]:
        """The kinds (class names) of the events each action of the log made."""
        return [frozenset(type(e).__name__ for e in r.events) for r in self.session.records]

    # ---------------------------------------------------------------- chance
    def chance_pending(self) -> bool:
        st = self.session.state
        return not st.game_over and st.is_chance()

    def step_chance(self) -> list[Event] | None:
        """Draw the pending chance step (a cube draw, a card) from the
        session's generator and apply it; None when none is pending."""
        if not self.chance_pending():
            return None
        return self.apply(self.session.draw_chance())

    def roll(self) -> list[Event] | None:
        """OpenSky's name for the same click: draw the pending chance step."""
        return self.step_chance()

    # ---------------------------------------------------------------- undo
    def can_undo(self) -> bool:
        """Undo is for the decisions of the person deciding now, within what
        they are doing (above all the gates of their purchase turn): never
        past a draw from the bag or the deck, never past another player's
        decision, never past anything scored, turned or dealt
        (``UNDOABLE_EVENTS``)."""
        st = self.session.state
        log = self.session.log
        if not log or st.game_over or st.is_chance() or st.actor is None:
            return False
        last = log[-1]
        p = last.player
        if p is None or p != st.actor or not self.is_human(p) or last.type in CHANCE_TYPES:
            return False
        # the same purchase, still going: every gate costs at least 1, so a
        # turn (or opening placement) that has bought nothing has all its points
        if st.decision not in (BUY, OPENING_GATE):
            return False
        if st.points >= (TURN_POINTS if st.decision == BUY else OPENING_POINTS):
            return False
        return all(type(e) in UNDOABLE_EVENTS for e in self.session.records[-1].events)

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
        """The computer seat the game waits for (None during a chance step:
        those are drawn by ``step_chance``)."""
        st = self.session.state
        if st.game_over or st.decision is None or st.is_chance():
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
        """Let the waiting computer seat take its decision.

        A slow player (``Bot.slow``) thinks in a worker thread on a private
        copy of its view, so the window stays responsive; its move is
        applied here, on the main thread, once it is ready (None until
        then), and decided again if the game moved on meanwhile (undo,
        load).  A player that fails plays its first legal move and
        ``bot_failure`` says so (``safe_choose``)."""
        if self._thinking is not None:
            seat, version, future = self._thinking
            if not future.done():
                return None
            self._thinking = None
            action, failure = future.result()   # safe_choose never raises
            st = self.session.state
            if version != len(self.session.log) or st.actor != seat or st.is_chance():
                return None  # the game moved on (undo, load): decide again
            self.bot_failure = failure
            legal = st.legal_actions(seat)
            return self.apply(action if action in legal else legal[0])
        p = self.computer_to_move()
        if p is None:
            return None
        st = self.session.state
        bot = self.bots[p]
        legal = st.legal_actions(p)
        view = player_view(st, p)  # every seat decides from its own view (a fresh copy)
        if not background or not bot.slow:
            action, self.bot_failure = safe_choose(bot, view, legal, st.names[p])  # type: ignore[arg-type]
            return self.apply(action)
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="opensky-bs-ai")
        mine = legal if isinstance(legal, Combos) else list(legal)   # the thread's own list
        self._thinking = (p, len(self.session.log),
                          self._pool.submit(safe_choose, bot, view, mine, st.names[p]))  # type: ignore[arg-type]
        return None

    def close(self) -> None:
        """Stop the worker thread (a thought in progress is dropped)."""
        self._thinking = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


__all__ = ["BSController", "SaveError", "UNDOABLE_EVENTS"]
