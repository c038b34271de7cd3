"""Player settings that stick: saved as JSON in the user's configuration folder
(platformdirs) and restored at start.  A missing or damaged file gives the
defaults; writing is atomic like saves."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from opensky.userdirs import config_dir

FILE = "settings.json"


@dataclass
class Settings:
    language: str = ""              # "" = the system's language (if ours), else English
    master_volume: float = 0.8
    effects_volume: float = 0.8
    music_volume: float = 0.35
    muted: bool = False
    anim_speed: float = 1.0         # 0 = animations off
    ai_pace: float = 0.8            # seconds between a computer's moves
    fullscreen: bool = False
    window_size: list[int] = field(default_factory=lambda: [1280, 720])
    text_scale: float = 1.0

    def clamp(self) -> "Settings":
        """Keep every value in its range (a hand-edited file can't break the game)."""
        def f(v: Any, lo: float, hi: float, default: float) -> float:
            try:
                x = float(v)
            except (TypeError, ValueError):
                return default
            return min(hi, max(lo, x)) if x == x else default
        d = Settings()
        self.master_volume = f(self.master_volume, 0, 1, d.master_volume)
        self.effects_volume = f(self.effects_volume, 0, 1, d.effects_volume)
        self.music_volume = f(self.music_volume, 0, 1, d.music_volume)
        self.anim_speed = f(self.anim_speed, 0, 8, d.anim_speed)
        self.ai_pace = f(self.ai_pace, 0, 5, d.ai_pace)
        self.text_scale = f(self.text_scale, 0.8, 1.5, d.text_scale)
        self.muted = bool(self.muted)
        self.fullscreen = bool(self.fullscreen)
        if not isinstance(self.language, str):
            self.language = ""
        try:
            w, h = (int(x) for x in self.window_size)
            self.window_size = [max(960, min(7680, w)), max(600, min(4320, h))]
        except (TypeError, ValueError):
            self.window_size = list(d.window_size)
        return self


def load() -> Settings:
    path = config_dir() / FILE
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: v for k, v in raw.items() if k in known}).clamp()


def save(settings: Settings) -> bool:
    """Write the settings; False (and nothing lost) if the folder can't be written."""
    from opensky.persistence.store import write_atomic
    try:
        write_atomic(config_dir() / FILE, json.dumps(asdict(settings), indent=1))
        return True
    except OSError:
        return False
