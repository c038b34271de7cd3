"""OpenSky — start the game window, or run a headless command (see --help)."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from opensky.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
