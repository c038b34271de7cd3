"""The host's network side: WebSocket connections to tables (``spec/online.md``).

``Host`` holds tables and connections.  Each frame is checked by
``protocol.parse`` (a frame over 64 KiB, faster than 20 a second, or not in
the contract closes the connection); ``hello`` joins or rejoins a table,
``act`` goes to the table, which applies it or refuses it.  After every
applied action the host writes it to the store and sends each connection of
the table its own ``update`` (its seats' view, events and legal actions),
in order, through a per-connection queue so a slow client never holds up
the others.  Computer seats decide in a worker thread when they search.

The window's host runs a ``Host`` in a background thread with one table and
an in-process connection for the screen (``LocalConn``); ``main.py serve``
runs one for many tables, with ``create``.
"""
from __future__ import annotations

import asyncio
import collections
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Coroutine

from opensky.ai.base import safe_choose
from opensky.online import protocol as P
from opensky.online.table import LOCAL, MAX_ADVANCE, REMOTE, Applied, Refused, Table
from opensky.online.frames import StepFrames
from opensky.online.statetext import StateText
from opensky.online.tablestore import TableStore
from opensky.rules.errors import IllegalAction

LOG = logging.getLogger("opensky.online")
#: a connection whose unsent updates pile up past this is too slow: closed
MAX_QUEUE = 2000
#: bytes a connection's socket may hold unsent and still take frames at once (else they queue)
WRITE_NOW = 256 * 1024
#: the largest piece of history sent in one frame (entries)
HISTORY_CHUNK = 40
#: seconds between the checks for away seats
TICK = 0.5
#: a turn of the loop that has worked this many seconds sends what it has
#: done so far (one more commit) before it goes on: under load a turn holds
#: dozens of acts, and the first would wait for the last (bench_online, 50
#: tables x 4 at full speed on uvloop: p50 14 -> 11 ms, p95 23 -> 20 ms)
EARLY_FLUSH = 0.002


