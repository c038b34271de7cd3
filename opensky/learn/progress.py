"""The player's learning progress: ``learn.json`` in the configuration folder.

What it keeps: a mark per rule puzzle (``"solved"`` or ``"tried"``, by puzzle
id) and, per tutorial id, how far it went (``{"step": int, "done": bool}``)::

    {"puzzles": {"01-half-the-fare": "solved"},
     "tutorials": {"first-flight": {"step": 3, "done": false}}}

The file is the player's, so it is hostile until checked (the habits of
``opensky.settings``): read through ``opensky.userfile`` (regular files only,
a size cap); ``load()`` never raises.  A missing file is empty progress; a
file that cannot be used at all (not JSON, not a table, too large, a folder
or a pipe under its name) is moved aside to ``learn.json.bad`` (an older
``.bad`` is kept: the new one gets a number) and the progress starts empty;
inside a usable file every value is checked one by one, and a bad one is
dropped on its own.  Writes are atomic (``persistence.atomic``), and a write
that fails is reported as a sentence instead of raised.

Pure: no pygame.
"""
from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from opensky.textlimits import unshowable
from opensky.userdirs import config_dir
from opensky.userfile import FileProblem, display, parse_json, read_text

__all__ = ["FILE", "BAD", "SOLVED", "TRIED", "MARKS", "Progress", "TutorialMark", "load", "save",
           "mark_puzzle", "mark_tutorial", "path"]

FILE = "learn.json"
BAD = FILE + ".bad"
SOLVED, TRIED = "solved", "tried"
MARKS: tuple[str, ...] = (SOLVED, TRIED)
#: A progress file is a few hundred bytes; this is plenty.
MAX_BYTES = 256 * 1024
#: The most entries kept of each kind, and the longest id.
MAX_ENTRIES = 1000
MAX_ID = 80
MAX_STEP = 10_000
#: How many older ``.bad`` files are kept before the oldest name is reused.
MAX_BAD = 20


@dataclass
class TutorialMark:
    step: int = 0
    done: bool = False


@dataclass
class Progress:
    puzzles: dict[str, str] = field(default_factory=dict)
    tutorials: dict[str, TutorialMark] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"puzzles": dict(sorted(self.puzzles.items())),
                "tutorials": {k: {"step": v.step, "done": v.done} for k, v in sorted(self.tutorials.items())}}


def path() -> Path:
    return config_dir() / FILE


def _good_id(k: Any) -> bool:
    return isinstance(k, str) and 0 < len(k) <= MAX_ID and k.strip() == k and unshowable(k) is None


def _step(v: Any) -> int | None:
    if isinstance(v, bool) or not isinstance(v, int):
        return None
    return v if 0 <= v <= MAX_STEP else None


def from_dict(raw: dict[Any, Any]) -> Progress:
    """Progress from a parsed file: every entry checked on its own; a bad one
    is left out, the others kept."""
    out = Progress()
    puzzles = raw.get("puzzles")
    if isinstance(puzzles, dict):
        for k, v in list(puzzles.items())[:MAX_ENTRIES]:
            if _good_id(k) and isinstance(v, str) and v in MARKS:
                out.puzzles[k] = v
    tutorials = raw.get("tutorials")
    if isinstance(tutorials, dict):
        for k, v in list(tutorials.items())[:MAX_ENTRIES]:
            if not _good_id(k) or not isinstance(v, dict):
                continue
            step, done = _step(v.get("step")), v.get("done")
            if step is not None and isinstance(done, bool):
                out.tutorials[k] = TutorialMark(step, done)
    return out


def _bad_name(p: Path) -> Path:
    """Where a damaged file goes: ``learn.json.bad``, or, when that is taken,
    the first free ``learn.json.bad.N`` (an earlier one is not overwritten)."""
    first = p.with_name(BAD)
    if not os.path.lexists(first):
        return first
    for n in range(2, MAX_BAD + 1):
        c = p.with_name(f"{BAD}.{n}")
        if not os.path.lexists(c):
            return c
    return p.with_name(f"{BAD}.{MAX_BAD}")


def _set_aside(p: Path) -> None:
    try:
        os.replace(p, _bad_name(p))
    except (OSError, ValueError):
        pass  # it stays; ``save`` will not write over a non-file


def load() -> Progress:
    """The progress kept; never raises (see the module's notes)."""
    p = path()
    try:
        st = os.lstat(p)
    except (FileNotFoundError, NotADirectoryError):
        return Progress()
    except (OSError, ValueError):
        return Progress()
    if not stat.S_ISREG(st.st_mode):
        _set_aside(p)
        return Progress()
    where = display(p)
    try:
        raw = parse_json(read_text(p, "progress", limit=MAX_BYTES, where=where), where, "progress")
    except FileProblem:
        if os.path.lexists(p):
            _set_aside(p)
        return Progress()
    except (OSError, RecursionError, MemoryError, ValueError):
        _set_aside(p)
        return Progress()
    if not isinstance(raw, dict):
        _set_aside(p)
        return Progress()
    return from_dict(raw)


def save(progress: Progress) -> str | None:
    """Write ``progress`` atomically; None when written, else a sentence
    saying why not (never raises)."""
    from opensky.persistence.atomic import write_atomic
    p = path()
    try:
        mode = os.lstat(p).st_mode
    except (OSError, ValueError):
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        _set_aside(p)
        try:
            os.lstat(p)
            return f"{display(p)} is not a regular file, so the progress was not saved"
        except OSError:
            pass
    try:
        checked = from_dict(progress.to_dict())
        write_atomic(p, json.dumps(checked.to_dict(), indent=1, ensure_ascii=False))
    except (OSError, ValueError, TypeError) as e:
        reason = getattr(e, "strerror", None) or type(e).__name__
        return f"the progress could not be saved in {display(p.parent)} ({reason})"
    return None


def mark_puzzle(pid: str, solved: bool) -> str | None:
    """Record an answer to puzzle ``pid``: solved, or tried (a puzzle once
    solved stays solved)."""
    progress = load()
    if solved or progress.puzzles.get(pid) != SOLVED:
        progress.puzzles[pid] = SOLVED if solved else TRIED
    return save(progress)


def mark_tutorial(tid: str, step: int, done: bool) -> str | None:
    """Record how far tutorial ``tid`` went."""
    progress = load()
    progress.tutorials[tid] = TutorialMark(step, done)
    return save(progress)
