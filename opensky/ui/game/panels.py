"""The side panels: an airline panel each and the log (the bars above and
below the board are ``bars``).

Pure render functions: they draw from what they are given and *return* what
the scene needs to know about the picture (the sidebar's surface, its tooltip
regions, where each airline's next plane sits, and every text and chip drawn
with the box it must stay in) instead of writing it into the scene, so
``draw`` changes nothing.

The log itself is drawn by ``logview``.  A panel is laid out in rows that wrap (``_Flow``) at whatever width the
sidebar has, and is measured before it is drawn: the panels are as tall as
their content, and the log has what is left, in whole lines, newest at the
bottom.  ``tests/ui/test_panels.py`` checks at 960×600, 1280×720 and
1920×1080 with 2, 3 and 4 airlines on both boards that nothing drawn leaves
its panel.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Mapping, Sequence

import pygame

from opensky.i18n import tr
from opensky.rules import quote
from opensky.rules.constants import REGIONAL_MARKERS
from opensky.rules.state import GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game.gamelog import LogEntry
from opensky.ui.game.logview import log_min_h, render_log
from opensky.ui.setup import Seat
from opensky.ui.widgets import rounded, shadowed_panel

Point = tuple[float, float]
Region = tuple[pygame.Rect, str]


@dataclass(frozen=True)
class Drawn:
    """Something drawn in the sidebar ("text" or "chip") and the box it must
    stay inside (window coordinates)."""
    kind: str
    rect: pygame.Rect
    box: pygame.Rect
    #: the words of a text
    text: str = ""


@dataclass(frozen=True)
class Sidebar:
    """A rendered sidebar and what it shows where (window coordinates)."""
    surface: pygame.Surface
    #: tooltip areas and their texts
    regions: list[Region]
    #: per airline, where its next plane to place sits in its panel
    plane_home: dict[int, Point]
    #: every text and chip drawn, with its panel or the log (for the tests)
    drawn: list[Drawn] = field(default_factory=list)
    #: each airline's panel, then the log if shown (window coordinates)
    boxes: list[pygame.Rect] = field(default_factory=list)
    #: how many things a squeezed panel had no room for (0 when all fit)
    dropped: int = 0


PlaneCounts = quote.PlaneCounts
plane_counts = quote.planes


class _Pen:
    """Draws on the sidebar (or, without a surface, only measures) and keeps
    a record of every text and chip with the box it must stay inside; what
    would leave the box is not drawn."""

    def __init__(self, surf: pygame.Surface | None, origin: tuple[int, int], drawn: list[Drawn]):
        self.surf = surf
        self.origin = origin
        self.drawn = drawn
        self.box = pygame.Rect(0, 0, 0, 0)
        self.bottom = 0  # the lowest thing placed (drawn or measured)
        self.dropped = 0  # what had no room

    def fits(self, r: pygame.Rect) -> bool:
        ok = self.surf is None or self.box.contains(r)
        self.dropped += not ok
        return ok

    def _record(self, kind: str, r: pygame.Rect, text: str = "") -> None:
        self.bottom = max(self.bottom, r.bottom)
        if self.surf is not None:
            self.drawn.append(Drawn(kind, r.move(self.origin), self.box.move(self.origin), text))

    def text(self, img: pygame.Surface, pos: tuple[int, int], words: str = "") -> pygame.Rect:
        r = img.get_rect(topleft=pos)
        if self.fits(r):
            if self.surf is not None:
                self.surf.blit(img, r)
            self._record("text", r, words)
        return r

    def chip(self, r: pygame.Rect, value: int, count: int, won: bool, s: float) -> None:
        """A fare card (a stack of ``count`` cards of one value); ``r`` is the
        whole stack."""
        if not self.fits(r):
            return
        if self.surf is not None:
            img, t = _chip_image(value, count, won, r.size, s)
            self.surf.blit(img, r.topleft)
            self._record("text", t.move(r.topleft), str(value))
        self._record("chip", r, "×".join(map(str, (value, count))))


class _Flow:
    """Left-to-right placement that wraps to a new line when the next item
    does not fit."""

    def __init__(self, x: int, y: int, right: int, gap: int, line_gap: int):
        self.x0, self.x, self.y, self.right = x, x, y, right
        self.gap, self.line_gap = gap, line_gap
        self.line_h = 0

    def place(self, w: int, h: int) -> tuple[int, int]:
        if self.x > self.x0 and self.x + w > self.right:
            self.newline()
        pos = (self.x, self.y)
        self.x += w + self.gap
        self.line_h = max(self.line_h, h)
        return pos

    def at_line_start(self, w: int) -> bool:
        """Whether an item ``w`` wide would start a line."""
        return self.x == self.x0 or self.x + w > self.right

    def newline(self) -> None:
        self.y += self.line_h + self.line_gap
        self.x = self.x0
        self.line_h = 0

    @property
    def bottom(self) -> int:
        return self.y + self.line_h


@lru_cache(maxsize=256)
def _chip_image(value: int, count: int, won: bool, size: tuple[int, int], s: float
                ) -> tuple[pygame.Surface, pygame.Rect]:
    """A stack of ``count`` fare cards of ``value`` (made once and kept), and
    where its figure sits in it."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    r = surf.get_rect()
    step = _stack_step(s)
    cw = r.w - (count - 1) * step
    face = T.GOLD if won else (255, 255, 255)
    edge = T.mix(T.GOLD, T.INK, 0.35) if won else T.LINE
    rad = max(2, int(3 * s))
    for i in range(count - 1, -1, -1):  # the cards behind peek out on the right
        c = pygame.Rect(i * step, 0, cw, r.h)
        rounded(surf, c, face if i == 0 else T.mix(face, T.PAPER_DARK, 0.45), rad)
        rounded(surf, c, edge, rad, 1)
    img = assets.text(str(value), _chip_px(s), T.INK, "bold" if won else "semibold")
    t = img.get_rect(center=pygame.Rect(0, 0, cw, r.h).center)
    surf.blit(img, t)
    return surf, t


