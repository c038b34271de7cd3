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
from opensky.i18n import N_, city, month, month_short, name_of, tr, trn
from opensky.rules.constants import CALLSIGNS, FARES, MONTHS, REGIONAL_MARKERS
from opensky.rules.events import Event
from opensky.rules import events as E
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.boardview import BoardView
from opensky.persistence.save import LoadedGame
from opensky.ui.controller import Controller
from opensky.ui.market import BidTable, DiceTray, PriceDie, draw_card
from opensky.ui.scene import Scene
from opensky.ui.setup import GameSetup
from opensky.ui.tween import Tween, TweenGroup
from opensky.ui.widgets import Button, WidgetGroup, dialog_frame, rounded, shadowed_panel

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
    def __init__(self, app: "App", setup: GameSetup, loaded: LoadedGame | None = None,
                 read_only: bool = False, autosave: bool = True) -> None:
        super().__init__(app)
        self.setup = setup
        self.read_only = read_only
        self.host: Scene | None = None
        self.ctl = Controller(setup, loaded, autosave=autosave and not read_only)
        if read_only:
            self.ctl.bots = {}
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
        self.log: list[tuple] = []
        self.ai_wait = 0.0
        self.sidebar_cache: pygame.Surface | None = None
        self.panel_regions: list[tuple[pygame.Rect, str]] = []
        self.sidebar_dirty = True
        self.panel_planes_pos: dict[int, Point] = {}
        self.decision_key: tuple = ()
        self.t = 0.0
        self.drawn_moving: list[pygame.Rect] = []
        self.pending_damage: list[pygame.Rect] = []
        # the month's market on screen
        self.dice = DiceTray()
        self.table = BidTable(setup.seats)
        self.price_die = PriceDie()
        self.flashed: set[int] = set()
        self.toasts: list[tuple[str, Tween]] = []
        # hot-seat privacy: whose secret bid panel is open, who must take the seat
        self.private_for: int | None = None
        self.handoff_for: int | None = None
        self.handoff_button = Button("", self.take_seat, primary=True)
        self.selected_card: int | None = None
        self.card_rects: list[tuple[int | None, pygame.Rect]] = []
        self.confirm_button = Button("Bid", self.confirm_bid, primary=True)
        self.lease_k: int | None = None
        self.lease_for: int | None = None
        self.path_hover: int | None = None
        self.score_history: list[tuple[int | str, list[int]]] = []
        self.market_hold: Tween | None = None
        self.held_market: dict | None = None
        self.results_timer: float | None = None
        self._wrap_cache: dict[tuple[str, int, int], list[str]] = {}
        self.undo_button = Button("Undo", self.undo, small=True, tooltip="Take back your last decision (Ctrl+Z)")
        if loaded is not None:
            self.rebuild_history()

    def rebuild_history(self) -> None:
        """The log in words and the score chart of a loaded game, by replay."""
        from opensky.rules.session import Session
        s = self.ctl.session
        probe = Session(s.board, s.state.names, seed=s.seed, callsigns=s.callsigns)
        real = self.ctl.session
        self.ctl.session = probe  # log_event and record_scores read the controller's state
        try:
            self.log = []
            self.score_history = []
            for a in real.log:
                for e in probe.apply(a):
                    self.log_event(e)
                    if e.kind in (E.MONTH_STARTED, E.GAME_OVER):
                        self.record_scores()
        finally:
            self.ctl.session = real

    def undo(self) -> None:
        """Ctrl+Z: take back the last decision where the undo policy allows."""
        if self.blocking() or not self.ctl.undo():
            return
        self.log.append(("note", "↶ Undone", {}))
        self.reset_visuals()

    def reset_visuals(self) -> None:
        """After the state was replaced (undo, replay step back): redraw all."""
        self.flights.clear()
        self.tweens.clear()
        self.view.in_flight.clear()
        self.view.pieces_dirty = True
        self.sidebar_dirty = True
        self.decision_key = ()
        self.selected_card = None
        self.private_for = None
        self.handoff_for = None
        self.dice.selected = []
        self.message = ""
        self.refresh_decision()
        self.dirty = True

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
        self.dice.layout(self.board_rect, s)
        self.table.layout(self.board_rect, s, sum(1 for x in self.ctl.state.stops if x is not None) or 2)
        bw = int(300 * s)
        self.handoff_button.rect = pygame.Rect(w // 2 - bw // 2, h // 2 + int(60 * s), bw, int(52 * s))
        self.menu_button.rect = pygame.Rect(w - int(104 * s), int(10 * s), int(90 * s), int(36 * s))
        self.undo_button.rect = pygame.Rect(self.menu_button.rect.x - int(96 * s), int(10 * s), int(86 * s), int(36 * s))
        self.sidebar_dirty = True
        self.decision_key = ()
        self.refresh_decision()
        self.dirty = True

    # ------------------------------------------------------------ state changes
    SOUNDS = {E.DICE_ROLLED: "dice", E.SENSITIVITY_ROLLED: "die", E.BIDS_REVEALED: "flip",
              E.FLASH_DEAL: "flip", E.MARKET_WON: "cash", E.PLANES_FLOWN: "takeoff", E.SEASON_RESET: "takeoff",
              E.HUB_PLACED: "click", E.CALLSIGN_PLACED: "click", E.LEASED: "cash"}

    def on_events(self, action: Action, events: list[Event]) -> None:
        st = self.ctl.state
        played: set[str] = set()
        for e in events:
            name = self.SOUNDS.get(e.kind)
            if name and name not in played and self.app.anim_speed > 0:
                self.app.sound.play(name)
                played.add(name)
        if st.actors and any(self.ctl.is_human(p) for p in st.actors) and not self.read_only \
                and any(e.kind in (E.MONTH_STARTED, E.PLANNING_DONE, E.SEASON_STARTED) for e in events):
            self.app.sound.play("turn")
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
                    self.app.sound.play("landing", volume=0.6)
                    left = self.view.in_flight.get(key, 0) - 1
                    if left <= 0:
                        self.view.in_flight.pop(key, None)
                    else:
                        self.view.in_flight[key] = left
                    self.view.pieces_dirty = True
                    self.sidebar_dirty = True
                    self.pending_damage.extend([self.route_area(key[1]), self.side.copy()])

                fl = Flight(p, r, start, end, Tween(dur, "in_out_cubic", on_done=landed))
                self.flights.append(fl)
                self.tweens.add(fl.tween)
            elif e.kind == E.PLANES_FLOWN:
                p = e.data["player"]
                path = e.data["path"]
                for k, r in enumerate(e.data["routes"]):
                    a_px, b_px = self.view.apx[path[k]], self.view.apx[path[k + 1]]
                    dur = 1.1 / self.app.anim_speed if self.app.anim_speed > 0 else 0
                    fl = Flight(p, r, a_px, b_px, Tween(dur, "in_out_cubic", delay=0.35 * k / max(self.app.anim_speed, 0.01)
                                                        if self.app.anim_speed > 0 else 0), landing=False)
                    self.flights.append(fl)
                    self.tweens.add(fl.tween)
            elif e.kind == E.MONTH_STARTED:
                self.dice.reset()
                self.lease_k = None
                self.record_scores()
            elif e.kind == E.DICE_ROLLED:
                self.flashed.clear()
                self.price_die.tween = None
                self.table.flip = None
                self.market_hold = None
                self.dice.start(e.data["dice"], self.anim(1.3))
            elif e.kind == E.MARKET_CHOSEN:
                self.table.layout(self.board_rect, self.s, max(1, len(e.data["stops"])))
                if not e.data["stops"]:
                    o, t = (city(st.board.airports[x]) for x in e.data["airports"])
                    self.toast(tr("Nobody can fly {o}–{t}: no flights this month", o=o, t=t))
            elif e.kind == E.BIDS_REVEALED:
                self.table.start_flip(self.anim(0.7))
            elif e.kind == E.FLASH_DEAL:
                self.flashed.add(e.data["player"])
                self.toast(tr("{name} plays the flash deal: {old} → {new}", name=st.names[e.data["player"]],
                              old=e.data["old"], new=e.data["new"]))
            elif e.kind == E.SENSITIVITY_ROLLED:
                self.price_die.start(e.data["roll"], e.data["price"], e.data["accepted"], self.anim(1.0))
            elif e.kind == E.MARKET_WALKED_AWAY:
                self.toast(tr("The passengers walk away from {name}", name=st.names[e.data["player"]]))
            elif e.kind == E.MARKET_WON:
                self.toast(self.won_sentence(e))
                self.hold_market()
            elif e.kind == E.NOBODY_TRAVELS:
                if e.data["reason"] == "everybody passed":
                    self.toast(tr("Everybody passed: nobody travels this month"))
                elif "walked" in e.data["reason"]:
                    self.toast(tr("No other bid: nobody travels this month"))
                self.hold_market()
            elif e.kind == E.SEASON_RESET:
                self.toast(tr("Season 2: every plane leaves the board"))
                for p, r, n in e.data["planes"]:
                    a_px, b_px = self.view.route_ends_px(r)
                    mid = self.view.route_midpoint(r)
                    home = self.panel_planes_pos.get(p, (self.side.x, self.side.y))
                    fl = Flight(p, r, mid, home, Tween(self.anim(1.2), "in_out_cubic"), landing=False)
                    self.flights.append(fl)
                    self.tweens.add(fl.tween)
            elif e.kind == E.GAME_OVER:
                self.record_scores()
                if not self.read_only:
                    self.results_timer = 2.5 if self.app.anim_speed > 0 else 0.3
            elif e.kind == E.BID_SUBMITTED:
                if e.data["player"] == self.private_for:
                    self.private_for = None  # the bid is in: close the private panel at once
                    self.selected_card = None
        self.view.pieces_dirty = True
        self.sidebar_dirty = True
        self.message = self.ctl.save_error
        self.decision_key = ()
        self.refresh_decision()
        self.damage_for(events)

    def anim(self, seconds: float) -> float:
        """An animation's duration at the current speed setting (0: off)."""
        return seconds / self.app.anim_speed if self.app.anim_speed > 0 else 0.0

    def hold_market(self) -> None:
        """Keep the finished market on screen while its result sinks in."""
        self.held_market = self.ctl.state.last_market
        self.market_hold = Tween(self.anim(2.2), "linear")

    def toast(self, text: str) -> None:
        """A short announcement over the board that fades away."""
        self.toasts.append((text, Tween(self.anim(2.8) or 1.2, "linear")))
        del self.toasts[:-3]

    def record_scores(self) -> None:
        """A point of the score chart: the month just finished (or "start")."""
        st = self.ctl.state
        label: int | str = (st.month - 1) % 12 if not st.game_over else 11
        scores = [st.score(p)["total"] for p in range(st.P)]
        if not self.score_history and not st.game_over:
            label = "start"
        self.score_history.append((label, scores))

    def od_names(self, market: dict | None = None) -> tuple[str, str]:
        st = self.ctl.state
        m = market or st.market_json() or st.last_market
        if not m:
            return ("?", "?")
        b = self.ctl.board
        a, c = m["airports"]
        return (city(b.airports[b.airport_index[a]]), city(b.airports[b.airport_index[c]]))

    def won_sentence(self, e: Event, od: tuple[str, str] | None = None) -> str:
        st = self.ctl.state
        d = e.data
        o, t = od or self.od_names()
        stops = d["stops"]
        args = dict(name=st.names[d["player"]], o=o, t=t, price=d["price"])
        if stops == 0:
            line = tr("{name} wins {o}–{t} at {price} nonstop", **args)
        elif stops == 1:
            line = tr("{name} wins {o}–{t} at {price} with one stop", **args)
        else:
            line = tr("{name} wins {o}–{t} at {price} with {stops} stops", stops=stops, **args)
        if d["chits"]:
            line += " " + trn("(fare {fare} + 1 chit)", "(fare {fare} + {n} chits)", d["chits"], fare=d["fare"])
        return line

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

    #: Events that make a line in the game log.
    LOGGED = {E.PLANE_PLACED, E.SUBSIDY_TAKEN, E.MARKER_USED, E.HUB_PLACED, E.CALLSIGN_PLACED, E.MONTH_STARTED,
              E.DICE_ROLLED, E.MARKET_CHOSEN, E.BIDS_REVEALED, E.FLASH_DEAL, E.MARKET_WON, E.BID_SUBMITTED,
              E.AUTO_PASS, E.FLASH_DECLINED, E.ANCILLARIES_ATTACHED, E.MARKET_WALKED_AWAY, E.PLANES_FLOWN,
              E.SENSITIVITY_ROLLED, E.NOBODY_TRAVELS, E.LEASED, E.SEASON_RESET, E.GAME_OVER}

    def log_event(self, e: Event) -> None:
        """Keep the event (not a sentence): the log is rendered in the language
        of the moment.  The market's airports are kept with a win."""
        if e.kind not in self.LOGGED:
            return
        st = self.ctl.state
        m = st.market_json() or st.last_market
        ctx = {"airports": tuple(m["airports"])} if m else {}
        self.log.append(("event", e, ctx))
        del self.log[:-200]

    def log_line(self, entry: tuple) -> str | None:
        """One log entry in words, in the current language."""
        if entry[0] == "note":
            return tr(entry[1], **entry[2])
        _, e, ctx = entry
        st = self.ctl.state
        n = st.names
        b = self.ctl.board
        d = e.data
        k = e.kind
        if k == E.PLANE_PLACED:
            a, c = b.routes[d["route"]]
            key = N_("{name} places a leased plane on {route}") if d["leased"] else N_("{name} places a plane on {route}")
            return tr(key, name=n[d["player"]], route=f"{a}–{c}")
        if k == E.SUBSIDY_TAKEN:
            return tr("{name} takes the {callsign} subsidy (+50)", name=n[d["player"]], callsign=tr(CALLSIGNS[d["callsign"]]))
        if k == E.MARKER_USED:
            a, c = b.routes[d["route"]]
            return tr("{name} puts a cross-border marker on {route}", name=n[d["player"]], route=f"{a}–{c}")
        if k == E.HUB_PLACED:
            return tr("{name} opens a hub at {city}", name=n[d["player"]], city=city(b.airports[d["airport"]]))
        if k == E.CALLSIGN_PLACED:
            return tr("{name} puts {callsign} on {city}", name=n[d["player"]], callsign=tr(CALLSIGNS[d["callsign"]]),
                      city=city(b.airports[d["airport"]]))
        if k == E.MONTH_STARTED:
            return tr("— {month}: {name} rolls —", month=month(d["month"]), name=n[d["roller"]])
        if k == E.DICE_ROLLED:
            return tr("Dice: {dice}", dice=", ".join(tr(CALLSIGNS[c]) for c in d["dice"]))
        if k == E.MARKET_CHOSEN:
            o, t = d["od"]
            who = ", ".join(f"{n[q]} " + (tr("nonstop") if x == 0 else trn("{n} stop", "{n} stops", x))
                            for q, x in d["stops"].items())
            return tr("Market {o}–{t}: {who}", o=tr(CALLSIGNS[o]), t=tr(CALLSIGNS[t]),
                      who=who or tr("nobody can fly it"))
        if k == E.BIDS_REVEALED:
            return tr("Bids: {bids}", bids=", ".join(f"{n[q]} {v if v is not None else tr('pass')}"
                                                       for q, v in d["bids"].items()))
        if k == E.FLASH_DEAL:
            return tr("{name} plays the flash deal: {old} → {new}", name=n[d["player"]], old=d["old"], new=d["new"])
        if k == E.MARKET_WON:
            od = None
            if ctx.get("airports"):
                a, c = ctx["airports"]
                od = (city(b.airports[b.airport_index[a]]), city(b.airports[b.airport_index[c]]))
            return self.won_sentence(e, od)
        if k == E.BID_SUBMITTED:
            return tr("{name} has bid (face down)", name=n[d["player"]])
        if k == E.AUTO_PASS:
            return tr("{name} has no card left and passes", name=n[d["player"]])
        if k == E.FLASH_DECLINED:
            return tr("{name} keeps their fare", name=n[d["player"]])
        if k == E.ANCILLARIES_ATTACHED:
            if not d["count"]:
                return None
            return trn("{name} adds 1 ancillary chit: price {price}", "{name} adds {n} ancillary chits: price {price}",
                       d["count"], name=n[d["player"]], price=d["price"])
        if k == E.MARKET_WALKED_AWAY:
            nxt = tr(" and ").join(n[q] for q in d["next_winners"]) or tr("nobody")
            return tr("The passengers walk away from {name}; next best: {next}", name=n[d["player"]], next=nxt)
        if k == E.PLANES_FLOWN:
            return tr("{name} flies {path}", name=n[d["player"]], path="–".join(b.airports[i].code for i in d["path"]))
        if k == E.SENSITIVITY_ROLLED:
            key = (N_("Price die {roll} against {price}: accepted") if d["accepted"]
                   else N_("Price die {roll} against {price}: the passengers walk away"))
            return tr(key, roll=d["roll"], price=d["price"])
        if k == E.NOBODY_TRAVELS:
            return tr("Nobody travels ({reason})", reason=tr(d["reason"]))
        if k == E.LEASED:
            if not d["planes"]:
                return None
            return trn("{name} leases 1 plane", "{name} leases {n} planes", d["planes"], name=n[d["player"]])
        if k == E.SEASON_RESET:
            return tr("— Season 2: every plane leaves the board —")
        if k == E.GAME_OVER:
            return tr("Game over: {names} win", names=tr(" and ").join(n[q] for q in d["winners"]))
        return None

    # ------------------------------------------------------------ decisions
    def human_actor(self) -> int | None:
        """The human who may act now on this screen (for a secret bid: only
        the one who has taken the seat)."""
        if self.read_only:
            return None
        st = self.ctl.state
        if st.decision == "bid":
            return self.private_for
        hs = self.ctl.waiting_humans()
        return hs[0] if hs else None

    def refresh_decision(self) -> None:
        """Rebuild the decision controls when the decision changes."""
        st = self.ctl.state
        self.update_privacy()
        p = self.human_actor()
        if st.decision != "lease" or p != self.lease_for:
            self.lease_k = None  # a new lease decision starts at "how many planes"
        self.lease_for = p if st.decision == "lease" else None
        key = (st.decision, p, st.month, tuple(st.actors), st.dice, st.od, self.lease_k,
               self.private_for, self.handoff_for, id(st))
        if key == self.decision_key:
            return
        self.decision_key = key
        self.decision_buttons = []
        d = st.decision
        if p is None or d in (None, "place_plane", "place_hub", "place_callsign", "bid"):
            self._layout_buttons()
            return
        legal = self.ctl.legal(p)
        if d == "lease":
            self._lease_buttons(p, legal)
        elif st.is_chance():  # one button: the outcome is drawn, not chosen
            self.decision_buttons.append(Button(self.action_label(legal[0]), self._chooser(legal[0]),
                                                primary=True, small=True))
        else:
            for a in legal:
                self.decision_buttons.append(Button(self.action_label(a), self._chooser(a),
                                                    primary=d in ("roll_dice", "roll_sensitivity"),
                                                    small=True, tooltip=self.action_tooltip(a)))
        self._layout_buttons()

    def _lease_buttons(self, p: int, legal: list[Action]) -> None:
        """Leasing in two steps: how many planes, then which won cards pay (R10)."""
        st = self.ctl.state
        if self.lease_k is None:
            counts = sorted({a.arg[0] for a in legal})
            for k in counts:
                if k == 0:
                    self.decision_buttons.append(Button("No lease", self._chooser(Action("lease", p, (0, ()))),
                                                        small=True, tooltip="Keep your revenue; lease nothing"))
                else:
                    self.decision_buttons.append(Button(
                        trn("Lease 1 plane", "Lease {n} planes", k), self._lease_count(k), small=True,
                        tooltip=tr("{cost} points: change first, then won cards of your choice", cost=200 * k)))
            return
        k = self.lease_k
        self.decision_buttons.append(Button("Back", self._lease_count(None), small=True))
        for a in legal:
            if a.arg[0] != k:
                continue
            cards = a.arg[1]
            change_used = min(st.change[p], 200 * k)
            need = 200 * k - change_used
            new_change = st.change[p] - change_used + (sum(cards) - need if cards else 0)
            if cards:
                label = tr("Take back {cards} → change {change}", cards=" + ".join(map(str, cards)), change=new_change)
            else:
                label = tr("Pay {cost} from change → {change} left", cost=200 * k, change=new_change)
            self.decision_buttons.append(Button(label, self._chooser(a), small=True, primary=True,
                                                tooltip="These won cards go back to your hand; "
                                                        "the rest over the cost stays as change"))

    def _lease_count(self, k: int | None) -> Callable[[], None]:
        def f() -> None:
            self.lease_k = k
            self.refresh_decision()
        f.lease_k = k  # type: ignore[attr-defined]  # lets tests find the button by its meaning
        return f

    def update_privacy(self) -> None:
        """Hot seat: a human bids only after taking the seat behind the hand-off
        screen, unless they are the only human at the table."""
        st = self.ctl.state
        if st.decision != "bid" or self.read_only:
            self.private_for = None
            self.handoff_for = None
            return
        waiting = sorted(self.ctl.waiting_humans(), key=lambda q: (q - st.roller) % st.P)
        if not waiting:
            self.private_for = self.handoff_for = None
        elif self.private_for in waiting:
            self.handoff_for = None
        elif len(self.ctl.humans()) >= 2:
            self.private_for = None
            self.handoff_for = waiting[0]
            self.handoff_button.label = tr("I am {name}: show my cards", name=st.names[waiting[0]])
        else:
            self.private_for = waiting[0]
            self.handoff_for = None
        if self.private_for is None:
            self.selected_card = None

    def take_seat(self) -> None:
        if self.handoff_for is not None:
            self.private_for = self.handoff_for
            self.handoff_for = None
            self.selected_card = None
            self.dirty = True
            self.refresh_decision()

    def selected_value(self) -> int | None:
        """The card value picked in the secret panel (0 = pass), if any."""
        if self.selected_card is None or self.selected_card >= len(self.card_rects):
            return None
        return self.card_rects[self.selected_card][0]

    def confirm_bid(self) -> None:
        p = self.private_for
        v = self.selected_value()
        if p is None or v is None:
            return
        fare = None if v == 0 else v
        self.try_action(Action("bid", p, fare))
        self.dirty = True

    def _chooser(self, a: Action) -> Callable[[], None]:
        def f() -> None:
            self.choose(a)
        f.action = a  # type: ignore[attr-defined]  # lets tests and tooltips find a button's action
        return f

    def button_for(self, a: Action) -> Button | None:
        """The decision button that takes action ``a``, if one is shown."""
        for b in self.decision_buttons:
            if getattr(b.on_click, "action", None) == a:
                return b
        return None

    def action_label(self, a: Action) -> str:
        st = self.ctl.state
        b = self.ctl.board
        t = a.type
        if t == "roll_dice":
            return tr("Roll the dice")
        if t == "roll_sensitivity":
            fare = st.bid[a.player or 0] or 0
            return tr("Roll the price die (price {price})", price=fare + 100 * st.chit_count)
        if t == "choose_od":
            x, y = a.arg
            return f"{tr(CALLSIGNS[x])}–{tr(CALLSIGNS[y])}"
        if t == "bid":
            return "Pass" if a.arg is None else str(a.arg)
        if t == "flash":
            return tr("Keep {fare}", fare=st.bid[a.player or 0]) if a.arg is None else tr("Lower to {fare}", fare=a.arg)
        if t == "ancillaries":
            fare = st.bid[a.player or 0] or 0
            if a.arg == 0:
                return tr("No chits (sell at {fare})", fare=fare)
            return trn("1 chit → {price}", "{n} chits → {price}", a.arg, price=fare + 100 * a.arg)
        if t == "choose_itinerary":
            return "–".join(b.airports[i].code for i in a.arg)
        if t == "lease":
            k, cards = a.arg
            return tr("No lease") if k == 0 else trn("1 plane ({pay})", "{n} planes ({pay})", k,
                                                     pay="+".join(map(str, cards)) or tr("change"))
        return t

    def action_tooltip(self, a: Action) -> str:
        t = a.type
        if t == "flash":
            return (tr("Decline the flash deal") if a.arg is None else
                    tr("Use your one flash deal of the game: replace your fare with this lower card"))
        if t == "ancillaries":
            return tr("Sell seat selection, check-in, baggage: +100 each if the passengers accept. "
                      "With chits the price die must reach the final price, or they walk away.")
        if t == "choose_od":
            st = self.ctl.state
            x, y = a.arg
            codes = [st.board.airports[st.callsign_airport[c]].code for c in (x, y)]
            return tr("Market {o}–{t}", o=codes[0], t=codes[1])
        if t == "choose_itinerary":
            return tr("Fly this itinerary: one plane leaves each of its routes")
        return self.ctl.state.codec().describe(a)

    def _layout_buttons(self) -> None:
        """Decision buttons, right-aligned in the bottom bar (two rows if needed);
        the roll button sits on the dice tray."""
        s = self.s
        st = self.ctl.state
        f = assets.font(int(T.TYPE.small * s), "semibold")
        widths = [max(int(70 * s), f.size(tr(b.label))[0] + int(24 * s)) for b in self.decision_buttons]
        gap = int(8 * s)
        avail = int(self.bottom.w * 0.62)
        rows: list[list[int]] = [[]]
        used = 0
        for i, w in enumerate(widths):
            if rows[-1] and used + w > avail:
                rows.append([])
                used = 0
            rows[-1].append(i)
            used += w + gap
        h = int((34 if len(rows) == 1 else 30) * s)
        total_h = len(rows) * h + (len(rows) - 1) * int(6 * s)
        y = self.bottom.centery - total_h // 2
        for row in rows:
            x = self.bottom.right - int(12 * s) - sum(widths[i] for i in row) - gap * (len(row) - 1)
            for i in row:
                self.decision_buttons[i].rect = pygame.Rect(x, y, widths[i], h)
                x += widths[i] + gap
            y += h + int(6 * s)
        if st.decision == "roll_dice" and self.decision_buttons:
            b = self.decision_buttons[0]
            b.small = False
            b.rect = pygame.Rect(0, 0, int(220 * s), int(44 * s))
            b.rect.midbottom = (self.dice.rect.centerx, self.dice.rect.bottom - int(28 * s))
        self.widgets.clear()
        self.widgets.add(self.menu_button)
        if not self.read_only:
            self.undo_button.enabled = self.ctl.can_undo()
            self.widgets.add(self.undo_button)
        for b in self.decision_buttons:
            self.widgets.add(b)
        if self.handoff_for is not None:
            self.widgets.clear()
            self.widgets.add(self.handoff_button)
            self.widgets.set_focus(self.handoff_button)
        elif self.private_for is not None:
            self.layout_private()
            self.widgets.add(self.confirm_button)

    def private_rect(self) -> pygame.Rect:
        s = self.s
        h = int(200 * s)
        return pygame.Rect(self.board_rect.x + int(16 * s), self.bottom.bottom - h - int(10 * s),
                           self.board_rect.w - int(32 * s), h)

    def layout_private(self) -> None:
        """Cards of the private bid panel: every card in hand, then Pass."""
        s = self.s
        st = self.ctl.state
        p = self.private_for
        if p is None:
            return
        r = self.private_rect()
        hand = st.hand_cards(p)
        cw, ch = int(56 * s), int(76 * s)
        gap = int(8 * s)
        x = r.x + int(20 * s)
        y = r.bottom - ch - int(18 * s)
        self.card_rects = []
        for v in hand:
            self.card_rects.append((v, pygame.Rect(x, y, cw, ch)))
            x += cw + gap
        self.card_rects.append((0, pygame.Rect(x + int(8 * s), y, cw, ch)))  # 0 = pass
        self.confirm_button.rect = pygame.Rect(r.right - int(190 * s), y + ch - int(46 * s), int(170 * s), int(46 * s))
        sel = self.selected_value()
        self.confirm_button.label = (tr("Choose a card") if sel is None else
                                     (tr("Pass this month") if sel == 0 else tr("Bid {fare}", fare=sel)))
        self.confirm_button.enabled = sel is not None

    def choose(self, action: Action) -> None:
        if self.blocking():
            return  # let the dice and cards land first
        if action.type in ("roll_dice", "roll_sensitivity"):
            self.ctl.roll()
        else:
            msg = self.ctl.try_apply(action)
            if msg:
                self.message = msg
        self.dirty = True

    def busy(self) -> bool:
        """Something the players should see is still moving (computers wait)."""
        return bool(self.flights) or self.blocking()

    def blocking(self) -> bool:
        """An animation that must finish before anyone decides (dice, reveal,
        price die, the result on the table); flying planes do not block clicks."""
        return (self.dice.rolling or self.table.flipping or self.price_die.rolling
                or (self.market_hold is not None and not self.market_hold.done))

    def prompt(self) -> tuple[str, str]:
        """(headline, hint) for the decision at hand: whose decision it is, what
        it is, and a one-line rules reminder."""
        st = self.ctl.state
        n = st.names
        if st.game_over:
            return (tr("Game over"), tr("Final scores are in the panels."))
        who = ", ".join(n[p] for p in st.actors)
        d = st.decision
        comp = self.ctl.computer_to_move() is not None and self.human_actor() is None
        thinking = " " + tr("(computer is deciding…)") if comp else ""
        if d == "place_callsign":
            c = st.callsign_airport.index(-1)
            return (tr("{name}: place the call sign {callsign}", name=who, callsign=tr(CALLSIGNS[c])) + thinking,
                    tr("Click an airport without a call sign. Each call-sign airport gets a subsidy cube."))
        if d == "place_plane":
            p = st.actors[0]
            left = st.N - st.on_board[p]
            if st.phase == "month_end":
                return (tr("{name}: place your leased plane", name=who) + thinking, tr("Click a route."))
            hint = tr("Click a route. The first plane next to a call-sign airport takes its subsidy cube (+50).")
            if st.board.uses_cross_border:
                hint += " " + tr("Dashed routes cross a border and need one of your 2 markers.")
            return (tr("{name}: place a plane — {left} left", name=who, left=left) + thinking, hint)
        if d == "place_hub":
            return (tr("{name}: place a hub ({k} of 2)", name=who, k=len(st.hubs[st.actors[0]]) + 1) + thinking,
                    tr("Click an airport. You can only connect flights at your hubs."))
        if d == "roll_dice":
            return (tr("{month}: {name} rolls the passenger dice", month=month(st.month), name=who) + thinking,
                    tr("Three different call signs come up; the roller picks two as the market."))
        if d == "choose_od":
            return (tr("{name}: choose the market", name=who) + thinking,
                    tr("Click two of the three dice (or a button). Airlines that can fly between them may bid."))
        if d == "bid":
            if self.handoff_for is not None:
                return (tr("Pass the screen to {name}", name=n[self.handoff_for]), "")
            if self.private_for is not None:
                return (tr("{name}: choose your secret bid", name=n[self.private_for]),
                        tr("Pick a fare card (or Pass), then confirm. Cards are revealed together."))
            return (tr("Bidding: waiting for {names}", names=who) + thinking,
                    tr("Bids stay face down until all are in."))
        if d == "flash":
            return (tr("{name}: play your flash deal?", name=who) + thinking, self.flash_hint())
        if d == "ancillaries":
            return (tr("{name}: attach ancillary chits?", name=who) + thinking,
                    tr("+100 each; the price die must reach the final price."))
        if d == "roll_sensitivity":
            return (tr("{name}: roll the price-sensitivity die", name=who) + thinking,
                    tr("At least the final price: the passengers accept. Lower: they walk away to the next best bid."))
        if d == "choose_itinerary":
            return (tr("{name}: choose which itinerary to fly", name=who) + thinking,
                    tr("Click one of your highlighted paths on the map: one plane leaves each of its routes."))
        if d == "lease":
            return (tr("{name}: lease planes?", name=who) + thinking,
                    tr("200 each, paid with won fare cards; change is kept."))
        return (f"{who}: {d}", "")  # every decision is handled above

    def flash_hint(self) -> str:
        """Why the flash deal is offered: what it takes to win now."""
        st = self.ctl.state
        p = st.actors[0]
        mine, stops = st.bid[p], st.stops[p]
        nonstop = [b for q in range(st.P) if (b := st.bid[q]) is not None and st.stops[q] == 0]
        base = tr("Once per game: replace your fare with a lower card from your hand.")
        if stops == 1 and nonstop:
            return base + " " + tr("Your one-stop {fare} wins only at half the nonstop {best} or less ({half}).",
                                   fare=mine, best=min(nonstop), half=min(nonstop) // 2)
        if st.winners and p not in st.winners:
            best = min(st.bid[q] for q in st.winners)  # type: ignore[type-var]
            return base + " " + tr("You bid {fare}; the best bid now is {best}.", fare=mine, best=best)
        return base + " " + tr("You are tied at {fare}: a lower card wins alone.", fare=mine)

    # ------------------------------------------------------------ input
    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.open_menu()
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F1:
            from opensky.ui.scenes.rules import DECISION_SECTION, RulesScene
            self.app.push(RulesScene(self.app, DECISION_SECTION.get(self.ctl.state.decision or "", "aim")))
            return
        if (e.type == pygame.KEYDOWN and e.key == pygame.K_z and e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
                and self.handoff_for is None and self.private_for is None):
            self.undo()
            return
        if self.handoff_for is not None:
            if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.take_seat()
                return
            self.widgets.handle(e)
            return
        if self.private_for is not None and self.private_key(e):
            return
        if self.widgets.handle(e):
            return
        if e.type == pygame.KEYDOWN and self.board_key(e):
            return
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
            self.update_hover(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.private_for is not None:
                for i, (_, r) in enumerate(self.card_rects):
                    if r.collidepoint(e.pos):
                        self.selected_card = i
                        self.layout_private()
                        return
            self.click_board(e.pos)

    def board_key(self, e: pygame.event.Event) -> bool:
        """The board by keyboard: arrows move a visible focus over the legal
        routes, airports or itineraries (with the same preview as the mouse),
        Enter takes it."""
        st = self.ctl.state
        p = self.human_actor()
        d = st.decision
        if p is None or d not in ("place_plane", "place_hub", "place_callsign", "choose_itinerary"):
            return False
        legal = self.ctl.legal(p)
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            target = {"place_plane": self.hover_route, "place_hub": self.hover_airport,
                      "place_callsign": self.hover_airport, "choose_itinerary": self.path_hover}[d]
            if target is None:
                return False
            if d == "place_plane":
                self.try_action(Action(d, p, target))
            elif d == "place_hub":
                self.try_action(Action(d, p, target))
            elif d == "place_callsign":
                self.try_action(Action(d, p, (st.callsign_airport.index(-1), target)))
            else:
                self.try_action(Action(d, p, st.paths[p][target]))
            self.hover_route = self.hover_airport = self.path_hover = None
            return True
        if e.key not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            return False
        step = 1 if e.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
        if d == "place_plane":
            targets = sorted({a.arg for a in legal}, key=lambda r: self.view.route_midpoint(r))
            cur = self.hover_route
        elif d == "choose_itinerary":
            targets = list(range(len(st.paths[p])))
            cur = self.path_hover
        else:
            targets = sorted({a.arg if d == "place_hub" else a.arg[1] for a in legal}, key=lambda a: self.view.apx[a])
            cur = self.hover_airport
        if not targets:
            return False
        i = (targets.index(cur) + step) % len(targets) if cur in targets else 0
        t = targets[i]
        if d == "place_plane":
            self.hover_route = t
            self.mouse = self.view.route_midpoint(t)
        elif d == "choose_itinerary":
            self.path_hover = t
            path = st.paths[p][t]
            self.mouse = self.view.apx[path[len(path) // 2]]
        else:
            self.hover_airport = t
            self.mouse = self.view.apx[t]
        self.dirty = True
        return True

    def private_key(self, e: pygame.event.Event) -> bool:
        """Keyboard in the secret bid panel: arrows pick a card, Enter bids."""
        if e.type != pygame.KEYDOWN:
            return False
        n = len(self.card_rects)
        if e.key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            i = self.selected_card if self.selected_card is not None else -1
            self.selected_card = (i + (1 if e.key == pygame.K_RIGHT else -1)) % n
            self.layout_private()
            return True
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected_card is not None:
            self.confirm_bid()
            return True
        return False

    def update_hover(self, pos: Point) -> None:
        st = self.ctl.state
        p = self.human_actor()
        self.hover_route = None
        self.hover_airport = None
        self.path_hover = None
        self.dice.hover = None
        if p is None:
            return
        if st.decision == "choose_od":
            self.dice.hover = self.dice.die_at(pos)
            return
        if not self.board_rect.collidepoint(pos):
            return
        if st.decision == "place_plane":
            self.hover_route = self.view.route_at(pos)
        elif st.decision in ("place_hub", "place_callsign"):
            self.hover_airport = self.view.airport_at(pos)
        elif st.decision == "choose_itinerary":
            self.path_hover = self.path_at(pos, p)

    def path_at(self, pos: Point, p: int) -> int | None:
        """Which of ``p``'s candidate itineraries has a route under the mouse."""
        r = self.view.route_at(pos, 12 * self.s)
        if r is None:
            return None
        st = self.ctl.state
        ends = st.board.route_ends[r]
        for i, path in enumerate(st.paths[p]):
            legs = {tuple(sorted(x)) for x in zip(path, path[1:])}
            if tuple(sorted(ends)) in legs:
                # a route shared by several paths picks the first; the buttons reach all
                return i
        return None

    def click_board(self, pos: Point) -> None:
        st = self.ctl.state
        p = self.human_actor()
        if p is None or self.blocking():
            return
        if st.decision == "choose_od":
            c = self.dice.die_at(pos)
            if c is None:
                return
            if c in self.dice.selected:
                self.dice.selected.remove(c)
            else:
                self.dice.selected.append(c)
            if len(self.dice.selected) == 2:
                x, y = sorted(self.dice.selected)
                self.try_action(Action("choose_od", p, (x, y)))
            return
        if not self.board_rect.collidepoint(pos):
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
        elif st.decision == "choose_itinerary":
            i = self.path_at(pos, p)
            if i is not None:
                self.try_action(Action("choose_itinerary", p, st.paths[p][i]))
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
        return tr("That is not possible now.")

    def open_menu(self) -> None:
        self.app.push(GameMenu(self.app, self))

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
        self.tweens.update(dt)
        for tw in (self.dice.roll.tween if self.dice.roll else None, self.table.flip, self.price_die.tween,
                   self.market_hold):
            if tw is not None and not tw.done:
                tw.update(dt)
                if tw.done:
                    self.dirty = True
                    self.sidebar_dirty = True  # the log tells the roll once it has landed
        for _, tw in self.toasts:
            tw.update(dt)
        if self.toasts and any(tw.done for _, tw in self.toasts):
            self.toasts = [x for x in self.toasts if not x[1].done]
            self.dirty = True
        if self.flights:
            self.flights = [f for f in self.flights if not f.tween.done]
        if self.results_timer is not None and not self.busy():
            self.results_timer -= dt
            if self.results_timer <= 0:
                self.results_timer = None
                self.show_results()
                return
        # computer seats decide at a pace people can follow, once things have landed
        if self.ctl.thinking:
            self.ctl.step_computer()  # collects the move once the background search is done
        elif self.ctl.computer_to_move() is not None and not self.busy():
            self.ai_wait += dt
            pace = self.app.ai_pace * (0.5 if self.ctl.state.decision == "bid" else 1.0)
            if self.ai_wait >= pace:
                self.ai_wait = 0.0
                self.ctl.step_computer()
        else:
            self.ai_wait = 0.0

    def show_results(self) -> None:
        from opensky.ui.scenes.results import ResultsScene
        self.app.replace(ResultsScene(self.app, self.setup, self.ctl.state, self.score_history))

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
        if self.busy() and not self.flights or self.dice.rolling or self.table.flipping or self.toasts:
            return None  # bigger animations: redraw the whole frame
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
        if not self.on_top():
            return False
        return (bool(self.flights) or bool(self.pending_damage) or self.busy() or bool(self.toasts)
                or self.results_timer is not None or self.ctl.computer_to_move() is not None
                or self.ctl.state.od is not None)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        st = self.ctl.state
        s = self.s
        self.view.draw(surface, st)
        self.draw_board_overlay(surface)
        self.draw_market(surface)
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
        self.draw_toasts(surface)
        if self.private_for is not None:
            self.draw_private(surface)
        self.widgets.draw(surface, s)
        if self.handoff_for is not None:
            self.draw_handoff(surface)
        tip = self.tooltip_text() if self.handoff_for is None else ""
        if tip:
            D.tooltip(surface, tip, (int(self.mouse[0]), int(self.mouse[1])), s)
        self.drawn_moving = self.moving_rects()
        self.pending_damage = []

    def draw_market(self, surface: pygame.Surface) -> None:
        """The dice while the market is chosen; the bid table while it is priced."""
        st = self.ctl.state
        held = self.market_hold is not None and not self.market_hold.done
        if not held and st.phase == "marketing" and (st.decision in ("roll_dice", "choose_od") or self.dice.roll):
            who = st.names[st.roller]
            if st.decision == "roll_dice":
                cap = (tr("{name} rolls the passenger dice", name=who) if self.ctl.is_human(st.roller)
                       else tr("{name} is rolling…", name=who))
            elif self.dice.rolling:
                cap = tr("Rolling… (a repeated call sign is rolled again)")
            elif self.ctl.is_human(st.roller):
                cap = tr("Click two dice: the market's two airports")
            else:
                cap = tr("{name} chooses the market…", name=who)
            self.dice.draw(surface, st, cap, self.t)
        else:
            market = self.shown_market()
            if market is not None:
                o, t = self.od_names(market)
                title = f"{tr(market['od'][0])} – {tr(market['od'][1])}: {o} – {t}"
                self.table.draw(surface, market, st.names, title, self.price_die, self.flashed)

    def shown_market(self) -> dict | None:
        """The market on the table: the current one while it is priced, and the
        finished one for a moment after, so everybody sees how it ended."""
        st = self.ctl.state
        if st.phase == "pricing" and st.od is not None:
            return st.market_json()
        if self.market_hold is not None and not self.market_hold.done:
            return self.held_market
        return None

    def draw_toasts(self, surface: pygame.Surface) -> None:
        s = self.s
        y = self.board_rect.y + int(160 * s)
        for text, tw in self.toasts:
            v = tw.raw
            alpha = 255 if v < 0.75 else int(255 * (1 - (v - 0.75) / 0.25))
            img = assets.text(text, int(T.TYPE.body * s), (255, 255, 255), "semibold")
            box = img.get_rect(center=(self.board_rect.centerx, y)).inflate(int(28 * s), int(14 * s))
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*T.NIGHT, 225), layer.get_rect(), border_radius=int(10 * s))
            layer.blit(img, img.get_rect(center=(box.w // 2, box.h // 2)))
            layer.set_alpha(alpha)
            surface.blit(layer, box.topleft)
            y += box.h + int(8 * s)

    def draw_handoff(self, surface: pygame.Surface) -> None:
        """The hot-seat screen: covers everything until the next bidder is alone."""
        s = self.s
        p = self.handoff_for
        assert p is not None
        st = self.ctl.state
        w, h = surface.get_size()
        surface.blit(D.vertical_gradient((w, h), T.NIGHT, T.NIGHT_2), (0, 0))
        seat = self.setup.seats[p]
        D.blit_center(surface, D.emblem_sprite(seat.shape, seat.rgb, 26 * s), (w // 2, h // 2 - int(120 * s)))
        t1 = assets.text(tr("Pass to {name}", name=seat.name), int(T.TYPE.h1 * 1.2 * s), (255, 255, 255), "bold")
        surface.blit(t1, t1.get_rect(center=(w // 2, h // 2 - int(50 * s))))
        o, t = self.od_names() if st.od is not None else ("?", "?")
        msg = tr("Click when only {name} is looking. {name} bids in secret for {o} – {t}.", name=seat.name, o=o, t=t)
        t2 = assets.text(msg, int(T.TYPE.body * s), (200, 210, 228))
        surface.blit(t2, t2.get_rect(center=(w // 2, h // 2 + int(6 * s))))
        done = [st.names[q] for q in range(st.P) if st.submitted[q] and st.stops[q] is not None]
        if done:
            t3 = assets.text(tr("Already bid: {names}", names=", ".join(done)), int(T.TYPE.small * s), (150, 165, 190))
            surface.blit(t3, t3.get_rect(center=(w // 2, h // 2 + int(34 * s))))
        self.handoff_button.draw(surface, s)

    def draw_private(self, surface: pygame.Surface) -> None:
        """The secret bid panel of the player who has taken the seat."""
        s = self.s
        p = self.private_for
        assert p is not None
        st = self.ctl.state
        r = self.private_rect()
        shadowed_panel(surface, r, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=110)
        seat = self.setup.seats[p]
        pygame.draw.rect(surface, seat.rgb, pygame.Rect(r.x, r.y + int(14 * s), max(3, int(5 * s)), r.h - int(28 * s)))
        x = r.x + int(20 * s)
        y = r.y + int(12 * s)
        head = assets.text(tr("{name}: your secret bid", name=seat.name), int(T.TYPE.h2 * 0.85 * s), T.INK, "bold")
        surface.blit(head, (x, y))
        path = st.paths[p][0] if st.paths[p] else ()
        codes = "–".join(st.board.airports[i].code for i in path)
        stops = st.stops[p] or 0
        cls = tr("nonstop") if stops == 0 else trn("{n} stop", "{n} stops", stops)
        others = len(st.paths[p]) - 1
        alt = " " + trn("(or 1 other path)", "(or {n} other paths)", others) if others else ""
        sub = tr("You fly {path}, {cls}{alt}. Lowest fare wins; a one-stop beats a nonstop only at half its fare. "
                 "Nobody sees your card until all bids are in.", path=codes, cls=cls, alt=alt)
        lines = D.wrap(sub, int(T.TYPE.small * s), r.w - int(250 * s))
        D.blit_lines(surface, lines[:2], (x, y + int(30 * s)), int(T.TYPE.small * s), T.INK_SOFT)
        hover = pygame.mouse.get_pos()
        for i, (v, cr) in enumerate(self.card_rects):
            sel = i == self.selected_card
            rr = cr.move(0, -int(10 * s)) if sel else cr
            if v == 0:
                draw_card(surface, rr, None, s, selected=sel, hover=cr.collidepoint(hover), label="Pass")
            else:
                draw_card(surface, rr, v, s, selected=sel, hover=cr.collidepoint(hover))

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
            self.draw_itineraries(surface)
            pulse = 1.0 + 0.08 * math.sin(self.t * 4)
            for c in st.od:
                self.view.highlight_airport(surface, st.callsign_airport[c], T.ACCENT, pulse)
        elif st.decision == "choose_od" and self.dice.selected:
            for c in self.dice.selected + ([self.dice.hover] if self.dice.hover is not None else []):
                self.view.highlight_airport(surface, st.callsign_airport[c], T.ACCENT)

    def draw_itineraries(self, surface: pygame.Surface) -> None:
        """Every airline's valid itinerary for the market, in its colour, side by side."""
        st = self.ctl.state
        s = self.s
        flyers = [p for p in range(st.P) if st.stops[p] is not None and st.paths[p]]
        chooser = st.actors[0] if st.decision == "choose_itinerary" else None
        for k, p in enumerate(flyers):
            seat = self.setup.seats[p]
            off = (k - (len(flyers) - 1) / 2) * 5 * s
            paths = st.paths[p] if p == chooser else st.paths[p][:1]
            for i, path in enumerate(paths):
                emphasis = p == chooser and i == self.path_hover
                width = max(2, round((6 if emphasis else 3) * s))
                col = seat.rgb if (p != chooser or emphasis or self.path_hover is None) else T.mix(seat.rgb, (255, 255, 255), 0.5)
                for a, b in zip(path, path[1:]):
                    (x0, y0), (x1, y1) = self.view.apx[a], self.view.apx[b]
                    L = math.hypot(x1 - x0, y1 - y0) or 1
                    nx, ny = -(y1 - y0) / L * off, (x1 - x0) / L * off
                    pygame.draw.line(surface, (255, 255, 255), (x0 + nx, y0 + ny), (x1 + nx, y1 + ny), width + 2)
                    pygame.draw.line(surface, col, (x0 + nx, y0 + ny), (x1 + nx, y1 + ny), width)

    def tooltip_text(self) -> str:
        st = self.ctl.state
        p = self.human_actor()
        b = self.ctl.board
        if self.hover_route is not None and p is not None:
            r = self.hover_route
            x, y = b.routes[r]
            ax, ay = (b.airports[b.airport_index[x]], b.airports[b.airport_index[y]])
            lines = [f"{city(ax)} – {city(ay)} ({x}–{y})"]
            if not st.can_place(p, r):
                lines.append(tr("Crosses a border: both of your cross-border markers are on other routes."))
                return "\n".join(lines)
            cubes = [tr(CALLSIGNS[c]) for c in sorted(st.airport_callsign[a] for a in b.route_ends[r])
                     if c >= 0 and st.subsidy_left[c]]
            if cubes:
                lines.append(trn("Takes the {names} subsidy cube (+{points})", "Takes the {names} subsidy cubes (+{points})",
                                 len(cubes), names=tr(" and ").join(cubes), points=50 * len(cubes)))
            if b.cross_border[r]:
                if r in st.markers[p]:
                    lines.append(tr("Your cross-border marker is already here."))
                else:
                    left = REGIONAL_MARKERS - len(st.markers[p]) - 1
                    lines.append(tr("Uses a cross-border marker ({left} left after this)", left=left))
            mine = st.planes[p][r]
            if mine:
                lines.append(trn("You already have 1 plane here", "You already have {n} planes here", mine))
            others = [st.names[q] for q in range(st.P) if q != p and st.planes[q][r]]
            if others:
                lines.append(tr("Also flown by {names}", names=", ".join(others)))
            return "\n".join(lines)
        if self.hover_airport is not None and p is not None:
            a = b.airports[self.hover_airport]
            c = st.airport_callsign[self.hover_airport]
            head = f"{city(a)} ({a.code})" + (" · " + tr("call sign {callsign}", callsign=tr(CALLSIGNS[c])) if c >= 0 else "")
            if st.decision == "place_hub":
                if self.hover_airport in st.hubs[p]:
                    return head + "\n" + tr("You already have a hub here.")
                return head + "\n" + tr("Place a hub: your flights may connect here.")
            if st.decision == "place_callsign":
                if c >= 0:
                    return tr("{city} already has {callsign}.", city=f"{city(a)} ({a.code})", callsign=tr(CALLSIGNS[c]))
                return f"{city(a)} ({a.code})\n" + tr("Put {callsign} here.",
                                                         callsign=tr(CALLSIGNS[st.callsign_airport.index(-1)]))
        for rect, text in self.panel_regions:
            if rect.collidepoint(self.mouse):
                return text
        if st.decision == "choose_od" or self.dice.roll is not None and st.phase == "marketing":
            die = self.dice.die_at(self.mouse)
            if die is not None:
                ap = b.airports[st.callsign_airport[die]]
                return f"{tr(CALLSIGNS[die])}: {city(ap)} ({ap.code})"
        market = self.shown_market()
        if market is not None:
            for q, rect in self.table.slot_rects.items():
                if rect.collidepoint(self.mouse):
                    name = st.names[q]
                    if name not in market["submitted"]:
                        return tr("{name} has not bid yet.", name=name)
                    if not market["revealed"]:
                        return tr("{name} has bid face down (or passed): hidden until every bid is in.", name=name)
                    bid = market["bids"].get(name)
                    return (tr("{name} bid {fare}.", name=name, fare=bid) if bid is not None
                            else tr("{name} passed.", name=name))
        tip = self.widgets.hovered_tooltip()
        if tip and tip[0] != "":
            return tip[0] if not any(b.hover for b in self.decision_buttons) else ""
        # hovering a token or an airport with nothing to decide: describe it
        if self.board_rect.collidepoint(self.mouse):
            a_i = self.view.airport_at(self.mouse)
            if a_i is not None:
                a = b.airports[a_i]
                c = st.airport_callsign[a_i]
                parts = [f"{city(a)} ({a.code})"]
                country = b.countries.get(a.country or "")
                if b.uses_cross_border and country is not None:
                    parts[0] += " · " + tr(country.name)
                if c >= 0:
                    line = tr("Call sign {callsign}", callsign=tr(CALLSIGNS[c]))
                    if st.subsidy_left[c]:
                        line += " · " + tr("subsidy cube here (+50)")
                    parts.append(line)
                hubs = [st.names[q] for q in range(st.P) if a_i in st.hubs[q]]
                if hubs:
                    parts.append(tr("Hub of {names}", names=", ".join(hubs)))
                return "\n".join(parts)
            rr = self.view.route_at(self.mouse)
            if rr is not None:
                r = rr
                x, y = b.routes[r]
                parts = [f"{x}–{y}" + (" · " + tr("crosses a border") if b.cross_border[r] else "")]
                for q in range(st.P):
                    if st.planes[q][r]:
                        parts.append(st.names[q] + ": " + trn("1 plane", "{n} planes", st.planes[q][r])
                                     + (" " + tr("(marker)") if r in st.markers[q] else ""))
                return "\n".join(parts)
        return ""

    def draw_top(self, surface: pygame.Surface) -> None:
        s = self.s
        st = self.ctl.state
        pygame.draw.rect(surface, T.NIGHT, self.top)
        title = assets.text("OpenSky", int(T.TYPE.h2 * s), (255, 255, 255), "bold")
        surface.blit(title, (int(16 * s), self.top.centery - title.get_height() // 2))
        side = assets.text(name_of(self.ctl.board.extra, self.ctl.board.name), int(T.TYPE.small * s), (170, 185, 210), "medium")
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
            label = assets.text(month_short(m), int(T.TYPE.tiny * s), (255, 255, 255) if current else
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
        self.panel_regions = []
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

    def log_shown(self) -> int:
        """How many log entries to show: a roll still tumbling on screen
        (passenger dice, price die) is not told in words before it lands, nor
        anything after it."""
        rolling = set()
        if self.dice.roll is not None and not self.dice.roll.tween.done:
            rolling.add(E.DICE_ROLLED)
        if self.price_die.rolling:
            rolling.add(E.SENSITIVITY_ROLLED)
        if rolling:
            for i in range(len(self.log) - 1, -1, -1):
                entry = self.log[i]
                if entry[0] == "event" and entry[1].kind in rolling:
                    return i
        return len(self.log)

    def render_log(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        """The game log in words, newest at the bottom."""
        s = self.s
        rounded(surf, r, T.mix(T.PAPER_DARK, T.CARD, 0.5), int(10 * s))
        head = assets.text(tr("Game log"), int(T.TYPE.small * s), T.INK_SOFT, "bold")
        surf.blit(head, (r.x + int(12 * s), r.y + int(8 * s)))
        size = int(T.TYPE.tiny * s)
        lh = int(size * 1.4)
        top = r.y + int(30 * s)
        lines: list[str] = []
        for entry in reversed(self.log[:self.log_shown()]):
            text = self.log_line(entry)
            if not text:
                continue
            wrapped = D.wrap(text, size, r.w - int(24 * s))
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

    def region(self, local: pygame.Rect, text: str) -> None:
        """A tooltip area of the sidebar (given in sidebar coordinates)."""
        self.panel_regions.append((local.move(self.side.topleft), text))

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
        who = tr("computer") if not seat.human else ""
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
        self.region(pygame.Rect(ix, y, r.w - int(24 * s), int(18 * s)),
                    tr("{name}: {on} of {total} planes on the board. A plane flown leaves the board; "
                       "leasing brings it back (200 each).", name=seat.name, on=st.on_board[p], total=st.N))
        lbl = assets.text(tr("{n} to place", n=left) if left else tr("all on the board"), int(T.TYPE.tiny * s),
                          T.INK_SOFT)
        surf.blit(lbl, (ix + st.N * int(19 * s) + int(4 * s), y + int(2 * s)))
        y += int(22 * s)
        # fare cards in hand (public knowledge; an unrevealed bid still counts here)
        hand = st.hand_cards(p)
        out = st.bid_out(p)
        if out is not None and not st.revealed:
            hand = sorted(hand + [out])
        cw, ch = int(24 * s), int(17 * s)
        self.region(pygame.Rect(x, y, r.w - int(24 * s), ch),
                    tr("Fare cards in {name}'s hand: {cards}. Everyone starts with the same ten; won cards "
                       "leave the hand, so every hand is public knowledge.", name=seat.name,
                       cards=", ".join(map(str, hand)) or tr("none")))
        for k, v in enumerate(hand):
            c = pygame.Rect(x + k * (cw + int(2 * s)), y, cw, ch)
            rounded(surf, c, (255, 255, 255), int(3 * s))
            rounded(surf, c, T.LINE, int(3 * s), 1)
            img = assets.text(str(v), int(T.TYPE.tiny * s * 0.92), T.INK, "semibold")
            surf.blit(img, img.get_rect(center=c.center))
        y += ch + int(6 * s)
        won = st.won_cards(p)
        self.region(pygame.Rect(x, y, r.w - int(24 * s), ch),
                    tr("Fares won: {cards} — points at the end, and money for leasing planes.",
                       cards=", ".join(map(str, won)) or tr("none yet"))
                    + (" " + tr("Change kept from leasing: {change}.", change=st.change[p]) if st.change[p] else ""))
        for k, v in enumerate(won):
            c = pygame.Rect(x + k * (cw + int(2 * s)), y, cw, ch)
            rounded(surf, c, T.GOLD, int(3 * s))
            img = assets.text(str(v), int(T.TYPE.tiny * s * 0.92), T.INK, "bold")
            surf.blit(img, img.get_rect(center=c.center))
        if not won:
            img = assets.text(tr("no fares won yet"), int(T.TYPE.tiny * s), T.INK_FAINT)
            surf.blit(img, (x, y + int(1 * s)))
        if st.change[p]:
            img = assets.text(tr("+{change} change", change=st.change[p]), int(T.TYPE.tiny * s), T.INK_SOFT, "semibold")
            surf.blit(img, (r.right - img.get_width() - int(12 * s), y + int(1 * s)))
        y += ch + int(6 * s)
        # chits, flash deal, regional markers, subsidies
        parts = [tr("chits {n}/3", n=st.chits[p]), tr("flash ✓") if st.flash_unused[p] else tr("flash used"),
                 tr("subsidies {n}", n=len(st.subsidies[p]))]
        if self.ctl.board.uses_hubs:
            hubs = [self.ctl.board.airports[a].code for a in st.hubs[p]]
            parts.append(tr("hubs {list}", list=", ".join(hubs) if hubs else "–"))
        else:
            parts.append(tr("markers {n}/2", n=REGIONAL_MARKERS - len(st.markers[p])))
        self.region(pygame.Rect(x, y, r.w - int(24 * s), int(30 * s)),
                    tr("Ancillary chits left: {chits} (+100 each when sold). Flash deal: {flash} (once per game). "
                       "Subsidy cubes: {cubes} × 50.", chits=st.chits[p],
                       flash=tr("available") if st.flash_unused[p] else tr("used"), cubes=len(st.subsidies[p]))
                    + " " + (tr("Hubs: flights may connect only at these airports.") if self.ctl.board.uses_hubs else
                             tr("Cross-border markers: each lets only you fly one border route this season.")))
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
        if self.ctl.thinking:  # a computer airline is searching: a small pulse of dots
            for k in range(3):
                a = 0.35 + 0.65 * max(0.0, math.sin(self.t * 6 - k * 0.9))
                pygame.draw.circle(surface, T.mix(T.PAPER, T.ACCENT, a),
                                   (x + img.get_width() + int((14 + 12 * k) * s), y + img.get_height() // 2),
                                   max(2, int(3.5 * s)))
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
            lab = assets.text(tr("Order"), int(T.TYPE.tiny * s), T.INK_SOFT, "semibold")
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
        if not game.read_only:
            self.widgets.add(Button("Save game", self.save))
            self.widgets.add(Button("Load game", self.load))
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

    def save(self) -> None:
        from opensky.ui.scenes.saves import SaveDialog
        self.app.pop()
        self.app.push(SaveDialog(self.app, self.game))

    def load(self) -> None:
        from opensky.ui.scenes.saves import LoadScene
        self.app.push(LoadScene(self.app))

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
        dialog_frame(surface, self.panel, "Paused", s, centered=True)
        self.widgets.draw(surface, s)
