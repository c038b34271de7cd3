"""One online table: a game with its seats, owned by the host (``spec/online.md``).

The table is the authority.  It alone applies actions (through the engine's
session) and draws chance outcomes (from its own secret, ``games.chance_rng``);
it refuses, with the engine's reason and without changing anything, an action
that is out of turn, stale, for a seat the sender does not hold, a chance
outcome, or illegal.  It knows nothing of sockets: the server hands it the
seats a connection holds and sends what it returns.  What each connection
may see is made here, through the engines' view modules only: the view of
its seats, the events sealed for them, and the action with another seat's
secret (a sealed bid's fare, a card drawn into another hand) left out.

Computer seats, and remote seats a computer has taken over while their
player is away, decide here too (``computer_due``): quick bots at once, a
searching one by the server in a worker thread.
"""
from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from opensky.ai.base import Bot, safe_choose
from opensky.online import protocol as P
from opensky.online.games import GAMES, Game, shipped_board
from opensky.persistence import sealkey
from opensky.persistence.save import Seat
from opensky.play.seats import BLUE_SKIES, DEFAULT_SEATS, GAMES as GAME_KINDS, MAX_SEATS
from opensky.rules.actions import Action
from opensky.rules.errors import IllegalAction

LOCAL, COMPUTER_SEAT, REMOTE = "local", "computer", "remote"
SEAT_KINDS = (LOCAL, COMPUTER_SEAT, REMOTE)
LEVELS = ("easy", "normal", "expert")
#: a remote seat left away this long (seconds) is played by a computer; None: never
DEFAULT_AWAY_AFTER = 120.0
#: the most chance steps and quick computer moves applied in one go
MAX_ADVANCE = 200


class Refused(Exception):
    """An action the table does not apply (the reason, in the engine's words when it has them)."""


@dataclass
class TableSeat:
    name: str
    kind: str                       #: LOCAL, COMPUTER_SEAT or REMOTE
    level: str = "normal"           #: a computer's level; for a remote seat, its stand-in's
    color: str = "navy"
    shape: str = "circle"
    token_hash: str | None = None   #: sha256 of the seat token of whoever holds it
    presence: str = ""              #: remote and local seats: P.CONNECTED / P.AWAY / P.COMPUTER
    away_since: float | None = None

    def header(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level, "color": self.color,
                "shape": self.shape, "token_hash": self.token_hash}


@dataclass
class Applied:
    """One applied action: its position, the action and its true events."""

    index: int
    action: Action
    events: list[Any]


