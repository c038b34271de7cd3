"""What the loopback tests share: a host on 127.0.0.1 (port 0), clients with
hooks (``Player`` on a socket, ``LocalPlayer`` on the host's own
connection), and ``Truth``, the host's whole game replayed, against which
every frame a client received is checked for another seat's secret."""
from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Iterable

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from opensky.blueskies.actions import DRAW_CARD
from opensky.blueskies.events import CardDrawn
from opensky.blueskies.view import SPECTATOR
from opensky.online import botclient as B, protocol as P, wire
from opensky.online.server import Host, LocalConn, run
from opensky.online.table import Table
from opensky.online.tablestore import TableStore
from opensky.rules.actions import BID
from opensky.rules.view import public_hand


BOARDS = {"opensky": "europe", "blue_skies": "usa"}
NAMES = ["Ann", "Bo", "Cy", "Di"]
ROOT = Path(__file__).resolve().parents[2]
OVER = "the game is over"
BENIGN = ("stale",)


def act_at_random(table: Table, rng: random.Random) -> bool:
    """The first seat the table waits for answers from its legal list at
    random; False (nothing done) when the game is over or waits for nobody."""
    waiting = table.waiting_for()
    if table.finished or not waiting:
        return False
    legal, _ = table.legal_for(waiting[:1])
    table.act(waiting[:1], table.seq, legal[rng.randrange(len(legal))])
    return True


