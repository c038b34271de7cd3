"""Where the project's data folders (boards/, assets/) live.

The game runs either from the source tree (``python main.py``) or frozen by
PyInstaller, where data files are unpacked under ``sys._MEIPASS``. Everything
that opens a shipped data file goes through here so that both cases work and
nothing depends on the current working directory.
"""
from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["project_root", "resource_path", "boards_dir", "assets_dir"]


def project_root() -> Path:
    """The folder holding the data folders.

    Frozen: PyInstaller's unpack folder. Source tree: the folder containing
    main.py, i.e. the parent of the ``opensky`` package.
    """
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        return Path(meipass)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """Path of a shipped data file or folder, e.g. ``resource_path("boards", "europe.yaml")``."""
    return project_root().joinpath(*parts)


def boards_dir() -> Path:
    """The folder of the shipped board sides (``boards/*.yaml``)."""
    return resource_path("boards")


def assets_dir() -> Path:
    """The folder of images, fonts and sounds."""
    return resource_path("assets")
