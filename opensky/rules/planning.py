"""Setup and network planning: RULES.md §2.3, §4 and §8.

- R1: the players place the six call signs in seat order, Alpha first (when a
  game does not give them outright); each call-sign airport gets a subsidy cube.
- R2, R3: every network planning phase places all planes in serpentine passes,
  starting with the first seat.
- R4: the first plane on a route touching a cubed airport takes the cube — on
  every placement, leased planes included.
- R12 (Europe): after the planes, each player places two hubs in seat order.
- R13 (North America): the first plane on a cross-border route uses one of the
  player's two markers; with none left, that route is not a legal placement.
- O1 (docs/RULINGS.md): a placement with no legal route is skipped.

Leased planes (§7.2) are placed by the same decision in the month-end phase;
when their queue is empty, leasing resumes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from opensky.rules import events as E
from opensky.rules.actions import PLACE_CALLSIGN, PLACE_HUB, PLACE_PLANE, Action
from opensky.rules.constants import CALLSIGN_INDEX, CALLSIGNS, REGIONAL_MARKERS
from opensky.rules.errors import IllegalAction
from opensky.rules.events import Event
from opensky.rules.phases import MONTH_END, NETWORK_PLANNING, Step, wait
from opensky.textlimits import short

if TYPE_CHECKING:
    from opensky.rules.state import GameState


# ------------------------------------------------------------------ §2.3, R1
def set_callsigns(s: GameState, callsigns: Mapping[str, str]) -> None:
    """Call signs given outright (call sign -> airport code), checked."""
    if set(callsigns) != set(CALLSIGNS):
        missing = [c for c in CALLSIGNS if c not in callsigns]
        unknown = [short(c, 20) for c in callsigns if c not in CALLSIGN_INDEX][:6]
        parts = []
        if missing:
            parts.append("missing " + ", ".join(missing))
        if unknown:
            parts.append("unknown " + ", ".join(unknown))
        raise IllegalAction("callsigns must name all six call signs (" + "; ".join(parts) + ")")
    seen: dict[int, str] = {}
    for cs in CALLSIGNS:
        code = callsigns[cs]
        a = s.board.airport_index.get(code) if isinstance(code, str) else None
        if a is None:
            raise IllegalAction(f"call sign {cs}: unknown airport {short(code)} on board {s.board.id}")
        if a in seen:
            raise IllegalAction(f"call signs {seen[a]} and {cs} are both on {code}: six different airports are needed")
        seen[a] = cs
        put_callsign(s, CALLSIGN_INDEX[cs], a)


def put_callsign(s: GameState, c: int, a: int) -> None:
    s.callsign_airport[c] = a
    s.airport_callsign[a] = c
    s.subsidy_left[c] = True  # §2.3: each call-sign airport gets a cube


def legal_place_callsign(s: GameState, p: int) -> list[Action]:
    c = s.callsign_airport.index(-1)
    return [Action(PLACE_CALLSIGN, p, (c, a)) for a in range(len(s.board.airports))
            if s.airport_callsign[a] < 0]


def do_place_callsign(s: GameState, p: int, arg: tuple[int, int], ev: list[Event]) -> None:
    c, a = arg
    expected = s.callsign_airport.index(-1)
    if c != expected:
        raise IllegalAction(
            f"call signs are placed in order: {CALLSIGNS[expected]} comes next, not {CALLSIGNS[c]} (R1)")
    if s.airport_callsign[a] >= 0:
        raise IllegalAction(
            f"{s.board.airports[a].code} already has the call sign {CALLSIGNS[s.airport_callsign[a]]}")
    put_callsign(s, c, a)
    ev.append(E.CallsignPlaced(player=p, callsign=c, airport=a))
    if c + 1 < 6:
        wait(s, PLACE_CALLSIGN, ((c + 1) % s.P,))  # R1: seat order wraps around
    else:
        start_season(s, ev)


# ------------------------------------------------------------------ §4, R2, R3
def start_season(s: GameState, ev: list[Event]) -> None:
    """Network planning (§4) in serpentine passes (R2), first seat first (R3)."""
    s.phase = NETWORK_PLANNING
    P, N = s.P, s.N
    size = 1 if P == 4 else N // 2
    left = [N] * P
    order = list(range(P))
    q: list[int] = []
    while any(left):
        for p in order:
            k = min(size, left[p])
            q.extend([p] * k)
            left[p] -= k
        order.reverse()
    q.reverse()  # popped from the end
    s.queue = q
    ev.append(E.SeasonStarted(season=s.season))
    next_placement(s, ev)


def next_placement(s: GameState, ev: list[Event]) -> None:
    """Whoever is next in the placement queue places; skips a player with no
    legal route at all (O1: possible only on a cross-border board without
    domestic routes).  An empty queue ends planning, or resumes leasing."""
    q = s.queue
    while q:
        p = q[-1]
        if placeable_routes(s, p):
            wait(s, PLACE_PLANE, (p,))
            return
        q.pop()
    if s.phase == NETWORK_PLANNING:
        if s.board.uses_hubs:
            # R12: two hubs each, in seat order
            s.queue = [p for p in reversed(range(s.P)) for _ in range(2)]
            wait(s, PLACE_HUB, (0,))
        else:
            ev.append(E.NetworkPlanned())
            s._start_month(ev)
    else:  # leased planes placed during month end (§7.2)
        s._resume_leasing(ev)


def can_place(s: GameState, p: int, r: int) -> bool:
    """§4, §8.2, R13: any route, but a cross-border route needs the player's
    marker on it already or a marker left to put there."""
    if not s.board.cross_border[r]:
        return True
    m = s.markers[p]
    return r in m or len(m) < REGIONAL_MARKERS


def placeable_routes(s: GameState, p: int) -> list[int]:
    """The routes ``p`` may place a plane on now (``can_place`` for all)."""
    cb = s.board.cross_border
    m = s.markers[p]
    if len(m) < REGIONAL_MARKERS:
        return list(range(len(cb)))
    return [r for r in range(len(cb)) if not cb[r] or r in m]


def legal_place_plane(s: GameState, p: int) -> list[Action]:
    n = len(s.board.routes)
    acts = _PLANE_ACTIONS.get((p, n))
    if acts is None:
        acts = _PLANE_ACTIONS[(p, n)] = tuple(Action(PLACE_PLANE, p, r) for r in range(n))
    if len(s.markers[p]) < REGIONAL_MARKERS:  # every route (placeable_routes, fast)
        return list(acts)
    return [acts[r] for r in placeable_routes(s, p)]


#: (player, number of routes) -> ``place_plane`` for every route, made once:
#: listing legal actions is the hot path of random play and search, and an
#: Action is an immutable value, so the same one can be handed out again.
_PLANE_ACTIONS: dict[tuple[int, int], tuple[Action, ...]] = {}


def do_place_plane(s: GameState, p: int, r: int, ev: list[Event]) -> None:
    if not isinstance(r, int) or not 0 <= r < len(s.board.routes):
        raise IllegalAction(f"no such route: {short(r)}")
    if not can_place(s, p, r):
        a, b = s.board.routes[r]
        raise IllegalAction(
            f"{s.names[p]} cannot place on {a}–{b}: it crosses a border and both of "
            f"{s.names[p]}'s cross-border markers are on other routes (R13)")
    s.queue.pop()
    place(s, p, r, ev, leased=s.phase == MONTH_END)
    next_placement(s, ev)


def place(s: GameState, p: int, r: int, ev: list[Event], leased: bool) -> None:
    """Put one plane on route ``r``: marker (R13), then subsidies (§4, R4)."""
    b = s.board
    if b.cross_border[r] and r not in s.markers[p]:
        s.markers[p].append(r)  # R13: used automatically with the first plane
        ev.append(E.CrossBorderMarkerUsed(player=p, route=r))
    s.planes[p][r] += 1
    s.on_board[p] += 1
    ev.append(E.PlanePlaced(player=p, route=r, leased=leased))
    for a in b.route_ends[r]:  # §4 subsidies, R4: on every placement
        c = s.airport_callsign[a]
        if c >= 0 and s.subsidy_left[c]:
            s.subsidy_left[c] = False
            s.subsidies[p].append(c)
            s.subsidies[p].sort()
            ev.append(E.SubsidyTaken(player=p, callsign=c))


# ------------------------------------------------------------------ §8.1, R12
def legal_place_hub(s: GameState, p: int) -> list[Action]:
    h = s.hubs[p]
    return [Action(PLACE_HUB, p, a) for a in range(len(s.board.airports)) if a not in h]


def do_place_hub(s: GameState, p: int, a: int, ev: list[Event]) -> None:
    if not isinstance(a, int) or not 0 <= a < len(s.board.airports):
        raise IllegalAction(f"no such airport: {short(a)}")
    if a in s.hubs[p]:
        raise IllegalAction(
            f"{s.names[p]} already has a hub at {s.board.airports[a].code}: "
            "the two hubs go on two different airports (R12)")
    s.hubs[p].append(a)
    s.queue.pop()
    ev.append(E.HubPlaced(player=p, airport=a))
    if s.queue:
        wait(s, PLACE_HUB, (s.queue[-1],))
    else:
        ev.append(E.NetworkPlanned())
        s._start_month(ev)


STEPS: dict[str, Step] = {
    PLACE_CALLSIGN: Step(legal_place_callsign, do_place_callsign),
    PLACE_PLANE: Step(legal_place_plane, do_place_plane),
    PLACE_HUB: Step(legal_place_hub, do_place_hub),
}
