"""Learn to play: the tutorials (one per board side) and the rule puzzles.

Each tutorial's card says what it covers and where the player stands (new,
at step k of n, finished) and offers Start, Resume or Start again; the
puzzles' card says how many are solved."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from opensky.i18n import name_of, tr
from opensky.learn import progress
from opensky.learn.tutorial import Tutorial, TutorialError, load_tutorial, shipped_ids
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.scene import Scene
from opensky.ui.screens import screen
from opensky.ui.widgets import Button, WidgetGroup, rounded, shadowed_panel

if TYPE_CHECKING:
    from opensky.ui.app import App


class LearnScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.tutorials: list[Tutorial] = []
        self.problems: list[str] = []
        for tid in shipped_ids():
            try:
                self.tutorials.append(load_tutorial(tid))
            except TutorialError as e:  # a damaged install: say so on its card, never a traceback
                self.problems.append(str(e))
        self.back = self.widgets.add(Button("Back", app.pop))
        self.cards: list[dict] = []
        self.bg: pygame.Surface | None = None
        self.s = 1.0

    def enter(self) -> None:
        """Read the progress again (a tutorial may just have been played)."""
        self.build()
        self.resize(self.app.window.get_size())

    def build(self) -> None:
        prog = progress.load()
        self.widgets.clear()
        self.cards = []
        for t in self.tutorials:
            mark = prog.tutorials.get(t.id)
            n = len(t.steps)
            buttons: list[Button] = []
            if mark is not None and 0 < mark.step < n:
                status = tr("Stopped at step {k} of {n}", k=mark.step + 1, n=n)
                buttons.append(Button("Resume", self._open(t, True), primary=True))
                buttons.append(Button("Start again", self._open(t, False)))
            elif mark is not None and mark.done:
                status = "✓ " + tr("Finished")
                buttons.append(Button("Play again", self._open(t, False)))
            else:
                status = tr("{n} steps, about ten minutes", n=n)
                buttons.append(Button("Start", self._open(t, False), primary=True))
            for b in buttons:
                self.widgets.add(b)
            self.cards.append({"title": name_of(t.board.extra, t.board.name), "tag": tr("Guided game"),
                               "tutorial": t,
                               "about": tr(t.about), "status": status, "done": bool(mark and mark.done),
                               "buttons": buttons})
        try:
            from opensky.learn.puzzles import shipped_puzzles
            ids = [pz.id for pz in shipped_puzzles()]
        except Exception:  # noqa: BLE001 - a damaged puzzle file is told on the puzzles screen
            ids = []
        marks = [prog.puzzles.get(i, "") for i in ids]
        solved, total = marks.count(progress.SOLVED), len(ids)
        pb = Button("Open the puzzles", self.puzzles, primary=not self.tutorials)
        self.widgets.add(pb)
        self.cards.append({"title": tr("Rule puzzles"), "tag": tr("Test yourself"), "tutorial": None, "marks": marks,
                           "about": tr("Short positions from real play: who wins this market, which fare wins "
                                       "alone, is this two-stop valid, what change do you keep. The engine "
                                       "explains every answer."),
                           "status": tr("{k} of {n} solved", k=solved, n=total), "done": total > 0 and solved == total,
                           "buttons": [pb]})
        self.widgets.add(self.back)

    def _open(self, t: Tutorial, resume: bool) -> Callable[[], None]:
        def f() -> None:
            from opensky.ui.game.tutorial import open_tutorial
            open_tutorial(self.app, t, resume=resume)
        return f

    def puzzles(self) -> None:
        self.app.push(screen("puzzles")(self.app))

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        if not self.cards:
            self.build()
        s = T.ui_scale(size)
        self.s = s
        w, h = size
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        n = len(self.cards)
        gap = int(20 * s)
        cw = min(int(340 * s), (w - int(60 * s) - (n - 1) * gap) // n)
        ch = min(int(500 * s), h - int(120 * s) - int(T.BUTTON_H * s) - int(50 * s))
        x = (w - (n * cw + (n - 1) * gap)) // 2
        top = int(120 * s)
        bh = int(T.BUTTON_H * s)
        for card in self.cards:
            rect = pygame.Rect(x, top, cw, ch)
            card["rect"] = rect
            pad = int(20 * s)
            pic = pygame.Rect(rect.x + pad // 2, rect.y + pad // 2, cw - pad, int(ch * 0.34))
            card["pic"] = pic
            card["thumb"] = _thumbnail(card["tutorial"], pic.size, s, card.get("marks", []))
            card["about_lines"] = D.wrap(card["about"], int(T.TYPE.body * s), cw - 2 * pad)
            by = rect.bottom - pad - bh
            buttons = card["buttons"]
            gap_b = int(10 * s)
            bw = (cw - 2 * pad - gap_b * (len(buttons) - 1)) // len(buttons)
            for k, b in enumerate(buttons):   # side by side: Resume | Start again
                b.rect = pygame.Rect(rect.x + pad + k * (bw + gap_b), by, bw, bh)
            card["text_bottom"] = by
            x += cw + gap
        self.back.rect = pygame.Rect(int(30 * s), h - int(30 * s) - bh, int(140 * s), bh)
        self.dirty = True

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.widgets.handle(e)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        w, h = surface.get_size()
        if self.bg is not None and self.bg.get_size() == (w, h):
            surface.blit(self.bg, (0, 0))
        else:
            surface.fill(T.NIGHT)
        head = assets.text(tr("Learn to play"), int(T.TYPE.h1 * s), (255, 255, 255), "bold")
        surface.blit(head, head.get_rect(midtop=(w // 2, int(34 * s))))
        sub = assets.text(tr("Play a guided game, then test yourself on the rules."), int(T.TYPE.body * s),
                          (200, 210, 228))
        surface.blit(sub, sub.get_rect(midtop=(w // 2, int(34 * s) + head.get_height() + int(6 * s))))
        for card in self.cards:
            r = card["rect"]
            shadowed_panel(surface, r, T.PAPER, int(16 * s), shadow=int(5 * s), alpha=110)
            pad = int(20 * s)
            pic = card["pic"]
            surface.blit(card["thumb"], pic.topleft)
            y = pic.bottom + int(12 * s)
            tag = assets.text(card["tag"].upper(), int(T.TYPE.tiny * s), T.ACCENT_DARK, "bold")
            surface.blit(tag, (r.x + pad, y))
            y += tag.get_height() + int(4 * s)
            title = D.fit(card["title"], int(T.TYPE.h2 * s), r.w - 2 * pad, "bold")
            t = assets.text(title, int(T.TYPE.h2 * s), T.INK, "bold")
            surface.blit(t, (r.x + pad, y))
            y += t.get_height() + int(10 * s)
            room = card["text_bottom"] - int(40 * s)
            lh = int(max(T.TYPE.body * s, assets.MIN_TEXT_PX) * 1.35)
            fits = max(0, (room - y) // lh)
            lines = card["about_lines"][:fits]
            if len(card["about_lines"]) > fits and lines:  # cut: say so
                lines[-1] = D.fit(lines[-1] + " …", int(T.TYPE.body * s), r.w - 2 * pad)
            D.blit_lines(surface, lines, (r.x + pad, y), int(T.TYPE.body * s), T.INK_SOFT)
            chip = pygame.Rect(r.x + pad, card["text_bottom"] - int(34 * s), r.w - 2 * pad, int(26 * s))
            colour = T.GOOD if card["done"] else T.INK_SOFT
            rounded(surface, chip, T.mix(colour, T.PAPER, 0.85), int(8 * s))
            st = assets.text(D.fit(card["status"], int(T.TYPE.small * s), chip.w - int(16 * s), "semibold"),
                             int(T.TYPE.small * s), colour, "semibold")
            surface.blit(st, st.get_rect(midleft=(chip.x + int(8 * s), chip.centery)))
        if self.problems:
            msg = assets.text(D.fit(self.problems[0], int(T.TYPE.small * s), w - int(220 * s)),
                              int(T.TYPE.small * s), (255, 200, 190))
            surface.blit(msg, (int(190 * s), h - int(52 * s)))
        self.widgets.draw(surface, s)
        tip = self.widgets.hovered_tooltip()
        if tip:
            D.tooltip(surface, tip[0], pygame.mouse.get_pos(), s)


#: the cards' pictures made so far: (board side or None, size, scale, marks) -> picture
_THUMBS: dict[tuple[object, ...], pygame.Surface] = {}


def _thumbnail(t: Tutorial | None, size: tuple[int, int], s: float, marks: list[str]) -> pygame.Surface:
    """A card's picture (made once per board side, size and marks: drawing
    the map is the screen's one slow step)."""
    key = (t.id if t is not None else None, size, round(s, 3), tuple(marks) if t is None else ())
    pic = _THUMBS.get(key)
    if pic is None:
        if len(_THUMBS) > 24:
            _THUMBS.clear()
        pic = _THUMBS[key] = _make_thumbnail(t, size, s, marks)
    return pic


