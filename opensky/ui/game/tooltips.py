"""Tooltips on the game screen: what is under the pointer, in words.

``tooltip_text`` reads the screen (what is hovered, the panels' hit regions,
the market on the table) and the state the screen may show; it changes
nothing, so ``draw`` may call it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from opensky.i18n import city, tr, trn
from opensky.rules import quote
from opensky.rules.actions import CHOOSE_OD, PLACE_CALLSIGN, PLACE_HUB
from opensky.rules.constants import CALLSIGNS, REGIONAL_MARKERS
from opensky.rules.state import MARKETING, GameState

if TYPE_CHECKING:
    from opensky.board.model import Board
    from opensky.ui.game.scene import GameScene


def tooltip_text(g: "GameScene") -> str:
    st = g.state
    p = g.human_actor()
    hover = g.board_input
    on_map = not g.over_overlay(g.mouse)  # the map's hover is off under what floats over it
    if hover.hover_route is not None and p is not None:
        return route_preview(st, p, hover.hover_route)
    if hover.hover_airport is not None and p is not None:
        text = airport_preview(st, p, hover.hover_airport)
        if text is not None:
            return text
    for rect, text in g.panel_regions:
        if rect.collidepoint(g.mouse):
            return text
    b = st.board
    dice = g.anim.dice
    if st.decision == CHOOSE_OD or dice.roll is not None and st.phase == MARKETING:
        die = dice.die_at(g.mouse)
        if die is not None:
            ap = b.airports[st.callsign_airport[die]]
            return f"{tr(CALLSIGNS[die])}: {city(ap)} ({ap.code})"
    market = g.anim.shown_market(st)
    if market is not None:
        for q, rect in g.anim.table.slots(market, st.names).items():
            if rect.collidepoint(g.mouse):
                return market_slot(market, st.names[q])
    tip = g.widgets.hovered_tooltip()
    if tip and tip[0] != "":
        return tip[0]  # a control's own explanation (a cut label's whole text among them)
    # hovering a token or an airport with nothing to decide: describe it
    if on_map and g.board_rect.collidepoint(g.mouse):
        a = g.view.airport_at(g.mouse)
        if a is not None:
            return airport_text(st, a)
        r = g.view.route_at(g.mouse)
        if r is not None:
            return route_text(st, r)
    return ""


def place_names(board: "Board", airports: Sequence[int]) -> str:
    """A route, a market or an itinerary, the one way every tooltip names
    it: “Barcelona–Rome (BCN–FCO)” (the cities joined by en dashes, then the
    codes)."""
    places = [board.airports[a] for a in airports]
    return "–".join(city(a) for a in places) + " (" + "–".join(a.code for a in places) + ")"


def route_name(board: "Board", r: int) -> str:
    """Route ``r`` as ``place_names`` names it."""
    return place_names(board, board.route_ends[r])


def route_preview(st: GameState, p: int, r: int) -> str:
    """What placing ``p``'s plane on route ``r`` would do."""
    b = st.board
    lines = [route_name(b, r)]
    if not st.can_place(p, r):
        lines.append(tr("Crosses a border: both of your cross-border markers are on other routes."))
        return "\n".join(lines)
    cubes = quote.subsidies(st, r)
    if cubes.callsigns:
        names = [tr(CALLSIGNS[c]) for c in cubes.callsigns]
        lines.append(trn("Takes the {names} subsidy cube (+{points})", "Takes the {names} subsidy cubes (+{points})",
                         len(names), names=tr(" and ").join(names), points=cubes.points))
    if b.cross_border[r]:
        if r in st.markers[p]:
            lines.append(tr("Your cross-border marker is already here."))
        else:
            left = REGIONAL_MARKERS - len(st.markers[p]) - 1
            lines.append(tr("Uses a cross-border marker ({left} left after this)", left=left))
    mine = st.planes[p][r]
    if mine:
        lines.append(trn("You already have 1 plane here", "You already have {n} planes here", mine))
    others = [st.names[q] for q in range(st.P) if q != p and st.planes[q][r]]
    if others:
        lines.append(tr("Also flown by {names}", names=", ".join(others)))
    return "\n".join(lines)


def airport_preview(st: GameState, p: int, i: int) -> str | None:
    """What putting a hub or the call sign on airport ``i`` would do."""
    a = st.board.airports[i]
    c = st.airport_callsign[i]
    head = f"{city(a)} ({a.code})" + (" · " + tr("call sign {callsign}", callsign=tr(CALLSIGNS[c])) if c >= 0 else "")
    if st.decision == PLACE_HUB:
        if i in st.hubs[p]:
            return head + "\n" + tr("You already have a hub here.")
        return head + "\n" + tr("Place a hub: your flights may connect here.")
    if st.decision == PLACE_CALLSIGN:
        if c >= 0:
            return tr("{city} already has {callsign}.", city=f"{city(a)} ({a.code})", callsign=tr(CALLSIGNS[c]))
        return f"{city(a)} ({a.code})\n" + tr("Put {callsign} here.", callsign=tr(CALLSIGNS[st.callsign_airport.index(-1)]))
    return None


def market_slot(market: dict, name: str) -> str:
    """An airline's place on the bid table: only what the table shows."""
    if name not in market["submitted"]:
        return tr("{name} has not bid yet.", name=name)
    if not market["revealed"]:
        return tr("{name} has bid face down (or passed): hidden until every bid is in.", name=name)
    bid = market["bids"].get(name)
    return tr("{name} bid {fare}.", name=name, fare=bid) if bid is not None else tr("{name} passed.", name=name)


def airport_text(st: GameState, i: int) -> str:
    b = st.board
    a = b.airports[i]
    c = st.airport_callsign[i]
    parts = [f"{city(a)} ({a.code})"]
    country = b.countries.get(a.country or "")
    if b.uses_cross_border and country is not None:
        parts[0] += " · " + tr(country.name)
    if c >= 0:
        line = tr("Call sign {callsign}", callsign=tr(CALLSIGNS[c]))
        if st.subsidy_left[c]:
            line += " · " + tr("subsidy cube here (+50)")
        parts.append(line)
    hubs = [st.names[q] for q in range(st.P) if i in st.hubs[q]]
    if hubs:
        parts.append(tr("Hub of {names}", names=", ".join(hubs)))
    return "\n".join(parts)


def route_text(st: GameState, r: int) -> str:
    b = st.board
    parts = [route_name(b, r) + (" · " + tr("crosses a border") if b.cross_border[r] else "")]
    for q in range(st.P):
        if st.planes[q][r]:
            parts.append(st.names[q] + ": " + trn("1 plane", "{n} planes", st.planes[q][r])
                         + (" " + tr("(marker)") if r in st.markers[q] else ""))
    return "\n".join(parts)
