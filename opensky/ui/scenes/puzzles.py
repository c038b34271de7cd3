"""Rule puzzles (title → Puzzles): the list of shipped puzzles with the
player's marks, and one puzzle at a time — the position on the board, the
question, the situation in words, the choices; after an answer the engine's
explanation and the mark saved (``opensky.learn.progress``).

Everything shown is prepared in ``resize`` and after each answer
(``_layout``); ``draw`` only draws it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from opensky.i18n import N_, tr, trn
from opensky.learn import progress as P
from opensky.learn import puzzles as PZ
from opensky.learn.puzzles import Puzzle, PuzzleError, load_puzzle, puzzles_dir
from opensky.play.seats import DEFAULT_SEATS, Seat
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.boardview import BoardView
from opensky.ui.market import draw_card
from opensky.ui.scene import Scene
from opensky.ui.widgets import Button, WidgetGroup, rounded, shadowed_panel

if TYPE_CHECKING:
    from opensky.ui.app import App

#: The tag of each kind of puzzle, shown on the list and above the question.
KIND_TAGS = {PZ.WINNER: N_("Who wins?"), PZ.SOLE_FARE: N_("Wins alone"), PZ.VALID_ITINERARY: N_("Valid itinerary?"),
             PZ.LEASE_PUZZLE: N_("Leasing"), PZ.WALK_AWAY: N_("Walk-away")}
MARK_COLORS = {P.SOLVED: T.GOOD, P.TRIED: T.ACCENT}
#: The rings round the market's airports and the path asked about: a colour
#: no airline wears.
MARKET = (196, 30, 120)

#: One piece of prepared text: (text, size, colour, weight, position).
Text = tuple[str, int, tuple[int, int, int], str, tuple[int, int]]


def load_shipped() -> list[Puzzle]:
    """The shipped puzzles that load (a broken file is left out of the list;
    ``python main.py tutorial --check`` names it)."""
    out = []
    for path in sorted(puzzles_dir().glob("*.yaml")):
        try:
            out.append(load_puzzle(path))
        except PuzzleError:
            continue
    return out


def draw_check(surface: pygame.Surface, center: tuple[int, int], r: float, color: tuple[int, int, int]) -> None:
    """A tick (not a font glyph: every font draws it)."""
    x, y = center
    pts = [(x - r * 0.55, y + r * 0.02), (x - r * 0.15, y + r * 0.42), (x + r * 0.6, y - r * 0.4)]
    pygame.draw.lines(surface, color, False, pts, max(2, int(r * 0.32)))


def mark_label(mark: str | None) -> str:
    return tr("Solved") if mark == P.SOLVED else tr("Tried") if mark == P.TRIED else tr("New")


class PuzzleCard(Button):
    """One puzzle on the list: its number, title, kind and board, and the mark."""

    def __init__(self, number: int, puzzle: Puzzle, on_click: Callable[[], None]) -> None:
        super().__init__(puzzle.title, on_click)
        self.number = number
        self.puzzle = puzzle
        self.mark: str | None = None

    def draw(self, surface: pygame.Surface, s: float) -> None:
        r = self.rect.move(0, int(1 * s) if self.pressed else 0)
        rad = int(T.RADIUS * s)
        edge = T.mix(T.LINE, T.ACCENT, 0.6) if self.hover or self.focused else T.LINE
        rounded(surface, r.move(0, max(1, int(2 * s))), T.mix(T.LINE, (0, 0, 0), 0.2), rad)
        rounded(surface, r, T.mix(T.CARD, T.ACCENT, 0.06) if self.hover else T.CARD, rad)
        rounded(surface, r, edge, rad, max(1, int(1.2 * s)))
        col = MARK_COLORS.get(self.mark or "", T.NIGHT_2)
        cr = min(r.h * 0.32, 22 * s)
        c = (r.x + int(14 * s + cr), r.centery)
        pygame.draw.circle(surface, col, c, cr)
        if self.mark == P.SOLVED:
            draw_check(surface, c, cr * 0.9, (255, 255, 255))
        else:
            img = assets.text(str(self.number), int(T.TYPE.body * s), (255, 255, 255), "bold")
            surface.blit(img, img.get_rect(center=c))
        x = int(c[0] + cr + 12 * s)
        tag = assets.text(mark_label(self.mark), int(T.TYPE.small * s), col if self.mark else T.INK_SOFT, "semibold")
        room = r.right - x - tag.get_width() - int(24 * s)
        title = D.fit(tr(self.puzzle.title), int(T.TYPE.body * s), room, "semibold")
        t1 = assets.text(title, int(T.TYPE.body * s), T.INK, "semibold")
        sub = tr(KIND_TAGS[self.puzzle.kind]) + " · " + tr(self.puzzle.state.board.name)
        t2 = assets.text(D.fit(sub, int(T.TYPE.small * s), room), int(T.TYPE.small * s), T.INK_SOFT)
        gap = int(2 * s)
        top = r.centery - (t1.get_height() + t2.get_height() + gap) // 2
        surface.blit(t1, (x, top))
        surface.blit(t2, (x, top + t1.get_height() + gap))
        surface.blit(tag, tag.get_rect(midright=(r.right - int(14 * s), r.centery)))
        self.draw_focus(surface, s)


class PuzzleListScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.puzzles = load_shipped()
        self.widgets = WidgetGroup()
        self.cards: list[PuzzleCard] = []
        for i, pz in enumerate(self.puzzles):
            card = PuzzleCard(i + 1, pz, self._open(i))
            self.cards.append(card)
            self.widgets.add(card)
        self.back = self.widgets.add(Button(N_("Back"), app.pop))
        self.marks: dict[str, str] = {}
        self.refresh()

    def _open(self, i: int) -> Callable[[], None]:
        return lambda: self.app.push(PuzzleScene(self.app, self.puzzles, i))

    def refresh(self) -> None:
        self.marks = P.load().puzzles
        for card in self.cards:
            card.mark = self.marks.get(card.puzzle.id)
        self.dirty = True

    def enter(self) -> None:
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        pw, ph = min(int(1120 * s), w - int(40 * s)), min(int(680 * s), h - int(24 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        pad = int(28 * s)
        bh = int(T.BUTTON_H * s)
        self.back.rect = pygame.Rect(self.panel.right - pad - int(130 * s), self.panel.bottom - bh - int(18 * s),
                                     int(130 * s), bh)
        top = self.panel.y + int(22 * s) + assets.font(int(T.TYPE.h1 * s), "bold").get_height() \
            + assets.font(int(T.TYPE.body * s)).get_height() + int(22 * s)
        bottom = self.back.rect.y - int(16 * s)
        cols = 2
        rows = max(1, -(-len(self.cards) // cols))
        gap = int(10 * s)
        cw = (self.panel.w - 2 * pad - gap) // cols
        ch = min(int(74 * s), (bottom - top - gap * (rows - 1)) // rows)
        for i, card in enumerate(self.cards):
            col, row = i // rows, i % rows
            card.rect = pygame.Rect(self.panel.x + pad + col * (cw + gap), top + row * (ch + gap), cw, ch)
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.widgets.handle(e)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
        x, y = self.panel.x + int(28 * s), self.panel.y + int(20 * s)
        title = assets.text(tr("Rule puzzles"), int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(title, (x, y))
        y += title.get_height() + int(2 * s)
        sub = assets.text(tr("Positions from real play. Answer, and the engine shows why."),
                          int(T.TYPE.body * s), T.INK_SOFT)
        surface.blit(sub, (x, y))
        solved = sum(1 for c in self.cards if c.mark == P.SOLVED)
        count = assets.text(trn("{n} of {total} solved", "{n} of {total} solved", solved, total=len(self.cards)),
                            int(T.TYPE.body * s), T.GOOD if solved else T.INK_SOFT, "semibold")
        surface.blit(count, count.get_rect(topright=(self.panel.right - int(28 * s), self.panel.y + int(30 * s))))
        if not self.cards:
            msg = assets.text(tr("No puzzles found."), int(T.TYPE.body * s), T.INK)
            surface.blit(msg, msg.get_rect(center=self.panel.center))
        self.widgets.draw(surface, s)


class PuzzleScene(Scene):
    """One puzzle: the board on the left, the question and choices on the right."""

    def __init__(self, app: "App", puzzles: list[Puzzle], index: int) -> None:
        super().__init__(app)
        self.puzzles = puzzles
        self.widgets = WidgetGroup()
        self.b_next = Button(N_("Next puzzle"), self.next_puzzle, primary=True)
        self.b_again = Button(N_("Try again"), self.try_again)
        self.b_list = Button(N_("Back to the list"), app.pop)
        self.texts: list[Text] = []
        self.bullets: list[tuple[int, tuple[int, int], float]] = []
        self.size = app.size
        self.open(index)

    # ------------------------------------------------------------ state
    def open(self, index: int) -> None:
        self.index = index
        self.puzzle = self.puzzles[index]
        st = self.puzzle.state
        seats = [Seat(name, DEFAULT_SEATS[i][1], DEFAULT_SEATS[i][2]) for i, name in enumerate(st.names)]
        self.seats = seats
        self.view = BoardView(st.board, seats)
        self.chosen: str | None = None
        self.save_problem: str | None = None
        self.mark = P.load().puzzles.get(self.puzzle.id)
        self.choice_buttons = [Button(c.label, self._answer(c.key)) for c in self.puzzle.choices()]
        self.labels = {c.key: c.label for c in self.puzzle.choices()}

    def _answer(self, key: str) -> Callable[[], None]:
        def f() -> None:
            self.choose(key)
        return f

    def choose(self, key: str) -> None:
        """Answer with choice ``key``: judge it by the engine's answer and save the mark."""
        self.chosen = key
        right = self.puzzle.is_right(key)
        self.save_problem = P.mark_puzzle(self.puzzle.id, right)
        self.mark = P.SOLVED if right or self.mark == P.SOLVED else P.TRIED
        from opensky.ui import sound
        sound.play("cash" if right else "flip", volume=0.5)
        self._layout()

    @property
    def right(self) -> bool:
        return self.chosen is not None and self.puzzle.is_right(self.chosen)

    def next_puzzle(self) -> None:
        if self.index + 1 >= len(self.puzzles):
            self.app.pop()
            return
        self.open(self.index + 1)
        self.resize(self.size)

    def try_again(self) -> None:
        self.chosen = None
        self._layout()

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        s = self.s = T.ui_scale(size)
        w, h = size
        m = int(14 * s)
        side_w = min(max(int(w * 0.36), int(330 * s)), int(w * 0.46))
        self.side = pygame.Rect(w - side_w - m, m, side_w, h - 2 * m)
        left_w = self.side.x - 2 * m
        # the situation in words under the map
        size_t = int(T.TYPE.small * s)
        self.sit_size = size_t
        lines: list[tuple[int | None, str]] = []
        for line in self.puzzle.situation():
            who = next((q for q, n in enumerate(self.puzzle.state.names) if line.startswith(n)), None)
            for k, part in enumerate(D.wrap(line, size_t, left_w - int(60 * s))):
                lines.append((who if k == 0 else None, part))
        self.sit_lines = lines
        lh = int(max(size_t, assets.MIN_TEXT_PX) * 1.45)
        self.sit_lh = lh
        sit_h = int(44 * s) + lh * len(lines)
        self.situation_rect = pygame.Rect(m, h - m - sit_h, left_w, sit_h)
        self.board_rect = pygame.Rect(m, m, left_w, self.situation_rect.y - 2 * m + m // 2)
        self.view.layout(self.board_rect, s)
        self.view.render_pieces(self.puzzle.state)
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self._layout()

    def _layout(self) -> None:
        """The side panel for the puzzle as it stands (asked, or answered)."""
        s, r, pz = self.s, self.side, self.puzzle
        pad = int(22 * s)
        x, inner = r.x + pad, r.w - 2 * pad
        texts: list[Text] = []
        self.bullets = []
        y = r.y + int(18 * s)
        small = int(T.TYPE.small * s)
        head = tr("Puzzle {n} of {total}", n=self.index + 1, total=len(self.puzzles)).upper()
        texts.append((head, small, T.ACCENT_DARK, "bold", (x, y)))
        tag = tr(KIND_TAGS[pz.kind]) + " · " + tr(pz.state.board.name)
        tw = assets.font(small).size(tag)[0]
        texts.append((tag, small, T.INK_SOFT, "semibold", (r.right - pad - tw, y)))
        y += assets.font(small, "bold").get_height() + int(6 * s)
        h2 = int(T.TYPE.h2 * s)
        for line in D.wrap(tr(pz.title), h2, inner, "bold"):
            texts.append((line, h2, T.INK, "bold", (x, y)))
            y += assets.font(h2, "bold").get_height()
        y += int(8 * s)
        body = int(T.TYPE.body * s)
        blh = int(max(body, assets.MIN_TEXT_PX) * 1.35)
        for line in D.wrap(tr(pz.question), body, inner, "medium"):
            texts.append((line, body, T.INK, "medium", (x, y)))
            y += blh
        y += int(10 * s)
        self.rule_y = y
        y += int(14 * s)
        self.table: list[tuple[pygame.Rect, int, int | None, tuple[int, int], bool]] = []
        self.table_names: list[Text] = []
        if self.chosen is None or not self._crowded():
            y = self._layout_table(x, y, inner)
        bh = int(T.BUTTON_H * s)
        gap = int(8 * s)
        bottom = r.bottom - pad
        self.widgets.clear()
        if self.chosen is None:
            ch = min(bh, max(int(34 * s), (bottom - bh - gap * 2 - y) // max(1, len(self.choice_buttons)) - gap))
            for b in self.choice_buttons:
                b.rect = pygame.Rect(x, y, inner, ch)
                self.widgets.add(b)
                y += ch + gap
            self.b_list.rect = pygame.Rect(x, bottom - bh, inner, bh)
            self.widgets.add(self.b_list)
            self.verdict_rect = None
        else:
            self.b_list.rect = pygame.Rect(x + (inner + gap) // 2, bottom - bh, inner - (inner + gap) // 2, bh)
            self.b_again.rect = pygame.Rect(x, bottom - bh, (inner - gap) // 2, bh)
            last = self.index + 1 >= len(self.puzzles)
            self.b_next.rect = pygame.Rect(x, bottom - 2 * bh - gap, inner, bh)
            self.b_list.primary = last
            for b in ((self.b_again, self.b_list) if last else (self.b_next, self.b_again, self.b_list)):
                self.widgets.add(b)
            self.widgets.set_focus(self.b_list if last else self.b_next)
            if last:
                self.b_next.rect = pygame.Rect(x, bottom - bh, inner, 0)
            # the verdict banner
            vh = int(58 * s)
            self.verdict_rect = pygame.Rect(x, y, inner, vh)
            word = tr("Right!") if self.right else tr("Not quite")
            texts.append((word, int(T.TYPE.h2 * s), (255, 255, 255), "bold", (x + int(50 * s), y + int(6 * s))))
            answer = ", ".join(self.labels.get(k, k) for k in sorted(pz.answer()))
            mine = self.labels.get(self.chosen, self.chosen)
            sub = tr("You said {mine}; the answer is {answer}.", mine=mine, answer=answer) if not self.right else \
                tr("Your answer: {answer}", answer=mine)
            texts.append((D.fit(sub, small, inner - int(60 * s)), small, (255, 255, 255), "semibold",
                          (x + int(50 * s), y + vh - int(8 * s) - assets.font(small).get_height())))
            y += vh + int(12 * s)
            # the explanation, as large as the room allows
            room = self.b_next.rect.y - gap - y
            if self.save_problem:
                room -= int(22 * s)
            for size in (int(T.TYPE.body * s * 0.95), small, int(T.TYPE.tiny * s)):
                lh = int(max(size, assets.MIN_TEXT_PX) * 1.32)
                wrapped = [D.wrap(line, size, inner - int(18 * s)) for line in pz.explain()]
                need = sum(len(w) for w in wrapped) * lh + int(5 * s) * len(wrapped)
                if need <= room:
                    break
            for para in wrapped:
                if y + lh > self.b_next.rect.y - gap:
                    break
                self.bullets.append((size, (x + int(5 * s), y + lh // 2), s))
                for line in para:
                    if y + lh > self.b_next.rect.y - gap:
                        break
                    texts.append((line, size, T.INK, "regular", (x + int(18 * s), y)))
                    y += lh
                y += int(5 * s)
            if self.save_problem:
                texts.append((D.fit(tr("Your progress could not be saved."), small, inner), small, T.BAD, "semibold",
                              (x, self.b_next.rect.y - gap - int(20 * s))))
        self.texts = texts
        self.dirty = True

    def _table_items(self) -> list[tuple[int, int | None, str, bool]]:
        """The cards on the table as the side panel shows them: (airline,
        fare or None for a card still face down, caption, gold after the
        answer for the airline(s) that win)."""
        pz, st = self.puzzle, self.puzzle.state
        winners = pz.winners() if self.chosen is not None else []
        out: list[tuple[int, int | None, str, bool]] = []
        if pz.kind in (PZ.WINNER, PZ.WALK_AWAY, PZ.SOLE_FARE):
            for q in range(st.P):
                stops = st.stops[q]
                if stops is None:
                    continue
                cls = tr("nonstop") if stops == 0 else trn("{n} stop", "{n} stops", stops)
                fare = st.bid[q]
                if pz.kind == PZ.SOLE_FARE and q == pz.player and fare is None:
                    out.append((q, None, cls, False))
                elif fare is not None:
                    out.append((q, fare, cls, q in winners))
        elif pz.kind == PZ.LEASE_PUZZLE and pz.player is not None:
            for card in st.won_cards(pz.player):
                out.append((pz.player, card, tr("won"), True))
        return out

    def _layout_table(self, x: int, y: int, inner: int) -> int:
        items = self._table_items()
        if not items:
            return y
        s = self.s
        small = int(T.TYPE.small * s)
        cw, ch = int(48 * s), int(64 * s)
        slot = min(int(104 * s), inner // len(items))
        x0 = x + (inner - slot * len(items)) // 2
        name_h = assets.font(small, "semibold").get_height()
        for i, (q, fare, cls, won) in enumerate(items):
            cx = x0 + slot * i + slot // 2
            name = D.fit(self.puzzle.state.names[q], small, slot - int(22 * s), "semibold")
            nw = assets.font(small, "semibold").size(name)[0]
            self.table_names.append((name, small, T.INK, "semibold", (cx - nw // 2 + int(8 * s), y)))
            card = pygame.Rect(0, 0, cw, ch)
            card.midtop = (cx, y + name_h + int(4 * s))
            self.table.append((card, q, fare, (cx - nw // 2 - int(4 * s), y + name_h // 2), won))
            cap = D.fit(cls, small, slot - int(4 * s))
            capw = assets.font(small).size(cap)[0]
            self.table_names.append((cap, small, T.INK_SOFT, "regular", (cx - capw // 2, card.bottom + int(4 * s))))
        return y + name_h + ch + int(10 * s) + assets.font(small).get_height() + int(12 * s)

    def _crowded(self) -> bool:
        """After an answer at a small size: the explanation needs the room
        the cards would take."""
        lines = sum(len(D.wrap(line, int(T.TYPE.tiny * self.s), self.side.w - int(62 * self.s)))
                    for line in self.puzzle.explain())
        need = lines * int(assets.MIN_TEXT_PX * 1.4) + int(420 * self.s)
        return need > self.side.h

    # ------------------------------------------------------------ input
    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if (e.type == pygame.KEYDOWN and self.chosen is None and pygame.K_1 <= e.key <= pygame.K_9
                and e.key - pygame.K_1 < len(self.choice_buttons)):
            self.choice_buttons[e.key - pygame.K_1].activate()
            return
        if self.widgets.handle(e):
            self.dirty = True
        elif e.type == pygame.MOUSEMOTION:
            self.dirty = True

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        s, pz = self.s, self.puzzle
        st = pz.state
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.board_rect.inflate(int(4 * s), int(4 * s)), T.NIGHT_2, int(10 * s),
                       shadow=int(4 * s), alpha=110)
        prev = surface.get_clip()
        surface.set_clip(self.board_rect)
        self.view.draw(surface, st)
        if st.od is not None:
            for c in st.od:
                self.view.highlight_airport(surface, st.callsign_airport[c], MARKET, 1.15)
        if pz.itinerary:
            route_index = st.board.route_index
            for a, b in zip(pz.itinerary, pz.itinerary[1:]):
                r = route_index[(st.board.codes[a], st.board.codes[b])]
                self.view.highlight_route(surface, r, MARKET, 3.0, dashed=True)
        surface.set_clip(prev)
        # the situation
        sr = self.situation_rect
        shadowed_panel(surface, sr, T.PAPER, int(10 * s), shadow=int(4 * s), alpha=110)
        small = self.sit_size
        head = assets.text(tr("The position").upper(), small, T.ACCENT_DARK, "bold")
        surface.blit(head, (sr.x + int(18 * s), sr.y + int(12 * s)))
        y = sr.y + int(16 * s) + head.get_height()
        for who, line in self.sit_lines:
            if who is not None:
                seat = self.seats[who]
                D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 6 * s),
                              (sr.x + int(26 * s), y + self.sit_lh // 2))
            surface.blit(assets.text(line, small, T.INK), (sr.x + int(40 * s), y))
            y += self.sit_lh
        # the side panel
        shadowed_panel(surface, self.side, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
        pygame.draw.line(surface, T.LINE, (self.side.x + int(22 * s), self.rule_y),
                         (self.side.right - int(22 * s), self.rule_y), max(1, int(s)))
        if self.verdict_rect is not None:
            col = T.GOOD if self.right else T.BAD
            rounded(surface, self.verdict_rect, col, int(10 * s))
            mid = (self.verdict_rect.x + int(26 * s), self.verdict_rect.centery)
            pygame.draw.circle(surface, (255, 255, 255), mid, 15 * s)
            if self.right:
                draw_check(surface, mid, 12 * s, col)
            else:
                k = 6 * s
                for dx in (-k, k):
                    pygame.draw.line(surface, col, (mid[0] - k, mid[1] - dx), (mid[0] + k, mid[1] + dx),
                                     max(2, int(3 * s)))
        for card, q, fare, emblem, won in self.table:
            seat = self.seats[q]
            D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 5 * s), emblem)
            draw_card(surface, card, fare, s, face_up=fare is not None, won=won)
        for text, size, color, weight, pos in self.table_names:
            surface.blit(assets.text(text, size, color, weight), pos)
        for size, (bx, by), bs in self.bullets:
            pygame.draw.circle(surface, T.ACCENT, (bx, by), max(2, 3 * bs))
        for text, size, color, weight, pos in self.texts:
            surface.blit(assets.text(text, size, color, weight), pos)
        self.widgets.draw(surface, s)