def arun(coro: Any, timeout: float = 45.0) -> Any:
    """Run a test's coroutine on a fresh loop, failing it after ``timeout`` seconds."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


@contextlib.asynccontextmanager
async def serving(path: Path, allow_create: bool = True, tables: Iterable[Table] = ()
                  ) -> AsyncIterator[tuple[Host, str]]:
    """A ``Host`` with its store at ``path``, listening on an ephemeral port."""
    store = TableStore(path)
    host = Host(store, allow_create=allow_create)
    for t in tables:
        host.add(t)
    stop = asyncio.Event()
    ports: list[int] = []
    task = asyncio.ensure_future(run(host, "127.0.0.1", 0, ports.append, stop))
    while not ports:
        if task.done():
            task.result()
        await asyncio.sleep(0.005)
    try:
        yield host, f"ws://127.0.0.1:{ports[0]}"
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
        host.pool.shutdown(wait=False)
        store.close()


# ------------------------------------------------------------ a client with hooks
class Player:
    """One connection that plays by itself (a random legal action, or an
    engine bot from the snapshots) and keeps every frame with the seats it
    held when the frame came: ``(seat names, message)``."""

    def __init__(self, uri: str, seed: int = 0, level: str | None = None, think: float = 0.0,
                 frames: list[tuple[tuple[str, ...], dict[str, Any]]] | None = None):
        self.uri = uri
        self.chooser = B.Chooser(seed, level=level)
        self.think = think
        self.frames = frames if frames is not None else []
        self.ws: Any = None
        self.token: str | None = None
        self.seats: tuple[str, ...] = ()
        self.names: list[str] = []
        self.seq = -1
        self.acted = -1
        self.bye: str | None = None
        self.refused: list[str] = []
        self.presence: list[tuple[str, str]] = []
        self.actions: list[dict[str, Any]] = []     #: the ``action`` of every update, in order
        self.last: dict[str, Any] | None = None       #: the last welcome or update
        self.started = False
        self.pace = B.Pace()

    async def connect(self, **hello: Any) -> None:
        self.ws = await connect(self.uri, max_size=4 * 1024 * 1024, compression=None, proxy=None, open_timeout=5)
        await self.raw(P.encode({"type": "hello", "version": P.VERSION, **hello}))

    async def raw(self, text: str | bytes) -> None:
        await self.pace.wait()
        await self.ws.send(text)

    async def send(self, msg: dict[str, Any]) -> None:
        await self.raw(P.encode(msg))

    def kill(self) -> None:
        """Drop the socket without a closing handshake (a client killed)."""
        self.ws.transport.abort()

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        msg = P.parse_from_host(raw)
        t = msg["type"]
        if t == "welcome":
            self.token, self.seats, self.seq = msg["token"], tuple(msg["seats"]), msg["seq"]
            self.names = [s["name"] for s in msg["game"]["seats"]]
            self.started = msg["game"].get("started", True) is True
            if self.chooser.level is not None and self.chooser.board is None:
                from opensky.online.games import GAMES
                self.chooser.game = msg["game"]["kind"]
                self.chooser.board = GAMES[self.chooser.game].board(msg["game"]["board"])
        elif t == "update":
            assert msg["seq"] == self.seq + 1, "updates come in order, one seq at a time"
            self.seq = msg["seq"]
            self.actions.append(msg["action"])
        elif t == "refused":
            self.refused.append(msg["reason"])
        elif t == "seat":
            self.presence.append((msg["seat"], msg["status"]))
        elif t == "started":
            self.started = True
        elif t == "bye":
            self.bye = msg["reason"]
        if t in ("welcome", "update", "started"):
            self.last = msg
        self.frames.append((self.seats, msg))
        return msg

    async def until(self, t: str, timeout: float = 10.0) -> dict[str, Any]:
        while True:
            msg = await self.recv(timeout)
            if msg["type"] == t:
                return msg

    async def play(self, stop: Callable[[dict[str, Any]], bool] | None = None, timeout: float = 40.0
                   ) -> dict[str, Any] | None:
        """Answer every listed decision until ``bye``, the socket closes, or
        ``stop(message)`` (that message is returned, not answered)."""
        end = time.monotonic() + timeout
        if self.last is not None:
            try:
                await self.answer(self.last)   # the welcome read before
            except ConnectionClosed:
                return None
        while True:
            try:
                msg = await self.recv(max(0.01, end - time.monotonic()))
            except ConnectionClosed:
                return None
            if msg["type"] == "bye":
                return msg
            if stop is not None and stop(msg):
                return msg
            try:
                await self.answer(msg)
            except ConnectionClosed:
                return None

    async def answer(self, msg: dict[str, Any]) -> None:
        if (not self.started or msg["type"] not in ("welcome", "update", "started") or msg["seq"] != self.seq
                or self.acted == self.seq):
            return
        choice = self.chooser.choose(msg, self.names)
        if choice is None:
            return
        if self.think:
            await asyncio.sleep(self.think)
        self.acted = self.seq
        await self.send({"type": "act", "seq": msg["seq"], "action": choice})

    async def quiet(self, seconds: float = 0.15) -> list[dict[str, Any]]:
        """The frames that arrive in the next ``seconds``."""
        out = []
        end = time.monotonic() + seconds
        while True:
            try:
                out.append(await self.recv(max(0.001, end - time.monotonic())))
            except asyncio.TimeoutError:
                return out

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


class LocalPlayer:
    """The host's own screen: a ``LocalConn`` whose frames land in a list,
    answered through ``host.receive`` on the host's loop."""

    def __init__(self, host: Host, seed: int = 0):
        self.host = host
        self.sink: list[str] = []
        self.conn = LocalConn(self.sink.append)
        self.chooser = B.Chooser(seed)
        self.frames: list[tuple[tuple[str, ...], dict[str, Any]]] = []
        self.seats: tuple[str, ...] = ()
        self.names: list[str] = []
        self.seq = -1
        self.acted = -1
        self.bye: str | None = None
        self.refused: list[str] = []
        self.last: dict[str, Any] | None = None
        self.started = False
        self.pace = B.Pace()

    def attach(self, table: Table) -> str:
        return self.host.attach_local(table, self.conn)

    async def play(self, timeout: float = 40.0) -> None:
        end = time.monotonic() + timeout
        done = 0
        while self.bye is None:
            assert time.monotonic() < end, "the local seats' game did not end in time"
            if done == len(self.sink):
                await asyncio.sleep(0.003)
                continue
            msg = P.parse_from_host(self.sink[done])
            done += 1
            t = msg["type"]
            if t == "welcome":
                self.seats, self.seq = tuple(msg["seats"]), msg["seq"]
                self.names = [s["name"] for s in msg["game"]["seats"]]
                self.started = msg["game"].get("started", True) is True
            elif t == "update":
                assert msg["seq"] == self.seq + 1
                self.seq = msg["seq"]
            elif t == "refused":
                self.refused.append(msg["reason"])
            elif t == "bye":
                self.bye = msg["reason"]
            elif t == "started":
                self.started = True
            if t in ("welcome", "update", "started"):
                self.last = msg
            self.frames.append((self.seats, msg))
            # answer only the newest frame: older ones are stale already
            if (done == len(self.sink) and self.started and self.last is not None and self.acted != self.seq
                    and self.bye is None):
                choice = self.chooser.choose(self.last, self.names)
                if choice is not None:
                    self.acted = self.seq
                    await self.pace.wait()
                    self.host.receive(self.conn, P.encode({"type": "act", "seq": self.seq, "action": choice}))


