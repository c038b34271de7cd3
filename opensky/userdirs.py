"""Per-user folders (platformdirs): saves, settings, crash logs — never the bundle."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "OpenSky"


def data_dir() -> Path:
    override = os.environ.get("OPENSKY_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP, False))


def config_dir() -> Path:
    override = os.environ.get("OPENSKY_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP, False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def saves_exist() -> bool:
    """Whether Continue has something to continue: an unfinished autosave."""
    from opensky.persistence.store import unfinished_autosave_exists
    return unfinished_autosave_exists()


def named_saves_exist() -> bool:
    d = saves_dir()
    try:
        return d.is_dir() and any(p.suffix == ".json" for p in d.iterdir())
    except OSError:
        return False
