"""Where saves live and how they are written so that none is ever lost.

Every write is atomic: the new content goes to a temporary file in the same
folder, is flushed and fsynced, and only then renamed over the old file.  The
autosave also keeps the previous good copy (``autosave.prev.json``): if the
program dies at any moment, the latest or the previous save is whole.

Both games live here: one autosave slot (Continue continues the last game
played, whichever game it was) and one saves folder.  A file says which game
it is by its ``format`` (``opensky-save`` or ``blueskies-save``); reading
dispatches on it (``read_any_document``, ``loaded_from``, ``load_any``) and
writing on the session's type, so each game's own module stays the only one
that knows its format.
"""
from __future__ import annotations

import os
import re
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from opensky.blueskies.session import BSSession
from opensky.persistence import bssave
from opensky.persistence.bssave import LoadedBSGame
from opensky.persistence.save import (
    FORMAT as OPENSKY_FORMAT, LoadedGame, SaveError, Seat, dumps, from_document,
)
from opensky.i18n import N_
from opensky.persistence.atomic import write_atomic
from opensky.rules.session import Session
from opensky.textlimits import one_line
from opensky.userdirs import data_dir, saves_dir
from opensky.userfile import FileProblem, display, read_json

#: a game of either kind, as the store writes it and reads it back
AnySession = Session | BSSession
AnyLoaded = LoadedGame | LoadedBSGame

AUTOSAVE = "autosave.json"
AUTOSAVE_PREV = "autosave.prev.json"


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


#: (mtime_ns, size) of the autosave this program wrote last, per folder: a
#: file that is still ours may become the previous copy without a check.
_written: dict[str, tuple[int, int]] = {}
#: A temporary file older than this was left by a program that was killed
#: (a live one renames its file within milliseconds).
STALE_TEMP_SECONDS = 60.0


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def read_any_document(path: str | os.PathLike[str], where: str | None = None) -> dict[str, Any]:
    """Read a save file of either game; SaveError (one line) if it is neither."""
    where = where or display(path)
    try:
        doc = read_json(path, "save", where=where)
    except FileProblem as e:
        raise SaveError(str(e)) from None
    if not isinstance(doc, dict) or doc.get("format") not in (OPENSKY_FORMAT, bssave.FORMAT):
        raise SaveError(f"{where}: not an OpenSky save file")
    return doc


def loaded_from(doc: dict[str, Any], where: str = "save") -> AnyLoaded:
    """The game a document of either game holds, replayed (SaveError, one line)."""
    if bssave.is_document(doc):
        return bssave.from_document(doc, where)
    return from_document(doc, where)


def load_any(path: str | os.PathLike[str]) -> AnyLoaded:
    """Load a save file of either game."""
    return loaded_from(read_any_document(path), display(path))


def dumps_any(session: AnySession, seats: Sequence[Seat], name: str = "") -> str:
    if isinstance(session, BSSession):
        return bssave.dumps(session, seats, name)
    return dumps(session, seats, name)


def write_autosave(session: AnySession, seats: Sequence[Seat]) -> None:
    """Write the autosave; the one it replaces becomes ``autosave.prev.json``.

    Nothing we could not read is overwritten: an ``autosave.json`` this
    program did not write is first checked, and a damaged one is kept aside
    (``keep_damaged``) instead of replacing the previous good copy."""
    folder = data_dir()
    path = folder / AUTOSAVE
    if path.exists() and _stamp(path) != _written.get(str(folder)):
        try:
            read_any_document(path)
        except SaveError:
            keep_damaged(path)
    write_atomic(path, dumps_any(session, seats, "Autosave"), keep_previous=folder / AUTOSAVE_PREV)
    stamp = _stamp(path)
    if stamp is not None:
        _written[str(folder)] = stamp


def keep_damaged(path: Path) -> Path | None:
    """Move a damaged file aside (``NAME.damaged-YYYYmmdd-HHMMSS.json``), never
    deleting it; the new name, or None if it could not be moved."""
    when = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 100):
        extra = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{path.stem}.damaged-{when}{extra}{path.suffix}")
        if target.exists():
            continue
        try:
            os.replace(path, target)
            return target
        except OSError:
            return None
    return None


def read_autosave() -> AnyLoaded | None:
    """The latest autosaved game (of either game), or the previous good copy if the latest is
    damaged (a note says so); None when there is none.  A damaged copy is
    kept aside under a ``.damaged-…`` name, so the next autosave cannot
    overwrite it.  SaveError when every copy there is damaged."""
    folder = data_dir()
    errors: list[str] = []
    kept: list[str] = []
    for name in (AUTOSAVE, AUTOSAVE_PREV):
        p = folder / name
        if not p.exists() and not p.is_symlink():
            continue
        try:
            loaded = loaded_from(read_any_document(p, name), name)
        except SaveError as e:
            errors.append(str(e))
            if p.is_file() and not p.is_symlink():
                moved = keep_damaged(p)
                if moved is not None:
                    kept.append(moved.name)
            continue
        if errors:
            loaded.notes.insert(0, (N_("The latest autosave was damaged, so the game goes on from the copy "
                                       "before it (one move earlier). The damaged file was kept as {file}."),
                                    {"file": ", ".join(kept) or AUTOSAVE}))
        return loaded
    if errors:
        raise AutosaveUnreadable(errors[0], kept)
    return None


