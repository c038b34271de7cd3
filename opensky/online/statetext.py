"""A table's public state JSON as text, kept from one step to the next.

The host sends the state JSON after every action, and from one action to the
next little of it changes: a card drawn changes a count, a gate bought one
airport, a bid one market.  ``StateText`` (one per table) keeps the text of
each part — each top-level value, each player's entry, each Blue Skies
airport — with the value it was made from, and encodes again only the parts
whose value changed (and the JSON objects of each seat's last legal
actions).  The text is byte for byte the ``json`` encoding of the
engine's ``to_json`` (``tests/online/test_frames.py`` checks it over whole
games of both games).

A part is reused when its new value equals (``==``) the one it was made
from.  That is sound here because every place of the state JSON keeps its
type from step to step (a count stays an int, a flag a bool: ``True == 1``
never meets ``1`` at the same place), and because the values kept are never
changed afterwards: Blue Skies' come from a spectator's view, a copy made
for this step; OpenSky's ``to_json`` builds new lists and dicts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from opensky.blueskies import gates as G, jsonstate
from opensky.blueskies.view import spectator_view
from opensky.online import protocol as P

#: the host's one encoder (compact, UTF-8 as is): the contract's frames
ENCODE = P.encode


@dataclass(frozen=True)
class SpectatorText:
    """Blue Skies' spectator JSON in pieces, so a seat's view is put together
    around the two places it differs (``view`` and its own hand):
    ``head + view + middle + ",".join(players) + tail``."""

    head: str
    middle: str
    players: list[str]
    tail: str

    def text(self) -> str:
        return self.head + "null" + self.middle + ",".join(self.players) + self.tail


class StateText:
    """The state JSON text of one table, part by part (see the module docstring)."""

    def __init__(self) -> None:
        #: place -> (the value, its text); a place is a top-level key, or (key, index)
        self._parts: dict[Any, tuple[Any, str]] = {}
        #: Blue Skies: the board and names the airports' texts were made for
        self._made_for: tuple[Any, Any] = (None, None)
        #: Blue Skies' airports: the lists they were made from, and each one's text
        self._air_from: tuple[Any, Any, Any] | None = None
        self._air: list[str] = []
        self._air_text = ""
        #: Blue Skies: every player's region values (from the gates) and incomes (gates and cubes)
        self._values: list[list[int]] = []
        self._incomes: list[int] = []
        #: the codec the legal actions' texts were made with (a table's)
        self._codec: Any = None
        #: each seat's last legal actions: (the actions, each one's JSON object, all of them)
        self._actions: dict[int, tuple[list[Any], dict[Any, str], str]] = {}

    def _part(self, place: Any, value: Any) -> str:
        hit = self._parts.get(place)
        if hit is not None and hit[0] == value:
            return hit[1]
        text = ENCODE(value)
        self._parts[place] = (value, text)
        return text

    def _entry(self, key: str, value: Any) -> str:
        """``"key":value`` of a top-level key."""
        hit = self._parts.get(key)
        if hit is not None and hit[0] == value:
            return hit[1]
        text = ENCODE(key) + ":" + ENCODE(value)
        self._parts[key] = (value, text)
        return text

    def _list(self, key: str, values: list[Any]) -> list[str]:
        return [self._part((key, i), v) for i, v in enumerate(values)]

    # ------------------------------------------------------------ legal actions
    def actions(self, codec: Any, seat: int, actions: Sequence[Any]) -> str:
        """Seat ``seat``'s legal actions as JSON objects, comma-separated (a
        list without its brackets).  The seat's last list is kept, with each
        action's text: a decision asked again lists the same actions, a
        purchase after a purchase mostly the same ones.  An action is a
        tuple of ints, strings and tuples, so equal actions of one codec
        (one table's board and names) have equal objects."""
        if not actions:
            return ""
        if codec is not self._codec:
            self._codec, self._actions = codec, {}
        last = self._actions.get(seat)
        if last is not None and last[0] == actions:
            return last[2]
        texts = last[1] if last is not None else {}
        kept: dict[Any, str] = {}
        for a in actions:
            text = texts.get(a)
            kept[a] = ENCODE(codec.to_dict(a)) if text is None else text
        joined = ",".join(kept.values()) if len(kept) == len(actions) else ",".join(kept[a] for a in actions)
        self._actions[seat] = (list(actions), kept, joined)
        return joined

    # ------------------------------------------------------------ OpenSky
    def opensky(self, state: Any) -> str:
        """OpenSky's state JSON (public whoever looks: a bid not yet revealed is shown nowhere)."""
        pub = state.to_json()
        out = []
        for k, v in pub.items():
            if k == "players":
                out.append('"players":[' + ",".join(self._list(k, v)) + "]")
            else:
                out.append(self._entry(k, v))
        return "{" + ",".join(out) + "}"

    # ------------------------------------------------------------ Blue Skies
    def blueskies(self, state: Any) -> SpectatorText:
        """Blue Skies' spectator JSON (every hand null, the deck null), in pieces."""
        v = spectator_view(state)
        if (v.board, v.names) != self._made_for:   # an airport's text is its board's and names' alone
            self._made_for = (v.board, v.names)
            self._air_from = None
        g, c, w = v.gates, v.cubes, v.waiting
        last = self._air_from
        same_gates = last is not None and g == last[0]
        same_cubes = same_gates and last is not None and c == last[1]
        if not same_gates:
            self._values = G.all_region_values(v)
        if not same_cubes:
            self._incomes = G.incomes(v)
        pub = jsonstate.to_json(v, airports=False, sums=(self._incomes, self._values))
        airports = self._air_text if same_cubes and last is not None and w == last[2] else self._airports(v)
        head: list[str] = []
        middle: list[str] = []
        tail: list[str] = []
        into = head
        players: list[str] = []
        for k, value in pub.items():
            if k == "view":
                into = middle
            elif k == "players":
                players = self._list(k, value)
                into = tail
            elif k == "airports":
                into.append('"airports":' + airports)
            else:
                into.append(self._entry(k, value))
        return SpectatorText("{" + "".join(x + "," for x in head) + '"view":',
                             "".join("," + x for x in middle) + ',"players":[',
                             players, "]" + "".join("," + x for x in tail) + "}")

    def _airports(self, v: Any) -> str:
        """``airports`` of view ``v``: an airport's text is made again only when
        its gates, cubes or waiting cubes changed (``v`` is this step's own
        copy, so its lists are kept as they are, never changed after)."""
        g, c, w = v.gates, v.cubes, v.waiting
        last = self._air_from
        codes = v.board.codes
        if last is None or len(self._air) != len(codes):
            self._air = [ENCODE(code) + ":" + ENCODE(jsonstate.airport_json(v, a)) for a, code in enumerate(codes)]
        else:
            lg, lc, lw = last
            for a in range(len(codes)):
                if g[a] != lg[a] or c[a] != lc[a] or w[a] != lw[a]:
                    self._air[a] = ENCODE(codes[a]) + ":" + ENCODE(jsonstate.airport_json(v, a))
        self._air_from = (g, c, w)
        self._air_text = "{" + ",".join(self._air) + "}"
        return self._air_text


__all__ = ["ENCODE", "SpectatorText", "StateText"]
