"""OpenSky — start the game window, or run a headless command (see --help)."""
import sys

from opensky.cli import main

if __name__ == "__main__":
    sys.exit(main())
