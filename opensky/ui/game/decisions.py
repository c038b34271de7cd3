"""The decision at hand: its buttons and its prompt.

The buttons are exactly the engine's legal actions for the human who may act
(DESIGN.md habit 1), labelled with the figures of ``opensky.rules.quote`` —
the price with chits, a lease's cost and change, what a flash fare needs — so
no rule is worked out here.  Decisions taken on the board (routes, airports,
itineraries) and the secret bid have their own rooms (``board_input``,
``hotseat``); this one only says what they are.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from opensky.i18n import N_, month, tr, trn
from opensky.rules import quote
from opensky.rules.actions import (
    ANCILLARIES, BID, CHANCE_TYPES, CHOOSE_ITINERARY, CHOOSE_OD, FLASH, LEASE, PLACE_CALLSIGN, PLACE_HUB,
    PLACE_PLANE, ROLL_DICE, ROLL_SENSITIVITY, Action,
)
from opensky.rules.constants import CALLSIGNS
from opensky.rules.state import MONTH_END
from opensky.ui import assets, theme as T
from opensky.ui.widgets import Button

if TYPE_CHECKING:
    from opensky.ui.game.scene import GameScene

#: Decisions taken on the board or in the secret panel: no buttons.
NO_BUTTONS = frozenset({None, PLACE_PLANE, PLACE_HUB, PLACE_CALLSIGN, BID})


class Decisions:
    def __init__(self, game: "GameScene") -> None:
        self.game = game
        self.buttons: list[Button] = []
        #: what the buttons were built for (rebuilt when it changes)
        self.key: tuple = ()
        #: leasing in two steps: the number of planes chosen, and for whom
        self.lease_k: int | None = None
        self.lease_for: int | None = None

    def refresh(self) -> None:
        """Rebuild the buttons when the decision changes."""
        g = self.game
        st = g.state
        p = g.human_actor()
        if st.decision != LEASE or p != self.lease_for:
            self.lease_k = None  # a new lease decision starts at "how many planes"
        self.lease_for = p if st.decision == LEASE else None
        key = (st.decision, p, st.month, tuple(st.actors), st.dice, st.od, self.lease_k,
               g.seat.private_for, g.seat.handoff_for, g.ctl.session)
        if key == self.key:
            return
        self.key = key
        self.buttons = []
        d = st.decision
        if p is not None and d not in NO_BUTTONS:
            legal = g.ctl.legal(p)
            if d == LEASE:
                self._lease_buttons(p, legal)
            elif st.is_chance():  # one button: the outcome is drawn, not chosen
                self.buttons.append(Button(self.label(legal[0]), self._chooser(legal[0]), primary=True, small=True))
            else:
                for a in legal:
                    self.buttons.append(Button(self.label(a), self._chooser(a), primary=d in CHANCE_TYPES,
                                               small=True, tooltip=self.tooltip(a)))
        self.layout()
        g.compose_widgets()

    def _lease_buttons(self, p: int, legal: list[Action]) -> None:
        """Leasing in two steps: how many planes, then which won cards pay (R10)."""
        st = self.game.state
        if self.lease_k is None:
            for k in sorted({a.arg[0] for a in legal}):
                if k == 0:
                    self.buttons.append(Button("No lease", self._chooser(Action(LEASE, p, (0, ()))),
                                               small=True, tooltip="Keep your revenue; lease nothing"))
                else:
                    self.buttons.append(Button(
                        trn("Lease 1 plane", "Lease {n} planes", k), self._lease_count(k), small=True,
                        tooltip=tr("{cost} points: change first, then won cards of your choice",
                                   cost=quote.lease_cost(k))))
            return
        k = self.lease_k
        self.buttons.append(Button("Back", self._lease_count(None), small=True))
        for a in legal:
            if a.arg[0] != k:
                continue
            cards = a.arg[1]
            q = quote.lease(st, p, k, cards)
            if cards:
                label = tr("Take back {cards} → change {change}", cards=" + ".join(map(str, cards)),
                           change=q.change_after)
            else:
                label = tr("Pay {cost} from change → {change} left", cost=q.cost, change=q.change_after)
            self.buttons.append(Button(label, self._chooser(a), small=True, primary=True,
                                       tooltip="These won cards go back to your hand; "
                                               "the rest over the cost stays as change"))

    def _lease_count(self, k: int | None) -> Callable[[], None]:
        def f() -> None:
            self.lease_k = k
            self.game.refresh_decision()
        f.lease_k = k  # type: ignore[attr-defined]  # lets tests find the button by its meaning
        return f

    def _chooser(self, a: Action) -> Callable[[], None]:
        def f() -> None:
            self.choose(a)
        f.action = a  # type: ignore[attr-defined]  # lets tests and tooltips find a button's action
        return f

    def button_for(self, a: Action) -> Button | None:
        """The decision button that takes action ``a``, if one is shown."""
        for b in self.buttons:
            if getattr(b.on_click, "action", None) == a:
                return b
        return None

    def choose(self, action: Action) -> None:
        g = self.game
        if g.anim.blocking():
            return  # let the dice and cards land first
        if action.type in CHANCE_TYPES:
            g.ctl.roll()
        else:
            msg = g.ctl.try_apply(action)
            if msg:
                g.message = msg
        g.dirty = True

    # ------------------------------------------------------------ words
    def label(self, a: Action) -> str:
        st = self.game.state
        t = a.type
        p = a.player or 0
        if t == ROLL_DICE:
            return tr("Roll the dice")
        if t == ROLL_SENSITIVITY:
            return tr("Roll the price die (price {price})", price=quote.price(st, p))
        if t == CHOOSE_OD:
            x, y = a.arg
            return f"{tr(CALLSIGNS[x])}–{tr(CALLSIGNS[y])}"
        if t == BID:
            return "Pass" if a.arg is None else str(a.arg)
        if t == FLASH:
            return tr("Keep {fare}", fare=st.bid[p]) if a.arg is None else tr("Lower to {fare}", fare=a.arg)
        if t == ANCILLARIES:
            if a.arg == 0:
                return tr("No chits (sell at {fare})", fare=quote.price(st, p, 0))
            return trn("1 chit → {price}", "{n} chits → {price}", a.arg, price=quote.price(st, p, a.arg))
        if t == CHOOSE_ITINERARY:
            return "–".join(st.board.airports[i].code for i in a.arg)
        if t == LEASE:
            k, cards = a.arg
            return tr("No lease") if k == 0 else trn("1 plane ({pay})", "{n} planes ({pay})", k,
                                                     pay="+".join(map(str, cards)) or tr("change"))
        return t

    def tooltip(self, a: Action) -> str:
        st = self.game.state
        t = a.type
        if t == FLASH:
            return (tr("Decline the flash deal") if a.arg is None else
                    tr("Use your one flash deal of the game: replace your fare with this lower card"))
        if t == ANCILLARIES:
            return tr("Sell seat selection, check-in, baggage: +100 each if the passengers accept. "
                      "With chits the price die must reach the final price, or they walk away.")
        if t == CHOOSE_OD:
            codes = [st.board.airports[st.callsign_airport[c]].code for c in a.arg]
            return tr("Market {o}–{t}", o=codes[0], t=codes[1])
        if t == CHOOSE_ITINERARY:
            return tr("Fly this itinerary: one plane leaves each of its routes")
        return st.codec().describe(a)

    def layout(self) -> None:
        """Buttons right-aligned in the bottom bar (two rows if needed); the
        roll button sits on the dice tray."""
        g = self.game
        s = g.s
        f = assets.font(int(T.TYPE.small * s), "semibold")
        widths = [max(int(70 * s), f.size(tr(b.label))[0] + int(24 * s)) for b in self.buttons]
        gap = int(8 * s)
        avail = int(g.bottom.w * 0.62)
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
        y = g.bottom.centery - total_h // 2
        for row in rows:
            x = g.bottom.right - int(12 * s) - sum(widths[i] for i in row) - gap * (len(row) - 1)
            for i in row:
                self.buttons[i].rect = pygame.Rect(x, y, widths[i], h)
                x += widths[i] + gap
            y += h + int(6 * s)
        if g.state.decision == ROLL_DICE and self.buttons:
            b = self.buttons[0]
            b.small = False
            b.rect = pygame.Rect(0, 0, int(220 * s), int(44 * s))
            b.rect.midbottom = (g.anim.dice.rect.centerx, g.anim.dice.rect.bottom - int(28 * s))

    # ------------------------------------------------------------ the prompt
    def prompt(self) -> tuple[str, str]:
        """(headline, hint) for the decision at hand: whose decision it is, what
        it is, and a one-line rules reminder."""
        g = self.game
        st = g.state
        n = st.names
        if st.game_over:
            return (tr("Game over"), tr("Final scores are in the panels."))
        who = ", ".join(n[p] for p in st.actors)
        d = st.decision
        comp = g.ctl.computer_to_move() is not None and g.human_actor() is None
        thinking = " " + tr("(computer is deciding…)") if comp else ""
        if d == BID:
            if g.seat.handoff_for is not None:
                return (tr("Pass the screen to {name}", name=n[g.seat.handoff_for]), "")
            if g.seat.private_for is not None:
                return (tr("{name}: choose your secret bid", name=n[g.seat.private_for]),
                        tr("Pick a fare card (or Pass), then confirm. Cards are revealed together."))
            return (tr("Bidding: waiting for {names}", names=who) + thinking,
                    tr("Bids stay face down until all are in."))
        if d == PLACE_CALLSIGN:
            c = st.callsign_airport.index(-1)
            return (tr("{name}: place the call sign {callsign}", name=who, callsign=tr(CALLSIGNS[c])) + thinking,
                    tr("Click an airport without a call sign. Each call-sign airport gets a subsidy cube."))
        if d == PLACE_PLANE:
            left = st.N - st.on_board[st.actors[0]]
            if st.phase == MONTH_END:
                return (tr("{name}: place your leased plane", name=who) + thinking, tr("Click a route."))
            hint = tr("Click a route. The first plane next to a call-sign airport takes its subsidy cube (+50).")
            if st.board.uses_cross_border:
                hint += " " + tr("Dashed routes cross a border and need one of your 2 markers.")
            return (tr("{name}: place a plane — {left} left", name=who, left=left) + thinking, hint)
        if d == PLACE_HUB:
            return (tr("{name}: place a hub ({k} of 2)", name=who, k=len(st.hubs[st.actors[0]]) + 1) + thinking,
                    tr("Click an airport. You can only connect flights at your hubs."))
        if d == FLASH:
            return (tr("{name}: play your flash deal?", name=who) + thinking, self.flash_hint())
        if d not in _PROMPTS:
            return (f"{who}: {d}", "")  # every decision is handled above or in the table
        head, hint = _PROMPTS[d]
        return (tr(head, name=who, month=month(st.month)) + thinking, tr(hint))

    def flash_hint(self) -> str:
        """Why the flash deal is offered: what it takes to win now."""
        st = self.game.state
        q = quote.flash(st, st.actors[0])
        base = tr("Once per game: replace your fare with a lower card from your hand.")
        if q.best_nonstop is not None:
            return base + " " + tr("Your one-stop {fare} wins only at half the nonstop {best} or less ({half}).",
                                   fare=q.fare, best=q.best_nonstop, half=q.one_stop_limit)
        if q.winners and q.player not in q.winners:
            return base + " " + tr("You bid {fare}; the best bid now is {best}.", fare=q.fare, best=q.best)
        return base + " " + tr("You are tied at {fare}: a lower card wins alone.", fare=q.fare)


#: (headline, hint) of the decisions whose prompt needs only names and the month.
_PROMPTS: dict[str, tuple[str, str]] = {
    ROLL_DICE: (N_("{month}: {name} rolls the passenger dice"),
                N_("Three different call signs come up; the roller picks two as the market.")),
    CHOOSE_OD: (N_("{name}: choose the market"),
                N_("Click two of the three dice (or a button). Airlines that can fly between them may bid.")),
    ANCILLARIES: (N_("{name}: attach ancillary chits?"), N_("+100 each; the price die must reach the final price.")),
    ROLL_SENSITIVITY: (N_("{name}: roll the price-sensitivity die"),
                       N_("At least the final price: the passengers accept. Lower: they walk away to the next "
                          "best bid.")),
    CHOOSE_ITINERARY: (N_("{name}: choose which itinerary to fly"),
                       N_("Click one of your highlighted paths on the map: one plane leaves each of its routes.")),
    LEASE: (N_("{name}: lease planes?"), N_("200 each, paid with won fare cards; change is kept.")),
}
