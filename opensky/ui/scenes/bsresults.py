"""Blue Skies' final scores, explained: why the game ended, each airline's
score, every region's bonus with each airline's value there (so who took it
and why is on the page, ties split as the rules say), the +3 for never using
the special action, the total and the gates placed; the winner(s), with the
tie-break in words when it decided; and the score round by round.

Everything shown is worked out in ``__init__`` from the final state
(``state.final``, ``blueskies.gates``, ``blueskies.scoring``); ``draw``
only draws it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from opensky.blueskies.gates import gates_placed, region_values
from opensky.blueskies.scoring import region_bonuses
from opensky.i18n import N_, tr, trn
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.scene import Scene
from opensky.ui.screens import screen
from opensky.ui.setup import GameSetup
from opensky.ui.widgets import Button, WidgetGroup, rounded, shadowed_panel

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState
    from opensky.ui.app import App

#: The regions of the shipped board, for the catalogs (a region's name is
#: shown through ``tr``; a board's own name that is not here stays as it is).
REGION_NAMES = (N_("Northeast"), N_("Atlantic Coast"), N_("Great Lakes"), N_("Central"), N_("South"),
                N_("Southwest"), N_("West"))
#: The score above which the game ends (RULES §6 step 5).
END_AT = 100


def _names(names: list[str]) -> str:
    return tr(" and ").join(names) if len(names) <= 2 else ", ".join(names[:-1]) + tr(" and ") + names[-1]


class BSResultsScene(Scene):
    def __init__(self, app: "App", setup: GameSetup, state: "BSState",
                 history: list[tuple[Any, list[int]]]) -> None:
        super().__init__(app)
        self.setup = setup
        self.state = state
        self.history = [h for h in history if len(h[1]) == state.P]
        P = state.P
        final = state.final or []
        self.totals = [int(f["total"]) for f in final] if final else [0] * P  # type: ignore[call-overload]
        self.winners = list(state.winners)
        self.gates = [gates_placed(state, p) for p in range(P)]
        self.values = [region_values(state, p) for p in range(P)]
        # each region's bonuses as the rules give them (B28, B29): player -> points
        self.bonuses = [region_bonuses([self.values[p][r] for p in range(P)], region.bonus[0], region.bonus[1], P)
                        for r, region in enumerate(state.board.regions)]
        self._words()
        self.order = sorted(range(P), key=lambda p: (-self.totals[p], self.gates[p], p))
        self.widgets = WidgetGroup()
        self.b_again = self.widgets.add(Button("New game", self.new_game, primary=True))
        self.b_title = self.widgets.add(Button("Title", self.title))

    # ------------------------------------------------------------ words
    def _words(self) -> None:
        """Each region as shown, in the current language: (name, first,
        second, {player: bonus}, a note on a tie or None)."""
        st = self.state
        self.regions: list[tuple[str, int, int, dict[int, int], str | None]] = []
        for r, region in enumerate(st.board.regions):
            vals = [self.values[p][r] for p in range(st.P)]
            self.regions.append((tr(region.name), region.bonus[0], region.bonus[1], self.bonuses[r],
                                 self._tie_note(tr(region.name), vals, region.bonus, st.P)))

    def name(self, p: int) -> str:
        return self.setup.seats[p].name if p < len(self.setup.seats) else self.state.names[p]

    def _tie_note(self, region: str, vals: list[int], bonus: tuple[int, int], P: int) -> str | None:
        """How a tie in a region was split, in words (None without a tie)."""
        ranked = sorted({v for v in vals if v > 0}, reverse=True)
        if not ranked:
            return None
        first, second = bonus
        top = [p for p in range(P) if vals[p] == ranked[0]]
        if len(top) > 1:
            pot = first if P == 2 else first + second
            return tr("{region}: {names} tied for first with {value}, so they share {pot}: {each} each.",
                      region=region, names=_names([self.name(p) for p in top]), value=ranked[0], pot=pot,
                      each=pot // len(top))
        if P > 2 and len(ranked) > 1:
            nxt = [p for p in range(P) if vals[p] == ranked[1]]
            if len(nxt) > 1:
                return tr("{region}: {names} tied for second with {value}, so they share {pot}: {each} each.",
                          region=region, names=_names([self.name(p) for p in nxt]), value=ranked[1], pot=second,
                          each=second // len(nxt))
        return None

    def headline(self) -> str:
        names = [self.name(p) for p in self.winners]
        if len(names) == 1:
            return tr("{name} wins!", name=names[0])
        return tr("{names} share the victory!", names=_names(names))

    def why_ended(self) -> str:
        """Why the game ended (who passed 100, who placed every gate)."""
        st = self.state
        parts = []
        reasons = st.end_reason or []
        if "score" in reasons:
            over = [self.name(p) for p in range(st.P) if st.score[p] > END_AT]
            parts.append(tr("{names} passed 100 points", names=_names(over)))
        if "gates" in reasons:
            out = [self.name(p) for p in range(st.P) if st.gates_left[p] == 0]
            parts.append(tr("{names} placed all their gates", names=_names(out)))
        if not parts:
            return ""
        return tr("The game ended after round {round}: {why}.", round=st.round, why="; ".join(parts))

    def tie_break(self) -> str:
        """The tie-break in words, when the best total was shared."""
        if not self.totals:
            return ""
        best = max(self.totals)
        tied = [p for p in range(self.state.P) if self.totals[p] == best]
        if len(tied) < 2:
            return ""
        names = _names([self.name(p) for p in tied])
        if len(self.winners) == len(tied):
            return tr("{names} tied on {total} points and on {gates} gates placed, so they share the victory.",
                      names=names, total=best, gates=self.gates[tied[0]])
        w = self.winners
        return tr("{names} tied on {total} points; the fewer gates placed decides: {winners} placed {gates}.",
                  names=names, total=best, winners=_names([self.name(p) for p in w]), gates=self.gates[w[0]]) + " " + \
            "; ".join(trn("{name}: {n} gate", "{name}: {n} gates", self.gates[p], name=self.name(p)) for p in tied) + "."

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        """The panel fills most of the window: the headline and its two lines,
        the table (a name column, then Score, a column per region, +3, Total
        and Gates), the notes on ties, and the chart in what is left."""
        s = T.ui_scale(size)
        self.s = s
        self._words()  # the language may have changed (relayout)
        w, h = size
        pw, ph = min(int(1240 * s), w - int(30 * s)), min(int(720 * s), h - int(20 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bh = int(T.BUTTON_H * s)
        pad = int(28 * s)
        self.b_again.rect = pygame.Rect(self.panel.right - pad - int(176 * s), self.panel.bottom - bh - int(16 * s),
                                        int(176 * s), bh)
        self.b_title.rect = pygame.Rect(self.b_again.rect.x - int(140 * s), self.b_again.rect.y, int(124 * s), bh)
        x0, inner_w = self.panel.x + pad, self.panel.w - 2 * pad
        self.x0, self.inner_w = x0, inner_w
        y = self.panel.y + int(16 * s)
        self.headline_pos = (x0, y)
        y += assets.font(int(T.TYPE.h1 * s), "bold").get_height() + int(2 * s)
        self.small = int(T.TYPE.small * s)
        self.lh = int(max(self.small, assets.MIN_TEXT_PX) * 1.35)
        self.sub_lines = [line for text in (self.why_ended(), self.tie_break()) if text
                          for line in D.wrap(text, self.small, inner_w)]
        self.sub_y = y
        y += self.lh * len(self.sub_lines) + int(8 * s)
        # columns: name, score, regions…, +3, total, gates
        fixed = (N_("Special action"), N_("Total"), N_("Gates placed"))
        self.head_y = y
        self.tiny = int(T.TYPE.tiny * s)
        tiny_lh = int(max(self.tiny, assets.MIN_TEXT_PX) * 1.25)
        heads = [tr("Score")] + [name for name, *_ in self.regions] + [tr(f) for f in fixed]
        # every column at least as wide as its longest word and its cells
        # ("value 28"), so a head wraps between words; what is left is shared
        font = assets.font(self.tiny, "semibold")
        gap = int(10 * s)
        cell = assets.font(self.tiny).size(tr("value {v}", v=88))[0]
        need = [max(max(font.size(word)[0] for word in text.split() or [""]), cell) + gap for text in heads]
        self.name_w = max(int(130 * s), min(int(220 * s), int(inner_w * 0.18)))
        spare = inner_w - self.name_w - sum(need)
        if spare < 0:  # a narrow window: the names give way first, down to a short name
            self.name_w = max(int(96 * s), self.name_w + spare)
            spare = inner_w - self.name_w - sum(need)
        if spare >= 0:
            widths = [n + spare / len(need) for n in need]
        else:
            widths = [n * (inner_w - self.name_w) / sum(need) for n in need]
        xs: list[float] = [x0 + self.name_w]
        for wd in widths:
            xs.append(xs[-1] + wd)
        self.col_x = xs  # left edges of the columns and the right edge of the last
        self.heads = [D.wrap(text, self.tiny, int(xs[i + 1] - xs[i]) - gap // 2, "semibold")[:2]
                      for i, text in enumerate(heads)]
        self.head_h = 2 * tiny_lh + tiny_lh  # two lines of name, one of bonuses
        self.tiny_lh = tiny_lh
        y += self.head_h + int(4 * s)
        self.rows_y = y
        self.row_h = int(max(34 * s, 2 * tiny_lh + 4 * s))
        y += self.state.P * self.row_h
        notes = [tr("Under each region its bonuses; in each cell the bonus won and the airline's value there, "
                    "the sum of its gate values in that region.")]
        notes += [note for *_, note in self.regions if note]
        if self.state.P == 2:
            notes.append(tr("With two airlines each region gives only its first bonus."))
        self.note_lines = [line for note in notes for line in D.wrap(note, self.small, inner_w)]
        self.notes_y = y + int(6 * s)
        y = self.notes_y + self.lh * len(self.note_lines)
        self.chart = pygame.Rect(x0 - int(6 * s), y + int(8 * s), inner_w + int(12 * s),
                                 self.b_again.rect.y - y - int(20 * s))
        self._layout_chart()
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    def _layout_chart(self) -> None:
        s, r = self.s, self.chart
        self.show_chart = r.h > int(90 * s) and len(self.history) >= 2
        if not self.show_chart:
            return
        font = assets.font(self.tiny)
        top = max(20, max(max(v) for _, v in self.history))
        step = 10 if top <= 60 else (20 if top <= 140 else 50)
        self.top = ((top + step - 1) // step) * step
        self.step = step
        y_w = max(font.size(str(k))[0] for k in range(0, self.top + 1, step))
        head_h = assets.font(self.small, "bold").get_height()
        left = int(14 * s) + y_w + int(8 * s)
        right = int(18 * s)
        top_m = int(8 * s) + head_h + int(6 * s)
        bottom = font.get_height() + int(10 * s)
        self.plot = pygame.Rect(r.x + left, r.y + top_m, r.w - left - right, max(10, r.h - top_m - bottom))
        n = len(self.history)
        self.xs = [self.plot.x + self.plot.w * i / (n - 1) for i in range(n)]
        every = max(1, (n * font.size("00")[0] * 2) // max(1, self.plot.w) + 1)
        self.label_every = every

    # ------------------------------------------------------------ actions
    def new_game(self) -> None:
        """New game on Blue Skies with these airlines, but not this seed."""
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

    # ------------------------------------------------------------ drawing
    def _cell(self, surface: pygame.Surface, i: int, cy: float, text: str, size: int, color: tuple[int, int, int],
              weight: str = "regular") -> None:
        """Text centred in column ``i`` at height ``cy``."""
        img = assets.text(text, size, color, weight)
        surface.blit(img, img.get_rect(center=(int((self.col_x[i] + self.col_x[i + 1]) / 2), int(cy))))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        st = self.state
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(16 * s), shadow=int(6 * s), alpha=120)
        surface.blit(assets.text(self.headline(), int(T.TYPE.h1 * s), T.INK, "bold"), self.headline_pos)
        D.blit_lines(surface, self.sub_lines, (self.x0, self.sub_y), self.small, T.INK_SOFT, "medium",
                     line_height=self.lh)
        # the column heads: name (two lines at most), and a region's two bonuses
        n_regions = len(self.regions)
        for i, lines in enumerate(self.heads):
            y = self.head_y
            for line in lines:
                self._cell(surface, i, y + self.tiny_lh / 2 + (self.tiny_lh if len(lines) == 1 else 0), line,
                           self.tiny, T.INK_SOFT, "semibold")
                y += self.tiny_lh
            if 1 <= i <= n_regions:
                _, first, second, _, _ = self.regions[i - 1]
                pair = str(first) if st.P == 2 else f"{first} / {second}"
                self._cell(surface, i, self.head_y + 2.5 * self.tiny_lh, pair, self.tiny, T.ACCENT_DARK, "bold")
        y = self.rows_y
        size = int(T.TYPE.body * s)
        for p in self.order:
            seat = self.setup.seats[p]
            row = pygame.Rect(self.x0 - int(8 * s), y, int(self.col_x[-1] - self.x0) + int(8 * s), self.row_h - int(4 * s))
            rounded(surface, row, T.mix(T.GOLD, T.CARD, 0.55) if p in self.winners else T.CARD, int(8 * s))
            cy = row.centery
            D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 8 * s), (self.x0 + 8 * s, cy))
            nm = D.fit(seat.name, size, self.name_w - int(30 * s), "bold")
            img = assets.text(nm, size, T.INK, "bold")
            surface.blit(img, (self.x0 + int(22 * s), cy - img.get_height() // 2))
            self._cell(surface, 0, cy, str(st.score[p]), size, T.INK)
            for r, (_, _, _, got, _) in enumerate(self.regions):
                value = self.values[p][r]
                pts = got.get(p, 0)
                if pts:
                    pill = pygame.Rect(0, 0, int(self.col_x[r + 2] - self.col_x[r + 1]) - int(10 * s), self.row_h - int(10 * s))
                    pill.center = (int((self.col_x[r + 1] + self.col_x[r + 2]) / 2), cy)
                    rounded(surface, pill, T.mix(T.GOOD, T.CARD, 0.8), int(6 * s))
                self._cell(surface, r + 1, cy - self.tiny_lh / 2, f"+{pts}" if pts else "–", self.tiny,
                           T.GOOD if pts else T.INK_FAINT, "bold")
                self._cell(surface, r + 1, cy + self.tiny_lh / 2, tr("value {v}", v=value) if value else "",
                           self.tiny, T.INK_SOFT)
            bonus = int(st.final[p]["special_bonus"]) if st.final else 0  # type: ignore[call-overload]
            self._cell(surface, n_regions + 1, cy, f"+{bonus}" if bonus else tr("used"), size if bonus else self.tiny,
                       T.GOOD if bonus else T.INK_FAINT, "bold" if bonus else "regular")
            self._cell(surface, n_regions + 2, cy, str(self.totals[p]), size, T.INK, "bold")
            self._cell(surface, n_regions + 3, cy, str(self.gates[p]), size, T.INK_SOFT)
            y += self.row_h
        D.blit_lines(surface, self.note_lines, (self.x0, self.notes_y), self.small, T.INK_SOFT, line_height=self.lh)
        if self.show_chart:
            self.draw_chart(surface, s)
        self.widgets.draw(surface, s)

    def draw_chart(self, surface: pygame.Surface, s: float) -> None:
        r, inner, top = self.chart, self.plot, self.top
        rounded(surface, r, T.CARD, int(10 * s))
        head = assets.text(tr("Score round by round"), self.small, T.INK_SOFT, "bold")
        surface.blit(head, (r.x + int(14 * s), r.y + int(8 * s)))
        for k in range(0, top + 1, self.step):
            yy = inner.bottom - inner.h * k / top
            pygame.draw.line(surface, T.mix(T.LINE, T.CARD, 0.5), (inner.x, yy), (inner.right, yy), 1)
            lab = assets.text(str(k), self.tiny, T.INK_FAINT)
            surface.blit(lab, (inner.x - lab.get_width() - int(8 * s), yy - lab.get_height() // 2))
        if END_AT <= top:
            yy = inner.bottom - inner.h * END_AT / top
            pygame.draw.line(surface, T.ACCENT, (inner.x, yy), (inner.right, yy), max(1, int(2 * s)))
        for i, (label, _) in enumerate(self.history):
            if i % self.label_every and i != len(self.history) - 1:
                continue
            lab = assets.text(str(label), self.tiny, T.INK_FAINT)
            surface.blit(lab, lab.get_rect(midtop=(self.xs[i], inner.bottom + int(4 * s))))
        for p, seat in enumerate(self.setup.seats[:self.state.P]):
            pts = [(self.xs[i], inner.bottom - inner.h * v[p] / top) for i, (_, v) in enumerate(self.history)]
            pygame.draw.lines(surface, T.seat_rgb(seat), False, pts, max(2, int(3 * s)))
            D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 4.5 * s), pts[-1])
