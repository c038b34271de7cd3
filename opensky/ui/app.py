"""The application: window, scene stack and the main loop.

The loop redraws only when something changed or moves; when nothing does it
blocks in ``pygame.event.wait`` so an idle game costs almost no CPU.
"""
from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Callable, Iterable

import pygame

from opensky import __version__
from opensky.ui import assets, theme as T
from opensky.ui.scene import Scene, SceneStack

if TYPE_CHECKING:
    from opensky.settings import Settings

MIN_SIZE = (960, 600)
DEFAULT_SIZE = (1280, 720)
#: While nothing moves the loop polls for input at this interval and sleeps in
#: between.  (Measured: SDL's own event wait costs ~4% of a core on X11 here,
#: polling every 20 ms well under 1%, with input latency under a frame.)
IDLE_SLEEP = 0.02
FPS = 60


#: The window's title and its class (what task bars and window searches show).
APP_NAME = "OpenSky"


def name_the_app() -> None:
    """Tell SDL the program's name before the window exists.

    Without it X11 names the window's class after the script (task bars
    showed "main.py"): SDL 2 takes ``WM_CLASS`` from ``SDL_VIDEO_X11_WMCLASS``
    and gives ``SDL_APP_NAME`` to the sound server and the screen-saver
    inhibitor.  A value the player set is kept; the one pygame itself sets
    on import (the script's file name, when ``DISPLAY`` is set) is not."""
    pygames_own = os.path.basename(sys.argv[0]) if sys.argv else ""
    if os.environ.get("SDL_VIDEO_X11_WMCLASS") in (None, "", pygames_own):
        os.environ["SDL_VIDEO_X11_WMCLASS"] = APP_NAME
    os.environ.setdefault("SDL_APP_NAME", APP_NAME)


def x11_plain_title(title: str) -> None:
    """On X11, store the title in ``WM_NAME`` as plain text too.

    SDL writes ``WM_NAME`` as UTF-8 (and ``_NET_WM_NAME``); tools that read
    only the old plain form, such as the xdotool of Debian 12 and Ubuntu
    22.04 (``xdotool search --name OpenSky``), then find no window by name.
    ``XStoreName`` on a connection of our own writes the plain form; an ASCII
    title loses nothing.  Anywhere else, or if anything fails, nothing
    happens."""
    if not title.isascii():
        return
    try:
        if pygame.display.get_driver() != "x11":
            return
        window = pygame.display.get_wm_info().get("window")
        if not isinstance(window, int):
            return
        import ctypes
        import ctypes.util
        lib = ctypes.util.find_library("X11")
        if lib is None:
            return
        x = ctypes.cdll.LoadLibrary(lib)
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XStoreName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_char_p]
        x.XFlush.argtypes = [ctypes.c_void_p]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        dpy = x.XOpenDisplay(None)
        if not dpy:
            return
        try:
            x.XStoreName(dpy, window, title.encode("ascii"))
            x.XFlush(dpy)
        finally:
            x.XCloseDisplay(dpy)
    except (pygame.error, OSError, AttributeError, ValueError, TypeError):
        pass


#: A message for the player: (title, body, fields).  Title and body are
#: English keys (marked with ``N_`` where they are written), translated when
#: shown; the body's ``{named}`` fields (paths, names) are filled after
#: translation.  Same shape as ``opensky.settings.Notice``.
Notice = tuple[str, str, dict[str, str]]