def _chip_px(s: float) -> int:
    return assets.px(T.TYPE.tiny * s)


def _stack_step(s: float) -> int:
    return max(3, int(4 * s))


@lru_cache(maxsize=256)
def _chip_size(value: int, count: int, s: float) -> tuple[int, int]:
    f = assets.font(_chip_px(s), "bold")
    w, h = f.size(str(value))
    return (w + 2 * max(3, int(4 * s)) + (count - 1) * _stack_step(s), h + max(2, int(3 * s)))


# ------------------------------------------------------------------ sidebar
def render_sidebar(st: GameState, seats: Sequence[Seat], side: pygame.Rect, s: float,
                   in_flight: Mapping[tuple[int, int], int], log: Sequence[LogEntry],
                   say: Callable[[LogEntry], str | None], panels_key: object = None) -> Sidebar:
    """The airline panels, as tall as their content, then the log in what is
    left (``say`` puts an entry in words).  With a ``panels_key`` equal to the
    last one's, the panels are those of the last render (only the log is
    drawn again: the story tells the log entry by entry)."""
    global _panels
    key = (panels_key, side.topleft, side.size, s)
    if panels_key is not None and _panels is not None and _panels[0] == key:
        _, base, regions0, home0, drawn0, boxes0, dropped0, y0 = _panels
        return _with_log(base.copy(), side, s, y0, log, say, list(regions0), dict(home0), list(drawn0),
                         list(boxes0), dropped0)
    pad = max(5, int(10 * s))
    n = st.P
    w = side.w - 2 * pad
    room = side.h - pad * (n + 1)
    hkey = (side.size, s, n)
    guess = _last_heights.get(hkey)
    done = _draw_panels(st, seats, side, s, in_flight, guess) if guess is not None else None
    if done is None or done.dropped or _heights(done.need, room, n, s) != guess:
        # the panels' heights changed (or are not known yet): measure, then draw
        measure = _Pen(None, side.topleft, [])
        need = []
        for p in range(n):
            measure.bottom = 0
            render_panel(measure, pygame.Rect(pad, 0, w, 1 << 14), p, st, seats[p], s, in_flight)
            need.append(measure.bottom + _panel_pad(s))
        done = _draw_panels(st, seats, side, s, in_flight, _heights(need, room, n, s))
    _last_heights[hkey] = done.heights
    if panels_key is not None:
        _panels = (key, done.surf.copy(), tuple(done.regions), dict(done.home), tuple(done.drawn),
                   tuple(done.boxes), done.dropped, done.y)
    return _with_log(done.surf, side, s, done.y, log, say, done.regions, done.home, done.drawn, done.boxes,
                     done.dropped)


