"""Where things go on the game screen, and what the decision must not hide.

``TableLayout`` cuts the window into the calendar bar on top, the map, the
tray under the map (the prompt and the decision's controls: dice, fare
cards, buttons) and the airline panels on the right.  The tray is never over
the map, so the hand of cards, the dice and the chit choice cannot cover an
airport.

What still floats over the map (the table of bids, the price die, the
announcements, the month's summary) asks ``clear_box`` for its place: the
free spot nearest to where it would like to be that covers none of the
``Marks`` of the decision at hand — the market's two airports with their
labels and every airline's valid itinerary (or, while the market is being
chosen, the call-sign airports of the dice).  ``tests/ui/test_layout.py``
checks it on both boards, at 960×600, 1280×720 and 1920×1080, in every phase.

Pure geometry over ``pygame.Rect``: nothing here draws or changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

import pygame

if TYPE_CHECKING:
    from opensky.rules.state import GameState
    from opensky.ui.boardview import BoardView

Point = tuple[float, float]
Segment = tuple[Point, Point]


@dataclass(frozen=True)
class TableLayout:
    """The four parts of the game screen, in window pixels."""
    top: pygame.Rect
    board: pygame.Rect
    tray: pygame.Rect
    side: pygame.Rect

    @classmethod
    def for_size(cls, size: tuple[int, int], s: float) -> "TableLayout":
        w, h = size
        top_h = int(56 * s)
        side_w = min(max(256, int(300 * s)), w // 3)
        tray_h = max(104, int(128 * s))
        top = pygame.Rect(0, 0, w, top_h)
        side = pygame.Rect(w - side_w, top_h, side_w, h - top_h)
        tray = pygame.Rect(0, h - tray_h, w - side_w, tray_h)
        board = pygame.Rect(0, top_h, w - side_w, tray.y - top_h)
        return cls(top, board, tray, side)


def tray_head(tray: pygame.Rect, s: float) -> pygame.Rect:
    """The tray's first line: whose decision it is and what it is."""
    return pygame.Rect(tray.x + int(16 * s), tray.y + int(8 * s), tray.w - int(32 * s), int(26 * s))


def tray_body(tray: pygame.Rect, s: float) -> pygame.Rect:
    """The rest of the tray: the hint on the left, the controls on the right."""
    head = tray_head(tray, s)
    top = head.bottom + int(4 * s)
    return pygame.Rect(head.x, top, head.w, tray.bottom - int(8 * s) - top)


@dataclass
class Marks:
    """What must stay in sight on the map: airports (circles, with their
    labels as rectangles) and routes (segments), in window pixels."""
    circles: list[tuple[Point, float]] = field(default_factory=list)
    rects: list[pygame.Rect] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    #: how far from a route's centre line an overlay must stay
    pad: float = 4.0

    def __bool__(self) -> bool:
        return bool(self.circles or self.rects or self.segments)

    def covered_by(self, box: pygame.Rect) -> bool:
        """Whether ``box`` hides any part of a mark."""
        for (x, y), r in self.circles:
            cx = min(max(x, box.left), box.right)
            cy = min(max(y, box.top), box.bottom)
            if (cx - x) ** 2 + (cy - y) ** 2 < r * r:
                return True
        if any(box.colliderect(r) for r in self.rects):
            return True
        grown = box.inflate(int(2 * self.pad), int(2 * self.pad))
        return any(grown.clipline(a, b) for a, b in self.segments)

    def overlap(self, box: pygame.Rect) -> int:
        """How many marks ``box`` hides (to choose the least bad spot when no
        spot is free)."""
        n = 0
        for (x, y), r in self.circles:
            cx = min(max(x, box.left), box.right)
            cy = min(max(y, box.top), box.bottom)
            n += 3 * ((cx - x) ** 2 + (cy - y) ** 2 < r * r)
        n += 2 * sum(1 for r in self.rects if box.colliderect(r))
        grown = box.inflate(int(2 * self.pad), int(2 * self.pad))
        n += sum(1 for a, b in self.segments if grown.clipline(a, b))
        return n


def airports_marks(view: "BoardView", airports: Sequence[int], marks: Marks) -> None:
    """Add airports (their circle and their code label) to ``marks``."""
    rad = view.airport_radius() * 1.5 + 2
    for a in airports:
        marks.circles.append((view.apx[a], rad))
        marks.rects.append(view.label_rect(a))


def path_marks(view: "BoardView", path: Sequence[int], marks: Marks) -> None:
    """Add an itinerary's airports and legs to ``marks``."""
    airports_marks(view, path, marks)
    for x, y in zip(path, path[1:]):
        marks.segments.append((view.apx[x], view.apx[y]))


def market_marks(st: "GameState", view: "BoardView", market: dict | None = None) -> Marks:
    """The marks of the decision at hand: the market's airports and every
    valid itinerary; while the market is chosen, the dice's airports."""
    marks = Marks(pad=max(3.0, view.token_radius()))
    if st.od is not None:
        for paths in st.paths:
            for path in paths:
                path_marks(view, path, marks)
        airports_marks(view, [st.callsign_airport[c] for c in st.od], marks)
    elif market is not None and market.get("airports"):  # a finished market: airport codes
        index = st.board.airport_index
        airports_marks(view, [index[c] for c in market["airports"] if c in index], marks)
    elif st.dice is not None:
        airports_marks(view, [st.callsign_airport[c] for c in st.dice if st.callsign_airport[c] >= 0], marks)
    return marks


def clear_box(size: tuple[int, int], area: pygame.Rect, marks: Marks, prefer: Point,
              margin: int = 8, step: int | None = None) -> pygame.Rect:
    """A ``size`` box inside ``area`` covering none of ``marks``, as near to
    ``prefer`` (where its centre would like to be) as the map allows; when no
    spot is free, the one that hides the fewest marks."""
    w, h = size
    inner = area.inflate(-2 * margin, -2 * margin)
    w, h = min(w, inner.w), min(h, inner.h)
    box = pygame.Rect(0, 0, w, h)
    box.center = (int(prefer[0]), int(prefer[1]))
    box.clamp_ip(inner)
    if not marks or not marks.covered_by(box):
        return box
    # a grid of at most about a thousand spots, tried nearest first
    free = max(1, (inner.w - w + 1) * (inner.h - h + 1))
    step = step or max(6, min(inner.w, inner.h) // 40, int((free / 1000) ** 0.5))
    xs = range(inner.left, inner.right - w + 1, step)
    ys = range(inner.top, inner.bottom - h + 1, step)
    px, py = prefer[0] - w / 2, prefer[1] - h / 2
    spots = sorted(((x, y) for x in xs for y in ys), key=lambda q: (q[0] - px) ** 2 + (q[1] - py) ** 2)
    best: pygame.Rect | None = None
    best_n = 1 << 30
    for x, y in spots:
        cand = pygame.Rect(x, y, w, h)
        if not marks.covered_by(cand):
            return cand
        n = marks.overlap(cand)
        if n < best_n:
            best, best_n = cand, n
    return best if best is not None else box


__all__ = ["Marks", "TableLayout", "airports_marks", "clear_box", "market_marks", "path_marks", "tray_body",
           "tray_head"]
