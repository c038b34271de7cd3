"""A readable summary of the rules, scrollable (the full illustrated rules
screen in three languages is issue #6)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.ui import assets, draw as D, theme as T
from opensky.ui.scene import Scene
from opensky.ui.widgets import Button, WidgetGroup, shadowed_panel

RULES_TEXT = [
    ("The aim", "Run the most profitable airline. After twelve months (April to March) the highest score wins: fare cards won, change, subsidies (50 each) and ancillary chits sold (100 each). Equal totals share the victory."),
    ("Network planning", "At the start of each season every airline places all its planes on routes, in serpentine order (2 players: 3 each, then 3 each in reverse; 3 players: 2 and 2; 4 players: one at a time). The first plane on a route next to a call-sign airport takes that airport's subsidy cube."),
    ("Europe: hubs", "After placing planes, each airline puts its two hub markers on two airports. Flights may connect only at your own hubs."),
    ("North America: borders", "A route between two countries needs one of your two cross-border markers, placed with your first plane there. It stays for the season and lets only you fly it."),
    ("Each month", "The roller throws three passenger dice (three different call signs) and picks two of them: the market. Every airline that can fly between those airports may bid one fare card face down, or pass."),
    ("Who wins", "The lowest fare wins; ties all win. A one-stop itinerary beats a nonstop only at half the nonstop fare or less. Itineraries with two or more stops count only when nobody has fewer stops."),
    ("Flash deals", "After the reveal, starting with the roller, a bidder who is not the sole winner may once per game swap their card for a lower one."),
    ("Ancillaries", "A single winner may add up to three ancillary chits (+100 each). Then the price die is rolled: at least the final price and the passengers accept; lower and they walk away to the next best bid."),
    ("Flying", "Every winner removes one plane from each route of the itinerary flown. Winning cards stay on the table as points; others go back to hand."),
    ("Leasing", "At month end, from the roller, airlines below their plane count may lease planes for 200 each, paid with won cards (change is kept). No leasing after October or March."),
    ("Season two", "After October every plane leaves the board, markers return, and a new network planning begins."),
]

if TYPE_CHECKING:
    from opensky.ui.app import App


class RulesScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.scroll = 0
        self.widgets = WidgetGroup()
        self.widgets.add(Button("Back", app.pop, primary=True))
        self.content_h = 0

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        pw = min(int(860 * s), w - int(40 * s))
        self.panel = pygame.Rect((w - pw) // 2, int(24 * s), pw, h - int(48 * s))
        b = self.widgets.widgets[0]
        b.rect = pygame.Rect(self.panel.right - int(150 * s), self.panel.bottom - int(62 * s), int(126 * s), int(T.BUTTON_H * s))
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
            return
        s = self.app.scale
        if e.type == pygame.MOUSEWHEEL:
            self.scroll -= int(e.y * 40 * s)
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += int((40 if e.key == pygame.K_DOWN else 300) * s)
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll -= int((40 if e.key == pygame.K_UP else 300) * s)
        self.scroll = max(0, min(self.scroll, max(0, self.content_h)))
        self.widgets.handle(e)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
        title = assets.text("How to play OpenSky", int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(title, (self.panel.x + int(32 * s), self.panel.y + int(22 * s)))
        view = pygame.Rect(self.panel.x + int(32 * s), self.panel.y + int(80 * s),
                           self.panel.w - int(64 * s), self.panel.h - int(160 * s))
        clip = surface.get_clip()
        surface.set_clip(view)
        y = view.y - self.scroll
        for head, body in RULES_TEXT:
            img = assets.text(head, int(T.TYPE.h2 * 0.8 * s), T.ACCENT_DARK, "bold")
            surface.blit(img, (view.x, y))
            y += img.get_height() + int(4 * s)
            y = D.blit_lines(surface, D.wrap(body, int(T.TYPE.body * s), view.w), (view.x, y),
                             int(T.TYPE.body * s), T.INK) + int(12 * s)
        surface.set_clip(clip)
        self.content_h = (y + self.scroll) - view.y - view.h
        if self.content_h > 0:
            hint = assets.text("Scroll for more (mouse wheel or arrow keys)", int(T.TYPE.small * s), T.INK_SOFT)
            surface.blit(hint, (view.x, self.panel.bottom - int(50 * s)))
        self.widgets.draw(surface, s)
