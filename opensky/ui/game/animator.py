"""The animator: what the engine's events look and sound like, told in order.

``HANDLERS`` maps an event kind to the step it queues in the ``Story``
(story.py): the dice tumbling, the bid cards flipping, the price die, the
verdict, the take-off, the month's summary (summary.py), the next month.
All the events of one action arrive at once, but each step starts when the
one before it has finished, so nothing is announced before its animation has
ended: the toast, the table's "wins"/"walked", the log line and the planes
leaving their routes wait for their step (issue 15).  A click or Space
finishes the step at hand; at speed 0 the story is told at once.

The animator owns the month's market on screen (dice tray, bid table, price
die), the announcements and the summary card; its ``Stage`` part (stage.py)
places each box it draws over the map with ``layout.clear_box`` when its
step starts, and draws them.

While the story is told the screen's state is already the state after the
whole action, so the animator keeps back what would give the result away:

- the finished market stays on the table (``held_market``) until the summary;
- the table's winners and walk-away are those told so far (``_masked``);
- planes that have flown stay on their routes until their take-off: a
  negative count in ``BoardView.in_flight`` (planes still in the air towards
  a route count positive; planes not yet gone count negative);
- the log shows only the entries told (``told`` / ``rolling_kinds``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from opensky.i18n import tr
from opensky.rules import events as E
from opensky.rules.actions import CHOOSE_ITINERARY
from opensky.rules.events import Event
from opensky.rules.state import GameState
from opensky.ui.game import gamelog, summary
from opensky.ui.game.damage import route_area
from opensky.ui.game.stage import Flight, Stage
from opensky.ui.game.story import Step, Story
from opensky.ui.market import BidTable, DiceTray, PriceDie
from opensky.ui.tween import Tween, TweenGroup

if TYPE_CHECKING:
    from opensky.ui.game.scene import GameScene

__all__ = ["Animator", "Flight", "HANDLERS", "SOUNDS"]

SOUNDS = {E.DICE_ROLLED: "dice", E.SENSITIVITY_ROLLED: "die", E.BIDS_REVEALED: "flip",
          E.FLASH_DEAL: "flip", E.MARKET_WON: "cash", E.PLANES_FLOWN: "takeoff", E.SEASON_RESET: "takeoff",
          E.HUB_PLACED: "click", E.CALLSIGN_PLACED: "click", E.LEASED: "cash"}
#: Events after which a human may have to decide: the "your turn" chime.
TURN_EVENTS = frozenset({E.MONTH_STARTED, E.PLANNING_DONE, E.SEASON_STARTED})
#: Events that tell how the market ends (the table keeps them back until told).
VERDICTS = frozenset({E.BIDS_REVEALED, E.FLASH_DEAL, E.SENSITIVITY_ROLLED, E.MARKET_WALKED_AWAY,
                      E.MARKET_WON, E.NOBODY_TRAVELS})

#: Seconds of each step at speed 1.
DICE, REVEAL, FLASH, VERDICT, FLIGHT, LEG_DELAY, SEASON = 1.3, 0.7, 1.4, 1.5, 1.1, 0.35, 1.3
TOAST = 2.8


class Rolling(set):
    """The rolls still tumbling (event kinds), and the first log entry not
    told yet (``gamelog.shown`` stops before it)."""

    def __init__(self, kinds: set[str], untold: Any = None) -> None:
        super().__init__(kinds)
        self.untold = untold


class Animator(Stage):
    def __init__(self, game: "GameScene") -> None:
        self.game = game
        self.tweens = TweenGroup()
        self.flights: list[Flight] = []
        self.toasts: list[tuple[str, Tween]] = []
        self.toast_boxes: dict[int, pygame.Rect] = {}   # id(toast tween) -> where it is drawn
        self.dice = DiceTray()
        self.table = BidTable(game.setup.seats)
        self.price_die = PriceDie()
        self.die_box: pygame.Rect | None = None
        self.flashed: set[int] = set()
        self.story = Story(self._play)
        #: the month's market as far as it has gone, for the summary card
        self.tale = summary.Tale()
        self.card: tuple[summary.Tale, Tween, pygame.Rect] | None = None
        #: the story ends the month: the finished market stays on the table
        self.ending = False
        self.held_market: dict | None = None
        #: what the table shows of the verdict while it is being told
        self.told_winners: list[int] | None = None
        self.told_walked: int | None = None
        #: the winners whose verdict has been told (their "wins" may show)
        self.told_won: set[int] = set()
        self._entry: gamelog.LogEntry | None = None
        self._summary_at = -1
        self._seen = 0
        self._paths: list[tuple[int, ...]] = []
        self._batch_kinds: list[str] = []
        self._chime = False
        self._placed_for: tuple = ()

    # ------------------------------------------------------------ timing
    def anim(self, seconds: float) -> float:
        """An animation's duration at the current speed setting (0: off)."""
        speed = self.game.app.anim_speed
        return seconds / speed if speed > 0 else 0.0

    def busy(self) -> bool:
        """Something the players should see is still moving (computers wait)."""
        return bool(self.flights) or self.blocking()

    def blocking(self) -> bool:
        """The story of the last action is still being told (dice, reveal,
        price die, verdict, take-off, summary): nobody decides before its
        end.  Planes flying to a placement do not block clicks."""
        return self.story.active or self.dice.rolling or self.table.flipping or self.price_die.rolling

    def rolling_kinds(self) -> set[str]:
        """Rolls still tumbling on screen, with the first log entry not told
        yet (the log waits for both: ``gamelog.shown``)."""
        out = set()
        if self.dice.roll is not None and not self.dice.roll.tween.done:
            out.add(E.DICE_ROLLED)
        if self.price_die.rolling:
            out.add(E.SENSITIVITY_ROLLED)
        return Rolling(out, self.story.first_untold())

    def told(self, log: list[gamelog.LogEntry]) -> int:
        """How many entries of ``log`` are told now."""
        return gamelog.shown(log, self.rolling_kinds())

    def update(self, dt: float) -> None:
        g = self.game
        if self._placed_for != self._layout_key():
            self._place_all()
        changed = self.story.update(dt)
        self.tweens.update(dt)
        for _, tw in self.toasts:
            tw.update(dt)
        if self.toasts and any(tw.done for _, tw in self.toasts):
            self.toasts = [x for x in self.toasts if not x[1].done]
            changed = True
        if self.flights:
            self.flights = [f for f in self.flights if not f.tween.done]
        if changed:
            g.dirty = True
            g.sidebar_dirty = True  # the log tells what has been shown
        if self._chime and not self.story.active:
            self._chime = False
            g.app.sound.play("turn")

    def skip_requested(self, e: pygame.event.Event) -> bool:
        """A click or Space asks to see the end of the animation at hand."""
        return ((e.type == pygame.MOUSEBUTTONDOWN and e.button == 1)
                or (e.type == pygame.KEYDOWN and e.key == pygame.K_SPACE))

    def skip(self) -> None:
        """Finish the step at hand (its end is shown, the next one begins)."""
        self.story.skip()
        for tw in (self.dice.roll.tween if self.dice.roll else None, self.table.flip, self.price_die.tween):
            if tw is not None and not tw.done and not self.story.active:
                tw.update(tw.duration + tw.delay + 1.0)
        self.game.sidebar_dirty = True
        self.game.dirty = True

    def stop(self) -> None:
        """The state was replaced (undo, a replay's jump): nothing flies,
        nothing more is told."""
        self.story.clear()
        self.flights.clear()
        self.tweens.clear()
        self.toasts.clear()
        self.dice.selected = []
        self._clear_table()
        self._chime = False

    def _clear_table(self) -> None:
        """No price die, no flip, no month's card, no market held, no verdict told."""
        self.price_die.tween = None
        self.table.flip = None
        self.card = None
        self._release_market()
        self._forget_verdict()

    def _forget_verdict(self) -> None:
        """Nothing of the verdict is told yet."""
        self.told_winners = self.told_walked = None
        self.told_won = set()

    @property
    def market_hold(self) -> Tween | None:
        """The step's clock while the finished market is held on the table."""
        cur = self.story.current
        return cur.tween if self.ending and self.held_market is not None and cur is not None else None

    @market_hold.setter
    def market_hold(self, tw: Tween | None) -> None:
        if tw is None:
            self._release_market()

    def _release_market(self) -> None:
        self.ending = False
        self.held_market = None

    # ------------------------------------------------------------ events
    def play_sounds(self, events: list[Event], st: GameState) -> None:
        """The events of one action are about to be told (the scene calls
        this first): note where the market ends (the summary follows its
        last event), keep the planes that fly on their routes until their
        take-off, and keep the market on the table.  Each step plays its
        own sound as it starts; the turn chime waits for the story's end."""
        g = self.game
        self.story.begin()
        self._seen = 0
        kinds = self._batch_kinds = [e.kind for e in events]
        ends = E.NOBODY_TRAVELS in kinds or (E.PLANES_FLOWN in kinds and st.decision != CHOOSE_ITINERARY)
        self._summary_at = max((i for i, k in enumerate(kinds) if k in (E.PLANES_FLOWN, E.NOBODY_TRAVELS)),
                               default=-1) if ends else -1
        self._paths = [e.path for e in events if isinstance(e, E.PlanesFlown)]
        if ends:
            self.ending = True
            self.held_market = st.last_market or st.market_json()
        if any(k in VERDICTS for k in kinds) and self.told_winners is None:
            rolled = next((e for e in events if isinstance(e, E.SensitivityRolled)), None)
            self.told_winners = [rolled.player] if rolled is not None else []
        for e in events:
            if isinstance(e, E.PlanesFlown):
                for r in e.routes:
                    self._hold(e.player, r, 1)
            elif isinstance(e, E.SeasonReset):
                for p, r, n in e.planes:
                    self._hold(p, r, n)
        self._chime = (bool(st.actors) and any(g.ctl.is_human(p) for p in st.actors) and not g.read_only
                       and any(k in TURN_EVENTS for k in kinds))

    def on_event(self, e: Event, st: GameState) -> None:
        g = self.game
        log = g.history.log
        self._entry = log[-1] if log and log[-1][0] == "event" and log[-1][1] is e else None
        handler = HANDLERS.get(e.kind)
        if handler is not None:
            handler(self, e, st)
        if self._entry is not None:  # an event with no step of its own: told in its place
            self.story.attach(self._entry)
            self._entry = None
        if e.kind not in STEP_KINDS:
            name = SOUNDS.get(e.kind)
            if name:
                last = self.story.last()
                if last is not None and not last.started:
                    last.sounds.append(name)
                else:
                    self._play(name)
        if self._seen == self._summary_at:
            self._queue_summary(st)
        self._seen += 1

    def step(self, name: str, seconds: float, start: Callable[[Step], None] | None = None,
             end: Callable[[Step], None] | None = None, *, sound: str | None = None, merge: bool = False,
             tell_at_start: bool = True) -> Step:
        """Queue a step of ``seconds`` (at speed 1) telling the event at hand."""
        step = Step(name, self.anim(seconds), merge=merge, tell_at_start=tell_at_start,
                    sounds=[sound] if sound else [])
        if self._entry is not None:
            step.entries.append(self._entry)
            self._entry = None
        if start is not None:
            step.on_start.append(lambda: start(step))
        if end is not None:
            step.on_end.append(lambda: end(step))
        return self.story.add(step)

    def _play(self, name: str) -> None:
        if self.game.app.anim_speed > 0:
            self.game.app.sound.play(name)

    def _hold(self, p: int, r: int, n: int) -> None:
        """Keep ``n`` planes on route ``r`` until they are seen to leave."""
        fl = self.game.view.in_flight
        k = (p, r)
        fl[k] = fl.get(k, 0) - n
        if fl[k] == 0:
            del fl[k]

    def _let_go(self, p: int, r: int, n: int) -> None:
        self._hold(p, r, -n)
        g = self.game
        g.view.pieces_dirty = True
        g.sidebar_dirty = True

    def fly(self, fl: Flight) -> None:
        self.flights.append(fl)
        self.tweens.add(fl.tween)

    def toast(self, text: str) -> None:
        """A short announcement over the board that fades away."""
        tw = Tween(self.anim(TOAST) or 1.2, "linear")
        self.toasts.append((text, tw))
        del self.toasts[:-3]
        self._place_toasts()

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
            if left == 0:
                g.view.in_flight.pop(key, None)
            else:
                g.view.in_flight[key] = left
            g.view.pieces_dirty = True
            g.sidebar_dirty = True
            g.repaint.add([route_area(g.view, key[1]), g.side.copy()])

        self.fly(Flight(p, r, start, end, Tween(self.anim(0.7), "in_out_cubic", on_done=landed)))

    def _planes_flown(self, e: E.PlanesFlown, st: GameState) -> None:
        apx = self.game.view.apx
        legs = len(e.routes)
        mine: list[Flight] = []

        def start(step: Step) -> None:
            for k, r in enumerate(e.routes):
                self._let_go(e.player, r, 1)
                fl = Flight(e.player, r, apx[e.path[k]], apx[e.path[k + 1]],
                            Tween(self.anim(FLIGHT), "in_out_cubic", delay=self.anim(LEG_DELAY) * k), landing=False)
                mine.append(fl)
                self.fly(fl)

        def end(step: Step) -> None:
            for fl in mine:
                fl.tween.update(fl.tween.duration + fl.tween.delay + 1.0)

        self.tale.add(e)
        self.step("takeoff", FLIGHT + LEG_DELAY * max(0, legs - 1), start, end, sound="takeoff", merge=True)

    def _month_started(self, e: E.MonthStarted, st: GameState) -> None:
        def start(step: Step) -> None:
            self.dice.reset()
            self._clear_table()
        self.tale = summary.Tale(month=e.month)
        self.step("month", 0.0, start)

    def _dice_rolled(self, e: E.DiceRolled, st: GameState) -> None:
        if self.tale.month is None or self.tale.ended:
            self.tale = summary.Tale(month=st.month)

        def start(step: Step) -> None:
            self.flashed.clear()
            self.price_die.tween = None
            self.table.flip = None
            self._forget_verdict()
            self.dice.start(e.dice, step.seconds)
            assert self.dice.roll is not None and step.tween is not None
            self.dice.roll.tween = step.tween  # the step's clock is the tumble's

        self.step("dice", DICE, start, sound="dice", tell_at_start=False)

    def _market_chosen(self, e: E.MarketChosen, st: GameState) -> None:
        g = self.game
        self.tale.airports = tuple(st.board.airports[a].code for a in e.airports)  # type: ignore[assignment]
        self._forget_verdict()
        self.table.layout(g.board_rect, g.s, max(1, len(e.stops)))

    def _flash_deal(self, e: E.FlashDeal, st: GameState) -> None:
        follows = self._verdict_follows()

        def start(step: Step) -> None:
            self.flashed.add(e.player)
            self.toast(tr("{name} plays the flash deal: {old} → {new}", name=st.names[e.player],
                          old=e.old, new=e.new))
            if not follows:
                self.told_winners = list(e.winners)
        self.step("flash deal", FLASH, start, sound="flip")

    def _verdict_follows(self) -> bool:
        """Whether the market ends later in this action (the table keeps the
        winners back until the verdict's step)."""
        return any(k in (E.MARKET_WON, E.NOBODY_TRAVELS) for k in self._batch_kinds[self._seen + 1:])

    def _market_won(self, e: E.MarketWon, st: GameState) -> None:
        od = gamelog.od_names(st.board, self.held_market or st.market_json() or st.last_market)
        text = gamelog.won_sentence(e, st.names, od)

        def start(step: Step) -> None:
            self.toast(text)
            self.told_winners = (self.told_winners or []) + [e.player]
            self.told_won.add(e.player)
        self.tale.add(e)
        self.step("verdict", VERDICT, start, sound="cash", merge=True)

    def _nobody_travels(self, e: E.NobodyTravels, st: GameState) -> None:
        reason = e.reason
        od = gamelog.od_names(st.board, self.held_market or st.market_json())
        texts = {E.NobodyReason.EVERYBODY_PASSED: tr("Everybody passed: nobody travels this month"),
                 E.NobodyReason.WALKED_AWAY: tr("No other bid: nobody travels this month"),
                 E.NobodyReason.NO_ITINERARY: tr("Nobody can fly {o}–{t}: no flights this month", o=od[0], t=od[1]),
                 E.NobodyReason.NOBODY_COULD_BID: tr("Nobody could bid: nobody travels this month")}

        def start(step: Step) -> None:
            self.toast(texts[reason])
            self.told_winners = []
        self.tale.add(e)
        self.step("verdict", VERDICT, start, merge=True)

    def _bids_revealed(self, e: E.BidsRevealed, st: GameState) -> None:
        follows = self._verdict_follows()

        def start(step: Step) -> None:
            self.table.flip = step.tween
            self.told_winners = [] if follows else list(e.winners)
        self.step("reveal", REVEAL, start, sound="flip", tell_at_start=False)

    def _sensitivity_rolled(self, e: E.SensitivityRolled, st: GameState) -> None:
        name = st.names[e.player]

        def start(step: Step) -> None:
            self.price_die.start(e.roll, e.price, e.accepted, step.seconds, name)
            self.price_die.tween = step.tween
            self._place_die()
        self.step("die", PriceDie.seconds(), start, sound="die", tell_at_start=False)

    def _walked_away(self, e: E.MarketWalkedAway, st: GameState) -> None:
        def start(step: Step) -> None:
            self.toast(tr("The passengers walk away from {name}", name=st.names[e.player]))
            self.told_walked = e.player
            self.told_winners = []
        self.tale.add(e)
        self.step("verdict", VERDICT, start, merge=True)

    def _season_reset(self, e: E.SeasonReset, st: GameState) -> None:
        g = self.game

        def start(step: Step) -> None:
            self.toast(tr("Season 2: every plane leaves the board"))
            for p, r, n in e.planes:
                self._let_go(p, r, n)
                self.fly(Flight(p, r, g.view.route_midpoint(r), g.plane_home(p),
                                Tween(self.anim(SEASON - 0.1), "in_out_cubic"), landing=False))
        self.step("season", SEASON, start, sound="takeoff")

    def _queue_summary(self, st: GameState) -> None:
        """After the market's last event: the month's summary card."""
        tale = self.tale
        if not tale.ended:
            return

        def start(step: Step) -> None:
            assert step.tween is not None
            self.toasts.clear()
            self.price_die.tween = None
            box = self._card_box(tale)
            self.card = (tale, step.tween, box)
            self.held_market = None  # the card takes the table's place

        def end(step: Step) -> None:
            self.card = None
            self._release_market()
        self.step("summary", summary.SECONDS, start, end, tell_at_start=False)

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
#: Kinds whose step plays their sound as it starts (the others play at once).
STEP_KINDS = frozenset({E.DICE_ROLLED, E.SENSITIVITY_ROLLED, E.BIDS_REVEALED, E.FLASH_DEAL, E.MARKET_WON,
                        E.PLANES_FLOWN, E.SEASON_RESET})