def _heights(need: list[int], room: int, n: int, s: float) -> list[int]:
    """Every panel as tall as the tallest, or each as tall as its content if
    that leaves the log no room; squeezed to fit if nothing else does."""
    heights = [max(need)] * n
    if sum(heights) > room - log_min_h(s) - max(5, int(10 * s)):
        heights = list(need)
    if sum(heights) > room:
        heights = [room // n] * n
    return heights


@dataclass
class _Drawn:
    """The panels drawn with given heights, and what their content needed."""
    surf: pygame.Surface
    heights: list[int]
    need: list[int]
    regions: list[Region]
    home: dict[int, Point]
    drawn: list[Drawn]
    boxes: list[pygame.Rect]
    dropped: int
    y: int


def _draw_panels(st: GameState, seats: Sequence[Seat], side: pygame.Rect, s: float,
                 in_flight: Mapping[tuple[int, int], int], heights: list[int]) -> _Drawn:
    surf = pygame.Surface(side.size)
    surf.fill(T.PAPER_DARK)
    regions: list[Region] = []
    home: dict[int, Point] = {}
    drawn: list[Drawn] = []
    boxes: list[pygame.Rect] = []
    need: list[int] = []
    pad = max(5, int(10 * s))
    w = side.w - 2 * pad
    y = pad
    pen = _Pen(surf, side.topleft, drawn)
    for p in range(len(heights)):
        r = pygame.Rect(pad, y, w, heights[p])
        pen.bottom = r.y
        local, spot = render_panel(pen, r, p, st, seats[p], s, in_flight)
        need.append(pen.bottom - r.y + _panel_pad(s))
        regions.extend((rect.move(side.topleft), text) for rect, text in local)
        home[p] = (side.x + spot[0], side.y + spot[1])
        boxes.append(r.move(side.topleft))
        y += heights[p] + pad
    return _Drawn(surf, list(heights), need, regions, home, drawn, boxes, pen.dropped, y)


#: The heights the panels were last drawn with, by sidebar size, scale and
#: number of airlines (usually right again: then the panels are drawn once).
_last_heights: dict[tuple, list[int]] = {}


#: The last panels rendered with a key: (key, surface, regions, homes, drawn, boxes, dropped, log top).
_panels: tuple | None = None


def _with_log(surf: pygame.Surface, side: pygame.Rect, s: float, y: int, log: Sequence[LogEntry],
              say: Callable[[LogEntry], str | None], regions: list[Region], home: dict[int, Point],
              drawn: list[Drawn], boxes: list[pygame.Rect], dropped: int) -> Sidebar:
    """The log under the panels, from ``y`` down."""
    pad = max(5, int(10 * s))
    w = side.w - 2 * pad
    log_rect = pygame.Rect(pad, y, w, side.h - y - pad)
    if log_rect.h >= log_min_h(s):
        rects = render_log(surf, log_rect, s, log, say) or []
        box = log_rect.move(side.topleft)
        drawn.extend(Drawn("text", t.move(side.topleft), box, words) for t, words in rects)
        boxes.append(box)
    return Sidebar(surf, regions, home, drawn, boxes, dropped)


def _panel_pad(s: float) -> int:
    return max(5, int(9 * s))


# ------------------------------------------------------------------ a panel
def render_panel(pen: _Pen, r: pygame.Rect, p: int, st: GameState, seat: Seat, s: float,
                 in_flight: Mapping[tuple[int, int], int]) -> tuple[list[Region], Point]:
    """One airline's panel; its tooltip regions and where its next plane sits
    (both in sidebar coordinates).  With a measuring pen, only ``pen.bottom``
    (where the content ends) matters."""
    regions: list[Region] = []
    surf = pen.surf
    pen.box = r
    colour = T.seat_rgb(seat)
    if surf is not None:
        shadowed_panel(surf, r, T.CARD, int(10 * s), shadow=int(2 * s), alpha=50)
        if p in st.actors and not st.game_over:
            rounded(surf, r, T.ACCENT, int(10 * s), max(2, int(3 * s)))
        stripe = pygame.Rect(r.x, r.y + int(10 * s), max(3, int(4 * s)), max(0, r.h - int(20 * s)))
        pygame.draw.rect(surf, colour, stripe)
    x = r.x + max(10, int(14 * s))
    right = r.right - max(8, int(12 * s))
    gap = max(3, int(5 * s))
    y = _header(pen, r, x, right, p, st, seat, s) + gap
    y, home = _status_rows(pen, x, y, right, p, st, seat, s, in_flight, regions)
    y0 = y + gap
    y, tip = _cards_row(pen, x, y0, right, p, st, seat, s)
    regions.append((pygame.Rect(x, y0, right - x, y - y0), tip))
    return regions, home


def _header(pen: _Pen, r: pygame.Rect, x: int, right: int, p: int, st: GameState, seat: Seat,
            s: float) -> int:
    """The emblem, the name (and "computer"), the score on the right; returns
    the bottom of the header."""
    y = r.y + _panel_pad(s)
    score = assets.text(str(st.score(p)["total"]), assets.px(T.TYPE.h2 * s), T.INK, "bold")
    name_px = assets.px(T.TYPE.body * s)
    name_h = assets.font(name_px, "bold").get_height()
    h = max(score.get_height(), name_h)
    sr = pen.text(score, (right - score.get_width(), y + (h - score.get_height()) // 2), str(st.score(p)["total"]))
    emblem_r = max(5.0, 8 * s)
    ex = x + int(emblem_r) + 1
    if pen.surf is not None and pen.fits(pygame.Rect(x, y, 2 * int(emblem_r) + 2, h)):
        D.blit_center(pen.surf, D.emblem_sprite(seat.shape, T.seat_rgb(seat), emblem_r), (ex, y + h / 2))
    nx = x + int(2 * emblem_r) + max(6, int(8 * s))
    room = sr.x - max(6, int(10 * s)) - nx
    shown = D.fit(seat.name, name_px, room, "bold")
    nr = pen.text(assets.text(shown, name_px, T.INK, "bold"), (nx, y + (h - name_h) // 2), shown)
    if not seat.human:
        tag_px = assets.px(T.TYPE.tiny * s)
        tag = assets.text(tr("computer"), tag_px, T.INK_SOFT)
        tx = nr.right + max(4, int(6 * s))
        if tx + tag.get_width() <= sr.x - max(4, int(6 * s)):
            pen.text(tag, (tx, nr.bottom - tag.get_height() - max(0, (name_h - tag.get_height()) // 4)), tr("computer"))
    pen.bottom = max(pen.bottom, y + h)
    return y + h


def _status_rows(pen: _Pen, x: int, y: int, right: int, p: int, st: GameState, seat: Seat, s: float,
                 in_flight: Mapping[tuple[int, int], int], regions: list[Region]) -> tuple[int, Point]:
    """The planes (icons and words), then chits, the flash deal, subsidies,
    hubs or cross-border markers: as many on a line as fit.  Adds their
    tooltip regions; returns the bottom and where the next plane sits."""
    label_px = assets.px(T.TYPE.tiny * s)
    lh = assets.font(label_px).get_linesize()
    flow = _Flow(x, y, right, 0, max(1, int(2 * s)))
    sep = assets.text(" · ", label_px, T.INK_FAINT)
    counts = plane_counts(st, p)
    icons, home = _plane_icons(pen, flow, p, st, seat, s, in_flight, counts)
    rects = [icons]
    flow.x += max(4, int(6 * s))
    words = _plane_words(counts, st, p, in_flight)
    rects += _flow_texts(pen, flow, words, label_px, lh, sep, right - x, first=True)
    tip = tr("{name}: {on} of {total} planes on the board. A plane flown leaves the board; leasing brings it "
             "back (200 each).", name=seat.name, on=counts.on_board, total=st.N)
    if counts.flown:
        tip += " " + tr("{n} flown this season: back only by leasing.", n=counts.flown)
    if counts.to_place:
        tip += " " + tr("{n} still to place.", n=counts.to_place)
    regions.extend((r, tip) for r in rects)
    board = st.board
    parts = [tr("chits {n}/3", n=st.chits[p]), tr("flash ✓") if st.flash_unused[p] else tr("flash used"),
             tr("subsidies {n}", n=len(st.subsidies[p]))]
    if board.uses_hubs:
        hubs = [board.airports[a].code for a in st.hubs[p]]
        parts.append(tr("hubs {list}", list=", ".join(hubs) if hubs else "–"))
    else:
        parts.append(tr("markers {n}/2", n=REGIONAL_MARKERS - len(st.markers[p])))
    tip = (tr("Ancillary chits left: {chits} (+100 each when sold). Flash deal: {flash} (once per game). "
              "Subsidy cubes: {cubes} × 50.", chits=st.chits[p],
              flash=tr("available") if st.flash_unused[p] else tr("used"), cubes=len(st.subsidies[p]))
           + " " + (tr("Hubs: flights may connect only at these airports.") if board.uses_hubs else
                    tr("Cross-border markers: each lets only you fly one border route this season.")))
    regions.extend((r, tip) for r in _flow_texts(pen, flow, parts, label_px, lh, sep, right - x))
    return flow.bottom, home


def _shown(counts: PlaneCounts, p: int, in_flight: Mapping[tuple[int, int], int]) -> tuple[int, int]:
    """Planes on the board and to place as the panel shows them: a plane
    placed but still in the air is shown in the panel until it lands.  (A
    negative count is a plane that has flown but not taken off on screen yet:
    the panel shows the game before the story, which still has it.)"""
    flying = min(counts.on_board, sum(v for (q, _), v in in_flight.items() if q == p and v > 0))
    return counts.on_board - flying, counts.to_place + flying


def _plane_icons(pen: _Pen, flow: _Flow, p: int, st: GameState, seat: Seat, s: float,
                 in_flight: Mapping[tuple[int, int], int], counts: PlaneCounts) -> tuple[pygame.Rect, Point]:
    """A plane each: on the board (in the airline's colour), still to place
    (hollow: a plane flies from here; one still in the air is shown here),
    flown (pale grey: back only by leasing)."""
    on_shown, place_shown = _shown(counts, p, in_flight)
    size = max(6.5, 8 * s)
    step = int(size * 2.2)
    lh = assets.font(assets.px(T.TYPE.tiny * s)).get_linesize()
    h = max(int(2 * size) + 2, lh)
    ix, iy = flow.place(st.N * step, h)
    box = pygame.Rect(ix, iy, st.N * step, h)
    colour = T.seat_rgb(seat)
    if pen.surf is not None and pen.fits(box):
        for k in range(st.N):
            c = (ix + step // 2 + k * step, iy + h // 2)
            if k < on_shown:          # on the board: the airline's colour
                D.plane_icon(pen.surf, c, size, -math.pi / 2, colour, outline=None)
            elif k < on_shown + place_shown:  # still to place: hollow, waiting
                D.plane_icon(pen.surf, c, size, -math.pi / 2, colour, outline=None)
                D.plane_icon(pen.surf, c, size * 0.62, -math.pi / 2, T.CARD, outline=None)
            else:                     # flown: gone until leased back
                D.plane_icon(pen.surf, c, size, -math.pi / 2, T.mix(T.LINE, T.CARD, 0.2), outline=None)
    pen.bottom = max(pen.bottom, box.bottom)
    return box, (ix + step // 2 + min(on_shown, st.N - 1) * step, iy + h // 2)


def _plane_words(counts: PlaneCounts, st: GameState, p: int,
                 in_flight: Mapping[tuple[int, int], int]) -> list[str]:
    """The planes in words, as the icons show them: what is to place, on
    the board, flown."""
    on_shown, place_shown = _shown(counts, p, in_flight)
    if not (place_shown or counts.flown):
        return [tr("all on the board")]
    words = [tr("{n} to place", n=place_shown)] if place_shown else []
    if on_shown:
        words.append(tr("{n} on the board", n=on_shown))
    if counts.flown:
        words.append(tr("{n} flown", n=counts.flown))
    return words


def _flow_texts(pen: _Pen, flow: _Flow, parts: Sequence[str], size: int, lh: int, sep: pygame.Surface,
                width: int, first: bool = False) -> list[pygame.Rect]:
    """``parts`` in the flow, " · " between two on a line (``first``: the
    first part follows what is already on the line without one); returns
    their rectangles."""
    out = []
    for k, part in enumerate(parts):
        img = assets.text(part, size, T.INK_SOFT)
        w = min(img.get_width(), width)
        if w < img.get_width():
            part = D.fit(part, size, w)
            img = assets.text(part, size, T.INK_SOFT)
        if not (first and k == 0) and flow.x > flow.x0:
            if flow.at_line_start(sep.get_width() + w):
                flow.newline()
            else:
                sx, sy = flow.place(sep.get_width(), lh)
                pen.text(sep, (sx, sy + (flow.line_h - lh) // 2), "·")
        tx, ty = flow.place(w, lh)
        out.append(pen.text(img, (tx, ty + (flow.line_h - lh) // 2), part))
    return out


def _cards_row(pen: _Pen, x: int, y: int, right: int, p: int, st: GameState, seat: Seat,
               s: float) -> tuple[int, str]:
    """The fare cards: in hand (white) and won (gold), a stack per value,
    each row with its label; change kept from leasing after the won cards."""
    hand = st.hand_cards(p)
    out = st.bid_out(p)
    if out is not None and not st.revealed:  # a sealed bid is still counted in its owner's hand
        hand = sorted(hand + [out])
    won = st.won_cards(p)
    change = st.change[p]
    label_px = assets.px(T.TYPE.tiny * s)
    labels = (tr("Hand"), tr("Won"))
    f = assets.font(label_px)
    lw = max(f.size(t)[0] for t in labels) + max(6, int(8 * s))
    gap = max(2, int(4 * s))
    line_gap = max(2, int(3 * s))
    chip_h = _chip_size(200, 1, s)[1]
    for k, (label, cards) in enumerate(zip(labels, (hand, won))):
        lbl = assets.text(label, label_px, T.INK_SOFT)
        pen.text(lbl, (x, y + (chip_h - lbl.get_height()) // 2), label)
        flow = _Flow(x + lw, y, right, gap, line_gap)
        stacks = Counter(cards)
        for v in sorted(stacks):
            w, h = _chip_size(v, stacks[v], s)
            cx, cy = flow.place(w, h)
            pen.chip(pygame.Rect(cx, cy, w, h), v, stacks[v], k == 1, s)
        extra = []
        if not cards:
            extra.append((tr("none yet") if k == 1 else tr("none"), T.INK_FAINT, "regular"))
        if k == 1 and change:
            extra.append((tr("+{change} change", change=change), T.INK_SOFT, "semibold"))
        for text, col, weight in extra:
            img = assets.text(text, label_px, col, weight)
            w = min(img.get_width(), right - x - lw)
            if w < img.get_width():
                text = D.fit(text, label_px, w, weight)
                img = assets.text(text, label_px, col, weight)
            tx, ty = flow.place(img.get_width(), chip_h)
            pen.text(img, (tx, ty + (chip_h - img.get_height()) // 2), text)
        pen.bottom = max(pen.bottom, flow.bottom)
        y = max(flow.bottom, y + chip_h) + (line_gap if k == 0 else 0)
    tip = (tr("Fare cards in {name}'s hand: {cards}. Everyone starts with the same ten; won cards "
              "leave the hand, so every hand is public knowledge.", name=seat.name,
              cards=", ".join(map(str, hand)) or tr("none"))
           + " " + tr("Fares won: {cards} — points at the end, and money for leasing planes.",
                      cards=", ".join(map(str, won)) or tr("none yet"))
           + (" " + tr("Change kept from leasing: {change}.", change=change) if change else ""))
    return y, tip


__all__ = ["Drawn", "PlaneCounts", "Sidebar", "plane_counts", "render_log", "render_panel", "render_sidebar"]
