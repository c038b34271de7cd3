"""Small boards and drivers for rule tests."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping

from opensky.board.loader import load_board
from opensky.board.model import Airport, Board, Country
from opensky.rules.events import Event
from opensky.rules.state import GameState

HERE = Path(__file__).resolve().parent
BOARDS = HERE.parent / "boards"


def tiny_hubs() -> Board:
    return load_board(BOARDS / "tiny-hubs.board.yaml")


def tiny_cross() -> Board:
    return load_board(BOARDS / "tiny-cross.board.yaml")


def make_board(routes: Iterable[str], rule: str = "hubs",
               countries: Mapping[str, str] | None = None) -> Board:
    """A board from routes written "AAA-BBB"; airports in order of appearance."""
    codes: list[str] = []
    pairs = []
    for r in routes:
        a, b = r.split("-")
        for c in (a, b):
            if c not in codes:
                codes.append(c)
        pairs.append(tuple(sorted((a, b))))
    airports = tuple(Airport(c, c.title(), (10.0 * i, 10.0), (countries or {}).get(c))
                     for i, c in enumerate(codes))
    cmap = {}
    if rule == "cross_border":
        cmap = {k: Country(k, k, "#888888") for k in set((countries or {}).values())}
    return Board(id="test", name="Test", regional_rule=rule, canvas=(1000.0, 100.0),
                 airports=airports, routes=tuple(pairs), countries=cmap)  # type: ignore[arg-type]


def act(state: GameState, **d: Any) -> list[Event]:
    """Apply one readable action, e.g. ``act(s, type="bid", player="Ann", fare=300)``."""
    return state.apply(state.codec().from_dict(d))


def acts(state: GameState, *ds: Mapping[str, Any]) -> list[Event]:
    out: list[Event] = []
    for d in ds:
        out += state.apply(state.codec().from_dict(dict(d)))
    return out


def plan(state: GameState, routes: Mapping[str, list[str]],
         hubs: Mapping[str, list[str]] | None = None) -> list[str]:
    """Play network planning: each player's routes ("AAA-BBB") in the order
    they will place them; returns who placed, in order."""
    left = {k: list(v) for k, v in routes.items()}
    order = []
    while state.decision == "place_plane":
        who = state.names[state.actors[0]]
        r = left[who].pop(0)
        order.append(who)
        act(state, type="place_plane", player=who, route=r.split("-"))
    if state.decision == "place_hub":
        hubs = hubs or {}
        while state.decision == "place_hub":
            who = state.names[state.actors[0]]
            act(state, type="place_hub", player=who, airport=hubs[who].pop(0) if hubs.get(who) else _any_free_hub(state, who))
    assert not any(left.values()), f"routes left over: {left}"
    return order


def _any_free_hub(state: GameState, who: str) -> str:
    p = state.names.index(who)
    for a in state.board.codes:
        if state.board.airport_index[a] not in state.hubs[p]:
            return a
    raise AssertionError


def market(state: GameState, od: tuple[str, str], dice: tuple[str, ...] | None = None) -> list[Event]:
    """Roll (the given dice, or the O&D plus a third call sign) and choose the O&D."""
    roller = state.names[state.actors[0]]
    if dice is None:
        third = next(c for c in ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot") if c not in od)
        dice = (od[0], od[1], third)
    ev = act(state, type="roll_dice", outcome=list(dice))
    ev += act(state, type="choose_od", player=roller, od=list(od))
    return ev


def pass_months(state: GameState, until_month: int) -> None:
    """Let months go by with markets nobody bids on (everybody passes)."""
    while state.month < until_month and not state.game_over:
        d = state.decision
        if d == "roll_dice":
            act(state, type="roll_dice", outcome=["Alpha", "Bravo", "Charlie"])
        elif d == "choose_od":
            act(state, type="choose_od", player=state.names[state.actors[0]], od=["Alpha", "Bravo"])
        elif d == "bid":
            act(state, type="bid", player=state.names[state.actors[0]], fare=None)
        elif d == "lease":
            act(state, type="lease", player=state.names[state.actors[0]], planes=0)
        else:
            raise AssertionError(f"pass_months cannot handle {d}")


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
