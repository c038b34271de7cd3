"""The game screen: the board, the calendar, a panel per airline, and the
decision at hand.

Every decision goes through the controller to the rules engine; the screen
offers exactly the engine's legal actions (routes, airports or buttons) and
animates the events that come back.  The scene is the lifecycle, the dispatch
of input and events, and the draw order; the work is done in rooms:

- ``animator``   events → tweens and sounds; the market on the table
- ``gamelog``    events → sentences (pure); ``history`` keeps them and the scores
- ``decisions``  buttons and prompts from the legal actions and ``rules.quote``
- ``hotseat``    the hand-off screen and the secret bid panel
- ``panels``     the bars and side panels (pure renders)
- ``tooltips``   what is under the pointer (pure)
- ``board_input`` hover, clicks and keys on the board
- ``damage``     partial redraws
- ``compat``     the rooms' parts under the scene's old names (``g.dice``, …)

While a bid is sealed the screen reads the game only through
``Controller.view_for`` (``player_view``): ``state`` below.  ``draw`` changes
nothing; what it shows is brought up to date by ``prepare`` at the end of
``update`` and on every layout.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.persistence.save import LoadedGame
from opensky.rules import events as E
from opensky.rules.actions import BID, CHOOSE_OD, Action
from opensky.rules.events import Event
from opensky.rules.state import GameState
from opensky.ui import draw as D, theme as T
from opensky.ui.boardview import BoardView
from opensky.play.controller import Controller
from opensky.ui.game import bars, gamelog, panels, tooltips
from opensky.ui.game.animator import Animator
from opensky.ui.game.board_input import BoardInput
from opensky.ui.game.compat import SceneFacade
from opensky.ui.game.damage import LOCAL_EVENTS, Damage, event_areas, route_area
from opensky.ui.game.decisions import Decisions
from opensky.ui.game.history import History
from opensky.ui.game.layout import TableLayout, clear_box, market_marks
from opensky.ui.game.hotseat import HotSeat
from opensky.ui.scene import Scene
from opensky.ui.setup import GameSetup
from opensky.ui.widgets import Button, WidgetGroup
from opensky.ui.screens import screen
from opensky import i18n
from opensky.i18n import tr

if TYPE_CHECKING:
    from opensky.ui.app import App

Point = tuple[float, float]


class GameScene(SceneFacade, Scene):
    #: whether the Undo button is there (a tutorial has none)
    offers_undo = True

    def __init__(self, app: "App", setup: GameSetup, loaded: LoadedGame | None = None,
                 read_only: bool = False, autosave: bool = True) -> None:
        super().__init__(app)
        self.setup = setup
        self.read_only = read_only
        #: a replay hosts this scene and runs it while the replay is on top
        self.host: Scene | None = None
        self.ctl = self.make_controller(setup, loaded, autosave and not read_only)
        if read_only:
            self.ctl.bots = {}
        self.ctl.listeners.append(self.on_events)
        self.view = BoardView(self.ctl.board, setup.seats)
        self.mouse: Point = (0, 0)
        self.message = ""
        self.t = 0.0
        self.ai_wait = 0.0
        self.results_timer: float | None = None
        self.history = History()
        self.widgets = WidgetGroup()
        self.menu_button = Button("Menu", self.open_menu, small=True, tooltip="Menu (Esc)")
        self.undo_button = Button("Undo", self.undo, small=True, tooltip="Take back your last decision (Ctrl+Z)")
        self.anim = Animator(self)
        self.seat = HotSeat(self)
        self.decisions = Decisions(self)
        self.board_input = BoardInput(self)
        self.repaint = Damage()
        #: the decision's controls are offered (not while an animation blocks)
        self.controls_shown = True
        #: this screen's own part of the panels' cache key
        self.panels_token = object()
        #: where the table of bids was placed, and for what
        self.table_key: tuple | None = None
        #: the game as it stood before the story being told: the panels and
        #: the calendar show it until the story ends (no score moves before
        #: its verdict has been shown)
        self.calm: GameState | None = None
        self.calm_key: tuple = ()
        self.sidebar: panels.Sidebar | None = None
        self.sidebar_dirty = True
        if loaded is not None:
            self.rebuild_history()

    def make_controller(self, setup: GameSetup, loaded: LoadedGame | None, autosave: bool) -> Controller:
        """The controller of this screen's game (a tutorial brings its own)."""
        return Controller(setup, loaded, autosave=autosave)

    @property
    def state(self) -> GameState:
        """The game as this screen may show it: while a bid is sealed,
        ``player_view`` for the bidder at the screen (or for nobody)."""
        return self.ctl.view_for(self.seat.private_for)

    def human_actor(self) -> int | None:
        """The human who may act now on this screen (for a secret bid: only
        the one who has taken the seat)."""
        if self.read_only:
            return None
        if self.state.decision == BID:
            return self.seat.private_for
        hs = self.ctl.waiting_humans()
        return hs[0] if hs else None

    # ------------------------------------------------------------ queries
    def prompt(self) -> tuple[str, str]:
        """(headline, hint) of the decision at hand."""
        return self.decisions.prompt()

    def tooltip_text(self) -> str:
        return tooltips.tooltip_text(self)

    def log_line(self, entry: gamelog.LogEntry) -> str | None:
        """One log entry in words, in the current language."""
        return gamelog.line(entry, self.state.names, self.ctl.board)

    def log_shown(self) -> int:
        """How many log entries to show (a roll is told once it has landed)."""
        return self.anim.told(self.history.log)

    # ------------------------------------------------------------ history
    def rebuild_history(self) -> None:
        """The log in words and the score chart of a loaded game, from the
        session's records (no second replay)."""
        self.history.rebuild(self.ctl.session.records, self.ctl.board)

    def undo(self) -> None:
        """Ctrl+Z: take back the last decision where the undo policy allows."""
        if self.anim.blocking() or not self.ctl.undo():
            return
        self.history.log.append(gamelog.note("↶ Undone"))
        self.reset_visuals()

    def reset_visuals(self) -> None:
        """After the state was replaced (undo, replay step back): redraw all."""
        self.anim.stop()
        self.view.in_flight.clear()
        self.view.pieces_dirty = True
        self.sidebar_dirty = True
        self.decisions.key = ()
        self.seat.reset()
        self.message = ""
        self.refresh_decision()
        self.dirty = True

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        s = T.game_scale(size)
        w, h = size
        self.s = s
        self.layout = TableLayout.for_size(size, s)
        self.top = self.layout.top
        self.bottom = self.layout.tray
        self.side = self.layout.side
        self.board_rect = self.layout.board
        self.view.layout(self.board_rect, s)
        self.anim.table.layout(self.board_rect, s, sum(1 for x in self.state.stops if x is not None) or 2)
        self.table_key = None
        bw = int(300 * s)
        self.seat.handoff_button.rect = pygame.Rect(w // 2 - bw // 2, h // 2 + int(60 * s), bw, int(52 * s))
        self.menu_button.rect = pygame.Rect(w - int(104 * s), int(10 * s), int(90 * s), int(36 * s))
        self.undo_button.rect = pygame.Rect(self.menu_button.rect.x - int(96 * s), int(10 * s), int(86 * s), int(36 * s))
        self.sidebar_dirty = True
        self.decisions.key = ()
        self.refresh_decision()
        self.prepare()
        self.dirty = True

    def relayout(self, size: tuple[int, int]) -> None:
        """The language or the text size changed: the map's labels, the
        buttons and the panels are made again."""
        self.view.base = None
        self.resize(size)
        self.decisions.key = ()

    def refresh_decision(self) -> None:
        """Who sits at the screen, then the decision's controls (rebuilt when
        the decision changes)."""
        self.seat.update()
        self.decisions.refresh()

    def compose_widgets(self) -> None:
        """The controls that take input now: the hand-off screen alone, or the
        menu, undo, the decision's buttons and the secret panel's confirm."""
        self.widgets.clear()
        if not self.read_only:
            self.undo_button.enabled = self.ctl.can_undo()
        if self.seat.handoff_for is not None:
            self.widgets.add(self.seat.handoff_button)
            self.widgets.set_focus(self.seat.handoff_button)
            return
        self.widgets.add(self.menu_button)
        if not self.read_only and self.offers_undo:
            self.widgets.add(self.undo_button)
        self.controls_shown = not self.anim.blocking()
        if not self.controls_shown:
            return  # the story is still told: no decision is offered before it ends
        for b in self.decisions.buttons:
            self.widgets.add(b)
        if self.seat.private_for is not None:
            self.seat.layout()
            self.widgets.add(self.seat.confirm_button)

    def prepare(self) -> None:
        """Bring what ``draw`` shows up to date: the board's pieces and the
        sidebar (with its tooltip regions and where each airline's planes wait)."""
        st = self.state
        if self.view.pieces_dirty or self.view.composite is None:
            self.repaint.add(self.view.render_pieces(st))  # where call-sign badges moved
        blocking = self.anim.blocking()
        key = (len(self.ctl.session.log), self.seat.private_for, self.ctl.session)
        if not blocking and key != self.calm_key:
            self.calm, self.calm_key = st.copy(), key
            self.sidebar_dirty = True
        if self.controls_shown == blocking:  # an animation began or ended
            self.compose_widgets()
            self.sidebar_dirty = True
            self.dirty = True
        sb = self.sidebar
        if self.sidebar_dirty or sb is None or sb.surface.get_size() != self.side.size:
            self.sidebar = self.render_sidebar(self.panel_state())
            self.sidebar_dirty = False
        if st.decision == CHOOSE_OD or self.decisions.previewing is not None:
            self.decisions.update_preview()
        if self.table_key is None or st.od is not None or blocking:
            self.place_table(st)
        if self.dirty or self.repaint.pending:  # a frame follows: make the bars' still parts now
            bars.tray_image(self.bottom, self.s, st, self.setup.seats, self.prompt(), self.message,
                            self.hint_right())
            bars.top_image(self.top, self.panel_state(), self.ctl.board, self.s)

    def place_table(self, st: GameState) -> None:
        """Put the table of bids where it hides none of the market's airports
        and itineraries (searched once per market and window size)."""
        market = self.anim.shown_market(st)
        if market is None:
            return
        table = self.anim.table
        key = (st.month, market.get("od"), table.rect.size, self.board_rect.size)
        if key == self.table_key:
            return
        self.table_key = key
        marks = market_marks(st, self.view, market)
        prefer = (self.board_rect.centerx, self.board_rect.y + table.rect.h // 2 + int(12 * self.s))
        table.rect = clear_box(table.rect.size, self.board_rect, marks, prefer, margin=int(10 * self.s))
        self.dirty = True

    def panel_state(self) -> GameState:
        """What the panels and the calendar show: the game before the story
        being told, the game itself once it is told."""
        if self.anim.blocking() and self.calm is not None:
            return self.calm
        return self.state

    def render_sidebar(self, st: GameState) -> panels.Sidebar:
        """The panels and the log.  The panels are drawn again only when what
        they show changed; while a story is told only the log grows."""
        log = self.ctl.session.log
        shown = ("calm", id(st)) if st is self.calm else ("live", len(log), log[-1] if log else None)
        key = (self.panels_token, shown, self.seat.private_for, tuple(sorted(self.view.in_flight.items())),
               i18n.language())
        return panels.render_sidebar(st, self.setup.seats, self.side, self.s, self.view.in_flight,
                                     self.history.log[:self.log_shown()], self.log_line, panels_key=key)

    def hint_right(self) -> int:
        """Where the prompt's hint must stop: before the controls in the tray."""
        s = self.s
        if not self.controls_shown:
            return self.bottom.right - int(16 * s)
        if self.seat.private_for is not None:
            return self.seat.controls_left() - int(16 * s)
        return self.decisions.controls_left - int(16 * s)

    def overlays(self) -> list[tuple[str, pygame.Rect]]:
        """What floats over the map now, by name (for the map's hover, which
        is off under an overlay, and for the layout test)."""
        if self.seat.handoff_for is not None:
            return [("handoff", pygame.Rect((0, 0), self.app.window.get_size()))]
        return self.anim.overlay_rects(self.state)

    def over_overlay(self, pos: Point) -> bool:
        """Whether ``pos`` is on something floating over the map."""
        return any(r.collidepoint(pos) for _, r in self.overlays())

    def plane_home(self, p: int) -> Point:
        """Where airline ``p``'s next plane waits in its panel (planes fly from there)."""
        home = self.sidebar.plane_home if self.sidebar is not None else {}
        return home.get(p, (self.side.x, self.side.y))

    # ------------------------------------------------------------ events
    def on_events(self, action: Action, events: list[Event]) -> None:
        st = self.state
        self.anim.play_sounds(events, st)
        for e in events:
            self.history.add(e, st)
            self.anim.on_event(e, st)
            if e.kind == E.MONTH_STARTED:
                self.decisions.lease_k = None
            elif e.kind == E.GAME_OVER:
                if not self.read_only:
                    self.results_timer = 2.5 if self.app.anim_speed > 0 else 0.3
            elif isinstance(e, E.BidSubmitted):
                self.seat.bid_in(e.player)
        self.view.pieces_dirty = True
        self.sidebar_dirty = True
        failure, self.ctl.bot_failure = self.ctl.bot_failure, None   # told once
        self.message = (tr(failure.TEXT, name=failure.name, error=failure.error) if failure is not None
                        else self.ctl.save_error)
        self.decisions.key = ()
        self.refresh_decision()
        self.damage_for(events)

    def damage_for(self, events: list[Event]) -> None:
        """Mark what an action changed: the panels, and on the board only the
        routes and airports it touched."""
        if any(e.kind not in LOCAL_EVENTS for e in events):
            self.dirty = True
            return
        rects = [self.side.copy(), self.bottom.copy(), self.top.copy()]
        rects += event_areas(events, self.state, self.view, self.s)
        if self.board_input.hover_route is not None:
            rects.append(route_area(self.view, self.board_input.hover_route))
        self.repaint.add(rects)

    # ------------------------------------------------------------ input
    def handle(self, e: pygame.event.Event) -> None:
        seat = self.seat
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.open_menu()
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F1:
            from opensky.ui.scenes.rules import DECISION_SECTION
            self.app.push(screen("rules")(self.app, DECISION_SECTION.get(self.state.decision or "", "aim")))
            return
        if (e.type == pygame.KEYDOWN and e.key == pygame.K_z and e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
                and seat.handoff_for is None and seat.private_for is None):
            self.undo()
            return
        if seat.handoff_for is not None:
            if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                seat.take_seat()
                return
            self.widgets.handle(e)
            return
        if self.anim.blocking() and self.anim.skip_requested(e):
            self.anim.skip()  # a click or Space finishes the animation at hand
            self.dirty = True
            return
        if seat.private_for is not None and seat.key(e):
            return
        if self.widgets.handle(e):
            return
        if e.type == pygame.KEYDOWN and self.board_input.key(e):
            return
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
            self.board_input.hover(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if seat.private_for is not None and seat.click(e.pos):
                return
            self.board_input.click(e.pos)

    def try_action(self, a: Action) -> None:
        """Take ``a`` if the engine allows it; else show the engine's reason."""
        msg = self.ctl.refusal(a) if a not in self.ctl.legal(a.player or 0) else self.ctl.try_apply(a)
        if msg:
            self.message = msg

    def open_menu(self) -> None:
        self.app.push(screen("game_menu")(self.app, self))

    def on_quit_request(self) -> None:
        self.app.quit()

    # ------------------------------------------------------------ time
    def on_top(self) -> bool:
        """Whether this scene runs (it pauses under a menu or dialog); a
        replay hosts the game scene and runs it while the replay is on top."""
        top = self.app.stack.top
        return top is self or (self.host is not None and top is self.host)

    def update(self, dt: float) -> None:
        if not self.on_top():
            return  # paused under a menu or dialog
        self.t += dt
        self.anim.update(dt)
        if self.results_timer is not None and not self.anim.busy():
            self.results_timer -= dt
            if self.results_timer <= 0:
                self.results_timer = None
                self.show_results()
                return
        # computer seats decide at a pace people can follow, once things have landed
        if self.ctl.thinking:
            self.ctl.step_computer()  # collects the move once the background search is done
        elif self.ctl.computer_to_move() is not None and not self.anim.busy():
            self.ai_wait += dt
            pace = self.app.ai_pace * (0.5 if self.state.decision == BID else 1.0)
            if self.ai_wait >= pace:
                self.ai_wait = 0.0
                self.ctl.step_computer()
        else:
            self.ai_wait = 0.0
        self.prepare()
        self.repaint.ready(self.anim.moving_rects(self.state))

    def show_results(self) -> None:
        self.app.replace(screen("results")(self.app, self.setup, self.ctl.state, self.history.scores))

    def damage(self) -> list[pygame.Rect] | None:
        if self.anim.busy() and not self.anim.flights or self.anim.dice.rolling or self.anim.table.flipping \
                or self.anim.toasts:
            return None  # bigger animations: redraw the whole frame
        return self.repaint.rects() or None

    def wants_frame(self) -> bool:
        if not self.on_top():
            return False
        st = self.state
        return (bool(self.anim.flights) or bool(self.repaint.pending) or self.anim.busy() or bool(self.anim.toasts)
                or self.results_timer is not None or self.ctl.computer_to_move() is not None
                or st.od is not None)

    # ------------------------------------------------------------ drawing
    def draw_guide(self, surface: pygame.Surface) -> None:
        """What a tutorial draws over the table, under the tooltip (nothing here)."""

    def draw(self, surface: pygame.Surface) -> None:
        """The board, the market, the bars and panels, what flies, the secret
        panel or the hand-off screen, the tooltip — in that order."""
        st = self.state
        s = self.s
        self.view.draw(surface, st)
        self.board_input.draw(surface, st)
        bars.draw_top(surface, self.top, self.panel_state(), self.ctl.board, s)
        sb = self.sidebar
        if sb is None or self.sidebar_dirty or sb.surface.get_size() != self.side.size:
            sb = self.render_sidebar(self.panel_state())  # a draw without update: drawn, not kept
        surface.blit(sb.surface, self.side.topleft)
        bars.draw_bottom(surface, self.bottom, s, st, self.setup.seats, self.prompt(), self.message,
                         self.hint_right(), self.ctl.thinking, self.t)
        self.anim.draw_market(surface, st)  # the dice in the tray, the table of bids on the map
        self.anim.draw_flights(surface)
        self.anim.draw_toasts(surface)
        if self.seat.private_for is not None and self.controls_shown:
            self.seat.draw_private(surface)
        self.widgets.draw(surface, s)
        if self.seat.handoff_for is not None:
            self.seat.draw_handoff(surface)
            return
        self.draw_guide(surface)
        tip = self.tooltip_text()
        if tip:
            D.tooltip(surface, tip, (int(self.mouse[0]), int(self.mouse[1])), s)
