"""The client side of online play: a link a screen polls, and the host's thread.

``NetLink`` connects to a host over WebSocket in a background thread, says
``hello`` (with the join code and a seat name, or with its seat token when it
comes back), and hands every frame from the host to the screen through
``poll`` — checked by ``protocol.parse_from_host`` first.  When the
connection drops it says so (a ``_status`` message) and tries again with its
token, backing off to a few seconds, until the host says ``bye`` for good.

``HostThread`` runs a ``server.Host`` on its own event loop in a background
thread: the window's host.  ``LocalLink`` is the host's own screen, a client
of that host without a socket.
"""
from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any, Callable

from opensky.online import protocol as P
from opensky.online.protocol import split_address
from opensky.online.server import Host, LocalConn, run
from opensky.online.table import Table

#: a host's frame may carry views and legal lists: a client accepts up to this
MAX_FROM_HOST = 4 * 1024 * 1024
#: ``bye`` reasons after which trying again cannot help
FINAL = ("no table with that code", "unknown seat token", "every seat at this table is taken",
         "no free seat of that name at this table", "the game is over", "this host plays another version",
         "this seat was taken up again elsewhere")
CONNECTING, CONNECTED, RECONNECTING, CLOSED = "connecting", "connected", "reconnecting", "closed"


def status_msg(status: str, error: str = "") -> dict[str, Any]:
    return {"type": "_status", "status": status, "error": error}


