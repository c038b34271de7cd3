"""Whatever is in the settings file or folder, the game starts, keeps what it
can, and tells the player what it could not (issue 13, settings part)."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from dataclasses import asdict, fields
from pathlib import Path

import pygame
import pytest

from opensky import i18n, settings as S
from opensky.settings import Settings, from_dict, load_report, save_report, window_size
from opensky.ui import theme
from opensky.ui.app import App
from opensky.ui.scenes.settings import SettingsScene
from opensky.ui.scenes.title import NoticeDialog, TitleScene
from opensky.userfile import read_json
from tests.ui.test_settings import choose

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    """An empty configuration folder (and data folder) for one start."""
    d = tmp_path / "config"
    d.mkdir()
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(d))
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "data"))
    yield d
    pygame.display.quit()
    i18n.set_language("en")
    theme.set_text_scale(1.0)


def start(with_title: bool = True) -> App:
    """A new start of the game, as far as its first drawn frame."""
    pygame.display.quit()
    app = App()
    if with_title:
        app.push(TitleScene(app))
    app.step([], 0.016)
    return app


def key(app: App, k: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 0.016)


def write(cfg: Path, data) -> None:
    (cfg / "settings.json").write_text(data if isinstance(data, str) else json.dumps(data))


def dialogs(app: App) -> list[NoticeDialog]:
    return [s for s in app.stack.scenes if isinstance(s, NoticeDialog)]


# ------------------------------------------------------------ 1. full screen


def test_full_screen_setting_starts_in_full_screen(cfg):
    write(cfg, {"fullscreen": True})
    app = start()  # was: AttributeError 'App' object has no attribute 'stack'
    assert app.fullscreen and app.size == pygame.display.get_desktop_sizes()[0]
    assert app.frames == 1
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1280, 720)


def test_f11_then_quit_then_start_opens_in_full_screen(cfg):
    app = start()
    key(app, pygame.K_F11)
    assert app.fullscreen
    assert app.save_settings()
    again = start()
    assert again.fullscreen and again.frames == 1
    assert isinstance(again.stack.top, TitleScene) and again.stack.top.bg is not None
    key(again, pygame.K_F11)  # back to the window it had before full screen
    assert not again.fullscreen and again.size == (1280, 720)


# ------------------------------------------------------------ 2. any stored size starts


@pytest.mark.parametrize("text, expect", [
    ('{"window_size": [1e999, 700]}', (7680, 700)),
    ('{"window_size": [Infinity, -Infinity]}', (7680, 600)),
    ('{"window_size": [NaN, 700]}', (1280, 720)),
    ('{"window_size": [%s, 1]}' % ("9" * 5000), (7680, 600)),
    ('{"window_size": [-%s, 800]}' % ("9" * 80), (960, 800)),
    ('{"window_size": [1e308, 1e-308]}', (7680, 600)),
    ('{"window_size": [1000.6, 700.2]}', (1001, 700)),
    ('{"window_size": [true, false]}', (1280, 720)),
    ('{"window_size": ["1280", "720"]}', (1280, 720)),
    ('{"window_size": [1280]}', (1280, 720)),
    ('{"window_size": %s1%s}' % ("[" * 500, "]" * 500), (1280, 720)),
])
def test_any_stored_window_size_starts(cfg, text, expect):
    write(cfg, text)
    assert tuple(load_report().settings.window_size) == expect
    write(cfg, text)
    app = start()
    assert app.size == expect and not app.notices


def test_very_deep_nesting_is_a_damaged_file_not_a_crash(cfg):
    write(cfg, '{"window_size": %s}' % ("[" * 200_000))  # was: RecursionError
    app = start()
    assert app.size == (1280, 720) and len(dialogs(app)) == 1
    assert (cfg / "settings.json.bad").is_file()


def test_window_size_is_kept_within_the_desktop(cfg, monkeypatch):
    write(cfg, {"window_size": [5000, 3000]})
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1600, 900), (1920, 1080)])
    assert start().size == (1920, 1080)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(800, 480)])  # a tiny screen
    assert start().size == (960, 600)


def test_window_size_unit():
    assert window_size([100, 100], [1280, 720]) == [960, 600]
    assert window_size([9000, 9000], [1280, 720], (1920, 1080)) == [1920, 1080]
    assert window_size({"w": 1}, [1280, 720]) == [1280, 720]
    assert window_size([[1280], 720], [1280, 720]) == [1280, 720]


# ------------------------------------------------------------ 3. one value at a time


def test_one_bad_value_keeps_the_others(cfg):
    write(cfg, {"language": 5, "music_volume": 0.1, "text_scale": "big", "ai_pace": 2.0})
    st = load_report().settings
    assert st.music_volume == 0.1 and st.ai_pace == 2.0
    assert st.language == "" and st.text_scale == 1.0


def test_unknown_language_is_the_systems():
    assert from_dict({"language": "xx"}).language == ""
    assert from_dict({"language": "sv"}).language == "sv"
    assert from_dict({"language": ["sv"]}).language == ""


def test_flags_must_be_real_flags():
    assert from_dict({"muted": "false", "fullscreen": "true"}) == Settings()  # was: both True
    assert from_dict({"muted": 1, "fullscreen": 0}).muted is True
    assert from_dict({"muted": 2, "fullscreen": [True]}) == Settings()
    assert from_dict({"muted": True}).muted is True


def test_numbers_clamp_and_nan_is_the_default():
    st = from_dict({"master_volume": float("inf"), "effects_volume": float("nan"), "anim_speed": -3,
                    "ai_pace": 10 ** 400, "text_scale": True, "music_volume": "0.5"})
    assert st.master_volume == 1.0 and st.effects_volume == 0.8 and st.anim_speed == 0.0
    assert st.ai_pace == 5.0 and st.text_scale == 1.0 and st.music_volume == 0.35


# ------------------------------------------------------------ 4. damaged files


@pytest.mark.parametrize("content", [
    b"{not json", b"[1, 2]", b'"settings"', b"", b"   \n", b'{"language": "sv"',
    b"\xff\xfe{\x00}", b"null",
])
def test_damaged_file_is_kept_aside_and_the_player_told_once(cfg, content):
    (cfg / "settings.json").write_bytes(content)
    (cfg / "settings.json.bad").write_text("an older damaged copy")
    app = start()
    assert app.settings == Settings()
    bad = cfg / "settings.json.bad"
    assert bad.read_bytes() == content  # the older copy is replaced
    shown = dialogs(app)
    assert len(shown) == 1 and app.stack.top is shown[0]
    text = " ".join(shown[0].lines)
    assert "damaged" in text and "settings.json.bad" in text.replace(" ", "")
    key(app, pygame.K_RETURN)  # OK
    assert isinstance(app.stack.top, TitleScene) and not dialogs(app)
    app.pop()
    app.push(TitleScene(app))  # the title again: not told twice
    assert not dialogs(app)
    assert app.save_settings()
    assert read_json(cfg / "settings.json") == asdict(Settings())
    assert bad.read_bytes() == content
    assert not dialogs(start())  # the next start is quiet


def test_too_large_file_is_kept_aside(cfg):
    (cfg / "settings.json").write_bytes(b'{"a": "' + b"x" * (9 * 1024 * 1024) + b'"}')
    app = start()
    assert len(dialogs(app)) == 1 and (cfg / "settings.json.bad").stat().st_size > 9_000_000
    assert len(" ".join(dialogs(app)[0].lines)) < 400  # never the bad value itself


def test_damaged_file_that_cannot_be_moved_is_left_and_not_overwritten(cfg):
    write(cfg, "{not json")
    (cfg / "settings.json.bad").mkdir()  # in the way of the move
    app = start()
    assert len(dialogs(app)) == 1 and "left as it is" in " ".join(dialogs(app)[0].lines)
    assert not app.save_settings()
    assert (cfg / "settings.json").read_text() == "{not json"


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_non_regular_settings_file_is_neither_read_nor_written(cfg, kind):
    p = cfg / "settings.json"
    if kind == "folder":
        p.mkdir()
    else:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(p)
    app = start()  # a FIFO with no writer must not hang (see the subprocess test too)
    assert app.settings == Settings() and len(dialogs(app)) == 1
    assert "not a regular file" in " ".join(dialogs(app)[0].lines)
    assert not app.save_settings()
    assert save_report(app.settings) is not None  # never written over, even when asked
    mode = os.stat(p).st_mode
    assert stat.S_ISDIR(mode) if kind == "folder" else stat.S_ISFIFO(mode)
    assert not (cfg / "settings.json.bad").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_settings_file_does_not_hang_a_real_start(tmp_path):
    os.mkfifo(tmp_path / "settings.json")
    code = ("from opensky.ui.app import App\nfrom opensky.ui.scenes.title import TitleScene\n"
            "a = App(); a.push(TitleScene(a)); a.step([], 0.016); a.running = False; raise SystemExit(a.run())")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", OPENSKY_CONFIG_DIR=str(tmp_path),
               OPENSKY_DATA_DIR=str(tmp_path / "d"))
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert stat.S_ISFIFO(os.stat(tmp_path / "settings.json").st_mode)


# ------------------------------------------------------------ 5. folder that cannot be written


@pytest.fixture
def blocked(tmp_path, monkeypatch):
    """The configuration folder's place is taken by a file."""
    f = tmp_path / "config"
    f.write_text("not a folder")
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(f))
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "data"))
    yield f
    pygame.display.quit()
    i18n.set_language("en")
    theme.set_text_scale(1.0)


