"""The rules, written for this program (following RULES.md), in the player's
language, with pictures drawn by the game's own renderer.  F1 in a game opens
the part for the decision at hand.

Both games are here: a switch at the top shows OpenSky's pages or Blue
Skies' (``rules_bs.py``: its pages and pictures).  ``RulesScene(app,
section, game=BLUE_SKIES)`` opens on Blue Skies' part (``section`` one of
``rules_bs.SECTIONS``' ids, or a Blue Skies decision such as
``state.decision``, which opens the page that explains it)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from opensky.i18n import N_, tr, trn
from opensky.play.seats import BLUE_SKIES, OPENSKY
from opensky.rules.actions import (
    ANCILLARIES, BID, CHOOSE_ITINERARY, CHOOSE_OD, FLASH, LEASE, PLACE_CALLSIGN, PLACE_HUB, PLACE_PLANE, ROLL_DICE,
    ROLL_SENSITIVITY,
)
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.market import DIE_FACE, draw_card
from opensky.ui.scenes import rules_bs
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


#: The game names on the switch (names: the same in every language).
GAME_NAMES = {OPENSKY: "OpenSky", BLUE_SKIES: "Blue Skies"}


class RulesScene(Scene):
    """The rules of one game, page by page, with a switch to the other game's.
    ``section`` is a page id of ``game`` (an unknown one opens the first)."""

    def __init__(self, app: "App", section: str = "aim", game: str = OPENSKY) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.game_buttons: dict[str, Button] = {}
        self.set_game(game if game in GAME_NAMES else OPENSKY, section)

    @property
    def sections(self) -> list[tuple[str, str, str]]:
        """The pages of the game shown."""
        return rules_bs.SECTIONS if self.game == BLUE_SKIES else SECTIONS

    @property
    def pictures(self) -> dict[str, Callable[[pygame.Surface, pygame.Rect, float], None]]:
        return rules_bs.PICTURES if self.game == BLUE_SKIES else PICTURES

    def set_game(self, game: str, section: str = "") -> None:
        """Show ``game``'s pages, open on ``section`` (else the first)."""
        self.game = game
        if game == BLUE_SKIES:  # a Blue Skies decision opens the page that explains it
            section = rules_bs.DECISION_SECTION.get(section, section)
        ids = [sid for sid, _, _ in self.sections]
        self.index = ids.index(section) if section in ids else 0
        self.widgets.clear()
        self.tabs: list[Button] = []
        for i, (_, title, _) in enumerate(self.sections):
            b = Button(title, self._goto(i), small=True)
            self.tabs.append(b)
            self.widgets.add(b)
        for g in GAME_NAMES:  # the game switch (its labels are names: tr leaves them as they are)
            gb = Button(GAME_NAMES[g], self._switch(g), small=True, tooltip="Show this game's rules")
            self.game_buttons[g] = gb
            self.widgets.add(gb)
        self.back = Button("Back", self.app.pop, primary=True)
        self.widgets.add(self.back)
        self._mark()
        if hasattr(self, "panel"):
            self.resize(self.app.size)

    def _mark(self) -> None:
        """Light the tab of the page shown and the game shown (on a change,
        so that ``draw`` changes nothing)."""
        for i, b in enumerate(self.tabs):
            b.primary = i == self.index
        for g, b in self.game_buttons.items():
            b.primary = g == self.game
        self.dirty = True

    def _goto(self, i: int) -> Callable[[], None]:
        def f() -> None:
            self.index = i
            self._mark()
        return f

    def _switch(self, game: str) -> Callable[[], None]:
        def f() -> None:
            if game != self.game:
                self.set_game(game)
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
        # the tabs as wide as their longest title (with the 12 px text floor a
        # long Swedish title outgrew a fixed width at 960×600)
        font = assets.font(int(T.TYPE.small * s), "semibold")
        longest = max(font.size(tr(b.label))[0] for b in self.tabs)
        tab_w = min(int(self.panel.w * 0.4), max(int(270 * s), longest + int(24 * s)))
        for b in self.tabs:
            b.rect = pygame.Rect(x, y, tab_w, tab_h)
            y += tab_h + int(4 * s)
        cx = x + tab_w + int(20 * s)
        self.content = pygame.Rect(cx, self.panel.y + int(80 * s),
                                   self.panel.right - int(22 * s) - cx, self.panel.h - int(160 * s))
        bh = int(T.BUTTON_H * s)
        self.back.rect = pygame.Rect(self.panel.right - int(150 * s), self.panel.bottom - bh - int(18 * s),
                                     int(126 * s), bh)
        # the game switch at the top right, beside the title
        sw_w, sw_h = int(130 * s), int(34 * s)
        x = self.panel.right - int(22 * s) - len(self.game_buttons) * (sw_w + int(6 * s)) + int(6 * s)
        for b in self.game_buttons.values():
            b.rect = pygame.Rect(x, self.panel.y + int(24 * s), sw_w, sw_h)
            x += sw_w + int(6 * s)
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    #: The height a picture is drawn for at scale 1 (design pixels), and how
    #: much larger than that it may grow on a tall page.
    PIC_H, PIC_GROW = 190, 1.7

    def picture_rect(self, s: float) -> tuple[pygame.Rect, float]:
        """The picture's box on the page and the scale its drawing uses: the
        picture takes about half the page (the text below needs the rest at
        most), and its pieces grow with it."""
        c = self.content
        top = c.y + int(60 * s)
        h = int(max(self.PIC_H * s * 0.8, min(c.h * 0.6, c.bottom - top - int(130 * s))))
        pic = pygame.Rect(c.x + int(20 * s), top, c.w - int(40 * s), h)
        ps = s * max(0.8, min(self.PIC_GROW, h / (self.PIC_H * s), pic.w / (520 * s)))
        return pic, ps

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.app.pop()
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_DOWN, pygame.K_UP):
            self.index = (self.index + (1 if e.key == pygame.K_DOWN else -1)) % len(self.sections)
            self._mark()
            return
        self.widgets.handle(e)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
        heading = tr("How to play {game}", game=GAME_NAMES[self.game])
        room = self.game_buttons[OPENSKY].rect.x - int(16 * s) - (self.panel.x + int(24 * s))
        title = assets.text(D.fit(heading, int(T.TYPE.h1 * s), room, "bold"), int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(title, (self.panel.x + int(24 * s), self.panel.y + int(18 * s)))
        self.widgets.draw(surface, s)
        sid, head, body = self.sections[self.index]
        c = self.content
        rounded(surface, c, T.CARD, int(10 * s))
        img = assets.text(tr(head), int(T.TYPE.h2 * s), T.ACCENT_DARK, "bold")
        surface.blit(img, (c.x + int(20 * s), c.y + int(16 * s)))
        pic, ps = self.picture_rect(s)
        rounded(surface, pic, T.mix(T.PAPER, T.CARD, 0.5), int(8 * s))
        self.pictures.get(sid, lambda *a: None)(surface, pic, ps)
        size = int(T.TYPE.body * s * 1.06)
        lines = D.wrap(tr(body), size, c.w - int(48 * s))
        D.blit_lines(surface, lines, (c.x + int(24 * s), pic.bottom + int(18 * s)), size, T.INK)
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
    surf.blit(img, _code_rect(p, s, img.get_size()))


def _code_rect(p: tuple[float, float], s: float, size: tuple[int, int]) -> pygame.Rect:
    """Where an airport's code goes: centred under its dot."""
    r = pygame.Rect((0, 0), size)
    r.midtop = (int(p[0]), int(p[1] + 11 * s))
    return r


def _hub_pin(p: tuple[float, float], s: float) -> tuple[tuple[float, float], float]:
    """(centre, radius) of the hub marker of the airport at ``p``: on a pin
    above its ring, so the code under the airport stays readable."""
    return (p[0], p[1] - 34 * s), 12 * s


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
    """A one-stop itinerary LIS–MAD–FCO that connects at the airline's hub in
    MAD (the ring and its marker above the airport, clear of the code), and
    a nonstop LIS–CDG that needs no hub."""
    a, b, c = (r.x + r.w * 0.14, r.y + r.h * 0.66), (r.x + r.w * 0.46, r.y + r.h * 0.5), (r.x + r.w * 0.86, r.y + r.h * 0.64)
    d = (r.x + r.w * 0.36, r.y + r.h * 0.2)
    _route(surf, a, b, s)
    _route(surf, b, c, s)
    _route(surf, a, d, s)
    col = _SEATS[0][0]
    pygame.draw.line(surf, col, a, b, max(3, int(5 * s)))
    pygame.draw.line(surf, col, b, c, max(3, int(5 * s)))
    _airport(surf, a, s, "LIS")
    _airport(surf, b, s, "MAD", ring=col)
    _airport(surf, c, s, "FCO")
    _airport(surf, d, s, "CDG")
    # the hub marker: the airline's emblem on a pin above the ring
    pin, pr = _hub_pin(b, s)
    pygame.draw.line(surf, col, (b[0], b[1] - 13 * s), (pin[0], pin[1] + pr), max(2, int(2 * s)))
    pygame.draw.circle(surf, (255, 255, 255), pin, pr)
    pygame.draw.circle(surf, col, pin, pr, max(2, int(2 * s)))
    D.blit_center(surf, D.emblem_sprite(_SEATS[0][1], col, 7 * s), pin)
    img = assets.text(tr("hub"), int(13 * s), col, "bold")
    surf.blit(img, img.get_rect(midleft=(pin[0] + pr + 6 * s, pin[1])))
    img = assets.text(trn("{n} stop", "{n} stops", 1), int(13 * s), T.INK_SOFT, "semibold")
    surf.blit(img, img.get_rect(midtop=((b[0] + c[0]) / 2, (b[1] + c[1]) / 2 + 10 * s)))
    img = assets.text(tr("nonstop"), int(13 * s), T.INK_SOFT, "semibold")
    mid = ((a[0] + d[0]) / 2, (a[1] + d[1]) / 2)
    surf.blit(img, img.get_rect(midright=(mid[0] - 10 * s, mid[1])))


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
    """A one-stop bid against a nonstop, twice: at half the nonstop fare or
    less it wins (200 ≤ ½ × 400), above half it loses (250 > ½ × 400)."""
    cw, ch = int(46 * s), int(64 * s)
    label = int(12 * s)
    rows = ((200, True, "≤", N_("the one-stop wins")), (250, False, ">", N_("the nonstop wins")))
    for i, (one_stop, one_wins, sign, verdict) in enumerate(rows):
        cy = r.y + r.h * (0.27 + 0.48 * i)
        for k, (value, kind, won) in enumerate(((400, tr("nonstop"), not one_wins),
                                                (one_stop, trn("{n} stop", "{n} stops", 1), one_wins))):
            cx = r.x + r.w * (0.1 + 0.16 * k)
            card = pygame.Rect(0, 0, cw, ch)
            card.center = (int(cx), int(cy - 6 * s))
            draw_card(surf, card, value, s, won=won)
            img = assets.text(kind, label, T.INK_SOFT, "semibold")
            surf.blit(img, img.get_rect(midtop=(cx, card.bottom + 4 * s)))
        img = assets.text(f"{one_stop} {sign} ½ × 400", int(22 * s), T.ACCENT_DARK, "bold")
        surf.blit(img, img.get_rect(midleft=(r.x + r.w * 0.42, cy - 6 * s)))
        img = assets.text("→ " + tr(verdict), int(15 * s), T.GOOD if one_wins else T.INK, "bold")
        surf.blit(img, img.get_rect(midleft=(r.x + r.w * 0.42, cy + 20 * s)))
    pygame.draw.line(surf, T.mix(T.LINE, T.CARD, 0.4), (r.x + 16 * s, r.centery + 2 * s),
                     (r.right - 16 * s, r.centery + 2 * s), 1)


def _pic_flash(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    _cards(surf, pygame.Rect(r.x + r.w // 4, r.y, r.w // 4, r.h), s, [(300, True, False)])
    _cards(surf, pygame.Rect(r.centerx, r.y, r.w // 4, r.h), s, [(250, True, True)])
    img = assets.text("→", int(28 * s), T.ACCENT_DARK, "bold")
    surf.blit(img, img.get_rect(center=r.center))


def _pic_ancillaries(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    c = pygame.Rect(0, 0, int(54 * s), int(74 * s))
    c.center = (int(r.x + r.w * 0.25), r.centery)
    draw_card(surf, c, 300, s, won=True)
    img = assets.text("+100", int(11 * s), (255, 255, 255), "bold")
    rad = max(17 * s, img.get_width() / 2 + 5)  # the text fits the chit even at the 12 px floor
    for i in range(2):
        p = (r.x + r.w * 0.4 + i * (2 * rad + 6 * s), r.centery)
        pygame.draw.circle(surf, T.ACCENT, p, rad)
        surf.blit(img, img.get_rect(center=p))
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
