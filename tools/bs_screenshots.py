#!/usr/bin/env python3
"""Render the Blue Skies screenshots in docs/screenshots/ with the game's own
code: every step and decision of a hot-seat game, at 1280×720 and 1920×1080.

    python tools/bs_screenshots.py            # both sizes
    python tools/bs_screenshots.py 1280x720   # one size

Runs on SDL's dummy driver by default (the pixels are the window's); set
SDL_VIDEODRIVER=x11 under Xvfb to watch it in a real window.  Every answer
is given by mouse through ``tests/ui/bsdriver.py``, chosen by Easy.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_tmp = tempfile.mkdtemp(prefix="bs-shots-")
os.environ.setdefault("OPENSKY_DATA_DIR", os.path.join(_tmp, "data"))
os.environ.setdefault("OPENSKY_CONFIG_DIR", os.path.join(_tmp, "config"))
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from opensky.ai.blueskies import make_bs_bot  # noqa: E402
from opensky.blueskies.actions import ASSIST, BUY, DISCARD_DECISION, OPENING_GATE, PLAY  # noqa: E402
from opensky.play.seats import BLUE_SKIES, DEFAULT_SEATS, GameSetup, Seat  # noqa: E402
from opensky.ui.app import App  # noqa: E402
from opensky.ui.bsgame.scene import BSGameScene  # noqa: E402
from tests.ui.bsdriver import airport_point, click, do, settle  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def frame(app: App, name: str) -> None:
    for s in app.stack.scenes:
        s.dirty = True
    app.step([], 0.0)
    path = OUT / f"{name}.png"
    pygame.image.save(app.window, str(path))
    print(path)


def hover(app: App, pos) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                 buttons=(0, 0, 0))], 0.016)


class Game:
    """A 3-airline game: two people at the screen and one computer."""

    def __init__(self, app: App, seed: int) -> None:
        seats = [Seat(n, c, s, human=i < 2, bot="normal") for i, (n, c, s) in enumerate(DEFAULT_SEATS[:3])]
        self.app = app
        self.g = BSGameScene(app, GameSetup(board="usa", seats=seats, seed=seed, game=BLUE_SKIES),
                             autosave=False)
        app.replace(self.g)
        self.bots = [make_bs_bot("normal", seed + p) for p in range(3)]

    def until(self, want: Callable[[BSGameScene], bool], limit: int = 600) -> bool:
        """Play (people by mouse) until ``want`` holds at a person's decision."""
        g, app = self.g, self.app
        for _ in range(limit):
            settle(app, g)
            st = g.ctl.session.state
            if st.game_over:
                return False
            if g.seat.shown():
                if want(g):
                    return True
                click(app, g.seat.button.rect.center)
            if g.human_actor() is not None and want(g):
                return True
            p = st.actor
            do(app, g, self.bots[p].choose(g.ctl.view_for(p), g.ctl.legal(p)))
        return False

    def mid_story(self, kind: str, limit: int = 600) -> bool:
        """Play on until the story tells a step of ``kind``; stop half-way through it."""
        g, app = self.g, self.app
        for _ in range(limit):
            for _k in range(400):
                cur = g.story.current()
                if cur is not None and cur.kind == kind and cur.progress >= 0.45:
                    return True
                if not g.story.blocking() and (g.human_actor() is not None or g.seat.shown()):
                    break
                app.step([], 0.02)
            if g.ctl.session.state.game_over:
                return False
            if g.seat.shown():
                click(app, g.seat.button.rect.center)
            p = g.ctl.session.state.actor
            if g.human_actor() is not None:
                do(app, g, self.bots[p].choose(g.ctl.view_for(p), g.ctl.legal(p)))
        return False


