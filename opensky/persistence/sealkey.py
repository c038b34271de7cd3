"""The key that seals pending bids in saves, kept out of the saves themselves.

A save written mid-month holds bids not yet revealed.  They are sealed with a
key stored in the player's data folder (``seal.key``), never in the save: a
save opened in an editor, or mailed to someone, shows nothing of them — not
even whether a player passed, since every sealed bid has the same length.

This is not encryption against the person at the keyboard (the program must
open the bids without a password, so whoever can read the data folder can
too); it closes what a save file on its own shows.

A save opened where the key is different (another computer, a deleted key)
cannot open its sealed bids; the game then goes back to the start of that
month's bidding (``opensky.persistence.save``).  A key file that cannot be
read is kept aside as ``seal.key.bad`` and a new one made; a data folder that
cannot be written gives a key for this run only.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from opensky.persistence.atomic import write_atomic
from opensky.userdirs import data_dir
from opensky.userfile import FileProblem, read_bytes

KEY_FILE = "seal.key"
_KEY_BYTES = 32
_cache: dict[str, bytes] = {}


def key_id(key: bytes) -> str:
    """A short public name for a key (which key sealed a save), not the key."""
    return hashlib.sha256(b"opensky-seal-key-id:" + key).hexdigest()[:16]


def current() -> bytes:
    """This computer's seal key, made on first use."""
    folder = data_dir()
    cache_key = str(folder)
    if cache_key in _cache:
        return _cache[cache_key]
    path = folder / KEY_FILE
    key = _read(path)
    if key is None:
        key = secrets.token_bytes(_KEY_BYTES)
        _write(path, key)
    _cache[cache_key] = key
    return key


def _read(path: Path) -> bytes | None:
    try:
        raw = read_bytes(path, "key", limit=4096)
    except FileProblem:
        if not path.exists() and not path.is_symlink():
            return None
        _keep_aside(path)
        return None
    try:
        key = bytes.fromhex(raw.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        key = b""
    if len(key) != _KEY_BYTES:
        _keep_aside(path)
        return None
    return key


def _keep_aside(path: Path) -> None:
    try:
        os.replace(path, path.with_name(KEY_FILE + ".bad"))
    except OSError:
        pass


def _write(path: Path, key: bytes) -> None:
    try:
        write_atomic(path, key.hex() + "\n")
        try:
            os.chmod(path, 0o600)
        except OSError:
            pass
    except OSError:
        pass  # the data folder cannot be written: the key lasts for this run


def keystream(key: bytes, salt: bytes, index: int, n: int) -> bytes:
    return hmac.new(key, b"stream:" + salt + index.to_bytes(8, "big"), hashlib.sha256).digest()[:n]


def tag(key: bytes, salt: bytes, index: int, data: bytes) -> str:
    return hmac.new(key, b"tag:" + salt + index.to_bytes(8, "big") + data, hashlib.sha256).hexdigest()[:16]


def forget() -> None:
    """Drop the cached keys (tests switch data folders)."""
    _cache.clear()