# ------------------------------------------------------------ the secrecy check
class Truth:
    """The host's whole game, replayed: the true state after every seq, to
    check what each frame may hold."""

    def __init__(self, table: Table):
        self.table = table
        self.kind = table.game.kind
        self.names = table.names
        self.board = table.session.board
        s = table._new_session(self.board)
        self.states = [s.state.copy()]
        for a in table.session.log:
            s.apply(a)
            self.states.append(s.state.copy())
        assert s.state.to_json() == table.state.to_json(), "the log replays to the table's state"
        self._json: dict[int, Any] = {}
        self.seen: Counter[str] = Counter()

    def public_json(self, n: int) -> Any:
        if n not in self._json:
            self._json[n] = json.loads(json.dumps(self.states[n].to_json()))
        return self._json[n]

    def check(self, frames: Iterable[tuple[tuple[str, ...], dict[str, Any]]]) -> Counter[str]:
        for held_names, msg in frames:
            held = {self.names.index(n) for n in held_names}
            t = msg["type"]
            if t in ("welcome", "update", "started"):
                n = msg["seq"]
                if t == "welcome":
                    assert tuple(msg["seats"]) == held_names
                assert all(d.get("player") in held_names for d in msg["legal"]), "legal lists only held seats"
                self.view(held, n, msg["view"], t)
                if "snapshots" in msg:
                    self.snapshots(held, n, msg["snapshots"], t)
            if t == "update":
                self.action(held, msg["seq"] - 1, msg["action"])
                self.events(held, msg["seq"] - 1, msg["events"])
            elif t == "history":
                for k, e in enumerate(msg["entries"]):
                    self.seen["history: entries"] += 1
                    self.action(held, msg["from"] + k, e["action"], "history")
                    self.events(held, msg["from"] + k, e["events"], "history")
        return self.seen

    def view(self, held: set[int], n: int, view: dict[str, Any], t: str) -> None:
        st = self.states[n]
        if self.kind == "opensky":
            # the state JSON is the public view: every seat's is the same, and no bid is in it
            assert view == self.public_json(n), f"the view at seq {n} is not the public one"
            if not st.revealed and any(st.submitted[q] for q in range(st.P) if q not in held):
                self.seen[f"{t}: view with a sealed bid"] += 1
        else:
            assert view["deck"] is None
            for q, p in enumerate(view["players"]):
                if q not in held:
                    assert p["hand"] is None, f"seq {n}: another hand in a view"
                    if st.hands[q]:
                        self.seen[f"{t}: view with another hand"] += 1

    def snapshots(self, held: set[int], n: int, snaps: dict[str, Any], t: str) -> None:
        st = self.states[n]
        assert "" in snaps and set(snaps) <= {self.names[h] for h in held} | {""}
        for key, data in snaps.items():
            me = self.names.index(key) if key else None
            v = wire.load_state(self.kind, self.board, self.names, data)
            if self.kind == "opensky":
                for q in range(st.P):
                    if q == me:
                        assert v.bid[q] == st.bid[q]
                    elif not st.revealed and st.submitted[q]:
                        assert v.bid[q] is None, f"seq {n}: {self.names[q]}'s sealed bid in a snapshot"
                        assert tuple(v.hand[q]) == public_hand(st, q)
                        self.seen[f"{t}: snapshot with a sealed bid"] += 1
                assert v.to_json() == st.to_json()
            else:
                assert v.viewer == (SPECTATOR if me is None else me)
                assert not any(v.deck)
                for q in range(st.P):
                    if q == me:
                        assert v.hands[q] == st.hands[q]
                    else:
                        assert v.hands[q] == [], f"seq {n}: {self.names[q]}'s hand in a snapshot"
                        if st.hands[q]:
                            self.seen[f"{t}: snapshot with another hand"] += 1

    def _secret_owner(self, i: int) -> int | None:
        """Whose secret log entry ``i`` is, if it is one."""
        a = self.table.session.log[i]
        if self.kind == "opensky":
            return a.player if a.type == BID else None
        evs = self.table.session.records[i].events
        if a.type == DRAW_CARD and evs and isinstance(evs[0], CardDrawn):
            return evs[0].player
        return None

    def action(self, held: set[int], i: int, d: dict[str, Any], t: str = "update") -> None:
        full = self.table.session.codec.to_dict(self.table.session.log[i])
        owner = self._secret_owner(i)
        if owner is not None and owner not in held:
            bare = {k: v for k, v in full.items() if k not in ("fare", "outcome")}
            revealed = self.kind == "opensky" and self.states[i + 1].revealed
            assert d == bare or (revealed and d == full), f"{t}: step {i + 1} shows another seat's secret"
            self.seen[f"{t}: another seat's secret action"] += 1
        else:
            assert d == full, f"{t}: step {i + 1} is not the action applied"

    def events(self, held: set[int], i: int, data: Any, t: str = "update") -> None:
        got = wire.load_events(self.kind, data)
        true = self.table.session.records[i].events
        assert len(got) == len(true)
        for g, e in zip(got, true):
            if isinstance(e, CardDrawn) and e.player not in held:
                assert g.airport is None and g.player == e.player, f"{t}: step {i + 1} shows a card drawn"
                self.seen[f"{t}: a card drawn into another hand"] += 1
            else:
                assert g == e


