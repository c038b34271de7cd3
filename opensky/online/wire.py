"""Engine views and events on the wire: a lossless, checked JSON form for both games.

Why snapshots: in online play the host is the only one with the whole game
(hidden bids, hands, the deck, the chance generator), so a client cannot
replay the action log to learn where the game stands.  The host sends, after
each move, a *snapshot* of the engine's view object for the client's seats
(``rules.view.player_view``, ``blueskies.view.player_view`` /
``spectator_view``) and the events as those seats may see them; the client
rebuilds the very objects its game screen already reads (``GameState`` or
``BSState``, the engine's event classes), so the screen needs no second,
network-shaped model.  The board is never sent: both sides load it by id and
the receiver passes its own.

The form is plain JSON (dict, list, str, int, bool, null) with tagged forms
where JSON has no type of its own, so nothing is guessed:

==================================  ======================================
``{"t": [...]}``                    a tuple
``{"i": [[key, value], ...]}``      a dict with int keys (insertion order)
``{"s": {key: value}}``             a dict with str keys
``{"r": "MarketRecord", "v": [...]}``  a whitelisted NamedTuple
``{"e": "NobodyReason", "v": ...}``  a whitelisted enum, by its value
==================================  ======================================

A state is ``{"game": ..., "slots": {slot: value}}`` (every slot but the
board); an event ``{"kind": ClassName, field: value, ...}``.

The host is another person's program, so loading trusts nothing: the data
is decoded under budgets (nesting depth, list and string lengths, int size,
node count); every slot is then checked against ``wire_check``'s schema,
with sizes from a fresh template state for the same board and names; and the
object built is exercised (its legal actions and JSON form) before it is
handed back.  No name from the data is ever imported or evaluated: classes
come only from whitelists.  Any failure is one ``WireError``.
"""
from __future__ import annotations

import enum
import typing
from dataclasses import fields
from typing import Any, Iterable, Sequence, Union

from opensky.blueskies import events as bs_events
from opensky.blueskies.board import BSBoard
from opensky.blueskies.state import BSState
from opensky.board.model import Board
from opensky.online.wire_check import BLUE_SKIES as BS_SCHEMA, BOUND, OPENSKY as OS_SCHEMA, Ctx, WireError, \
    check_slots, fail, fits
from opensky.play.seats import BLUE_SKIES, OPENSKY
from opensky.rules import events as os_events
from opensky.rules.events import NobodyReason
from opensky.rules.state import GameState, MarketRecord
from opensky.textlimits import clip, short

__all__ = ["WireError", "dump_state", "load_state", "dump_events", "load_events", "Json"]

Json = Union[None, bool, int, str, list["Json"], dict[str, "Json"]]
AnyState = Union[GameState, BSState]

MAX_DEPTH = 12
MAX_LIST = 10_000
MAX_STR = 200
#: containers and values in one message at most (a full state holds a few thousand)
MAX_NODES = 200_000

#: the only classes the data may name
RECORDS: dict[str, type[Any]] = {"MarketRecord": MarketRecord}
ENUMS: dict[str, type[enum.Enum]] = {"NobodyReason": NobodyReason}
EVENTS: dict[str, dict[str, type[Any]]] = {
    OPENSKY: {c.__name__: c for c in os_events.KINDS.values()},
    BLUE_SKIES: {c.__name__: c for c in typing.get_args(bs_events.Event)},
}
#: each event class's fields with their annotations (read once, from our own modules)
FIELDS: dict[type[Any], tuple[tuple[str, Any], ...]] = {}
for _classes in EVENTS.values():
    for _c in _classes.values():
        _hints = typing.get_type_hints(_c)
        FIELDS[_c] = tuple((f.name, _hints[f.name]) for f in fields(_c))
_STATE_CLASSES = {OPENSKY: GameState, BLUE_SKIES: BSState}


# ------------------------------------------------------------------ encoding
def _enc(v: object) -> Json:
    t = type(v)
    if v is None or t is bool or t is int or t is str:
        assert v is None or isinstance(v, (int, str))
        return v
    if t is list or t is tuple:
        assert isinstance(v, (list, tuple))
        items: list[Json] = [_enc(x) for x in v]
        return items if t is list else {"t": items}
    if t is dict:
        assert isinstance(v, dict)
        if v and all(type(k) is int for k in v):
            return {"i": [[k, _enc(x)] for k, x in v.items()]}
        if all(type(k) is str for k in v):
            return {"s": {k: _enc(x) for k, x in v.items()}}
    if t in RECORDS.values():
        assert isinstance(v, tuple)
        return {"r": t.__name__, "v": [_enc(x) for x in v]}
    if t in ENUMS.values():
        assert isinstance(v, enum.Enum)
        return {"e": t.__name__, "v": v.value}
    raise WireError(f"cannot send a {t.__name__}")


