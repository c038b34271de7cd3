"""Player settings that stick: saved as JSON in the user's configuration folder
(platformdirs) and restored at start; writing is atomic like saves.

The file sits in the player's own folder, where anything can happen to it: a
hand edit, a disk error, a copy from another machine, even a pipe or a folder
under its name.  Whatever is there, the game must start, and the player must
not lose their settings silently.  So:

* every value is checked **one by one** (``from_dict``): a bad value gives
  that setting's default and keeps the others; numbers out of range, however
  large (``1e999``), are clamped; flags must be real true/false; the last
  game's setup (``last_setup``) is checked value by value too, down to each
  seat's name;
* a file that cannot be used at all (not JSON, not a table of settings, too
  large, unreadable) is **moved aside** to ``settings.json.bad``, so the
  defaults written at exit do not destroy it, and a notice tells the player;
* a ``settings.json`` that is not a regular file (a folder, pipe, device) is
  neither read nor written over;
* a failed write is reported (``save_report``) instead of being forgotten;
* temporary files left by a write that was killed before its rename are
  removed at the next start.

No pygame here: the window clamps the size to the desktop itself
(``max_window``).  Notices are plain ``(title, body, fields)`` tuples of
English keys (marked with ``N_``) that the window translates when it shows
them.
"""
from __future__ import annotations

import json
import math
import os
import stat
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from opensky.i18n import LANGUAGES, N_
from opensky.textlimits import unshowable
from opensky.userdirs import config_dir
from opensky.userfile import FileProblem, display, parse_json, read_text

FILE = "settings.json"
#: Where a damaged settings file is kept (an older one is replaced).
BAD = FILE + ".bad"
MIN_WINDOW = (960, 600)
#: The largest window when the desktop size is not known (8K).
MAX_WINDOW = (7680, 4320)

#: A message for the player: (title, body, fields) — English keys, the body
#: formatted with the fields (paths) after translation.
Notice = tuple[str, str, dict[str, str]]

DAMAGED_TITLE = N_("Settings file damaged")
UNUSABLE_TITLE = N_("Settings file cannot be used")
DAMAGED_MOVED = N_("The settings file could not be read, so the default settings are used. "
                   "The damaged file is kept as {path}.")
DAMAGED_KEPT = N_("The settings file {path} could not be read, so the default settings are used. "
                  "It is left as it is, and settings are not saved until it is repaired or removed.")
NOT_REGULAR = N_("{path} is not a regular file (it is a folder, pipe or device), so it is not read. "
                 "The default settings are used, and settings are not saved until it is removed.")
NOT_SAVED_TITLE = N_("Settings not saved")
NOT_SAVED = N_("Your settings could not be saved in the folder {path}. They apply until you quit. "
               "Check that the folder exists and can be written.")


def shown(path: Path, limit: int = 160) -> str:
    """A path as a notice shows it: absolute (the folder the game was started
    from means nothing to a player), printable, on one line, cut from the
    left (the file's name matters most)."""
    try:
        text = os.fsdecode(os.path.abspath(path))
    except (OSError, ValueError, TypeError):
        return FILE
    text = text.encode("utf-8", "replace").decode("utf-8")  # undecodable bytes
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


#: What New game offers, so what a remembered setup may hold: the games,
#: each game's boards, the ways of placing the call signs (OpenSky), and who
#: flies a seat (a person, or a computer level).
GAMES: tuple[str, ...] = ("opensky", "blue_skies")
SETUP_BOARDS: tuple[str, ...] = ("europe", "north_america")
BS_BOARDS: tuple[str, ...] = ("usa",)
CALLSIGN_MODES: tuple[str, ...] = ("recommended", "random", "players")
HUMAN = "human"
SEAT_KINDS: tuple[str, ...] = (HUMAN, "easy", "normal", "expert", "remote")
#: After how long a computer plays for a friend who is away in an online game
#: (minutes, or never).
AWAY_CHOICES: tuple[str, ...] = ("2", "5", "never")
#: The longest airline name New game takes.
MAX_SEAT_NAME = 16
#: The longest colour or emblem key kept (the screen checks it is its own).
MAX_KEY = 32


