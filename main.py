"""OpenSky — start the game window, or run a headless command (see --help)."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from opensky.cli import main  # noqa: E402

if __name__ == "__main__":
    if sys.argv[1:2] in ([], ["demo"]):
        # The window: an unexpected error writes a crash log and tells the
        # player where it is, instead of vanishing (opensky/crash.py).
        from opensky.crash import run_guarded
        sys.exit(run_guarded(main))
    sys.exit(main())
