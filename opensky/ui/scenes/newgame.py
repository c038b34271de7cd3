"""New game: which game (OpenSky or Blue Skies), then its airlines (name,
colour, shape, a person or a computer level), OpenSky's board side and call
signs, and an optional seed.  "New game → Start" works with the defaults,
and the screen opens on the game last started with the setup it was started
with (each game keeps its own: ``Settings.last_setup`` for OpenSky,
``Settings.last_bs_setup`` for Blue Skies; not the seed: a new game deals
new dice unless the player types a seed).  Switching games keeps what was
chosen for the other one until the screen closes.

The seat controls, the game cards and the remembered setups live in
``newgame_seats``."""
from __future__ import annotations

import random
from typing import Any, Callable

from typing import TYPE_CHECKING

import pygame

from opensky.i18n import N_, tr
from opensky.ai import BOT_NAMES
from opensky.play.seats import BLUE_SKIES, MAX_SEATS, OPENSKY
from opensky.settings import MAX_SEAT_NAME
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.scene import Scene
from opensky.ui.scenes.newgame_seats import (
    AWAY_AFTER, BS_BOARD, GUIDES, LEVEL_GUIDE, LEVEL_NAMES, REMOTE_KIND, GameCard, ShapeButton, Swatches,
    distinct_looks, remembered, seat_pool, setup_from_settings, shapes_for,
)
from opensky.ui.setup import GameSetup, Seat
from opensky.ui.widgets import Button, Choice, TextField, WidgetGroup, shadowed_panel
from opensky.ui.screens import screen

if TYPE_CHECKING:
    from opensky.ui.app import App

__all__ = ["LEVEL_GUIDE", "LEVEL_NAMES", "NewGameScene", "distinct_looks", "remembered", "setup_from_settings"]

#: The screen that plays each game.
GAME_SCREENS = {OPENSKY: "game", BLUE_SKIES: "bs_game"}


def _setter(obj: object, attr: str) -> Callable[[Any], None]:
    return lambda v: setattr(obj, attr, v)


