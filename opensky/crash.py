"""When the window fails unexpectedly: write a crash log and say so, never just vanish.

A player who double-clicks OpenSky has no console: a bare traceback would be
lost and the window would simply disappear.  ``run_guarded`` runs the window
and, on an unexpected exception,

1. writes ``crash-YYYYmmdd-HHMMSS.log`` (traceback, game version, system,
   Python, pygame/SDL) into ``opensky.userdirs.data_dir() / "logs"`` — the
   player's data folder, never the bundle (falls back to the temporary folder
   when that cannot be written);
2. prints one line to stderr naming the log (no traceback), when there is a
   stderr (a windowed Windows build has none);
3. shows a native message box (``pygame.display.message_box``, pygame-ce ≥ 2.4)
   when a real video driver is available; with no display, or with the
   ``dummy``/``offscreen`` drivers of tests and CI, the stderr line is all;
4. returns ``EXIT_CRASH`` (70, BSD's EX_SOFTWARE) for the process to exit with.

Every command is guarded (``main.py``), the window and the headless ones
alike: a person's mistake is one clear line from the command itself, and a bug
is a crash log and one line naming it — never a traceback on the terminal
(issue 13).  Only the window shows a message box.  ``install_crash_handler``
also routes exceptions of other threads and any that escape ``run_guarded`` to
the same log.

``OPENSKY_TEST_CRASH=1`` in the environment makes ``run_guarded`` raise before
starting the window: the tests use it to check the whole path in a real
process, frozen or not.  It does nothing else.
"""
from __future__ import annotations

import os
import platform
import sys
import threading
import time
import traceback
from pathlib import Path
from types import TracebackType
from typing import Callable

EXIT_CRASH = 70
TEST_CRASH_ENV = "OPENSKY_TEST_CRASH"

_installed = False


class TestCrash(RuntimeError):
    """Raised on purpose when OPENSKY_TEST_CRASH is set."""


def logs_dir() -> Path:
    """Where crash logs go: ``<user data folder>/logs``."""
    from opensky.userdirs import data_dir
    return data_dir() / "logs"


def _versions() -> list[str]:
    from opensky import __version__
    lines = [
        f"OpenSky {__version__}" + (" (built with PyInstaller)" if getattr(sys, "frozen", False) else ""),
        f"system: {platform.platform()} ({platform.machine()})",
        f"python: {sys.version.split()[0]} ({platform.python_implementation()})",
    ]
    pg = sys.modules.get("pygame")
    if pg is not None:
        try:
            lines.append(f"pygame-ce: {pg.version.ver} (SDL {'.'.join(map(str, pg.get_sdl_version()))})")
        except Exception:  # a half-imported pygame must not hide the real error
            pass
    lines.append(f"command line: {sys.argv!r}")
    return lines


def crash_report(exc: BaseException) -> str:
    """The text of a crash log."""
    when = time.strftime("%Y-%m-%d %H:%M:%S %z")
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return "\n".join([f"OpenSky crash report, {when}", *_versions(), "", tb])


def write_crash_log(exc: BaseException) -> Path | None:
    """Write the crash log and return its path (None if no folder could take it)."""
    text = crash_report(exc)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folders = []
    try:
        folders.append(logs_dir())
    except Exception:
        pass
    import tempfile
    folders.append(Path(tempfile.gettempdir()))
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"crash-{stamp}.log"
            n = 1
            while path.exists():          # two crashes in one second
                n += 1
                path = folder / f"crash-{stamp}-{n}.log"
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None


def _one_line(exc: BaseException) -> str:
    what = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {what}" if what else type(exc).__name__


def _tell_stderr(exc: BaseException, log: Path | None) -> None:
    if sys.stderr is None:            # windowed build on Windows: no console
        return
    where = f"details in {log}" if log else "no crash log could be written"
    try:
        print(f"opensky: the game stopped after an unexpected error ({_one_line(exc)}); {where}",
              file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _can_show_box() -> bool:
    driver = os.environ.get("SDL_VIDEODRIVER", "").lower()
    return driver not in ("dummy", "offscreen") and threading.current_thread() is threading.main_thread()


def _tell_window(exc: BaseException, log: Path | None) -> bool:
    """A native message box; False if none could be shown."""
    if not _can_show_box():
        return False
    try:
        import pygame
        if pygame.display.get_init():
            # Close the (maybe full-screen) game window so the box is not
            # hidden behind it.
            pygame.display.quit()
        where = f"A report was saved to:\n{log}" if log else "No report could be saved."
        pygame.display.message_box(
            "OpenSky stopped",
            "OpenSky ran into an unexpected error and has to close.\n\n"
            f"{where}\n\nPlease attach it when you report the problem.",
            message_type="error",
        )
        return True
    except Exception:
        return False


def report_crash(exc: BaseException, window: bool = True) -> int:
    """Log ``exc``, tell the player (a message box too when ``window``), and
    return the exit status to use."""
    log = write_crash_log(exc)
    _tell_stderr(exc, log)
    if window:
        _tell_window(exc, log)
    return EXIT_CRASH


def _excepthook(etype: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
    if issubclass(etype, KeyboardInterrupt):
        sys.__excepthook__(etype, value, tb)
        return
    if value.__traceback__ is None:
        value = value.with_traceback(tb)
    report_crash(value)


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is None or issubclass(args.exc_type, SystemExit):
        return
    log = write_crash_log(args.exc_value)
    _tell_stderr(args.exc_value, log)


def install_crash_handler() -> None:
    """Send uncaught exceptions (main thread and others) to the crash log."""
    global _installed
    if _installed:
        return
    sys.excepthook = _excepthook
    threading.excepthook = _thread_hook
    _installed = True


def run_guarded(func: Callable[[], int | None], window: bool = True) -> int:
    """Run ``func`` (the window, or a headless command with ``window=False``)
    with the crash handler; return its exit status, or ``EXIT_CRASH`` after
    reporting an unexpected exception."""
    install_crash_handler()
    try:
        if os.environ.get(TEST_CRASH_ENV):
            raise TestCrash(f"{TEST_CRASH_ENV} is set: a crash on purpose, to test the crash log")
        return int(func() or 0)
    except (SystemExit, KeyboardInterrupt):
        raise
    except Exception as exc:  # noqa: BLE001 -- exactly the point
        return report_crash(exc, window)