def test_unwritable_folder_is_told_once_on_the_next_screen(blocked):
    app = start()
    assert not dialogs(app)  # nothing to say yet: nothing was saved
    app.push(SettingsScene(app))
    sc = app.stack.top
    app.step([], 0.016)
    choose(app, sc, "Music", 0.0)  # the Settings screen saves each change
    choose(app, sc, "Effects", 0.35)
    assert app.stack.top is sc and len(app.notices) == 1  # told once, not per change
    key(app, pygame.K_ESCAPE)  # close Settings: the title says it
    shown = dialogs(app)
    assert len(shown) == 1 and app.stack.top is shown[0]
    assert "could not be saved" in " ".join(shown[0].lines)
    key(app, pygame.K_RETURN)
    assert not dialogs(app) and not app.notices
    assert not app.save_settings()
    assert not app.notices and not dialogs(app)  # not again
    assert blocked.read_text() == "not a folder"


def test_unwritable_folder_at_quit_says_one_line(blocked, capsys):
    app = start(with_title=False)
    app.running = False
    assert app.run() == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "could not be saved" in err[0] and str(blocked.name) in err[0]


def test_at_quit_nothing_more_is_said_once_a_dialog_said_it(blocked, capsys):
    app = start()
    app.save_settings()  # fails; the title shows it at once
    assert len(dialogs(app)) == 1
    app.running = False
    app.run()
    assert capsys.readouterr().err == ""


