"""Actions: small immutable values, convertible to and from plain dicts.

Inside the engine an action names players, airports, routes and call signs by
index (fast, hashable).  ``ActionCodec`` converts to and from the readable form
used by scripts, saves and logs::

    {type: place_plane, player: Ann, route: [LHR, CDG]}
"""
from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from opensky.board.model import Board
from opensky.rules.constants import CALLSIGN_INDEX, CALLSIGNS, FARES, SENSITIVITY_FACES
from opensky.rules.errors import IllegalAction
from opensky.textlimits import names_list, short

PLACE_CALLSIGN = "place_callsign"
PLACE_PLANE = "place_plane"
PLACE_HUB = "place_hub"
ROLL_DICE = "roll_dice"
CHOOSE_OD = "choose_od"
BID = "bid"
FLASH = "flash"
ANCILLARIES = "ancillaries"
ROLL_SENSITIVITY = "roll_sensitivity"
CHOOSE_ITINERARY = "choose_itinerary"
LEASE = "lease"

ACTION_TYPES: tuple[str, ...] = (
    PLACE_CALLSIGN, PLACE_PLANE, PLACE_HUB, ROLL_DICE, CHOOSE_OD, BID, FLASH,
    ANCILLARIES, ROLL_SENSITIVITY, CHOOSE_ITINERARY, LEASE,
)
#: Steps decided by chance rather than by a player.
CHANCE_TYPES = frozenset({ROLL_DICE, ROLL_SENSITIVITY})


class Action(NamedTuple):
    """One decision.  ``arg`` depends on ``type``:

    ============== ==========================================
    place_callsign (callsign index, airport index)
    place_plane    route index
    place_hub      airport index
    roll_dice      sorted tuple of 3 different call-sign indices
    choose_od      sorted pair of call-sign indices
    bid, flash     fare (int) or None (pass / decline)
    ancillaries    number of chits (0–3)
    roll_sensitivity  die face (200–700)
    choose_itinerary  tuple of airport indices from origin to destination
    lease          (planes, sorted tuple of card values)
    ============== ==========================================
    """

    type: str
    player: int | None
    arg: Any


