"""Settings that stick, language switching without a restart, and sound-less
machines (issue #6)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame

from opensky import i18n
from opensky.settings import Settings, load, save
from opensky.ui.app import App
from opensky.ui.scenes.settings import SettingsScene
from opensky.ui.scenes.title import TitleScene
from tests.ui.driver import click

ROOT = Path(__file__).resolve().parents[2]


def choose(app, scene, label, value):
    c = next(c for lab, c in scene.rows if lab == label)
    cells = dict(zip([o[0] for o in c.options], c._cells()))
    click(app, cells[value].center)


def test_settings_survive_a_restart(app, tmp_path):
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    sc = app.stack.top
    app.step([], 0.016)
    choose(app, sc, "Language", "pt")
    choose(app, sc, "Animations", 2.0)
    choose(app, sc, "Computer pace", 0.3)
    choose(app, sc, "Music", 0.0)
    choose(app, sc, "Text size", 1.15)
    assert i18n.language() == "pt"
    app.save_settings()
    pygame.display.quit()
    again = App()  # a new start reads the saved settings
    try:
        assert i18n.language() == "pt"
        assert again.anim_speed == 2.0 and again.ai_pace == 0.3
        assert again.settings.music_volume == 0.0 and again.settings.text_scale == 1.15
        assert tuple(again.size) == (1280, 720)
    finally:
        i18n.set_language("en")
        from opensky.ui import theme
        theme.set_text_scale(1.0)


def test_language_switches_without_restart(app):
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    sc = app.stack.top
    app.step([], 0.016)
    try:
        choose(app, sc, "Language", "sv")
        app.pop()
        app.step([], 0.016)
        title = app.stack.top
        assert i18n.tr(title.b_new.label) != "New game"  # the title's buttons are Swedish now
    finally:
        i18n.set_language("en")


def test_damaged_settings_file_gives_defaults(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text("{not json")
    assert load() == Settings()
    (tmp_path / "settings.json").write_text(json.dumps({"anim_speed": "fast", "text_scale": 99,
                                                         "window_size": [10, 10], "muted": 1}))
    st = load()
    assert st.anim_speed == 1.0 and st.text_scale == 1.5 and st.window_size == [960, 600] and st.muted is True
    assert save(st)


def test_plays_without_any_audio_device(tmp_path):
    """With no usable audio at all the demo still plays to the end, silently."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="no-such-driver",
               OPENSKY_DATA_DIR=str(tmp_path / "d"), OPENSKY_CONFIG_DIR=str(tmp_path / "c"))
    r = subprocess.run([sys.executable, "main.py", "demo", "--seats", "2", "--speed", "40", "--seed", "2",
                        "--exit-at-end"], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["game_over"]
    assert "Traceback" not in r.stderr
