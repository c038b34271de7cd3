"""The messages of online play (``spec/online.md``): limits, codes, checks.

Every frame a host receives is hostile until ``parse`` has checked it: one
JSON object of at most ``MAX_BYTES``, of a known ``type``, with exactly the
fields that type has, each of the right JSON type and size.  Anything else
is a ``ProtocolError`` whose message names the problem in one line (never
the bad value itself), and the host closes that connection.  The client
checks the host's frames with the same care (``parse_from_host``).
"""
from __future__ import annotations

import json
import secrets
from typing import Any

#: the protocol's version, sent in ``hello``; a host refuses another
VERSION = 1
DEFAULT_PORT = 4477
#: a frame's largest size, either way (bytes of UTF-8)
MAX_BYTES = 64 * 1024
#: a client may send this many messages a second (over a one-second window)
RATE_PER_SECOND = 20
#: join codes: six characters with no 0/O, 1/I/L, 2/Z, 5/S or 8/B to confuse
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 6
#: a seat token's bytes (128 bits), sent as hex
TOKEN_BYTES = 16
#: seat presence (the ``seat`` message's ``status``)
CONNECTED, AWAY, COMPUTER = "connected", "away", "computer"
#: the frames a client may send, each with its fields: (name, JSON types, required)
_STR, _INT, _DICT, _LIST = (str,), (int,), (dict,), (list,)
CLIENT_TYPES: dict[str, tuple[tuple[str, tuple[type, ...], bool], ...]] = {
    "create": (("game", _STR, True), ("board", _STR, True), ("players", _LIST, True),
               ("remote", _LIST, False), ("computer", _DICT, False), ("seed", _INT, False),
               ("away_after", (int, float, type(None)), False), ("away_level", _STR, False)),
    "hello": (("version", _INT, True), ("code", _STR, False), ("name", (str, type(None)), False),
              ("names", _LIST, False), ("token", _STR, False), ("snapshots", (bool,), False)),
    "act": (("seq", _INT, True), ("action", _DICT, True)),
    "ping": (),
}
HOST_TYPES = frozenset({"created", "welcome", "update", "refused", "seat", "bye", "pong", "history", "started"})
#: the longest string field a client may send (names are at most 64)
MAX_STRING = 200
MAX_DEPTH = 6


class ProtocolError(ValueError):
    """A frame that is not in the contract (one line, without the bad value)."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_hex(TOKEN_BYTES)


def normal_code(text: Any) -> str | None:
    """A join code as typed (any case, spaces or dashes) in its canonical form, or None."""
    if not isinstance(text, str) or len(text) > 32:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def split_address(text: str) -> tuple[str, int] | None:
    """``host``, ``host:port`` or ``[v6]:port`` as (host, port), or None."""
    text = text.strip()
    if not text or len(text) > 255 or any(ch.isspace() for ch in text):
        return None
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":") or not rest[1:].isdigit():
                return None
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, _, p = text.partition(":")
        if not p.isdigit():
            return None
        port = int(p)
    if not host or not 0 < port < 65536:
        return None
    return host, port


def _one_encoder() -> Any:
    """The C encoder behind ``_ENCODER``, made once: ``JSONEncoder.encode``
    makes a new one on every call, which costs more than encoding a small
    value.  The same text; no check for circular values (a message has none)."""
    from json import encoder
    make = getattr(encoder, "c_make_encoder", None)
    if make is None:
        return None
    return make(None, _ENCODER.default, encoder.encode_basestring, None, ":", ",", False, False, True)


_C_ENCODER = _one_encoder()


def encode(msg: Any) -> str:
    """A message (or any JSON value) as the host's compact UTF-8 JSON text."""
    if _C_ENCODER is None:
        return _ENCODER.encode(msg)
    return "".join(_C_ENCODER(msg, 0))


def _depth(x: Any, limit: int) -> int:
    if limit < 0:
        raise ProtocolError("the message is nested too deeply")
    if isinstance(x, dict):
        return 1 + max((_depth(v, limit - 1) for v in x.values()), default=0)
    if isinstance(x, list):
        return 1 + max((_depth(v, limit - 1) for v in x), default=0)
    return 0


def _strings_ok(x: Any) -> bool:
    if isinstance(x, str):
        return len(x) <= MAX_STRING
    if isinstance(x, dict):
        return len(x) <= 64 and all(isinstance(k, str) and len(k) <= MAX_STRING and _strings_ok(v)
                                    for k, v in x.items())
    if isinstance(x, list):
        return len(x) <= 64 and all(_strings_ok(v) for v in x)
    return x is None or isinstance(x, (bool, int, float))


def load(raw: str | bytes, limit: int = MAX_BYTES) -> dict[str, Any]:
    """One frame as a JSON object (ProtocolError if it is not one)."""
    if isinstance(raw, str):
        data = raw.encode("utf-8", "surrogatepass")
    else:
        data = raw
    if len(data) > limit:
        raise ProtocolError(f"the message is larger than {limit // 1024} KiB")
    try:
        msg = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("the message is not JSON text") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message must be a JSON object")
    t = msg.get("type")
    if not isinstance(t, str):
        raise ProtocolError("a message needs a 'type'")
    return msg


def parse(raw: str | bytes) -> dict[str, Any]:
    """A client's frame, checked against ``CLIENT_TYPES``."""
    msg = load(raw)
    t = msg["type"]
    if t not in CLIENT_TYPES:
        raise ProtocolError("unknown message type")
    _depth(msg, MAX_DEPTH)
    if not _strings_ok(msg):
        raise ProtocolError("a field of the message is too long")
    fields = CLIENT_TYPES[t]
    names = {f[0] for f in fields}
    extra = [k for k in msg if k != "type" and k not in names]
    if extra:
        raise ProtocolError(f"{t}: unknown field")
    for name, types, required in fields:
        if name not in msg:
            if required:
                raise ProtocolError(f"{t}: '{name}' is missing")
            continue
        v = msg[name]
        if isinstance(v, bool) and bool not in types:
            raise ProtocolError(f"{t}: '{name}' has the wrong type")
        if not isinstance(v, types):
            raise ProtocolError(f"{t}: '{name}' has the wrong type")
    return msg


def parse_from_host(raw: str | bytes, limit: int = 8 * 1024 * 1024) -> dict[str, Any]:
    """A host's frame: a JSON object of a known type (the fields are checked
    where they are used).  Updates may be larger than a client's frames: they
    carry the state."""
    msg = load(raw, limit)
    if msg["type"] not in HOST_TYPES:
        raise ProtocolError("the host sent an unknown message")
    return msg


__all__ = ["AWAY", "CLIENT_TYPES", "CODE_ALPHABET", "COMPUTER", "CONNECTED", "DEFAULT_PORT", "HOST_TYPES",
           "MAX_BYTES", "ProtocolError", "RATE_PER_SECOND", "VERSION", "encode", "load", "new_code", "new_token",
           "normal_code", "parse", "parse_from_host", "split_address"]