class NewGameScene(Scene):
    """New game.  ``setup`` opens on that setup (its game chosen: the results'
    New game passes the finished game's airlines); ``game`` opens on that
    game's remembered setup; with neither, the game last started."""

    def __init__(self, app: "App", setup: GameSetup | None = None, game: str | None = None) -> None:
        super().__init__(app)
        st = app.settings
        if setup is not None:
            game = setup.game
        elif game not in MAX_SEATS:
            game = st.last_game if st.last_game in MAX_SEATS else OPENSKY
        assert game is not None
        self.game = game
        # each game's setup and the seats beyond it (for more airlines); the
        # other game's is made when it is first chosen
        self.setups: dict[str, GameSetup] = {}
        self.pools: dict[str, list[Seat]] = {}
        self._use(game, setup)
        self.seed_text = "" if self.setup.seed is None else str(self.setup.seed)
        self.error = ""
        self.widgets = WidgetGroup()
        self.build()

    def _use(self, game: str, setup: GameSetup | None = None) -> None:
        """Make ``game`` the one being set up (its setup made on first use)."""
        if game not in self.setups:
            su = setup or setup_from_settings(
                self.app.settings.last_bs_setup if game == BLUE_SKIES else self.app.settings.last_setup, game)
            if game == BLUE_SKIES:
                su.board = BS_BOARD
            su.seats = su.seats[:MAX_SEATS[game]]
            self.setups[game] = su
            self.pools[game] = seat_pool(su)
        self.game = game
        self.setup = self.setups[game]
        self.all_seats = self.pools[game]

    def choose_game(self, game: str) -> None:
        """Switch to ``game`` (the game cards); the other game's choices stay."""
        if game == self.game or game not in MAX_SEATS:
            return
        focused_card = isinstance(self.widgets.focused, GameCard)
        self._use(game)
        self.error = ""
        self.build()
        if focused_card:  # the keyboard stays on the game choice
            self.widgets.set_focus(self.cards[game])

    # ------------------------------------------------------------ widgets
    def build(self) -> None:
        g = self.widgets
        g.clear()
        su = self.setup
        opensky = self.game == OPENSKY
        self.cards = {game: GameCard(game, self) for game in (OPENSKY, BLUE_SKIES)}
        for card in self.cards.values():
            g.add(card)
        self.c_board = g.add(Choice([("europe", "Europe (hubs)"), ("north_america", "North America (borders)")],
                                    su.board if opensky else "europe", self._set_board,
                                    tooltip="Europe plays with hubs; North America with cross-border markers"))
        self.c_board.visible = opensky
        most = MAX_SEATS[self.game]
        self.c_players = g.add(Choice([(n, str(n)) for n in range(2, most + 1)], len(su.seats), self._set_players,
                                      tooltip="Number of airlines"))
        self.seat_rows: list[tuple[ShapeButton, TextField, Swatches, Choice]] = []
        for seat in su.seats:
            shape = g.add(ShapeButton(seat, self))
            name = g.add(TextField(seat.name, _setter(seat, "name"), max_len=MAX_SEAT_NAME,
                                   placeholder="Airline name", tooltip="Airline name"))
            sw = g.add(Swatches(seat, self))
            levels = [(lvl, label) for lvl, label in LEVEL_NAMES.items() if lvl in BOT_NAMES]
            kind = g.add(Choice([("human", N_("Human"))] + levels + [(REMOTE_KIND, N_("Remote"))],
                                "human" if seat.human else seat.bot, self._kind_setter(seat),
                                tooltip="Who flies this airline: a person at this screen, a computer airline "
                                        "from Easy to Expert, or Remote: a friend on another computer"))
            self.seat_rows.append((shape, name, sw, kind))  # type: ignore[arg-type]
        self.c_callsigns = g.add(Choice([("recommended", "Recommended"), ("random", "Random"),
                                         ("players", "Players place them")], su.callsigns,
                                        lambda v: setattr(su, "callsigns", v),
                                        tooltip="Where the six call-sign airports are"))
        self.c_callsigns.visible = opensky
        self.c_away = g.add(Choice([("2", N_("after 2 minutes")), ("5", N_("after 5 minutes")),
                                    ("never", N_("never"))], self.app.settings.online_away, self._set_away,
                                   tooltip="When a friend's connection is lost, their turn waits; "
                                           "after this long a computer airline plays for them until they are back"))
        self.f_seed = g.add(TextField(self.seed_text, self._set_seed, max_len=9, placeholder="random",
                                      digits_only=True, tooltip="Optional: the same seed gives the same dice"))
        self.b_back = g.add(Button("Back", self.app.pop))
        self.b_start = Button("Start", self.start, primary=True)
        g.add(self.b_start)
        self.online_changed()

    def hosted(self) -> bool:
        """A seat is Remote: the game is hosted for friends on other computers."""
        return any(not x.human and x.bot == REMOTE_KIND for x in self.setup.seats)

    def online_changed(self) -> None:
        """Start says "Host game" and the away row shows while a seat is Remote."""
        hosted = self.hosted()
        self.b_start.label = N_("Host game") if hosted else N_("Start")
        self.c_away.visible = hosted
        self.resize(self.app.size)

    def _kind_setter(self, seat: Seat) -> Callable[[Any], None]:
        def f(v: str) -> None:
            was = self.hosted()
            seat.human = v == "human"
            if v != "human":
                seat.bot = v
            if self.hosted() != was:
                self.online_changed()
        return f

    def _set_away(self, v: str) -> None:
        self.app.settings.online_away = v

    def _set_board(self, v: str) -> None:
        self.setup.board = v

    def _set_players(self, n: int) -> None:
        self.setup.seats = self.all_seats[:n]
        distinct_looks(self.setup.seats, shapes_for(self.game))  # after changing the count
        self.build()

    def _set_seed(self, v: str) -> None:
        self.seed_text = v

    # ------------------------------------------------------------ layout
    #: (row height, gap between rows, gap between seats) in design pixels:
    #: roomy, and tight for a small window with many seats
    SPACING = ((38, 12, 8), (32, 8, 4))

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        pw = min(int(960 * s), w - int(40 * s))
        x0 = (w - pw) // 2 + int(36 * s)
        right = (w + pw) // 2 - int(36 * s)
        # the game cards: side by side under the title, as tall as the taller
        card_gap = int(16 * s)
        card_w = (right - x0 - card_gap) // 2
        card_h = max(c.height_for(card_w, s) for c in self.cards.values())
        head = int(64 * s)
        below = int(12 * s) + int(T.BUTTON_H * s) + int(24 * s)
        guide_w = right - x0 - int(84 * s)
        rows_n = 2 + (1 if self.game == OPENSKY else 0) + 1 + (1 if self.c_away.visible else 0)
        # board, airlines, call signs, seed, and when hosting the away row

        def need(sp: tuple[int, int, int]) -> int:
            rh, gap, seat_gap = (int(v * s) for v in sp)
            return (head + card_h + int(14 * s) + rows_n * (rh + gap) + int(6 * s)
                    + len(self.seat_rows) * (rh + seat_gap) + gap + int(2 * s) + self.guide_height(guide_w, s) + below)
        spacing = next((sp for sp in self.SPACING if need(sp) <= h - int(16 * s)), self.SPACING[-1])
        ph = min(max(int(640 * s), need(spacing)), h - int(16 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        rh, gap, seat_gap = (int(v * s) for v in spacing)
        label_w = int(150 * s)
        y = self.panel.y + head
        for i, game in enumerate((OPENSKY, BLUE_SKIES)):
            self.cards[game].rect = pygame.Rect(x0 + i * (card_w + card_gap), y, card_w, card_h)
        y += card_h + int(14 * s)
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.labels.append((N_("Board side") if self.game == OPENSKY else N_("Board"), (x0, y + rh // 2)))
        self.c_board.rect = pygame.Rect(x0 + label_w, y, right - x0 - label_w, rh)
        self.board_text_pos = (x0 + label_w, y + rh // 2)
        y += rh + gap
        self.labels.append((N_("Airlines"), (x0, y + rh // 2)))
        self.c_players.rect = pygame.Rect(x0 + label_w, y, int((180 if self.game == OPENSKY else 230) * s), rh)
        y += rh + gap + int(6 * s)
        for i, (shape, name, sw, kind) in enumerate(self.seat_rows):
            shape.rect = pygame.Rect(x0 + label_w - int(52 * s), y, rh, rh)
            self.labels.append((tr("Seat {n}", n=i + 1), (x0, y + rh // 2)))
            # the name and the colours leave the kind its five choices' room (Human … Remote)
            name.rect = pygame.Rect(x0 + label_w, y, int(184 * s), rh)
            sw.rect = pygame.Rect(name.rect.right + int(12 * s), y, int(182 * s), rh)
            kind.rect = pygame.Rect(sw.rect.right + int(14 * s), y, right - sw.rect.right - int(14 * s), rh)
            y += rh + seat_gap
        y += gap
        if self.game == OPENSKY:
            self.labels.append((N_("Call signs"), (x0, y + rh // 2)))
            self.c_callsigns.rect = pygame.Rect(x0 + label_w, y, right - x0 - label_w, rh)
            y += rh + gap
        if self.c_away.visible:
            lead = tr("If a friend is away, a computer plays")
            self.away_label = (lead, (x0, y + rh // 2))
            lw = assets.font(int(T.TYPE.body * s), "medium").size(lead)[0] + int(16 * s)
            self.c_away.rect = pygame.Rect(x0 + lw, y, right - x0 - lw, rh)
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
        if self.hosted():
            self.host()
            return
        self.setup.seed = int(self.seed_text) if self.seed_text else random.SystemRandom().randrange(10**9)
        if self.game == BLUE_SKIES:
            self.setup.board = BS_BOARD
            self.setup.callsigns = "recommended"
        Play = screen(GAME_SCREENS[self.game])
        try:
            scene = Play(self.app, self.setup)
        except Exception as e:  # a broken board file must not crash the window
            from opensky.board.model import BoardError
            if isinstance(e, BoardError):
                self.error = tr("The board could not be loaded: {error}", error=e)
                return
            raise
        self.remember()
        self.app.replace(scene)

    def host(self) -> None:
        """Host the game for friends on other computers (the lobby, over this
        screen: Cancel comes back here).  A seed is used only when typed: the
        host's dice must not be guessable from a number anyone could try."""
        from dataclasses import replace
        if self.game == BLUE_SKIES:
            self.setup.board = BS_BOARD
            self.setup.callsigns = "recommended"
        hosted = replace(self.setup, seats=[replace(x) for x in self.setup.seats],
                         seed=int(self.seed_text) if self.seed_text else None)
        scene = screen("host_lobby")(self.app, hosted, AWAY_AFTER.get(self.app.settings.online_away, 120.0))
        self.remember()
        self.app.push(scene)

    def remember(self) -> None:
        st = self.app.settings  # the next New game opens with it
        if self.game == BLUE_SKIES:
            st.last_bs_setup = remembered(self.setup)
        else:
            st.last_setup = remembered(self.setup)
        st.last_game = self.game
        self.app.save_settings()

    @staticmethod
    def _guide_lines(s: float) -> tuple[int, int]:
        """The guide's text size and line height at scale ``s``."""
        size = int(T.TYPE.small * s)
        return size, int(max(size, assets.MIN_TEXT_PX) * 1.35)

    def guide_height(self, width: int, s: float) -> int:
        """The height of the guide with every level in it."""
        size, lh = self._guide_lines(s)
        return sum(lh * len(D.wrap(tr(label), size, width)) + int(4 * s) for _, label in GUIDES[self.game])

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
        for lvl, label in GUIDES[self.game]:
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
        surface.blit(title, (self.panel.x + int(36 * s), self.panel.y + int(16 * s)))
        for label, (x, cy) in self.labels:
            img = assets.text(tr(label), int(T.TYPE.body * s), T.INK_SOFT, "medium")
            surface.blit(img, (x, cy - img.get_height() // 2))
        if self.c_away.visible:
            lead, (x, cy) = self.away_label
            img = assets.text(lead, int(T.TYPE.body * s), T.INK_SOFT, "medium")
            surface.blit(img, (x, cy - img.get_height() // 2))
        self.widgets.draw(surface, s)
        if self.game == BLUE_SKIES:  # the one board, in words where OpenSky's side choice is
            img = assets.text(tr("United States: 30 airports in 7 regions"), int(T.TYPE.body * s), T.INK, "semibold")
            surface.blit(img, (self.board_text_pos[0], self.board_text_pos[1] - img.get_height() // 2))
        self.draw_guide(surface, s)
        if self.error:
            img = assets.text(self.error, int(T.TYPE.body * s), T.BAD, "semibold")
            surface.blit(img, (self.panel.x + int(36 * s), self.b_start.rect.centery - img.get_height() // 2))
        tip = self.widgets.hovered_tooltip()
        if tip:
            D.tooltip(surface, tip[0], pygame.mouse.get_pos(), s)
