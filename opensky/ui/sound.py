"""Sound effects and the background music — or silence where there is no audio.

The game must start and play on machines without a sound card, in CI with
``SDL_AUDIODRIVER=dummy`` and with a pygame built without its mixer. So every
call here is safe: when the mixer cannot start, the manager switches to a
silent mode (``available`` is False) in which every method is a no-op, and a
sound file that is missing or unreadable only silences that one sound. Nothing
is printed and nothing is raised to the caller; what went wrong is kept in
``problems`` (each message once) for tests and the crash report.

Use the module-level manager::

    from opensky.ui import sound
    sound.init(settings)          # once, after (or instead of) pygame.init()
    sound.play("dice")            # effects, see EFFECTS
    sound.play("takeoff", pan=-0.4, volume=0.7)
    sound.start_music(); sound.stop_music()
    sound.set_volumes(master=0.8, effects=1.0, music=0.5, muted=False)
    if sound.available: ...

``settings`` may be any object (or mapping) with the fields
``master_volume``, ``effects_volume``, ``music_volume`` (floats 0..1) and
``muted`` (bool); a missing field leaves that setting as it is.

The files are ours, made by ``tools/make_sounds.py`` (see
``assets/sounds/README.md``). They are loaded lazily on first use and cached.
The music is a seamless 24 s loop; the file carries a quarter second of the
loop's own end before it and of its start after it (so the encoder's edges
fall outside the loop); those pads are cut off here and the loop plays from
memory on a reserved channel, sample-accurate, instead of streaming through
``pygame.mixer.music``.
"""
from __future__ import annotations

import math
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from opensky.paths import resource_path

try:  # a pygame without the mixer, or no pygame at all: silent mode
    import pygame
except Exception:  # pragma: no cover - pygame is a dependency
    pygame = None  # type: ignore[assignment]

__all__ = [
    "EFFECTS", "MUSIC", "Sound", "init", "play", "preload", "start_music", "stop_music",
    "set_volumes", "quit", "manager",
]

EFFECTS = ("dice", "die", "takeoff", "landing", "flip", "cash", "click", "turn")
MUSIC = "music"
EXTENSIONS = (".ogg", ".wav")
MUSIC_LOOP_SECONDS = 24.0
MUSIC_PAD_SECONDS = 0.25
# The same effect asked for twice within this time plays once (e.g. one
# event handled by two listeners in the same frame).
REPEAT_GAP = 0.03
DEFAULTS = {"master_volume": 0.8, "effects_volume": 1.0, "music_volume": 0.5, "muted": False}