def test_read_only_folder(cfg, monkeypatch):
    """A read-only folder (root may write anyway, so the refusal is simulated)."""
    from opensky.persistence import atomic

    def refuse(path, text, keep_previous=None):
        raise PermissionError(13, "Permission denied", str(path))
    monkeypatch.setattr(atomic, "write_atomic", refuse)
    app = start()
    assert not app.save_settings() and len(dialogs(app)) == 1
    if os.name == "posix" and os.geteuid() != 0:
        monkeypatch.undo()
        monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(cfg))
        cfg.chmod(0o500)
        try:
            assert save_report(Settings()) is not None
        finally:
            cfg.chmod(0o700)


# ------------------------------------------------------------ 6. leftover temp files


def test_stale_temp_files_are_removed_at_start(cfg):
    old, fresh = cfg / "settings.json.k2j4x9ab.tmp", cfg / "settings.json.m1n2b3v4.tmp"
    others = [cfg / "settings.json.bad", cfg / "other.json.a1b2c3d4.tmp", cfg / "settings.json"]
    for p in [old, fresh, *others]:
        p.write_text("{}")
    (cfg / "settings.json.dir.tmp").mkdir()
    past = time.time() - 120
    for p in [old, *others, cfg / "settings.json.dir.tmp"]:
        os.utime(p, (past, past))
    start()
    assert not old.exists()
    assert fresh.exists()  # another copy of the game may be writing it right now
    assert all(p.exists() for p in others) and (cfg / "settings.json.dir.tmp").is_dir()


