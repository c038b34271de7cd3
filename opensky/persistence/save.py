"""Saved games: a versioned, human-readable JSON file holding the board (id and
a content hash of its file), the seats, the seed, the call signs and the action
log with every chance outcome.  Loading replays the log through the engine,
which validates every step.

Secret bids: a save may be written while bids are pending (autosave after
every action, quitting mid-bid).  Bids not yet revealed are stored *sealed*
with a key kept in the player's data folder, not in the save
(``opensky.persistence.sealkey``): every sealed bid has the same length, pass
or fare, so the file on its own shows nothing of them.  Loading restores them
exactly on the computer that wrote them; elsewhere the game goes back to the
start of that month's bidding and says so.  It is not encryption against the
person at the keyboard (see ``sealkey``).

Every file is hostile until checked: read through ``opensky.userfile``
(regular files, size cap, nesting and number budgets) and every field checked
before use, so any damage gives one ``SaveError`` line, never another
exception.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import random
import os
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

from opensky import __version__
from opensky.board.loader import load_board
from opensky.board.model import Board, BoardError
from opensky.i18n import N_
from opensky.persistence import sealkey
from opensky.rules.actions import BID, CHANCE_TYPES, CHOOSE_OD, Action
from opensky.rules.constants import FARES, MONTHS
from opensky.rules.errors import IllegalAction
from opensky.rules.session import Session
from opensky.rules.view import sealed_log_indices
from opensky.textlimits import MAX_PLAYER_NAME, one_line, short
from opensky.userfile import FileProblem, display, parse_json, read_json

FORMAT = "opensky-save"
#: 2: sealed bids use the data folder's key (format 1 kept the salt's key in
#: the file); format 1 saves still load.
VERSION = 2
#: A seat's name in a save is at most this long (the new-game field allows 24).
MAX_NAME = MAX_PLAYER_NAME
#: The plaintext of every sealed bid: four bytes, pass or fare alike.
_PLAIN: dict[int | None, bytes] = {None: b"pass", **{f: f"{f:04d}".encode() for f in FARES}}
_FROM_PLAIN = {v: k for k, v in _PLAIN.items()}


class SaveError(ValueError):
    """A save file cannot be used; the message says why, in one line."""


@dataclass
class Seat:
    """One seat of a game, as a new game sets it up and as a save keeps it
    (``seats: [{name, color, shape, human, bot}]``): the airline's name, its
    colour key and emblem (the screen's palette gives the pixels), and who
    plays it (a person here, or a computer of level ``bot``)."""

    name: str
    color: str = "navy"
    shape: str = "circle"
    human: bool = True
    bot: str = "easy"


Note = tuple[str, dict[str, str]]


@dataclass
class LoadedGame:
    session: Session
    seats: list[Seat]
    name: str = ""
    saved_at: str = ""
    #: What the player should be told on opening it: (English text with
    #: {fields}, marked for translation; its fields) — shown through ``tr``.
    notes: list[Note] = field(default_factory=list)


# ---------------------------------------------------------------- helpers

def board_hash(board: Board) -> str | None:
    if not board.path:
        return None
    try:
        return hashlib.sha256(Path(board.path).read_bytes()).hexdigest()
    except OSError:
        return None


def _keystream_v1(salt: bytes, label: str, n: int) -> bytes:
    out = b""
    k = 0
    while len(out) < n:
        out += hashlib.sha256(salt + label.encode() + k.to_bytes(4, "big")).digest()
        k += 1
    return out[:n]


def _unseal_v1(entry: dict[str, Any], salt: bytes, index: int) -> dict[str, Any]:
    """A bid sealed by format 1 (key derived from the salt in the file)."""
    try:
        raw = base64.b64decode(entry["data"], validate=True)
        if len(raw) > 4096:
            raise ValueError
        ks = _keystream_v1(salt, f"bid{index}", len(raw))
        d = json.loads(bytes(a ^ b for a, b in zip(raw, ks)).decode())
    except (KeyError, ValueError, TypeError, UnicodeDecodeError, RecursionError):
        raise SaveError(f"step {index + 1}: a sealed bid is damaged") from None
    if not isinstance(d, dict):
        raise SaveError(f"step {index + 1}: a sealed bid is damaged")
    return d


def seal(d: dict[str, Any], key: bytes, salt: bytes, index: int) -> dict[str, Any]:
    """A pending bid as the save stores it: who bid (public) and the sealed fare."""
    plain = _PLAIN[d.get("fare")]
    data = bytes(a ^ b for a, b in zip(plain, sealkey.keystream(key, salt, index, len(plain))))
    return {"type": "sealed", "player": d.get("player"), "data": base64.b64encode(data).decode(),
            "tag": sealkey.tag(key, salt, index, data)}


def unseal(entry: dict[str, Any], key: bytes, salt: bytes, index: int) -> dict[str, Any]:
    """The bid back from its sealed form; SaveError if it was changed."""
    damaged = SaveError(f"step {index + 1}: a sealed bid is damaged")
    data_text, tag_text = entry.get("data"), entry.get("tag")
    if not isinstance(data_text, str) or not isinstance(tag_text, str) or len(data_text) > 64:
        raise damaged
    try:
        data = base64.b64decode(data_text, validate=True)
    except ValueError:
        raise damaged from None
    if not hmac.compare_digest(sealkey.tag(key, salt, index, data).encode(), tag_text.encode("utf-8", "replace")):
        raise damaged
    plain = bytes(a ^ b for a, b in zip(data, sealkey.keystream(key, salt, index, len(data))))
    if plain not in _FROM_PLAIN:
        raise damaged
    return {"type": BID, "player": entry.get("player"), "fare": _FROM_PLAIN[plain]}


# ---------------------------------------------------------------- writing

def to_document(session: Session, seats: Sequence[Seat], name: str = "",
                key: bytes | None = None) -> dict[str, Any]:
    """The save as a JSON-ready dict (``key``: the seal key; this computer's by default)."""
    st = session.state
    salt = secrets.token_bytes(16)
    hidden = sealed_log_indices(session.log, st)
    if hidden and key is None:
        key = sealkey.current()
    actions = []
    for i, a in enumerate(session.log):
        d = session.codec.to_dict(a)
        actions.append(seal(d, key, salt, i) if i in hidden and key is not None else d)
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
        "seal_key": sealkey.key_id(key) if key is not None else None,
        "rng": [version, list(internal), gauss],
        "actions": actions,
        "summary": summary(session, seats),
    }


def summary(session: Session, seats: Sequence[Seat]) -> dict[str, Any]:
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


def dumps(session: Session, seats: Sequence[Seat], name: str = "", key: bytes | None = None) -> str:
    return json.dumps(to_document(session, seats, name, key), ensure_ascii=False, indent=1)


# ---------------------------------------------------------------- reading

def read_document(path: str | os.PathLike[str], where: str | None = None) -> dict[str, Any]:
    """Read and parse a save file; SaveError (one line, naming the file as
    ``where``, its path by default) if it is not one."""
    where = where or display(path)
    try:
        doc = read_json(path, "save", where=where)
    except FileProblem as e:
        raise SaveError(str(e)) from None
    return _checked_document(doc, where)


def parse_document(data: bytes, where: str) -> dict[str, Any]:
    """A save document from bytes already read (``read_document`` reads the file)."""
    try:
        doc = parse_json(data, where, "save")
    except FileProblem as e:
        raise SaveError(str(e)) from None
    return _checked_document(doc, where)


def _checked_document(doc: Any, where: str) -> dict[str, Any]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"{where}: not an OpenSky save file")
    return doc


