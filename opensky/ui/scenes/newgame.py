"""New game: airlines (name, colour, shape, human or computer), board side,
call signs, optional seed.  "New game → Start" works with the defaults, and
the screen opens with the setup of the last game started (kept in the
settings, ``Settings.last_setup``; not its seed: a new game deals new dice
unless the player types a seed)."""
from __future__ import annotations

import random
from typing import Any, Callable

from typing import TYPE_CHECKING

import pygame

from opensky.i18n import N_, tr
from opensky.ai import BOT_NAMES
from opensky.settings import HUMAN, MAX_SEAT_NAME, last_setup
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.scene import Scene
from opensky.ui.setup import GameSetup, Seat
from opensky.ui.widgets import Button, Choice, TextField, Widget, WidgetGroup, rounded, shadowed_panel
from opensky.ui.screens import screen

if TYPE_CHECKING:
    from opensky.ui.app import App


def _setter(obj: object, attr: str) -> Callable[[Any], None]:
    return lambda v: setattr(obj, attr, v)



#: the computer levels offered per seat, by name (the guide below explains them)
LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "expert": N_("Expert")}
#: one line per computer level, shown under the seats for the levels chosen
LEVEL_GUIDE = (
    ("easy", N_("Plays by rules of thumb and makes mistakes: good for learning the game.")),
    ("normal", N_("Values routes by the chance of their markets and bids with an eye on the cards "
                  "and flash deals the others hold.")),
    ("expert", N_("Plays Normal's game and looks further: it simulates the rest of the season "
                  "before its choices (up to a second per move).")),
)


def remembered(setup: GameSetup) -> dict[str, Any]:
    """A started game's setup as the settings keep it (``Settings.last_setup``)."""
    return {"board": setup.board, "callsigns": setup.callsigns,
            "seats": [{"name": x.name, "color": x.color, "shape": x.shape, "kind": HUMAN if x.human else x.bot}
                      for x in setup.seats]}


def distinct_looks(seats: list[Seat]) -> None:
    """Give a seat whose colour or emblem an earlier seat has the first free one."""
    used_c: set[str] = set()
    used_s: set[str] = set()
    for seat in seats:
        if seat.color in used_c or seat.color not in T.AIRLINE_COLORS:
            seat.color = next(k for k in T.AIRLINE_COLORS if k not in used_c)
        if seat.shape in used_s or seat.shape not in T.AIRLINE_SHAPES:
            seat.shape = next(k for k in T.AIRLINE_SHAPES if k not in used_s)
        used_c.add(seat.color)
        used_s.add(seat.shape)


def setup_from_settings(saved: Any) -> GameSetup:
    """The setup New game opens with: the remembered one (checked again,
    value by value: ``settings.last_setup``), else the defaults.  Colours
    and emblems this screen does not know become free ones of its own."""
    d = last_setup(saved)
    if not d:
        return GameSetup.default(2)
    seats = []
    for i, x in enumerate(d["seats"]):
        _, color, shape = T.DEFAULT_AIRLINES[i]
        seats.append(Seat(x["name"], x["color"] if x["color"] in T.AIRLINE_COLORS else color,
                          x["shape"] if x["shape"] in T.AIRLINE_SHAPES else shape,
                          human=x["kind"] == HUMAN, bot="easy" if x["kind"] == HUMAN else x["kind"]))
    distinct_looks(seats)
    return GameSetup(board=d["board"], seats=seats, callsigns=d["callsigns"])


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
        shapes = list(T.AIRLINE_SHAPES)
        i = shapes.index(self.seat.shape)
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