class AutosaveUnreadable(SaveError):
    """No copy of the autosave can be read: ``problem`` says what is wrong
    with the latest, ``kept`` names the damaged files kept aside."""

    def __init__(self, problem: str, kept: list[str]):
        self.problem = problem
        self.kept = kept
        where = f" The damaged files were kept as {', '.join(kept)}." if kept else ""
        super().__init__(f"No copy of the autosave can be read ({problem}).{where}")


def unfinished_autosave_exists() -> bool:
    """Quick check for the title screen's Continue (no replay)."""
    for name in (AUTOSAVE, AUTOSAVE_PREV):
        p = data_dir() / name
        try:
            doc = read_json(p, "save")
        except FileProblem:
            if p.exists() or p.is_symlink():
                return True   # damaged: Continue explains it and keeps the file
            continue
        summ = doc.get("summary") if isinstance(doc, dict) else None
        if isinstance(summ, dict) and summ.get("game_over") is False:
            return True
        if not isinstance(summ, dict):
            return True       # not readable as a save: let Continue explain
    return False


def remove_stale_temp_files(folders: Sequence[Path] | None = None, prefixes: tuple[str, ...] = (),
                            now: float | None = None) -> int:
    """Remove the temporary files a killed program left (``NAME.json.*.tmp``
    from ``write_atomic``) in ``folders`` (the data and saves folders by
    default), only those starting with one of ``prefixes`` when given; how
    many were removed.  Young ones (``STALE_TEMP_SECONDS``) are left: another
    running copy may be about to rename its own.  Folders and other files are
    never touched; a link is removed, never what it points to."""
    removed = 0
    now = time.time() if now is None else now
    for folder in folders if folders is not None else (data_dir(), saves_dir()):
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if not (name.endswith(".tmp") and ".json." in name):
                continue
            if prefixes and not name.startswith(prefixes):
                continue
            try:
                st = entry.stat(follow_symlinks=False)
                if not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
                    continue
                if now - st.st_mtime > STALE_TEMP_SECONDS:
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                continue
    return removed


def _slug(name: str) -> str:
    s = re.sub(r"[^\w\- ]+", "", name, flags=re.UNICODE).strip().replace(" ", "-")
    return s[:60] or "game"


def save_named(session: AnySession, seats: Sequence[Seat], name: str) -> Path:
    """Save under a name in the saves folder (replacing a save of that name)."""
    path = saves_dir() / f"{_slug(name)}.json"
    write_atomic(path, dumps_any(session, seats, name.strip() or "Game"))
    return path


@dataclass
class SaveEntry:
    path: Path
    name: str
    saved_at: str
    summary: dict[str, Any]
    error: str = ""


def list_saves() -> list[SaveEntry]:
    """The named saves, newest first, each with what the list shows (board,
    airlines, month, date) — read from the file's summary, without replaying."""
    out: list[SaveEntry] = []
    folder = saves_dir()
    try:
        files = [p for p in folder.iterdir() if p.suffix == ".json"]
    except OSError:
        return []
    for p in files:
        try:
            doc = read_any_document(p)
            name = doc.get("name")
            saved_at = doc.get("saved_at")
            out.append(SaveEntry(p, name[:60] if isinstance(name, str) and name.strip() else p.stem[:60],
                                 saved_at[:40] if isinstance(saved_at, str) else "",
                                 _clean_summary(doc.get("summary"))))
        except SaveError as e:
            out.append(SaveEntry(p, p.stem[:60], "", {}, error=str(e)))
    out.sort(key=lambda e: e.saved_at, reverse=True)
    return out


def _clean_summary(summ: Any) -> dict[str, Any]:
    """What the list shows, from a file's summary: text only, cut short (the
    summary is not checked by a replay, so it is hostile like the rest).
    A Blue Skies summary also gives ``game``, ``round``, ``step``, ``turn``
    and ``scores`` (up to 5 airlines)."""
    if not isinstance(summ, dict):
        return {}
    out: dict[str, Any] = {}
    for key in ("board", "month", "phase", "step", "turn"):
        v = summ.get(key)
        if isinstance(v, str):
            out[key] = v[:40]
    if summ.get("game") == bssave.GAME:
        out["game"] = bssave.GAME
    rnd = summ.get("round")
    if isinstance(rnd, int) and not isinstance(rnd, bool) and 0 <= rnd < 10_000:
        out["round"] = rnd
    seats = 5 if out.get("game") == bssave.GAME else 4
    airlines = summ.get("airlines")
    if isinstance(airlines, list):
        out["airlines"] = [a[:24] for a in airlines[:seats] if isinstance(a, str)]
    scores = summ.get("scores")
    if isinstance(scores, list) and len(scores) <= seats and all(
            isinstance(x, int) and not isinstance(x, bool) and -10**6 < x < 10**6 for x in scores):
        out["scores"] = list(scores)
    if isinstance(summ.get("game_over"), bool):
        out["game_over"] = summ["game_over"]
    return out


def delete_save(path: Path) -> str:
    """Delete a named save: "" (deleted, or gone already) or why it could not
    be, in one line (a read-only folder, a folder where the file was)."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        return one_line(e.strerror or type(e).__name__, 120)
    return ""


def saves_exist() -> bool:
    """Whether Continue has something to continue: an unfinished autosave."""
    return unfinished_autosave_exists()


def named_saves_exist() -> bool:
    """Whether Load has something to show: a ``.json`` in the saves folder."""
    d = saves_dir()
    try:
        return d.is_dir() and any(p.suffix == ".json" for p in d.iterdir())
    except OSError:
        return False
