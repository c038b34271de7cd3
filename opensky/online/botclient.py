"""A client that plays by itself: for the loopback tests, the bench and ``join --bot``.

``play`` connects, says hello, and answers whenever the host lists legal
actions for its seats: with a random one of them (``thin``: no engine, only
what the contract sends), or with a computer airline of a level deciding
from the engine view the host sent (``level``).  Every frame received can be
kept (``frames``) so a test can look for secrets in it.  It stops when the
host says ``bye`` (or after ``stop_after`` updates, to test reconnecting).
"""
from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

from opensky.online import protocol as P


@dataclass
class Played:
    seats: list[str] = field(default_factory=list)
    token: str | None = None
    seq: int = 0
    updates: int = 0
    refused: list[str] = field(default_factory=list)
    bye: str = ""
    frames: list[str] = field(default_factory=list)
    last_view: dict[str, Any] | None = None
    #: (seconds from our act to the update that answered it)
    waits: list[float] = field(default_factory=list)


class Chooser:
    """Picks an action object from a host frame (``welcome`` or ``update``)."""

    def __init__(self, seed: int = 0, level: str | None = None, game: str = ""):
        self.rng = random.Random(seed)
        self.level = level
        self.game = game
        self.bots: dict[str, Any] = {}
        self.board: Any = None

    def choose(self, msg: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
        legal = msg.get("legal") or []
        if not legal:
            return None
        if self.level is None or "snapshots" not in msg:
            return dict(legal[self.rng.randrange(len(legal))])
        return self._engine_choice(msg, names)

    def _engine_choice(self, msg: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
        from opensky.online import wire
        from opensky.online.games import GAMES
        game = GAMES[self.game]
        who = str(msg["legal"][0].get("player"))
        view = wire.load_state(self.game, self.board, names, msg["snapshots"][who])
        p = names.index(who)
        legal = view.legal_actions(p)
        bot = self.bots.get(who)
        if bot is None:
            from opensky.ai import make_bot
            from opensky.ai.blueskies import make_bs_bot
            make = make_bs_bot if self.game == "blue_skies" else make_bot
            bot = self.bots[who] = make(self.level or "easy", self.rng.randrange(1 << 30))
        from opensky.ai.base import safe_choose
        action, _ = safe_choose(bot, view, legal, who)  # type: ignore[arg-type]  # either game's view
        del game
        return dict(_codec(self.game, self.board, names).to_dict(action))


def _codec(game: str, board: Any, names: list[str]) -> Any:
    if game == "blue_skies":
        from opensky.blueskies.actions import BSCodec
        return BSCodec(board, names)
    from opensky.rules.actions import ActionCodec
    return ActionCodec(board, names)


class Pace:
    """Keeps a client under the host's rate limit (``protocol.RATE_PER_SECOND``)."""

    def __init__(self, rate: int = P.RATE_PER_SECOND - 2):
        self.rate = rate
        self.sent: list[float] = []

    async def wait(self) -> None:
        now = time.monotonic()
        self.sent = [t for t in self.sent if now - t < 1.05]
        if len(self.sent) >= self.rate:
            await asyncio.sleep(1.05 - (now - self.sent[0]))
        self.sent.append(time.monotonic())


async def play(uri: str, hello: dict[str, Any], chooser: Chooser | None = None, keep_frames: bool = False,
               stop_after: int | None = None, timeout: float = 120.0, think: float = 0.0) -> Played:
    """Play one connection to its end (see the module docstring)."""
    from websockets.asyncio.client import connect
    chooser = chooser or Chooser()
    out = Played()
    names: list[str] = []
    sent_at: float | None = None
    pace = Pace()
    started = False
    deadline = time.monotonic() + timeout
    async with connect(uri, max_size=4 * 1024 * 1024, compression=None, proxy=None) as ws:
        await ws.send(P.encode({"type": "hello", "version": P.VERSION, **hello}))
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                out.bye = "timeout"
                return out
            try:
                raw = await asyncio.wait_for(ws.recv(), left)
            except asyncio.TimeoutError:
                out.bye = "timeout"
                return out
            except Exception:  # noqa: BLE001 - the host closed
                out.bye = out.bye or "closed"
                return out
            if keep_frames:
                out.frames.append(raw if isinstance(raw, str) else raw.decode())
            msg = P.parse_from_host(raw)
            t = msg["type"]
            if t == "welcome":
                out.seats, out.token, out.seq = list(msg["seats"]), msg["token"], msg["seq"]
                names = [s["name"] for s in msg["game"]["seats"]]
                started = msg["game"].get("started", True) is True
                if chooser.level is not None and chooser.board is None:
                    from opensky.online.games import GAMES
                    chooser.game = msg["game"]["kind"]
                    chooser.board = GAMES[chooser.game].board(msg["game"]["board"])
            elif t == "update":
                out.seq = msg["seq"]
                out.updates += 1
                if sent_at is not None:
                    out.waits.append(time.monotonic() - sent_at)
                    sent_at = None
                if stop_after is not None and out.updates >= stop_after:
                    return out
            elif t == "started":
                started = True
            elif t == "refused":
                out.refused.append(str(msg.get("reason")))
                continue
            elif t == "bye":
                out.bye = str(msg.get("reason"))
                return out
            else:
                continue
            if "legal" not in msg or not started or msg.get("seq") != out.seq:
                continue
            out.last_view = msg.get("view")
            choice = chooser.choose(msg, names)
            if choice is not None:
                if think:
                    await asyncio.sleep(think)
                await pace.wait()
                sent_at = time.monotonic()
                await ws.send(P.encode({"type": "act", "seq": out.seq, "action": choice}))


async def create(uri: str, **fields: Any) -> str:
    """Open a table on a ``serve`` host; its join code."""
    from websockets.asyncio.client import connect
    async with connect(uri, compression=None, proxy=None) as ws:
        await ws.send(P.encode({"type": "create", **fields}))
        msg = P.parse_from_host(await ws.recv())
        if msg["type"] != "created":
            raise RuntimeError(str(msg.get("reason")))
        return str(msg["code"])


__all__ = ["Chooser", "Played", "create", "play"]
