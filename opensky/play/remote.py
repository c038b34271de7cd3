"""The controller of a game played through a host: the screen's side of a
remote table (``spec/online.md``); nothing here imports pygame.

It has the shape of the local controllers (``play.controller`` and
``play.bscontroller``), so the same game screens draw an online game: the
state it shows is the engine view the host sent for each seat at this
screen (``wire.load_state``), the events are the host's, already sealed for
these seats, and a decision goes to the host as an ``act`` instead of being
applied here.  The host's updates are kept in a queue and told one at a time
when the screen is ready for the next (``step_computer`` / ``step_chance``,
the calls a screen makes for a computer seat or a chance step), so every
animation is told in order and a person decides only on the newest state.

Nothing here is trusted: a frame that does not decode ends the game with a
message (``closed``), never a traceback.
"""
from __future__ import annotations

import collections
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from opensky.i18n import tr
from opensky.online import wire
from opensky.online.client import CLOSED, CONNECTED, FINAL, Link
from opensky.online.games import GAMES
from opensky.persistence.save import Seat
from opensky.play.seats import BLUE_SKIES, GameSetup
from opensky.rules.errors import IllegalAction

Listener = Callable[[Any, list[Any]], None]
#: the host's updates a screen may keep waiting before it is told they pile up
MAX_QUEUED = 5000


@dataclass(frozen=True)
class RemoteRecord:
    """One action of the game as this screen knows it (the records' shape)."""

    action: Any
    events: tuple[Any, ...]
    scores: tuple[int, ...]


class RemoteSession:
    """What a screen reads of a session: the state shown, the log, the records."""

    def __init__(self, board: Any, codec: Any, state: Any):
        self.board = board
        self.codec = codec
        self.state = state
        self.log: list[Any] = []
        self.records: list[RemoteRecord] = []


