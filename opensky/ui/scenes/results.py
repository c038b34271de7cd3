"""Final scores: each airline's fares, change, subsidies, chits and total, the
winner(s), and the score month by month."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.i18n import N_, month_short, tr, trn
from opensky.rules.quote import SCORE_PARTS
from opensky.rules.state import GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.scene import Scene
from opensky.ui.setup import GameSetup
from opensky.ui.widgets import Button, WidgetGroup, rounded, shadowed_panel
from opensky.ui.screens import screen

if TYPE_CHECKING:
    from opensky.ui.app import App

#: (score part, heading): the parts of ``GameState.score`` in its order.
COLUMNS = tuple(zip(SCORE_PARTS, (N_("Fares"), N_("Change"), N_("Subsidies"), N_("Chits"), N_("Total")), strict=True))


class ResultsScene(Scene):
    def __init__(self, app: "App", setup: GameSetup, state: GameState,
                 history: list[tuple[int | str, list[int]]]) -> None:
        super().__init__(app)
        self.setup = setup
        self.state = state
        self.history = history
        self.winners = state.final_winners()
        self.widgets = WidgetGroup()
        self.b_again = self.widgets.add(Button("New game", self.new_game, primary=True))
        self.b_title = self.widgets.add(Button("Title", self.title))

    def resize(self, size: tuple[int, int]) -> None:
        """The panel fills most of the window; the table spans its width (the
        name column takes what the five figures leave) and the chart the
        height between the table and the buttons, with room at both ends for
        the first and last month labels and at the left for the score labels."""
        s = T.ui_scale(size)
        self.s = s
        w, h = size
        pw, ph = min(int(1180 * s), w - int(40 * s)), min(int(700 * s), h - int(24 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bh = int(T.BUTTON_H * s)
        pad = int(32 * s)
        self.b_again.rect = pygame.Rect(self.panel.right - pad - int(176 * s), self.panel.bottom - bh - int(20 * s),
                                        int(176 * s), bh)
        self.b_title.rect = pygame.Rect(self.b_again.rect.x - int(140 * s), self.b_again.rect.y, int(124 * s), bh)
        x0, inner_w = self.panel.x + pad, self.panel.w - 2 * pad
        y = self.panel.y + int(22 * s)
        self.headline_pos = (x0, y)
        y += assets.font(int(T.TYPE.h1 * s), "bold").get_height() + int(10 * s)
        # the table: a name column, then the five parts right-aligned
        self.name_w = max(int(inner_w * 0.32), int(200 * s))
        self.col_w = (inner_w - self.name_w) // len(COLUMNS)
        self.table_x = x0
        self.head_y = y
        y += assets.font(int(T.TYPE.small * s), "semibold").get_height() + int(6 * s)
        self.row_h = int(38 * s)
        self.rows_y = y
        y += self.state.P * self.row_h
        # the chart lines up with the table's rows (which start 10 px left of the names)
        self.chart = pygame.Rect(x0 - int(10 * s), y + int(10 * s), inner_w + int(10 * s),
                                 self.b_again.rect.y - y - int(26 * s))
        self._layout_chart()
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    def _month_label(self, label: int | str) -> str:
        return month_short(label) if isinstance(label, int) else tr(label)

    def _layout_chart(self) -> None:
        """The chart's plot area, scale and points (``draw_chart`` draws them)."""
        s, r = self.s, self.chart
        self.show_chart = r.h > int(110 * s) and len(self.history) >= 2
        if not self.show_chart:
            return
        tiny = int(T.TYPE.tiny * s)
        font = assets.font(tiny)
        top = max(100, max(max(v) for _, v in self.history))
        step = 100 if top <= 600 else (200 if top <= 1500 else 500)
        self.top = ((top + step - 1) // step) * step
        self.step = step
        y_w = max(font.size(str(k))[0] for k in range(0, self.top + 1, step))
        first = font.size(self._month_label(self.history[0][0]))[0]
        last = font.size(self._month_label(self.history[-1][0]))[0]
        head_h = assets.font(int(T.TYPE.small * s), "bold").get_height()
        left = max(int(14 * s) + y_w + int(8 * s), first // 2 + int(12 * s))
        right = last // 2 + int(16 * s)
        top_m = int(10 * s) + head_h + int(10 * s)
        bottom = font.get_height() + int(12 * s)
        self.plot = pygame.Rect(r.x + left, r.y + top_m, r.w - left - right, r.h - top_m - bottom)
        n = len(self.history)
        self.xs = [self.plot.x + self.plot.w * i / (n - 1) for i in range(n)]

    def new_game(self) -> None:
        """New game with this game's airlines and board, but not its seed
        (the same seed would deal the same dice again)."""
        from opensky.ui.scenes.newgame_seats import again_setup
        again = again_setup(self.setup)
        self.app.replace(screen("title")(self.app))
        self.app.push(screen("new_game")(self.app, again))

    def title(self) -> None:
        self.app.replace(screen("title")(self.app))

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.title()
            return
        self.widgets.handle(e)

    def headline(self) -> str:
        names = [self.setup.seats[p].name for p in self.winners]
        if len(names) == 1:
            return tr("{name} wins!", name=names[0])
        return tr("{names} share the victory!", names=tr(" and ").join(names))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        st = self.state
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(16 * s), shadow=int(6 * s), alpha=120)
        t = assets.text(self.headline(), int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(t, self.headline_pos)
        x0, name_w, col_w = self.table_x, self.name_w, self.col_w
        right_pad = int(14 * s)
        for i, (_, label) in enumerate(COLUMNS):
            img = assets.text(tr(label), int(T.TYPE.small * s), T.INK_SOFT, "semibold")
            surface.blit(img, (x0 + name_w + (i + 1) * col_w - img.get_width() - right_pad, self.head_y))
        order = sorted(range(st.P), key=lambda p: -st.score(p)["total"])
        y = self.rows_y
        for p in order:
            seat = self.setup.seats[p]
            row = pygame.Rect(x0 - int(10 * s), y, name_w + len(COLUMNS) * col_w + int(10 * s),
                              self.row_h - int(4 * s))
            rounded(surface, row, T.mix(T.GOLD, T.CARD, 0.55) if p in self.winners else T.CARD, int(8 * s))
            D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 8 * s), (x0 + 10 * s, row.centery))
            nm = assets.text(seat.name, int(T.TYPE.body * s), T.INK, "bold")
            surface.blit(nm, (x0 + int(26 * s), row.centery - nm.get_height() // 2))
            sc = st.score(p)
            for i, (key, _) in enumerate(COLUMNS):
                img = assets.text(str(sc[key]), int(T.TYPE.body * s), T.INK, "bold" if key == "total" else "regular")
                surface.blit(img, (x0 + name_w + (i + 1) * col_w - img.get_width() - right_pad,
                                   row.centery - img.get_height() // 2))
            y += self.row_h
        if self.show_chart:
            self.draw_chart(surface, s)
        self.widgets.draw(surface, s)

    def draw_chart(self, surface: pygame.Surface, s: float) -> None:
        r, inner, top = self.chart, self.plot, self.top
        rounded(surface, r, T.CARD, int(10 * s))
        head = assets.text(tr("Score over the months"), int(T.TYPE.small * s), T.INK_SOFT, "bold")
        surface.blit(head, (r.x + int(14 * s), r.y + int(10 * s)))
        for k in range(0, top + 1, self.step):
            yy = inner.bottom - inner.h * k / top
            pygame.draw.line(surface, T.mix(T.LINE, T.CARD, 0.5), (inner.x, yy), (inner.right, yy), 1)
            lab = assets.text(str(k), int(T.TYPE.tiny * s), T.INK_FAINT)
            surface.blit(lab, (inner.x - lab.get_width() - int(8 * s), yy - lab.get_height() // 2))
        xs = self.xs
        for i, (label, _) in enumerate(self.history):
            lab = assets.text(self._month_label(label), int(T.TYPE.tiny * s), T.INK_FAINT)
            surface.blit(lab, lab.get_rect(midtop=(xs[i], inner.bottom + int(6 * s))))
        for p, seat in enumerate(self.setup.seats):
            pts = [(xs[i], inner.bottom - inner.h * v[p] / top) for i, (_, v) in enumerate(self.history)]
            pygame.draw.lines(surface, T.seat_rgb(seat), False, pts, max(2, int(3 * s)))
            for pt in pts:
                D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 4.5 * s), pt)
