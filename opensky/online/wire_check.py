"""What a state received must look like, slot by slot (``opensky.online.wire``).

Every slot of ``GameState`` and ``BSState`` has a check here, written from
the engine's ``__init__`` and the code that changes the slot: exact types
(a bool is not an int, a list is not a tuple), indices within the board and
the table (players, airports, routes, call signs), per-player lists as long
as the table has players, per-airport lists as long as the board has
airports.  The sizes come from a *template*: a fresh state for the same
board and names, which also checks the names through the engine's own
constructor.  The checks are explicit rather than guessed from the template
because a fresh state cannot show which lists grow (a hand, the task stack)
and which never change length.  ``tests/online/test_wire.py`` fails when a
slot is added to either engine without a check here.
"""
from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Callable, NoReturn, Union

from opensky.blueskies import actions as BA
from opensky.rules.constants import ANCILLARY_CHITS, CALLSIGNS, COPIES_PER_FARE, FARES, MONTHS
from opensky.rules.phases import GAME_OVER, MARKETING, MONTH_END, NETWORK_PLANNING, PRICING, SETUP
from opensky.rules.state import STEPS, MarketRecord
from opensky.textlimits import short

#: ints on the wire stay below this in size (no count in either game comes near)
BOUND = 10**6


class WireError(ValueError):
    """Data received that is not a state or events this program can use; the
    message is one short line and never holds the whole bad value."""


@dataclass(frozen=True)
class Ctx:
    """The sizes a state is checked against: players, airports, routes, gate spaces, region ids."""

    P: int
    A: int
    R: int = 0
    S: int = 0
    regions: frozenset[str] = frozenset()


Check = Callable[[object, Ctx, str], None]


def fail(path: str, what: str) -> NoReturn:
    raise WireError(f"{path}: {what}" if path else what)


def _size(n: int | str, ctx: Ctx) -> int:
    return n if isinstance(n, int) else int(getattr(ctx, n))


# ----------------------------------------------------------------- checks
def integer(lo: int | str = -BOUND + 1, hi: int | str = BOUND - 1, below: str | None = None) -> Check:
    """An int (never a bool) from ``lo`` to ``hi``, or from ``lo`` to one under ctx size ``below``."""
    def check(v: object, ctx: Ctx, path: str) -> None:
        a = _size(lo, ctx)
        b = _size(hi, ctx) if below is None else _size(below, ctx) - 1
        if type(v) is not int or not a <= v <= b:
            fail(path, f"expected a whole number from {a} to {b}, not {short(v, 20)}")
    return check


def index(size: str, low: int = 0) -> Check:
    """An index into something of ctx size ``size`` (``low=-1`` also allows -1: none, or local)."""
    return integer(low, 0, below=size)


def boolean(v: object, ctx: Ctx, path: str) -> None:
    if type(v) is not bool:
        fail(path, f"expected true or false, not {type(v).__name__}")


def one_of(*choices: object) -> Check:
    def check(v: object, ctx: Ctx, path: str) -> None:
        if not any(type(v) is type(c) and v == c for c in choices):
            fail(path, f"unexpected value {short(v, 30)}")
    return check


def optional(c: Check) -> Check:
    def check(v: object, ctx: Ctx, path: str) -> None:
        if v is not None:
            c(v, ctx, path)
    return check


def _sequence(kind: type, c: Check, n: int | str | None, most: int | str | None) -> Check:
    name = "a list" if kind is list else "a tuple"

    def check(v: object, ctx: Ctx, path: str) -> None:
        if type(v) is not kind:
            fail(path, f"expected {name}, not {type(v).__name__}")
        assert isinstance(v, (list, tuple))
        if n is not None and len(v) != _size(n, ctx):
            fail(path, f"expected {_size(n, ctx)} items, not {len(v)}")
        if most is not None and len(v) > _size(most, ctx):
            fail(path, f"expected at most {_size(most, ctx)} items, not {len(v)}")
        for i, x in enumerate(v):
            c(x, ctx, f"{path}[{i}]")
    return check


def listof(c: Check, n: int | str | None = None, most: int | str | None = None) -> Check:
    return _sequence(list, c, n, most)


def tupleof(c: Check, n: int | str | None = None, most: int | str | None = None) -> Check:
    return _sequence(tuple, c, n, most)


def pair(*cs: Check) -> Check:
    """A tuple of exactly these items, each with its own check."""
    def check(v: object, ctx: Ctx, path: str) -> None:
        if type(v) is not tuple or len(v) != len(cs):
            fail(path, f"expected a tuple of {len(cs)}")
        assert isinstance(v, tuple)
        for i, (x, c) in enumerate(zip(v, cs)):
            c(x, ctx, f"{path}[{i}]")
    return check