@dataclass
class Settings:
    language: str = ""              # "" = the system's language (if ours), else English
    master_volume: float = 0.8
    effects_volume: float = 0.8
    music_volume: float = 0.35
    muted: bool = False
    anim_speed: float = 1.0         # 0 = animations off
    ai_pace: float = 0.8            # seconds between a computer's moves
    fullscreen: bool = False
    window_size: list[int] = field(default_factory=lambda: [1280, 720])
    text_scale: float = 1.0
    #: The setup of the last game started from New game, which it offers
    #: again ({} before the first): see ``last_setup``.  No seed: each new
    #: game deals new dice unless the player types one.
    last_setup: dict[str, Any] = field(default_factory=dict)
    #: The same for Blue Skies (``last_bs_setup``): each game keeps its own,
    #: so trying one game does not lose the other's airlines.
    last_bs_setup: dict[str, Any] = field(default_factory=dict)
    #: The game New game shows first: the last one started.
    last_game: str = "opensky"
    #: Online games hosted here: after how long a computer plays for a
    #: friend who is away (``AWAY_CHOICES``).
    online_away: str = "2"
    #: The host address last joined (Join game offers it again).
    last_join: str = ""

    def clamp(self, max_window: tuple[int, int] = MAX_WINDOW) -> "Settings":
        """Keep every value in its range, each on its own (a hand-edited file
        or a caller's odd value can't break the game)."""
        d = Settings()
        for f in fields(self):
            setattr(self, f.name, _check(f.name, getattr(self, f.name), getattr(d, f.name), max_window))
        return self


#: (lowest, highest) of each number setting.
RANGES: dict[str, tuple[float, float]] = {
    "master_volume": (0.0, 1.0), "effects_volume": (0.0, 1.0), "music_volume": (0.0, 1.0),
    "anim_speed": (0.0, 8.0), "ai_pace": (0.0, 5.0), "text_scale": (0.8, 1.5),
}