def _make_thumbnail(t: Tutorial | None, size: tuple[int, int], s: float, marks: list[str]) -> pygame.Surface:
    """A card's picture: the tutorial's board side with its call-sign
    airports, or (the puzzles) a fare card per puzzle, gold when solved."""
    w, h = size
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    body = pygame.Surface(surf.get_size())
    body.fill(T.CARD)
    if t is not None:
        from opensky.play.seats import GameSetup
        from opensky.rules.state import GameState
        from opensky.ui.boardview import BoardView
        # drawn large and made small: a picture of the map, not text to read
        k = 2.4
        big = pygame.Surface((int(w * k), int(h * k)))
        view = BoardView(t.board, GameSetup.default(2).seats)
        view.layout(big.get_rect(), max(1.0, s))
        view.draw(big, GameState(t.board, list(t.players), dict(t.callsigns)))
        body = pygame.transform.smoothscale(big, (max(1, w), max(1, h)))
    else:
        _puzzle_cards(body, marks, s)
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(12 * s))
    surf.blit(body, (0, 0))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf


def _puzzle_cards(body: pygame.Surface, marks: list[str], s: float) -> None:
    """Two rows of fare-card shapes, one per puzzle: gold and ticked when
    solved, amber-edged when tried, plain when new."""
    w, h = body.get_size()
    n = max(1, len(marks))
    cols = (n + 1) // 2
    gap = max(4, int(10 * s))
    cw = min((w - (cols + 1) * gap) // cols, int((h - 3 * gap) / 2 / 1.35))
    chh = int(cw * 1.35)
    x0 = (w - (cols * cw + (cols - 1) * gap)) // 2
    y0 = (h - (2 * chh + gap)) // 2
    size = max(12, int(cw * 0.42))
    for i, m in enumerate(marks):
        r = pygame.Rect(x0 + (i % cols) * (cw + gap), y0 + (i // cols) * (chh + gap), cw, chh)
        fill = T.GOLD if m == progress.SOLVED else (255, 255, 255)
        edge = T.ACCENT if m == progress.TRIED else T.LINE
        rounded(body, r.move(0, max(1, int(2 * s))), T.mix(T.INK, T.CARD, 0.8), int(6 * s))
        rounded(body, r, fill, int(6 * s))
        rounded(body, r, edge, int(6 * s), max(1, int(2 * s)))
        label = "✓" if m == progress.SOLVED else str(i + 1)
        img = assets.text(label, size, T.INK, "bold")
        body.blit(img, img.get_rect(center=r.center))


__all__ = ["LearnScene"]