class Link:
    """What a screen talks to; every method is safe from the screen's thread."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.status = CONNECTING
        self.error = ""
        self.token: str | None = None

    def send(self, msg: dict[str, Any]) -> None:
        raise NotImplementedError

    def poll(self) -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        raise NotImplementedError

    def _status(self, status: str, error: str = "") -> None:
        self.status, self.error = status, error
        self.inbox.put(status_msg(status, error))


class NetLink(Link):
    def __init__(self, address: str, port: int, code: str | None = None, name: str | None = None,
                 token: str | None = None, snapshots: bool = True, names: list[str] | None = None):
        """``name``: the seat to take (None: the first free one); ``names``:
        several seats at once, for people sharing this computer."""
        super().__init__()
        self.address, self.port = address, port
        self.code, self.name, self.token = code, name, token
        self.names = names
        self.snapshots = snapshots
        self._stop = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[dict[str, Any]] | None = None
        self._pending: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._main, name="opensky-online-client", daemon=True)
        self.thread.start()

    def send(self, msg: dict[str, Any]) -> None:
        with self._lock:
            loop, out = self._loop, self._out
            if loop is None or out is None:
                self._pending.append(msg)
                return
        loop.call_soon_threadsafe(out.put_nowait, msg)

    def close(self) -> None:
        """Stop (safe to call again, and after the link has ended by itself)."""
        self._stop.set()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(lambda: None)
            except RuntimeError:   # the loop closed between the check and the call
                pass

    def _main(self) -> None:
        try:
            asyncio.run(self._run())
        except Exception as e:  # noqa: BLE001 - the screen hears of it, never a traceback
            self._status(CLOSED, f"the connection failed ({type(e).__name__})")

    async def _run(self) -> None:
        from websockets.asyncio.client import connect
        with self._lock:
            self._loop = asyncio.get_running_loop()
            self._out = asyncio.Queue()
        delay = 0.25
        first = True
        while not self._stop.is_set():
            if not first:
                self._status(RECONNECTING, self.error)
            first = False
            try:
                async with connect(f"ws://{_host_part(self.address)}:{self.port}", max_size=MAX_FROM_HOST,
                                   compression=None, open_timeout=5, proxy=None) as ws:
                    hello: dict[str, Any] = {"type": "hello", "version": P.VERSION, "snapshots": self.snapshots}
                    if self.token is not None:
                        hello["token"] = self.token
                    else:
                        hello["code"] = self.code or ""
                        if self.names:
                            hello["names"] = list(self.names)
                        else:
                            hello["name"] = self.name
                    await ws.send(P.encode(hello))
                    final = await self._session(ws)
                    delay = 0.25
                    if final:
                        self._status(CLOSED, self.error)
                        return
            except OSError as e:
                self.error = f"cannot reach {self.address}:{self.port} ({e.strerror or type(e).__name__})"
            except Exception as e:  # noqa: BLE001 - a handshake that fails, a closed socket
                self.error = f"the connection was lost ({type(e).__name__})"
            if self._stop.is_set():
                break
            await _sleep_unless(self._stop, delay)
            delay = min(delay * 2, 4.0)
        self._status(CLOSED, self.error)

    async def _session(self, ws: Any) -> bool:
        """Read and write until the connection ends; True if it ended for good."""
        assert self._out is not None
        with self._lock:
            pending, self._pending = self._pending, []
        for m in pending:
            self._out.put_nowait(m)

        async def writer() -> None:
            assert self._out is not None
            while True:
                m = await self._out.get()
                await ws.send(P.encode(m))

        w = asyncio.ensure_future(writer())
        stopper = asyncio.ensure_future(_wait_event(self._stop))
        try:
            async for raw in ws:
                try:
                    msg = P.parse_from_host(raw, MAX_FROM_HOST)
                except P.ProtocolError as e:
                    self.error = f"the host sent something wrong ({e})"
                    return True
                t = msg["type"]
                if t == "welcome":
                    tok = msg.get("token")
                    if isinstance(tok, str):
                        self.token = tok
                    self._status(CONNECTED)
                elif t == "bye":
                    reason = str(msg.get("reason", ""))[:200]
                    self.error = reason
                    self.inbox.put(msg)
                    return any(reason.startswith(f) for f in FINAL)
                self.inbox.put(msg)
                if self._stop.is_set():
                    return True
        finally:
            w.cancel()
            stopper.cancel()
        return self._stop.is_set()


def _host_part(address: str) -> str:
    return f"[{address}]" if ":" in address else address


async def _wait_event(ev: threading.Event) -> None:
    while not ev.is_set():
        await asyncio.sleep(0.1)


async def _sleep_unless(ev: threading.Event, seconds: float) -> None:
    end = asyncio.get_running_loop().time() + seconds
    while not ev.is_set() and asyncio.get_running_loop().time() < end:
        await asyncio.sleep(0.05)


class HostThread:
    """A ``Host`` serving on its own loop in a background thread (the window's host)."""

    def __init__(self, host: Host, address: str = "0.0.0.0", port: int = P.DEFAULT_PORT):
        self.host = host
        self.address = address
        self.port = port
        self.error = ""
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._main, name="opensky-online-host", daemon=True)

    def start(self, timeout: float = 5.0) -> bool:
        """Start serving; False (and ``error``) if the port cannot be opened."""
        self.thread.start()
        self._ready.wait(timeout)
        return not self.error and self._ready.is_set()

    def _main(self) -> None:
        async def main() -> None:
            self.loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()

            def ready(port: int) -> None:
                self.port = port
                self._ready.set()
            await run(self.host, self.address, self.port, ready, self._stop)
        try:
            asyncio.run(main())
        except OSError as e:
            self.error = f"port {self.port} cannot be opened ({e.strerror or type(e).__name__})"
        except Exception as e:  # noqa: BLE001 - the window says so instead of a traceback
            self.error = f"the host stopped ({type(e).__name__})"
        self._ready.set()

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:   # the host has stopped
                pass

    def stop(self) -> None:
        """Say bye to every client and stop serving (safe to call again)."""
        if self._stop is not None:
            self.call(self._stop.set)
        if self.thread.is_alive():
            self.thread.join(3.0)


class LocalLink(Link):
    """The host's screen: a client of the host in this process."""

    def __init__(self, hosting: HostThread, table: Table):
        super().__init__()
        self.hosting = hosting
        self.table = table
        self.conn = LocalConn(self._deliver)
        hosting.call(self._attach)

    def _attach(self) -> None:
        self.token = self.hosting.host.attach_local(self.table, self.conn)
        self._status(CONNECTED)

    def _deliver(self, text: str) -> None:
        try:
            self.inbox.put(P.parse_from_host(text, MAX_FROM_HOST))
        except P.ProtocolError:
            pass

    def send(self, msg: dict[str, Any]) -> None:
        self.hosting.call(self.hosting.host.receive, self.conn, P.encode(msg))

    def close(self) -> None:
        self.conn.closed = True
        self.hosting.stop()


__all__ = ["CLOSED", "CONNECTED", "CONNECTING", "HostThread", "Link", "LocalLink", "NetLink", "RECONNECTING",
           "split_address"]
