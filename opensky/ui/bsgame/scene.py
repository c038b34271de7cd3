"""The Blue Skies game screen: the map of the United States, the score track,
a panel per airline, the bag and the deck, the log, and the decision at hand
in the tray under the map.

Every decision goes through the controller (``play.bscontroller``) to the
engine; the screen offers exactly the engine's legal answers and tells the
events that come back as a story (``story``).  It reads the game only
through ``BSController.view_for`` — the view of the person who has taken the
seat, or the spectator view with no hand in it (``seat``) — so another
player's card is never there to be drawn.  The rooms:

- ``tray``     the prompt, the hand, the buttons, what the map lights, previews
- ``seat``     whose hand the screen shows; the hand-off screen
- ``story``    events → steps told one after another; the game as shown meanwhile
- ``panels``   the airlines, the log, the top bar (pure renders)
- ``board``, ``supply``, ``track``  the map and the pieces (pure renders)
- ``gamelog``  events → sentences, sealed for the person at the screen

``draw`` changes nothing; what it shows is prepared in ``update``/``resize``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.blueskies import events as E
from opensky.blueskies.actions import (
    ASSIST, STEP_ASSISTANCE, STEP_ASSISTANCE_DISCARD, STEP_BUY, STEP_OPENING, STEP_OPENING_GATES, STEP_OTHER,
    STEP_OVER, STEP_PLAY, Action,
)
from opensky.blueskies.state import BSState
from opensky import i18n
from opensky.i18n import N_, tr, trn
from opensky.play.bscontroller import BSController
from opensky.play.seats import BLUE_SKIES, GameSetup
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.bsgame import cards as C, gamelog, panels
from opensky.ui.bsgame.board import BSBoardView, draw_legend
from opensky.ui.bsgame.layout import BSLayout
from opensky.ui.bsgame.seat import HotSeat
from opensky.ui.bsgame.story import Story
from opensky.ui.bsgame.supply import bag_center, deck_rect, draw_supply
from opensky.ui.bsgame.track import draw_track, marker_pos
from opensky.ui.bsgame.tray import Tray
from opensky.ui.scene import Scene
from opensky.ui.screens import screen
from opensky.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from pathlib import Path

    from opensky.blueskies.session import BSSession
    from opensky.persistence.bssave import LoadedBSGame
    from opensky.ui.app import App

Point = tuple[float, float]

#: the step of the round in the top bar (``BSState.step``)
STEP_NAMES = {
    STEP_OPENING: N_("Setup: the opening demand"),
    STEP_OPENING_GATES: N_("Setup: opening gates"),
    STEP_BUY: N_("Step 1 of 8 · Buy gates"),
    STEP_PLAY: N_("Step 2 of 8 · Play demand cards"),
    STEP_OTHER: N_("Step 3 of 8 · Other demand"),
    STEP_ASSISTANCE: N_("Step 6 of 8 · Government assistance"),
    STEP_ASSISTANCE_DISCARD: N_("Step 6 of 8 · Discards"),
    STEP_OVER: N_("Final scoring"),
}


ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class BSGameScene(Scene):
    offers_undo = True
    game_kind = BLUE_SKIES

    def __init__(self, app: "App", setup: GameSetup, loaded: "LoadedBSGame | None" = None,
                 read_only: bool = False, autosave: bool = True) -> None:
        super().__init__(app)
        self.setup = setup
        self.read_only = read_only
        self.host: Scene | None = None
        self.ctl = self.make_controller(setup, loaded, autosave and not read_only)
        if read_only:
            self.ctl.bots = {}
        self.ctl.listeners.append(self.on_events)
        self.view = BSBoardView(self.ctl.board, self.ctl.session.state.spaces)
        self.story = Story(self)
        self.seat = HotSeat(self)
        self.tray = Tray(self)
        self.widgets = WidgetGroup()
        self.menu_button = Button("Menu", self.open_menu, small=True, tooltip="Menu (Esc)")
        self.undo_button = Button("Undo", self.undo, small=True, tooltip="Take back your last decision (Ctrl+Z)")
        self.mouse: Point = (0, 0)
        self.hover: int | None = None
        self.hover_gate: tuple[int, int] | None = None
        self.message = ""
        self.t = 0.0
        self.ai_wait = 0.0
        self.chance_wait = 0.0
        self.results_timer: float | None = None
        self.controls_shown = True
        self.s = 1.0
        #: the log's events (sealed only when put in words, for whoever sits at the screen)
        self.events: list[E.Event] = []
        self._log_key: tuple[object, ...] = ()
        self._log_gen = 0   # a new log (undo, a replay's jump) is told again
        self._log_cache: list[str] = []
        #: (round, scores) after each scoring step, for the results' chart
        self.history: list[tuple[int, list[int]]] = []
        if loaded is not None:
            for rec in self.ctl.session.records:
                self._record(list(rec.events), rec.scores)
        self.seat.update()
        self.settled = self.state.copy()

    def make_controller(self, setup: GameSetup, loaded: "LoadedBSGame | None", autosave: bool) -> BSController:
        """The controller of this screen's game (a tutorial brings its own, as OpenSky's does)."""
        return BSController(setup, loaded, autosave=autosave)

    # ------------------------------------------------------------ what the screen reads
    @property
    def state(self) -> BSState:
        """The game as this screen may show it: the view of the person at the
        screen, or the spectator view."""
        return self.ctl.view_for(self.seat.private_for)

    @property
    def shown(self) -> BSState:
        """What the board and panels show: the story's game while one is told."""
        return self.story.display if self.story.display is not None else self.state

    @property
    def private_for(self) -> int | None:
        return self.seat.private_for

    @property
    def names(self) -> list[str]:
        return list(self.ctl.session.state.names)

    def human_actor(self) -> int | None:
        """The person who may act now at this screen (once they took the seat)."""
        if self.read_only:
            return None
        st = self.state
        if st.game_over or st.is_chance() or st.actor is None:
            return None
        a = st.actor
        return a if self.ctl.is_human(a) and a == self.seat.private_for else None

    def prompt_while_telling(self) -> str:
        st = self.story.current()
        if st is None:
            return ""
        e = st.events[0]
        if isinstance(e, E.PassengersDrawn):  # counted as the cubes land, never ahead of them
            return tr("Passengers for {city} from the bag: {n}", city=self.ctl.board.airports[e.airport].city,
                      n=self.story.landed(st))
        if isinstance(e, E.CubesSplit):
            total = sum(e.cubes) + e.waiting
            k = len(e.cubes)
            city = self.ctl.board.airports[e.airport].city
            if k == 1:
                return trn("{city}: {n} passenger at its gate", "{city}: {n} passengers at its gate", total, city=city)
            return trn("{city}: {n} passenger split evenly among {k} gates",
                       "{city}: {n} passengers split evenly among {k} gates", total, city=city, k=k)
        line = gamelog.line(e, self.names, self.ctl.board, self.seat.private_for)
        return line or ""

    def step_name(self) -> str:
        st = self.shown
        return tr(STEP_NAMES.get(st.step, "")) if st.step in STEP_NAMES else ""

    def log_lines(self) -> list[str]:
        """The log in words for whoever sits at the screen, as far as it has
        been told (kept until the log, the viewer or the language changes)."""
        told = len(self.events) - self._untold()
        key = (self._log_gen, told, self.seat.private_for, i18n.language())
        if self._log_key != key:
            out = []
            for e in self.events[:told]:
                line = gamelog.line(e, self.names, self.ctl.board, self.seat.private_for)
                if line:
                    out.append(line)
            self._log_cache, self._log_key = out, key
        return self._log_cache

    def _untold(self) -> int:
        """Events still to be told by the story (not in the log yet)."""
        return sum(len(s.events) for s in self.story.steps)

    # ------------------------------------------------------------ anchors for the story
    def hand_anchor(self) -> Point:
        r = self.tray.card_rects
        if r:
            return (float(r[len(r) // 2][1].centerx), float(r[len(r) // 2][1].centery))
        return (float(self.tray_rect.x + 80 * self.s), float(self.tray_rect.centery))

    def panel_anchor(self, p: int) -> Point:
        return panels.airline_anchor(self.lay, p, self.shown.P, self.s)

    def income_anchor(self, p: int) -> Point:
        """Where airline ``p``'s income is written in its panel."""
        r = self.lay.airline_row(p, self.shown.P)
        return (r.x + 60 * self.s, r.bottom - 14 * self.s)

    def deck_anchor(self) -> Point:
        deck = deck_rect(self.lay.supply)
        return (float(deck.centerx), float(deck.centery))

    def bag_anchor(self) -> Point:
        return bag_center(self.lay.supply)

    def track_anchor(self, p: int, score: int) -> Point:
        return marker_pos(self.lay.track, self.shown, p, score)

    def draw_card_face(self, surface: pygame.Surface, airport: int, pos: Point, k: float) -> None:
        img = C.face(self.ctl.board, airport, int(96 * self.s * k))
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def draw_card_turning(self, surface: pygame.Surface, airport: int, pos: Point, k: float, u: float) -> None:
        """A card being turned over (``u`` 0 → 1): its back narrows, its face widens."""
        h = int(96 * self.s * k)
        img = C.back(h) if u < 0.5 else C.face(self.ctl.board, airport, h)
        w = max(1, int(img.get_width() * abs(1 - 2 * u)))
        img = pygame.transform.smoothscale(img, (w, img.get_height()))
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def draw_card_back(self, surface: pygame.Surface, pos: Point, k: float) -> None:
        img = C.back(int(96 * self.s * k))
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        s = T.game_scale(size)
        self.s = s
        self.lay = BSLayout.for_size(size, s, self.ctl.session.state.P)
        self.board_rect = self.lay.board
        self.tray_rect = self.lay.tray
        self.view.layout(self.board_rect, self.ctl.session.state.spaces)
        self.seat.layout(size, s)
        w = size[0]
        self.menu_button.rect = pygame.Rect(w - int(104 * s), int(6 * s), int(90 * s), int(36 * s))
        self.undo_button.rect = pygame.Rect(self.menu_button.rect.x - int(96 * s), int(6 * s), int(86 * s),
                                            int(36 * s))
        self.tray.key = ()
        self.refresh()
        self.dirty = True

    def relayout(self, size: tuple[int, int]) -> None:
        self.resize(size)

    def refresh(self) -> None:
        """The decision's controls, then the widgets that take input now."""
        if not self.tray.refresh():
            self.compose_widgets()

    def compose_widgets(self) -> None:
        prev = self.widgets.focused  # the keyboard's focus stays on a control that stays
        self.widgets.clear()
        if self.seat.shown():
            self.seat.layout(self.app.window.get_size(), self.s)
            self.widgets.add(self.seat.button)
            self.widgets.set_focus(self.seat.button)
            return
        self.widgets.add(self.menu_button)
        if not self.read_only and self.offers_undo:
            self.undo_button.enabled = self.ctl.can_undo() and not self.story.blocking()
            self.widgets.add(self.undo_button)
        self.controls_shown = not self.story.blocking()
        if self.controls_shown:
            for b in self.tray.buttons:
                self.widgets.add(b)
        self.widgets.set_focus(prev if prev in self.widgets.widgets else None)

    def seat_changed(self) -> None:
        """Someone took the seat: their hand, their decision."""
        self.settled = self.state.copy()
        self.tray.key = ()
        self.refresh()
        self.dirty = True

    # ------------------------------------------------------------ events
    def _record(self, events: list[E.Event], scores: tuple[int, ...] | list[int]) -> None:
        self.events.extend(events)
        if any(isinstance(e, E.IncomeScored) for e in events):  # one scoring step a round
            self.history.append((len(self.history) + 1, list(scores)))

    def on_events(self, action: Action, events: list[E.Event]) -> None:
        self.story.tell(self.settled, self._sealed(events))
        self._record(events, self.ctl.session.records[-1].scores if self.ctl.session.records else ())
        self.settled = self.state.copy()
        if any(isinstance(e, E.GameEnded) for e in events) and not self.read_only:
            self.results_timer = 2.0 if self.app.anim_speed > 0 else 0.3
        failure, self.ctl.bot_failure = self.ctl.bot_failure, None
        self.message = (tr(failure.TEXT, name=failure.name, error=failure.error) if failure is not None
                        else self.ctl.save_error)
        self.tray.key = ()
        self.refresh()
        self.dirty = True

    def _sealed(self, events: list[E.Event]) -> list[E.Event]:
        from opensky.blueskies.view import seal_events
        return seal_events(events, self.seat.private_for)

    def saved(self, name: str, path: "Path") -> None:
        """The save dialog wrote the game under ``name``."""
        self.message = tr("Saved as “{name}” ({file}).", name=name, file=path.name)
        self.dirty = True

    def take(self, a: Action) -> None:
        """Take answer ``a`` if the engine allows it; else say why."""
        if self.human_actor() is None or self.story.blocking():
            return
        msg = self.ctl.try_apply(a)
        if msg:
            self.message = msg
            self.dirty = True
        else:
            self.message = ""

    def undo(self) -> None:
        if self.story.blocking() or not self.ctl.undo():
            return
        self.rebuild()
        self.message = tr("Undone.")

    def reset_to(self, session: "BSSession") -> None:
        """Show another moment of the game (a replay's jump)."""
        self.ctl.session = session
        self.rebuild()

    def rebuild(self) -> None:
        """After the session was replaced: the log and chart from its records,
        nothing left to tell, everything drawn again."""
        self.story.stop()
        self.events = []
        self._log_gen += 1
        self.history = []
        for rec in self.ctl.session.records:
            self._record(list(rec.events), rec.scores)
        self.seat.update()
        self.settled = self.state.copy()
        self.tray.key = ()
        self.refresh()
        self.dirty = True

    # ------------------------------------------------------------ input
    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.open_menu()
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F1:
            self.hover = self.hover_gate = None
            self.app.push(screen("rules")(self.app, self.state.decision or "aim", game=BLUE_SKIES))
            return
        if self.seat.shown():
            if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.seat.take_seat()
                return
            self.widgets.handle(e)
            return
        if (e.type == pygame.KEYDOWN and e.key == pygame.K_z
                and e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)):
            self.undo()
            return
        if self.story.blocking() and (
                (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1)
                or (e.type == pygame.KEYDOWN and e.key in (pygame.K_SPACE, pygame.K_RETURN))):
            self.story.skip()
            self.refresh()
            self.dirty = True
            return
        if e.type == pygame.KEYDOWN and (pygame.K_1 <= e.key <= pygame.K_9 or e.key in ARROWS
                                         or (e.key in ENTER and self.tray.focused() is not None)):
            self.key(e)  # the hand's cards and the lit airports come before the buttons' focus
            return
        if self.widgets.handle(e):
            self.dirty = True
            return
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
            hover = self.view.airport_at(e.pos) if self.board_rect.collidepoint(e.pos) else None
            if hover is None and self.board_rect.collidepoint(e.pos):
                g = self.view.gate_at(e.pos)
                hover = g[0] if g is not None else None
            self.hover = hover
            self.hover_gate = self.view.gate_at(e.pos) if self.board_rect.collidepoint(e.pos) else None
            self.dirty = True
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            i = self.tray.card_at(e.pos)
            if i is not None:
                self.tray.click_card(i)
            elif self.board_rect.collidepoint(e.pos):
                gate = self.view.gate_at(e.pos)
                self.tray.click_board(self.view.airport_at(e.pos), gate)
            self.refresh()
            self.dirty = True
        elif e.type == pygame.KEYDOWN:
            self.key(e)

    def key(self, e: pygame.event.Event) -> None:
        if pygame.K_1 <= e.key <= pygame.K_9:
            self.tray.click_card(e.key - pygame.K_1)
        elif e.key in (pygame.K_RIGHT, pygame.K_DOWN):
            self.tray.key_step(1)
        elif e.key in (pygame.K_LEFT, pygame.K_UP):
            self.tray.key_step(-1)
        elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if not self.tray.key_take() and self.tray.buttons:
                self.tray.buttons[-1].activate()
        f = self.tray.focused()
        self.hover = f[1] if f is not None else self.hover
        self.refresh()
        self.dirty = True

    def open_menu(self) -> None:
        self.hover = self.hover_gate = None
        self.app.push(screen("game_menu")(self.app, self))

    def on_quit_request(self) -> None:
        self.app.quit()

    # ------------------------------------------------------------ time
    def on_top(self) -> bool:
        top = self.app.stack.top
        return top is self or (self.host is not None and top is self.host)

    def update(self, dt: float) -> None:
        if not self.on_top():
            return
        self.t += dt
        was = self.story.blocking()
        self.story.update(dt)
        if was and not self.story.blocking():
            self.seat.update()
            self.settled = self.state.copy()
            self.refresh()
            self.dirty = True
        if not self.story.blocking():
            if self.seat.handoff_for is None:
                self.seat.update()
                if self.seat.handoff_for is not None:
                    self.refresh()
        if self.results_timer is not None and not self.story.blocking():
            self.results_timer -= dt
            if self.results_timer <= 0:
                self.results_timer = None
                self.show_results()
                return
        if self.read_only:
            return
        st = self.ctl.session.state
        if self.ctl.thinking:
            self.ctl.step_computer()
        elif not self.story.blocking() and not st.game_over:
            if st.is_chance():
                self.chance_wait += dt
                if self.chance_wait >= self.story.anim(0.25):
                    self.chance_wait = 0.0
                    self.ctl.step_chance()
            elif self.ctl.computer_to_move() is not None:
                self.ai_wait += dt
                if self.ai_wait >= self.app.ai_pace:
                    self.ai_wait = 0.0
                    self.ctl.step_computer()
            else:
                self.ai_wait = 0.0
        if not self.tray.refresh() and self.controls_shown == self.story.blocking():  # the hand moves with the story
            self.compose_widgets()

    def show_results(self) -> None:
        self.app.replace(screen("bs_results")(self.app, self.setup, self.ctl.state, self.history))

    def wants_frame(self) -> bool:
        if not self.on_top():
            return False
        st = self.ctl.session.state
        return (self.story.blocking() or self.results_timer is not None or self.ctl.thinking
                or (not st.game_over and (st.is_chance() or self.ctl.computer_to_move() is not None)))

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        st = self.shown
        s = self.s
        surface.fill(T.PAPER_DARK)
        live = not self.story.blocking() and self.controls_shown
        lit = self.tray.lit() if live else {}
        lit_gates = self.tray.lit_gates() if live else {}
        f = self.tray.focused() if live else None
        if f is not None:
            lit = dict(lit)
            lit[f[1]] = "picked" if f[0] != "buyout" else lit.get(f[1], "buy")
        self.view.draw(surface, st, self.setup.seats, lit=lit, lit_gates=lit_gates, hover=self.hover,
                       hidden_cubes=self.story.hidden_cubes(), t=self.t)
        if live:
            self.draw_picks(surface)
        draw_legend(surface, self.view.legend_rect(), self.ctl.board, st, self.setup.seats, s)
        panels.draw_top(surface, self.lay.top, st, s, self.step_name())
        pygame.draw.rect(surface, T.PAPER, self.lay.side)
        draw_track(surface, self.lay.track, st, self.setup.seats, st.actor if not st.is_chance() else None)
        panels.draw_airlines(surface, self.lay, st, self.setup.seats, s, self.seat.private_for)
        draw_supply(surface, self.lay.supply, st)
        panels.draw_log(surface, self.lay.log, self.log_lines(), s)
        self.tray.draw(surface)
        if self.message:
            D.tooltip(surface, self.message, (self.tray_rect.x + int(8 * s), self.tray_rect.y - int(60 * s)), s)
        self.story.draw(surface)
        self.widgets.draw(surface, s)
        if self.seat.shown():
            self.seat.draw(surface)
            return
        tip = self.tooltip_text() if self.on_top() else ""  # under a menu or dialog: no tooltip
        if tip:
            D.tooltip(surface, tip, (int(self.mouse[0]), int(self.mouse[1])), s)

    def draw_picks(self, surface: pygame.Surface) -> None:
        """The airports picked for assistance (numbered in the order named)
        or for the special action, marked on the map."""
        s = self.s
        for i, a in enumerate(self.tray.picked):
            r = self.view.airport_rect(a)
            c = (r.right - int(2 * s), r.y + int(2 * s))
            rad = int(11 * s)
            pygame.draw.circle(surface, T.mix(T.FOCUS, (0, 0, 0), 0.3), (c[0], c[1] + 1), rad + 1)
            pygame.draw.circle(surface, T.FOCUS, c, rad)
            label = str(i + 1) if len(self.tray.picked) > 1 or self.state.decision == ASSIST else "✓"
            img = assets.text(label, int(T.TYPE.small * s), (255, 255, 255), "bold")
            surface.blit(img, img.get_rect(center=c))

    def tooltip_text(self) -> str:
        w = self.widgets.hovered_tooltip()
        if w is not None:
            return w[0]
        if self.story.blocking():
            return ""
        card = self.tray.hover_card()
        a = card if card is not None else self.hover
        if a is None:
            return ""
        lines = self.view.tooltip_lines(self.shown, a)
        gate = self.hover_gate if card is None else None
        more = self.tray.preview_lines(a, gate) if self.controls_shown else []
        return "\n".join(lines + ([""] + more if more else []))