def dump_state(state: AnyState) -> dict[str, Json]:
    """``state`` (a view or a full state of either game) as JSON-able data;
    the same state always gives the same data."""
    game = OPENSKY if type(state) is GameState else BLUE_SKIES if type(state) is BSState else None
    if game is None:
        raise WireError(f"cannot send a {type(state).__name__} as a state")
    slots = {name: _enc(getattr(state, name)) for name in type(state).__slots__ if name != "board"}
    return {"game": game, "slots": slots}


def dump_events(events: Iterable[object]) -> list[Json]:
    """Events of either game as JSON-able data."""
    out: list[Json] = []
    for e in events:
        names = FIELDS.get(type(e))
        if names is None:
            raise WireError(f"cannot send a {type(e).__name__} as an event")
        d: dict[str, Json] = {"kind": type(e).__name__}
        for name, _ in names:
            d[name] = _enc(getattr(e, name))
        out.append(d)
    return out


# ------------------------------------------------------------------ decoding
class _Decoder:
    """JSON data back to Python values under the budgets (no schema yet)."""

    def __init__(self) -> None:
        self.left = MAX_NODES

    def value(self, x: object, depth: int, path: str) -> object:
        """``x``, found at nesting ``depth`` (1: the top), decoded."""
        self.left -= 1
        if self.left < 0:
            fail("", "the data is too large")
        t = type(x)
        if x is None or t is bool:
            return x
        if isinstance(x, int) and t is int:
            if not -BOUND < x < BOUND:
                fail(path, "a number out of range")
            return x
        if t is str:
            return self.text(x, path)
        if depth > MAX_DEPTH:
            fail(path, f"nested deeper than {MAX_DEPTH} levels")
        if t is list:
            return [self.value(y, depth + 1, f"{path}[{i}]") for i, y in enumerate(self.items(x, path))]
        if t is not dict:
            fail(path, f"a value of type {t.__name__}")
        assert isinstance(x, dict)
        if len(x) > 2 or not all(type(k) is str for k in x):
            fail(path, "an object of unknown form")
        keys = sorted(x)
        if depth + (2 if keys == ["i"] else 1) > MAX_DEPTH:  # the tagged form's own list (and pairs)
            fail(path, f"nested deeper than {MAX_DEPTH} levels")
        if keys == ["t"]:
            return tuple(self.value(y, depth + 2, f"{path}[{i}]") for i, y in enumerate(self.items(x["t"], path)))
        if keys == ["i"]:
            out: dict[object, object] = {}
            for i, kv in enumerate(self.items(x["i"], path)):
                if type(kv) is not list or len(kv) != 2:
                    fail(f"{path}[{i}]", "expected a [key, value] pair")
                k = kv[0]
                if type(k) is not int or not -BOUND < k < BOUND or k in out:
                    fail(f"{path}[{i}]", "a key that is not a whole number, or twice")
                out[k] = self.value(kv[1], depth + 3, f"{path}[{k}]")
            return out
        if keys == ["s"]:
            body = x["s"]
            if type(body) is not dict:
                fail(path, "expected an object")
            assert isinstance(body, dict)
            self.items(body, path)
            return {self.text(k, path): self.value(y, depth + 2, f"{path}.{short(k, 20)}")
                    for k, y in body.items()}
        tag = x.get("r", x.get("e"))
        if type(tag) is not str:
            fail(path, "an object of unknown form")
        if keys == ["r", "v"] and tag in RECORDS:
            cls = RECORDS[tag]
            vals = self.items(x["v"], path)
            if len(vals) != len(cls._fields):
                fail(path, f"a {cls.__name__} needs {len(cls._fields)} fields")
            return cls(*(self.value(y, depth + 2, f"{path}[{i}]") for i, y in enumerate(vals)))
        if keys == ["e", "v"] and tag in ENUMS and type(x["v"]) in (str, int):
            return ENUMS[tag](x["v"])
        fail(path, f"an object of unknown form {short(keys, 30)}")

    def items(self, x: object, path: str) -> Sequence[object] | dict[object, object]:
        if type(x) is not list and type(x) is not dict:
            fail(path, "expected a list")
        assert isinstance(x, (list, dict))
        if len(x) > MAX_LIST:
            fail(path, f"more than {MAX_LIST} items")
        return x

    def text(self, x: object, path: str) -> str:
        if type(x) is not str:
            fail(path, "expected a string")
        assert isinstance(x, str)
        if len(x) > MAX_STR:
            fail(path, f"a string longer than {MAX_STR} characters")
        return x


