#!/usr/bin/env python3
"""Render the screenshots in docs/screenshots/ with the game's own code.

    python tools/screenshots.py

Uses SDL's dummy video driver, so it runs anywhere; the pixels are the same
as in a window.  Every decision goes through the engine with seeded choices.
"""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from opensky.ui.app import App  # noqa: E402
from opensky.ui.scenes.game import GameScene  # noqa: E402
from opensky.ui.scenes.newgame import NewGameScene  # noqa: E402
from opensky.ui.scenes.title import TitleScene  # noqa: E402
from opensky.ui.setup import GameSetup  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def frame(app: App, name: str) -> None:
    for s in app.stack.scenes:
        s.dirty = True
    app.step([], 0.016)
    pygame.image.save(app.window, str(OUT / f"{name}.png"))
    print(OUT / f"{name}.png")


def hover(app: App, pos) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                 buttons=(0, 0, 0))], 0.016)


def settle(app: App, seconds: float) -> None:
    t = 0.0
    while t < seconds:
        app.step([], 0.05)
        t += 0.05


def mid_planning(app: App, board: str, players: int, placed: int) -> GameScene:
    su = GameSetup.default(players)
    su.board = board
    su.seed = 7
    for s in su.seats:
        s.human = True
    g = GameScene(app, su)
    app.replace(g)
    rng = random.Random(board)
    st = g.ctl.state
    while sum(st.on_board) < placed:
        p = st.actors[0]
        legal = g.ctl.legal(p)
        near = [a for a in legal if any(st.airport_callsign[x] >= 0 for x in st.board.route_ends[a.arg])]
        g.ctl.apply(rng.choice(near if near and rng.random() < 0.7 else legal))
    settle(app, 1.5)
    return g


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in ((1280, 720), (1920, 1080)):
        tag = f"{size[0]}x{size[1]}"
        app = App(size)
        app.push(TitleScene(app))
        frame(app, f"title-{tag}")
        app.push(NewGameScene(app))
        frame(app, f"setup-{tag}")
        for board, players in (("europe", 3), ("north_america", 4)):
            g = mid_planning(app, board, players, 7)
            st = g.ctl.state
            p = st.actors[0]
            r = next(a.arg for a in g.ctl.legal(p)
                     if any(st.airport_callsign[x] >= 0 and st.subsidy_left[st.airport_callsign[x]]
                            for x in st.board.route_ends[a.arg])) if any(st.subsidy_left) else g.ctl.legal(p)[0].arg
            a, b = g.view.route_ends_px(r)
            hover(app, ((a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5))
            frame(app, f"planning-{board}-{tag}")
        pygame.display.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
