#!/usr/bin/env python3
"""Build benchmark (issue #9): the built executable's size, and its cold start
to the first frame against the same program started from source.

    python bench/bench_build.py             # uses dist/OpenSky (builds it if missing)
    python bench/bench_build.py --build     # rebuilds first and prints the build time
    python bench/bench_build.py --runs 15

Targets: Linux executable ≤ 30 MB; first frame of the binary ≤ 2× the first
frame from source (``python main.py``).

How the first frame is seen, from outside the process, so that the very same
program is timed both ways without a line of benchmark code inside it:

- The game prints ``FRAME`` on stdout after its first frame and quits when
  ``OPENSKY_EXIT_AFTER_FIRST_FRAME=1`` (``App.draw`` in ``opensky/ui/app.py``):
  the time from launching the process to that line is the measure, the same
  for the source and the binary.
- For a program without that hook (an older build) the script watches its own
  X server (Xvfb) through Xlib (ctypes) instead:
  it waits for a top-level window of at least 960 px to be mapped, then polls
  one pixel of it until it is no longer black (the screen is painted black
  before every launch).  The title screen's night blue at (8, 8) marks the
  first frame.  That is process start → first pixels on screen.

Every launch is a fresh process (the one-file executable unpacks itself to a
temporary folder each time, which is the cost being measured); the operating
system's file cache is warm, as for a player's second start.  Source and binary
runs are interleaved so that machine noise hits both alike; medians are shown.
Also shown: process start → exit for ``--help`` (the bare unpack overhead).
"""
from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import glob
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from ctypes import POINTER, byref, c_char_p, c_int, c_uint, c_ulong, c_void_p
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
EXE_NAME = "OpenSky.exe" if sys.platform.startswith("win") else "OpenSky"
SIZE_LIMIT = 30_000_000
MARKER = "FRAME"                                 # printed by opensky/ui/app.py, App.draw
MARKER_ENV = "OPENSKY_EXIT_AFTER_FIRST_FRAME"
SCREEN = (1920, 1080)


# ---------------------------------------------------------------- X11 watcher
class _XImage(ctypes.Structure):
    _fields_ = [("width", c_int), ("height", c_int), ("xoffset", c_int), ("format", c_int),
                ("data", POINTER(ctypes.c_ubyte))]