def load(path: str | os.PathLike[str]) -> LoadedGame:
    """Load a save file: the game replayed through the engine to where it was."""
    return from_document(read_document(path), display(path))


def from_document(doc: dict[str, Any], where: str = "save") -> LoadedGame:
    """The game a save document holds, replayed; SaveError for anything wrong.

    Any exception the checks below did not foresee is still turned into one
    SaveError line (a damaged save must never stop the program)."""
    try:
        return _from_document(doc, where)
    except SaveError as e:
        raise SaveError(one_line(str(e))) from None
    except (RecursionError, MemoryError):
        raise SaveError(f"{where}: the save file is damaged (too large or nested too deeply)") from None
    except Exception as e:  # noqa: BLE001 - the promise: one line, never a traceback
        raise SaveError(f"{where}: the save file is damaged ({type(e).__name__})") from None


def _from_document(doc: dict[str, Any], where: str) -> LoadedGame:
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{where}: the save file has no valid version")
    if version > VERSION:
        raise SaveError(f"{where}: this save was made by a newer OpenSky "
                        f"({short(doc.get('app_version', '?'), 20)}, save format {version}); this is {__version__} "
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
    if callsigns is not None and not (isinstance(callsigns, dict)
                                      and all(isinstance(v, str) for v in callsigns.values())):
        raise SaveError(f"{where}: the save file is damaged ('callsigns' is wrong)")
    salt_text = doc.get("salt", "")
    try:
        if not isinstance(salt_text, str) or len(salt_text) > 256:
            raise ValueError
        salt = bytes.fromhex(salt_text)
    except ValueError:
        raise SaveError(f"{where}: the save file is damaged ('salt' is wrong)") from None
    notes: list[Note] = []
    seats = _seats(seats_raw, where, notes)
    board = _board_for(bd, where)
    want_hash = bd.get("sha256")
    have_hash = board_hash(board)
    changed = bool(isinstance(want_hash, str) and want_hash and have_hash and want_hash != have_hash)
    try:
        session = Session(board, [s.name for s in seats], seed=seed, callsigns=callsigns)
    except IllegalAction as e:
        raise SaveError(f"{where}: this save does not fit board '{short(board.id, 40)}' ({e})") from None
    key = _open_key(doc, version)
    for i, d in enumerate(actions):
        if isinstance(d, dict) and d.get("type") == "sealed":
            if version == 1:
                d = _unseal_v1(d, salt, i)
            elif key is None:
                # Sealed with another computer's key: back to the start of
                # this month's bidding (the sealed bids are the log's tail).
                if any(not (isinstance(x, dict) and x.get("type") == "sealed") for x in actions[i:]):
                    raise SaveError(f"{where}: step {i + 1}: a sealed bid is out of place")
                notes.append((N_("This game was saved on another computer (or its key was replaced): the "
                                 "sealed bids of this month cannot be opened here, so they are asked again."), {}))
                break
            else:
                d = unseal(d, key, salt, i)
        try:
            a = session.codec.from_dict(d)
            if a.type in CHANCE_TYPES and a.arg is None:
                raise IllegalAction("a chance step without its outcome")
            session.apply(a)
        except IllegalAction as e:
            extra = (f" — the save was made with a different version of board '{short(board.id, 40)}'"
                     if changed else "")
            raise SaveError(f"{where}: step {i + 1} of {len(actions)} is not a legal move ({e}){extra}") from None
    if changed:
        notes.append((N_("The board “{board}” has changed since this game was saved; the game still replays."),
                      {"board": short(board.id, 40)}))
    rng = doc.get("rng")
    if rng is not None:
        state = _rng_state(rng)
        if state is None:
            raise SaveError(f"{where}: the save file is damaged ('rng' is wrong)")
        session.rng.setstate(state)
    name = doc.get("name", "")
    saved_at = doc.get("saved_at", "")
    return LoadedGame(session=session, seats=seats, name=name[:MAX_NAME] if isinstance(name, str) else "",
                      saved_at=saved_at[:40] if isinstance(saved_at, str) else "", notes=notes)


def _open_key(doc: dict[str, Any], version: int) -> bytes | None:
    """This computer's key if it is the one that sealed the save, else None."""
    if version < 2:
        return None
    want = doc.get("seal_key")
    if not isinstance(want, str):
        return None
    key = sealkey.current()
    return key if hmac.compare_digest(sealkey.key_id(key).encode(), want.encode("utf-8", "replace")) else None


def _seats(raw: list[Any], where: str, notes: list[Note]) -> list[Seat]:
    """The seats, each field checked; an unknown computer level plays as Normal."""
    from opensky.ai import BOT_NAMES
    if not 2 <= len(raw) <= 4:
        raise SaveError(f"{where}: the save file is damaged (it needs 2 to 4 seats, not {len(raw)})")
    seats: list[Seat] = []
    for s in raw:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not s["name"].strip():
            raise SaveError(f"{where}: the save file is damaged (a seat has no name)")
        if len(s["name"]) > MAX_NAME:
            raise SaveError(f"{where}: the save file is damaged (a seat's name is over {MAX_NAME} characters)")
        color, shape, bot = s.get("color"), s.get("shape"), s.get("bot")
        human = s.get("human", True)
        seat = Seat(name=s["name"],
                        color=color if isinstance(color, str) and len(color) <= 32 else "navy",
                        shape=shape if isinstance(shape, str) and len(shape) <= 32 else "circle",
                        human=human if isinstance(human, bool) else True,
                        bot=bot if isinstance(bot, str) and bot in BOT_NAMES else "normal")
        if not seat.human and bot != seat.bot:
            notes.append((N_("{name}: the computer level {level} is unknown here; it plays as Normal."),
                          {"name": seat.name, "level": short(bot, 20)}))
        seats.append(seat)
    return seats


def _rng_state(rng: Any) -> tuple[Any, ...] | None:
    """The random generator's state as ``random.Random.setstate`` takes it,
    checked word by word (a bad one raises OverflowError or worse there)."""
    version = random.Random.VERSION
    if not (isinstance(rng, list) and len(rng) == 3 and rng[0] == version and not isinstance(rng[0], bool)):
        return None
    words, gauss = rng[1], rng[2]
    if not (isinstance(words, list) and len(words) == 625
            and all(isinstance(w, int) and not isinstance(w, bool) for w in words)
            and all(0 <= w < 2 ** 32 for w in words[:624]) and 0 <= words[624] <= 624):
        return None
    if gauss is not None and (isinstance(gauss, bool) or not isinstance(gauss, (int, float))
                              or not math.isfinite(gauss)):
        return None
    state = (version, tuple(words), None if gauss is None else float(gauss))
    try:
        random.Random().setstate(state)
    except (TypeError, ValueError, OverflowError):
        return None
    return state


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