class ActionCodec:
    """Converts actions between engine form and the readable dict form."""

    def __init__(self, board: Board, players: Sequence[str]):
        self.board = board
        self.players = list(players)
        self._seat = {name: i for i, name in enumerate(self.players)}

    # ----- engine form -> readable form --------------------------------
    def to_dict(self, a: Action) -> dict[str, Any]:
        t, player, arg = a
        b = self.board
        d: dict[str, Any] = {"type": t} if player is None else {"type": t, "player": self.players[player]}
        # the long legal lists first: network planning's planes and hubs
        if t == PLACE_PLANE:
            d["route"] = list(b.routes[arg])
        elif t == PLACE_HUB:
            d["airport"] = b.airports[arg].code
        elif t == PLACE_CALLSIGN:
            d["callsign"] = CALLSIGNS[arg[0]]
            d["airport"] = b.airports[arg[1]].code
        elif t == ROLL_DICE:
            d["outcome"] = [CALLSIGNS[c] for c in arg]
        elif t == CHOOSE_OD:
            d["od"] = [CALLSIGNS[c] for c in arg]
        elif t == BID or t == FLASH:
            d["fare"] = arg
        elif t == ANCILLARIES:
            d["count"] = arg
        elif t == ROLL_SENSITIVITY:
            d["outcome"] = arg
        elif t == CHOOSE_ITINERARY:
            d["path"] = [b.airports[i].code for i in arg]
        elif t == LEASE:
            d["planes"] = arg[0]
            d["cards"] = list(arg[1])
        return d

    def describe(self, a: Action) -> str:
        """A short readable form, e.g. ``bid by Bo: 300``."""
        d = self.to_dict(a)
        who = f" by {d.pop('player')}" if "player" in d else ""
        t = d.pop("type")
        rest = ", ".join(f"{k} {_fmt(v)}" for k, v in d.items())
        return f"{t}{who}" + (f" ({rest})" if rest else "")

    # ----- readable form -> engine form --------------------------------
    def from_dict(self, d: Any) -> Action:
        """Parse a readable action; raises IllegalAction with a clear message."""
        if not isinstance(d, Mapping):
            raise IllegalAction(f"an action must be a mapping like {{type: bid, ...}}, not {short(d)}")
        t = d.get("type")
        if not isinstance(t, str) or t not in ACTION_TYPES:
            raise IllegalAction(
                f"unknown action type {short(t)} (known: {', '.join(ACTION_TYPES)})")
        known_keys = {"type", "player"} | set(_ARG_KEYS[t])
        extra = sorted(str(k) for k in d if k not in known_keys)
        if extra:
            raise IllegalAction(f"{t}: unknown key(s) {', '.join(extra)}")
        player = None
        if "player" in d and d["player"] is not None:
            player = self.seat(d["player"])
        elif t not in CHANCE_TYPES:
            raise IllegalAction(f"{t}: 'player' is missing")
        b = self.board
        if t == PLACE_CALLSIGN:
            cs = d.get("callsign")
            if not isinstance(cs, str) or cs not in CALLSIGN_INDEX:
                raise IllegalAction(f"unknown call sign {short(cs)} (call signs: {', '.join(CALLSIGNS)})")
            return Action(t, player, (CALLSIGN_INDEX[cs], self.airport(d.get("airport"))))
        if t == PLACE_PLANE:
            return Action(t, player, self.route(d.get("route")))
        if t == PLACE_HUB:
            return Action(t, player, self.airport(d.get("airport")))
        if t == ROLL_DICE:
            out = d.get("outcome")
            if out is None:
                return Action(t, player, None)
            if not isinstance(out, list) or len(out) != 3:
                raise IllegalAction("roll_dice: outcome must be a list of 3 call signs")
            idx = [self.callsign(c) for c in out]
            if len(set(idx)) != 3:
                raise IllegalAction("roll_dice: the three dice must show three different call signs")
            return Action(t, player, tuple(sorted(idx)))
        if t == CHOOSE_OD:
            od = d.get("od")
            if not isinstance(od, list) or len(od) != 2:
                raise IllegalAction("choose_od: od must be a list of 2 call signs")
            idx = [self.callsign(c) for c in od]
            if idx[0] == idx[1]:
                raise IllegalAction("choose_od: origin and destination must differ")
            return Action(t, player, tuple(sorted(idx)))
        if t in (BID, FLASH):
            if "fare" not in d:
                raise IllegalAction(f"{t}: 'fare' is missing (null to pass)")
            fare = d["fare"]
            if fare is not None and (not _is_int(fare) or fare not in FARES):
                raise IllegalAction(
                    f"{t}: {short(fare)} is not a fare card (cards: {', '.join(map(str, FARES))}, or null)")
            return Action(t, player, fare)
        if t == ANCILLARIES:
            n = d.get("count")
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 3:
                raise IllegalAction(f"ancillaries: count must be 0, 1, 2 or 3, not {short(n)}")
            return Action(t, player, n)
        if t == ROLL_SENSITIVITY:
            out = d.get("outcome")
            if out is None:
                return Action(t, player, None)
            if not _is_int(out) or out not in SENSITIVITY_FACES:
                raise IllegalAction(
                    f"roll_sensitivity: outcome must be one of {', '.join(map(str, SENSITIVITY_FACES))}, not {short(out)}")
            return Action(t, player, out)
        if t == CHOOSE_ITINERARY:
            path = d.get("path")
            if not isinstance(path, list) or len(path) < 2:
                raise IllegalAction("choose_itinerary: path must be a list of at least 2 airports")
            return Action(t, player, tuple(self.airport(c) for c in path))
        # LEASE
        n = d.get("planes")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise IllegalAction(f"lease: planes must be a whole number ≥ 0, not {short(n)}")
        cards = d.get("cards", [])
        if cards is None:
            cards = []
        if not isinstance(cards, list) or any(not _is_int(c) or c not in FARES for c in cards):
            raise IllegalAction(f"lease: cards must be a list of fare cards, not {short(cards)}")
        return Action(t, player, (n, tuple(sorted(cards))))

    def seat(self, name: Any) -> int:
        if isinstance(name, str) and name in self._seat:
            return self._seat[name]
        raise IllegalAction(f"unknown player {short(name)} (players: {names_list(self.players)})")

    def airport(self, code: Any) -> int:
        idx = self.board.airport_index.get(code) if isinstance(code, str) else None
        if idx is None:
            raise IllegalAction(f"unknown airport {short(code)} on board {self.board.id}")
        return idx

    def route(self, pair: Any) -> int:
        if not isinstance(pair, list) or len(pair) != 2:
            raise IllegalAction(f"a route must be a list of two airports, not {short(pair)}")
        a, b = self.airport(pair[0]), self.airport(pair[1])
        r = self.board.route_index.get((self.board.airports[a].code, self.board.airports[b].code))
        if r is None:
            raise IllegalAction(f"there is no route {pair[0]}–{pair[1]} on board {self.board.id}")
        return r

    @staticmethod
    def callsign(name: Any) -> int:
        if isinstance(name, str) and name in CALLSIGN_INDEX:
            return CALLSIGN_INDEX[name]
        raise IllegalAction(f"unknown call sign {short(name)} (call signs: {', '.join(CALLSIGNS)})")


_ARG_KEYS: dict[str, tuple[str, ...]] = {
    PLACE_CALLSIGN: ("callsign", "airport"),
    PLACE_PLANE: ("route",),
    PLACE_HUB: ("airport",),
    ROLL_DICE: ("outcome",),
    CHOOSE_OD: ("od",),
    BID: ("fare",),
    FLASH: ("fare",),
    ANCILLARIES: ("count",),
    ROLL_SENSITIVITY: ("outcome",),
    CHOOSE_ITINERARY: ("path",),
    LEASE: ("planes", "cards"),
}


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _fmt(v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(map(str, v)) + "]"
    return "pass" if v is None else str(v)
