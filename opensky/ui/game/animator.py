"""The animator: what the engine's events look and sound like.

``HANDLERS`` maps an event kind to what it starts — planes flying to their
route or off the board, the dice tumbling, the bid cards flipping, the price
die, toasts over the board — so the engine's events (DESIGN.md habit 7) become
tweens advanced by ``update(dt)``.  The animator owns the month's market on
screen (dice tray, bid table, price die) and draws what it animates.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import pygame

from opensky.i18n import city, tr
from opensky.rules import events as E
from opensky.rules.actions import CHOOSE_OD, ROLL_DICE
from opensky.rules.events import Event
from opensky.rules.state import MARKETING, PRICING, GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game import gamelog
from opensky.ui.game.damage import route_area
from opensky.ui.market import BidTable, DiceTray, PriceDie
from opensky.ui.tween import Tween, TweenGroup

if TYPE_CHECKING:
    from opensky.ui.game.scene import GameScene

Point = tuple[float, float]

SOUNDS = {E.DICE_ROLLED: "dice", E.SENSITIVITY_ROLLED: "die", E.BIDS_REVEALED: "flip",
          E.FLASH_DEAL: "flip", E.MARKET_WON: "cash", E.PLANES_FLOWN: "takeoff", E.SEASON_RESET: "takeoff",
          E.HUB_PLACED: "click", E.CALLSIGN_PLACED: "click", E.LEASED: "cash"}
#: Events after which a human may have to decide: the "your turn" chime.
TURN_EVENTS = frozenset({E.MONTH_STARTED, E.PLANNING_DONE, E.SEASON_STARTED})


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


class Animator:
    def __init__(self, game: "GameScene") -> None:
        self.game = game
        self.tweens = TweenGroup()
        self.flights: list[Flight] = []
        self.toasts: list[tuple[str, Tween]] = []
        self.dice = DiceTray()
        self.table = BidTable(game.setup.seats)
        self.price_die = PriceDie()
        self.flashed: set[int] = set()
        #: the finished market, kept on the table for a moment
        self.market_hold: Tween | None = None
        self.held_market: dict | None = None

    # ------------------------------------------------------------ timing
    def anim(self, seconds: float) -> float:
        """An animation's duration at the current speed setting (0: off)."""
        speed = self.game.app.anim_speed
        return seconds / speed if speed > 0 else 0.0

    def busy(self) -> bool:
        """Something the players should see is still moving (computers wait)."""
        return bool(self.flights) or self.blocking()

    def blocking(self) -> bool:
        """An animation that must finish before anyone decides (dice, reveal,
        price die, the result on the table); flying planes do not block clicks."""
        return (self.dice.rolling or self.table.flipping or self.price_die.rolling
                or (self.market_hold is not None and not self.market_hold.done))

    def rolling_kinds(self) -> set[str]:
        """Rolls still tumbling on screen (the log waits for them)."""
        out = set()
        if self.dice.roll is not None and not self.dice.roll.tween.done:
            out.add(E.DICE_ROLLED)
        if self.price_die.rolling:
            out.add(E.SENSITIVITY_ROLLED)
        return out

    def update(self, dt: float) -> None:
        g = self.game
        self.tweens.update(dt)
        for tw in (self.dice.roll.tween if self.dice.roll else None, self.table.flip, self.price_die.tween,
                   self.market_hold):
            if tw is not None and not tw.done:
                tw.update(dt)
                if tw.done:
                    g.dirty = True
                    g.sidebar_dirty = True  # the log tells the roll once it has landed
        for _, tw in self.toasts:
            tw.update(dt)
        if self.toasts and any(tw.done for _, tw in self.toasts):
            self.toasts = [x for x in self.toasts if not x[1].done]
            g.dirty = True
        if self.flights:
            self.flights = [f for f in self.flights if not f.tween.done]

    def skip_requested(self, e: pygame.event.Event) -> bool:
        """A click or Space asks to see the end of the animation at hand."""
        return ((e.type == pygame.MOUSEBUTTONDOWN and e.button == 1)
                or (e.type == pygame.KEYDOWN and e.key == pygame.K_SPACE))

    def skip(self) -> None:
        """Finish every blocking animation now (its end state is shown)."""
        for tw in (self.dice.roll.tween if self.dice.roll else None, self.table.flip, self.price_die.tween,
                   self.market_hold):
            if tw is not None and not tw.done:
                tw.update(tw.duration + tw.delay + 1.0)
        self.game.sidebar_dirty = True

    def stop(self) -> None:
        """The state was replaced (undo, a replay's jump): nothing flies."""
        self.flights.clear()
        self.tweens.clear()
        self.dice.selected = []

    # ------------------------------------------------------------ events
    def play_sounds(self, events: list[Event], st: GameState) -> None:
        g = self.game
        played: set[str] = set()
        for e in events:
            name = SOUNDS.get(e.kind)
            if name and name not in played and g.app.anim_speed > 0:
                g.app.sound.play(name)
                played.add(name)
        if st.actors and any(g.ctl.is_human(p) for p in st.actors) and not g.read_only \
                and any(e.kind in TURN_EVENTS for e in events):
            g.app.sound.play("turn")

    def on_event(self, e: Event, st: GameState) -> None:
        handler = HANDLERS.get(e.kind)
        if handler is not None:
            handler(self, e, st)

    def fly(self, fl: Flight) -> None:
        self.flights.append(fl)
        self.tweens.add(fl.tween)

    def toast(self, text: str) -> None:
        """A short announcement over the board that fades away."""
        self.toasts.append((text, Tween(self.anim(2.8) or 1.2, "linear")))
        del self.toasts[:-3]

    def hold_market(self, st: GameState) -> None:
        """Keep the finished market on screen while its result sinks in."""
        self.held_market = st.last_market
        self.market_hold = Tween(self.anim(2.2), "linear")

    def _plane_placed(self, e: E.PlanePlaced, st: GameState) -> None:
        g = self.game
        p, r = e.player, e.route
        start = g.plane_home(p)
        end = g.view.plane_slot(st, p, r)
        key = (p, r)
        g.view.in_flight[key] = g.view.in_flight.get(key, 0) + 1

        def landed(key: tuple[int, int] = key) -> None:
            g.app.sound.play("landing", volume=0.6)
            left = g.view.in_flight.get(key, 0) - 1
            if left <= 0:
                g.view.in_flight.pop(key, None)
            else:
                g.view.in_flight[key] = left
            g.view.pieces_dirty = True
            g.sidebar_dirty = True
            g.repaint.add([route_area(g.view, key[1]), g.side.copy()])

        self.fly(Flight(p, r, start, end, Tween(self.anim(0.7), "in_out_cubic", on_done=landed)))

    def _planes_flown(self, e: E.PlanesFlown, st: GameState) -> None:
        apx = self.game.view.apx
        path = e.path
        speed = self.game.app.anim_speed
        for k, r in enumerate(e.routes):
            delay = 0.35 * k / max(speed, 0.01) if speed > 0 else 0
            self.fly(Flight(e.player, r, apx[path[k]], apx[path[k + 1]],
                            Tween(self.anim(1.1), "in_out_cubic", delay=delay), landing=False))

    def _month_started(self, e: E.MonthStarted, st: GameState) -> None:
        self.dice.reset()

    def _dice_rolled(self, e: E.DiceRolled, st: GameState) -> None:
        self.flashed.clear()
        self.price_die.tween = None
        self.table.flip = None
        self.market_hold = None
        self.dice.start(e.dice, self.anim(1.3))

    def _market_chosen(self, e: E.MarketChosen, st: GameState) -> None:
        g = self.game
        self.table.layout(g.board_rect, g.s, max(1, len(e.stops)))
        if not e.stops:
            o, t = (city(st.board.airports[x]) for x in e.airports)
            self.toast(tr("Nobody can fly {o}–{t}: no flights this month", o=o, t=t))

    def _flash_deal(self, e: E.FlashDeal, st: GameState) -> None:
        self.flashed.add(e.player)
        self.toast(tr("{name} plays the flash deal: {old} → {new}", name=st.names[e.player],
                      old=e.old, new=e.new))

    def _market_won(self, e: E.MarketWon, st: GameState) -> None:
        od = gamelog.od_names(st.board, st.market_json() or st.last_market)
        self.toast(gamelog.won_sentence(e, st.names, od))
        self.hold_market(st)

    def _nobody_travels(self, e: E.NobodyTravels, st: GameState) -> None:
        if e.reason is E.NobodyReason.EVERYBODY_PASSED:
            self.toast(tr("Everybody passed: nobody travels this month"))
        elif e.reason is E.NobodyReason.WALKED_AWAY:
            self.toast(tr("No other bid: nobody travels this month"))
        self.hold_market(st)

    def _bids_revealed(self, e: E.BidsRevealed, st: GameState) -> None:
        self.table.start_flip(self.anim(0.7))

    def _sensitivity_rolled(self, e: E.SensitivityRolled, st: GameState) -> None:
        self.price_die.start(e.roll, e.price, e.accepted, self.anim(1.0))

    def _walked_away(self, e: E.MarketWalkedAway, st: GameState) -> None:
        self.toast(tr("The passengers walk away from {name}", name=st.names[e.player]))

    def _season_reset(self, e: E.SeasonReset, st: GameState) -> None:
        g = self.game
        self.toast(tr("Season 2: every plane leaves the board"))
        for p, r, n in e.planes:
            self.fly(Flight(p, r, g.view.route_midpoint(r), g.plane_home(p),
                            Tween(self.anim(1.2), "in_out_cubic"), landing=False))

    # ------------------------------------------------------------ drawing
    def moving_rects(self, st: GameState) -> list[pygame.Rect]:
        """Where the moving things are now (flying planes, the pulsing market)."""
        view = self.game.view
        out = []
        for f in self.flights:
            if f.tween.started:
                x, y = f.pos()
                k = int(view.token_radius() * 2.6) + 4
                out.append(pygame.Rect(int(x) - k, int(y) - k, 2 * k, 2 * k))
        if st.od is not None:
            k = int(view.airport_radius() * 2.4) + 6
            for c in st.od:
                x, y = view.apx[st.callsign_airport[c]]
                out.append(pygame.Rect(int(x) - k, int(y) - k, 2 * k, 2 * k))
        return out

    def overlay_rects(self, st: GameState) -> list[tuple[str, pygame.Rect]]:
        """What this room draws over the map now, by name."""
        out: list[tuple[str, pygame.Rect]] = []
        if self.shown_market(st) is not None and not self.dice_shown(st):
            out.append(("bid table", self.table.rect.copy()))
        return out

    def price_die_rect(self, st: GameState) -> pygame.Rect:
        """Where the price die is shown: beside the table of bids."""
        s = self.game.s
        d = int(44 * s)
        r = pygame.Rect(0, 0, d, d)
        r.midleft = (self.table.rect.right + int(10 * s), self.table.rect.centery)
        return r

    def shown_market(self, st: GameState) -> dict | None:
        """The market on the table: the current one while it is priced, and the
        finished one for a moment after, so everybody sees how it ended."""
        if st.phase == PRICING and st.od is not None:
            return st.market_json()
        if self.market_hold is not None and not self.market_hold.done:
            return self.held_market
        return None

    def dice_shown(self, st: GameState) -> bool:
        """The dice tray is on the board (the market is being chosen)."""
        held = self.market_hold is not None and not self.market_hold.done
        return not held and st.phase == MARKETING and (st.decision in (ROLL_DICE, CHOOSE_OD) or bool(self.dice.roll))

    def draw_market(self, surface: pygame.Surface, st: GameState) -> None:
        """The dice while the market is chosen; the bid table while it is priced."""
        g = self.game
        if self.dice_shown(st):
            who = st.names[st.roller]
            if st.decision == ROLL_DICE:
                cap = (tr("{name} rolls the passenger dice", name=who) if g.ctl.is_human(st.roller)
                       else tr("{name} is rolling…", name=who))
            elif self.dice.rolling:
                cap = tr("Rolling… (a repeated call sign is rolled again)")
            elif g.ctl.is_human(st.roller):
                cap = tr("Click two dice: the market's two airports")
            else:
                cap = tr("{name} chooses the market…", name=who)
            self.dice.draw(surface, st, cap, g.t)
            return
        market = self.shown_market(st)
        if market is not None:
            o, t = gamelog.od_names(st.board, market)
            title = f"{tr(market['od'][0])} – {tr(market['od'][1])}: {o} – {t}"
            self.table.draw(surface, market, st.names, title, self.flashed)
        if self.price_die.tween is not None:
            self.price_die.draw(surface, self.price_die_rect(st), self.game.s)

    def draw_flights(self, surface: pygame.Surface) -> None:
        g = self.game
        for f in self.flights:
            if not f.tween.started:
                continue
            seat = g.setup.seats[f.player]
            size = g.view.token_radius() * (1.6 if f.landing else 1.4)
            D.plane_icon(surface, f.pos(), size, f.angle(), T.seat_rgb(seat))

    def draw_toasts(self, surface: pygame.Surface) -> None:
        g = self.game
        s = g.s
        y = g.board_rect.y + int(160 * s)
        for text, tw in self.toasts:
            v = tw.raw
            alpha = 255 if v < 0.75 else int(255 * (1 - (v - 0.75) / 0.25))
            img = assets.text(text, int(T.TYPE.body * s), (255, 255, 255), "semibold")
            box = img.get_rect(center=(g.board_rect.centerx, y)).inflate(int(28 * s), int(14 * s))
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*T.NIGHT, 225), layer.get_rect(), border_radius=int(10 * s))
            layer.blit(img, img.get_rect(center=(box.w // 2, box.h // 2)))
            layer.set_alpha(alpha)
            surface.blit(layer, box.topleft)
            y += box.h + int(8 * s)


#: Each kind's handler (it takes its own event class).
HANDLERS: dict[str, Callable[[Animator, Any, GameState], None]] = {
    E.PLANE_PLACED: Animator._plane_placed,
    E.PLANES_FLOWN: Animator._planes_flown,
    E.MONTH_STARTED: Animator._month_started,
    E.DICE_ROLLED: Animator._dice_rolled,
    E.MARKET_CHOSEN: Animator._market_chosen,
    E.BIDS_REVEALED: Animator._bids_revealed,
    E.FLASH_DEAL: Animator._flash_deal,
    E.SENSITIVITY_ROLLED: Animator._sensitivity_rolled,
    E.MARKET_WALKED_AWAY: Animator._walked_away,
    E.MARKET_WON: Animator._market_won,
    E.NOBODY_TRAVELS: Animator._nobody_travels,
    E.SEASON_RESET: Animator._season_reset,
}
