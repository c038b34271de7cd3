"""Start the game window (the pygame-ce application, issue #4)."""
from __future__ import annotations

from opensky.cli import CliError


def run_window() -> int:
    try:
        from opensky.ui.app import run  # type: ignore[import-not-found]
    except ModuleNotFoundError as e:
        if e.name and e.name.startswith("opensky.ui"):
            raise CliError("opensky: the game window is not part of this build yet; "
                           "try 'python main.py script FILE' or 'python main.py simulate'", 1)
        raise CliError(f"opensky: a required package is missing ({e.name}); "
                       "run: python -m pip install -r requirements.txt", 1)
    return int(run() or 0)