def _guarded(what: str, fn: typing.Callable[[], Any]) -> Any:
    """Run ``fn``; every failure becomes one WireError."""
    try:
        return fn()
    except WireError:
        raise
    except Exception as e:  # noqa: BLE001 - hostile data: every failure is the same refusal
        raise WireError(f"{what}: {type(e).__name__}") from e


# ------------------------------------------------------------------ states
def load_state(game: str, board: Board | BSBoard, names: list[str], data: object) -> AnyState:
    """The state ``data`` describes, for ``board`` and players ``names``, checked
    (raises WireError for anything that is not a state of this game and table)."""
    state: AnyState = _guarded("the state received cannot be read", lambda: _load_state(game, board, names, data))
    return state


def _load_state(game: str, board: Board | BSBoard, names: list[str], data: object) -> AnyState:
    if game not in _STATE_CLASSES:
        fail("", f"unknown game {short(game, 30)}")
    template: AnyState
    if game == OPENSKY and isinstance(board, Board):
        template, schema = GameState(board, names), OS_SCHEMA
        ctx = Ctx(P=template.P, A=len(board.airports), R=len(board.routes))
    elif game == BLUE_SKIES and isinstance(board, BSBoard):
        template = BSState(board, names)
        schema = BS_SCHEMA
        ctx = Ctx(P=template.P, A=len(board.airports), S=template.spaces,
                  regions=frozenset(r.id for r in board.regions))
    else:
        fail("", f"the board is not a board of {game}")
    if type(data) is not dict or sorted(data) != ["game", "slots"]:
        fail("", "expected an object with the keys game and slots")
    assert isinstance(data, dict)
    if data["game"] != game:
        fail("game", f"a state of {short(data['game'], 30)}, not of {game}")
    raw = data["slots"]
    if type(raw) is not dict or len(raw) > 100:
        fail("slots", "expected an object of slots")
    assert isinstance(raw, dict)
    dec = _Decoder()
    slots = {dec.text(k, "slots"): dec.value(v, 3, clip(str(k), 30)) for k, v in raw.items()}
    check_slots(schema, template, slots, ctx)
    state: AnyState = GameState.__new__(GameState) if game == OPENSKY else BSState.__new__(BSState)
    state.board = board
    for name, v in slots.items():
        setattr(state, name, v)
    _exercise(state)
    return state


def _exercise(state: AnyState) -> None:
    """Ask of the state what the screen will: its legal actions, its JSON form, a copy."""
    try:
        if state.decision is not None:
            for p in state.actors:
                acts = state.legal_actions(p)
                n = len(acts)
                for i in (*range(min(n, 64)), n - 1):
                    if i >= 0:
                        acts[i]
            if state.is_chance():
                state.chance_outcomes()
        state.waiting_text()
        state.to_json()
        state.copy()
    except Exception as e:  # noqa: BLE001 - any failure means the same: not a real game state
        raise WireError("the state received is not a consistent game state") from e


# ------------------------------------------------------------------ events
def load_events(game: str, data: object) -> list[Any]:
    """The events ``data`` describes, as the engine's event objects of ``game``
    (raises WireError for anything else)."""
    events: list[Any] = _guarded("the events received cannot be read", lambda: _load_events(game, data))
    return events


def _load_events(game: str, data: object) -> list[Any]:
    kinds = EVENTS.get(game)
    if kinds is None:
        fail("", f"unknown game {short(game, 30)}")
    dec = _Decoder()
    out = []
    for i, e in enumerate(dec.items(data if type(data) is list else None, "events")):
        path = f"events[{i}]"
        if type(e) is not dict or type(e.get("kind")) is not str or e["kind"] not in kinds:
            fail(path, f"unknown event kind {short(e.get('kind') if type(e) is dict else e, 30)}")
        cls = kinds[e["kind"]]
        spec = FIELDS[cls]
        if len(e) != len(spec) + 1 or any(name not in e for name, _ in spec):
            fail(path, f"a {cls.__name__} has the fields {', '.join(n for n, _ in spec) or 'none'}")
        values = {}
        for name, hint in spec:
            v = dec.value(e[name], 3, f"{path}.{name}")
            if not fits(v, hint):
                fail(f"{path}.{name}", "a value of the wrong type")
            values[name] = v
        out.append(cls(**values))
    return out
