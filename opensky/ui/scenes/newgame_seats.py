"""The pieces of New game that do not depend on the screen's layout: the two
games it offers (with their descriptions and the computer levels each one
explains), the remembered setups (``Settings.last_setup`` for OpenSky,
``Settings.last_bs_setup`` for Blue Skies), and the controls of a seat row
(colour swatches, the emblem button) and of the game choice (``GameCard``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from opensky.i18n import N_, tr
from opensky.play.seats import BLUE_SKIES, MAX_SEATS, OPENSKY
from opensky.settings import HUMAN, last_bs_setup, last_setup
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.setup import GameSetup, Seat
from opensky.ui.widgets import Widget, rounded

if TYPE_CHECKING:
    from opensky.ui.scenes.newgame import NewGameScene

#: The one Blue Skies board (``boards/usa.yaml``).
BS_BOARD = "usa"

#: Who designed each game (shown on its card); None: the rules we have do
#: not name a designer, so the card names none.
DESIGNERS: dict[str, str | None] = {OPENSKY: None, BLUE_SKIES: "Joe Huber"}
#: The game names are names: shown as they are in every language.
GAME_NAMES = {OPENSKY: "OpenSky", BLUE_SKIES: "Blue Skies"}
#: One line about each game.
GAME_LINES = {
    OPENSKY: N_("Bid secret fares for the passengers the dice call."),
    BLUE_SKIES: N_("Open gates at US airports and carry their passengers."),
}

#: the computer levels offered per seat, by name (the guide below explains them)
LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "expert": N_("Expert")}
#: a seat's kind for a friend on another computer (``Seat.bot`` of a seat that
#: is not a person here): the game is then hosted (``ui.online.lobby``)
REMOTE_KIND = "remote"
#: if a friend is away, a computer plays for them after (settings value → seconds, None: never)
AWAY_AFTER = {"2": 120.0, "5": 300.0, "never": None}
#: one line per computer level, shown under the seats for the levels chosen
LEVEL_GUIDE = (
    ("easy", N_("Plays by rules of thumb and makes mistakes: good for learning the game.")),
    ("normal", N_("Values routes by the chance of their markets and bids with an eye on the cards "
                  "and flash deals the others hold.")),
    ("expert", N_("Plays Normal's game and looks further: it simulates the rest of the season "
                  "before its choices (up to a second per move), knows the strongest opening "
                  "placements and places call signs by the networks they lead to.")),
)
#: the same for Blue Skies' computer airlines (``opensky.ai.blueskies``)
BS_LEVEL_GUIDE = (
    ("easy", N_("Takes what looks best at once, by rules of thumb: good for learning the game.")),
    ("normal", N_("Weighs every choice by where it leads: score, income still to come, the passengers "
                  "its airports can expect and the region bonuses.")),
    ("expert", N_("Plays Normal's best few choices to the end many times before it picks one "
                  "(about half a second per move).")),
)
GUIDES = {OPENSKY: LEVEL_GUIDE, BLUE_SKIES: BS_LEVEL_GUIDE}


def shapes_for(game: str) -> tuple[str, ...]:
    """The emblems a seat of ``game`` may have: OpenSky's four, and for Blue
    Skies' fifth airline also the default seats' own (the star)."""
    if game != BLUE_SKIES:
        return T.AIRLINE_SHAPES[:4]  # OpenSky's four (its boards' tokens and flags are drawn for them)
    return tuple(dict.fromkeys(T.AIRLINE_SHAPES + tuple(d[2] for d in T.DEFAULT_AIRLINES)))


def again_setup(setup: GameSetup) -> GameSetup:
    """The setup a results screen's New game opens with: this game's
    airlines and board, not its seed (the same seed would deal the same
    luck again); after an online game a friend who played at another
    computer is a Remote seat again (``arrival.setup_from_welcome`` marks
    them), so the host can offer the rematch as it was."""
    from dataclasses import replace
    seats = [replace(x, human=False) if x.human and x.bot == REMOTE_KIND else replace(x) for x in setup.seats]
    return replace(setup, seed=None, seats=seats)


def remembered(setup: GameSetup) -> dict[str, Any]:
    """A started game's setup as the settings keep it (``Settings.last_setup``,
    or ``Settings.last_bs_setup`` for Blue Skies, which has no call signs)."""
    seats = [{"name": x.name, "color": x.color, "shape": x.shape, "kind": HUMAN if x.human else x.bot}
             for x in setup.seats]
    if setup.game == BLUE_SKIES:
        return {"board": setup.board, "seats": seats}
    return {"board": setup.board, "callsigns": setup.callsigns, "seats": seats}


def distinct_looks(seats: list[Seat], shapes: tuple[str, ...] = T.AIRLINE_SHAPES) -> None:
    """Give a seat whose colour or emblem an earlier seat has the first free
    one (if there is none left, the seat keeps its own)."""
    used_c: set[str] = set()
    used_s: set[str] = set()
    for seat in seats:
        if seat.color in used_c or seat.color not in T.AIRLINE_COLORS:
            seat.color = next((k for k in T.AIRLINE_COLORS if k not in used_c), seat.color)
        if seat.shape in used_s or seat.shape not in shapes:
            seat.shape = next((k for k in shapes if k not in used_s), seat.shape)
        used_c.add(seat.color)
        used_s.add(seat.shape)


def default_setup(game: str = OPENSKY) -> GameSetup:
    """The setup of a game nobody has set up yet: two airlines for OpenSky,
    three for Blue Skies (a person and computers)."""
    if game == BLUE_SKIES:
        su = GameSetup.default(3)
        return GameSetup(board=BS_BOARD, seats=su.seats, game=BLUE_SKIES)
    return GameSetup.default(2)


def setup_from_settings(saved: Any, game: str = OPENSKY) -> GameSetup:
    """The setup New game opens with for ``game``: the remembered one
    (checked again, value by value: ``settings.last_setup``), else the
    defaults.  Colours and emblems this screen does not know become free
    ones of its own."""
    d = last_bs_setup(saved) if game == BLUE_SKIES else last_setup(saved)
    if not d:
        return default_setup(game)
    shapes = shapes_for(game)
    seats = []
    for i, x in enumerate(d["seats"][:MAX_SEATS[game]]):
        _, color, shape = T.DEFAULT_AIRLINES[i]
        seats.append(Seat(x["name"], x["color"] if x["color"] in T.AIRLINE_COLORS else color,
                          x["shape"] if x["shape"] in shapes else shape,
                          human=x["kind"] == HUMAN, bot="easy" if x["kind"] == HUMAN else x["kind"]))
    distinct_looks(seats, shapes)
    if game == BLUE_SKIES:
        return GameSetup(board=d["board"], seats=seats, game=BLUE_SKIES)
    return GameSetup(board=d["board"], seats=seats, callsigns=d["callsigns"])


def seat_pool(setup: GameSetup) -> list[Seat]:
    """The setup's seats and, after them, default seats up to the game's
    most (names, colours and emblems the setup's seats do not have), so that
    more airlines can join."""
    pool = list(setup.seats)
    names = {x.name.lower() for x in pool}
    for i, (n, c, sh) in enumerate(T.DEFAULT_AIRLINES[:MAX_SEATS[setup.game]]):
        if i >= len(pool):
            n = next(d[0] for d in T.DEFAULT_AIRLINES if d[0].lower() not in names)
            names.add(n.lower())
            pool.append(Seat(n, c, sh, human=False))
    distinct_looks(pool, shapes_for(setup.game))
    return pool


# ------------------------------------------------------------------ controls


class Swatches(Widget):
    """Pick a colour; colours taken by other airlines are crossed out."""

    def __init__(self, seat: Seat, scene: "NewGameScene"):
        super().__init__(tooltip="Airline colour")
        self.seat = seat
        self.scene = scene
        self.hover_i = -1

    def cells(self) -> list[tuple[str, pygame.Rect]]:
        keys = list(T.AIRLINE_COLORS)
        n = len(keys)
        w = self.rect.w / n
        return [(k, pygame.Rect(round(self.rect.x + i * w), self.rect.y, round(w), self.rect.h))
                for i, k in enumerate(keys)]

    def taken(self) -> set[str]:
        return {s.color for s in self.scene.setup.seats if s is not self.seat}

    def handle(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION:
            self.hover_i = next((i for i, (_, c) in enumerate(self.cells()) if c.collidepoint(e.pos)), -1)
            self.hover = self.hover_i >= 0
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for k, c in self.cells():
                if c.collidepoint(e.pos) and k not in self.taken():
                    self.seat.color = k
                    return True
        return False

    def key(self, e: pygame.event.Event) -> bool:
        if e.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._step(1 if e.key == pygame.K_RIGHT else -1)
            return True
        return False

    def activate(self) -> None:
        self._step(1)

    def _step(self, d: int) -> None:
        keys = [k for k in T.AIRLINE_COLORS if k not in self.taken()]
        i = keys.index(self.seat.color) if self.seat.color in keys else 0
        self.seat.color = keys[(i + d) % len(keys)]

    def draw(self, surface: pygame.Surface, s: float) -> None:
        taken = self.taken()
        for i, (k, c) in enumerate(self.cells()):
            r = min(c.w, c.h) * 0.36
            col = T.AIRLINE_COLORS[k]
            center = c.center
            if k == self.seat.color:
                pygame.draw.circle(surface, T.INK, center, r + max(3, 3 * s), max(2, int(2 * s)))
            elif i == self.hover_i and k not in taken:
                pygame.draw.circle(surface, T.LINE, center, r + max(3, 3 * s), max(1, int(s)))
            pygame.draw.circle(surface, T.mix(col, T.PAPER, 0.65) if k in taken else col, center, r)
            if k in taken:
                d = r * 0.6
                pygame.draw.line(surface, T.INK_FAINT, (center[0] - d, center[1] + d),
                                 (center[0] + d, center[1] - d), max(1, int(2 * s)))
        self.draw_focus(surface, s)


class ShapeButton(Widget):
    """The airline's emblem; a click gives it the next free shape."""

    def __init__(self, seat: Seat, scene: "NewGameScene"):
        super().__init__(tooltip="Airline shape (click to change): shapes tell airlines apart without colour")
        self.seat = seat
        self.scene = scene

    def handle(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos):
            self.activate()
            return True
        return False

    def activate(self) -> None:
        taken = {x.shape for x in self.scene.setup.seats if x is not self.seat}
        shapes = list(shapes_for(self.scene.game))
        i = shapes.index(self.seat.shape) if self.seat.shape in shapes else -1
        for k in range(1, len(shapes) + 1):
            cand = shapes[(i + k) % len(shapes)]
            if cand not in taken:
                self.seat.shape = cand
                return

    def draw(self, surface: pygame.Surface, s: float) -> None:
        if self.hover:
            rounded(surface, self.rect, T.mix(T.CARD, T.ACCENT, 0.12), int(8 * s))
        img = D.emblem_sprite(self.seat.shape, T.seat_rgb(self.seat), self.rect.h * 0.3, outline=(255, 255, 255))
        D.blit_center(surface, img, self.rect.center)
        self.draw_focus(surface, s)


class GameCard(Widget):
    """One of the games, as a card at the top of New game: its name, how
    many airlines, its designer (when known) and one line about it.  A click
    (or Enter, or an arrow key) chooses it."""

    def __init__(self, game: str, scene: "NewGameScene"):
        super().__init__()  # no tooltip: the card says it all, and a tooltip would cover its description
        self.game = game
        self.scene = scene

    @staticmethod
    def sizes(s: float) -> tuple[int, int]:
        """(name size, line size) at scale ``s``."""
        return int(T.TYPE.body * 1.12 * s), int(T.TYPE.small * s)

    def tagline(self) -> str:
        """"2–5 airlines · by Joe Huber" (the designer only when known)."""
        most = MAX_SEATS[self.game]
        who = tr("{low}–{high} airlines", low=2, high=most)
        if DESIGNERS[self.game]:
            who += " · " + tr("by {designer}", designer=DESIGNERS[self.game])
        return who

    def lines(self, width: int, s: float) -> list[str]:
        """The description wrapped to the card's inner width."""
        return D.wrap(tr(GAME_LINES[self.game]), self.sizes(s)[1], width)

    def height_for(self, width: int, s: float) -> int:
        """How tall the card must be for its text at this width."""
        name, line = self.sizes(s)
        lh = int(max(line, assets.MIN_TEXT_PX) * 1.3)
        pad = int(8 * s)
        return 2 * pad + assets.font(name, "bold").get_height() + lh * len(self.lines(width - 2 * pad - int(8 * s), s))

    def handle(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos):
            self.activate()
            return True
        return False

    def activate(self) -> None:
        self.scene.choose_game(self.game)

    def key(self, e: pygame.event.Event) -> bool:
        if e.key in (pygame.K_LEFT, pygame.K_RIGHT):
            games = list(GAME_NAMES)
            i = games.index(self.scene.game) + (1 if e.key == pygame.K_RIGHT else -1)
            self.scene.choose_game(games[i % len(games)])
            return True
        return False

    def draw(self, surface: pygame.Surface, s: float) -> None:
        chosen = self.scene.game == self.game
        rad = int(T.RADIUS * s)
        bg = T.mix(T.CARD, T.ACCENT, 0.1) if chosen else (T.mix(T.CARD, T.ACCENT, 0.05) if self.hover else T.CARD)
        rounded(surface, self.rect, bg, rad)
        rounded(surface, self.rect, T.ACCENT if chosen else T.LINE, rad, max(2, int(3 * s)) if chosen else max(1, int(s)))
        pad = int(8 * s)
        name_px, line_px = self.sizes(s)
        lh = int(max(line_px, assets.MIN_TEXT_PX) * 1.3)
        x, y = self.rect.x + pad + int(4 * s), self.rect.y + pad
        width = self.rect.w - 2 * pad - int(8 * s)
        # a radio mark, the name, and on the same line (at the right) how
        # many airlines and who designed it
        r = max(5, int(7 * s))
        name = assets.text(GAME_NAMES[self.game], name_px, T.INK, "bold")
        cy = y + name.get_height() // 2
        pygame.draw.circle(surface, T.ACCENT if chosen else T.INK_FAINT, (x + r, cy), r, max(1, int(2 * s)))
        if chosen:
            pygame.draw.circle(surface, T.ACCENT, (x + r, cy), max(2, r - int(4 * s)))
        nx = x + 2 * r + int(8 * s)
        surface.blit(name, (nx, y))
        room = x + width - (nx + name.get_width() + int(12 * s))
        tag = assets.text(D.fit(self.tagline(), line_px, room, "semibold"), line_px,
                          T.ACCENT_DARK if chosen else T.INK_SOFT, "semibold")
        surface.blit(tag, tag.get_rect(midright=(x + width, cy)))
        y += name.get_height()
        D.blit_lines(surface, self.lines(width, s), (x, y), line_px, T.INK_SOFT, line_height=lh)
        self.draw_focus(surface, s)