class XWatcher:
    """Sees windows appear on an X display and reads their pixels (Xlib via ctypes)."""

    MAP_NOTIFY = 19
    SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
    Z_PIXMAP = 2

    def __init__(self, display: str):
        X = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        X.XOpenDisplay.restype = c_void_p
        X.XOpenDisplay.argtypes = [c_char_p]
        X.XDefaultRootWindow.restype = c_ulong
        X.XDefaultRootWindow.argtypes = [c_void_p]
        X.XSelectInput.argtypes = [c_void_p, c_ulong, ctypes.c_long]
        X.XPending.argtypes = [c_void_p]
        X.XNextEvent.argtypes = [c_void_p, c_void_p]
        X.XFlush.argtypes = [c_void_p]
        X.XSync.argtypes = [c_void_p, c_int]
        X.XFree.argtypes = [c_void_p]
        X.XGetImage.restype = c_void_p
        X.XGetImage.argtypes = [c_void_p, c_ulong, c_int, c_int, c_uint, c_uint, c_ulong, c_int]
        X.XGetGeometry.argtypes = [c_void_p, c_ulong, POINTER(c_ulong), POINTER(c_int), POINTER(c_int),
                                   POINTER(c_uint), POINTER(c_uint), POINTER(c_uint), POINTER(c_uint)]
        X.XCreateSimpleWindow.restype = c_ulong
        X.XCreateSimpleWindow.argtypes = [c_void_p, c_ulong, c_int, c_int, c_uint, c_uint, c_uint,
                                          c_ulong, c_ulong]
        X.XMapRaised.argtypes = [c_void_p, c_ulong]
        X.XDestroyWindow.argtypes = [c_void_p, c_ulong]
        X.XSetErrorHandler.argtypes = [c_void_p]
        self.X = X
        self.dpy = X.XOpenDisplay(display.encode())
        if not self.dpy:
            raise RuntimeError(f"cannot open X display {display}")
        self.root = X.XDefaultRootWindow(self.dpy)
        # A window may vanish while we look at it: ignore X errors.
        self._on_error = ctypes.CFUNCTYPE(c_int, c_void_p, c_void_p)(lambda d, e: 0)
        X.XSetErrorHandler(ctypes.cast(self._on_error, c_void_p))
        X.XSelectInput(self.dpy, self.root, self.SUBSTRUCTURE_NOTIFY_MASK)
        X.XFlush(self.dpy)
        self._ev = (ctypes.c_long * 24)()

    def blackout(self) -> None:
        """Paint the whole screen black (a window without a background shows
        what was there before, e.g. the previous run's frame)."""
        X = self.X
        w = X.XCreateSimpleWindow(self.dpy, self.root, 0, 0, SCREEN[0], SCREEN[1], 0, 0, 0)
        X.XMapRaised(self.dpy, w)
        X.XSync(self.dpy, 0)
        time.sleep(0.05)
        X.XDestroyWindow(self.dpy, w)
        X.XSync(self.dpy, 0)
        self.drain()

    def drain(self) -> list[int]:
        """Pending events; returns the windows that were mapped."""
        mapped = []
        while self.X.XPending(self.dpy):
            self.X.XNextEvent(self.dpy, self._ev)
            if self._ev[0] & 0xFFFFFFFF == self.MAP_NOTIFY:
                mapped.append(int(self._ev[5]))          # XMapEvent.window
        return mapped

    def width(self, win: int) -> int:
        r, x, y = c_ulong(), c_int(), c_int()
        w, h, b, d = c_uint(), c_uint(), c_uint(), c_uint()
        ok = self.X.XGetGeometry(self.dpy, win, byref(r), byref(x), byref(y), byref(w), byref(h), byref(b), byref(d))
        return int(w.value) if ok else 0

    def pixel(self, win: int, x: int, y: int) -> tuple[int, int, int] | None:
        img = self.X.XGetImage(self.dpy, win, x, y, 1, 1, 0xFFFFFFFF, self.Z_PIXMAP)
        if not img:
            return None
        im = _XImage.from_address(img)
        px = (im.data[2], im.data[1], im.data[0])       # 24-bit TrueColor: BGRX in memory
        self.X.XFree(ctypes.cast(im.data, c_void_p))
        self.X.XFree(img)
        return px

    def time_first_frame(self, cmd: list[str], env: dict[str, str], timeout: float = 30.0) -> float:
        """Seconds from launching ``cmd`` to the first non-black pixel of its window."""
        self.blackout()
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
        win = None
        try:
            while time.perf_counter() - t0 < timeout:
                for w in self.drain():
                    if self.width(w) >= 960:
                        win = w                                # the latest big window
                if win is not None:
                    px = self.pixel(win, 8, 8)
                    if px is not None and px != (0, 0, 0):
                        return time.perf_counter() - t0
                if p.poll() is not None:
                    raise RuntimeError(f"{cmd[0]} exited {p.returncode} before a frame: "
                                       f"{p.stderr.read().decode()[-300:] if p.stderr else ''}")
                time.sleep(0.0005)
            raise RuntimeError(f"no frame from {cmd} in {timeout:.0f} s")
        finally:
            stop(p)


def stop(p: subprocess.Popen) -> None:
    if p.poll() is None:
        p.terminate()          # the one-file bootloader forwards it and removes its unpack folder
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def time_marker(cmd: list[str], env: dict[str, str], timeout: float = 20.0) -> float | None:
    """Seconds until ``cmd`` prints FRAME (the app.py hook); None if it never does."""
    env = dict(env, **{MARKER_ENV: "1"})
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    seen: queue.Queue[float] = queue.Queue()

    def read() -> None:
        assert p.stdout is not None
        for line in p.stdout:
            if line.strip() == MARKER:
                seen.put(time.perf_counter() - t0)
                return

    threading.Thread(target=read, daemon=True).start()
    try:
        return seen.get(timeout=timeout)
    except queue.Empty:
        return None
    finally:
        stop(p)


def time_exit(cmd: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, cwd=ROOT)
    return time.perf_counter() - t0


