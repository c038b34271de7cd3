"""Where saves live and how they are written so that none is ever lost.

Every write is atomic: the new content goes to a temporary file in the same
folder, is flushed and fsynced, and only then renamed over the old file.  The
autosave also keeps the previous good copy (``autosave.prev.json``): if the
program dies at any moment, the latest or the previous save is whole.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from opensky.persistence.save import (
    LoadedGame, SaveError, SeatInfo, dumps, from_document, read_document,
)
from opensky.rules.session import Session
from opensky.userdirs import data_dir, saves_dir

AUTOSAVE = "autosave.json"
AUTOSAVE_PREV = "autosave.prev.json"


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # not possible on Windows; the rename is durable enough there
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str, keep_previous: Path | None = None) -> None:
    """Write ``text`` to ``path`` atomically (temp file, flush, fsync, rename).
    With ``keep_previous``, the file being replaced is kept under that name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if keep_previous is not None and path.exists():
            os.replace(path, keep_previous)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_autosave(session: Session, seats: Sequence[SeatInfo]) -> None:
    folder = data_dir()
    write_atomic(folder / AUTOSAVE, dumps(session, seats, "Autosave"), keep_previous=folder / AUTOSAVE_PREV)


def read_autosave() -> LoadedGame | None:
    """The latest autosaved game, or the previous good copy if the latest is
    damaged; None when there is none."""
    folder = data_dir()
    errors = []
    for name in (AUTOSAVE, AUTOSAVE_PREV):
        p = folder / name
        if not p.exists():
            continue
        try:
            return from_document(read_document(p), str(p))
        except SaveError as e:
            errors.append(str(e))
    if errors:
        raise SaveError(errors[0])
    return None


def unfinished_autosave_exists() -> bool:
    """Quick check for the title screen's Continue (no replay)."""
    for name in (AUTOSAVE, AUTOSAVE_PREV):
        p = data_dir() / name
        try:
            doc = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(doc, dict) and not doc.get("summary", {}).get("game_over", True):
            return True
    return False


def _slug(name: str) -> str:
    s = re.sub(r"[^\w\- ]+", "", name, flags=re.UNICODE).strip().replace(" ", "-")
    return s[:60] or "game"


def save_named(session: Session, seats: Sequence[SeatInfo], name: str) -> Path:
    """Save under a name in the saves folder (replacing a save of that name)."""
    path = saves_dir() / f"{_slug(name)}.json"
    write_atomic(path, dumps(session, seats, name.strip() or "Game"))
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
            doc = read_document(p)
            summ = doc.get("summary")
            out.append(SaveEntry(p, str(doc.get("name") or p.stem), str(doc.get("saved_at", "")),
                                 summ if isinstance(summ, dict) else {}))
        except SaveError as e:
            out.append(SaveEntry(p, p.stem, "", {}, error=str(e)))
    out.sort(key=lambda e: e.saved_at, reverse=True)
    return out


def delete_save(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