@dataclass
class Table:
    code: str
    game: Game
    board_ref: str
    seats: list[TableSeat]
    secret: bytes
    salt: bytes
    away_after: float | None = DEFAULT_AWAY_AFTER
    created: float = field(default_factory=time.time)
    session: Any = None
    #: the log as the store keeps it (secret entries sealed with the host's key)
    entries: list[dict[str, Any]] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    #: play begins when every remote seat is claimed (``serve``), or when the
    #: host's screen starts it (``start``: computers in the seats nobody took)
    started: bool = False
    auto_start: bool = True
    #: this computer's seal key, read once (``sealkey.current`` looks up the data folder)
    _seal_key: bytes | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------ making one
    @classmethod
    def create(cls, game: str, board: str, players: Sequence[str], remote: Sequence[str] = (),
               computer: dict[str, str] | None = None, seed: int | None = None,
               away_after: float | None = DEFAULT_AWAY_AFTER, away_level: str = "normal",
               code: str | None = None, looks: Sequence[tuple[str, str]] | None = None) -> "Table":
        """A new table (IllegalAction with a reason for a bad setup).  Seats
        named in ``remote`` are remote, in ``computer`` computers of that
        level, the rest local (the host's screen)."""
        if game not in GAME_KINDS:
            raise IllegalAction("unknown game")
        computer = dict(computer or {})
        names = [str(n) for n in players] if all(isinstance(n, str) for n in players) else []
        if not 2 <= len(names) <= MAX_SEATS[game]:
            raise IllegalAction(f"a table needs 2 to {MAX_SEATS[game]} players")
        if len(set(names)) != len(names):
            raise IllegalAction("player names must be different")
        if any(n not in names for n in remote) or any(n not in names for n in computer):
            raise IllegalAction("'remote' and 'computer' must name players of the table")
        if set(remote) & set(computer):
            raise IllegalAction("a seat cannot be both remote and a computer")
        if any(v not in LEVELS for v in computer.values()) or away_level not in LEVELS:
            raise IllegalAction(f"computer levels are {', '.join(LEVELS)}")
        if away_after is not None and not 0 <= away_after <= 7 * 86400:
            raise IllegalAction("'away_after' must be between 0 seconds and a week, or null")
        b = shipped_board(game, board)
        secret = hashlib.sha256(f"opensky-seed:{seed}".encode()).digest() if seed is not None \
            else secrets.token_bytes(32)
        seats = []
        for i, n in enumerate(names):
            color, shape = (looks[i] if looks is not None and i < len(looks)
                            else DEFAULT_SEATS[i % len(DEFAULT_SEATS)][1:])
            kind = REMOTE if n in remote else COMPUTER_SEAT if n in computer else LOCAL
            seats.append(TableSeat(n, kind, computer.get(n, away_level), color, shape,
                                   presence="" if kind == COMPUTER_SEAT else P.AWAY,
                                   away_since=None))
        t = cls(code or P.new_code(), GAMES[game], board, seats, secret, secrets.token_bytes(16), away_after)
        t.session = t._new_session(b)
        t.make_bots()
        return t

    def _new_session(self, board: Any) -> Any:
        seed = int.from_bytes(hashlib.sha256(b"setup:" + self.secret).digest()[:8], "big")
        return self.game.new_session(board, [x.name for x in self.seats], seed)

    def make_bots(self) -> None:
        from opensky.ai import make_bot
        from opensky.ai.blueskies import make_bs_bot
        make = make_bs_bot if self.game.kind == BLUE_SKIES else make_bot
        seed = int.from_bytes(self.secret[:4], "big")
        self.bots = {i: make(s.level, seed * 31 + i) for i, s in enumerate(self.seats)
                     if s.kind != LOCAL}

    # ------------------------------------------------------------ reading
    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def seq(self) -> int:
        return len(self.session.log)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def finished(self) -> bool:
        return bool(self.state.game_over)

    def seat_of(self, name: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.name == name:
                return i
        return None

    def save_seats(self) -> list[Seat]:
        """The seats as a save keeps them (a remote or local seat is a person)."""
        return [Seat(s.name, s.color, s.shape, s.kind != COMPUTER_SEAT, s.level) for s in self.seats]

    def game_info(self) -> dict[str, Any]:
        """The ``welcome`` message's ``game``."""
        return {"kind": self.game.kind, "board": self.board_ref, "started": self.started,
                "seats": [{"name": s.name, "kind": s.kind, "color": s.color, "shape": s.shape,
                           "presence": s.presence, **({"level": s.level} if s.kind == COMPUTER_SEAT else {})}
                          for s in self.seats]}

    # ------------------------------------------------------------ seats
    def claim(self, name: str | None, kinds: Sequence[str] = (REMOTE,)) -> tuple[str, list[int]]:
        """Claim the free seat of that name (or the first free one) of the
        given kinds: a new token and the seat.  Refused if none is free."""
        free = [i for i, s in enumerate(self.seats) if s.kind in kinds and s.token_hash is None]
        if name is not None:
            free = [i for i in free if self.seats[i].name == name]
        if not free:
            raise Refused("no free seat of that name at this table" if name is not None
                          else "every seat at this table is taken")
        token = P.new_token()
        i = free[0]
        self.seats[i].token_hash = _hash(token)
        return token, [i]

    def claim_names(self, names: Sequence[Any]) -> tuple[str, list[int]]:
        """Claim several free remote seats by name at once, with one token (a
        client where several people play hot-seat); all or none."""
        if not names or len(names) > len(self.seats) or not all(isinstance(n, str) for n in names) \
                or len(set(names)) != len(names):
            raise Refused("'names' must name different seats of this table")
        seats = []
        for n in names:
            i = self.seat_of(n)
            if i is None or self.seats[i].kind != REMOTE or self.seats[i].token_hash is not None:
                raise Refused("no free seat of that name at this table")
            seats.append(i)
        token = P.new_token()
        for i in seats:
            self.seats[i].token_hash = _hash(token)
        return token, seats

    def claim_local(self) -> tuple[str, list[int]]:
        """The host's screen takes every local seat with one token."""
        token = P.new_token()
        seats = [i for i, s in enumerate(self.seats) if s.kind == LOCAL]
        for i in seats:
            self.seats[i].token_hash = _hash(token)
        return token, seats

    def seats_of_token(self, token: Any) -> list[int]:
        if not isinstance(token, str) or len(token) != 2 * P.TOKEN_BYTES:
            return []
        h = _hash(token)
        return [i for i, s in enumerate(self.seats) if s.token_hash is not None
                and secrets.compare_digest(s.token_hash, h)]

    def set_presence(self, seats: Sequence[int], status: str, now: float | None = None) -> list[int]:
        """Mark seats connected or away; the seats whose presence changed."""
        now = time.time() if now is None else now
        changed = []
        for i in seats:
            s = self.seats[i]
            if s.kind == COMPUTER_SEAT:
                continue
            new = status
            if status == P.AWAY and s.presence == P.COMPUTER:
                new = P.COMPUTER
            if s.presence != new:
                s.presence = new
                changed.append(i)
            s.away_since = now if status == P.AWAY and s.away_since is None else (
                s.away_since if status == P.AWAY else None)
        return changed

    def tick(self, now: float | None = None) -> list[int]:
        """Away seats past the table's limit are played by a computer from now
        on (until their player is back); the seats that changed."""
        now = time.time() if now is None else now
        changed: list[int] = []
        if self.away_after is None:
            return changed
        for i, s in enumerate(self.seats):
            if (s.kind == REMOTE and s.presence == P.AWAY and s.away_since is not None
                    and now - s.away_since >= self.away_after):
                s.presence = P.COMPUTER
                changed.append(i)
        return changed

    def all_claimed(self) -> bool:
        return all(s.token_hash is not None for s in self.seats if s.kind == REMOTE)

    def start(self, fill: bool = True) -> list[int]:
        """Begin play; with ``fill``, a computer (of the seat's level) takes
        every remote seat nobody has claimed.  The seats that changed."""
        changed = []
        if fill:
            for i, s in enumerate(self.seats):
                if s.kind == REMOTE and s.token_hash is None:
                    s.kind, s.presence = COMPUTER_SEAT, ""
                    changed.append(i)
            if changed:
                self.make_bots()
        self.started = True
        return changed

    def is_computer(self, i: int) -> bool:
        s = self.seats[i]
        return s.kind == COMPUTER_SEAT or s.presence == P.COMPUTER

    # ------------------------------------------------------------ playing
    def act(self, held: Sequence[int], seq: Any, d: Any) -> Applied:
        """A client's decision for one of its seats, applied; Refused (nothing
        changed) if it is not the client's to make now."""
        if self.finished:
            raise Refused("the game is over")
        if not self.started:
            raise Refused("the game has not started: a seat is still free")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq > self.seq:
            raise Refused("that update has not happened")
        if seq < self.seq and not self._only_rivals_decided_since(seq, held, d):
            raise Refused("stale: the game has moved on since")
        if not isinstance(d, dict) or d.get("type") in self.game.chance_types:
            raise Refused("chance outcomes are drawn by the host")
        try:
            action = self.session.codec.from_dict(d)
        except IllegalAction as e:
            raise Refused(str(e)) from None
        if action.player is None or action.player not in held:
            raise Refused("that seat is not yours")
        if self.is_computer(action.player) and self.seats[action.player].kind == COMPUTER_SEAT:
            raise Refused("that seat is not yours")
        return self._apply(action)

    def _only_rivals_decided_since(self, seq: int, held: Sequence[int], d: Any) -> bool:
        """A simultaneous decision (OpenSky's sealed bids): an answer to an
        update only other seats' answers to the same decision have followed
        is not stale — what came since tells the sender nothing (the bids
        are sealed) and the decision is still theirs to make."""
        kind = d.get("type") if isinstance(d, dict) else None
        if kind is None or self.state.decision != kind or seq < 0 or self.seq - seq > len(self.seats):
            return False
        return all(a.type == kind and a.player is not None and a.player not in held
                   for a in self.session.log[seq:])

    def _apply(self, action: Action) -> Applied:
        try:
            events = list(self.session.apply(action))
        except IllegalAction as e:
            raise Refused(str(e)) from None
        return self._record(events)

    def _record(self, events: list[Any]) -> Applied:
        i = len(self.session.log) - 1
        action = self.session.log[i]
        d = self.session.codec.to_dict(action)
        if self.game.secret_entry(self.session, i):
            if self._seal_key is None:
                self._seal_key = sealkey.current()
            d = self.game.seal_entry(d, self._seal_key, self.salt, i, self.session.board)
        self.entries.append(d)
        return Applied(i, action, events)

    def step(self, slow_ok: bool = False) -> Applied | None:
        """Draw a pending chance step or let a quick computer decide (a
        searching one only if ``slow_ok``); None when a person is to decide."""
        if self.finished or self.state.decision is None or not self.started:
            return None
        if self.game.is_chance(self.state):
            return self._record(self.game.apply_drawn(self.session, self.secret))
        due = self.computer_due()
        if due is None or (self.bots[due].slow and not slow_ok):
            return None
        return self.decide_computer(due)

    def advance(self, limit: int = MAX_ADVANCE, slow_ok: bool = False) -> list[Applied]:
        """``step`` until a person is to decide (at most ``limit`` actions)."""
        out: list[Applied] = []
        while len(out) < limit:
            a = self.step(slow_ok)
            if a is None:
                break
            out.append(a)
        return out

    def computer_due(self) -> int | None:
        """The computer (or computer-played) seat the game waits for, if any."""
        st = self.state
        if st.game_over or st.decision is None or self.game.is_chance(st):
            return None
        for p in st.actors:
            if self.is_computer(p):
                return int(p)
        return None

    def computer_inputs(self, p: int) -> tuple[Bot, Any, Any, str]:
        """What a computer seat decides from: its bot, its view, its legal actions, its name."""
        st = self.state
        return self.bots[p], self.game.view(st, [p]), st.legal_actions(p), self.seats[p].name

    def decide_computer(self, p: int) -> Applied:
        bot, view, legal, name = self.computer_inputs(p)
        action, _failure = safe_choose(bot, view, legal, name)
        return self._apply(action)

    def apply_computer(self, p: int, seq: int, action: Action) -> Applied | None:
        """A computer's decision made in the background; None if the game moved on."""
        if seq != self.seq or self.computer_due() != p:
            return None
        legal = self.state.legal_actions(p)
        return self._apply(action if action in legal else legal[0])

    # ------------------------------------------------------------ what a client sees
    def waiting_for(self) -> list[int]:
        st = self.state
        return [] if st.game_over or self.game.is_chance(st) else list(st.actors)

    def legal_for(self, held: Sequence[int]) -> tuple[list[dict[str, Any]], int]:
        out: list[dict[str, Any]] = []
        total = 0
        if not self.started:
            return out, total   # nothing to decide before play begins
        for p in held:
            if self.is_computer(p):
                continue
            dicts, n = self.game.legal_dicts(self.session, p)
            out.extend(dicts)
            total += n
        return out, total

    def public_action(self, applied: Applied, held: Sequence[int]) -> dict[str, Any]:
        """The action as ``held`` may know it: another seat's secret left out."""
        d: dict[str, Any] = dict(self.session.codec.to_dict(applied.action))
        if self.game.secret_entry(self.session, applied.index):
            owner = applied.action.player
            if owner is None:  # a card drawn into a hand: the hand's owner is in its event
                owner = getattr(applied.events[0], "player", None) if applied.events else None
            if owner not in held:
                d.pop("fare", None)
                d.pop("outcome", None)
        return d

    def scores(self) -> list[int]:
        st = self.state
        if self.game.kind == BLUE_SKIES:
            return list(st.score)
        return [int(st.score(p)["total"]) for p in range(st.P)]

    def view_json(self, held: Sequence[int]) -> dict[str, Any]:
        seats = list(held)
        waiting = [p for p in seats if p in self.waiting_for()]
        first = waiting[:1] or seats[:1]
        view = self.game.view(self.state, seats if self.game.kind != BLUE_SKIES else first)
        out: dict[str, Any] = dict(view.to_json())
        return out

    def snapshots(self, held: Sequence[int]) -> dict[str, Any]:
        """The engine's view of each held seat (and a spectator's, key ``""``),
        for a client that draws them with the game's own screen."""
        from opensky.online import wire
        st = self.state
        out = {self.seats[p].name: wire.dump_state(self.game.view(st, [p])) for p in held}
        out[""] = wire.dump_state(self.game.view(st, []))
        return out


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


__all__ = ["Applied", "COMPUTER_SEAT", "LEVELS", "LOCAL", "REMOTE", "Refused", "SEAT_KINDS", "Table", "TableSeat"]
