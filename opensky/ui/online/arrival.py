"""Arriving at a table: a link's welcome, the history after it, the start.

Both the host's screen (after Start, through a ``LocalLink``) and a friend's
(``NetLink``) wait here until the game can be drawn: the host's ``welcome``,
then the game so far (``history`` frames, taken by the controller), then —
for a table still filling — the host's ``started``.  The welcome is read
from the link's inbox one message at a time, so everything after it stays
in the inbox, in order, for the controller (``RemoteController.pump``).

``WatchedLink`` passes a link's messages through unchanged and notes the
host's ``started`` (the controller has no use for it).  Nothing here
imports pygame; the words for the reasons are in ``words``.
"""
from __future__ import annotations

import logging
import queue
from typing import Any

from opensky.online.client import CLOSED, RECONNECTING, Link
from opensky.play.remote import RemoteController
from opensky.play.seats import BLUE_SKIES, OPENSKY, GameSetup, Seat

LOG = logging.getLogger("opensky.online")

#: where the arrival stands
CONNECTING, WAITING, READY, FAILED = "connecting", "waiting", "ready", "failed"
#: the most history frames and updates read in one ``poll`` (a frame stays responsive)
MAX_READ = 200


class WatchedLink(Link):
    """A link whose ``poll`` notes the host's ``started`` (and its seats),
    and whose ``close`` may be called more than once."""

    def __init__(self, inner: Link):
        super().__init__()
        self.inner = inner
        self.started = False
        self.started_seats: list[dict[str, Any]] | None = None

    def send(self, msg: dict[str, Any]) -> None:
        self.inner.send(msg)

    def poll(self) -> list[dict[str, Any]]:
        out = self.inner.poll()
        for m in out:
            if m.get("type") == "started":
                self.started = True
                seats = m.get("seats")
                if isinstance(seats, list):
                    self.started_seats = seats
        return out

    def close(self) -> None:
        """Close the link; again is nothing (a ``NetLink`` whose loop has
        ended raises on a second close)."""
        try:
            self.inner.close()
        except RuntimeError:
            pass


def setup_from_welcome(welcome: dict[str, Any], seats_info: list[dict[str, Any]] | None = None) -> GameSetup:
    """The setup the game screens draw with: the table's airlines (names,
    colours and emblems as the host chose them, checked here: a look this
    screen does not have becomes a free one of its own), a person for every
    seat a person holds (here or on another computer), a computer for the
    rest.  For the next New game (``again_setup``) a person at another
    computer is marked Remote and a computer keeps its level (when the host
    said it: ``level``, one of ours; Normal otherwise)."""
    from opensky.ui.scenes.newgame_seats import LEVEL_NAMES, REMOTE_KIND, distinct_looks, shapes_for
    info = welcome["game"]
    kind = str(info["kind"])
    raw = seats_info if seats_info is not None else info["seats"]
    here = {str(x) for x in welcome.get("seats", []) if isinstance(x, str)}
    seats = []
    for s in raw:
        name = str(s["name"])
        if s.get("kind") == "computer":
            level = s.get("level")
            human, bot = False, level if isinstance(level, str) and level in LEVEL_NAMES else "normal"
        else:
            human, bot = True, "easy" if name in here else REMOTE_KIND
        seats.append(Seat(name, str(s.get("color", ""))[:32], str(s.get("shape", ""))[:32], human=human, bot=bot))
    game = BLUE_SKIES if kind == BLUE_SKIES else OPENSKY
    distinct_looks(seats, shapes_for(game))
    return GameSetup(board=str(info["board"]), seats=seats, game=game)


class Arrival:
    """Waits on ``link`` for the game (see the module docstring).  ``poll``
    each frame; ``state`` says where it stands, ``error`` why it failed (the
    host's or the link's words, turned into sentences by ``words``)."""

    def __init__(self, link: Link, fail_on_retry: bool = True):
        self.link = WatchedLink(link)
        self.fail_on_retry = fail_on_retry
        self.state = CONNECTING
        self.error = ""
        self.welcome: dict[str, Any] | None = None
        self.controller: RemoteController | None = None
        self.setup: GameSetup | None = None
        #: the connection dropped while waiting for the start (it is being tried again)
        self.reconnecting = False

    @property
    def started(self) -> bool:
        w = self.welcome
        return bool(self.link.started or (w is not None and w["game"].get("started", True)))

    def poll(self) -> str:
        if self.state in (READY, FAILED):
            return self.state
        if self.welcome is None:
            self._read_welcome()
        if self.welcome is not None and self.state not in (FAILED,):
            self._follow()
        return self.state

    def _fail(self, why: str) -> None:
        self.state = FAILED
        self.error = why or "the connection is closed"
        self.link.close()

    def _read_welcome(self) -> None:
        inbox = self.link.inner.inbox
        for _ in range(MAX_READ):
            try:
                m = inbox.get_nowait()
            except queue.Empty:
                return
            t = m.get("type")
            if t == "welcome":
                self._welcomed(m)
                return
            if t == "bye":
                self._fail(str(m.get("reason", ""))[:200])
                return
            if t == "_status":
                status = m.get("status")
                if status == CLOSED or (status == RECONNECTING and self.fail_on_retry):
                    self._fail(str(m.get("error") or ""))
                    return

    def _welcomed(self, m: dict[str, Any]) -> None:
        try:
            self.setup = setup_from_welcome(m)
            self.controller = RemoteController(self.link, m, self.setup)
        except Exception as e:  # noqa: BLE001 - a welcome this screen cannot draw ends here, in words
            LOG.warning("a welcome that cannot be shown: %r", e)
            self._fail("the host sent something this screen cannot show")
            return
        self.welcome = m
        self.state = WAITING

    def _follow(self) -> None:
        ctl = self.controller
        assert ctl is not None
        ctl.pump()
        if ctl.closed:
            self._fail(ctl.closed)
            return
        self.reconnecting = ctl.status == RECONNECTING
        if self.started and len(ctl.session.records) >= ctl.seq:
            if self.link.started_seats is not None:  # computers took the seats nobody claimed
                try:
                    assert self.welcome is not None
                    ctl.setup = self.setup = setup_from_welcome(self.welcome, self.link.started_seats)
                except (KeyError, TypeError, ValueError):
                    pass
            self.state = READY


__all__ = ["Arrival", "CONNECTING", "FAILED", "READY", "WAITING", "WatchedLink", "setup_from_welcome"]
