"""Blue Skies actions: the names of decisions and steps, and the readable form.

Inside the engine an action names players and airports by index (the same
``Action`` tuple as OpenSky's: type, player, arg).  ``BSCodec`` converts to and
from the form scripts, saves and logs use (``blueskies/headless.md``)::

    {type: buyout, player: Bo, airport: SEA}

``arg`` by type:

=============== ==========================================================
buy_gate        airport index
buyout          airport index (a script's ``slot`` gives ``(airport, slot)``,
                checked by the state and then read as the airport)
end_purchases   None
play_card       airport index of the card
special_action  (airport index or None, sorted tuple of card airports)
assistance      tuple of airport indices, in the order named
discard         sorted tuple of card airports
draw_cubes      g, the green cubes drawn before the red (chance)
draw_card       airport index of the card (chance)
=============== ==========================================================
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from opensky.blueskies.board import BSBoard
from opensky.rules.actions import Action
from opensky.rules.errors import IllegalAction
from opensky.textlimits import names_list, short

__all__ = ["Action", "BSCodec", "ACTION_TYPES", "CHANCE_TYPES", "LOCAL"]

BUY_GATE = "buy_gate"
BUYOUT = "buyout"
END_PURCHASES = "end_purchases"
PLAY_CARD = "play_card"
SPECIAL_ACTION = "special_action"
ASSISTANCE = "assistance"
DISCARD = "discard"
DRAW_CUBES = "draw_cubes"
DRAW_CARD = "draw_card"

ACTION_TYPES: tuple[str, ...] = (BUY_GATE, BUYOUT, END_PURCHASES, PLAY_CARD, SPECIAL_ACTION,
                                 ASSISTANCE, DISCARD, DRAW_CUBES, DRAW_CARD)
CHANCE_TYPES = frozenset({DRAW_CUBES, DRAW_CARD})

# decisions (``waiting_for.decision``)
OPENING_GATE = "opening_gate"
BUY = "buy"
PLAY = "play"
ASSIST = "assistance"
DISCARD_DECISION = "discard"

# steps (``step`` in the JSON)
STEP_OPENING = "opening"
STEP_OPENING_GATES = "opening_gates"
STEP_BUY = "buy_gates"
STEP_PLAY = "play_cards"
STEP_OTHER = "other_demand"
STEP_ASSISTANCE = "assistance"
STEP_ASSISTANCE_DISCARD = "assistance_discard"
STEP_OVER = "over"

# the purposes of a card draw (settled detail 10)
OPENING = "opening"
DEAL = "deal"
REPLACE = "replace"
REFILL = "refill"
OTHER_DEMAND = "other_demand"

#: the owner of a local airline's gate
LOCAL = -1
LOCAL_NAME = "local"

_FIELDS: dict[str, tuple[str, ...]] = {
    BUY_GATE: ("player", "airport"), BUYOUT: ("player", "airport"), END_PURCHASES: ("player",),
    PLAY_CARD: ("player", "airport"), SPECIAL_ACTION: ("player", "add_at", "discard"),
    ASSISTANCE: ("player", "airports"), DISCARD: ("player", "cards"),
    DRAW_CUBES: ("outcome",), DRAW_CARD: ("outcome",),
}
_OPTIONAL: dict[str, tuple[str, ...]] = {BUYOUT: ("slot",), SPECIAL_ACTION: ("add_at", "discard"),
                                         DRAW_CUBES: ("player",), DRAW_CARD: ("player",)}
MAX_LIST = 64


class BSCodec:
    """Converts Blue Skies actions between engine form and the readable dict form."""

    def __init__(self, board: BSBoard, players: Sequence[str]):
        self.board = board
        self.players = list(players)
        self._seat = {name: i for i, name in enumerate(self.players)}

    # ----- engine form -> readable form
    def code(self, a: int | None) -> str | None:
        return None if a is None else self.board.airports[a].code

    def to_dict(self, a: Action) -> dict[str, Any]:
        t, p, arg = a
        d: dict[str, Any] = {"type": t}
        if p is not None:
            d["player"] = self.players[p]
        codes = self.board.codes
        if t in (BUY_GATE, PLAY_CARD):
            d["airport"] = None if arg is None else codes[arg]
        elif t == BUYOUT:
            if isinstance(arg, tuple):
                d["airport"], d["slot"] = self.code(arg[0]), arg[1]
            else:
                d["airport"] = self.code(arg)
        elif t == SPECIAL_ACTION:
            d["add_at"] = None if arg[0] is None else codes[arg[0]]
            d["discard"] = [codes[c] for c in arg[1]]
        elif t == ASSISTANCE:
            d["airports"] = [codes[c] for c in arg]
        elif t == DISCARD:
            d["cards"] = [codes[c] for c in arg]
        elif t == DRAW_CUBES:
            d["outcome"] = arg
        elif t == DRAW_CARD:
            d["outcome"] = self.code(arg)
        return d

    def describe(self, a: Action) -> str:
        """A short text form for messages: ``buyout Bo ATL``."""
        d = self.to_dict(a)
        parts = [a.type]
        if "player" in d:
            parts.append(d["player"])
        for key in ("airport", "outcome", "add_at"):
            if key in d and d[key] is not None:
                parts.append(str(d[key]))
        for key in ("airports", "cards", "discard"):
            if key in d:
                parts.append("[" + ", ".join(d[key]) + "]")
        if "slot" in d:
            parts.append(f"slot {d['slot']}")
        return " ".join(parts)

    # ----- readable form -> engine form
    def _player(self, d: Mapping[str, Any]) -> int:
        name = d.get("player")
        if not isinstance(name, str) or name not in self._seat:
            raise IllegalAction(f"unknown player {short(name)} (players: {names_list(self.players)})")
        return self._seat[name]

    def _airport(self, v: Any, what: str) -> int:
        if not isinstance(v, str):
            raise IllegalAction(f"{what} must be an airport code, not {short(v)}")
        try:
            return self.board.index(v)
        except KeyError:
            raise IllegalAction(f"{what}: unknown airport {short(v)}") from None

    def _codes(self, v: Any, what: str) -> list[int]:
        if not isinstance(v, list):
            raise IllegalAction(f"{what} must be a list of airport codes, not {short(v)}")
        if len(v) > MAX_LIST:
            raise IllegalAction(f"{what} lists {len(v)} airports; at most {MAX_LIST}")
        return [self._airport(x, what) for x in v]

    def from_dict(self, d: Any) -> Action:
        if not isinstance(d, Mapping):
            raise IllegalAction(f"an action must be a mapping with a type, not {short(d)}")
        t = d.get("type")
        if not isinstance(t, str) or t not in _FIELDS:
            raise IllegalAction(f"unknown action type {short(t)} (known: {', '.join(ACTION_TYPES)})")
        for key in d:
            if key != "type" and key not in _FIELDS[t] and key not in _OPTIONAL.get(t, ()):
                raise IllegalAction(f"{t} has no field {short(key)}")
        for key in _FIELDS[t]:
            if key not in d and key not in _OPTIONAL.get(t, ()):
                raise IllegalAction(f"{t} needs '{key}'")
        if t in CHANCE_TYPES:
            player = self._player(d) if d.get("player") is not None else None
            out = d["outcome"]
            if t == DRAW_CUBES:
                if not isinstance(out, int) or isinstance(out, bool) or out < 0:
                    raise IllegalAction(f"draw_cubes outcome must be the number of green cubes (0 or more), "
                                        f"not {short(out)}")
                return Action(t, player, out)
            return Action(t, player, self._airport(out, "draw_card outcome"))
        p = self._player(d)
        if t in (BUY_GATE, PLAY_CARD):
            return Action(t, p, self._airport(d["airport"], t))
        if t == BUYOUT:
            a = self._airport(d["airport"], t)
            slot = d.get("slot")
            if slot is None:
                return Action(t, p, a)
            if not isinstance(slot, int) or isinstance(slot, bool):
                raise IllegalAction(f"buyout slot must be a gate space number (1-4), not {short(slot)}")
            return Action(t, p, (a, slot))
        if t == END_PURCHASES:
            return Action(t, p, None)
        if t == SPECIAL_ACTION:
            add = d.get("add_at")
            at = None if add is None else self._airport(add, "special_action add_at")
            cards = self._codes(d.get("discard") or [], "special_action discard")
            return Action(t, p, (at, tuple(sorted(cards))))
        if t == ASSISTANCE:
            return Action(t, p, tuple(self._codes(d["airports"], "assistance airports")))
        return Action(t, p, tuple(sorted(self._codes(d["cards"], "discard cards"))))
