"""OpenSky — start the game window, or run a headless command (see --help)."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window's class on X11 (task bars, window searches): pygame would name it
# after this script ("main.py") when imported; see opensky.ui.app.name_the_app.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "OpenSky")
# The windowed Windows build has no console: PyInstaller leaves sys.stdout and
# sys.stderr as None there.  Writing to nothing beats failing on it.
for _name in ("stdout", "stderr"):
    if getattr(sys, _name) is None:
        setattr(sys, _name, open(os.devnull, "w", encoding="utf-8"))

# The headless commands print JSON as UTF-8 whatever the console's code page,
# and a message never fails on a character the terminal cannot show.
for _stream, _kw in ((sys.stdout, {"encoding": "utf-8"}), (sys.stderr, {"errors": "backslashreplace"})):
    try:
        _stream.reconfigure(**_kw)  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        pass

from opensky.cli import main  # noqa: E402

if __name__ == "__main__":
    # Every command runs guarded: an unexpected error writes a crash log and
    # says where it is in one line, instead of a traceback or a window that
    # vanishes (opensky/crash.py).  Only the window commands show a message box.
    from opensky.crash import run_guarded
    window = sys.argv[1:2] in ([], ["demo"], ["replay"], ["join"])
    sys.exit(run_guarded(main, window=window))
