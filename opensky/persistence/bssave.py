"""Blue Skies saves: a versioned, human-readable JSON file of its own format
(``"format": "blueskies-save"``), the same shape as OpenSky's
(``opensky.persistence.save``): the board (id and a content hash of its
file), the seats, the seed, the opening cards if given, the action log in
the headless dict form (``BSCodec.to_dict``) and a summary for the list of
saves.  Loading replays the log through the engine, which validates every
step.  Each game's loader refuses the other's file in one line: a separate
``format`` (rather than a ``game`` key inside OpenSky's) means an older
OpenSky, which knows only its own format, refuses a Blue Skies save cleanly.

The hands are secret (B32), and in hot-seat play the others sit at the same
computer, so a save must not show them.  While the game runs, every card
drawn into a hand (``draw_card`` steps whose purpose is deal, replace or
refill) is stored *sealed* with the data folder's key
(``opensky.persistence.sealkey``), as OpenSky seals pending bids: every
sealed card is 16 bytes whatever its airport, so the file shows nothing of
it.  Cards turned face up (the opening, step 3) and every card played or
discarded are public and stay readable.  The chance generator is sealed too:
its state (or the seed alone, were the generator seeded from it) would let
anyone recompute every draw.  That is why the controller seeds it from the
seed *and* this computer's key (``chance_rng``).  A finished game has no
secret left and is written in the clear.

Opened where the key is different (another computer, a replaced key), the
sealed cards cannot be read.  Rather than locking the players out, the
replay deals each sealed draw again from the cards nobody has seen at that
point (``chance_outcomes()``, a generator seeded from the save's seed and
this computer's key) and says so in a note; if a later public action then
no longer fits (it plays a card the new deal gave to someone else), the log
is cut at that action and a second note says so.

Every file is hostile until checked: read through ``opensky.userfile`` and
every field checked before use, so any damage gives one ``SaveError`` line.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import random
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

from opensky import __version__
from opensky.blueskies.actions import CHANCE_TYPES, DEAL, DRAW_CARD, REFILL, REPLACE, Action
from opensky.blueskies.board import BSBoard, load_bs_board
from opensky.blueskies.events import CardDrawn
from opensky.blueskies.session import BSSession, draw
from opensky.board.model import BoardError
from opensky.i18n import N_
from opensky.persistence import sealkey
from opensky.persistence.save import Note, SaveError, Seat, _rng_state
from opensky.rules.errors import IllegalAction
from opensky.textlimits import MAX_PLAYER_NAME, one_line, short
from opensky.userfile import FileProblem, display, parse_json, read_json

FORMAT = "blueskies-save"
VERSION = 1
GAME = "blue_skies"
MAX_NAME = MAX_PLAYER_NAME
#: the purposes of a card draw that puts the card into a hand (sealed)
HAND_PURPOSES = frozenset({DEAL, REPLACE, REFILL})
#: every sealed card is this many bytes, whatever its airport
CARD_BYTES = 16
#: index spaces of the keystream beside the log's own indices
_RNG_INDEX = 1 << 40
_HANDS_INDEX = 1 << 41
_MAX_SEALED_TEXT = 64
_MAX_RNG_TEXT = 16384


@dataclass
class LoadedBSGame:
    """A Blue Skies game opened from a save (``LoadedGame``'s counterpart)."""

    session: BSSession
    seats: list[Seat]
    name: str = ""
    saved_at: str = ""
    #: what the player should be told on opening it: (English text with
    #: {fields}, marked for translation; its fields) — shown through ``tr``
    notes: list[Note] = field(default_factory=list)
    game = GAME


# ---------------------------------------------------------------- the chance generator

def chance_rng(seed: int, key: bytes | None = None, label: str = "chance", salt: bytes = b"") -> random.Random:
    """The generator a game's chance steps are drawn from: seeded from the
    game's seed and this computer's key, so the same seed deals the same
    cards here, and a save file (which shows the seed) tells nothing of them."""
    key = sealkey.current() if key is None else key
    digest = hmac.new(key, f"blueskies-{label}:{seed}:".encode() + salt, hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


# ---------------------------------------------------------------- sealing

def _card_plain(code: str) -> bytes:
    return hashlib.sha256(b"blueskies-card:" + code.encode("utf-8", "surrogatepass")).digest()[:CARD_BYTES]


def _xor(data: bytes, key: bytes, salt: bytes, index: int) -> bytes:
    """``data`` xor the keystream from ``index`` on (32 bytes per index)."""
    stream = b"".join(sealkey.keystream(key, salt, index + k, 32) for k in range((len(data) + 31) // 32))
    return bytes(a ^ b for a, b in zip(data, stream))


def seal_card(code: str, key: bytes, salt: bytes, index: int) -> dict[str, Any]:
    """A card drawn into a hand as the save stores it."""
    data = _xor(_card_plain(code), key, salt, index)
    return {"type": "sealed", "data": base64.b64encode(data).decode(), "tag": sealkey.tag(key, salt, index, data)}


def _opened(entry: Any, key: bytes, salt: bytes, index: int, limit: int, what: str) -> bytes:
    damaged = SaveError(f"{what} is damaged")
    if not isinstance(entry, dict):
        raise damaged
    data_text, tag_text = entry.get("data"), entry.get("tag")
    if not isinstance(data_text, str) or not isinstance(tag_text, str) or len(data_text) > limit:
        raise damaged
    try:
        data = base64.b64decode(data_text, validate=True)
    except ValueError:
        raise damaged from None
    if not hmac.compare_digest(sealkey.tag(key, salt, index, data).encode(), tag_text.encode("utf-8", "replace")):
        raise damaged
    return _xor(data, key, salt, index)


def unseal_card(entry: Any, board: BSBoard, key: bytes, salt: bytes, index: int, what: str) -> str:
    """The airport code of a sealed card; SaveError if it was changed."""
    plain = _opened(entry, key, salt, index, _MAX_SEALED_TEXT, what)
    for code in board.codes:
        if hmac.compare_digest(_card_plain(code), plain):
            return code
    raise SaveError(f"{what} is damaged")


def _seal_rng(rng: random.Random, key: bytes, salt: bytes) -> dict[str, Any]:
    version, internal, gauss = rng.getstate()
    plain = json.dumps([version, list(internal), gauss], separators=(",", ":")).encode()
    data = _xor(plain, key, salt, _RNG_INDEX)
    return {"data": base64.b64encode(data).decode(), "tag": sealkey.tag(key, salt, _RNG_INDEX, data)}


def _unseal_rng(entry: Any, key: bytes, salt: bytes, where: str) -> tuple[Any, ...]:
    plain = _opened(entry, key, salt, _RNG_INDEX, _MAX_RNG_TEXT, f"{where}: the sealed chance generator")
    try:
        raw = json.loads(plain.decode())
    except (ValueError, UnicodeDecodeError, RecursionError):
        raw = None
    state = _rng_state(raw)
    if state is None:
        raise SaveError(f"{where}: the sealed chance generator is damaged")
    return state


def hand_draw_indices(session: BSSession) -> list[int]:
    """The log's ``draw_card`` steps whose card went into a hand (from each
    record's events: the draw's own first event is ``CardDrawn``)."""
    out = []
    for i, (a, r) in enumerate(zip(session.log, session.records)):
        if a.type == DRAW_CARD and r.events and isinstance(r.events[0], CardDrawn):
            out.append(i)
    return out


# ---------------------------------------------------------------- writing

def board_hash(board: BSBoard) -> str | None:
    if not board.path:
        return None
    try:
        return hashlib.sha256(Path(board.path).read_bytes()).hexdigest()
    except OSError:
        return None


def _is_shipped(board: BSBoard) -> bool:
    from opensky.paths import boards_dir
    if not board.path:
        return False
    try:
        return Path(board.path).resolve().parent == boards_dir().resolve()
    except OSError:
        return False


def to_document(session: BSSession, seats: Sequence[Seat], name: str = "",
                key: bytes | None = None) -> dict[str, Any]:
    """The save as a JSON-ready dict (``key``: the seal key; this computer's by default)."""
    st = session.state
    codec = session.codec
    salt = secrets.token_bytes(16)
    secret = not st.game_over
    if secret and key is None:
        key = sealkey.current()
    hidden = set(hand_draw_indices(session)) if secret else set()
    actions: list[dict[str, Any]] = []
    for i, a in enumerate(session.log):
        if i in hidden and key is not None:
            actions.append(seal_card(st.board.codes[a.arg], key, salt, i))
        else:
            actions.append(codec.to_dict(a))
    hands: list[list[Any]] | None = None
    if session.hands is not None:
        hands = [[seal_card(st.board.codes[c], key, salt, _HANDS_INDEX + 8 * q + k) if secret and key is not None
                  else st.board.codes[c] for k, c in enumerate(h)] for q, h in enumerate(session.hands)]
    board = session.board
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME,
        "app_version": __version__,
        "saved_at": datetime.now(timezone.utc).replace(microsecond=0).isoformat(),
        "name": name,
        "board": {"id": board.id, "sha256": board_hash(board), "file": board.path if not _is_shipped(board) else None},
        "seats": [vars(s).copy() for s in seats],
        "seed": session.seed,
        "opening": None if session.opening is None else [board.codes[c] for c in session.opening],
        "hands": hands,
        "salt": salt.hex(),
        "seal_key": sealkey.key_id(key) if secret and key is not None else None,
        "rng": _seal_rng(session.rng, key, salt) if secret and key is not None else None,
        "actions": actions,
        "summary": summary(session, seats),
    }


def summary(session: BSSession, seats: Sequence[Seat]) -> dict[str, Any]:
    """What the list of saves shows, without a replay."""
    st = session.state
    totals = [int(f["total"]) for f in st.final] if st.final is not None else list(st.score)  # type: ignore[call-overload]
    turn = st.names[st.actor] if st.actor is not None and not st.is_chance() else None
    return {
        "game": GAME,
        "board": session.board.name,
        "airlines": [s.name for s in seats],
        "round": st.round,
        "step": st.step,
        "turn": turn,
        "game_over": st.game_over,
        "scores": totals,
        "actions": len(session.log),
    }


def dumps(session: BSSession, seats: Sequence[Seat], name: str = "", key: bytes | None = None) -> str:
    return json.dumps(to_document(session, seats, name, key), ensure_ascii=False, indent=1)


# ---------------------------------------------------------------- reading

def is_document(doc: Any) -> bool:
    return isinstance(doc, dict) and doc.get("format") == FORMAT


def checked_document(doc: Any, where: str) -> dict[str, Any]:
    """``doc`` if it is a Blue Skies save; one line naming what it is otherwise."""
    if isinstance(doc, dict) and doc.get("format") == "opensky-save":
        raise SaveError(f"{where}: this is an OpenSky save, not a Blue Skies one")
    if not is_document(doc):
        raise SaveError(f"{where}: not a Blue Skies save file")
    return doc  # type: ignore[no-any-return]


def read_document(path: str | os.PathLike[str], where: str | None = None) -> dict[str, Any]:
    where = where or display(path)
    try:
        doc = read_json(path, "save", where=where)
    except FileProblem as e:
        raise SaveError(str(e)) from None
    return checked_document(doc, where)


def parse_document(data: bytes, where: str) -> dict[str, Any]:
    try:
        doc = parse_json(data, where, "save")
    except FileProblem as e:
        raise SaveError(str(e)) from None
    return checked_document(doc, where)


def load(path: str | os.PathLike[str]) -> LoadedBSGame:
    """Load a Blue Skies save file: the game replayed to where it was."""
    return from_document(read_document(path), display(path))


def from_document(doc: dict[str, Any], where: str = "save") -> LoadedBSGame:
    """The game a save document holds, replayed; SaveError (one line) for
    anything wrong, whatever it is."""
    try:
        return _from_document(doc, where)
    except SaveError as e:
        raise SaveError(one_line(str(e))) from None
    except (RecursionError, MemoryError):
        raise SaveError(f"{where}: the save file is damaged (too large or nested too deeply)") from None
    except Exception as e:  # noqa: BLE001 - the promise: one line, never a traceback
        raise SaveError(f"{where}: the save file is damaged ({type(e).__name__})") from None


class _Doc:
    """Field checks on one document, each failure one line naming the field."""

    def __init__(self, doc: dict[str, Any], where: str):
        self.doc, self.where = doc, where

    def bad(self, what: str) -> SaveError:
        return SaveError(f"{self.where}: the save file is damaged ({what})")

    def need(self, key: str, typ: type | tuple[type, ...]) -> Any:
        v = self.doc.get(key)
        if not isinstance(v, typ) or (isinstance(v, bool) and typ is not bool):
            raise self.bad(f"'{key}' is missing or wrong")
        return v


def _from_document(doc: dict[str, Any], where: str) -> LoadedBSGame:
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{where}: the save file has no valid version")
    if version > VERSION:
        raise SaveError(f"{where}: this Blue Skies save was made by a newer OpenSky "
                        f"({short(doc.get('app_version', '?'), 20)}, save format {version}); this is {__version__} "
                        f"(format {VERSION}) — please update")
    if version < 1:
        raise SaveError(f"{where}: unknown save format {version}")
    d = _Doc(doc, where)
    bd = d.need("board", dict)
    seats_raw = d.need("seats", list)
    seed = d.need("seed", int)
    actions = d.need("actions", list)
    salt_text = doc.get("salt", "")
    try:
        if not isinstance(salt_text, str) or len(salt_text) > 256:
            raise ValueError
        salt = bytes.fromhex(salt_text)
    except ValueError:
        raise d.bad("'salt' is wrong") from None
    notes: list[Note] = []
    seats = _seats(seats_raw, d, notes)
    board = _board_for(bd, where)
    want_hash = bd.get("sha256")
    have_hash = board_hash(board)
    changed = bool(isinstance(want_hash, str) and want_hash and have_hash and want_hash != have_hash)
    opening = _codes(doc.get("opening"), board, d, "opening", 5)
    key = _open_key(doc)
    sealed_cards = any(isinstance(a, dict) and a.get("type") == "sealed" for a in actions) \
        or _has_sealed_hands(doc.get("hands"))
    # another computer: deal the hidden cards again (and draw on from a new generator)
    fresh = (sealed_cards or isinstance(doc.get("rng"), dict)) and key is None
    redeal = chance_rng(seed, label="redeal", salt=salt) if fresh else None
    hands = _hands(doc.get("hands"), board, opening, seats, d, key, salt, redeal)
    names = [s.name for s in seats]
    try:
        session = BSSession(board, names, seed=seed, opening=opening, hands=hands)
    except IllegalAction as e:
        raise SaveError(f"{where}: this save does not fit board '{short(board.id, 40)}' ({e})") from None
    cut = _replay(session, actions, d, key, salt, redeal, changed)
    if fresh and sealed_cards:
        notes.append((N_("This game was saved on another computer (or its key was replaced): the cards in the "
                         "players' hands cannot be read here, so they were dealt again from the cards nobody "
                         "has seen."), {}))
        if cut is not None:
            notes.append((N_("With the new cards the game no longer replays from move {move} of {moves}, so it "
                             "goes on from just before that move."), {"move": str(cut + 1), "moves": str(len(actions))}))
    if changed:
        notes.append((N_("The board “{board}” has changed since this game was saved; the game still replays."),
                      {"board": short(board.id, 40)}))
    rng = doc.get("rng")
    if redeal is not None:
        session.rng = redeal
    elif isinstance(rng, dict) and key is not None:
        session.rng.setstate(_unseal_rng(rng, key, salt, where))
    elif rng is not None:
        raise d.bad("'rng' is wrong")
    elif not session.state.game_over:
        session.rng = chance_rng(seed, salt=salt)   # written without a key: only when nothing was secret
    name = doc.get("name", "")
    saved_at = doc.get("saved_at", "")
    return LoadedBSGame(session=session, seats=seats, name=name[:MAX_NAME] if isinstance(name, str) else "",
                        saved_at=saved_at[:40] if isinstance(saved_at, str) else "", notes=notes)


def _replay(session: BSSession, actions: list[Any], d: _Doc, key: bytes | None, salt: bytes,
            redeal: random.Random | None, changed: bool) -> int | None:
    """Apply the log; with ``redeal`` (the sealed cards unreadable here) each
    sealed draw is dealt again and the log is cut at the first action that
    no longer fits — its index, or None when all replayed."""
    where = d.where
    board = session.board
    for i, entry in enumerate(actions):
        st = session.state
        if isinstance(entry, dict) and entry.get("type") == "sealed":
            if not (st.decision == DRAW_CARD and st.card_purpose in HAND_PURPOSES):
                raise SaveError(f"{where}: step {i + 1}: a sealed card is out of place")
            if redeal is not None:
                session.apply(draw(st, redeal))
                continue
            if key is None:
                raise SaveError(f"{where}: step {i + 1}: a sealed card has no key")
            entry = {"type": DRAW_CARD, "outcome": unseal_card(entry, board, key, salt, i,
                                                               f"{where}: step {i + 1}: a sealed card")}
        try:
            a: Action = session.codec.from_dict(entry)
            if a.type in CHANCE_TYPES and a.arg is None:
                raise IllegalAction("a chance step without its outcome")
        except IllegalAction as e:
            raise SaveError(f"{where}: step {i + 1} of {len(actions)} is damaged ({e})") from None
        try:
            session.apply(a)
        except IllegalAction as e:
            if redeal is not None:
                return i
            extra = (f" — the save was made with a different version of board '{short(board.id, 40)}'"
                     if changed else "")
            raise SaveError(f"{where}: step {i + 1} of {len(actions)} is not a legal move ({e}){extra}") from None
    return None


def _open_key(doc: dict[str, Any]) -> bytes | None:
    """This computer's key if it is the one that sealed the save, else None."""
    want = doc.get("seal_key")
    if not isinstance(want, str):
        return None
    key = sealkey.current()
    return key if hmac.compare_digest(sealkey.key_id(key).encode(), want.encode("utf-8", "replace")) else None


def _has_sealed_hands(raw: Any) -> bool:
    return isinstance(raw, list) and any(isinstance(h, list) and any(isinstance(c, dict) for c in h) for h in raw)


def _codes(raw: Any, board: BSBoard, d: _Doc, what: str, n: int) -> list[int] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != n or not all(isinstance(c, str) for c in raw):
        raise d.bad(f"'{what}' is wrong")
    try:
        return [board.index(c) for c in raw]
    except KeyError:
        raise d.bad(f"'{what}' names an airport the board does not have") from None


def _hands(raw: Any, board: BSBoard, opening: list[int] | None, seats: list[Seat], d: _Doc,
           key: bytes | None, salt: bytes, redeal: random.Random | None) -> list[list[int]] | None:
    """The hands a save's game was given at the start (scripts, tests), sealed
    like drawn cards; dealt again from the cards left when unreadable here."""
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != len(seats) or opening is None \
            or not all(isinstance(h, list) and len(h) == 3 for h in raw):
        raise d.bad("'hands' is wrong")
    if redeal is not None:
        left = [a.demand_cards for a in board.airports]
        for c in opening:
            left[c] = max(0, left[c] - 1)
        pool = [a for a, k in enumerate(left) for _ in range(k)]
        dealt = redeal.sample(pool, 3 * len(seats)) if len(pool) >= 3 * len(seats) else pool
        return [sorted(dealt[3 * q:3 * q + 3]) for q in range(len(seats))]
    out: list[list[int]] = []
    for q, h in enumerate(raw):
        row: list[int] = []
        for k, c in enumerate(h):
            code: Any = c
            if isinstance(c, dict):
                if key is None:
                    raise d.bad("a sealed hand has no key")
                code = unseal_card(c, board, key, salt, _HANDS_INDEX + 8 * q + k, f"{d.where}: a sealed hand")
            if not isinstance(code, str):
                raise d.bad("'hands' is wrong")
            try:
                row.append(board.index(code))
            except KeyError:
                raise d.bad("'hands' names an airport the board does not have") from None
        out.append(row)
    return out


def _seats(raw: list[Any], d: _Doc, notes: list[Note]) -> list[Seat]:
    """The seats, each field checked; an unknown computer level plays as Normal."""
    from opensky.ai.blueskies import BS_BOT_NAMES
    if not 2 <= len(raw) <= 5:
        raise d.bad(f"it needs 2 to 5 seats, not {len(raw)}")
    seats: list[Seat] = []
    for s in raw:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not s["name"].strip():
            raise d.bad("a seat has no name")
        if len(s["name"]) > MAX_NAME:
            raise d.bad(f"a seat's name is over {MAX_NAME} characters")
        color, shape, bot = s.get("color"), s.get("shape"), s.get("bot")
        human = s.get("human", True)
        seat = Seat(name=s["name"],
                    color=color if isinstance(color, str) and len(color) <= 32 else "navy",
                    shape=shape if isinstance(shape, str) and len(shape) <= 32 else "circle",
                    human=human if isinstance(human, bool) else True,
                    bot=bot if isinstance(bot, str) and bot in BS_BOT_NAMES else "normal")
        if not seat.human and bot != seat.bot:
            notes.append((N_("{name}: the computer level {level} is unknown here; it plays as Normal."),
                          {"name": seat.name, "level": short(bot, 20)}))
        seats.append(seat)
    return seats


def _board_for(bd: dict[str, Any], where: str) -> BSBoard:
    bid = bd.get("id")
    file = bd.get("file")
    try:
        if isinstance(file, str) and file:
            return load_bs_board(file)
        if isinstance(bid, str) and bid:
            return load_bs_board(bid)
    except BoardError as e:
        raise SaveError(f"{where}: the save's board cannot be loaded: {e}") from None
    raise SaveError(f"{where}: the save file is damaged (no board)")


__all__ = ["FORMAT", "LoadedBSGame", "SaveError", "chance_rng", "dumps", "from_document", "load",
           "parse_document", "read_document", "summary", "to_document"]