def shots(size: tuple[int, int]) -> None:
    w, h = size
    tag = f"{w}x{h}"
    app = App(size)
    app.anim_speed = 1.0
    app.ai_pace = 0.05
    game = Game(app, seed=21)
    g = game.g
    # setup: the five opening cards turned over, then the local airlines open
    game.mid_story("turn")
    frame(app, f"bs-setup-opening-{tag}")
    game.mid_story("local")
    frame(app, f"bs-setup-local-gates-{tag}")
    # the hand-off screen before the first person's first decision
    game.until(lambda g: g.seat.shown())
    frame(app, f"bs-handoff-{tag}")
    click(app, g.seat.button.rect.center)
    # the opening gates, a preview under the pointer
    game.until(lambda g: g.state.decision == OPENING_GATE)
    lit = sorted(g.tray.lit(), key=lambda a: -g.ctl.board.airports[a].gate_cost)
    if lit:
        hover(app, airport_point(g, lit[0]))
    frame(app, f"bs-opening-{tag}")
    # buying gates: lit airports and a buyout
    game.until(lambda g: g.state.decision == BUY and bool(g.tray.lit_gates()))
    gates = list(g.tray.lit_gates())
    if gates:
        a, slot = gates[0]
        hover(app, g.view.gate_center(a, slot))
    frame(app, f"bs-buy-{tag}")
    # step 2: the hand, a card under the pointer
    game.until(lambda g: g.state.decision == PLAY and g.human_actor() is not None)
    if g.tray.card_rects:
        hover(app, g.tray.card_rects[0][1].center)
    frame(app, f"bs-play-{tag}")
    # the special action being put together
    if not g.state.special_used[g.human_actor() or 0]:
        click(app, g.tray.special_button.rect.center)
        best = max(range(len(g.ctl.board.airports)), key=lambda a: sum(g.state.cubes[a]) + g.state.waiting[a])
        click(app, airport_point(g, best))
        if g.tray.card_rects:
            click(app, g.tray.card_rects[0][1].center)
        hover(app, airport_point(g, best))
        frame(app, f"bs-special-{tag}")
        click(app, g.tray.cancel.rect.center)
    # the passengers' draw, cube by cube, and the even split
    game.mid_story("card")
    frame(app, f"bs-card-played-{tag}")
    game.mid_story("draw")
    frame(app, f"bs-draw-{tag}")
    game.mid_story("split")
    frame(app, f"bs-split-{tag}")
    game.mid_story("turn")
    frame(app, f"bs-other-demand-{tag}")
    game.mid_story("income")
    frame(app, f"bs-score-{tag}")
    game.mid_story("round")
    frame(app, f"bs-next-round-{tag}")
    # government assistance, then the discards
    if game.until(lambda g: g.state.decision == ASSIST and g.human_actor() is not None):
        st = g.state
        picks = sorted(range(len(st.gates)), key=lambda a: -len(st.gates[a]))[:max(0, st.owed - 1)]
        for a in picks:
            click(app, airport_point(g, a))
        hover(app, airport_point(g, picks[0]) if picks else g.board_rect.center)
        frame(app, f"bs-assistance-{tag}")
        for a in picks:
            click(app, airport_point(g, a))
    if game.until(lambda g: g.state.decision == DISCARD_DECISION and g.human_actor() is not None):
        if g.tray.card_rects:
            click(app, g.tray.card_rects[-1][1].center)
        frame(app, f"bs-discard-{tag}")
    pygame.display.quit()


def main(argv: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    sizes = [(1280, 720), (1920, 1080)]
    if argv:
        sizes = [tuple(int(x) for x in a.split("x")) for a in argv]  # type: ignore[misc]
    for size in sizes:
        shots(size)  # type: ignore[arg-type]
    squeeze(sorted(OUT.glob("bs-*.png")))
    return 0


def squeeze(files: list[Path]) -> None:
    """About a third of the size with pngquant when it is installed (as
    ``tools/screenshots.py`` does): they are documentation."""
    import shutil
    import subprocess
    tool = shutil.which("pngquant")
    if tool is None:
        print("(pngquant not found: the pictures are left uncompressed)")
        return
    for k in range(0, len(files), 16):
        subprocess.run([tool, "--quality=80-95", "--speed", "3", "--force", "--ext", ".png",
                        *map(str, files[k:k + 16])], check=False)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