# ---------------------------------------------------------------- build
def build() -> float:
    t0 = time.perf_counter()
    subprocess.run([PY, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "build.spec"],
                   cwd=ROOT, check=True, env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    return time.perf_counter() - t0


def start_xvfb() -> tuple[subprocess.Popen, str]:
    if not shutil.which("Xvfb"):
        raise SystemExit("needs Xvfb for the window timings (apt-get install xvfb)")
    for n in range(90, 110):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            display = f":{n}"
            break
    else:
        raise SystemExit("no free X display number")
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{display[1:]}").exists():
            break
        time.sleep(0.05)
    time.sleep(0.2)
    return xvfb, display


def median_ms(xs: list[float]) -> str:
    return f"{statistics.median(xs) * 1000:.0f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", action="store_true", help="rebuild dist/ first")
    ap.add_argument("--binary", type=Path, default=ROOT / "dist" / EXE_NAME)
    ap.add_argument("--runs", type=int, default=11, help="launches per program and command")
    ap.add_argument("--method", choices=("auto", "marker", "x11"), default="auto",
                    help="how to see the first frame (auto: the FRAME line when both programs print it)")
    args = ap.parse_args(argv)

    if args.build or not args.binary.exists():
        secs = build()
        print(f"build: pyinstaller build.spec took {secs:.1f} s")
    size = args.binary.stat().st_size
    print(f"size: {args.binary.relative_to(ROOT) if args.binary.is_relative_to(ROOT) else args.binary} "
          f"{size:,} bytes ({size / 1e6:.1f} MB; target ≤ {SIZE_LIMIT / 1e6:.0f} MB)")

    if hasattr(os, "getloadavg"):
        print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
              "(other busy processes make the one-file unpack look slower)")
    data = tempfile.mkdtemp(prefix="opensky-bench-")
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_AUDIODRIVER="dummy",
               OPENSKY_DATA_DIR=os.path.join(data, "data"), OPENSKY_CONFIG_DIR=os.path.join(data, "config"))
    env.pop("SDL_VIDEODRIVER", None)
    binary = str(args.binary.resolve())
    source = [PY, str(ROOT / "main.py")]
    before = set(glob.glob(os.path.join(tempfile.gettempdir(), "_MEI*")))

    helps = {"source": [], "binary": []}
    for _ in range(args.runs):
        helps["source"].append(time_exit(source + ["--help"], env))
        helps["binary"].append(time_exit([binary, "--help"], env))
    print(f"start → exit of `--help`: source {median_ms(helps['source'])}, binary {median_ms(helps['binary'])} "
          f"(the one-file unpack costs ~{(statistics.median(helps['binary']) - statistics.median(helps['source'])) * 1000:.0f} ms)")

    xvfb, display = start_xvfb()
    env["DISPLAY"] = display
    ok = True
    try:
        use_marker = args.method == "marker" or (
            args.method == "auto" and time_marker(source, env) is not None and time_marker([binary], env) is not None)
        watcher = None if use_marker else XWatcher(display)
        how = ("process start → the game prints FRAME after its first frame" if use_marker else
               "process start → first non-black pixel of the window (Xvfb, Xlib)")
        print(f"first frame, {how}; median of {args.runs}:")
        commands = {
            "title screen (no arguments)": [],
            "demo game screen (demo --seats 2 --speed 50)": ["demo", "--seats", "2", "--speed", "50", "--seed", "1"],
        }
        for label, extra in commands.items():
            t: dict[str, list[float]] = {"source": [], "binary": []}
            for _ in range(args.runs):
                for kind, cmd in (("source", source + extra), ("binary", [binary, *extra])):
                    if watcher is None:
                        dt = time_marker(cmd, env)
                        assert dt is not None
                    else:
                        dt = watcher.time_first_frame(cmd, env)
                    t[kind].append(dt)
            ratio = statistics.median(t["binary"]) / statistics.median(t["source"])
            best = min(t["binary"]) / min(t["source"])
            ok = ok and ratio <= 2.0
            print(f"  {label}: source {median_ms(t['source'])}, binary {median_ms(t['binary'])}, "
                  f"ratio {ratio:.2f} (target ≤ 2); best runs {min(t['source']) * 1000:.0f} / "
                  f"{min(t['binary']) * 1000:.0f} ms, ratio {best:.2f}")
    finally:
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(data, ignore_errors=True)
    left = set(glob.glob(os.path.join(tempfile.gettempdir(), "_MEI*"))) - before
    if left:
        print(f"warning: {len(left)} unpack folders left in {tempfile.gettempdir()}")
    ok = ok and size <= SIZE_LIMIT
    print("all targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
