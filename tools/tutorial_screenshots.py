#!/usr/bin/env python3
"""Screenshots of every tutorial step (docs/screenshots/tutorial/<id>/NN.png),
taken while the tutorial is played as a newcomer plays it: by clicking where
the coach's arrow points (tests/ui/driver.py ``play_tutorial``).

    python tools/tutorial_screenshots.py [--size 1280x720] [--out DIR] [europe north_america]

Uses SDL's dummy video driver; squeezed with pngquant when it is installed.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("ids", nargs="*")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots" / "tutorial"))
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="opensky-shots-")
    os.environ["OPENSKY_CONFIG_DIR"] = os.path.join(tmp, "config")   # never the player's own progress
    os.environ["OPENSKY_DATA_DIR"] = os.path.join(tmp, "data")
    import pygame
    from opensky.learn.tutorial import load_tutorial, shipped_ids
    from opensky.ui.app import App
    from opensky.ui.game.tutorial import TutorialScene
    from opensky.ui.scenes.title import TitleScene
    from tests.ui.driver import play_tutorial
    w, h = map(int, a.size.split("x"))
    for tid in a.ids or shipped_ids():
        out = Path(a.out) / tid
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("*.png"):
            old.unlink()
        app = App((w, h))
        app.push(TitleScene(app))
        t = load_tutorial(tid)
        g = TutorialScene(app, t, 0)
        app.push(g)

        def shot(g: TutorialScene) -> None:
            # the pointer away from the map, as a reader's hand is
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(w - 2, h - 2), rel=(0, 0), buttons=(0, 0, 0))],
                     0.016)
            for s in app.stack.scenes:
                s.dirty = True
            app.step([], 0.016)
            path = out / f"{g.lesson.index + 1:02d}.png"
            pygame.image.save(app.window, str(path))
            print(path)

        started = time.perf_counter()
        play_tutorial(app, g, shot)
        app.step([], 0.1)
        pygame.image.save(app.window, str(out / "end.png"))
        print(f"{tid}: {len(t.steps)} steps, shot in {time.perf_counter() - started:.1f} s")
        pygame.display.quit()
    sys.path.insert(0, str(ROOT / "tools"))
    from screenshots import squeeze  # the same pngquant step as tools/screenshots.py
    squeeze(Path(a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
