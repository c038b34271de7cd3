"""Openings: the first seat's first placements of a season, worked out offline.

At the start of a season the board is empty, and with the printed boards'
recommended call signs (New game's default) the first airline meets the
same position in every game.  There the market model (``opensky.ai.model``)
sees several placements as equal — one plane links no markets yet — while
the game does not: in 2-player Europe, first-season margins after the
model's equally-valued first planes differ by up to 200 points (thousands of
played-out seasons, ``tools/openings.py``).  Normal picks among them at
random; Expert plays the line found by those simulations.

A line holds for one board side, its call signs, the number of players, the
season and the subsidy cubes left (a second season has a line for each
pattern of cubes common in Normal games: in 2- and 3-player Europe FCO's cube
is still there in about a third of them); it covers the first seat's first pass of
placements (R2) while no rival has a plane on the board.  The lines are data
(``opensky.ai.openings_book``, rows written by ``tools/openings.py``); this
module only matches a view against them.  Nothing here reads a file.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from opensky.rules.actions import PLACE_PLANE, Action
from opensky.rules.constants import OCTOBER
from opensky.ai.openings_book import ROWS
from opensky.rules.state import NETWORK_PLANNING, GameState


@dataclass(frozen=True)
class Line:
    """One opening: where the first seat places its first planes."""

    board: str                            #: board side id
    callsigns: tuple[str, ...]            #: the airport codes of the six call signs, in call-sign order
    players: int
    season: int                           #: 1 or 2
    subsidies: tuple[bool, ...]           #: subsidy cubes left, by call sign
    routes: tuple[tuple[str, str], ...]   #: the placements, in order, as airport-code pairs
    margins: tuple[float, ...] = ()       #: measured: mean margin of the season after each placement
    playouts: int = 0                     #: measured: playouts behind each chosen placement


#: the book (``opensky.ai.openings_book`` holds its rows as plain data)
BOOK: tuple[Line, ...] = tuple(Line(*row) for row in ROWS)  # type: ignore[arg-type]


def season_of(month: int) -> int:
    return 1 if month <= OCTOBER else 2


def route_key(codes: Sequence[str], ends: tuple[int, int]) -> tuple[str, str]:
    """A route as its sorted pair of airport codes (how lines name routes)."""
    a, b = codes[ends[0]], codes[ends[1]]
    return (a, b) if a <= b else (b, a)


def book_move(view: GameState, legal: Sequence[Action], book: Sequence[Line] | None = None) -> Action | None:
    """The book's placement for this position, or None when it has none.

    The position must be a plane placement of network planning by the first
    seat, with no rival plane on the board, on a board side, call signs,
    player count, season and subsidy cubes of a line whose first placements
    are the airline's planes so far."""
    if not legal or legal[0].type != PLACE_PLANE or view.phase != NETWORK_PLANNING:
        return None
    p = legal[0].player
    if p != 0 or any(any(view.planes[q]) for q in range(view.P) if q != p):
        return None
    if book is None:
        book = BOOK
    board = view.board
    codes = board.codes
    callsigns = tuple(codes[a] if a >= 0 else "" for a in view.callsign_airport)
    season = season_of(view.month)
    subsidies = tuple(view.subsidy_left)
    ends = board.route_ends
    mine = sorted(route_key(codes, ends[r]) for r, n in enumerate(view.planes[p]) for _ in range(n))
    for line in book:
        if (line.board != board.id or line.players != view.P or line.season != season
                or line.callsigns != callsigns):
            continue
        k = len(mine)
        if k >= len(line.routes) or sorted(tuple(sorted(r)) for r in line.routes[:k]) != mine:
            continue
        # the cubes left at the line's start, less those its placements so far took
        left = list(line.subsidies)
        for code in (c for r in line.routes[:k] for c in r):
            if code in callsigns:
                left[callsigns.index(code)] = False
        if tuple(left) != subsidies:
            continue
        want = tuple(sorted(line.routes[k]))
        for a in legal:
            if isinstance(a.arg, int) and 0 <= a.arg < len(ends) and route_key(codes, ends[a.arg]) == want:
                return a
    return None