def split_welcome(messages: Sequence[dict[str, Any]]) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The first ``welcome`` among frames polled from a link, and the frames
    after it (``RemoteController``'s ``backlog``); (None, []) before it came."""
    for i, m in enumerate(messages):
        if m.get("type") == "welcome":
            return m, list(messages[i + 1:])
    return None, []


class RemoteController:
    """See the module docstring.  ``welcome`` is the host's first frame."""

    def __init__(self, link: Link, welcome: dict[str, Any], setup: GameSetup,
                 backlog: Sequence[dict[str, Any]] = ()):
        """``backlog``: the frames polled after ``welcome`` before this was
        made (the history, the first updates), taken first, in order."""
        self.link = link
        self.setup = setup
        self.autosave = False
        self.save_error = ""
        self.bot_failure = None
        self.bots: dict[int, Any] = {}
        self.listeners: list[Listener] = []
        info = welcome["game"]
        self.kind = str(info["kind"])
        self.game = GAMES[self.kind]
        self.board = self.game.board(str(info["board"]))
        self.names = [str(s["name"]) for s in info["seats"]]
        self.mine = [self.names.index(n) for n in welcome["seats"]]
        self.presence = {str(s["name"]): str(s.get("presence", "")) for s in info["seats"]}
        self.kinds = [str(s.get("kind", "")) for s in info["seats"]]
        self.code = str(welcome.get("code", ""))
        #: play has begun (a table waits for its remote seats, or for its host's Start)
        self.started = bool(info.get("started", True))
        self.seq = int(welcome["seq"])
        self.views: dict[int | None, Any] = {}
        self._take_snapshots(welcome)
        self.session = RemoteSession(self.board, self._codec(), self.views[self.mine[0] if self.mine else None])
        self.queue: collections.deque[dict[str, Any]] = collections.deque()
        self.sent_at: float | None = None      # an act of ours not yet answered
        self.refused = ""                       # the host's last refusal, for the screen
        self.closed = ""                        # why the game cannot go on here ("" while it can)
        self.paused = ""                        # why the host went away, while it may come back
        self.status = CONNECTED
        self.ending = False   # the host said the game is over (its last updates may still be queued)
        #: the history a welcome announced: entries up to its seq (later ones come as updates)
        self.history_to = self.seq
        for msg in backlog:
            self._take(msg)

    # ------------------------------------------------------------ decoding
    def _codec(self) -> Any:
        if self.kind == BLUE_SKIES:
            from opensky.blueskies.actions import BSCodec
            return BSCodec(self.board, self.names)
        from opensky.rules.actions import ActionCodec
        return ActionCodec(self.board, self.names)

    def _take_snapshots(self, msg: dict[str, Any]) -> None:
        snaps = msg.get("snapshots")
        if not isinstance(snaps, dict):
            raise wire.WireError("the host sent no view of the game")
        views: dict[int | None, Any] = {None: wire.load_state(self.kind, self.board, self.names, snaps.get(""))}
        for p in self.mine:
            views[p] = wire.load_state(self.kind, self.board, self.names, snaps.get(self.names[p]))
        self.views = views

    def _action(self, d: Any) -> Any:
        """An action object from the host; one with its secret left out
        (another seat's fare, a card drawn into another hand) keeps no argument."""
        codec = self.session.codec
        try:
            return codec.from_dict(d)
        except IllegalAction:
            from opensky.rules.actions import Action
            if not isinstance(d, dict) or not isinstance(d.get("type"), str):
                raise wire.WireError("the host sent an action that is not one") from None
            who = d.get("player")
            return Action(d["type"][:40], self.names.index(who) if who in self.names else None, None)

    def _record(self, entry: dict[str, Any]) -> RemoteRecord:
        scores = entry.get("scores")
        if not isinstance(scores, list) or len(scores) != len(self.names) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in scores):
            raise wire.WireError("the host sent damaged scores")
        return RemoteRecord(self._action(entry.get("action")), tuple(wire.load_events(self.kind, entry.get("events"))),
                            tuple(scores))

    # ------------------------------------------------------------ the link
    def pump(self) -> None:
        """Take what the host sent since the last call."""
        if self.closed:
            return
        for msg in self.link.poll():
            try:
                self._take(msg)
            except (wire.WireError, KeyError, TypeError, ValueError, IndexError) as e:
                self.closed = tr("The host sent something this screen cannot show ({error}).",
                                 error=type(e).__name__)
                self.link.close()
                return

    def _take(self, msg: dict[str, Any]) -> None:
        t = msg.get("type")
        if t == "update":
            if len(self.queue) >= MAX_QUEUED:
                raise ValueError("too many updates")
            self.queue.append(msg)
        elif t == "history":
            start = msg.get("from")
            entries = msg.get("entries")
            have = len(self.session.records)
            if not isinstance(start, int) or not isinstance(entries, list) or not start <= have < start + len(entries):
                return  # a part this screen has already (a reconnect sends the history again)
            for e in entries[have - start:]:
                if len(self.session.records) >= self.history_to:
                    break
                rec = self._record(e)
                self.session.records.append(rec)
                self.session.log.append(rec.action)
        elif t == "welcome":
            # back after a dropped connection (or a host that restarted): the
            # game as it is now; what was queued and not yet told is in the
            # history that follows, for the log (it is not animated)
            seq = int(msg["seq"])
            self.queue.clear()
            self.seq = seq
            self._take_snapshots(msg)
            self.session.state = self.views[self.mine[0] if self.mine else None]
            del self.session.records[seq:], self.session.log[seq:]
            self.history_to = seq
            self.sent_at = None
            self.paused = ""
            self.started = bool(msg.get("game", {}).get("started", self.started))
        elif t == "started":
            self.started = True
            info = msg.get("game")
            if isinstance(info, dict) and isinstance(info.get("seats"), list):
                for seat in info["seats"]:
                    if isinstance(seat, dict) and seat.get("name") in self.presence:
                        self.presence[str(seat["name"])] = str(seat.get("presence", ""))[:20]
        elif t == "refused":
            self.refused = str(msg.get("reason", ""))[:300]
            self.sent_at = None
        elif t == "seat":
            name = msg.get("seat")
            if name in self.presence:
                self.presence[str(name)] = str(msg.get("status", ""))[:20]
        elif t == "_status":
            self.status = str(msg.get("status"))
            if self.status == CLOSED and not self.over and not self.ending:
                self.closed = str(msg.get("error") or tr("The connection to the host is closed."))
        elif t == "bye":
            reason = str(msg.get("reason", ""))[:200]
            if not self.over and reason.startswith("the game is over"):
                self.ending = True  # the last updates are still queued: the link closing next is no loss
                return
            if not self.over and any(reason.startswith(f) for f in FINAL):
                self.closed = reason
            elif not self.over:
                # any other bye (the host closing, say) is a dropped connection:
                # the link tries again with its token, and a host that hosts the
                # table again goes on here (``paused`` until it does)
                self.paused = reason

    def release(self) -> list[Any] | None:
        """Tell the next queued update: the state moves on, the listeners hear its events."""
        if not self.queue:
            return None
        msg = self.queue.popleft()
        seq = int(msg["seq"])
        if seq <= self.seq:
            return None  # already told (a reconnect sent it again)
        if seq != self.seq + 1:
            raise wire.WireError("an update from the host is missing")
        rec = self._record(msg)
        self._take_snapshots(msg)
        self.seq = seq
        self.session.state = self.views[self.mine[0] if self.mine else None]
        self.session.records.append(rec)
        self.session.log.append(rec.action)
        if rec.action.player in self.mine:
            self.sent_at = None
        events = list(rec.events)
        for f in self.listeners:
            f(rec.action, events)
        return events

    # ------------------------------------------------------------ the controllers' shape
    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def over(self) -> bool:
        return bool(self.session.state.game_over)

    def view_for(self, player: int | None) -> Any:
        return self.views.get(player, self.views[None]) if player in self.mine else self.views[None]

    def seat_infos(self) -> list[Seat]:
        return [Seat(s.name, s.color, s.shape, s.human, s.bot) for s in self.setup.seats]

    def is_human(self, p: int) -> bool:
        return p in self.mine and self.presence.get(self.names[p]) != "computer"

    def humans(self) -> list[int]:
        return [p for p in self.mine if self.is_human(p)]

    def waiting_humans(self) -> list[int]:
        if (self.queue or self.sent_at is not None or self.closed or self.paused or not self.started
                or self.status != CONNECTED):
            return []
        st = self.session.state
        if self.game.is_chance(st):
            return []
        return [p for p in st.actors if self.is_human(p)]

    def legal(self, player: int) -> Sequence[Any]:
        v = self.view_for(player)
        legal: Sequence[Any] = v.legal_actions(player)
        return legal

    @property
    def event_kinds(self) -> list[frozenset[str]]:
        return [frozenset(type(e).__name__ for e in r.events) for r in self.session.records]

    def refusal(self, action: Any) -> str:
        try:
            self.view_for(action.player).copy().apply(action)
        except IllegalAction as e:
            return str(e)
        return tr("That is not possible now.")

    def try_apply(self, action: Any) -> str | None:
        """Send a decision to the host (the engine's refusal, said here, if it is plainly not legal)."""
        if self.closed:
            return self.closed
        if action.player not in self.waiting_humans():
            return tr("It is not your turn.")
        if action not in self.legal(action.player):
            return self.refusal(action)
        self.refused = ""
        self.sent_at = time.monotonic()
        self.link.send({"type": "act", "seq": self.seq, "action": self.session.codec.to_dict(action)})
        return None

    def apply(self, action: Any) -> list[Any]:
        why = self.try_apply(action)
        if why is not None:
            raise IllegalAction(why)
        return []

    def can_undo(self) -> bool:
        return False   # a decision sent to a host is final

    def undo(self) -> bool:
        return False

    def computer_to_move(self) -> int | None:
        """Someone whose move the screen should tell next: an update is queued."""
        self.pump()
        if not self.queue or self.closed:
            return None
        st = self.session.state
        for p in st.actors:
            if p not in self.mine:
                return int(p)
        return self.mine[0] if self.mine else 0

    @property
    def thinking(self) -> bool:
        """Waiting for the host: nothing queued and the game waits for someone
        not at this screen (or for the host's answer to our decision)."""
        self.pump()
        if self.queue and self._own_echo():
            return True   # our own decision coming back: told at once, as a local click is
        if self.queue or self.closed or self.over:
            return False
        st = self.session.state
        if self.sent_at is not None or self.game.is_chance(st):
            return True
        return bool(st.actors) and not any(self.is_human(p) for p in st.actors)

    def _own_echo(self) -> bool:
        head = self.queue[0].get("action")
        return isinstance(head, dict) and head.get("player") in [self.names[p] for p in self.mine]

    def step_computer(self, background: bool = True) -> list[Any] | None:
        self.pump()
        if self.closed or not self.queue:
            return None
        try:
            return self.release()
        except (wire.WireError, KeyError, TypeError, ValueError, IndexError) as e:
            self.closed = tr("The host sent something this screen cannot show ({error}).", error=type(e).__name__)
            self.link.close()
            return None

    def step_chance(self) -> list[Any] | None:
        return self.step_computer()

    def chance_pending(self) -> bool:
        return self.game.is_chance(self.session.state)

    def roll(self) -> list[Any] | None:
        return self.step_computer()   # the host draws every chance step

    def waiting_text(self) -> str:
        """What the screen is waiting for, in a line ("" when nothing)."""
        if self.closed:
            return self.closed
        if self.status != CONNECTED:
            return tr("Connection lost: trying again…")
        away = [n for n, s in self.presence.items() if s == "away"]
        if away and not self.queue:
            return tr("Waiting for {names} to come back…", names=", ".join(away))
        return ""

    def leave(self) -> None:
        self.link.close()


__all__ = ["RemoteController", "RemoteRecord", "RemoteSession", "split_welcome"]
