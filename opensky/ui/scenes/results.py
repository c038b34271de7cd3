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
        s = T.ui_scale(size)
        w, h = size
        pw, ph = min(int(1040 * s), w - int(40 * s)), min(int(660 * s), h - int(30 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bh = int(T.BUTTON_H * s)
        self.b_again.rect = pygame.Rect(self.panel.right - int(200 * s), self.panel.bottom - bh - int(22 * s), int(176 * s), bh)
        self.b_title.rect = pygame.Rect(self.b_again.rect.x - int(140 * s), self.b_again.rect.y, int(124 * s), bh)
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    def new_game(self) -> None:
        self.app.replace(screen("title")(self.app))
        self.app.push(screen("new_game")(self.app, self.setup))

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
        x0 = self.panel.x + int(32 * s)
        y = self.panel.y + int(24 * s)
        t = assets.text(self.headline(), int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(t, (x0, y))
        y += t.get_height() + int(14 * s)
        # score table
        name_w = int(220 * s)
        col_w = int(92 * s)
        for i, (_, label) in enumerate(COLUMNS):
            img = assets.text(tr(label), int(T.TYPE.small * s), T.INK_SOFT, "semibold")
            surface.blit(img, (x0 + name_w + i * col_w + col_w - img.get_width() - int(10 * s), y))
        y += int(24 * s)
        order = sorted(range(st.P), key=lambda p: -st.score(p)["total"])
        row_h = int(38 * s)
        for p in order:
            seat = self.setup.seats[p]
            row = pygame.Rect(x0 - int(10 * s), y, name_w + len(COLUMNS) * col_w + int(10 * s), row_h - int(4 * s))
            rounded(surface, row, T.mix(T.GOLD, T.CARD, 0.55) if p in self.winners else T.CARD, int(8 * s))
            D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 8 * s), (x0 + 10 * s, row.centery))
            nm = assets.text(seat.name, int(T.TYPE.body * s), T.INK, "bold")
            surface.blit(nm, (x0 + int(26 * s), row.centery - nm.get_height() // 2))
            sc = st.score(p)
            for i, (key, _) in enumerate(COLUMNS):
                img = assets.text(str(sc[key]), int(T.TYPE.body * s), T.INK, "bold" if key == "total" else "regular")
                surface.blit(img, (x0 + name_w + i * col_w + col_w - img.get_width() - int(10 * s),
                                   row.centery - img.get_height() // 2))
            y += row_h
        # chart of the score over the months
        chart = pygame.Rect(x0, y + int(16 * s), self.panel.w - int(64 * s),
                            self.b_again.rect.y - y - int(40 * s))
        if chart.h > int(80 * s) and len(self.history) >= 2:
            self.draw_chart(surface, chart, s)
        self.widgets.draw(surface, s)

    def draw_chart(self, surface: pygame.Surface, r: pygame.Rect, s: float) -> None:
        rounded(surface, r, T.CARD, int(10 * s))
        head = assets.text(tr("Score over the months"), int(T.TYPE.small * s), T.INK_SOFT, "bold")
        surface.blit(head, (r.x + int(12 * s), r.y + int(8 * s)))
        inner = r.inflate(-int(70 * s), -int(60 * s)).move(int(18 * s), int(10 * s))
        top = max(100, max(max(v) for _, v in self.history))
        step = 100 if top <= 600 else (200 if top <= 1500 else 500)
        top = ((top + step - 1) // step) * step
        for k in range(0, top + 1, step):
            yy = inner.bottom - inner.h * k / top
            pygame.draw.line(surface, T.mix(T.LINE, T.CARD, 0.5), (inner.x, yy), (inner.right, yy), 1)
            lab = assets.text(str(k), int(T.TYPE.tiny * s), T.INK_FAINT)
            surface.blit(lab, (inner.x - lab.get_width() - int(6 * s), yy - lab.get_height() // 2))
        n = len(self.history)
        xs = [inner.x + inner.w * i / (n - 1) for i in range(n)]
        for i, (label, _) in enumerate(self.history):
            text = month_short(label) if isinstance(label, int) else tr(label)
            lab = assets.text(text, int(T.TYPE.tiny * s), T.INK_FAINT)
            surface.blit(lab, lab.get_rect(midtop=(xs[i], inner.bottom + int(4 * s))))
        for p, seat in enumerate(self.setup.seats):
            pts = [(xs[i], inner.bottom - inner.h * v[p] / top) for i, (_, v) in enumerate(self.history)]
            pygame.draw.lines(surface, T.seat_rgb(seat), False, pts, max(2, int(3 * s)))
            for pt in pts:
                D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 4.5 * s), pt)
