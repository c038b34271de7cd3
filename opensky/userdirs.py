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
