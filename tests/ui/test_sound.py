"""Sound: plays on the dummy audio driver, stays silent and quiet without audio,
and the shipped files are all there, load, and have sane lengths and levels.

(``conftest.py`` sets ``SDL_AUDIODRIVER=dummy``.)"""
from __future__ import annotations

import array
import sys
import types

import pygame
import pytest

from opensky.ui import sound as sound_mod
from opensky.ui.sound import EFFECTS, MUSIC, MUSIC_LOOP_SECONDS, MUSIC_PAD_SECONDS, Sound


@pytest.fixture
def snd():
    # a mixer left open by an earlier test in this process may still be busy
    # playing its sounds on every channel: start from a closed mixer
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    s = Sound()
    yield s
    s.quit()


def _near(a: float, b: float, tol: float = 1.5 / 128) -> bool:
    # SDL_mixer keeps volumes in steps of 1/128
    return abs(a - b) <= tol


def _channel_of(effect) -> pygame.mixer.Channel | None:
    for i in range(pygame.mixer.get_num_channels()):
        ch = pygame.mixer.Channel(i)
        if ch.get_sound() is effect:
            return ch
    return None


# ------------------------------------------------------------ dummy driver

def test_init_on_dummy_driver(snd):
    assert snd.init() is True
    assert snd.available
    assert pygame.mixer.get_init() is not None
    assert snd.problems == []


def test_every_effect_and_the_music_play(snd):
    snd.init()
    for name in EFFECTS:
        assert snd.play(name), name
    assert snd.start_music(fade_ms=0)
    assert snd.music_playing()
    assert snd.start_music()            # again: keeps playing, no restart
    snd.stop_music(fade_ms=0)
    assert not snd.music_playing()
    assert snd.problems == []


def test_unknown_or_repeated_effect_is_harmless(snd):
    snd.init()
    assert snd.play("trumpet") is False
    assert any("trumpet" in p for p in snd.problems)
    assert snd.play("click")
    assert snd.play("click") is False   # the same frame: plays once


def test_volumes_apply_to_loaded_and_later_sounds(snd):
    snd.init()
    dice = snd._effect("dice")
    snd.set_volumes(0.5, 0.8, 0.6, False)
    assert _near(dice.get_volume(), 0.4)
    assert _near(snd._effect("cash").get_volume(), 0.4)   # loaded after the change
    snd.start_music(fade_ms=0)
    assert _near(snd._music.get_volume(), 0.3)
    snd.set_volumes(1.0, 1.0, 0.25, False)
    assert _near(dice.get_volume(), 1.0)
    assert _near(snd._music.get_volume(), 0.25)
    # out-of-range and junk values are clamped or ignored, never raised
    snd.set_volumes(7, -1, float("nan"), False)
    assert (snd.master, snd.effects, snd.music) == (1.0, 0.0, 0.25)


def test_per_play_volume_and_pan(snd):
    snd.init()
    assert snd.play("takeoff", volume=0.5)
    ch = _channel_of(snd._effect("takeoff"))
    assert ch is not None and _near(ch.get_volume(), 0.5)
    assert ch.get_busy()
    assert snd.play("landing", volume=0.8, pan=-0.7)
    assert snd.play("flip", pan=1.0)
    assert snd.problems == []


def test_mute(snd):
    snd.init()
    dice = snd._effect("dice")
    snd.start_music(fade_ms=0)
    snd.set_volumes(0.8, 1.0, 0.5, True)
    assert dice.get_volume() == 0.0
    assert snd._music.get_volume() == 0.0
    assert snd.play("dice") is False        # nothing starts while muted
    snd.set_volumes(0.8, 1.0, 0.5, False)
    assert _near(dice.get_volume(), 0.8)
    assert _near(snd._music.get_volume(), 0.4)
    assert snd.play("dice")


def test_settings_object_or_mapping(snd):
    settings = types.SimpleNamespace(master_volume=0.6, effects_volume=0.5, music_volume=0.2, muted=False)
    assert snd.init(settings)
    assert (snd.master, snd.effects, snd.music, snd.muted) == (0.6, 0.5, 0.2, False)
    snd.init({"master_volume": 0.9, "muted": True})
    assert snd.master == 0.9 and snd.muted and snd.effects == 0.5
    assert snd.effects_gain() == 0.0 and snd.music_gain() == 0.0


def test_music_loop_is_cut_from_its_pads_and_joins(snd):
    snd.init()
    assert snd.start_music(fade_ms=0)
    freq, fmt, channels = pygame.mixer.get_init()
    loop = snd._music
    assert loop.get_length() == pytest.approx(MUSIC_LOOP_SECONDS, abs=0.01)
    if fmt != -16:
        pytest.skip("join check reads 16-bit samples")
    data = array.array("h")
    data.frombytes(loop.get_raw())
    if sys.byteorder == "big":
        data.byteswap()
    for c in range(channels):
        chan = data[c::channels]
        steps = sorted(abs(chan[i + 1] - chan[i]) for i in range(0, len(chan) - 1, 7))
        join = abs(chan[0] - chan[-1])
        assert join <= steps[int(len(steps) * 0.99)], "the loop's end jumps to its start"


