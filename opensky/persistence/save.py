"""Saved games: a versioned, human-readable JSON file holding the board (id and
a content hash of its file), the seats, the seed, the call signs and the action
log with every chance outcome.  Loading replays the log through the engine,
which validates every step.

Secret bids: a save may be written while bids are pending (autosave after
every action, quitting mid-bid).  Bids not yet revealed are stored *sealed*:
obfuscated with a per-save salt, so that opening the file in an editor does
not show them, while loading restores them exactly.  This keeps honest
players honest; it is not encryption (the program must be able to restore the
bids without a password, so a determined reader of this code could too).
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

from opensky import __version__
from opensky.board.loader import load_board
from opensky.board.model import Board, BoardError
from opensky.rules.actions import BID, CHOOSE_OD, Action
from opensky.rules.constants import MONTHS
from opensky.rules.errors import IllegalAction
from opensky.rules.session import Session

FORMAT = "opensky-save"
VERSION = 1


class SaveError(ValueError):
    """A save file cannot be used; the message says why, in one line."""


@dataclass
class SeatInfo:
    name: str
    color: str = "navy"
    shape: str = "circle"
    human: bool = True
    bot: str = "easy"


@dataclass
class LoadedGame:
    session: Session
    seats: list[SeatInfo]
    name: str = ""
    saved_at: str = ""
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- helpers

def board_hash(board: Board) -> str | None:
    if not board.path:
        return None
    try:
        return hashlib.sha256(Path(board.path).read_bytes()).hexdigest()
    except OSError:
        return None


def _keystream(salt: bytes, label: str, n: int) -> bytes:
    out = b""
    k = 0
    while len(out) < n:
        out += hashlib.sha256(salt + label.encode() + k.to_bytes(4, "big")).digest()
        k += 1
    return out[:n]


def seal(d: dict[str, Any], salt: bytes, index: int) -> dict[str, Any]:
    raw = json.dumps(d, sort_keys=True).encode()
    ks = _keystream(salt, f"bid{index}", len(raw))
    return {"type": "sealed", "data": base64.b64encode(bytes(a ^ b for a, b in zip(raw, ks))).decode()}


def unseal(entry: dict[str, Any], salt: bytes, index: int) -> dict[str, Any]:
    try:
        raw = base64.b64decode(entry["data"], validate=True)
        ks = _keystream(salt, f"bid{index}", len(raw))
        d = json.loads(bytes(a ^ b for a, b in zip(raw, ks)).decode())
    except (KeyError, ValueError, TypeError, UnicodeDecodeError):
        raise SaveError(f"step {index + 1}: a sealed bid is damaged") from None
    if not isinstance(d, dict):
        raise SaveError(f"step {index + 1}: a sealed bid is damaged")
    return d


def pending_bid_indices(log: Sequence[Action], revealed: bool, deciding_bids: bool) -> set[int]:
    """Indices of the bids not yet revealed: those after the month's O&D while
    the game still waits for bids."""
    if revealed or not deciding_bids:
        return set()
    out: set[int] = set()
    for i in range(len(log) - 1, -1, -1):
        a = log[i]
        if a.type == CHOOSE_OD:
            break
        if a.type == BID:
            out.add(i)
    return out


# ---------------------------------------------------------------- writing

def to_document(session: Session, seats: Sequence[SeatInfo], name: str = "") -> dict[str, Any]:
    """The save as a JSON-ready dict."""
    st = session.state
    salt = secrets.token_bytes(16)
    hidden = pending_bid_indices(session.log, st.revealed, st.decision == BID)
    actions = []
    for i, a in enumerate(session.log):
        d = session.codec.to_dict(a)
        actions.append(seal(d, salt, i) if i in hidden else d)
    version, internal, gauss = session.rng.getstate()
    return {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "saved_at": datetime.now(timezone.utc).replace(microsecond=0).isoformat(),
        "name": name,
        "board": {"id": session.board.id, "sha256": board_hash(session.board),
                  "file": session.board.path if not _is_shipped(session.board) else None},
        "seats": [vars(s).copy() for s in seats],
        "seed": session.seed,
        "callsigns": session.callsigns,
        "salt": salt.hex(),
        "rng": [version, list(internal), gauss],
        "actions": actions,
        "summary": summary(session, seats),
    }


def summary(session: Session, seats: Sequence[SeatInfo]) -> dict[str, Any]:
    st = session.state
    return {
        "board": session.board.name,
        "airlines": [s.name for s in seats],
        "month": MONTHS[st.month],
        "phase": st.phase,
        "game_over": st.game_over,
        "scores": [st.score(p)["total"] for p in range(st.P)],
        "actions": len(session.log),
    }


def _is_shipped(board: Board) -> bool:
    from opensky.paths import boards_dir
    if not board.path:
        return False
    try:
        return Path(board.path).resolve().parent == boards_dir().resolve()
    except OSError:
        return False


def dumps(session: Session, seats: Sequence[SeatInfo], name: str = "") -> str:
    return json.dumps(to_document(session, seats, name), ensure_ascii=False, indent=1)


# ---------------------------------------------------------------- reading

def read_document(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and parse a save file; SaveError (one line) if it is not one."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{p}: no such save file") from None
    except IsADirectoryError:
        raise SaveError(f"{p}: is a folder, not a save file") from None
    except OSError as e:
        raise SaveError(f"{p}: cannot read it ({e.strerror or e})") from None
    if not raw.strip():
        raise SaveError(f"{p}: the save file is empty")
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{p}: the save file is damaged (not text)") from None
    except json.JSONDecodeError as e:
        raise SaveError(f"{p}: the save file is damaged or cut short (line {e.lineno}: {e.msg})") from None
    except RecursionError:
        raise SaveError(f"{p}: the save file is damaged (nested too deeply)") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"{p}: not an OpenSky save file")
    return doc


def load(path: str | os.PathLike[str]) -> LoadedGame:
    """Load a save file: the game replayed through the engine to where it was."""
    return from_document(read_document(path), str(path))


def from_document(doc: dict[str, Any], where: str = "save") -> LoadedGame:
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{where}: the save file has no valid version")
    if version > VERSION:
        raise SaveError(f"{where}: this save was made by a newer OpenSky "
                        f"({doc.get('app_version', '?')}, save format {version}); this is {__version__} "
                        f"(format {VERSION}) — please update")
    if version < 1:
        raise SaveError(f"{where}: unknown save format {version}")

    def need(key: str, typ: type | tuple[type, ...]) -> Any:
        v = doc.get(key)
        if not isinstance(v, typ) or isinstance(v, bool) and typ is not bool:
            raise SaveError(f"{where}: the save file is damaged ('{key}' is missing or wrong)")
        return v

    bd = need("board", dict)
    seats_raw = need("seats", list)
    seed = need("seed", int)
    actions = need("actions", list)
    callsigns = doc.get("callsigns")
    if callsigns is not None and not isinstance(callsigns, dict):
        raise SaveError(f"{where}: the save file is damaged ('callsigns' is wrong)")
    try:
        salt = bytes.fromhex(str(doc.get("salt", "")))
    except ValueError:
        raise SaveError(f"{where}: the save file is damaged ('salt' is wrong)") from None
    seats: list[SeatInfo] = []
    for s in seats_raw:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str):
            raise SaveError(f"{where}: the save file is damaged (a seat has no name)")
        seats.append(SeatInfo(name=s["name"], color=str(s.get("color", "navy")),
                              shape=str(s.get("shape", "circle")), human=bool(s.get("human", True)),
                              bot=str(s.get("bot", "easy"))))
    board = _board_for(bd, where)
    notes: list[str] = []
    want_hash = bd.get("sha256")
    have_hash = board_hash(board)
    changed = bool(want_hash and have_hash and want_hash != have_hash)
    try:
        session = Session(board, [s.name for s in seats], seed=seed, callsigns=callsigns)
    except IllegalAction as e:
        raise SaveError(f"{where}: this save does not fit board '{board.id}' ({e})") from None
    for i, d in enumerate(actions):
        if isinstance(d, dict) and d.get("type") == "sealed":
            d = unseal(d, salt, i)
        try:
            a = session.codec.from_dict(d)
            if a.type in ("roll_dice", "roll_sensitivity") and a.arg is None:
                raise IllegalAction("a chance step without its outcome")
            session.apply(a)
        except IllegalAction as e:
            extra = (f" — the save was made with a different version of board '{board.id}'"
                     if changed else "")
            raise SaveError(f"{where}: step {i + 1} of {len(actions)} is not a legal move ({e}){extra}") from None
    if changed:
        notes.append(f"The board '{board.id}' has changed since this game was saved; the game still replays.")
    rng = doc.get("rng")
    try:
        if rng is not None:
            session.rng.setstate((int(rng[0]), tuple(int(x) for x in rng[1]),
                                  None if rng[2] is None else float(rng[2])))
    except (TypeError, ValueError, IndexError):
        raise SaveError(f"{where}: the save file is damaged ('rng' is wrong)") from None
    return LoadedGame(session=session, seats=seats, name=str(doc.get("name", "")),
                      saved_at=str(doc.get("saved_at", "")), notes=notes)


def _board_for(bd: dict[str, Any], where: str) -> Board:
    bid = bd.get("id")
    file = bd.get("file")
    try:
        if isinstance(file, str) and file:
            return load_board(file)
        if isinstance(bid, str) and bid:
            return load_board(bid)
    except BoardError as e:
        raise SaveError(f"{where}: the save's board cannot be loaded: {e}") from None
    raise SaveError(f"{where}: the save file is damaged (no board)")

