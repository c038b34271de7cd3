"""The game screen: the board, the calendar, a panel per airline, and the
decision at hand.

Every decision goes through the controller to the rules engine; the scene
offers exactly the engine's legal actions (routes, airports or buttons) and
animates the events that come back.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from typing import TYPE_CHECKING

import pygame

from opensky.rules.actions import Action
from opensky.rules.constants import CALLSIGNS, FARES, MONTHS, REGIONAL_MARKERS
from opensky.rules.events import Event
from opensky.rules import events as E
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.boardview import BoardView
from opensky.ui.controller import Controller
from opensky.ui.scene import Scene
from opensky.ui.setup import GameSetup
from opensky.ui.tween import Tween, TweenGroup
from opensky.ui.widgets import Button, WidgetGroup, rounded, shadowed_panel

Point = tuple[float, float]

if TYPE_CHECKING:
    from opensky.ui.app import App


@dataclass
class Flight:
    """A plane token flying from ``start`` to ``end`` (placement or take-off)."""
    player: int
    route: int | None
    start: Point
    end: Point
    tween: Tween
    landing: bool = True  # True: lands on a route; False: leaves the board

    def pos(self) -> Point:
        v = self.tween.value
        (x0, y0), (x1, y1) = self.start, self.end
        lift = math.dist(self.start, self.end) * 0.18 * math.sin(math.pi * v)
        return (x0 + (x1 - x0) * v, y0 + (y1 - y0) * v - lift)

    def angle(self) -> float:
        return math.atan2(self.end[1] - self.start[1], self.end[0] - self.start[0])


class GameScene(Scene):
    def __init__(self, app: "App", setup: GameSetup) -> None:
        super().__init__(app)
        self.setup = setup
        self.ctl = Controller(setup)
        self.ctl.listeners.append(self.on_events)
        self.view = BoardView(self.ctl.board, setup.seats)
        self.tweens = TweenGroup()
        self.flights: list[Flight] = []
        self.hover_route: int | None = None
        self.hover_airport: int | None = None
        self.mouse: Point = (0, 0)
        self.widgets = WidgetGroup()
        self.menu_button = Button("Menu", self.open_menu, small=True, tooltip="Menu (Esc)")
        self.decision_buttons: list[Button] = []
        self.message = ""
        self.log: list[str] = []
        self.ai_wait = 0.0
        self.sidebar_cache: pygame.Surface | None = None
        self.sidebar_dirty = True
        self.panel_planes_pos: dict[int, Point] = {}
        self.decision_key: tuple = ()
        self.t = 0.0
        self.drawn_moving: list[pygame.Rect] = []
        self.pending_damage: list[pygame.Rect] = []
        self._wrap_cache: dict[tuple[str, int, int], list[str]] = {}

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        self.s = s
        self.top = pygame.Rect(0, 0, w, int(56 * s))
        side_w = int(300 * s)
        self.bottom = pygame.Rect(0, h - int(78 * s), w - side_w, int(78 * s))
        self.side = pygame.Rect(w - side_w, self.top.bottom, side_w, h - self.top.bottom)
        self.board_rect = pygame.Rect(0, self.top.bottom, w - side_w, self.bottom.y - self.top.bottom)
        self.view.layout(self.board_rect, s)
        self.menu_button.rect = pygame.Rect(w - int(104 * s), int(10 * s), int(90 * s), int(36 * s))
        self.sidebar_dirty = True
        self.decision_key = ()
        self.refresh_decision()
        self.dirty = True

    # ------------------------------------------------------------ state changes
    def on_events(self, action: Action, events: list[Event]) -> None:
        st = self.ctl.state
        for e in events:
            self.log_event(e)
            if e.kind == E.PLANE_PLACED:
                p, r = e.data["player"], e.data["route"]
                start = self.panel_planes_pos.get(p, (self.side.x, self.side.y))
                end = self.view.plane_slot(st, p, r)
                key = (p, r)
                self.view.in_flight[key] = self.view.in_flight.get(key, 0) + 1
                dur = 0.7 / self.app.anim_speed if self.app.anim_speed > 0 else 0

                def landed(key: tuple[int, int] = key) -> None:
                    self.view.in_flight[key] -= 1
                    if self.view.in_flight[key] <= 0:
                        del self.view.in_flight[key]
                    self.view.pieces_dirty = True
                    self.sidebar_dirty = True
                    self.pending_damage.extend([self.route_area(key[1]), self.side.copy()])

                fl = Flight(p, r, start, end, Tween(dur, "in_out_cubic", on_done=landed))
                self.flights.append(fl)
                self.tweens.add(fl.tween)
            elif e.kind == E.PLANES_FLOWN:
                p = e.data["player"]
                for r in e.data["routes"]:
                    a, b = self.view.route_ends_px(r)
                    mid = self.view.route_midpoint(r)
                    dur = 1.0 / self.app.anim_speed if self.app.anim_speed > 0 else 0
                    fl = Flight(p, r, mid, b, Tween(dur, "in_cubic"), landing=False)
                    self.flights.append(fl)
                    self.tweens.add(fl.tween)
        self.view.pieces_dirty = True
        self.sidebar_dirty = True
        self.message = ""
        self.refresh_decision()
        self.damage_for(events)

    #: Events whose changes on screen are local (the rest redraw everything).
    LOCAL_EVENTS = {E.PLANE_PLACED, E.SUBSIDY_TAKEN, E.MARKER_USED, E.HUB_PLACED, E.CALLSIGN_PLACED,
                    E.PLANES_FLOWN, E.BID_SUBMITTED, E.AUTO_PASS, E.FLASH_DECLINED, E.LEASED}

    def damage_for(self, events: list[Event]) -> None:
        """Mark what an action changed: the panels, and on the board only the
        routes and airports it touched."""
        if any(e.kind not in self.LOCAL_EVENTS for e in events):
            self.dirty = True
            return
        st = self.ctl.state
        rects = [self.side.copy(), self.bottom.copy(), self.top.copy()]
        for e in events:
            d = e.data
            if "route" in d:
                rects.append(self.route_area(d["route"]))
            for r in d.get("routes", ()):
                rects.append(self.route_area(r))
            if "airport" in d:
                rects.append(self.airport_area(d["airport"]))
            if e.kind == E.SUBSIDY_TAKEN:
                rects.append(self.airport_area(st.callsign_airport[d["callsign"]]))
        if self.hover_route is not None:
            rects.append(self.route_area(self.hover_route))
        self.pending_damage.extend(rects)

    def log_event(self, e: Event) -> None:
        st = self.ctl.state
        n = st.names
        b = self.ctl.board
        d = e.data
        line = ""
        if e.kind == E.PLANE_PLACED:
            a, c = b.routes[d["route"]]
            line = f"{n[d['player']]} places a {'leased ' if d['leased'] else ''}plane on {a}–{c}"
        elif e.kind == E.SUBSIDY_TAKEN:
            line = f"{n[d['player']]} takes the {CALLSIGNS[d['callsign']]} subsidy (+50)"
        elif e.kind == E.MARKER_USED:
            a, c = b.routes[d["route"]]
            line = f"{n[d['player']]} puts a cross-border marker on {a}–{c}"
        elif e.kind == E.HUB_PLACED:
            line = f"{n[d['player']]} opens a hub at {b.airports[d['airport']].city}"
        elif e.kind == E.CALLSIGN_PLACED:
            line = f"{n[d['player']]} puts {CALLSIGNS[d['callsign']]} on {b.airports[d['airport']].city}"
        elif e.kind == E.MONTH_STARTED:
            line = f"— {MONTHS[d['month']]}: {n[d['roller']]} rolls —"
        elif e.kind == E.DICE_ROLLED:
            line = f"Dice: {', '.join(CALLSIGNS[c] for c in d['dice'])}"
        elif e.kind == E.MARKET_CHOSEN:
            o, t = d["od"]
            line = f"Market {CALLSIGNS[o]}–{CALLSIGNS[t]}: " + (
                ", ".join(f"{n[q]} {'nonstop' if s == 0 else f'{s} stop' + ('s' if s > 1 else '')}"
                          for q, s in d["stops"].items()) or "nobody can fly it")
        elif e.kind == E.BIDS_REVEALED:
            line = "Bids: " + ", ".join(f"{n[q]} {v if v is not None else 'pass'}" for q, v in d["bids"].items())
        elif e.kind == E.FLASH_DEAL:
            line = f"{n[d['player']]} plays the flash deal: {d['old']} → {d['new']}"
        elif e.kind == E.MARKET_WON:
            o, t = st.last_market["od"] if st.last_market and st.od is None else ([CALLSIGNS[c] for c in st.od] if st.od else ("?", "?"))
            stops = d["stops"]
            how = "nonstop" if stops == 0 else f"with {stops} stop{'s' if stops > 1 else ''}"
            line = f"{n[d['player']]} wins {o}–{t} at {d['price']} {how}"
        elif e.kind == E.SENSITIVITY_ROLLED:
            line = f"Price die {d['roll']} against {d['price']}: " + ("accepted" if d["accepted"] else "the passengers walk away")
        elif e.kind == E.NOBODY_TRAVELS:
            line = f"Nobody travels ({d['reason']})"
        elif e.kind == E.LEASED and d["planes"]:
            line = f"{n[d['player']]} leases {d['planes']} plane{'s' if d['planes'] > 1 else ''}"
        elif e.kind == E.SEASON_RESET:
            line = "— Season 2: every plane leaves the board —"
        elif e.kind == E.GAME_OVER:
            line = "Game over: " + " and ".join(n[q] for q in d["winners"]) + " win"
        if line:
            self.log.append(line)
            del self.log[:-200]

    # ------------------------------------------------------------ decisions
    def human_actor(self) -> int | None:
        hs = self.ctl.waiting_humans()
        return hs[0] if hs else None

    def refresh_decision(self) -> None:
        """Rebuild the decision buttons when the decision changes."""
        st = self.ctl.state
        p = self.human_actor()
        key = (st.decision, p, st.month, tuple(st.actors), st.dice, st.od, id(st))
        if key == self.decision_key and self.decision_buttons:
            return
        self.decision_key = key
        self.decision_buttons = []
        if p is None or st.decision in (None, "place_plane", "place_hub", "place_callsign"):
            self._layout_buttons()
            return
        codec = st.codec()
        legal = self.ctl.legal(p)
        d = st.decision
        for a in legal:
            self.decision_buttons.append(Button(self.action_label(a), self._chooser(a),
                                                primary=d in ("roll_dice", "roll_sensitivity"),
                                                small=True, tooltip=codec.describe(a)))
        self._layout_buttons()

    def _chooser(self, a: Action) -> Callable[[], None]:
        return lambda: self.choose(a)

    def action_label(self, a: Action) -> str:
        st = self.ctl.state
        b = self.ctl.board
        t = a.type
        if t == "roll_dice":
            return "Roll the dice"
        if t == "roll_sensitivity":
            return "Roll the price die"
        if t == "choose_od":
            x, y = a.arg
            return f"{CALLSIGNS[x]}–{CALLSIGNS[y]}"
        if t in ("bid", "flash"):
            return "Pass" if a.arg is None and t == "bid" else ("Decline" if a.arg is None else str(a.arg))
        if t == "ancillaries":
            return f"{a.arg} chit{'s' if a.arg != 1 else ''}"
        if t == "choose_itinerary":
            return "–".join(b.airports[i].code for i in a.arg)
        if t == "lease":
            k, cards = a.arg
            if k == 0:
                return "No lease"
            pay = "+".join(map(str, cards)) if cards else "change"
            return f"{k} plane{'s' if k > 1 else ''} ({pay})"
        return t

    def _layout_buttons(self) -> None:
        s = self.s
        x = self.bottom.right - int(12 * s)
        h = int(36 * s)
        y = self.bottom.centery - h // 2 + int(8 * s)
        for b in reversed(self.decision_buttons):
            f = assets.font(int(T.TYPE.small * s), "semibold")
            w = max(int(70 * s), f.size(b.label)[0] + int(24 * s))
            x -= w
            b.rect = pygame.Rect(x, y, w, h)
            x -= int(8 * s)
        self.widgets.clear()
        self.widgets.add(self.menu_button)
        for b in self.decision_buttons:
            self.widgets.add(b)

    def choose(self, action: Action) -> None:
        if action.type in ("roll_dice", "roll_sensitivity"):
            self.ctl.roll()
        else:
            msg = self.ctl.try_apply(action)
            if msg:
                self.message = msg
        self.dirty = True

    def prompt(self) -> tuple[str, str]:
        """(headline, hint) for the decision at hand."""
        st = self.ctl.state
        n = st.names
        if st.game_over:
            return ("Game over", "Final scores are in the panels.")
        who = ", ".join(n[p] for p in st.actors)
        d = st.decision
        comp = self.ctl.computer_to_move() is not None and self.human_actor() is None
        thinking = " (computer is deciding…)" if comp else ""
        if d == "place_callsign":
            c = st.callsign_airport.index(-1)
            return (f"{who}: place the call sign {CALLSIGNS[c]}{thinking}",
                    "Click an airport without a call sign. Each call-sign airport gets a subsidy cube.")
        if d == "place_plane":
            p = st.actors[0]
            left = st.N - st.on_board[p]
            if st.phase == "month_end":
                return (f"{who}: place your leased plane{thinking}", "Click a route.")
            return (f"{who}: place a plane — {left} left{thinking}",
                    "Click a route. The first plane next to a call-sign airport takes its subsidy cube (+50)."
                    + (" Dashed routes cross a border and need one of your 2 markers." if st.board.uses_cross_border else ""))
        if d == "place_hub":
            return (f"{who}: place a hub ({len(st.hubs[st.actors[0]]) + 1} of 2){thinking}",
                    "Click an airport. You can only connect flights at your hubs.")
        if d == "roll_dice":
            return (f"{MONTHS[st.month]}: {who} rolls the passenger dice{thinking}", "")
        if d == "choose_od":
            return (f"{who}: choose the market{thinking}", "Two of the three call signs rolled.")
        if d == "bid":
            return (f"Bidding: {who}{thinking}", "Pick a fare card, or pass. Bids stay secret until all are in.")
        if d == "flash":
            return (f"{who}: play your flash deal?{thinking}", "Replace your fare with a lower card (once per game).")
        if d == "ancillaries":
            return (f"{who}: attach ancillary chits?{thinking}", "+100 each; the price die must reach the final price.")
        if d == "roll_sensitivity":
            return (f"{who}: roll the price-sensitivity die{thinking}", "")
        if d == "choose_itinerary":
            return (f"{who}: choose which itinerary to fly{thinking}", "")
        if d == "lease":
            return (f"{who}: lease planes?{thinking}", "200 each, paid with won fare cards; change is kept.")
        return (f"{who}: {d}", "")

    # ------------------------------------------------------------ input
    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.open_menu()
            return
        if self.widgets.handle(e):
            return
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
            self.update_hover(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self.click_board(e.pos)

    def update_hover(self, pos: Point) -> None:
        st = self.ctl.state
        p = self.human_actor()
        self.hover_route = None
        self.hover_airport = None
        if p is None or not self.board_rect.collidepoint(pos):
            return
        if st.decision == "place_plane":
            self.hover_route = self.view.route_at(pos)
        elif st.decision in ("place_hub", "place_callsign"):
            self.hover_airport = self.view.airport_at(pos)

    def click_board(self, pos: Point) -> None:
        st = self.ctl.state
        p = self.human_actor()
        if p is None or not self.board_rect.collidepoint(pos):
            return
        if st.decision == "place_plane":
            r = self.view.route_at(pos)
            if r is not None:
                self.try_action(Action("place_plane", p, r))
        elif st.decision == "place_hub":
            a = self.view.airport_at(pos)
            if a is not None:
                self.try_action(Action("place_hub", p, a))
        elif st.decision == "place_callsign":
            a = self.view.airport_at(pos)
            if a is not None:
                c = st.callsign_airport.index(-1)
                self.try_action(Action("place_callsign", p, (c, a)))
        self.update_hover(pos)

    def try_action(self, a: Action) -> None:
        if a not in self.ctl.legal(a.player or 0):
            self.message = self.refusal(a)
            return
        msg = self.ctl.try_apply(a)
        if msg:
            self.message = msg

    def refusal(self, a: Action) -> str:
        st = self.ctl.state
        try:
            st.copy().apply(a)
        except Exception as e:  # the engine's own words
            return str(e)
        return "That is not possible now."

    def open_menu(self) -> None:
        self.app.push(GameMenu(self.app, self))

    def on_quit_request(self) -> None:
        self.app.quit()

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        if self.app.stack.top is not self:
            return  # paused under a menu or dialog
        self.t += dt
        self.tweens.update(dt)
        if self.flights:
            self.flights = [f for f in self.flights if not f.tween.done]
        # computer seats decide at a pace people can follow, once planes have landed
        if self.ctl.computer_to_move() is not None and not self.flights:
            self.ai_wait += dt
            pace = self.app.ai_pace if self.ctl.state.decision not in ("bid",) else self.app.ai_pace * 0.5
            if self.ai_wait >= pace:
                self.ai_wait = 0.0
                self.ctl.step_computer()
        else:
            self.ai_wait = 0.0

    def moving_rects(self) -> list[pygame.Rect]:
        """Where the moving things are now (flying planes, the pulsing market)."""
        out = []
        for f in self.flights:
            if f.tween.started:
                x, y = f.pos()
                k = int(self.view.token_radius() * 2.6) + 4
                out.append(pygame.Rect(int(x) - k, int(y) - k, 2 * k, 2 * k))
        st = self.ctl.state
        if st.od is not None:
            k = int(self.view.airport_radius() * 2.4) + 6
            for c in st.od:
                x, y = self.view.apx[st.callsign_airport[c]]
                out.append(pygame.Rect(int(x) - k, int(y) - k, 2 * k, 2 * k))
        return out

    def damage(self) -> list[pygame.Rect] | None:
        rects = self.drawn_moving + self.moving_rects() + self.pending_damage
        return rects or None

    def route_area(self, r: int) -> pygame.Rect:
        a, b = self.view.route_ends_px(r)
        k = int(self.view.token_radius() * 3.2) + 4
        return pygame.Rect(int(min(a[0], b[0])) - k, int(min(a[1], b[1])) - k,
                           int(abs(a[0] - b[0])) + 2 * k, int(abs(a[1] - b[1])) + 2 * k)

    def airport_area(self, a: int) -> pygame.Rect:
        x, y = self.view.apx[a]
        k = int(44 * self.s)
        return pygame.Rect(int(x) - k, int(y) - k, 2 * k, 2 * k)

    def wants_frame(self) -> bool:
        if self.app.stack.top is not self:
            return False
        return bool(self.flights) or bool(self.pending_damage) or self.ctl.computer_to_move() is not None or self.ctl.state.od is not None

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        st = self.ctl.state
        s = self.s
        self.view.draw(surface, st)
        self.draw_board_overlay(surface)
        self.draw_top(surface)
        self.draw_sidebar(surface)
        self.draw_bottom(surface)
        for f in self.flights:
            if not f.tween.started:
                continue
            seat = self.setup.seats[f.player]
            x, y = f.pos()
            size = self.view.token_radius() * (1.6 if f.landing else 1.4)
            D.plane_icon(surface, (x, y), size, f.angle(), seat.rgb)
        self.drawn_moving = self.moving_rects()
        self.pending_damage = []
        self.widgets.draw(surface, s)
        tip = self.tooltip_text()
        if tip:
            D.tooltip(surface, tip, (int(self.mouse[0]), int(self.mouse[1])), s)

    def draw_board_overlay(self, surface: pygame.Surface) -> None:
        st = self.ctl.state
        p = self.human_actor()
        if self.hover_route is not None and p is not None:
            ok = st.can_place(p, self.hover_route)
            self.view.highlight_route(surface, self.hover_route, T.ROUTE_HOVER if ok else T.BAD, dashed=not ok)
            if ok:
                slot = self.view.plane_slot(st, p, self.hover_route)
                k = int(self.view.token_radius() * 3)
                ghost = pygame.Surface((2 * k, 2 * k), pygame.SRCALPHA)
                self.view.draw_token(ghost, p, (k, k))
                ghost.set_alpha(150)
                surface.blit(ghost, (int(slot[0]) - k, int(slot[1]) - k))
        if self.hover_airport is not None and p is not None:
            legal = {a.arg if st.decision == "place_hub" else a.arg[1] for a in self.ctl.legal(p)}
            ok = self.hover_airport in legal
            self.view.highlight_airport(surface, self.hover_airport, T.ROUTE_HOVER if ok else T.BAD)
        if st.od is not None:
            pulse = 1.0 + 0.08 * math.sin(self.t * 4)
            for c in st.od:
                self.view.highlight_airport(surface, st.callsign_airport[c], T.ACCENT, pulse)

    def tooltip_text(self) -> str:
        st = self.ctl.state
        p = self.human_actor()
        b = self.ctl.board
        if self.hover_route is not None and p is not None:
            r = self.hover_route
            x, y = b.routes[r]
            ax, ay = (b.airports[b.airport_index[x]], b.airports[b.airport_index[y]])
            lines = [f"{ax.city} – {ay.city} ({x}–{y})"]
            if not st.can_place(p, r):
                lines.append("Crosses a border: both of your cross-border markers are on other routes.")
                return "\n".join(lines)
            cubes = [CALLSIGNS[c] for c in sorted(st.airport_callsign[a] for a in b.route_ends[r])
                     if c >= 0 and st.subsidy_left[c]]
            if cubes:
                lines.append(f"Takes the {' and '.join(cubes)} subsidy cube{'s' if len(cubes) > 1 else ''} (+{50 * len(cubes)})")
            if b.cross_border[r]:
                if r in st.markers[p]:
                    lines.append("Your cross-border marker is already here.")
                else:
                    left = REGIONAL_MARKERS - len(st.markers[p]) - 1
                    lines.append(f"Uses a cross-border marker ({left} left after this)")
            mine = st.planes[p][r]
            if mine:
                lines.append(f"You already have {mine} plane{'s' if mine > 1 else ''} here")
            others = [st.names[q] for q in range(st.P) if q != p and st.planes[q][r]]
            if others:
                lines.append("Also flown by " + ", ".join(others))
            return "\n".join(lines)
        if self.hover_airport is not None and p is not None:
            a = b.airports[self.hover_airport]
            c = st.airport_callsign[self.hover_airport]
            extra = f" · call sign {CALLSIGNS[c]}" if c >= 0 else ""
            if st.decision == "place_hub":
                if self.hover_airport in st.hubs[p]:
                    return f"{a.city} ({a.code}){extra}\nYou already have a hub here."
                return f"{a.city} ({a.code}){extra}\nPlace a hub: your flights may connect here."
            if st.decision == "place_callsign":
                if c >= 0:
                    return f"{a.city} ({a.code}) already has {CALLSIGNS[c]}."
                return f"{a.city} ({a.code})\nPut {CALLSIGNS[st.callsign_airport.index(-1)]} here."
        tip = self.widgets.hovered_tooltip()
        if tip and tip[0] != "":
            return tip[0] if not any(b.hover for b in self.decision_buttons) else ""
        # hovering a token or an airport with nothing to decide: describe it
        if self.board_rect.collidepoint(self.mouse):
            a_i = self.view.airport_at(self.mouse)
            if a_i is not None:
                a = b.airports[a_i]
                c = st.airport_callsign[a_i]
                parts = [f"{a.city} ({a.code})"]
                country = b.countries.get(a.country or "")
                if b.uses_cross_border and country is not None:
                    parts[0] += f" · {country.name}"
                if c >= 0:
                    parts.append(f"Call sign {CALLSIGNS[c]}" + (" · subsidy cube here (+50)" if st.subsidy_left[c] else ""))
                hubs = [st.names[q] for q in range(st.P) if a_i in st.hubs[q]]
                if hubs:
                    parts.append("Hub of " + ", ".join(hubs))
                return "\n".join(parts)
            rr = self.view.route_at(self.mouse)
            if rr is not None:
                r = rr
                x, y = b.routes[r]
                parts = [f"{x}–{y}" + (" · crosses a border" if b.cross_border[r] else "")]
                for q in range(st.P):
                    if st.planes[q][r]:
                        parts.append(f"{st.names[q]}: {st.planes[q][r]} plane{'s' if st.planes[q][r] > 1 else ''}"
                                     + (" (marker)" if r in st.markers[q] else ""))
                return "\n".join(parts)
        return ""

    def draw_top(self, surface: pygame.Surface) -> None:
        s = self.s
        st = self.ctl.state
        pygame.draw.rect(surface, T.NIGHT, self.top)
        title = assets.text("OpenSky", int(T.TYPE.h2 * s), (255, 255, 255), "bold")
        surface.blit(title, (int(16 * s), self.top.centery - title.get_height() // 2))
        side = assets.text(self.ctl.board.name, int(T.TYPE.small * s), (170, 185, 210), "medium")
        surface.blit(side, (int(24 * s) + title.get_width(), self.top.centery - side.get_height() // 2 + int(2 * s)))
        # calendar: 12 months, the season reset marked after October
        cw = int(46 * s)
        gap = int(3 * s)
        total = 12 * cw + 11 * gap + int(14 * s)
        x = max(int(230 * s), (self.top.w - total) // 2)
        y = self.top.y + int(10 * s)
        hh = self.top.h - int(20 * s)
        for m in range(12):
            if m == 7:
                sep_x = x + int(4 * s)
                pygame.draw.line(surface, T.ACCENT, (sep_x, y - int(4 * s)), (sep_x, y + hh + int(4 * s)), max(2, int(2 * s)))
                x += int(14 * s)
            cell = pygame.Rect(x, y, cw, hh)
            current = m == st.month and st.phase not in ("setup",)
            past = m < st.month or st.game_over
            col = T.ACCENT if current else (T.NIGHT_2 if not past else T.mix(T.NIGHT, T.NIGHT_2, 0.4))
            rounded(surface, cell, col, int(6 * s))
            label = assets.text(MONTHS[m][:3], int(T.TYPE.tiny * s), (255, 255, 255) if current else
                                ((120, 132, 150) if past else (200, 210, 228)), "semibold" if current else "medium")
            surface.blit(label, label.get_rect(center=cell.center))
            x += cw + gap

    # sidebar ---------------------------------------------------------------
    def draw_sidebar(self, surface: pygame.Surface) -> None:
        if self.sidebar_dirty or self.sidebar_cache is None or self.sidebar_cache.get_size() != self.side.size:
            self.sidebar_cache = self.render_sidebar()
            self.sidebar_dirty = False
        surface.blit(self.sidebar_cache, self.side.topleft)

    def render_sidebar(self) -> pygame.Surface:
        s = self.s
        st = self.ctl.state
        surf = pygame.Surface(self.side.size)
        surf.fill(T.PAPER_DARK)
        pad = int(10 * s)
        n = st.P
        avail = self.side.h - pad * (n + 1)
        ph = min(int(150 * s), avail // n)
        y = pad
        for p in range(n):
            r = pygame.Rect(pad, y, self.side.w - 2 * pad, ph)
            self.render_panel(surf, r, p)
            y += ph + pad
        log_rect = pygame.Rect(pad, y, self.side.w - 2 * pad, self.side.h - y - pad)
        if log_rect.h > int(60 * s):
            self.render_log(surf, log_rect)
        return surf

    def render_log(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        """The game log in words, newest at the bottom."""
        s = self.s
        rounded(surf, r, T.mix(T.PAPER_DARK, T.CARD, 0.5), int(10 * s))
        head = assets.text("Game log", int(T.TYPE.small * s), T.INK_SOFT, "bold")
        surf.blit(head, (r.x + int(12 * s), r.y + int(8 * s)))
        size = int(T.TYPE.tiny * s)
        lh = int(size * 1.4)
        top = r.y + int(30 * s)
        lines: list[str] = []
        for entry in reversed(self.log):
            wrapped = D.wrap(entry, size, r.w - int(24 * s))
            lines = wrapped + lines
            if len(lines) * lh > r.bottom - top - int(6 * s):
                break
        max_lines = max(0, (r.bottom - top - int(6 * s)) // lh)
        lines = lines[-max_lines:] if max_lines else []
        y = top
        for k, line in enumerate(lines):
            col = T.INK if k >= len(lines) - 3 else T.INK_SOFT
            surf.blit(assets.text(line, size, col), (r.x + int(12 * s), y))
            y += lh

    def render_panel(self, surf: pygame.Surface, r: pygame.Rect, p: int) -> None:
        s = self.s
        st = self.ctl.state
        seat = self.setup.seats[p]
        active = p in st.actors and not st.game_over
        shadowed_panel(surf, r, T.CARD, int(10 * s), shadow=int(2 * s), alpha=50)
        if active:
            rounded(surf, r, T.ACCENT, int(10 * s), max(2, int(3 * s)))
        pygame.draw.rect(surf, seat.rgb, pygame.Rect(r.x, r.y + int(10 * s), max(3, int(4 * s)), r.h - int(20 * s)))
        x = r.x + int(14 * s)
        y = r.y + int(10 * s)
        D.blit_center(surf, D.emblem_sprite(seat.shape, seat.rgb, 8 * s), (x + 8 * s, y + 10 * s))
        name = assets.text(seat.name, int(T.TYPE.body * s), T.INK, "bold")
        surf.blit(name, (x + int(22 * s), y))
        who = "computer" if not seat.human else ""
        if who:
            tag = assets.text(who, int(T.TYPE.tiny * s), T.INK_SOFT)
            surf.blit(tag, (x + int(26 * s) + name.get_width(), y + int(4 * s)))
        score = st.score(p)["total"]
        sc = assets.text(str(score), int(T.TYPE.h2 * s), T.INK, "bold")
        surf.blit(sc, (r.right - sc.get_width() - int(12 * s), y - int(3 * s)))
        y += int(28 * s)
        # planes: placed (filled) and in supply (hollow)
        on = st.on_board[p] + sum(v for (q, _), v in self.view.in_flight.items() if q == p)
        on_shown = st.on_board[p] - sum(v for (q, _), v in self.view.in_flight.items() if q == p)
        ix = x
        for k in range(st.N):
            cx = ix + int(9 * s) + k * int(19 * s)
            cy = y + int(8 * s)
            if k < on_shown:  # on the board: a faint outline where it was
                D.plane_icon(surf, (cx, cy), 8 * s, -math.pi / 2, T.mix(seat.rgb, T.CARD, 0.78), outline=None)
            else:             # still to place (or back in supply)
                D.plane_icon(surf, (cx, cy), 8 * s, -math.pi / 2, seat.rgb, outline=None)
        del on
        self.panel_planes_pos[p] = (self.side.x + ix + int(9 * s) + st.on_board[p] * int(19 * s),
                                    self.side.y + y + int(8 * s))
        left = st.N - st.on_board[p]
        lbl = assets.text(f"{left} to place" if left else "all on the board", int(T.TYPE.tiny * s), T.INK_SOFT)
        surf.blit(lbl, (ix + st.N * int(19 * s) + int(4 * s), y + int(2 * s)))
        y += int(22 * s)
        # fare cards in hand (public knowledge; an unrevealed bid still counts here)
        hand = st.hand_cards(p)
        out = st.bid_out(p)
        if out is not None and not st.revealed:
            hand = sorted(hand + [out])
        cw, ch = int(24 * s), int(17 * s)
        for k, v in enumerate(hand):
            c = pygame.Rect(x + k * (cw + int(2 * s)), y, cw, ch)
            rounded(surf, c, (255, 255, 255), int(3 * s))
            rounded(surf, c, T.LINE, int(3 * s), 1)
            img = assets.text(str(v), int(T.TYPE.tiny * s * 0.92), T.INK, "semibold")
            surf.blit(img, img.get_rect(center=c.center))
        y += ch + int(6 * s)
        won = st.won_cards(p)
        for k, v in enumerate(won):
            c = pygame.Rect(x + k * (cw + int(2 * s)), y, cw, ch)
            rounded(surf, c, T.GOLD, int(3 * s))
            img = assets.text(str(v), int(T.TYPE.tiny * s * 0.92), T.INK, "bold")
            surf.blit(img, img.get_rect(center=c.center))
        if not won:
            img = assets.text("no fares won yet", int(T.TYPE.tiny * s), T.INK_FAINT)
            surf.blit(img, (x, y + int(1 * s)))
        if st.change[p]:
            img = assets.text(f"+{st.change[p]} change", int(T.TYPE.tiny * s), T.INK_SOFT, "semibold")
            surf.blit(img, (r.right - img.get_width() - int(12 * s), y + int(1 * s)))
        y += ch + int(6 * s)
        # chits, flash deal, regional markers, subsidies
        parts = [f"chits {st.chits[p]}/3", "flash ✓" if st.flash_unused[p] else "flash used",
                 f"subsidies {len(st.subsidies[p])}"]
        if self.ctl.board.uses_hubs:
            hubs = [self.ctl.board.airports[a].code for a in st.hubs[p]]
            parts.append("hubs " + (", ".join(hubs) if hubs else "–"))
        else:
            parts.append(f"markers {REGIONAL_MARKERS - len(st.markers[p])}/2")
        txt = " · ".join(parts)
        img = assets.text(txt, int(T.TYPE.tiny * s), T.INK_SOFT)
        if img.get_width() > r.w - int(24 * s):
            img = assets.text(" · ".join(parts[:2]), int(T.TYPE.tiny * s), T.INK_SOFT)
            surf.blit(img, (x, y))
            img = assets.text(" · ".join(parts[2:]), int(T.TYPE.tiny * s), T.INK_SOFT)
            y += int(15 * s)
        if y + img.get_height() <= r.bottom - int(4 * s):
            surf.blit(img, (x, y))

    def draw_bottom(self, surface: pygame.Surface) -> None:
        s = self.s
        st = self.ctl.state
        pygame.draw.rect(surface, T.PAPER, self.bottom)
        pygame.draw.line(surface, T.LINE, self.bottom.topleft, self.bottom.topright, max(1, int(s)))
        head, hint = self.prompt()
        x = int(16 * s)
        y = self.bottom.y + int(10 * s)
        p = st.actors[0] if st.actors else None
        if p is not None and not st.game_over:
            seat = self.setup.seats[p]
            D.blit_center(surface, D.emblem_sprite(seat.shape, seat.rgb, 8 * s), (x + 8 * s, y + 11 * s))
            x += int(24 * s)
        img = assets.text(head, int(T.TYPE.body * s), T.INK, "bold")
        surface.blit(img, (x, y))
        right_limit = (self.decision_buttons[0].rect.x - int(12 * s)) if self.decision_buttons else self.bottom.right - int(12 * s)
        sub = self.message or hint
        if sub:
            col = T.BAD if self.message else T.INK_SOFT
            key = (sub, int(T.TYPE.small * s), right_limit - x)
            lines = self._wrap_cache.get(key) or self._wrap_cache.setdefault(key, D.wrap(*key))
            D.blit_lines(surface, lines[:2], (x, y + int(26 * s)), int(T.TYPE.small * s), col)
        # serpentine order: who places next
        if st.decision == "place_plane" and st.phase == "network_planning":
            upcoming = list(reversed(st.queue))[:18]
            sx = self.bottom.right - int(12 * s) - len(upcoming) * int(18 * s)
            lab = assets.text("Order", int(T.TYPE.tiny * s), T.INK_SOFT, "semibold")
            surface.blit(lab, (sx - lab.get_width() - int(6 * s), y + int(2 * s)))
            for k, q in enumerate(upcoming):
                seat = self.setup.seats[q]
                rr = (7.5 if k == 0 else 5.5) * s
                D.blit_center(surface, D.emblem_sprite(seat.shape, seat.rgb, rr),
                              (sx + k * int(18 * s) + 8 * s, y + 10 * s))


class GameMenu(Scene):
    """The in-game menu, drawn over the game."""

    overlay = True

    def __init__(self, app: "App", game: GameScene) -> None:
        super().__init__(app)
        self.game = game
        self.widgets = WidgetGroup()
        self.widgets.add(Button("Resume", app.pop, primary=True))
        self.widgets.add(Button("Rules", self.rules))
        self.widgets.add(Button("Quit to title", self.to_title))
        self.widgets.add(Button("Quit OpenSky", app.quit))

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        bw, bh = int(260 * s), int(T.BUTTON_H * s)
        n = len(self.widgets.widgets)
        ph = n * (bh + int(12 * s)) + int(90 * s)
        self.panel = pygame.Rect(w // 2 - int(170 * s), h // 2 - ph // 2, int(340 * s), ph)
        y = self.panel.y + int(70 * s)
        for b in self.widgets.widgets:
            b.rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
            y += bh + int(12 * s)
        self.dirty = True

    def rules(self) -> None:
        from opensky.ui.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app))

    def to_title(self) -> None:
        from opensky.ui.scenes.title import TitleScene
        self.app.replace(TitleScene(self.app))

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_DOWN, pygame.K_UP):
            self.widgets.move_focus(1 if e.key == pygame.K_DOWN else -1)
            return
        self.widgets.handle(e)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((10, 16, 26, 150))
        surface.blit(veil, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
        t = assets.text("Paused", int(T.TYPE.h2 * s), T.INK, "bold")
        surface.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.y + int(22 * s))))
        self.widgets.draw(surface, s)
