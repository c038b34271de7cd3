"""Partial redraws: the window areas a frame must send to the screen.

Sending pixels is the costly part of a frame, so when only small things
change (a plane lands, a token moves) the loop sends just their areas
(``Scene.damage``).  The book-keeping happens in ``update`` — never in
``draw``, which changes nothing: ``ready`` is called at the end of each
update, just before the frame it describes is drawn.
"""
from __future__ import annotations

from typing import Iterable

import pygame

from opensky.rules import events as E
from opensky.rules.events import Event
from opensky.rules.state import GameState
from opensky.ui.boardview import BoardView

#: Events whose changes on screen are local (the rest redraw everything).
LOCAL_EVENTS = frozenset({E.PLANE_PLACED, E.SUBSIDY_TAKEN, E.MARKER_USED, E.HUB_PLACED, E.CALLSIGN_PLACED,
                          E.PLANES_FLOWN, E.BID_SUBMITTED, E.AUTO_PASS, E.FLASH_DECLINED, E.LEASED})


def route_area(view: BoardView, r: int) -> pygame.Rect:
    """The window area of route ``r`` with its tokens."""
    a, b = view.route_ends_px(r)
    k = int(view.token_radius() * 3.2) + 4
    return pygame.Rect(int(min(a[0], b[0])) - k, int(min(a[1], b[1])) - k,
                       int(abs(a[0] - b[0])) + 2 * k, int(abs(a[1] - b[1])) + 2 * k)


def airport_area(view: BoardView, a: int, s: float, st: GameState | None = None) -> pygame.Rect:
    """The window area of airport ``a`` with its hubs and, when it has a call
    sign in ``st``, the badge, cube and leader line (a badge can sit 40–60 px
    out, see ``BoardPieces.place_badges``)."""
    x, y = view.apx[a]
    k = int(44 * s)
    area = pygame.Rect(int(x) - k, int(y) - k, 2 * k, 2 * k)
    if st is not None and st.airport_callsign[a] >= 0:
        area.union_ip(view.badge_area(a))
    return area


def event_areas(events: Iterable[Event], st: GameState, view: BoardView, s: float) -> list[pygame.Rect]:
    """On the board, the routes and airports that ``events`` touched, and
    wherever a call-sign badge moved because of them.  (A plane landing later
    can move one too: ``BoardView.render_pieces`` says where.)"""
    view.place_badges(st)   # the spots ``st`` will be drawn with
    rects: list[pygame.Rect] = []
    for e in events:
        if isinstance(e, (E.PlanePlaced, E.CrossBorderMarkerUsed)):
            rects.append(route_area(view, e.route))
        elif isinstance(e, E.PlanesFlown):
            rects.extend(route_area(view, r) for r in e.routes)
        elif isinstance(e, (E.CallsignPlaced, E.HubPlaced)):
            rects.append(airport_area(view, e.airport, s, st))
        elif isinstance(e, E.SubsidyTaken):
            rects.append(airport_area(view, st.callsign_airport[e.callsign], s, st))
    return rects + view.badges_moved(st)


class Damage:
    """Areas changed since the last frame, and where moving things were."""

    def __init__(self) -> None:
        #: areas changed by actions and landings, not yet sent
        self.pending: list[pygame.Rect] = []
        self._sent = 0                          # how many of ``pending`` the last frame sent
        self._was: list[pygame.Rect] = []       # moving things in the frame before
        self._now: list[pygame.Rect] = []       # moving things in the frame about to be drawn

    def add(self, rects: Iterable[pygame.Rect]) -> None:
        self.pending.extend(rects)

    def ready(self, moving: list[pygame.Rect]) -> None:
        """The end of an update: the frame about to be drawn shows the moving
        things at ``moving``; what the previous frame sent is done with."""
        del self.pending[:self._sent]
        self._sent = len(self.pending)
        self._was, self._now = self._now, moving

    def rects(self) -> list[pygame.Rect]:
        """What the next frame must send: where moving things were and are,
        and every changed area."""
        return self._was + self._now + self.pending
