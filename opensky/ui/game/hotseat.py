"""Hot seat: the hand-off screen and the secret bid panel.

When two or more people share the screen, each bidder takes the seat behind
a hand-off screen before their cards show, and the screen hides them again
before the next one.  Everything here reads the game through
``Controller.view_for`` — ``player_view(state, p)`` for the bidder who has
taken the seat, ``player_view(state, None)`` for the hand-off screen — so a
rival's sealed card is not even there to be shown (DESIGN.md habit 4).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.i18n import tr, trn
from opensky.rules.actions import BID, Action
from opensky.rules.state import GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game import gamelog
from opensky.ui.game.layout import tray_body
from opensky.ui.market import draw_card
from opensky.ui.widgets import Button

if TYPE_CHECKING:
    from opensky.ui.game.scene import GameScene


class HotSeat:
    def __init__(self, game: "GameScene") -> None:
        self.game = game
        #: the bidder whose secret panel is open (the screen is theirs)
        self.private_for: int | None = None
        #: the bidder who must take the seat (the hand-off screen covers all)
        self.handoff_for: int | None = None
        self.handoff_button = Button("", self.take_seat, primary=True)
        self.confirm_button = Button("Bid", self.confirm_bid, primary=True)
        self.selected_card: int | None = None
        #: the cards of the secret panel: (value, rect), 0 = pass
        self.card_rects: list[tuple[int | None, pygame.Rect]] = []

    def state(self) -> GameState:
        """The game as the person at the screen may see it."""
        return self.game.ctl.view_for(self.private_for)

    def reset(self) -> None:
        self.selected_card = None
        self.private_for = None
        self.handoff_for = None

    def update(self) -> None:
        """Hot seat: a human bids only after taking the seat behind the hand-off
        screen, unless they are the only human at the table."""
        g = self.game
        st = g.ctl.view_for(None)  # whose turn it is is public
        if st.decision != BID or g.read_only:
            self.private_for = None
            self.handoff_for = None
            return
        waiting = sorted(g.ctl.waiting_humans(), key=lambda q: (q - st.roller) % st.P)
        if not waiting:
            self.private_for = self.handoff_for = None
        elif self.private_for in waiting:
            self.handoff_for = None
        elif sum(1 for q in g.ctl.humans() if st.stops[q] is not None) >= 2:
            # two people bid in this market: each takes the seat in turn (with
            # only one, nobody else at the screen has a card to hide it from)
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
            self.game.dirty = True
            self.game.refresh_decision()

    def bid_in(self, player: int) -> None:
        """``player``'s bid is in: close their private panel at once."""
        if player == self.private_for:
            self.private_for = None
            self.selected_card = None

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
        self.game.try_action(Action(BID, p, None if v == 0 else v))
        self.game.dirty = True

    # ------------------------------------------------------------ the secret panel
    def layout(self) -> None:
        """The hand as real cards in the tray under the map, then Pass, then
        the confirm button at the right."""
        p = self.private_for
        if p is None:
            return
        g = self.game
        s = g.s
        body = tray_body(g.bottom, s)
        f = assets.font(int(T.TYPE.small * s), "semibold")
        bw = max(int(150 * s), f.size(tr("Pass this month"))[0] + int(28 * s))
        bh = min(body.h, int(44 * s))
        self.confirm_button.rect = pygame.Rect(body.right - bw, body.centery - bh // 2, bw, bh)
        ch = min(body.h - int(8 * s), int(76 * s))
        cw = int(ch * 0.72)
        gap = int(6 * s)
        cards = self.state().hand_cards(p)
        n = len(cards) + 1
        total = n * cw + (n - 1) * gap + int(8 * s)
        x = self.confirm_button.rect.x - int(16 * s) - total
        y = body.bottom - ch
        self.card_rects = []
        for v in cards:
            self.card_rects.append((v, pygame.Rect(x, y, cw, ch)))
            x += cw + gap
        self.card_rects.append((0, pygame.Rect(x + int(8 * s), y, cw, ch)))  # 0 = pass
        sel = self.selected_value()
        self.confirm_button.label = (tr("Choose a card") if sel is None else
                                     (tr("Pass this month") if sel == 0 else tr("Bid {fare}", fare=sel)))
        self.confirm_button.enabled = sel is not None

    def controls_left(self) -> int:
        """Where the cards begin (the prompt's hint stops there)."""
        return self.card_rects[0][1].x if self.card_rects else self.confirm_button.rect.x

    def itinerary_text(self) -> str:
        """“CDG–FRA nonstop (or 1 other path)” for the bidder at the screen."""
        p = self.private_for
        assert p is not None
        st = self.state()
        path = st.paths[p][0] if st.paths[p] else ()
        codes = "–".join(st.board.airports[i].code for i in path)
        stops = st.stops[p] or 0
        cls = tr("nonstop") if stops == 0 else trn("{n} stop", "{n} stops", stops)
        others = len(st.paths[p]) - 1
        alt = " " + trn("(or 1 other path)", "(or {n} other paths)", others) if others else ""
        return f"{codes} {cls}{alt}"

    def key(self, e: pygame.event.Event) -> bool:
        """Keyboard in the secret bid panel: arrows pick a card, Enter bids."""
        if e.type != pygame.KEYDOWN:
            return False
        n = len(self.card_rects)
        if e.key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            i = self.selected_card if self.selected_card is not None else -1
            self.selected_card = (i + (1 if e.key == pygame.K_RIGHT else -1)) % n
            self.layout()
            return True
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected_card is not None:
            self.confirm_bid()
            return True
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a card of the panel picks it."""
        for i, (_, r) in enumerate(self.card_rects):
            if r.collidepoint(pos):
                self.selected_card = i
                self.layout()
                return True
        return False

    # ------------------------------------------------------------ drawing
    def draw_handoff(self, surface: pygame.Surface) -> None:
        """The hot-seat screen: covers everything until the next bidder is alone."""
        g = self.game
        s = g.s
        p = self.handoff_for
        assert p is not None
        st = self.state()
        w, h = surface.get_size()
        surface.blit(D.vertical_gradient((w, h), T.NIGHT, T.NIGHT_2), (0, 0))
        seat = g.setup.seats[p]
        D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 26 * s), (w // 2, h // 2 - int(120 * s)))
        t1 = assets.text(tr("Pass to {name}", name=seat.name), int(T.TYPE.h1 * 1.2 * s), (255, 255, 255), "bold")
        surface.blit(t1, t1.get_rect(center=(w // 2, h // 2 - int(50 * s))))
        o, t = gamelog.od_names(st.board, st.market_json() or st.last_market) if st.od is not None else ("?", "?")
        msg = tr("Click when only {name} is looking. {name} bids in secret for {o}–{t}.", name=seat.name, o=o, t=t)
        t2 = assets.text(msg, int(T.TYPE.body * s), (200, 210, 228))
        surface.blit(t2, t2.get_rect(center=(w // 2, h // 2 + int(6 * s))))
        done = [st.names[q] for q in range(st.P) if st.submitted[q] and st.stops[q] is not None]
        if done:
            t3 = assets.text(tr("Already bid: {names}", names=", ".join(done)), int(T.TYPE.small * s), (150, 165, 190))
            surface.blit(t3, t3.get_rect(center=(w // 2, h // 2 + int(34 * s))))
        self.handoff_button.draw(surface, s)

    def draw_private(self, surface: pygame.Surface) -> None:
        """The secret bid: the bidder's cards in the tray (raised when picked)."""
        s = self.game.s
        hover = pygame.mouse.get_pos()  # the real pointer: the cards follow it between events
        for i, (v, cr) in enumerate(self.card_rects):
            sel = i == self.selected_card
            rr = cr.move(0, -int(6 * s)) if sel else cr
            if v == 0:
                draw_card(surface, rr, None, s, selected=sel, hover=cr.collidepoint(hover), label="Pass")
            else:
                draw_card(surface, rr, v, s, selected=sel, hover=cr.collidepoint(hover))