# ------------------------------------------------------------ whole games
def final_scores(view: dict[str, Any]) -> list[int]:
    return [p["score"]["total"] if isinstance(p["score"], dict) else p["score"] for p in view["players"]]


def check_finished(table: Table, players: Iterable[Any]) -> None:
    """The game is over, every client heard so, and all agree on the final scores."""
    assert table.finished
    scores = table.scores()
    for p in players:
        assert p.bye == OVER, p.bye
        assert p.last is not None and p.last["seq"] == table.seq
        assert p.last["scores"] == scores
        assert final_scores(p.last["view"]) == scores
        assert p.last["legal"] == []
        # the only refusal a fair client meets: a rival's simultaneous bid landed first
        assert all(r.startswith(BENIGN) for r in p.refused), p.refused


async def create(uri: str, game: str, names: list[str], **fields: Any) -> str:
    return await B.create(uri, game=game, board=BOARDS[game], players=names, **fields)


async def join_all(uri: str, code: str, players: list[Player], names: list[str], **hello: Any) -> None:
    """Every player says hello and reads its welcome (the last one starts the game)."""
    for p, name in zip(players, names):
        await p.connect(code=code, name=name, **hello)
        await p.until("welcome")


def play_table(t: Table, seed: int, stop: Callable[[Table], bool] = lambda t: False) -> Table:
    """Play a started table without a host: its chance steps and quick
    computers by the table itself (``advance``), each person's decision a
    random legal one, until ``stop(table)`` (checked after every action) or
    the end.  (The fuzz tier's tables file is made of such tables.)"""
    rng = random.Random(seed)
    while not t.finished and not stop(t):
        if t.advance() and (t.finished or stop(t)):
            break
        p = t.waiting_for()[0]
        legal, _ = t.legal_for([p])
        t.act([p], t.seq, rng.choice(legal))
    return t


def has_secret(table: Table) -> bool:
    log = table.session.log
    if table.game.kind == "opensky":
        return any(a.type == BID for a in log)
    return any(isinstance(r.events[0], CardDrawn) for r in table.session.records if r.events)

# ------------------------------------------------------------ refusals
def fingerprint(host: Host, table: Table) -> tuple[Any, ...]:
    rows = host.store.db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (table.code,)).fetchone()
    return table.seq, json.dumps(table.state.to_json(), sort_keys=True), len(table.entries), rows


CHANCE = {"opensky": [{"type": "roll_dice", "outcome": ["Alpha", "Bravo", "Charlie"]},
                      {"type": "roll_sensitivity", "player": "{mover}", "outcome": 1}],
          "blue_skies": [{"type": "draw_cubes", "outcome": [1, 1]},
                         {"type": "draw_card", "outcome": "ATL"}]}



# ------------------------------------------------------------ frames that close a connection
BIG = 64 * 1024


def padded(n: int) -> str:
    """A valid ``ping`` of exactly n bytes."""
    head = '{"type":"ping"'
    return head + " " * (n - len(head) - 1) + "}"


# ------------------------------------------------------------ absence
def bid_waits_for(name: str) -> Callable[[dict[str, Any]], bool]:
    """The first update that asks ``name`` for a bid (not answered: the
    rivals, who answer at once, seal theirs meanwhile)."""
    def pending(msg: dict[str, Any]) -> bool:
        w = msg.get("view", {}).get("waiting_for") if msg["type"] == "update" else None
        return w is not None and w["decision"] == "bid" and name in w["players"]
    return pending


async def presence_of(p: Player, seat: str, status: str, after: int = 0, timeout: float = 5.0) -> int:
    """Wait until ``p`` hears ``seat`` is ``status`` (in its ``seat`` messages
    from index ``after`` on); the index of that message."""
    end = time.monotonic() + timeout
    while (seat, status) not in p.presence[after:]:
        assert time.monotonic() < end, f"{seat} never became {status}: {p.presence}"
        await asyncio.sleep(0.01)
    return p.presence.index((seat, status), after)