def _number(v: Any, lo: float, hi: float, default: float) -> float:
    """``v`` clamped to [lo, hi] if it is a real number (not a flag, not text);
    ``default`` otherwise.  Infinities clamp; NaN is no number."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return default
    try:
        x = float(v)
    except OverflowError:  # an int too large for a float
        x = math.inf if v > 0 else -math.inf
    if math.isnan(x):
        return default
    return min(hi, max(lo, x))


def _flag(v: Any, default: bool) -> bool:
    """A real true/false (or 0/1); anything else, such as the text "false"
    (which ``bool()`` would make True), gives the default."""
    if isinstance(v, bool):
        return v
    if isinstance(v, int) and v in (0, 1):
        return bool(v)
    return default


def _check(name: str, v: Any, default: Any, max_window: tuple[int, int]) -> Any:
    if name in RANGES:
        lo, hi = RANGES[name]
        return _number(v, lo, hi, default)
    if name in ("muted", "fullscreen"):
        return _flag(v, default)
    if name == "language":
        return v if isinstance(v, str) and (v == "" or v in LANGUAGES) else ""
    if name == "window_size":
        return window_size(v, default, max_window)
    if name == "last_setup":
        return last_setup(v)
    if name == "last_bs_setup":
        return last_bs_setup(v)
    if name == "last_game":
        return v if isinstance(v, str) and v in GAMES else default
    if name == "online_away":
        return v if isinstance(v, str) and v in AWAY_CHOICES else default
    if name == "last_join":
        from opensky.online.protocol import split_address
        return v if isinstance(v, str) and split_address(v) is not None else default
    return default


def last_setup(v: Any, game: str = "opensky") -> dict[str, Any]:
    """A remembered new-game setup, checked value by value.

    The shape: ``{"board", "callsigns", "seats": [{"name", "color", "shape",
    "kind"}, …]}`` with 2 to 4 seats.  Anything that is not a table (or an
    empty one) is no setup (``{}``); otherwise every value stands or falls on
    its own: a bad board or call-sign mode gives the first one, a bad seat
    list the two default seats, a bad name (empty, too long, a control
    character or a lone surrogate, or the same as an earlier seat's) that
    seat's default name (one no other seat has), a bad kind a person in the
    first seat and Easy in the others.  Colour and emblem keys are kept when
    they are short plain words; the New game screen keeps only its own.

    For Blue Skies (``game="blue_skies"``, ``last_bs_setup``) the shape is
    ``{"board", "seats"}`` with 2 to 5 seats and no call signs."""
    from opensky.play.seats import DEFAULT_SEATS, MAX_SEATS
    if not isinstance(v, dict) or not v:
        return {}
    bs = game == "blue_skies"
    most = MAX_SEATS["blue_skies" if bs else "opensky"]

    def pick(value: Any, allowed: tuple[str, ...]) -> str:
        return value if isinstance(value, str) and value in allowed else allowed[0]

    raw = v.get("seats")
    if not isinstance(raw, list) or not 2 <= len(raw) <= min(most, len(DEFAULT_SEATS)):
        raw = [{}, {}]
    seats: list[dict[str, Any]] = []
    for i, seat in enumerate(raw):
        seat = seat if isinstance(seat, dict) else {}
        name, color, shape = DEFAULT_SEATS[i]
        kind = seat.get("kind")
        seats.append({
            "name": _seat_name(seat.get("name")),
            "color": _key(seat.get("color"), color),
            "shape": _key(seat.get("shape"), shape),
            "kind": kind if isinstance(kind, str) and kind in SEAT_KINDS else (HUMAN if i == 0 else "easy"),
        })
    used: set[str] = set()
    for i, seat in enumerate(seats):  # a missing or repeated name: a default no other seat has
        if seat["name"] is None or seat["name"].lower() in used:
            taken = used | {str(x["name"]).lower() for x in seats[i + 1:] if x["name"] is not None}
            seat["name"] = next(d[0] for d in DEFAULT_SEATS if d[0].lower() not in taken)
        used.add(seat["name"].lower())
    if bs:
        return {"board": pick(v.get("board"), BS_BOARDS), "seats": seats}
    return {"board": pick(v.get("board"), SETUP_BOARDS), "callsigns": pick(v.get("callsigns"), CALLSIGN_MODES),
            "seats": seats}


def last_bs_setup(v: Any) -> dict[str, Any]:
    """A remembered Blue Skies setup, checked value by value (``last_setup``)."""
    return last_setup(v, "blue_skies")


def _seat_name(v: Any) -> str | None:
    """An airline name as New game takes it (trimmed), or None."""
    if not isinstance(v, str):
        return None
    name = v.strip()
    if not name or len(name) > MAX_SEAT_NAME or unshowable(name) is not None:
        return None
    return name


def _key(v: Any, default: str) -> str:
    """A colour or emblem key: a short plain word, else ``default``."""
    if isinstance(v, str) and 0 < len(v) <= MAX_KEY and v.isascii() and v.replace("_", "").isalnum():
        return v
    return default


def window_size(v: Any, default: list[int], max_window: tuple[int, int] = MAX_WINDOW) -> list[int]:
    """A stored [width, height] clamped between the minimum window and
    ``max_window`` (never below the minimum); ``default`` if it is not a pair
    of numbers."""
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        return list(default)
    out = []
    for x, lo, hi in zip(v, MIN_WINDOW, max_window):
        n = _number(x, lo, max(lo, hi), math.nan)
        if math.isnan(n):
            return list(default)
        out.append(int(round(n)))
    return out


def from_dict(raw: dict[Any, Any], max_window: tuple[int, int] = MAX_WINDOW) -> Settings:
    """Settings from a parsed file: known keys checked one by one, unknown
    keys ignored, missing or bad ones the defaults."""
    st = Settings()
    for f in fields(st):
        if f.name in raw:
            setattr(st, f.name, _check(f.name, raw[f.name], getattr(st, f.name), max_window))
    return st


# --------------------------------------------------------------------- reading


@dataclass
class Loaded:
    """What ``load_report`` found."""
    settings: Settings
    #: Tell the player this (once): the file was damaged or unusable.
    notice: Notice | None = None
    #: False: leave ``settings.json`` alone this session (it is not a regular
    #: file, or it is damaged and could not be moved aside).
    writable: bool = True


def _parse(text: str, where: str) -> dict[Any, Any]:
    """The settings table of a file's text, or FileProblem.

    Read leniently (``userfile.parse_json(strict=False)``): numbers that do
    not fit (``1e999``, ``Infinity``, 100 digits) are clamped value by value
    afterwards instead of costing the player every other setting."""
    raw = parse_json(text, where, "settings", strict=False)
    if not isinstance(raw, dict):
        raise FileProblem(where, "is not a settings file (it holds no table of settings)")
    return raw


def load_report(max_window: tuple[int, int] = MAX_WINDOW) -> Loaded:
    """Read the settings at start, never failing.

    Removes leftover temporary files first.  A missing file (or a missing
    folder) gives the defaults quietly; a damaged one is moved aside to
    ``settings.json.bad`` with a notice; a non-regular one is left alone, not
    read, with a notice."""
    folder = config_dir()
    path = folder / FILE
    remove_stale_temp_files(folder)
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return Loaded(Settings())
    except (OSError, ValueError):
        return _set_aside(path)
    if not stat.S_ISREG(st.st_mode):
        return Loaded(Settings(), (UNUSABLE_TITLE, NOT_REGULAR, {"path": shown(path)}), writable=False)
    where = display(path)
    try:
        raw = _parse(read_text(path, "settings", where=where), where)
    except FileProblem:
        if not os.path.lexists(path):  # removed while we looked: nothing to keep
            return Loaded(Settings())
        return _set_aside(path)
    return Loaded(from_dict(raw, max_window))


def _set_aside(path: Path) -> Loaded:
    """Keep a damaged settings file as ``settings.json.bad`` so that saving
    the defaults later does not destroy what the player had."""
    bad = path.with_name(BAD)
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode) and not os.path.islink(path):
            raise OSError("not a regular file")  # changed under us: leave it
        os.replace(path, bad)
    except (OSError, ValueError):
        return Loaded(Settings(), (DAMAGED_TITLE, DAMAGED_KEPT, {"path": shown(path)}), writable=False)
    return Loaded(Settings(), (DAMAGED_TITLE, DAMAGED_MOVED, {"path": shown(bad)}))


def load() -> Settings:
    """The settings (see ``load_report``, which also says what went wrong)."""
    return load_report().settings


def remove_stale_temp_files(folder: Path, now: float | None = None) -> int:
    """Remove ``settings.json.*.tmp`` files that a write killed between
    writing and renaming left behind (``persistence.store.remove_stale_temp_files``)."""
    from opensky.persistence.store import remove_stale_temp_files as remove
    return remove([folder], prefixes=(FILE + ".",), now=now)


# --------------------------------------------------------------------- writing


def save_report(settings: Settings) -> Notice | None:
    """Write the settings (checked again first); None when written, else the
    notice telling the player why not.  A ``settings.json`` that is not a
    regular file is never written over."""
    from opensky.persistence.atomic import write_atomic
    path = config_dir() / FILE
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        return (UNUSABLE_TITLE, NOT_REGULAR, {"path": shown(path)})
    try:
        text = json.dumps(asdict(replace(settings).clamp()), indent=1, allow_nan=False)
        write_atomic(path, text)
    except (OSError, ValueError):
        return (NOT_SAVED_TITLE, NOT_SAVED, {"path": shown(path.parent)})
    return None


def save(settings: Settings) -> bool:
    """Write the settings; False (and nothing lost) if they could not be written."""
    return save_report(settings) is None