def _unit(value: Any, default: float) -> float:
    """A volume clamped to 0..1; anything unusable gives ``default``."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        return default
    if math.isnan(v):
        return default
    return min(1.0, max(0.0, v))


def _field(settings: Any, key: str, current: Any) -> Any:
    if isinstance(settings, Mapping):
        return settings.get(key, current)
    return getattr(settings, key, current)


class Sound:
    """The sound manager. One lives at module level (``manager``); tests make
    their own."""

    def __init__(self) -> None:
        self.available = False
        self.problems: list[str] = []
        self.master = float(DEFAULTS["master_volume"])
        self.effects = float(DEFAULTS["effects_volume"])
        self.music = float(DEFAULTS["music_volume"])
        self.muted = False
        self.music_wanted = False      # start_music() called and not stopped
        self._cache: dict[str, Any] = {}   # name -> pygame Sound, or None when it failed
        self._music: Any = None
        self._music_tried = False
        self._music_channel: Any = None
        self._last: dict[str, float] = {}
        self._owns_mixer = False

    # ------------------------------------------------------------ set up

    def init(self, settings: Any = None) -> bool:
        """Start the mixer if it is not running; True when sound is available.

        Safe to call again (e.g. with new settings)."""
        if settings is not None:
            self.set_volumes(_field(settings, "master_volume", self.master),
                             _field(settings, "effects_volume", self.effects),
                             _field(settings, "music_volume", self.music),
                             bool(_field(settings, "muted", self.muted)))
        if self.available and self._mixer_running():
            return True
        if self.available:      # the mixer was closed behind our back: its sounds are gone
            self._cache.clear()
            self._music, self._music_tried = None, False
            self._last.clear()  # and so are the plays that the repeat gap guards against
        self.available = False
        try:
            if pygame is None:
                raise RuntimeError("pygame is not installed")
            mixer = pygame.mixer      # a MissingModule when pygame has no mixer: raises below
            if not mixer.get_init():
                mixer.init(44100, -16, 2, 512)
                self._owns_mixer = True
            if not mixer.get_init():
                raise RuntimeError("the mixer did not start")
            mixer.set_num_channels(max(16, mixer.get_num_channels()))
            mixer.set_reserved(1)            # channel 0: the music loop only
            self._music_channel = mixer.Channel(0)
            self.available = True
        except Exception as e:  # pygame.error, NotImplementedError, ImportError, ...
            self._problem(f"no audio, running silently: {e}")
            self._music_channel = None
        self._apply_volumes()
        return self.available

    def quit(self) -> None:
        """Stop everything, forget the loaded sounds and, if this manager
        started the mixer, close it."""
        try:
            if self.available:
                if self._music_channel is not None:
                    self._music_channel.stop()
                pygame.mixer.stop()
            if self._owns_mixer and pygame.mixer.get_init():
                pygame.mixer.quit()
        except Exception as e:
            self._problem(f"closing the mixer: {e}")
        self._cache.clear()
        self._music = None
        self._music_tried = False
        self._music_channel = None
        self._owns_mixer = False
        self.available = False
        self.music_wanted = False

    def preload(self) -> None:
        """Load every effect now (a few ms) rather than on first use."""
        for name in EFFECTS:
            self._effect(name)

    # --------------------------------------------------------- volumes

    def set_volumes(self, master: float, effects: float, music: float, muted: bool) -> None:
        """Set the volumes (0..1) and mute; they apply at once, also to what is playing."""
        self.master = _unit(master, self.master)
        self.effects = _unit(effects, self.effects)
        self.music = _unit(music, self.music)
        self.muted = bool(muted)
        self._apply_volumes()

    def effects_gain(self) -> float:
        """The volume an effect plays at (0 when muted)."""
        return 0.0 if self.muted else self.master * self.effects

    def music_gain(self) -> float:
        """The volume the music plays at (0 when muted)."""
        return 0.0 if self.muted else self.master * self.music

    def _apply_volumes(self) -> None:
        if not self.available:
            return
        try:
            for snd in self._cache.values():
                if snd is not None:
                    snd.set_volume(self.effects_gain())
            if self._music is not None:
                self._music.set_volume(self.music_gain())
        except Exception as e:
            self._problem(f"setting volumes: {e}")

    # --------------------------------------------------------- effects

    def play(self, name: str, volume: float = 1.0, pan: float = 0.0) -> bool:
        """Play an effect (one of ``EFFECTS``); True if it started.

        ``volume`` (0..1) scales this one play; ``pan`` -1 (left) .. 1 (right)
        places it, e.g. by where on the board it happens."""
        if not self.available or self.effects_gain() <= 0.0:
            return False
        if name not in EFFECTS:
            self._problem(f"unknown sound {name!r}")
            return False
        now = time.monotonic()
        if now - self._last.get(name, -1e9) < REPEAT_GAP:
            return False
        snd = self._effect(name)
        if snd is None:
            return False
        try:
            channel = snd.play()
            if channel is None:         # every channel busy
                return False
            v = _unit(volume, 1.0)
            p = max(-1.0, min(1.0, float(pan))) if pan == pan else 0.0
            if p == 0.0:
                channel.set_volume(v)
            else:                       # equal-power pan
                a = (p + 1.0) * math.pi / 4.0
                channel.set_volume(v * math.cos(a) * math.sqrt(2.0), v * math.sin(a) * math.sqrt(2.0))
        except Exception as e:
            self._problem(f"playing {name}: {e}")
            return False
        self._last[name] = now
        return True

    def _effect(self, name: str) -> Any:
        if name in self._cache:
            return self._cache[name]
        snd = self._load(name)
        if snd is not None:
            try:
                snd.set_volume(self.effects_gain())
            except Exception as e:
                self._problem(f"setting the volume of {name}: {e}")
        self._cache[name] = snd
        return snd

    def _load(self, name: str) -> Any:
        if not self.available:
            return None
        path = self.path(name)
        if path is None:
            self._problem(f"missing sound file: {name}")
            return None
        try:
            return pygame.mixer.Sound(str(path))
        except Exception as e:
            self._problem(f"cannot load {path.name}: {e}")
            return None

    @staticmethod
    def path(name: str) -> Path | None:
        """The shipped file of a sound (OGG, else WAV), or None."""
        for ext in EXTENSIONS:
            p = resource_path("assets", "sounds", name + ext)
            if p.is_file():
                return p
        return None

    # ----------------------------------------------------------- music

    def start_music(self, fade_ms: int = 2000) -> bool:
        """Start the background loop (fading in); True if it is playing."""
        self.music_wanted = True
        if not self.available:
            return False
        loop = self._music_loop()
        if loop is None or self._music_channel is None:
            return False
        try:
            ch = self._music_channel
            if ch.get_busy() and ch.get_sound() is loop:
                return True
            loop.set_volume(self.music_gain())
            ch.set_volume(1.0)
            ch.play(loop, loops=-1, fade_ms=max(0, int(fade_ms)))
            return True
        except Exception as e:
            self._problem(f"starting the music: {e}")
            return False

    def stop_music(self, fade_ms: int = 800) -> None:
        """Stop the background loop (fading out)."""
        self.music_wanted = False
        if not self.available or self._music_channel is None:
            return
        try:
            if self._music_channel.get_busy():
                if fade_ms > 0:
                    self._music_channel.fadeout(int(fade_ms))
                else:
                    self._music_channel.stop()
        except Exception as e:
            self._problem(f"stopping the music: {e}")

    def music_playing(self) -> bool:
        try:
            return bool(self.available and self._music_channel is not None
                        and self._music_channel.get_busy())
        except Exception:
            return False

    def _music_loop(self) -> Any:
        """The loop as a Sound, with the file's pads cut off."""
        if self._music_tried:
            return self._music
        self._music_tried = True
        whole = self._load(MUSIC)
        if whole is None:
            return None
        self._music = whole
        try:
            info = pygame.mixer.get_init()
            if info is None:
                raise RuntimeError("the mixer stopped")
            freq, fmt, channels = info
            frame = (abs(fmt) & 0xFF) // 8 * channels
            raw = whole.get_raw()
            frames = len(raw) // frame
            pad = round(MUSIC_PAD_SECONDS * freq)
            loop = round(MUSIC_LOOP_SECONDS * freq)
            if abs(frames - (loop + 2 * pad)) <= max(4, freq // 100):   # a file made with pads
                self._music = pygame.mixer.Sound(buffer=raw[pad * frame:(pad + loop) * frame])
        except Exception as e:
            self._problem(f"cutting the music loop: {e}")
        try:
            self._music.set_volume(self.music_gain())
        except Exception as e:
            self._problem(f"setting the music volume: {e}")
        return self._music

    # ---------------------------------------------------------- helpers

    def _mixer_running(self) -> bool:
        try:
            return bool(pygame is not None and pygame.mixer.get_init())
        except Exception:
            return False

    def _problem(self, message: str) -> None:
        if message not in self.problems and len(self.problems) < 100:
            self.problems.append(message)


manager = Sound()


def init(settings: Any = None) -> bool:
    """Start sound (see ``Sound.init``); True when audio is available."""
    return manager.init(settings)


def play(name: str, volume: float = 1.0, pan: float = 0.0) -> bool:
    """Play an effect: one of ``EFFECTS``."""
    return manager.play(name, volume, pan)


def preload() -> None:
    manager.preload()


def start_music(fade_ms: int = 2000) -> bool:
    return manager.start_music(fade_ms)


def stop_music(fade_ms: int = 800) -> None:
    manager.stop_music(fade_ms)


def set_volumes(master: float, effects: float, music: float, muted: bool) -> None:
    manager.set_volumes(master, effects, music, muted)


def quit() -> None:
    manager.quit()


def __getattr__(name: str) -> Any:
    """``sound.available`` and ``sound.problems`` read the module manager."""
    if name in ("available", "problems", "muted"):
        return getattr(manager, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
