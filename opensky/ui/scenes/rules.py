"""The rules, written for this program (following RULES.md), in the player's
language, with pictures drawn by the game's own renderer.  F1 in a game opens
the part for the decision at hand."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from opensky.i18n import N_, tr, trn
from opensky.rules.actions import (
    ANCILLARIES, BID, CHOOSE_ITINERARY, CHOOSE_OD, FLASH, LEASE, PLACE_CALLSIGN, PLACE_HUB, PLACE_PLANE, ROLL_DICE,
    ROLL_SENSITIVITY,
)
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.market import DIE_FACE, draw_card
from opensky.ui.scene import Scene
from opensky.ui.widgets import Button, WidgetGroup, rounded, shadowed_panel

if TYPE_CHECKING:
    from opensky.ui.app import App

#: (id, title, text) — the text of every section, in English (the key).
SECTIONS: list[tuple[str, str, str]] = [
    ("aim", N_("The aim"), N_(
        "Run the most profitable airline. After twelve months, April to March, the highest score wins: the fare "
        "cards you won, your change, 50 for each subsidy cube and 100 for each ancillary chit you sold. Equal "
        "totals share the victory.")),
    ("planning", N_("Network planning"), N_(
        "At the start of each season every airline places all its planes on routes, in serpentine order: with two "
        "airlines three planes each, then three each in reverse order; with three, two and two; with four, one at "
        "a time. The first plane on a route next to a call-sign airport takes that airport's subsidy cube.")),
    ("hubs", N_("Europe: hubs"), N_(
        "After placing planes, each airline puts its two hub markers on two airports. Your flights may connect only "
        "at your own hubs; a nonstop flight needs no hub.")),
    ("borders", N_("North America: borders"), N_(
        "A route between two countries (dashed) needs one of your two cross-border markers, placed with your first "
        "plane there. It stays for the season and lets only you fly that route.")),
    ("month", N_("Each month: the market"), N_(
        "The roller throws three passenger dice; they show three different call signs. The roller picks two of them: "
        "the market's origin and destination. Every airline that can fly between them may bid.")),
    ("bids", N_("Secret bids"), N_(
        "Each airline that can fly the market puts one fare card face down, or passes. When every bid is in, the "
        "cards are turned over together. In hot seat, pass the screen to each bidder in turn.")),
    ("winner", N_("Who wins"), N_(
        "The lowest fare wins; ties all win. A one-stop itinerary beats a nonstop only at half the nonstop fare or "
        "less. Itineraries with two or more stops count only when nobody has fewer stops.")),
    ("flash_deals", N_("Flash deals"), N_(
        "After the reveal, starting with the roller, a bidder who is not the sole winner may, once per game, swap "
        "their card for a lower one from their hand. The window closes when everybody declines.")),
    ("price_die", N_("Ancillaries and the price die"), N_(
        "A single winner may add up to three ancillary chits, 100 each. Then the price-sensitivity die is rolled "
        "(200 to 700): at least the final price and the passengers accept; lower and they walk away to the next "
        "best bid.")),
    ("flying", N_("Flying"), N_(
        "Every winner removes one plane from each route of the itinerary flown and keeps the card face up as "
        "points. Other cards go back to hand; losers' planes stay.")),
    ("leasing", N_("Leasing"), N_(
        "At the end of a month, from the roller on, an airline below its plane count may lease planes at 200 each, "
        "paid first with change, then with won cards taken back into hand; the excess becomes change. No leasing "
        "after October or March.")),
    ("season", N_("Season two"), N_(
        "After October every plane leaves the board and the markers come back. A new network planning starts, and "
        "in Europe the hubs are placed again.")),
]

#: The section that explains each decision (F1 in a game).
DECISION_SECTION = {
    PLACE_CALLSIGN: "aim", PLACE_PLANE: "planning", PLACE_HUB: "hubs", ROLL_DICE: "month",
    CHOOSE_OD: "month", BID: "bids", FLASH: "flash_deals", ANCILLARIES: "price_die",
    ROLL_SENSITIVITY: "price_die", CHOOSE_ITINERARY: "flying", LEASE: "leasing",
}


class RulesScene(Scene):
    def __init__(self, app: "App", section: str = "aim") -> None:
        super().__init__(app)
        ids = [sid for sid, _, _ in SECTIONS]
        self.index = ids.index(section) if section in ids else 0
        self.widgets = WidgetGroup()
        self.tabs: list[Button] = []
        for i, (_, title, _) in enumerate(SECTIONS):
            b = Button(title, self._goto(i), small=True)
            self.tabs.append(b)
            self.widgets.add(b)
        self.back = self.widgets.add(Button("Back", app.pop, primary=True))

    def _goto(self, i: int) -> Callable[[], None]:
        def f() -> None:
            self.index = i
            self.dirty = True
        return f

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        pw = min(int(1100 * s), w - int(30 * s))
        self.panel = pygame.Rect((w - pw) // 2, int(16 * s), pw, h - int(32 * s))
        x = self.panel.x + int(22 * s)
        y = self.panel.y + int(80 * s)
        tab_h = max(int(26 * s), min(int(34 * s), (self.panel.bottom - y - int(80 * s)) // len(self.tabs) - int(4 * s)))
        for b in self.tabs:
            b.rect = pygame.Rect(x, y, int(270 * s), tab_h)
            y += tab_h + int(4 * s)
        self.content = pygame.Rect(x + int(290 * s), self.panel.y + int(80 * s),
                                   self.panel.right - x - int(312 * s), self.panel.h - int(160 * s))
        bh = int(T.BUTTON_H * s)
        self.back.rect = pygame.Rect(self.panel.right - int(150 * s), self.panel.bottom - bh - int(18 * s),
                                     int(126 * s), bh)
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.app.pop()
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_DOWN, pygame.K_UP):
            self.index = (self.index + (1 if e.key == pygame.K_DOWN else -1)) % len(SECTIONS)
            return
        self.widgets.handle(e)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
        title = assets.text(tr("How to play OpenSky"), int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(title, (self.panel.x + int(24 * s), self.panel.y + int(18 * s)))
        for i, b in enumerate(self.tabs):
            b.primary = i == self.index
        self.widgets.draw(surface, s)
        sid, head, body = SECTIONS[self.index]
        c = self.content
        rounded(surface, c, T.CARD, int(10 * s))
        img = assets.text(tr(head), int(T.TYPE.h2 * s), T.ACCENT_DARK, "bold")
        surface.blit(img, (c.x + int(20 * s), c.y + int(16 * s)))
        pic = pygame.Rect(c.x + int(20 * s), c.y + int(56 * s), c.w - int(40 * s), int(min(190 * s, c.h * 0.42)))
        rounded(surface, pic, T.mix(T.PAPER, T.CARD, 0.5), int(8 * s))
        PICTURES.get(sid, lambda *a: None)(surface, pic, s)
        lines = D.wrap(tr(body), int(T.TYPE.body * s), c.w - int(40 * s))
        D.blit_lines(surface, lines, (c.x + int(20 * s), pic.bottom + int(16 * s)), int(T.TYPE.body * s), T.INK)
        hint = assets.text(tr("F1 in a game opens the rule for the decision at hand."), int(T.TYPE.small * s), T.INK_SOFT)
        surface.blit(hint, (self.panel.x + int(24 * s), self.back.rect.centery - hint.get_height() // 2))


# ---------------------------------------------------------------- pictures
# Small scenes drawn with the same pieces as the board and the bid table.

_SEATS = [((0, 94, 184), "circle"), ((230, 126, 0), "triangle"), ((136, 68, 170), "square")]


def _airport(surf: pygame.Surface, p: tuple[float, float], s: float, code: str, ring: tuple[int, int, int] | None = None) -> None:
    if ring:
        pygame.draw.circle(surf, ring, p, 13 * s, max(2, int(3 * s)))
    pygame.draw.circle(surf, T.AIRPORT_RING, p, 8 * s)
    pygame.draw.circle(surf, (255, 255, 255), p, 6.5 * s)
    img = assets.text(code, int(12 * s), T.INK, "bold")
    surf.blit(img, img.get_rect(midtop=(p[0], p[1] + 11 * s)))


def _route(surf: pygame.Surface, a: tuple[float, float], b: tuple[float, float], s: float, dashed: bool = False) -> None:
    if dashed:
        L = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / L, (b[1] - a[1]) / L
        t = 0.0
        while t < L:
            e = min(L, t + 8 * s)
            pygame.draw.line(surf, T.ROUTE, (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e), max(2, int(3 * s)))
            t = e + 6 * s
    else:
        pygame.draw.line(surf, T.ROUTE, a, b, max(2, int(3 * s)))


def _token(surf: pygame.Surface, p: tuple[float, float], s: float, k: int = 0) -> None:
    col, shape = _SEATS[k]
    D.blit_center(surf, D.emblem_sprite(shape, col, 8 * s), p)


def _pic_planning(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    a, b, c = (r.x + r.w * 0.18, r.centery), (r.centerx, r.y + r.h * 0.3), (r.x + r.w * 0.82, r.centery + 10 * s)
    _route(surf, a, b, s)
    _route(surf, b, c, s)
    for p, code in ((a, "AAA"), (b, "BBB"), (c, "CCC")):
        _airport(surf, p, s, code)
    badge = (b[0] - 26 * s, b[1] - 4 * s)
    pygame.draw.circle(surf, T.GOLD, badge, 10 * s)
    img = assets.text("A", int(12 * s), T.INK, "bold")
    surf.blit(img, img.get_rect(center=badge))
    pygame.draw.rect(surf, (240, 205, 90), pygame.Rect(badge[0] - 30 * s, badge[1] - 6 * s, 12 * s, 12 * s), border_radius=2)
    _token(surf, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), s, 0)
    _token(surf, ((b[0] + c[0]) / 2, (b[1] + c[1]) / 2), s, 1)
    D.plane_icon(surf, (r.x + r.w * 0.62, r.y + r.h * 0.22), 14 * s, 0.5, _SEATS[1][0])


def _pic_hubs(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    a, b, c = (r.x + r.w * 0.15, r.centery), (r.centerx, r.centery - 30 * s), (r.x + r.w * 0.85, r.centery)
    _route(surf, a, b, s)
    _route(surf, b, c, s)
    pygame.draw.line(surf, _SEATS[0][0], a, b, max(3, int(5 * s)))
    pygame.draw.line(surf, _SEATS[0][0], b, c, max(3, int(5 * s)))
    _airport(surf, a, s, "LIS")
    _airport(surf, b, s, "MAD", ring=_SEATS[0][0])
    _airport(surf, c, s, "FCO")
    _token(surf, (b[0] + 20 * s, b[1] + 18 * s), s, 0)


def _pic_borders(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    a, b = (r.x + r.w * 0.2, r.centery + 10 * s), (r.x + r.w * 0.8, r.centery - 10 * s)
    pygame.draw.line(surf, (200, 80, 60), (r.centerx, r.y + 10 * s), (r.centerx, r.bottom - 10 * s), max(1, int(2 * s)))
    _route(surf, a, b, s, dashed=True)
    _airport(surf, a, s, "YYZ")
    _airport(surf, b, s, "JFK")
    tag = pygame.Rect(0, 0, int(16 * s), int(16 * s))
    tag.center = (int(r.centerx), int(r.centery - 22 * s))
    pygame.draw.rect(surf, _SEATS[0][0], tag, border_radius=3)
    _token(surf, (r.centerx + 24 * s, r.centery + 4 * s), s, 0)


def _pic_month(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    d = int(min(70 * s, r.h * 0.6))
    x = r.centerx - (3 * d + 40 * s) // 2
    for i, (letter, name) in enumerate((("A", "Alpha"), ("C", "Charlie"), ("E", "Echo"))):
        die = pygame.Rect(int(x + i * (d + 20 * s)), r.centery - d // 2, d, d)
        rounded(surf, die, DIE_FACE, int(10 * s))
        rounded(surf, die, T.ACCENT if i < 2 else T.LINE, int(10 * s), max(2, int(3 * s)))
        img = assets.text(letter, int(d * 0.42), T.INK, "bold")
        surf.blit(img, img.get_rect(center=(die.centerx, die.y + d * 0.4)))
        img = assets.text(tr(name), int(11 * s), T.INK_SOFT, "semibold")
        surf.blit(img, img.get_rect(center=(die.centerx, die.y + d * 0.78)))


def _cards(surf: pygame.Surface, r: pygame.Rect, s: float, cards: list[tuple[int | None, bool, bool]]) -> None:
    cw, ch = int(54 * s), int(74 * s)
    x = r.centerx - (len(cards) * (cw + 16 * s)) // 2
    for i, (v, up, won) in enumerate(cards):
        c = pygame.Rect(int(x + i * (cw + 16 * s)), r.centery - ch // 2, cw, ch)
        draw_card(surf, c, v, s, face_up=up, won=won)


def _pic_bids(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    _cards(surf, r, s, [(None, False, False), (None, False, False), (300, True, False), (250, True, True)])


def _pic_winner(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    left = pygame.Rect(r.x, r.y, r.w // 2, r.h)
    right = pygame.Rect(r.centerx, r.y, r.w // 2, r.h)
    _cards(surf, left, s, [(400, True, False)])
    _cards(surf, right, s, [(200, True, True)])
    for rect, txt in ((left, tr("nonstop")), (right, trn("{n} stop", "{n} stops", 1))):
        img = assets.text(txt, int(13 * s), T.INK_SOFT, "semibold")
        surf.blit(img, img.get_rect(midtop=(rect.centerx, rect.bottom - 24 * s)))
    img = assets.text("≤ ½", int(26 * s), T.ACCENT_DARK, "bold")
    surf.blit(img, img.get_rect(center=r.center))


def _pic_flash(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    _cards(surf, r, s, [(300, True, False), (250, True, True)])
    img = assets.text("→", int(28 * s), T.ACCENT_DARK, "bold")
    surf.blit(img, img.get_rect(center=r.center))


def _pic_ancillaries(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    c = pygame.Rect(0, 0, int(54 * s), int(74 * s))
    c.center = (int(r.x + r.w * 0.25), r.centery)
    draw_card(surf, c, 300, s, won=True)
    for i in range(2):
        pygame.draw.circle(surf, T.ACCENT, (r.x + r.w * 0.42 + i * 26 * s, r.centery), 11 * s)
        img = assets.text("+100", int(8 * s), (255, 255, 255), "bold")
        surf.blit(img, img.get_rect(center=(r.x + r.w * 0.42 + i * 26 * s, r.centery)))
    die = pygame.Rect(0, 0, int(58 * s), int(58 * s))
    die.center = (int(r.x + r.w * 0.75), r.centery)
    rounded(surf, die, DIE_FACE, int(10 * s))
    rounded(surf, die, T.GOOD, int(10 * s), max(2, int(3 * s)))
    img = assets.text("600", int(18 * s), T.INK, "bold")
    surf.blit(img, img.get_rect(center=die.center))
    img = assets.text("≥ 500", int(13 * s), T.GOOD, "bold")
    surf.blit(img, img.get_rect(midtop=(die.centerx, die.bottom + 4 * s)))


def _pic_flying(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    a, b, c = (r.x + r.w * 0.15, r.centery + 20 * s), (r.centerx, r.centery - 20 * s), (r.x + r.w * 0.85, r.centery + 20 * s)
    _route(surf, a, b, s)
    _route(surf, b, c, s)
    for p, code in ((a, "CDG"), (b, "FRA"), (c, "VIE")):
        _airport(surf, p, s, code)
    D.plane_icon(surf, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 16 * s), 16 * s, math.atan2(b[1] - a[1], b[0] - a[0]), _SEATS[0][0])
    D.plane_icon(surf, ((b[0] + c[0]) / 2, (b[1] + c[1]) / 2 - 16 * s), 16 * s, math.atan2(c[1] - b[1], c[0] - b[0]), _SEATS[0][0])


def _pic_leasing(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    _cards(surf, pygame.Rect(r.x, r.y, r.w // 2, r.h), s, [(250, True, True)])
    img = assets.text("→", int(28 * s), T.ACCENT_DARK, "bold")
    surf.blit(img, img.get_rect(center=r.center))
    D.plane_icon(surf, (r.x + r.w * 0.72, r.centery), 22 * s, -math.pi / 2, _SEATS[1][0])
    img = assets.text("+50", int(14 * s), T.INK_SOFT, "bold")
    surf.blit(img, img.get_rect(center=(r.x + r.w * 0.86, r.centery)))


def _pic_season(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    for i in range(3):
        D.plane_icon(surf, (r.x + r.w * (0.3 + 0.2 * i), r.centery - 10 * s + i * 8 * s), 16 * s, -0.6, _SEATS[i][0])
    img = assets.text(tr("November"), int(16 * s), T.INK_SOFT, "bold")
    surf.blit(img, img.get_rect(midtop=(r.centerx, r.bottom - 30 * s)))


def _pic_aim(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    _cards(surf, pygame.Rect(r.x, r.y, int(r.w * 0.6), r.h), s, [(500, True, True), (300, True, True), (250, True, True)])
    pygame.draw.rect(surf, (240, 205, 90), pygame.Rect(r.x + r.w * 0.68, r.centery - 8 * s, 16 * s, 16 * s), border_radius=3)
    pygame.draw.circle(surf, T.ACCENT, (r.x + r.w * 0.8, r.centery), 11 * s)


PICTURES: dict[str, Callable[[pygame.Surface, pygame.Rect, float], None]] = {
    "aim": _pic_aim, "planning": _pic_planning, "hubs": _pic_hubs, "borders": _pic_borders,
    "month": _pic_month, "bids": _pic_bids, "winner": _pic_winner, "flash_deals": _pic_flash,
    "price_die": _pic_ancillaries, "flying": _pic_flying, "leasing": _pic_leasing, "season": _pic_season,
}
