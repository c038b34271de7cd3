"""The tutorial's coach on the game screen: the step's words in a bubble,
a ring around the place the step is about and an arrow to it.

Where the arrow points comes from the step (``point``) or from the move it
teaches: a route or an airport on the map, the card to bid or the Bid
button, the decision's button in the tray, an airline's panel, a part of the
table.  The bubble sits over the map where it hides neither that place nor
the market's airports and itineraries (``layout.clear_box``).  Everything is
worked out in ``prepare`` (once per step, moment and window size); ``draw``
only paints it.  While the story of a move is told the coach waits, so no
words come before their animation ends.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from opensky.i18n import tr
from opensky.learn.lesson import DO, READ
from opensky.learn.tutorial import Point as Aim
from opensky.rules import actions as A
from opensky.rules.actions import Action
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game.layout import Marks, clear_box, market_marks
from opensky.ui.widgets import Button, shadowed_panel

if TYPE_CHECKING:
    from opensky.play.tutorial import TutorialController
    from opensky.ui.game.scene import GameScene

#: the rules screen's pictures a step may show (drawn by the rules screen's own code)
PictureFn = Callable[[pygame.Surface, pygame.Rect, float], None]


def _pictures() -> dict[str, PictureFn]:
    from opensky.ui.scenes.rules import PICTURES
    return PICTURES


class Coach:
    def __init__(self, game: "GameScene", ctl: "TutorialController") -> None:
        self.game = game
        self.ctl = ctl
        self.button = Button("Continue", ctl_proceed(game), primary=True, small=True)
        #: the bubble, the place pointed at (None: nothing), the picture's box
        self.box: pygame.Rect | None = None
        self.target: pygame.Rect | None = None
        self.picture: pygame.Rect | None = None
        self.lines: list[str] = []
        self.body_px = 12
        self.content_h = 0
        self.head = ""
        self.nudge_lines: list[str] = []
        #: while the story's moves are played: a small sign saying so (its text and box)
        self.pill: tuple[str, pygame.Rect] | None = None
        self._key: tuple = ()

    # ------------------------------------------------------------ what is shown
    @property
    def shown(self) -> bool:
        """The coach speaks once the story of the last move has been told."""
        g = self.game
        lesson = self.ctl.lesson
        return (not lesson.finished and not lesson.pending and not g.anim.blocking()
                and g.seat.handoff_for is None)

    def wants_button(self) -> bool:
        return self.shown and self.ctl.lesson.moment == READ

    def aim(self) -> pygame.Rect | None:
        """Where the arrow points now (window pixels), if anywhere."""
        step = self.ctl.lesson.step
        if step is None:
            return None
        if step.point is not None:
            return self._aim_at(step.point)
        a = self.ctl.lesson.expected()
        return self._aim_move(a) if a is not None else None

    def _aim_at(self, p: Aim) -> pygame.Rect | None:
        g = self.game
        s = g.s
        if p.kind == "route" and p.ref is not None:
            return self._route_box(p.ref)
        if p.kind == "airport" and p.ref is not None:
            return self._airport_box(p.ref)
        if p.kind == "panel" and p.ref is not None:
            sb = g.sidebar
            return sb.boxes[p.ref].copy() if sb is not None and p.ref < len(sb.boxes) else None
        areas: dict[str, pygame.Rect] = {
            "tray": g.layout.tray, "calendar": g.layout.top, "dice": g.anim.dice.rect,
            "table": g.anim.table.rect, "board": g.board_rect,
        }
        if p.kind == "log":
            sb = g.sidebar
            return sb.boxes[-1].copy() if sb is not None and len(sb.boxes) > g.state.P else None
        if p.kind == "die":
            for name, r in g.overlays():
                if name == "price die":
                    return r
            return None
        area = areas.get(p.kind)
        return area.inflate(-int(6 * s), -int(6 * s)) if area is not None else None

    def _route_box(self, r: int) -> pygame.Rect:
        a, b = self.game.view.route_ends_px(r)
        m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        d = int(22 * self.game.s)
        return pygame.Rect(int(m[0]) - d, int(m[1]) - d, 2 * d, 2 * d)

    def _airport_box(self, i: int) -> pygame.Rect:
        x, y = self.game.view.apx[i]
        d = int(max(18 * self.game.s, self.game.view.airport_radius() * 2.2))
        return pygame.Rect(int(x) - d, int(y) - d, 2 * d, 2 * d)

    def _aim_move(self, a: Action) -> pygame.Rect | None:
        g = self.game
        if a.type == A.PLACE_PLANE:
            return self._route_box(a.arg)
        if a.type == A.PLACE_HUB:
            return self._airport_box(a.arg)
        if a.type == A.BID:
            seat = g.seat
            want = 0 if a.arg is None else a.arg
            if seat.selected_value() == want:
                return seat.confirm_button.rect.inflate(int(8 * g.s), int(8 * g.s))
            for v, r in seat.card_rects:
                if (v or 0) == want:
                    return r.inflate(int(8 * g.s), int(8 * g.s))
            return None
        if a.type == A.LEASE and g.decisions.lease_k != (a.arg[0] or None):
            # leasing is two clicks (how many, then how to pay): the count
            # button, or Back when another count was chosen
            want = a.arg[0] if g.decisions.lease_k is None else None
            for lb in g.decisions.buttons:
                if hasattr(lb.on_click, "lease_k") and getattr(lb.on_click, "lease_k") == want:
                    return lb.rect.inflate(int(8 * g.s), int(8 * g.s))
            if want is not None or g.decisions.lease_k is not None:
                return None
        if a.type in A.CHANCE_TYPES:  # one button rolls: its outcome is the story's
            b = g.decisions.buttons[0] if g.decisions.buttons else None
        else:
            b = g.decisions.button_for(a)
        return b.rect.inflate(int(8 * g.s), int(8 * g.s)) if b is not None else None

    # ------------------------------------------------------------ layout
    def prepare(self) -> None:
        """Lay the bubble out for the step, moment and window at hand."""
        g = self.game
        lesson = self.ctl.lesson
        target = self.aim() if self.shown else None
        key = (lesson.index, lesson.moment, lesson.nudge, self.shown, bool(lesson.pending), g.state.od,
               tuple(g.board_rect), tuple(g.layout.tray), tuple(target or ()),
               g.seat.selected_card, g.decisions.lease_k, T.TEXT_SCALE, tr("Continue"))
        if key == self._key:
            return
        self._key = key
        g.dirty = True
        self.target = target
        step = lesson.step
        self.pill = self._pill() if lesson.pending else None
        if not self.shown or step is None:
            self.box = None
            return
        s = g.s
        board = g.board_rect
        pad = int(16 * s)
        w = min(int(400 * s), board.w - int(40 * s))
        text_w = w - 2 * pad
        n = len(self.ctl.tutorial.steps)
        title = tr(step.title) if step.title else ""
        self.head = tr("Step {k} of {n}", k=lesson.index + 1, n=n) + (f" · {title}" if title else "")
        self.head = D.fit(self.head, int(T.TYPE.small * s), text_w, "semibold")
        small_lh = int(max(T.TYPE.small * s, assets.MIN_TEXT_PX) * 1.35)
        self.nudge_lines = D.wrap(lesson.nudge, int(T.TYPE.small * s), text_w, "semibold") if lesson.nudge else []
        bh = int(36 * s)
        label = tr("Finish") if lesson.last else tr("Continue")
        self.button.label = label
        bw = assets.font(int(T.TYPE.small * s), "semibold").size(label)[0] + int(40 * s)
        room = board.h - int(16 * s)
        # the words at the body size, a little smaller (then without the
        # picture) when large text in a small window would not fit the map
        for k in (1.0, 0.9, 0.8, 0.7, 0.6):
            self.body_px = max(assets.MIN_TEXT_PX, int(T.TYPE.body * s * k))
            self.lines = D.wrap(tr(step.say), self.body_px, text_w)
            body_lh = int(self.body_px * 1.35)
            pic_h = int(150 * s) if step.picture in _pictures() and k >= 0.8 else 0
            h = pad + small_lh + int(6 * s) + len(self.lines) * body_lh
            if pic_h:
                h += int(8 * s) + pic_h
            if self.nudge_lines:
                h += int(8 * s) + len(self.nudge_lines) * small_lh
            if lesson.moment == READ:
                h += int(10 * s) + bh
            h += pad
            if h <= room:
                break
        #: what the words, picture and button need (a test checks it fits the bubble)
        self.content_h = h
        h = min(h, room)
        marks = market_marks(g.state, g.view) if g.state.od is not None else Marks()
        marks.rects += [r for _, r in g.overlays()]   # the table of bids, an announcement, the month's card
        if target is not None and board.colliderect(target) and not target.contains(board.inflate(-40, -40)):
            marks.rects.append(target.inflate(int(16 * s), int(16 * s)))
        prefer = self._prefer((w, h), target)
        self.box = clear_box((w, h), board, marks, prefer, margin=int(12 * s))
        y = self.box.y + pad + small_lh + int(6 * s) + len(self.lines) * body_lh
        self.picture = None
        if pic_h:
            self.picture = pygame.Rect(self.box.x + pad, y + int(8 * s), text_w, pic_h)
            y = self.picture.bottom
        if lesson.moment == READ:
            self.button.rect = pygame.Rect(self.box.right - pad - bw, self.box.bottom - pad - bh, bw, bh)
        g.compose_widgets()

    def _pill(self) -> tuple[str, pygame.Rect]:
        """The sign shown while moves are played for the person."""
        g = self.game
        s = g.s
        text = tr("Played for you — click or press Space to hurry")
        f = assets.font(int(T.TYPE.small * s), "semibold")
        w, h = f.size(text)[0] + int(28 * s), int(30 * s)
        marks = market_marks(g.state, g.view) if g.state.od is not None else Marks()
        board = g.board_rect
        box = clear_box((w, h), board, marks, (board.centerx, board.bottom - h), margin=int(10 * s))
        return text, box

    def _prefer(self, size: tuple[int, int], target: pygame.Rect | None) -> tuple[float, float]:
        """Where the bubble would like to be: beside the place it points at,
        towards the middle of the map; at the map's top left otherwise."""
        g = self.game
        board = g.board_rect
        w, h = size
        if target is None:
            return (board.x + w / 2 + 16 * g.s, board.y + h / 2 + 16 * g.s)
        if not board.colliderect(target):   # the tray or the panels: just above the tray, near it
            x = min(max(target.centerx, board.x + w / 2), board.right - w / 2)
            if target.x >= board.right:      # a panel: at the map's right edge
                x = board.right - w / 2 - 12 * g.s
                return (x, min(max(target.centery, board.y + h / 2), board.bottom - h / 2))
            return (x, board.bottom - h / 2 - 14 * g.s)
        dx = 1 if target.centerx < board.centerx else -1
        return (target.centerx + dx * (w / 2 + 70 * g.s), target.centery)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.pill is not None:
            text, r = self.pill
            s = self.game.s
            pygame.draw.rect(surface, T.NIGHT, r, border_radius=r.h // 2)
            img = assets.text(text, int(T.TYPE.small * s), (255, 255, 255), "semibold")
            surface.blit(img, img.get_rect(center=r.center))
        box = self.box
        if box is None:
            return
        g = self.game
        s = g.s
        lesson = self.ctl.lesson
        if self.target is not None:
            self._draw_pointer(surface, box, self.target, s, g.t)
        shadowed_panel(surface, box, T.mix(T.PAPER, (255, 255, 255), 0.45), int(14 * s), shadow=4, alpha=90)
        pygame.draw.rect(surface, T.ACCENT, box, max(2, int(2 * s)), border_radius=int(14 * s))
        pad = int(16 * s)
        x, y = box.x + pad, box.y + pad
        surface.blit(assets.text(self.head, int(T.TYPE.small * s), T.ACCENT_DARK, "semibold"), (x, y))
        y += int(max(T.TYPE.small * s, assets.MIN_TEXT_PX) * 1.35) + int(6 * s)
        y = D.blit_lines(surface, self.lines, (x, y), self.body_px, T.INK)
        step = lesson.step
        if self.picture is not None and step is not None and step.picture:
            pic = self.picture
            pygame.draw.rect(surface, T.CARD, pic, border_radius=int(8 * s))
            prev = surface.get_clip()
            surface.set_clip(pic)
            _pictures()[step.picture](surface, pic, s * 0.75)
            surface.set_clip(prev)
            y = pic.bottom
        if self.nudge_lines:
            D.blit_lines(surface, self.nudge_lines, (x, y + int(8 * s)), int(T.TYPE.small * s), T.ACCENT_DARK,
                         "semibold")

    @staticmethod
    def _draw_pointer(surface: pygame.Surface, box: pygame.Rect, target: pygame.Rect, s: float, t: float) -> None:
        """A pulsing ring around the target and an arrow from the bubble to it."""
        pulse = 0.5 + 0.5 * math.sin(t * 5.0)
        ring = target.inflate(int(6 * s * pulse), int(6 * s * pulse))
        width = max(3, int(4 * s))
        layer = pygame.Surface(ring.inflate(width * 4, width * 4).size, pygame.SRCALPHA)
        local = ring.move(-ring.x + width * 2, -ring.y + width * 2)
        pygame.draw.rect(layer, (*T.ACCENT, 70), local.inflate(width * 2, width * 2), width * 2,
                         border_radius=int(12 * s) + width)
        pygame.draw.rect(layer, (*T.ACCENT, 255), local, width, border_radius=int(12 * s))
        surface.blit(layer, (ring.x - width * 2, ring.y - width * 2))
        # the arrow: from the bubble's edge to the ring's edge, along the line between their centres
        bx, by = box.center
        tx, ty = target.center
        start = _edge(box, (tx, ty))
        end = _edge(ring.inflate(width * 2, width * 2), (bx, by))
        dx, dy = end[0] - start[0], end[1] - start[1]
        length = math.hypot(dx, dy)
        if length < 12 * s:
            return
        ux, uy = dx / length, dy / length
        head = 16 * s
        shaft_end = (end[0] - ux * head * 0.8, end[1] - uy * head * 0.8)
        pygame.draw.line(surface, T.ACCENT_DARK, start, shaft_end, max(4, int(6 * s)))
        pygame.draw.line(surface, T.ACCENT, start, shaft_end, max(2, int(4 * s)))
        left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
        right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
        pygame.draw.polygon(surface, T.ACCENT, [end, left, right])
        pygame.draw.polygon(surface, T.ACCENT_DARK, [end, left, right], max(1, int(2 * s)))


def _edge(r: pygame.Rect, toward: tuple[float, float]) -> tuple[float, float]:
    """Where the line from ``r``'s centre toward a point leaves ``r``."""
    cx, cy = r.center
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return (cx, cy)
    kx = (r.w / 2) / abs(dx) if dx else math.inf
    ky = (r.h / 2) / abs(dy) if dy else math.inf
    k = min(kx, ky, 1.0)
    return (cx + dx * k, cy + dy * k)


def ctl_proceed(game: "GameScene") -> Callable[[], None]:
    """The Continue button: the step is read (the last one finishes the tutorial)."""
    def f() -> None:
        finish = getattr(game, "continue_step", None)
        if finish is not None:
            finish()
    return f


__all__ = ["Coach", "DO", "READ"]
