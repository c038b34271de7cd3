"""The frames of one step, built once and shared between connections.

After an action a host sends every connection of the table its ``update``.
Most of it is the same for all of them: the scores, the action and events
when they hold no secret, and the public state JSON (OpenSky's state JSON
is public whoever looks: an unrevealed bid is shown nowhere; Blue Skies'
differs between seats only in the viewer's own hand).  ``StepFrames``
encodes each shared part once and puts a connection's frame together from
the parts, so a table of four costs little more than a table of one.  What
differs — another seat's secret left out, the viewer's hand, its legal
actions, its engine snapshots — is made per connection, from the table's
own methods (``Table.public_action``, ``Game.seal``), never guessed here.
"""
from __future__ import annotations

from typing import Any, Sequence

from opensky.blueskies.events import CardDrawn
from opensky.online.statetext import ENCODE, SpectatorText, StateText
from opensky.online.table import Applied, Table
from opensky.play.seats import BLUE_SKIES


#: one encoder for every part (``json.dumps`` with options makes a new one per call)
_enc = ENCODE


class StepFrames:
    """The ``update`` frames of one applied action (the table as it is right after it)."""

    def __init__(self, table: Table, applied: Applied, text: StateText | None = None):
        self.table = table
        #: the table's texts kept from step to step (a fresh one: nothing kept)
        self.text = text if text is not None else StateText()
        self.applied = applied
        self.seq = applied.index + 1
        self.scores = _enc(list(table.session.records[applied.index].scores))
        self._parts: dict[Any, str] = {}
        self._pub: SpectatorText | None = None
        self._waiting = table.waiting_for()
        self._owner = self._secret_owner()
        #: Blue Skies: the seats a card was drawn into at this step (their events differ)
        self._drawn = (sorted({e.player for e in applied.events if isinstance(e, CardDrawn)})
                       if table.game.kind == BLUE_SKIES else [])
        #: each seat's legal actions: (JSON without the brackets, how many)
        self._legal: dict[int, tuple[str, int]] = {}

    # ------------------------------------------------------------ shared parts
    def _cached(self, key: Any, make: Any) -> str:
        text = self._parts.get(key)
        if text is None:
            text = self._parts[key] = make()
        return text

    def _secret_owner(self) -> int | None:
        """The seat whose secret this action holds (None: nothing secret in it)."""
        t, a = self.table, self.applied
        if not t.game.secret_entry(t.session, a.index):
            return None
        owner = a.action.player
        if owner is None and a.events:
            owner = getattr(a.events[0], "player", None)
        return owner

    def action_text(self, seats: Sequence[int]) -> str:
        sees = self._owner is None or self._owner in seats
        return self._cached(("action", sees), lambda: _enc(self.table.public_action(self.applied, seats)))

    def events_text(self, seats: Sequence[int]) -> str:
        key = ("events", tuple(p for p in self._drawn if p in seats) if self._drawn else ())
        text = self._parts.get(key)
        if text is None:
            from opensky.online import wire
            t = self.table
            text = self._parts[key] = _enc(wire.dump_events(t.game.seal(self.applied.events, seats)))
        return text

    def legal_text(self, seats: Sequence[int]) -> tuple[str, int]:
        """``Table.legal_for`` as JSON: each seat's list made once a step
        (its actions' objects kept from its last list: ``StateText.actions``)."""
        t = self.table
        if not t.started:
            return "[]", 0
        parts = []
        total = 0
        for p in seats:
            if p not in self._waiting or t.is_computer(p):
                continue   # (a seat the game does not wait for has no legal actions)
            got = self._legal.get(p)
            if got is None:
                actions, n = t.game.legal_actions(t.session, p)
                got = self._legal[p] = (self.text.actions(t.session.codec, p, actions), n)
            if got[0]:
                parts.append(got[0])
            total += got[1]
        return "[" + ",".join(parts) + "]", total

    def view_text(self, seats: Sequence[int]) -> str:
        t = self.table
        if t.game.kind != BLUE_SKIES:
            return self._cached("view", lambda: self.text.opensky(t.state))
        if not seats:
            return self._cached("spectator", lambda: self._spectator().text())
        # a Blue Skies view shows one hand: the first of the seats the game waits for, else the first seat
        p = next((q for q in seats if q in self._waiting), seats[0])
        return self._cached(("view", p), lambda: self._bs_view(p))

    def _spectator(self) -> SpectatorText:
        if self._pub is None:
            self._pub = self.text.blueskies(self.table.state)
        return self._pub

    def _bs_view(self, p: int) -> str:
        """Blue Skies' view of seat p: the spectator's with p's name as the
        viewer and p's own hand in it (the spectator's JSON is made once a
        step, around the two places a seat's view differs)."""
        st = self.table.state
        pub = self._spectator()
        # the spectator's entry for p shows its hand as null, once: put the hand there
        own = pub.players[p].replace('"hand":null', '"hand":' + self.text.hand(st, p), 1)
        players = pub.players[:p] + [own] + pub.players[p + 1:]
        return pub.head + self.text.name(st, p) + pub.middle + ",".join(players) + pub.tail

    # ------------------------------------------------------------ a connection's frame
    def frame(self, seats: Sequence[int], snapshots: bool) -> str:
        legal, n = self.legal_text(seats)
        text = (f'{{"type":"update","seq":{self.seq},"action":{self.action_text(seats)},'
                f'"events":{self.events_text(seats)},"scores":{self.scores},"view":{self.view_text(seats)},'
                f'"legal":{legal},"legal_count":{n}')
        if snapshots:
            text += ',"snapshots":' + _enc(self.table.snapshots(seats))
        return text + "}"


__all__ = ["StepFrames"]