class App:
    """The window and its scenes.

    ``notices`` is the one queue of things the player must be told that no
    screen was open to say (the settings file was damaged, settings or an
    autosave could not be written, …).  Anything may add to it with
    ``notify``; the title screen shows them as message dialogs, one at a
    time, each once (``take_notice``)::

        app.notify(N_("Autosave failed"), N_("The game could not be saved in {path}."),
                   path=str(folder))
    """

    def __init__(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                 settings: "Settings | None" = None):
        from opensky import i18n
        from opensky.settings import load_report
        # the (empty) scene stack first: a notice or going full screen may
        # look at it before the window exists
        self.stack = SceneStack()
        self.notices: list[Notice] = []
        #: Notices already shown to the player (so a problem is told once).
        self.shown_notices: list[Notice] = []
        #: False: settings.json is left alone this session (see settings.Loaded).
        self.settings_writable = True
        self._save_problem: Notice | None = None
        if settings is not None:
            self.settings = settings.clamp()
        else:
            loaded = load_report()
            self.settings, self.settings_writable = loaded.settings, loaded.writable
            if loaded.notice is not None:
                self.notify(loaded.notice[0], loaded.notice[1], **loaded.notice[2])
        i18n.set_language(self.settings.language or i18n.system_language())
        T.set_text_scale(self.settings.text_scale)
        from_settings = size is None
        if size is None:
            size = (self.settings.window_size[0], self.settings.window_size[1])
        if fullscreen is None:
            fullscreen = self.settings.fullscreen
        os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")
        # We compose every frame in software surfaces; SDL's "accelerated"
        # window framebuffer would upload it through OpenGL, which without a
        # GPU (Mesa llvmpipe, virtual machines, Xvfb) costs ~10 ms and a core
        # per frame even for a tiny update.  Measured: flip 8.8 ms -> 0.5 ms,
        # small update 6.4 ms -> 0.06 ms at 1920x1080 (bench/bench_window.py).
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        # Windows: draw at the screen's real pixel density instead of being
        # bitmap-scaled (blurry) by the system; the layout scales itself.
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        # A computer airline searches in a worker thread; hand the interpreter
        # back to the drawing thread often so frames stay smooth meanwhile.
        sys.setswitchinterval(0.001)
        name_the_app()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(APP_NAME)
        self._set_icon()
        if from_settings:
            size = self._fit_desktop(size)
        self.windowed_size = size
        self.fullscreen = False
        self.window = self._set_mode(size, pygame.RESIZABLE)
        if fullscreen:
            self.toggle_fullscreen()
        self.running = True
        self.clock = pygame.time.Clock()
        self.last = time.perf_counter()
        self.frames = 0
        self.frame_times: list[float] = []
        self.partial_frames = 0
        self.record_frames = False
        self.anim_speed = self.settings.anim_speed   # 0 = animations off
        self.ai_pace = self.settings.ai_pace         # seconds between a computer's decisions
        from opensky.ui import sound
        self.sound = sound
        sound.init(self.settings)
        sound.start_music()
        self.after_frame: list[Callable[[], None]] = []
        self.version = __version__

    # ------------------------------------------------------------ window
    @staticmethod
    def _set_mode(size: tuple[int, int], flags: int) -> pygame.Surface:
        """``pygame.display.set_mode``, then the window's name again (a new
        mode may set the title anew)."""
        window = pygame.display.set_mode(size, flags)
        x11_plain_title(APP_NAME)
        return window

    def _set_icon(self) -> None:
        try:
            from opensky.paths import resource_path
            p = resource_path("assets", "images", "icon.png")
            if p.is_file():
                pygame.display.set_icon(pygame.image.load(str(p)))
        except (pygame.error, OSError):
            pass

    @staticmethod
    def desktop_limit() -> tuple[int, int]:
        """The largest window the screens allow (the largest screen's size).
        The dummy and offscreen drivers (tests, tools) report a made-up
        1024×768 desktop, so there it is 8K."""
        from opensky.settings import MAX_WINDOW
        try:
            desk = pygame.display.get_desktop_sizes()
            if desk and pygame.display.get_driver() not in ("dummy", "offscreen"):
                return (max(d[0] for d in desk), max(d[1] for d in desk))
        except (pygame.error, AttributeError):
            pass
        return MAX_WINDOW

    @classmethod
    def _fit_desktop(cls, size: tuple[int, int]) -> tuple[int, int]:
        """A remembered window size that fits the largest screen (a file
        copied from a bigger screen, or edited, must still give a window one
        can see)."""
        from opensky.settings import window_size
        w, h = window_size(list(size), list(DEFAULT_SIZE), cls.desktop_limit())
        return (w, h)

    def set_window_size(self, size: tuple[int, int]) -> None:
        """A window of ``size`` now (within the minimum and the screen),
        leaving full screen; ``save_settings`` keeps it for the next start."""
        size = self._fit_desktop(size)
        self.windowed_size = size
        if self.fullscreen:
            self.toggle_fullscreen()  # back to the window, at the new size
        else:
            self.resize(size)

    # ------------------------------------------------------------ notices
    def notify(self, title: str, body: str, **fields: str) -> None:
        """Tell the player something when the title screen next shows (or at
        once if it is showing).  ``title`` and ``body`` are English keys
        marked with ``N_``; ``fields`` fill the body's ``{named}`` fields
        after translation (paths are fine; never a whole bad value).  The same
        notice is queued only once while it waits."""
        notice: Notice = (title, body, dict(fields))
        if notice not in self.notices:
            self.notices.append(notice)
        top = self.stack.top
        if top is not None and hasattr(top, "show_notices"):
            top.show_notices()

    def take_notice(self) -> Notice | None:
        """The next notice to show (removed from the queue), or None."""
        if not self.notices:
            return None
        n = self.notices.pop(0)
        self.shown_notices.append(n)
        return n

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    @property
    def scale(self) -> float:
        return T.ui_scale(self.size)

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.window = self._set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
        else:
            self.windowed_size = self.window.get_size()
            self.window = self._set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = True
        self._resized()

    def _resized(self) -> None:
        w, h = self.window.get_size()
        if not self.fullscreen and (w < MIN_SIZE[0] or h < MIN_SIZE[1]):
            # keep the layout usable: never smaller than the minimum
            w, h = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])
            self.window = self._set_mode((w, h), pygame.RESIZABLE)
        assets.clear_caches()
        for s in self.stack.scenes:
            s.resize(self.window.get_size())

    def relayout(self) -> None:
        """Lay every scene out again (language or text size changed)."""
        assets.clear_caches()
        for s in self.stack.scenes:
            s.relayout(self.window.get_size())
            s.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (tests and benchmarks use it; in a window, as
        dragging its border does, the size F11 comes back to)."""
        self.window = self._set_mode(size, pygame.RESIZABLE)
        if not self.fullscreen:
            self.windowed_size = self.window.get_size()
        self._resized()

    # ------------------------------------------------------------ scenes
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        scene.resize(self.size)

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)
        scene.resize(self.size)

    def pop(self) -> None:
        self.stack.pop()

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------ loop
    def animating(self) -> bool:
        return any(s.wants_frame() for s in self.stack.visible())

    def step(self, events: Iterable[pygame.event.Event] | None = None, dt: float | None = None,
             block: bool = False) -> bool:
        """One iteration: handle events, advance time, draw if needed.
        Returns True when a frame was drawn."""
        if events is None:
            events = pygame.event.get()
            if (block and not events and not self.animating()
                    and not any(s.dirty for s in self.stack.visible())):
                time.sleep(IDLE_SLEEP)
                events = pygame.event.get()
        for e in events:
            self.handle(e)
        now = time.perf_counter()
        if dt is None:
            dt = min(now - self.last, 0.1)
        self.last = now
        for s in list(self.stack.scenes):
            s.update(dt)
        return self.draw()

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.QUIT:
            top = self.stack.top
            if top is not None and hasattr(top, "on_quit_request"):
                top.on_quit_request()
            else:
                self.quit()
            return
        if e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if e.type == pygame.VIDEORESIZE and not self.fullscreen:
                self.windowed_size = (e.w, e.h)
            self._resized()
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if e.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            for s in self.stack.visible():
                s.dirty = True
            return
        top = self.stack.top
        if top is not None:
            if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEWHEEL):
                top.dirty = True
            top.handle(e)

    def draw(self) -> bool:
        """Draw the visible scenes if anything changed.  A frame where only
        small areas move (flying planes) is drawn and sent to the screen for
        those areas only."""
        visible = self.stack.visible()
        if not visible or not any(s.needs_redraw() for s in visible):
            return False
        t0 = time.perf_counter()
        top = visible[-1]
        rects = top.damage() if len(visible) == 1 and not top.dirty else None
        if rects:
            # Sending pixels to the screen is the costly part of a frame
            # (~11 ms for a full 1920×1080 flip under X11): send what changed.
            top.draw(self.window)
            pygame.display.update([r.clip(self.window.get_rect()) for r in rects])
            self.partial_frames += 1
        else:
            for s in visible:
                s.draw(self.window)
                s.dirty = False
            pygame.display.flip()
        if self.record_frames:
            self.frame_times.append(time.perf_counter() - t0)
        self.frames += 1
        if self.frames == 1 and os.environ.get("OPENSKY_EXIT_AFTER_FIRST_FRAME"):
            # start-up benchmarks (bench/): report the first frame and leave
            print("FRAME", flush=True)
            self.running = False
        for f in self.after_frame:
            f()
        return True

    def save_settings(self) -> bool:
        """Remember the window and the player's choices for the next start.

        False when they could not be written: the first time, a notice tells
        the player (the Settings screen saves on every change, so they learn
        it while the window is still open)."""
        from opensky.settings import save_report
        st = self.settings
        st.anim_speed, st.ai_pace, st.fullscreen = self.anim_speed, self.ai_pace, self.fullscreen
        st.window_size = list(self.windowed_size)
        if not self.settings_writable:
            return False  # the player was told at start; the file stays as it is
        problem = save_report(st)
        if problem is None:
            return True
        if self._save_problem is None:
            self._save_problem = problem
            self.notify(problem[0], problem[1], **problem[2])
        return False

    def run(self) -> int:
        while self.running:
            self.step(block=True)
            if self.animating():
                self.clock.tick(FPS)
        if not self.save_settings():
            self._say_unsaved()
        pygame.quit()
        # pygame.quit() invalidates every font: a later App in this process
        # (tests, tools) must not draw with the cached dead ones
        assets.font.cache_clear()
        assets.clear_caches()
        return 0

    def _say_unsaved(self) -> None:
        """At quit, settings could not be saved: if no dialog said so, say it
        in one line on stderr (the window is closing)."""
        from opensky.i18n import tr
        from opensky.settings import DAMAGED_KEPT, NOT_REGULAR, NOT_SAVED
        unsaved = (DAMAGED_KEPT, NOT_REGULAR, NOT_SAVED)  # the notices that say so
        if any(n[1] in unsaved for n in self.shown_notices) or sys.stderr is None:
            return
        pending = [n for n in self.notices if n[1] in unsaved]
        if not pending:
            return
        title, body, fields = pending[0]
        try:
            print(f"OpenSky: {tr(title)}: {tr(body, **fields)}", file=sys.stderr)
        except (OSError, ValueError, UnicodeError):
            pass


def run() -> int:
    """Open the window on the title screen and run until the player quits."""
    from opensky.ui.scenes.title import TitleScene
    app = App()
    app.push(TitleScene(app))
    return app.run()