def test_missing_file_is_silent_for_that_sound_only(snd, monkeypatch):
    snd.init()
    real = Sound.path
    monkeypatch.setattr(Sound, "path", staticmethod(lambda name: None if name == "cash" else real(name)))
    assert snd.play("cash") is False
    assert snd.play("cash") is False        # cached as missing, no second attempt
    assert snd.problems.count("missing sound file: cash") == 1
    assert snd.play("dice")


def test_module_level_manager(monkeypatch):
    monkeypatch.setattr(sound_mod, "manager", Sound())
    try:
        assert sound_mod.available is False
        assert sound_mod.init({"master_volume": 0.5}) is True
        assert sound_mod.available is True
        assert sound_mod.play("turn")
        assert sound_mod.start_music(0)
        sound_mod.set_volumes(0.5, 0.5, 0.5, True)
        assert sound_mod.muted is True
        sound_mod.stop_music(0)
        assert sound_mod.problems == []
    finally:
        sound_mod.quit()
    assert sound_mod.available is False


# ----------------------------------------------------------- no audio

def _no_audio_everything_is_a_no_op(snd: Sound) -> None:
    assert snd.available is False
    assert snd.problems and "silently" in snd.problems[0]
    snd.preload()
    for name in EFFECTS + ("nonsense",):
        assert snd.play(name) is False
    assert snd.start_music() is False
    assert snd.music_playing() is False
    snd.set_volumes(0.3, 0.3, 0.3, True)
    snd.set_volumes(1, 1, 1, False)
    snd.stop_music()
    snd.quit()
    assert snd.available is False


def test_mixer_init_failing_means_silence(snd, monkeypatch):
    def fail(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    assert snd.init() is False
    _no_audio_everything_is_a_no_op(snd)


def test_pygame_without_a_mixer_means_silence(snd, monkeypatch):
    class MissingModule:             # what pygame puts in place of a module it could not import
        def __getattr__(self, name):
            raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(sound_mod, "pygame", types.SimpleNamespace(mixer=MissingModule()))
    assert snd.init() is False
    _no_audio_everything_is_a_no_op(snd)


def test_no_pygame_at_all_means_silence(snd, monkeypatch):
    monkeypatch.setattr(sound_mod, "pygame", None)
    assert snd.init() is False
    _no_audio_everything_is_a_no_op(snd)


# ------------------------------------------------------------- the files

# plausible lengths in seconds (the music file holds the loop and its two pads)
LENGTHS = {
    "dice": (0.3, 1.2), "die": (0.25, 1.0), "takeoff": (0.8, 2.5), "landing": (0.8, 2.5),
    "flip": (0.08, 0.5), "cash": (0.3, 1.8), "click": (0.02, 0.15), "turn": (0.5, 2.5),
    "music": (MUSIC_LOOP_SECONDS + 2 * MUSIC_PAD_SECONDS - 0.01, MUSIC_LOOP_SECONDS + 2 * MUSIC_PAD_SECONDS + 0.01),
}


@pytest.mark.parametrize("name", EFFECTS + (MUSIC,))
def test_sound_file_exists_loads_and_is_sane(name, snd):
    assert set(LENGTHS) == set(EFFECTS) | {MUSIC}
    path = Sound.path(name)
    assert path is not None and path.suffix == ".ogg", f"assets/sounds/{name}.ogg is missing"
    snd.init()
    s = pygame.mixer.Sound(str(path))
    lo, hi = LENGTHS[name]
    assert lo <= s.get_length() <= hi, (name, s.get_length())
    freq, fmt, channels = pygame.mixer.get_init()
    if fmt == -16:
        data = array.array("h")
        data.frombytes(s.get_raw())
        peak = max(max(data), -min(data)) / 32768
        assert 0.01 < peak <= 0.8913, (name, peak)   # audible, and at most -1 dBFS


def test_sound_assets_are_small_and_documented():
    folder = Sound.path("dice").parent
    total = sum(p.stat().st_size for p in folder.iterdir())
    assert total < 3_000_000
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "tools/make_sounds.py" in readme
    for name in EFFECTS + (MUSIC,):
        assert f"{name}.ogg" in readme


def test_init_again_after_the_mixer_was_closed_elsewhere(snd):
    snd.init()
    assert snd.start_music(fade_ms=0)
    assert snd.play("dice")
    pygame.mixer.quit()                 # e.g. pygame.quit() between two windows
    assert snd.play("die") is False     # no crash, no exception
    assert snd.init() is True
    assert snd.play("dice") and snd.start_music(fade_ms=0)
