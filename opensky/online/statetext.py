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
changed afterwards: OpenSky's parts are kept with their sources
(``GameState.json_sources``: tuples, never changed after); Blue Skies'
``to_json`` builds new lists and dicts (from a spectator's glance at the
table's state, whose airport lists are copied when kept, and whose players
are kept with the values their entries show).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from opensky.blueskies import gates as G, jsonstate
from opensky.blueskies.view import hand_codes, spectator_glance
from opensky.online import protocol as P

#: the host's one encoder (compact, UTF-8 as is): the contract's frames
ENCODE = P.encode
#: how many actions' texts a table keeps (about 60 bytes each), and shared lists' texts
TEXTS_KEPT = 1024
SHARED_KEPT = 8


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
        #: Blue Skies: each player's entry, with what it was made from
        self._players: list[tuple[Any, str]] = []
        #: the codec the legal actions' texts were made with (a table's)
        self._codec: Any = None
        #: each seat's last legal actions: (the actions, their JSON objects comma-separated)
        self._actions: dict[int, tuple[list[Any], str]] = {}
        #: each action's JSON object (this table's codec)
        self._texts: dict[Any, str] = {}
        #: the texts of lists shared between tables (``Game.legal_actions``' tuples), by identity
        self._shared: dict[int, tuple[tuple[Any, ...], str]] = {}

    def _entry(self, key: str, value: Any) -> str:
        """``"key":value`` of a top-level key."""
        hit = self._parts.get(key)
        if hit is not None and hit[0] == value:
            return hit[1]
        text = ENCODE(key) + ":" + ENCODE(value)
        self._parts[key] = (value, text)
        return text

    # ------------------------------------------------------------ legal actions
    def actions(self, codec: Any, seat: int, actions: Sequence[Any]) -> str:
        """Seat ``seat``'s legal actions as JSON objects, comma-separated (a
        list without its brackets).  The seat's last list is kept with its
        text (a decision asked again lists the same actions), and each
        action's text (a purchase after a purchase lists mostly the same
        actions).  A list the host listed once for every table (a tuple:
        Blue Skies' assistance sets, hundreds of actions) is encoded whole,
        its text kept by the tuple.  An action is a tuple of ints, strings
        and tuples, so equal actions of one codec (one table's board and
        names) have equal objects."""
        if not actions:
            return ""
        if codec is not self._codec:
            self._codec, self._actions, self._shared, self._texts = codec, {}, {}, {}
        last = self._actions.get(seat)
        if last is not None and last[0] == actions:
            return last[1]
        if isinstance(actions, tuple):
            hit = self._shared.get(id(actions))
            if hit is not None and hit[0] is actions:
                return hit[1]
            to_dict = codec.to_dict
            joined = ENCODE([to_dict(a) for a in actions])[1:-1]
            if len(self._shared) >= SHARED_KEPT:
                self._shared.clear()
            self._shared[id(actions)] = (actions, joined)   # (the tuple kept alive: its id stays its own)
        else:
            memo = self._texts
            if len(memo) > TEXTS_KEPT:
                memo.clear()
            parts = []
            for a in actions:
                t = memo.get(a)
                if t is None:
                    t = memo[a] = ENCODE(codec.to_dict(a))
                parts.append(t)
            joined = ",".join(parts)
        self._actions[seat] = (list(actions), joined)
        return joined

    # ------------------------------------------------------------ OpenSky
    def opensky(self, state: Any) -> str:
        """OpenSky's state JSON (public whoever looks: a bid not yet revealed is shown nowhere).

        Each part is kept with what it was made from, ``GameState.json_sources``
        (tuples and ints, cheaper to make and compare than the JSON values),
        under a key of its own, ``("opensky", ...)``; ``planes`` and
        ``players`` are kept player by player, and a player's entry part by
        part too.  A part is made (``json_part``, ``planes_json``,
        ``player_part``) and encoded again only when its source changed.
        The sources leave out the board and names: another board or other
        names forget every part kept.  (The engine's keys are plain words:
        ``"key":`` is their JSON.)"""
        parts = self._parts
        made_for = (state.board, tuple(state.names))
        hit = parts.get("opensky")
        if hit is None or hit[0] != made_for:   # (a board is equal to itself alone)
            parts.clear()
            parts["opensky"] = (made_for, "")
        out = []
        for key, source in state.json_sources().items():
            if key == "players" or key == "planes":
                texts = []
                for p, s in enumerate(source):
                    hit = parts.get(("opensky", key, p))
                    text = hit[1] if hit is not None and hit[0] == s else self._opensky_by_player(state, key, p, s)
                    if text:
                        texts.append(text)
                out.append(f'"{key}":[' + ",".join(texts) + "]")
                continue
            place = ("opensky", key)
            hit = parts.get(place)
            if hit is None or hit[0] != source:
                hit = parts[place] = (source, f'"{key}":' + ENCODE(state.json_part(key)))
            out.append(hit[1])
        return "{" + ",".join(out) + "}"

    def _opensky_by_player(self, state: Any, key: str, p: int, source: Any) -> str:
        """Player ``p``'s text in OpenSky's ``players`` (its entry) or ``planes``
        (its planes, without the brackets: empty when it has none), made
        again from ``source`` (kept with it): an entry is put together from
        its parts, each made again only when its own source changed."""
        parts = self._parts
        if key == "planes":
            text = ENCODE(state.planes_json(p))[1:-1]
        else:
            texts = []
            for i, s in enumerate(source):
                part = parts.get(("opensky", key, p, i))
                if part is None or part[0] != s:
                    part = parts[("opensky", key, p, i)] = (s, ENCODE(state.player_part(p, i))[1:-1])
                texts.append(part[1])
            text = "{" + ",".join(texts) + "}"
        parts[("opensky", key, p)] = (source, text)
        return text

    # ------------------------------------------------------------ Blue Skies
    def blueskies(self, state: Any) -> SpectatorText:
        """Blue Skies' spectator JSON (every hand null, the deck null), in pieces."""
        v = spectator_glance(state)
        if (v.board, v.names) != self._made_for:   # an airport's text is its board's and names' alone
            self._made_for = (v.board, v.names)
            self._air_from = None
            self._players = []
        g, c, w = v.gates, v.cubes, v.waiting
        last = self._air_from
        same_gates = last is not None and g == last[0]
        same_cubes = same_gates and last is not None and c == last[1]
        if not same_gates:
            self._values = G.all_region_values(v)
        if not same_cubes:
            self._incomes = G.incomes(v)
        pub = jsonstate.to_json(v, airports=False, with_players=False)
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
                players = self._bs_players(v)
                into = tail
            elif k == "airports":
                into.append('"airports":' + airports)
            else:
                into.append(self._entry(k, value))
        head.append('"view":')
        middle.insert(0, "")
        middle.append('"players":[')
        tail.insert(0, "]")
        return SpectatorText("{" + ",".join(head), ",".join(middle), players, ",".join(tail) + "}")

    def _bs_players(self, v: Any) -> list[str]:
        """Each player's entry of spectator view ``v``, made again only when
        what ``jsonstate.player_json`` shows of it changed (the same fields,
        listed here: ``tests/online/test_frames.py`` checks every text)."""
        kept = self._players
        if len(kept) != v.P:
            kept[:] = [((), "")] * v.P
        final = v.final
        out = []
        for q in range(v.P):
            values = self._values[q]
            source = (v.score[q], self._incomes[q], v.gates_left[q], v.hand_count[q], v.special_used[q],
                      tuple(values), None if final is None else final[q])
            hit = kept[q]
            if hit[0] != source:
                hit = kept[q] = (source, ENCODE(jsonstate.player_json(v, q, self._incomes[q], values)))
            out.append(hit[1])
        return out

    def hand(self, state: Any, p: int) -> str:
        """Blue Skies: p's own hand as its view shows it (kept while the hand stays the same)."""
        return self._kept(("hand", p), state.hands[p], lambda: hand_codes(state, p))

    def name(self, state: Any, p: int) -> str:
        """A player's name as JSON (the view's ``view``)."""
        return self._kept(("name", p), state.names[p], lambda: state.names[p])

    def _kept(self, place: Any, source: Any, make: Any) -> str:
        """The JSON of ``make()``, kept at ``place`` while ``source`` (copied) stays the same."""
        hit = self._parts.get(place)
        if hit is not None and hit[0] == source:
            return hit[1]
        text = ENCODE(make())
        self._parts[place] = (source[:] if isinstance(source, list) else source, text)
        return text

    def _airports(self, v: Any) -> str:
        """``airports`` of view ``v``: an airport's text is made again only when
        its gates, cubes or waiting cubes changed.  ``v`` shares the table's
        lists, which its next action changes: what is kept to compare with
        is a copy, of the airports that changed."""
        g, c, w = v.gates, v.cubes, v.waiting
        last = self._air_from
        codes = v.board.codes
        if last is None or len(self._air) != len(codes):
            self._air = [ENCODE(code) + ":" + ENCODE(jsonstate.airport_json(v, a)) for a, code in enumerate(codes)]
            self._air_from = ([x[:] for x in g], [x[:] for x in c], w[:])
        else:
            lg, lc, lw = last
            for a in range(len(codes)):
                if g[a] != lg[a] or c[a] != lc[a] or w[a] != lw[a]:
                    self._air[a] = ENCODE(codes[a]) + ":" + ENCODE(jsonstate.airport_json(v, a))
                    lg[a], lc[a], lw[a] = g[a][:], c[a][:], w[a]
        self._air_text = "{" + ",".join(self._air) + "}"
        return self._air_text


__all__ = ["ENCODE", "SpectatorText", "StateText"]
