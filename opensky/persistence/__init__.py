"""Saves (seed + action log), autosave, and the files they live in."""
from opensky.persistence.save import LoadedGame, SaveError, Seat, dumps, load
from opensky.persistence.atomic import write_atomic
from opensky.persistence.store import (
    autosave_path, delete_save, list_saves, read_autosave, save_named, write_autosave,
)

__all__ = ["LoadedGame", "SaveError", "Seat", "dumps", "load", "autosave_path", "delete_save",
           "list_saves", "read_autosave", "save_named", "write_atomic", "write_autosave"]