def mapping(k: Check, val: Check) -> Check:
    def check(v: object, ctx: Ctx, path: str) -> None:
        if type(v) is not dict:
            fail(path, f"expected a mapping, not {type(v).__name__}")
        assert isinstance(v, dict)
        for key, x in v.items():
            k(key, ctx, f"{path} key")
            val(x, ctx, f"{path}[{short(key, 20)}]")
    return check


def fields(**cs: Check) -> Check:
    """A dict with exactly these string keys."""
    def check(v: object, ctx: Ctx, path: str) -> None:
        if type(v) is not dict or set(v) != set(cs):
            fail(path, f"expected an object with the keys {', '.join(cs)}")
        assert isinstance(v, dict)
        for key, c in cs.items():
            c(v[key], ctx, f"{path}.{key}")
    return check


def record(cls: type, **cs: Check) -> Check:
    """A NamedTuple of ``cls`` (its fields in order, each with its check)."""
    inner = pair(*cs.values())

    def check(v: object, ctx: Ctx, path: str) -> None:
        if type(v) is not cls:
            fail(path, f"expected a {cls.__name__}, not {type(v).__name__}")
        assert isinstance(v, tuple)
        inner(tuple(v), ctx, path)
    return check


def region(v: object, ctx: Ctx, path: str) -> None:
    if type(v) is not str or v not in ctx.regions:
        fail(path, f"unknown region {short(v, 30)}")


# ------------------------------------------------------------------- OpenSky
def SAME(v: object, ctx: Ctx, path: str) -> None:
    """A slot that must equal the template's (``check_slots`` compares; never called)."""
    fail(path, "compared with the template")


count = integer(0)
player = index("P")
airport = index("A")
route = index("R")
callsign = integer(0, len(CALLSIGNS) - 1)
fare = one_of(*FARES)
stops = integer(0, "A")
per_fare = listof(integer(0, COPIES_PER_FARE), len(FARES))
chits = listof(integer(0, ANCILLARY_CHITS), "P")

OPENSKY: dict[str, Check] = {
    "names": SAME, "P": SAME, "N": SAME,
    "month": integer(0, len(MONTHS) - 1),
    "phase": one_of(SETUP, NETWORK_PLANNING, MARKETING, PRICING, MONTH_END, GAME_OVER),
    "decision": optional(one_of(*STEPS)),
    "actors": tupleof(player, most="P"),
    "callsign_airport": listof(index("A", -1), len(CALLSIGNS)),
    "airport_callsign": listof(integer(-1, len(CALLSIGNS) - 1), "A"),
    "subsidy_left": listof(boolean, len(CALLSIGNS)),
    "subsidies": listof(listof(callsign, most=len(CALLSIGNS)), "P"),
    "planes": listof(listof(count, "R"), "P"),
    "on_board": listof(count, "P"),
    "markers": listof(listof(route, most="R"), "P"),
    "hubs": listof(listof(airport, most="A"), "P"),
    "hand": listof(per_fare, "P"), "won": listof(per_fare, "P"),
    "change": listof(count, "P"), "chits": chits, "chits_spent": chits,
    "flash_unused": listof(boolean, "P"),
    "queue": listof(player),
    "dice": optional(tupleof(callsign, most=len(CALLSIGNS))),
    "od": optional(pair(callsign, callsign)),
    "roller": player,
    "stops": listof(optional(stops), "P"),
    "paths": listof(listof(tupleof(airport, most="A")), "P"),
    "submitted": listof(boolean, "P"),
    "bid": listof(optional(fare), "P"),
    "revealed": boolean, "settled": boolean,
    "flash_ptr": player,
    "declined": listof(boolean, "P"),
    "winners": listof(player, most="P"),
    "chit_count": integer(0, ANCILLARY_CHITS),
    "walked_away": optional(player),
    "travel": listof(player, most="P"),
    "flown": mapping(player, tupleof(airport, most="A")),
    "lease_queue": listof(player, most="P"),
    "game_over": boolean,
    "_last_market": optional(record(
        MarketRecord, od=pair(callsign, callsign), dice=optional(tupleof(callsign, most=len(CALLSIGNS))),
        stops=tupleof(optional(stops), "P"), submitted=tupleof(boolean, "P"), bid=tupleof(optional(fare), "P"),
        revealed=boolean, winners=tupleof(player, most="P"), walked_away=optional(player),
        flown=tupleof(pair(player, tupleof(airport, most="A")), most="P"))),
}

# --------------------------------------------------------------- Blue Skies
purpose = one_of(BA.OPENING, BA.DEAL, BA.REPLACE, BA.REFILL, BA.OTHER_DEMAND)
card_or_drawn = index("A", -1)  # -1: drawn from the deck
#: each task of ``blueskies.flow`` by name: the checks of its arguments
TASKS: dict[str, tuple[Check, ...]] = {
    "turn": (card_or_drawn,), "local_open": (), "deal": (player, card_or_drawn), "opener": (player,),
    "opener_next": (player,), "round": (), "buyer": (player,), "buyer_next": (player,),
    "player": (player,), "other": (), "score": (), "end": (), "assist": (), "locals": (), "pass": (),
    "cubes": (airport,), "card": (purpose, optional(player)), "to_discard": (),
    "discard": (player, tupleof(airport, most="A")), "ask_assist": (player, integer(0, "A")),
    "ask_discard": (player,),
}


