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
from opensky.rules.constants import CALLSIGNS, REGIONAL_MARKERS
from opensky.rules.state import MONTH_END
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game import tooltips
from opensky.ui.game.layout import tray_body
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
        #: the market the roller is looking at (hovered button or dice)
        self.previewing: tuple[int, int] | None = None
        self._previews: dict[tuple, quote.MarketPreview] = {}
        #: where the controls in the tray begin (the prompt's hint stops there)
        self.controls_left = 0

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
                if d == FLASH:  # keep first, then each lower card from the highest down
                    order = [o.card for o in quote.flash_options(st, p)]
                    legal = sorted(legal, key=lambda a: order.index(a.arg) if a.arg in order else len(order))
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
            self.buttons.append(Button(self.lease_label(q), self._chooser(a), small=True, primary=True,
                                       tooltip=self.lease_tooltip(q)))

    @staticmethod
    def lease_label(q: quote.LeaseQuote) -> str:
        """The whole payment: the change spent, the cards taken back, the new change."""
        cards = " + ".join(map(str, q.cards))
        if q.cards and q.change_spent:
            return tr("Change {spent} + card {cards} → change {change}", spent=q.change_spent, cards=cards,
                      change=q.change_after)
        if q.cards:
            return tr("Card {cards} → change {change}", cards=cards, change=q.change_after)
        return tr("Pay {cost} from change → {change} left", cost=q.cost, change=q.change_after)

    @staticmethod
    def lease_tooltip(q: quote.LeaseQuote) -> str:
        if not q.cards:
            return tr("Your change {before} pays the {cost}; {change} change is left.", before=q.change_before,
                      cost=q.cost, change=q.change_after)
        return tr("{cost} to pay: your change {before} is spent first ({spent}); the won cards {cards} go back to "
                  "your hand and cover {need}; {change} is your new change.", cost=q.cost, before=q.change_before,
                  spent=q.change_spent, cards=" + ".join(map(str, q.cards)), need=q.need, change=q.change_after)

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
            odds = quote.acceptance(quote.price(st, p))
            return tr("Roll the price die: {price} needs {good} in {faces}", price=odds.price,
                      good=odds.favourable, faces=odds.faces)
        if t == CHOOSE_OD:
            pv = self.preview(a.arg)
            codes = "–".join(st.board.airports[x].code for x in pv.airports)
            return codes + " · " + trn("1 can bid", "{n} can bid", len(pv.bidders))
        if t == BID:
            return "Pass" if a.arg is None else str(a.arg)
        if t == FLASH:
            return self.flash_label(a)
        if t == ANCILLARIES:
            if a.arg == 0:
                return tr("No chits: {fare}, sure", fare=quote.price(st, p, 0))
            odds = quote.acceptance(quote.price(st, p, a.arg))
            return trn("1 chit → {price}: {good} in {faces}", "{n} chits → {price}: {good} in {faces}", a.arg,
                       price=odds.price, good=odds.favourable, faces=odds.faces)
        if t == CHOOSE_ITINERARY:
            return "–".join(st.board.airports[i].code for i in a.arg)
        if t == LEASE:
            k, cards = a.arg
            return tr("No lease") if k == 0 else trn("1 plane ({pay})", "{n} planes ({pay})", k,
                                                     pay="+".join(map(str, cards)) or tr("change"))
        return t

    def flash_label(self, a: Action) -> str:
        """“Keep 300: loses to 250”, “Lower to 250: ties”, “Lower to 200: wins alone”."""
        st = self.game.state
        p = a.player or 0
        opt = next(o for o in quote.flash_options(st, p) if o.card == a.arg)
        base = tr("Keep {fare}", fare=opt.fare) if a.arg is None else tr("Lower to {fare}", fare=opt.fare)
        if opt.verdict is quote.Verdict.WINS_ALONE:
            return base + ": " + tr("wins alone")
        if opt.verdict is quote.Verdict.TIES:
            return base + ": " + tr("ties")
        if opt.rival_stops == 0:
            return base + ": " + tr("loses to a nonstop at {fare}", fare=opt.rival_fare)
        return base + ": " + trn("loses to a one-stop at {fare}", "loses to a {n}-stop at {fare}",
                                 opt.rival_stops or 1, fare=opt.rival_fare)

    def preview(self, od: tuple[int, int]) -> quote.MarketPreview:
        """The engine's preview of a market (kept while the decision lasts)."""
        key = (od, len(self.game.ctl.session.log))
        pv = self._previews.get(key)
        if pv is None:
            if len(self._previews) > 16:
                self._previews.clear()
            pv = self._previews[key] = quote.market_preview(self.game.state, od)
        return pv

    def preview_sentence(self, od: tuple[int, int]) -> str:
        """“London–Paris (LHR–CDG): Nordwind nonstop, Sunway 1 stop; Skylark cannot fly it”."""
        st = self.game.state
        pv = self.preview(od)
        b = st.board
        head = tooltips.place_names(b, pv.airports)
        can = []
        for q in range(st.P):
            n = pv.stops[q]
            if n is None:
                continue
            cls = tr("nonstop") if n == 0 else trn("{n} stop", "{n} stops", n)
            if q not in pv.bidders:
                cls += " " + tr("(no cards left)")
            can.append(f"{st.names[q]} {cls}")
        cannot = [st.names[q] for q in range(st.P) if pv.stops[q] is None]
        text = head + ": " + (", ".join(can) if can else tr("nobody can fly it"))
        if can and cannot:
            text += "; " + trn("{names} cannot fly it", "{names} cannot fly it", len(cannot), names=", ".join(cannot))
        return text

    def update_preview(self) -> None:
        """The market being considered: the hovered choice button, or the
        dice picked and hovered (the map lights it, the tray describes it)."""
        g = self.game
        st = g.state
        od: tuple[int, int] | None = None
        if st.decision == CHOOSE_OD and st.dice is not None and not g.anim.blocking():
            for b in self.buttons:
                a = getattr(b.on_click, "action", None)
                if b.hover and a is not None and a.type == CHOOSE_OD:
                    od = a.arg
            dice = g.anim.dice
            picked = list(dict.fromkeys(dice.selected + ([dice.hover] if dice.hover is not None else [])))
            if od is None and len(picked) == 2:
                od = (min(picked), max(picked))
        if od != self.previewing:
            self.previewing = od
            g.dirty = True

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
            return ""  # the tray says who could fly it while the choice is hovered
        if t == CHOOSE_ITINERARY:
            return tooltips.place_names(st.board, a.arg) + ": " + tr(
                "Fly this itinerary: one plane leaves each of its routes")
        return ""

    def layout(self) -> None:
        """The decision's controls in the tray under the map, right-aligned
        (two rows if one would squeeze the prompt); the dice to their left
        while the market is chosen.  ``controls_left`` is where the prompt's
        hint must stop."""
        g = self.game
        s = g.s
        body = tray_body(g.bottom, s)
        f = assets.font(int(T.TYPE.small * s), "semibold")
        pad = int(24 * s)
        widths = [max(int(70 * s), f.size(tr(b.label))[0] + pad) for b in self.buttons]
        gap = int(8 * s)
        dice_w = 0
        if g.state.decision in (ROLL_DICE, CHOOSE_OD):  # the passenger dice sit in the tray
            d = min(body.h, int(72 * s))
            dice_w = 3 * d + 2 * gap
            if g.state.decision == ROLL_DICE and self.buttons:
                widths[0] = max(widths[0], int(180 * s))
        # one or two rows beside the prompt; else the whole tray's width, in
        # up to three rows, with labels cut to fit (the tooltip has them whole)
        avail = max(int(120 * s), int(body.w * 0.62) - dice_w)
        rows = _rows(widths, avail, gap)
        if len(rows) > 2:
            avail = body.w - dice_w - (int(16 * s) if dice_w else 0)
            rows = _rows(widths, avail, gap)
            most = 3 if body.h >= 3 * max(assets.MIN_TEXT_PX + 8, int(22 * s)) + 2 * int(6 * s) else 2
            if len(rows) > most:
                per = -(-len(widths) // most)
                rows = [list(range(k, min(k + per, len(widths)))) for k in range(0, len(widths), per)]
            for row in rows:
                room = (avail - gap * (len(row) - 1)) // len(row)
                if sum(widths[i] for i in row) + gap * (len(row) - 1) > avail:
                    for i in row:
                        if widths[i] > room:
                            self._cut_label(self.buttons[i], int(T.TYPE.small * s), room - pad)
                            widths[i] = room
        row_gap = int(6 * s)
        h = min(int(40 * s), (body.h - row_gap * (len(rows) - 1)) // len(rows)) if len(rows) > 1 else int(40 * s)
        total_h = len(rows) * h + (len(rows) - 1) * row_gap
        y = body.centery - total_h // 2
        left = body.right
        for row in rows:
            row_w = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = body.right - row_w
            left = min(left, x)
            for i in row:
                self.buttons[i].rect = pygame.Rect(x, y, widths[i], h)
                x += widths[i] + gap
            y += h + row_gap
        if dice_w:
            right = (left - int(16 * s)) if self.buttons else body.right
            g.anim.dice.layout(pygame.Rect(right - dice_w, body.y, dice_w, body.h), s)
            left = right - dice_w
        self.controls_left = left if (self.buttons or dice_w) else body.right

    @staticmethod
    def _cut_label(b: Button, size: int, width: int) -> None:
        """Cut ``b``'s label with an ellipsis to ``width`` pixels; the whole
        label becomes its tooltip."""
        whole = tr(b.label)
        b.tooltip = whole if not b.tooltip else whole + "\n" + tr(b.tooltip)
        b.label = D.fit(whole, size, width, "semibold")

    # ------------------------------------------------------------ the prompt
    def prompt(self) -> tuple[str, str]:
        """(headline, hint) for the decision at hand: whose decision it is, what
        it is, and a one-line rules reminder — addressed to the person who
        decides, or told as a spectator sees it when a computer decides."""
        g = self.game
        st = g.state
        n = st.names
        if st.game_over:
            return (tr("Game over"), tr("Final scores are in the panels."))
        if g.anim.blocking():
            return ("", tr("Click or press Space to skip the animation"))
        who = ", ".join(n[p] for p in st.actors)
        d = st.decision
        human = g.human_actor()
        if d == BID:
            if g.seat.handoff_for is not None:
                return (tr("Pass the screen to {name}", name=n[g.seat.handoff_for]), "")
            if g.seat.private_for is not None:
                return (tr("{name}: your secret bid — {itinerary}", name=n[g.seat.private_for],
                           itinerary=g.seat.itinerary_text()),
                        tr("Lowest fare wins; a one-stop beats a nonstop only at half its fare. "
                           "Nobody sees your card until all bids are in."))
            thinking = " " + tr("(computer is deciding…)") if g.ctl.computer_to_move() is not None else ""
            return (tr("Bidding: waiting for {names}", names=who) + thinking,
                    tr("Bids stay face down until all are in."))
        if human is None:
            return self.watch_prompt(who)
        if d == CHOOSE_OD and self.previewing is not None:
            return (tr(_PROMPTS[CHOOSE_OD][0], name=who), self.preview_sentence(self.previewing))
        if d == PLACE_CALLSIGN:
            c = st.callsign_airport.index(-1)
            return (tr("{name}: place the call sign {callsign}", name=who, callsign=tr(CALLSIGNS[c])),
                    tr("Click an airport without a call sign. Each call-sign airport gets a subsidy cube."))
        if d == PLACE_PLANE:
            left = st.N - st.on_board[st.actors[0]]
            if st.phase == MONTH_END:
                return (tr("{name}: place your leased plane", name=who), tr("Click a route."))
            hint = tr("Click a route. The first plane next to a call-sign airport takes its subsidy cube "
                      "(+{points}).", points=quote.subsidy_value(1))
            if st.board.uses_cross_border:
                hint += " " + tr("Dashed routes cross a border and need one of your {n} markers.",
                                 n=REGIONAL_MARKERS)
            return (tr("{name}: place a plane — {left} left", name=who, left=left), hint)
        if d == PLACE_HUB:
            return (tr("{name}: place a hub ({k} of 2)", name=who, k=len(st.hubs[st.actors[0]]) + 1),
                    tr("Click an airport. You can only connect flights at your hubs."))
        if d == FLASH:
            return (tr("{name}: play your flash deal?", name=who), self.flash_hint())
        if d == LEASE:
            return (tr(_PROMPTS[LEASE][0], name=who),
                    tr("{cost} a plane, paid with won fare cards; your change is spent first and the rest "
                       "over the cost becomes your new change.", cost=quote.lease_cost(1)))
        if d not in _PROMPTS:
            return (f"{who}: {d}", "")  # every decision is handled above or in the table
        head, hint = _PROMPTS[d]
        return (tr(head, name=who, month=month(st.month)), tr(hint))

    def watch_prompt(self, who: str) -> tuple[str, str]:
        """What the people at the screen see while a computer (or nobody
        here) decides: a description, not an instruction."""
        g = self.game
        st = g.state
        d = st.decision
        thinking = " " + tr("(computer is deciding…)") if g.ctl.computer_to_move() is not None else ""
        if d == PLACE_PLANE:
            left = st.N - st.on_board[st.actors[0]]
            head = tr("{name} is placing a plane — {left} left", name=who, left=left)
        elif d == PLACE_CALLSIGN:
            c = st.callsign_airport.index(-1)
            head = tr("{name} is placing the call sign {callsign}", name=who, callsign=tr(CALLSIGNS[c]))
        elif d == PLACE_HUB:
            head = tr("{name} is placing a hub ({k} of 2)", name=who, k=len(st.hubs[st.actors[0]]) + 1)
        else:
            head = tr(_WATCH.get(d or "", N_("{name} is deciding")), name=who, month=month(st.month))
        return (head + thinking, tr(_WATCH_HINTS.get(d or "", "")) if d in _WATCH_HINTS else "")

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


def _rows(widths: list[int], avail: int, gap: int) -> list[list[int]]:
    """Buttons of ``widths`` in rows of at most ``avail`` pixels, in order."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(widths):
        if rows[-1] and used + w > avail:
            rows.append([])
            used = 0
        rows[-1].append(i)
        used += w + gap
    return rows


#: A computer's decision as the people at the screen see it.
_WATCH: dict[str, str] = {
    ROLL_DICE: N_("{month}: {name} rolls the passenger dice"),
    CHOOSE_OD: N_("{name} is choosing the market"),
    FLASH: N_("{name} is considering the flash deal"),
    ANCILLARIES: N_("{name} is deciding on ancillary chits"),
    ROLL_SENSITIVITY: N_("{name} rolls the price-sensitivity die"),
    CHOOSE_ITINERARY: N_("{name} is choosing which itinerary to fly"),
    LEASE: N_("{name} is deciding whether to lease planes"),
}
_WATCH_HINTS: dict[str, str] = {
    PLACE_PLANE: N_("Each plane flies one route; the first plane next to a call-sign airport takes its subsidy "
                    "cube."),
    PLACE_HUB: N_("An airline connects flights only at its own hubs."),
    ROLL_DICE: N_("Three different call signs come up; the roller picks two as the market."),
    CHOOSE_OD: N_("Any two of the three dice: the airlines that can fly between them may bid."),
    FLASH: N_("Once per game an airline may replace its fare with a lower card from its hand."),
    ANCILLARIES: N_("+100 each; the price die must reach the final price."),
    ROLL_SENSITIVITY: N_("At least the final price: the passengers accept. Lower: they walk away to the next "
                         "best bid."),
    CHOOSE_ITINERARY: N_("One plane leaves each route of the itinerary flown."),
    LEASE: N_("Leased planes are paid with won fare cards; change is kept."),
}

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