# ------------------------------------------------------------ extremes


EXTREMES = [
    "1e308", "-1e308", "1e999", "-1e999", "9" * 100, "-" + "9" * 5000, "-1", "0", "1e-320",
    '"inf"', '"NaN"', '"-Infinity"', "NaN", "Infinity", "-Infinity", "null", "true", "false",
    '"false"', '"sv"', '"x"', '"' + "x" * 100_000 + '"', "{}", '{"a": [1, 2]}', "[]", "[1e999, -1e999]",
    "[[[[[[1]]]]]]", "[1280, 720, 3]", '["a", "b"]', "[%s]" % ",".join(["1"] * 10_000),
]


def check_start(cfg: Path, text: str) -> None:
    write(cfg, text)
    app = start()
    assert app.frames == 1 and not app.notices and not dialogs(app), text[:80]
    assert app.save_settings()
    saved = read_json(cfg / "settings.json")  # the strict reader: finite numbers, right shape
    assert saved == asdict(app.settings) and from_dict(saved) == app.settings
    assert 960 <= saved["window_size"][0] <= 7680 and 600 <= saved["window_size"][1] <= 4320
    assert all(lo <= saved[k] <= hi for k, (lo, hi) in S.RANGES.items())
    assert isinstance(saved["muted"], bool) and isinstance(saved["fullscreen"], bool)
    assert saved["language"] in ("", *i18n.LANGUAGES)


@pytest.mark.parametrize("name", [f.name for f in fields(Settings)])
def test_every_setting_at_every_extreme_starts(cfg, name):
    for v in EXTREMES:
        check_start(cfg, '{"%s": %s}' % (name, v))


@pytest.mark.parametrize("v", EXTREMES)
def test_all_settings_at_an_extreme_at_once_start(cfg, v):
    check_start(cfg, "{" + ", ".join('"%s": %s' % (f.name, v) for f in fields(Settings)) + "}")


# ------------------------------------------------------------ what the player sees


def test_a_bare_title_and_body_notice_shows_too(cfg):
    app = start()
    app.notices.append(("Settings not saved", "Plain text without fields"))  # type: ignore[arg-type]
    app.push(TitleScene(app))
    assert dialogs(app) and "Plain text" in " ".join(dialogs(app)[0].lines)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "sv", "pt"])
def test_notice_with_a_long_path_fits_its_panel(cfg, monkeypatch, size, lang):
    deep = cfg / ("a-very-long-folder-name-without-any-spaces-in-it" * 3) / "OpenSky"
    deep.mkdir(parents=True)
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(deep))
    write(deep, "{damaged")  # so the defaults: the language and text size are set by hand
    pygame.display.quit()
    app = App(size)
    i18n.set_language(lang)
    theme.set_text_scale(1.5)
    app.relayout()
    app.push(TitleScene(app))
    app.step([], 0.016)
    d = dialogs(app)[0]
    s = app.scale
    from opensky.ui import assets
    font = assets.font(int(theme.TYPE.body * s))
    assert all(font.size(line)[0] <= int(520 * s) for line in d.lines)
    assert "settings.json.bad" in "".join(d.lines)
    assert app.window.get_rect().contains(d.panel) and d.panel.contains(d.ok.rect)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (2560, 1080)])
@pytest.mark.parametrize("text", [1.0, 1.15, 1.3, 1.5])
def test_title_buttons_fit_at_every_text_size(cfg, size, text):
    write(cfg, {"text_scale": text})
    pygame.display.quit()
    app = App(size)
    assert theme.TEXT_SCALE == text
    t = TitleScene(app)
    app.push(t)
    app.step([], 0.016)
    rects = [b.rect for b in t.widgets.widgets]
    assert rects[-1].bottom <= size[1] - 30 * app.scale  # above the version line
    from opensky.ui import assets
    sub_bottom = (t.ty + assets.font(int(theme.TYPE.title * 1.5 * t.k), "bold").get_height()
                  + assets.font(int(theme.TYPE.h2 * t.k), "medium").get_height())
    assert rects[0].top >= sub_bottom  # not over the subtitle
