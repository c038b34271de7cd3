"""Atomic file writes (temp file, flush, fsync, rename): the one way saves,
the seal key and settings' copies reach the disk.  It imports nothing of
OpenSky, so every module of ``persistence`` can use it."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


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