class Conn:
    """One client's connection: the table and seats it holds, its rate window."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.seats: list[int] = []
        self.snapshots = False
        self.recent: collections.deque[float] = collections.deque()
        self.closed = False
        self.closing = False   # its bye is queued: nothing more is read from it

    def deliver(self, text: str) -> None:
        raise NotImplementedError

    def deliver_many(self, texts: list[str]) -> None:
        """Several frames, in order (a turn of the host's loop sends them together)."""
        for text in texts:
            self.deliver(text)

    def close(self, reason: str) -> None:
        raise NotImplementedError

    def too_fast(self, now: float) -> bool:
        self.recent.append(now)
        while self.recent and now - self.recent[0] > 1.0:
            self.recent.popleft()
        return len(self.recent) > P.RATE_PER_SECOND


class WSConn(Conn):
    """A WebSocket client.  Frames are written to the socket at once, all
    the frames of a turn of the loop in one write, while nothing waits
    before them and the socket takes them (``WRITE_NOW``); else they wait
    in the queue of the writer task, which waits for the socket (a slow
    client never holds up the others, and one too far behind is closed)."""

    def __init__(self, ws: Any):
        from websockets.protocol import State
        super().__init__()
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._open = State.OPEN

    def deliver(self, text: str) -> None:
        self.deliver_many([text])

    def deliver_many(self, texts: list[str]) -> None:
        if self.closed:
            return
        if self.queue.empty() and self._write_now(texts):
            return
        if self.queue.qsize() + len(texts) > MAX_QUEUE:
            self.close("too slow")
            return
        for text in texts:
            self.queue.put_nowait(text)

    def _write_now(self, texts: list[str]) -> bool:
        """Frame the texts (websockets' Sans-I/O protocol, as its own ``send``
        does) and hand them to the socket in one write; False (nothing done)
        when the connection is not open or the socket is behind."""
        ws = self.ws
        transport = getattr(ws, "transport", None)
        protocol = getattr(ws, "protocol", None)
        if (transport is None or protocol is None or protocol.state is not self._open
                or transport.is_closing() or transport.get_write_buffer_size() > WRITE_NOW):
            return False
        try:
            for text in texts:
                protocol.send_text(text.encode())
            transport.write(b"".join(protocol.data_to_send()))
        except Exception:  # noqa: BLE001 - a broken socket: nothing more is sent; the reader side notices
            self.closed = True
            self.queue.put_nowait(None)   # the writer task ends (the handler waits for it)
        return True

    def close(self, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)
            asyncio.ensure_future(self.ws.close(1008 if reason != "bye" else 1000, reason[:100]))

    async def writer(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self.ws.send(text)
            except Exception:  # noqa: BLE001 - a closed socket: the reader side notices
                return


class LocalConn(Conn):
    """The host's own screen: frames handed over in this process (``deliver``
    is called on the host's loop; ``sink`` must be thread-safe)."""

    def __init__(self, sink: Callable[[str], None]):
        super().__init__()
        self.sink = sink
        self.snapshots = True

    def deliver(self, text: str) -> None:
        if not self.closed:
            self.sink(text)

    def close(self, reason: str) -> None:
        self.closed = True

    def too_fast(self, now: float) -> bool:
        return False   # the host's own screen: not a stranger on the network


class Host:
    def __init__(self, store: TableStore | None = None, allow_create: bool = False, workers: int = 1):
        self.store = store
        self.allow_create = allow_create
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, set[Conn]] = collections.defaultdict(set)
        #: each table's state JSON text, kept from step to step (``statetext``)
        self.texts: dict[str, StateText] = {}
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="opensky-online-ai")
        self.thinking: set[str] = set()
        #: (seconds from an act received to its updates queued), for the bench
        self.latencies: collections.deque[float] = collections.deque(maxlen=100000)
        self.loop: asyncio.AbstractEventLoop | None = None
        #: the frames and actions of this turn of the loop, not yet flushed
        self._out: list[tuple[Conn, str | None, str]] = []
        self._rows: list[tuple[Table, list[Applied]]] = []
        #: the tables whose headers this turn changed, not yet written
        self._headers: dict[str, Table] = {}
        self._flushing = False
        #: when this turn's first frame was queued (``EARLY_FLUSH``)
        self._turn_started = 0.0

    # ------------------------------------------------------------ tables
    def resume(self) -> list[str]:
        """Load every unfinished table of the store; the problems met, one line each."""
        if self.store is None:
            return []
        for t in self.store.load_all():
            self.tables[t.code] = t
        return list(self.store.problems)

    def add(self, table: Table) -> None:
        while table.code in self.tables:
            table.code = P.new_code()
        self.tables[table.code] = table
        if self.store is not None:
            self.store.add(table)

    def kick_all(self) -> None:
        """Start the computers and chance steps of every table (after a resume or a create)."""
        for t in list(self.tables.values()):
            self.advance(t)

    # ------------------------------------------------------------ connections
    async def handler(self, ws: Any) -> None:
        conn = WSConn(ws)
        writer = asyncio.ensure_future(conn.writer())
        try:
            async for raw in ws:
                if conn.closed:
                    break
                self.receive(conn, raw)
        except Exception:  # noqa: BLE001 - a connection that breaks is only gone
            pass
        finally:
            self.gone(conn)
            if not conn.closed:
                conn.closed = True
                conn.queue.put_nowait(None)
            await writer

    def receive(self, conn: Conn, raw: str | bytes) -> None:
        """One frame from a client (on the host's loop)."""
        if conn.closing:
            return
        now = time.monotonic()
        if conn.too_fast(now):
            self.send(conn, {"type": "bye", "reason": "too many messages"})
            self.close(conn, "too many messages")
            return
        try:
            msg = P.parse(raw)
        except P.ProtocolError as e:
            self.send(conn, {"type": "bye", "reason": str(e)})
            self.close(conn, str(e))
            return
        t = msg["type"]
        if t == "ping":
            self.send(conn, {"type": "pong"})
        elif t == "hello":
            self.hello(conn, msg)
        elif t == "act":
            self.act(conn, msg, now)
        elif t == "create":
            self.create(conn, msg)

    def send(self, conn: Conn, msg: dict[str, Any]) -> None:
        self.deliver(conn, P.encode(msg))

    def deliver(self, conn: Conn, text: str) -> None:
        """Queue a frame: every frame of a turn of the loop goes out together,
        after the actions of that turn are in the store (``flush``), so no
        client ever sees an action a crash could lose."""
        self._queue_out(conn, text)

    def close(self, conn: Conn, reason: str) -> None:
        """Close a connection once the frames queued for it (its ``bye``) are out."""
        conn.closing = True
        self._queue_out(conn, None, reason)

    def _queue_out(self, conn: Conn, text: str | None, reason: str = "") -> None:
        self._out.append((conn, text, reason))
        self._flush_soon()

    def save_header(self, table: Table) -> None:
        """Store the table's header (seats claimed, presence) with the turn's actions."""
        if self.store is None:
            return
        self._headers[table.code] = table
        self._flush_soon()

    def _flush_soon(self) -> None:
        """``flush`` at the end of this turn of the loop (at once without a running loop)."""
        if not self._flushing:
            self._flushing = True
            self._turn_started = time.perf_counter()
            if self.loop is not None and self.loop.is_running():
                self.loop.call_soon(self.flush)
            else:
                self.flush()

    def flush(self) -> None:
        """Write the turn's actions and headers in one transaction, then send
        its frames, each connection's in order and together."""
        self._flushing = False
        rows, self._rows = self._rows, []
        headers, self._headers = list(self._headers.values()), {}
        if (rows or headers) and self.store is not None:
            self.store.append_many(rows, headers)
        out, self._out = self._out, []
        batch: dict[Conn, list[str]] = {}
        for conn, text, reason in out:
            if text is not None:
                batch.setdefault(conn, []).append(text)
                continue
            texts = batch.pop(conn, None)
            if texts:
                conn.deliver_many(texts)
            conn.close(reason)
        for conn, texts in batch.items():
            conn.deliver_many(texts)

    def create(self, conn: Conn, msg: dict[str, Any]) -> None:
        if not self.allow_create:
            self.send(conn, {"type": "refused", "seq": 0, "reason": "this host does not open tables"})
            return
        try:
            remote = msg.get("remote", [])
            computer = msg.get("computer", {})
            if not all(isinstance(x, str) for x in remote) or not all(isinstance(v, str) for v in computer.values()):
                raise IllegalAction("'remote' and 'computer' must name players")
            table = Table.create(msg["game"], msg["board"], msg["players"], remote=remote, computer=computer,
                                 seed=msg.get("seed"), away_after=msg.get("away_after", 120.0),
                                 away_level=msg.get("away_level", "normal"))
            # serve has no screen: its "local" seats are remote seats too
            for s in table.seats:
                if s.kind == LOCAL:
                    s.kind = REMOTE
        except (IllegalAction, ValueError, TypeError) as e:
            self.send(conn, {"type": "refused", "seq": 0, "reason": str(e)[:200]})
            return
        self.add(table)
        self.send(conn, {"type": "created", "code": table.code})
        if table.all_claimed():  # a table of computers only
            self.start_table(table, fill=False)

    def hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        if msg["version"] != P.VERSION:
            self.send(conn, {"type": "bye", "reason": "this host plays another version of the game"})
            self.close(conn, "version")
            return
        if conn.table is not None:
            self.send(conn, {"type": "refused", "seq": conn.table.seq, "reason": "already joined"})
            return
        token = msg.get("token")
        table: Table | None = None
        seats: list[int] = []
        if token is not None:
            for t in self.tables.values():
                seats = t.seats_of_token(token)
                if seats:
                    table = t
                    break
            if table is None:
                self.send(conn, {"type": "bye", "reason": "unknown seat token"})
                self.close(conn, "token")
                return
        else:
            code = P.normal_code(msg.get("code"))
            table = self.tables.get(code) if code else None
            if table is None:
                self.send(conn, {"type": "bye", "reason": "no table with that code"})
                self.close(conn, "code")
                return
            try:
                names = msg.get("names")
                token, seats = table.claim_names(names) if names is not None else table.claim(msg.get("name"))
            except Refused as e:
                self.send(conn, {"type": "bye", "reason": str(e)})
                self.close(conn, "full")
                return
            self.save_header(table)
        for other in list(self.conns[table.code]):
            if set(other.seats) & set(seats):   # the same seat again (another window): the newest holds it
                self.conns[table.code].discard(other)
                self.send(other, {"type": "bye", "reason": "this seat was taken up again elsewhere"})
                self.close(other, "replaced")
        conn.table, conn.seats = table, seats
        conn.snapshots = bool(msg.get("snapshots", False))
        self.conns[table.code].add(conn)
        self.welcome(conn, token)
        self.presence(table, table.set_presence(seats, P.CONNECTED))
        if not table.started and table.auto_start and table.all_claimed():
            self.start_table(table, fill=False)

    def start_table(self, table: Table, fill: bool = True) -> None:
        """Begin play at a table (the host's Start: computers in the free seats)."""
        if table.started:
            return
        changed = table.start(fill)
        for c in list(self.conns[table.code]):
            legal, n = table.legal_for(c.seats)
            msg: dict[str, Any] = {"type": "started", "game": table.game_info(), "seq": table.seq,
                                   "view": table.view_json(c.seats), "legal": legal, "legal_count": n}
            if c.snapshots:
                msg["snapshots"] = table.snapshots(c.seats)
            self.send(c, msg)
        self.presence(table, changed)
        self.save_header(table)
        self.advance(table)

    def attach_local(self, table: Table, conn: Conn) -> str:
        """The host's screen takes the table's local seats."""
        token, seats = table.claim_local()
        conn.table, conn.seats = table, seats
        self.conns[table.code].add(conn)
        self.save_header(table)
        self.welcome(conn, token)
        self.presence(table, table.set_presence(seats, P.CONNECTED))
        self.advance(table)
        return token

    def welcome(self, conn: Conn, token: str | None) -> None:
        table = conn.table
        assert table is not None
        legal, n = table.legal_for(conn.seats)
        msg: dict[str, Any] = {"type": "welcome", "token": token, "seats": [table.seats[i].name for i in conn.seats],
                               "game": table.game_info(), "seq": table.seq, "view": table.view_json(conn.seats),
                               "legal": legal, "legal_count": n, "code": table.code}
        if conn.snapshots:
            msg["snapshots"] = table.snapshots(conn.seats)
        self.send(conn, msg)
        # the game so far, as these seats may know it, for the log and the score chart
        if conn.snapshots:
            self.history(conn)

    def history(self, conn: Conn) -> None:
        from opensky.online import wire
        table = conn.table
        assert table is not None
        recs = table.session.records
        for start in range(0, len(recs), HISTORY_CHUNK):
            out = []
            for i in range(start, min(start + HISTORY_CHUNK, len(recs))):
                r = recs[i]
                a = Applied(i, r.action, list(r.events))
                out.append({"action": table.public_action(a, conn.seats),
                            "events": wire.dump_events(table.game.seal(r.events, conn.seats)),
                            "scores": list(r.scores)})
            self.send(conn, {"type": "history", "from": start, "entries": out})

    def gone(self, conn: Conn) -> None:
        table = conn.table
        if table is None:
            return
        self.conns[table.code].discard(conn)
        if table.finished:
            self.forget_if_done(table)
            return
        still = {i for c in self.conns[table.code] for i in c.seats}
        self.presence(table, table.set_presence([i for i in conn.seats if i not in still], P.AWAY))

    def forget_if_done(self, table: Table) -> None:
        """A finished table nobody is connected to leaves memory (its rows stay in the store)."""
        if table.finished and not self.conns.get(table.code):
            self.tables.pop(table.code, None)
            self.conns.pop(table.code, None)
            self.texts.pop(table.code, None)

    def presence(self, table: Table, changed: list[int]) -> None:
        for i in changed:
            s = table.seats[i]
            status = s.presence or P.COMPUTER
            for c in list(self.conns[table.code]):
                self.send(c, {"type": "seat", "seat": s.name, "status": status})
        if changed:
            self.save_header(table)
            self.advance(table)

    # ------------------------------------------------------------ playing
    def act(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        table = conn.table
        if table is None:
            self.send(conn, {"type": "refused", "seq": 0, "reason": "say hello first"})
            return
        try:
            applied = table.act(conn.seats, msg["seq"], msg["action"])
        except Refused as e:
            self.send(conn, {"type": "refused", "seq": table.seq, "reason": str(e)[:300]})
            return
        self.applied(table, [applied])
        self.latencies.append(time.monotonic() - now)
        self.advance(table)
        if self._flushing and time.perf_counter() - self._turn_started > EARLY_FLUSH:
            self.flush()   # a busy turn of the loop: what it has done goes out now, not at its end

    def applied(self, table: Table, applied: list[Applied]) -> None:
        """Store, then tell every connection of the table, in order (each
        step's frames built once: ``frames.StepFrames``)."""
        if not applied:
            return
        if self.store is not None:
            self._rows.append((table, list(applied)))
        text = self.texts.get(table.code)
        if text is None:
            text = self.texts[table.code] = StateText()
        for a in applied:
            step = StepFrames(table, a, text)
            for c in list(self.conns[table.code]):
                self.deliver(c, step.frame(c.seats, c.snapshots))
        if table.finished:
            for c in list(self.conns[table.code]):
                self.send(c, {"type": "bye", "reason": "the game is over"})
            self.forget_if_done(table)


    def advance(self, table: Table) -> None:
        """Chance steps and quick computers now; a searching computer in the worker."""
        for _ in range(MAX_ADVANCE):
            a = table.step()
            if a is None:
                break
            self.applied(table, [a])
        due = table.computer_due()
        if due is None or table.code in self.thinking or self.loop is None:
            return
        bot, view, legal, name = table.computer_inputs(due)
        if not bot.slow:
            return
        self.thinking.add(table.code)
        seq = table.seq
        fut = self.loop.run_in_executor(self.pool, safe_choose, bot, view, legal, name)

        def done(f: Any) -> None:
            self.thinking.discard(table.code)
            try:
                action, _ = f.result()
            except Exception:  # noqa: BLE001 - safe_choose does not raise; a cancelled future
                return
            a = table.apply_computer(due, seq, action)
            if a is not None:
                self.applied(table, [a])
            self.advance(table)
        fut.add_done_callback(done)

    async def ticker(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            for t in list(self.tables.values()):
                changed = t.tick()
                if changed:
                    self.presence(t, changed)

    def close_all(self, reason: str) -> None:
        for conns in self.conns.values():
            for c in list(conns):
                self.send(c, {"type": "bye", "reason": reason})
                self.close(c, "bye")


def run_loop(main: Callable[[], Coroutine[Any, Any, None]], choice: str = "auto") -> None:
    """Run ``main()`` on uvloop where it is installed (it does not run on
    Windows) and not turned off (``choice`` "asyncio"), else on asyncio's
    own loop; LookupError when ``choice`` is "uvloop" and it is not there.
    uvloop does a loop turn's socket work in C: with 50 tables of 4 at full
    speed the latency p50 fell from 21 to 17 ms at the same CPU a step
    (bench/bench_online.py, 2026-12-06)."""
    if choice != "asyncio":
        try:
            import uvloop
        except ImportError:
            if choice == "uvloop":
                raise LookupError("uvloop is not installed (it does not run on Windows)") from None
        else:
            uvloop.run(main())
            return
    asyncio.run(main())


async def run(host: Host, address: str, port: int, ready: Callable[[int], None] | None = None,
              stop: asyncio.Event | None = None) -> None:
    """Serve until ``stop`` is set (forever without one)."""
    from websockets.asyncio.server import serve
    host.loop = asyncio.get_running_loop()
    host.kick_all()
    tick = asyncio.ensure_future(host.ticker())
    async with serve(host.handler, address, port, max_size=P.MAX_BYTES, compression=None,
                     max_queue=64, ping_interval=20, ping_timeout=20, close_timeout=2) as server:
        bound = port
        for sock in server.sockets:
            bound = sock.getsockname()[1]
            break
        if ready is not None:
            ready(bound)
        if stop is None:
            await asyncio.Future()
        else:
            await stop.wait()
        host.close_all("the host is closing")
        await asyncio.sleep(0.05)
    tick.cancel()


__all__ = ["Conn", "Host", "LocalConn", "WSConn", "run", "run_loop"]