def task(v: object, ctx: Ctx, path: str) -> None:
    if not isinstance(v, tuple) or type(v) is not tuple or not v or type(v[0]) is not str or v[0] not in TASKS:
        fail(path, "expected a task of the order of play")
    assert isinstance(v, tuple)
    pair(one_of(v[0]), *TASKS[v[0]])(v, ctx, path)


BLUE_SKIES: dict[str, Check] = {
    "P": SAME, "names": SAME, "spaces": SAME,
    "gates": listof(listof(index("P", -1), most="S"), "A"),
    "cubes": listof(listof(count, most="S"), "A"),
    "waiting": listof(count, "A"),
    "red": count, "green": count,
    "deck": listof(count, "A"), "deck_count": count, "discard": listof(count, "A"),
    "in_play": listof(airport),
    "hands": listof(listof(airport), "P"),
    "hand_count": listof(count, "P"), "score": listof(count, "P"), "gates_left": listof(count, "P"),
    "special_used": listof(boolean, "P"), "assistance_given": boolean,
    "round": count,
    "step": one_of(BA.STEP_OPENING, BA.STEP_OPENING_GATES, BA.STEP_BUY, BA.STEP_PLAY, BA.STEP_OTHER,
                   BA.STEP_ASSISTANCE, BA.STEP_ASSISTANCE_DISCARD, BA.STEP_OVER),
    "current": player,
    "tasks": listof(task),
    "decision": optional(one_of(BA.OPENING_GATE, BA.BUY, BA.PLAY, BA.ASSIST, BA.DISCARD_DECISION,
                                *sorted(BA.CHANCE_TYPES))),
    "actor": optional(player),
    "cube_airport": index("A", -1),
    "card_purpose": one_of("", BA.OPENING, BA.DEAL, BA.REPLACE, BA.REFILL, BA.OTHER_DEMAND),
    "card_player": optional(player),
    "owed": integer(0, "A"), "points": count,
    "opening_mode": integer(0, 2), "opening_first": index("A", -1),
    "game_over": boolean,
    "end_reason": optional(listof(one_of("score", "gates"), most=2)),
    "final": optional(listof(fields(score=count, regions=mapping(region, count), special_bonus=count,
                                    total=count), "P")),
    "winners": listof(player, most="P"),
    "viewer": optional(index("P", -1)),
    "unknown": optional(listof(count, "A")),
    "locals": listof(airport, most="A"),
    "free": listof(count, "A"),
}


def check_slots(schema: dict[str, Check], template: object, slots: dict[str, Any], ctx: Ctx) -> None:
    """Raise WireError unless ``slots`` has exactly the schema's slots, each as it says
    (``SAME``: equal to the template's, of the same type)."""
    extra = set(slots) - set(schema)
    if extra:
        fail("state", f"unexpected slot {short(min(extra, key=str), 30)}")
    for name, c in schema.items():
        if name not in slots:
            fail("state", f"the slot {name} is missing")
        v = slots[name]
        if c is SAME:
            t = getattr(template, name)
            if type(v) is not type(t) or v != t:
                fail(name, f"expected {short(t, 30)}")
        else:
            c(v, ctx, name)


# ------------------------------------------------------------------ events
def fits(v: object, hint: Any) -> bool:
    """Whether ``v`` has the type of an event field's annotation (the forms
    the two events modules use: int, bool, str, None, unions, tuples,
    mappings, enums).  An unknown form fits nothing."""
    if hint is type(None):
        return v is None
    if hint in (int, bool, str):
        return type(v) is hint
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return type(v) is hint
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        return any(fits(v, a) for a in args)
    if origin is tuple:
        if type(v) is not tuple:
            return False
        assert isinstance(v, tuple)
        if len(args) == 2 and args[1] is Ellipsis:
            return all(fits(x, args[0]) for x in v)
        return len(v) == len(args) and all(fits(x, a) for x, a in zip(v, args))
    if origin in (Mapping, dict):
        return type(v) is dict and all(fits(k, args[0]) and fits(x, args[1])
                                       for k, x in v.items())
    return False


def supported(hint: Any) -> bool:
    """Whether ``fits`` understands ``hint`` (the tests ask it of every event field)."""
    if hint is type(None) or hint in (int, bool, str):
        return True
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType, tuple, Mapping, dict):
        return all(a is Ellipsis or supported(a) for a in args)
    return False
