"""What the animator shows over the map: the dice tray or the table of bids
with the price die, the flying planes, the announcements and the month's
summary card — where each box goes and how it is drawn.

``Stage`` is the drawing half of ``Animator`` (animator.py tells the story;
this shows it).  Each box over the map is placed with ``layout.clear_box``
when its step starts (and again when the window changes size), never in
``draw``; ``overlay_rects`` lists them by name.  While a market's story is
told the table shows only the part of the verdict told so far.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from opensky.i18n import tr
from opensky.rules.actions import CHOOSE_OD, ROLL_DICE
from opensky.rules.state import MARKETING, PRICING, GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game import gamelog, summary
from opensky.ui.game.layout import Marks, clear_box, market_marks, path_marks
from opensky.ui.game.story import Story
from opensky.ui.market import BidTable, DiceTray, PriceDie
from opensky.ui.tween import Tween

if TYPE_CHECKING:
    from opensky.ui.game.scene import GameScene

Point = tuple[float, float]


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


class Stage:
    """The boxes over the map and the drawing (a part of ``Animator``)."""
    game: "GameScene"
    story: Story
    dice: DiceTray
    table: BidTable
    price_die: PriceDie
    die_box: pygame.Rect | None
    flights: list[Flight]
    toasts: list[tuple[str, Tween]]
    toast_boxes: dict[int, pygame.Rect]
    card: tuple[summary.Tale, Tween, pygame.Rect] | None
    flashed: set[int]
    ending: bool
    held_market: dict | None
    told_winners: list[int] | None
    told_walked: int | None
    told_won: set[int]
    _paths: list[tuple[int, ...]]
    _placed_for: tuple

    # ------------------------------------------------------------ placing what floats over the map
    def _layout_key(self) -> tuple:
        g = self.game
        return (tuple(g.board_rect), g.s, tuple(self.table.rect)) if hasattr(g, "board_rect") else ()

    def _marks(self, st: GameState, avoid: list[pygame.Rect]) -> Marks:
        """What a box over the map must not hide: the market's airports and
        itineraries (the flown ones too), and the boxes already there."""
        g = self.game
        market = self.shown_market(st)
        marks = market_marks(st, g.view, market)
        for path in self._paths:
            path_marks(g.view, path, marks)
        marks.rects.extend(r.inflate(int(12 * g.s), int(12 * g.s)) for r in avoid)
        return marks

    def _place_die(self) -> None:
        g = self.game
        st = g.state
        s = g.s
        avoid = [self.table.rect] if self.shown_market(st) is not None else []
        w, h = self.price_die.size(s)
        # under the table, with room between them for the verdict's two announcements
        y = max([g.board_rect.centery] + [r.bottom + int(116 * s) + h // 2 for r in avoid])
        self.die_box = clear_box((w, h), g.board_rect, self._marks(st, avoid), prefer=(g.board_rect.centerx, y))

    def _toast_size(self, text: str) -> tuple[int, int]:
        s = self.game.s
        img = assets.text(text, int(T.TYPE.body * s), (255, 255, 255), "semibold")
        return (img.get_width() + int(32 * s), img.get_height() + int(16 * s))

    def _place_toasts(self) -> None:
        """The announcements as one block, each under the one before, near
        the top of the map (under the table of bids), clear of the market."""
        g = self.game
        if not hasattr(g, "board_rect"):
            return
        st = g.state
        s = g.s
        table = [self.table.rect] if self.shown_market(st) is not None else []
        avoid = table + ([self.die_box] if self.die_box is not None and self.price_die.tween is not None else [])
        top = max([g.board_rect.y + int(24 * s)] + [r.bottom + int(12 * s) for r in table])
        gap = int(6 * s)
        sizes = [self._toast_size(text) for text, _ in self.toasts]
        self.toast_boxes = {}
        if not sizes:
            return
        w = max(x for x, _ in sizes)
        h = sum(y for _, y in sizes) + gap * (len(sizes) - 1)
        block = clear_box((w, h), g.board_rect, self._marks(st, avoid), prefer=(g.board_rect.centerx, top + h / 2))
        y = block.y
        for (_, tw), (bw, bh) in zip(self.toasts, sizes):
            self.toast_boxes[id(tw)] = pygame.Rect(block.centerx - bw // 2, y, bw, bh)
            y += bh + gap

    def _card_box(self, tale: summary.Tale) -> pygame.Rect:
        g = self.game
        st = g.state
        size = summary.card_size(tale, st.board, st.names, g.s)
        marks = market_marks(st, g.view, None)
        for path in self._paths:
            path_marks(g.view, path, marks)
        if tale.airports:
            path_marks(g.view, [st.board.airport_index[c] for c in tale.airports], marks)
        return clear_box(size, g.board_rect, marks, prefer=g.board_rect.center)

    def _place_all(self) -> None:
        """The window changed size: every box finds its place again."""
        g = self.game
        self._placed_for = self._layout_key()
        if not self._placed_for:
            return
        if self.price_die.tween is not None:
            self._place_die()
        self._place_toasts()
        if self.card is not None:
            tale, tw, _ = self.card
            self.card = (tale, tw, self._card_box(tale))
        g.dirty = True

    # ------------------------------------------------------------ what is shown
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
        market = self.shown_market(st)
        if market is not None and not self.dice_shown(st):
            out.append(("bid table", self.table.rect.copy()))
            if self.price_die.tween is not None and self.die_box is not None:
                out.append(("price die", self.die_box.copy()))
        for text, tw in self.toasts:
            box = self.toast_boxes.get(id(tw))
            if box is not None:
                out.append(("toast", box.copy()))
        if self.card is not None:
            out.append(("month summary", self.card[2].copy()))
        return out

    def shown_market(self, st: GameState) -> dict | None:
        """The market on the table: the current one while it is priced, and
        the finished one while its story is told (until the summary), with
        only the part of the verdict told so far."""
        if self.ending:
            return self._masked(self.held_market, st) if self.held_market is not None else None
        if st.phase == PRICING and st.od is not None:
            return self._masked(st.market_json(), st)
        return None

    def _masked(self, market: dict | None, st: GameState) -> dict | None:
        if market is None or not self.story.active or self.told_winners is None:
            return market
        out = dict(market)
        out["winners"] = [st.names[q] for q in self.told_winners] if market.get("revealed") else []
        out.pop("walked_away", None)
        if "flown" in market:  # who travelled is told with their verdict
            out["flown"] = {n: v for n, v in market["flown"].items() if st.names.index(n) in self.told_won}
        if self.told_walked is not None:
            out["walked_away"] = st.names[self.told_walked]
        return out

    def dice_shown(self, st: GameState) -> bool:
        """The dice tray is on the board (the market is being chosen)."""
        return (not self.ending and st.phase == MARKETING
                and (st.decision in (ROLL_DICE, CHOOSE_OD) or bool(self.dice.roll)))

    def verdict_shown(self) -> list[str]:
        """What of the verdict is on screen now (for tests): the toasts'
        texts and the summary card's lines."""
        out = [text for text, _ in self.toasts]
        if self.card is not None:
            st = self.game.state
            out += [self.card[0].title(st.board)] + [t for _, t in self.card[0].items(st.names)]
        return out

    # ------------------------------------------------------------ drawing
    def draw_market(self, surface: pygame.Surface, st: GameState) -> None:
        """The dice while the market is chosen; the bid table and the price
        die while it is priced and told."""
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
        if market is None:
            return
        o, t = gamelog.od_names(st.board, market)
        title = f"{tr(market['od'][0])} – {tr(market['od'][1])}: {o} – {t}"
        self.table.draw(surface, market, st.names, title, self.flashed)
        if self.price_die.tween is not None and self.die_box is not None:
            self.price_die.draw(surface, self.die_box, g.s)

    def draw_flights(self, surface: pygame.Surface) -> None:
        g = self.game
        for f in self.flights:
            if not f.tween.started:
                continue
            seat = g.setup.seats[f.player]
            size = g.view.token_radius() * (1.1 if f.landing else 1.0)  # lands at its parked size
            D.blit_center(surface, D.plane_sprite(T.seat_rgb(seat), size, f.angle()), f.pos())

    def draw_toasts(self, surface: pygame.Surface) -> None:
        """The announcements, then the month's summary card over them."""
        g = self.game
        s = g.s
        for text, tw in self.toasts:
            box = self.toast_boxes.get(id(tw))
            if box is None:
                continue
            v = tw.raw
            alpha = int(255 * min(1.0, v / 0.06)) if v < 0.06 else (255 if v < 0.8 else int(255 * (1 - (v - 0.8) / 0.2)))
            img = assets.text(text, int(T.TYPE.body * s), (255, 255, 255), "semibold")
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*T.NIGHT, 232), layer.get_rect(), border_radius=int(12 * s))
            layer.blit(img, img.get_rect(center=(box.w // 2, box.h // 2)))
            layer.set_alpha(alpha)
            surface.blit(layer, box.topleft)
        if self.card is not None:
            tale, tw, box = self.card
            v = tw.raw
            alpha = 255 if 0.1 <= v <= 0.88 else int(255 * (v / 0.1 if v < 0.1 else (1 - v) / 0.12))
            st = g.state
            summary.draw_card(surface, box, tale, st.board, st.names, g.setup.seats, s, max(0, min(255, alpha)))
