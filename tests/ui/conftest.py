"""UI tests run pygame with the dummy video and audio drivers."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A 1280×720 window on the dummy driver, with user folders in a temp dir."""
    from opensky.ui.app import App

    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(tmp_path / "config"))
    a = App((1280, 720))
    yield a
    pygame.display.quit()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """User folders in a temp dir; afterwards the window closed and the
    language and text size back to their defaults (for tests that make
    their own App at several sizes)."""
    from opensky import i18n
    from opensky.ui import theme

    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(tmp_path / "config"))
    yield tmp_path
    pygame.display.quit()
    i18n.set_language("en")
    theme.set_text_scale(1.0)