class NewGameScene(Scene):
    def __init__(self, app: "App", setup: GameSetup | None = None) -> None:
        super().__init__(app)
        self.setup = setup or setup_from_settings(app.settings.last_setup)
        # the seats beyond the setup's (for more airlines): the defaults, with
        # names, colours and emblems the setup's seats do not have
        self.all_seats = list(self.setup.seats)
        names = {x.name.lower() for x in self.all_seats}
        for i, (n, c, sh) in enumerate(T.DEFAULT_AIRLINES):
            if i >= len(self.all_seats):
                n = next(d[0] for d in T.DEFAULT_AIRLINES if d[0].lower() not in names)
                names.add(n.lower())
                self.all_seats.append(Seat(n, c, sh, human=False))
        distinct_looks(self.all_seats)
        self.seed_text = "" if self.setup.seed is None else str(self.setup.seed)
        self.error = ""
        self.widgets = WidgetGroup()
        self.build()

    # ------------------------------------------------------------ widgets
    def build(self) -> None:
        g = self.widgets
        g.clear()
        su = self.setup
        self.c_board = g.add(Choice([("europe", "Europe (hubs)"), ("north_america", "North America (borders)")],
                                    su.board, self._set_board,
                                    tooltip="Europe plays with hubs; North America with cross-border markers"))
        self.c_players = g.add(Choice([(2, "2"), (3, "3"), (4, "4")], len(su.seats), self._set_players,
                                      tooltip="Number of airlines"))
        self.seat_rows: list[tuple[ShapeButton, TextField, Swatches, Choice]] = []
        for seat in su.seats:
            shape = g.add(ShapeButton(seat, self))
            name = g.add(TextField(seat.name, _setter(seat, "name"), max_len=MAX_SEAT_NAME,
                                   placeholder="Airline name", tooltip="Airline name"))
            sw = g.add(Swatches(seat, self))
            levels = [(lvl, label) for lvl, label in LEVEL_NAMES.items() if lvl in BOT_NAMES]
            kind = g.add(Choice([("human", N_("Human"))] + levels, "human" if seat.human else seat.bot,
                                self._kind_setter(seat),
                                tooltip="Who flies this airline: a person, or a computer airline from Easy to Expert"))
            self.seat_rows.append((shape, name, sw, kind))  # type: ignore[arg-type]
        self.c_callsigns = g.add(Choice([("recommended", "Recommended"), ("random", "Random"),
                                         ("players", "Players place them")], su.callsigns,
                                        lambda v: setattr(su, "callsigns", v),
                                        tooltip="Where the six call-sign airports are"))
        self.f_seed = g.add(TextField(self.seed_text, self._set_seed, max_len=9, placeholder="random",
                                      digits_only=True, tooltip="Optional: the same seed gives the same dice"))
        self.b_back = g.add(Button("Back", self.app.pop))
        self.b_start = g.add(Button("Start", self.start, primary=True))
        self.resize(self.app.size)

    @staticmethod
    def _kind_setter(seat: Seat) -> Callable[[Any], None]:
        def f(v: str) -> None:
            seat.human = v == "human"
            if v != "human":
                seat.bot = v
        return f

    def _set_board(self, v: str) -> None:
        self.setup.board = v

    def _set_players(self, n: int) -> None:
        self.setup.seats = self.all_seats[:n]
        distinct_looks(self.setup.seats)  # after changing the count
        self.build()

    def _set_seed(self, v: str) -> None:
        self.seed_text = v

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        pw = min(int(960 * s), w - int(40 * s))
        # tall enough for every row and the whole level guide (four seats in
        # a 960x600 window need a little more than the usual panel)
        rh, gap = int(38 * s), int(12 * s)
        rows = int(86 * s) + 2 * (rh + gap) + int(6 * s) + len(self.seat_rows) * (rh + int(8 * s)) \
            + gap + (rh + gap) + rh + int(14 * s)
        below = int(12 * s) + int(T.BUTTON_H * s) + int(24 * s)
        need = rows + self.guide_height(pw - int(72 * s) - int(84 * s), s) + below
        ph = min(max(int(640 * s), need), h - int(16 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x0 = self.panel.x + int(36 * s)
        label_w = int(150 * s)
        right = self.panel.right - int(36 * s)
        y = self.panel.y + int(86 * s)
        rh = int(38 * s)
        gap = int(12 * s)
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.labels.append((N_("Board side"), (x0, y + rh // 2)))
        self.c_board.rect = pygame.Rect(x0 + label_w, y, right - x0 - label_w, rh)
        y += rh + gap
        self.labels.append((N_("Airlines"), (x0, y + rh // 2)))
        self.c_players.rect = pygame.Rect(x0 + label_w, y, int(180 * s), rh)
        y += rh + gap + int(6 * s)
        for i, (shape, name, sw, kind) in enumerate(self.seat_rows):
            shape.rect = pygame.Rect(x0 + label_w - int(52 * s), y, rh, rh)
            self.labels.append((tr("Seat {n}", n=i + 1), (x0, y + rh // 2)))
            name.rect = pygame.Rect(x0 + label_w, y, int(220 * s), rh)
            sw.rect = pygame.Rect(name.rect.right + int(14 * s), y, int(216 * s), rh)
            kind.rect = pygame.Rect(sw.rect.right + int(14 * s), y, right - sw.rect.right - int(14 * s), rh)
            y += rh + int(8 * s)
        y += gap
        self.labels.append((N_("Call signs"), (x0, y + rh // 2)))
        self.c_callsigns.rect = pygame.Rect(x0 + label_w, y, right - x0 - label_w, rh)
        y += rh + gap
        self.labels.append((N_("Seed"), (x0, y + rh // 2)))
        self.f_seed.rect = pygame.Rect(x0 + label_w, y, int(180 * s), rh)
        y += rh + int(14 * s)
        self.guide_rect = pygame.Rect(x0, y, right - x0, 0)
        bh = int(T.BUTTON_H * s)
        by = self.panel.bottom - bh - int(24 * s)
        self.b_start.rect = pygame.Rect(right - int(180 * s), by, int(180 * s), bh)
        self.b_back.rect = pygame.Rect(self.b_start.rect.x - int(140 * s), by, int(124 * s), bh)
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    # ------------------------------------------------------------ actions
    def validate(self) -> str:
        names = [s.name.strip() for s in self.setup.seats]
        if any(not n for n in names):
            return tr("Every airline needs a name.")
        if len(set(n.lower() for n in names)) != len(names):
            return tr("Airline names must be different.")
        return ""

    def start(self) -> None:
        self.error = self.validate()
        if self.error:
            return
        for seat in self.setup.seats:
            seat.name = seat.name.strip()
        self.setup.seed = int(self.seed_text) if self.seed_text else random.SystemRandom().randrange(10**9)
        GameScene = screen("game")
        try:
            scene = GameScene(self.app, self.setup)
        except Exception as e:  # a broken board file must not crash the window
            from opensky.board.model import BoardError
            if isinstance(e, BoardError):
                self.error = tr("The board could not be loaded: {error}", error=e)
                return
            raise
        self.app.settings.last_setup = remembered(self.setup)  # the next New game opens with it
        self.app.save_settings()
        self.app.replace(scene)

    @staticmethod
    def _guide_lines(s: float) -> tuple[int, int]:
        """The guide's text size and line height at scale ``s``."""
        size = int(T.TYPE.small * s)
        return size, int(max(size, assets.MIN_TEXT_PX) * 1.35)

    def guide_height(self, width: int, s: float) -> int:
        """The height of the guide with every level in it."""
        size, lh = self._guide_lines(s)
        return sum(lh * len(D.wrap(tr(label), size, width)) + int(4 * s) for _, label in LEVEL_GUIDE)

    def draw_guide(self, surface: pygame.Surface, s: float) -> None:
        """What each computer level is like, for the levels chosen (the
        panel is made tall enough for all of them; as many lines as fit)."""
        chosen = {seat.bot for seat in self.setup.seats if not seat.human}
        if not chosen:
            return
        size, lh = self._guide_lines(s)
        x, y, w = self.guide_rect.x, self.guide_rect.y, self.guide_rect.w
        bottom = self.b_start.rect.y - int(12 * s)
        indent = int(84 * s)
        for lvl, label in LEVEL_GUIDE:
            if lvl not in chosen:
                continue
            lines = D.wrap(tr(label), size, w - indent)
            if y + lh * len(lines) > bottom:
                break
            surface.blit(assets.text(tr(LEVEL_NAMES[lvl]), size, T.INK, "semibold"), (x, y))
            y = D.blit_lines(surface, lines, (x + indent, y), size, T.INK_SOFT, line_height=lh)
            y += int(4 * s)

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.widgets.handle(e)

    def update(self, dt: float) -> None:
        if isinstance(self.widgets.focused, TextField):
            phase = (pygame.time.get_ticks() // 500) % 2
            if phase != getattr(self, "_blink", None):
                self._blink = phase
                self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(16 * s), shadow=int(6 * s), alpha=120)
        title = assets.text(tr("New game"), int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(title, (self.panel.x + int(36 * s), self.panel.y + int(26 * s)))
        for label, (x, cy) in self.labels:
            img = assets.text(tr(label), int(T.TYPE.body * s), T.INK_SOFT, "medium")
            surface.blit(img, (x, cy - img.get_height() // 2))
        self.widgets.draw(surface, s)
        self.draw_guide(surface, s)
        if self.error:
            img = assets.text(self.error, int(T.TYPE.body * s), T.BAD, "semibold")
            surface.blit(img, (self.panel.x + int(36 * s), self.b_start.rect.centery - img.get_height() // 2))
        tip = self.widgets.hovered_tooltip()
        if tip:
            D.tooltip(surface, tip[0], pygame.mouse.get_pos(), s)
