#!/usr/bin/env python3
"""How long a first play of each tutorial takes, for a reader of 200 words a
minute who makes each taught move as soon as the step is read.

The tutorial is played in the window (dummy driver) by clicking where the
coach's arrow points (``tests/ui/driver.py``); the window's own clock runs
through every animation and computer pause at the default speed and pace,
and each step adds its reading time.  Prints minutes per tutorial:
reading, the table's own time (animations, the moves played for you), total.

    python bench/tutorial_time.py [--wpm 200]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--wpm", type=float, default=200.0)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="opensky-bench-")
    os.environ["OPENSKY_CONFIG_DIR"] = os.path.join(tmp, "config")
    os.environ["OPENSKY_DATA_DIR"] = os.path.join(tmp, "data")
    import pygame
    from opensky.learn.tutorial import load_tutorial, shipped_ids
    from opensky.ui.app import App
    from opensky.ui.game.tutorial import TutorialScene
    from opensky.ui.scenes.title import TitleScene
    from tests.ui.driver import play_tutorial
    for tid in shipped_ids():
        app = App((1280, 720))
        clock = [0.0]
        step = app.step

        def timed(events=None, dt=None, block=False, _step=step):  # type: ignore[no-untyped-def]
            clock[0] += dt or 0.0
            return _step(events, dt, block)
        app.step = timed  # type: ignore[method-assign]
        app.push(TitleScene(app))
        t = load_tutorial(tid)
        g = TutorialScene(app, t, 0)
        app.push(g)
        words = sum(len(s.say.split()) for s in t.steps)
        reading = words / a.wpm * 60
        play_tutorial(app, g)
        table = clock[0]
        print(f"{tid}: {len(t.steps)} steps, {sum(1 for s in t.steps if s.do)} taught moves, {words} words; "
              f"reading {reading / 60:.1f} min + the table's time {table / 60:.1f} min "
              f"= {(reading + table) / 60:.1f} min (anim speed {app.anim_speed}, computer pace {app.ai_pace} s)")
        pygame.display.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
