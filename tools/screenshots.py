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


def whole_game(app: App, board: str, players: int, tag: str, seed: int, label: str = "") -> None:
    """Play a hot-seat game by mouse and save the first frame of every decision,
    the market choice while a choice is hovered, and moments of the story told
    between decisions: the dice tumbling, the cards flipping, the price die
    tumbling and settled, the verdict, the take-off and the month's card."""
    sys.path.insert(0, str(ROOT))
    from tests.ui.driver import click, do, plan_near_callsigns

    su = GameSetup.default(players)
    su.board = board
    su.seed = seed
    for s in su.seats:
        s.human = True
    g = GameScene(app, su)
    app.replace(g)
    rng = random.Random(seed)
    st = g.ctl.state
    seen: set[str] = set()

    def once(kind: str) -> None:
        if kind not in seen:
            seen.add(kind)
            frame(app, f"{kind}-{label or board}-{tag}")

    def story() -> None:
        """Step through what is told after an action, a frame at a time."""
        t = 0.0
        while g.busy() and t < 30 and app.stack.top is g:
            app.step([], 0.05)
            t += 0.05
            a = g.anim
            if a.dice.rolling and a.dice.roll is not None and a.dice.roll.tween.raw > 0.4:
                once("anim-dice-rolling")
            if a.table.flipping and a.table.flip is not None and a.table.flip.raw > 0.6:
                once("anim-reveal")
            if a.price_die.rolling and a.price_die.tween is not None and a.price_die.tween.raw > 0.5:
                once("anim-price-die")
            if a.price_die.tween is not None and not a.price_die.rolling and a.toasts:
                once("anim-price-die-verdict")
            leaving = [f for f in g.flights if not f.landing and f.tween.started]
            if len(leaving) > 3 and all(f.tween.raw > 0.5 for f in leaving):  # the season reset
                once("anim-season-reset")
            elif leaving:
                once("anim-fly-off")
            if getattr(a, "card", None) is not None:
                once("anim-month-card")
        app.step([], 0.05)

    while not st.game_over:
        story()
        if app.stack.top is not g:
            break
        d = st.decision or ""
        key = d
        if d == "bid":
            key = "handoff" if g.handoff_for is not None else "bid"
        if d == "place_plane" and st.phase == "network_planning":
            key = "planning"
        once(f"phase-{key}")
        a = plan_near_callsigns(g, rng)
        if d == "choose_od" and "phase-choose_od-hover" not in seen:
            b = g.button_for(a)
            if b is not None:
                hover(app, b.rect.center)
                once("phase-choose_od-hover")
                hover(app, (2, g.board_rect.centery))
        if d == "bid" and g.handoff_for is not None and "phase-bid-panel" not in seen:
            click(app, g.handoff_button.rect.center)
            want = 0 if a.arg is None else a.arg
            click(app, next(r for v, r in g.card_rects if v == want).center)
            once("phase-bid-panel")
            click(app, g.confirm_button.rect.center)
            continue
        do(app, g, a)
    for _ in range(400):
        app.step([], 0.05)
        if app.stack.top is not g:
            break
    frame(app, f"results-{label or board}-{tag}")


def board_only(board_id: str, size: tuple[int, int]) -> None:
    """The map of one board side alone, with its call-sign airports (issue #3)."""
    from opensky.board.loader import load_board
    from opensky.rules.constants import CALLSIGNS
    from opensky.rules.state import GameState
    from opensky.ui.boardview import BoardView
    from opensky.ui import theme as T

    board = load_board(board_id)
    view = BoardView(board, GameSetup.default(2).seats)
    view.layout(pygame.Rect(0, 0, *size), T.ui_scale(size))
    st = GameState(board, ["A", "B"], dict(zip(CALLSIGNS, board.recommended_callsigns or ())))
    surf = pygame.Surface(size)
    view.draw(surf, st)
    name = f"board-{board_id}-{size[0]}x{size[1]}"
    pygame.image.save(surf, str(OUT / f"{name}.png"))
    print(OUT / f"{name}.png")


def saves_and_replay(app: App, tag: str) -> None:
    """The list of saves and a replay (into a temporary data folder)."""
    import tempfile
    from opensky.persistence.save import load
    from opensky.persistence.store import save_named
    from opensky.ui.scenes.replay import ReplayScene
    from opensky.ui.scenes.saves import LoadScene

    with tempfile.TemporaryDirectory() as tmp:
        old = os.environ.get("OPENSKY_DATA_DIR")
        os.environ["OPENSKY_DATA_DIR"] = tmp
        try:
            last = None
            for board, players, n, name in (("europe", 3, 40, "Friday night"), ("north_america", 4, 90, "Family cup")):
                g = mid_planning(app, board, players, 3 * players)
                rng = random.Random(n)
                while len(g.ctl.session.log) < n and not g.ctl.state.game_over:
                    st = g.ctl.state
                    if st.is_chance():
                        g.ctl.roll()
                    else:
                        legal = g.ctl.legal(st.actors[0])
                        g.ctl.apply(rng.choice(legal))
                last = save_named(g.ctl.session, g.ctl.seat_infos(), name)
            app.replace(TitleScene(app))
            app.push(LoadScene(app))
            frame(app, f"load-{tag}")
            assert last is not None
            r = ReplayScene(app, load(last))
            app.replace(r)
            r.goto(60)
            settle(app, 0.5)
            frame(app, f"replay-{tag}")
        finally:
            if old is None:
                os.environ.pop("OPENSKY_DATA_DIR", None)
            else:
                os.environ["OPENSKY_DATA_DIR"] = old


def market_moment(app: App) -> GameScene:
    """A reproducible moment: three airlines bid on Paris–London, the cards are
    revealed and the roller is offered a flash deal."""
    from opensky.rules.actions import Action

    su = GameSetup.default(3)
    su.seed = 11
    for seat in su.seats:
        seat.human = True
    g = GameScene(app, su, autosave=False)
    app.replace(g)
    st = g.ctl.state
    b = st.board
    routes = {0: ["CDG-LHR", "LHR-AMS", "MAD-LIS", "MAD-LIS"], 1: ["CDG-LHR", "FRA-MUC", "MUC-FCO", "MAD-BCN"],
              2: ["CDG-AMS", "AMS-LHR", "BER-WAW", "ATH-IST"]}
    while st.decision == "place_plane":
        p = st.actors[0]
        x, y = routes[p].pop(0).split("-")
        g.ctl.apply(Action("place_plane", p, b.route_index[(x, y)]))
    hubs = {0: ["MAD", "LIS"], 1: ["MUC", "CDG"], 2: ["AMS", "BER"]}
    while st.decision == "place_hub":
        p = st.actors[0]
        g.ctl.apply(Action("place_hub", p, b.airport_index[hubs[p].pop(0)]))
    g.ctl.apply(Action("roll_dice", 0, (0, 1, 4)))
    g.ctl.apply(Action("choose_od", 0, (0, 1)))
    for p, fare in ((0, 300), (1, 250), (2, 200)):
        g.ctl.apply(Action("bid", p, fare))
    settle(app, 2.0)
    return g


def languages_and_colours() -> None:
    """The same game moment in each language and in three colour-vision
    simulations; the Rules and Settings screens in each language (issue #6)."""
    from opensky import i18n
    from opensky.ui.palette import MACHADO, simulate_surface
    from opensky.ui.scenes.rules import RulesScene
    from opensky.ui.scenes.settings import SettingsScene

    from opensky.settings import Settings
    for lang in i18n.LANGUAGES:
        app = App((1280, 720), settings=Settings(language=lang))
        market_moment(app)
        frame(app, f"lang-{lang}-game")
        if lang == "en":
            for kind in sorted(MACHADO):
                out = simulate_surface(app.window, kind)
                pygame.image.save(out, str(OUT / f"colour-{kind}-game.png"))
                print(OUT / f"colour-{kind}-game.png")
        app.replace(TitleScene(app))
        app.push(RulesScene(app, "winner"))
        frame(app, f"lang-{lang}-rules")
        app.replace(TitleScene(app))
        app.push(SettingsScene(app))
        frame(app, f"lang-{lang}-settings")
        pygame.display.quit()
    i18n.set_language("en")


def main() -> int:
    """Every picture, with the user folders in a temporary directory: the
    player's own autosave (Continue enabled or not) and settings (language,
    text size) must not change the pictures, and the games played here must
    not replace the player's autosave."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["OPENSKY_DATA_DIR"] = os.path.join(tmp, "data")
        os.environ["OPENSKY_CONFIG_DIR"] = os.path.join(tmp, "config")
        rc = shoot()
    squeeze()
    return rc


def squeeze(folder: Path = OUT) -> None:
    """Make the pictures about a third of their size with pngquant, when it is
    installed (``apt-get install pngquant``): they are documentation, and the
    repository keeps every version."""
    import shutil
    import subprocess
    tool = shutil.which("pngquant")
    if tool is None:
        print("(pngquant not found: the pictures are left uncompressed)")
        return
    files = sorted(str(p) for p in folder.rglob("*.png"))
    for k in range(0, len(files), 16):
        subprocess.run([tool, "--quality=80-95", "--speed", "3", "--force", "--ext", ".png", *files[k:k + 16]],
                       check=False)


def shoot() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    if "--i18n" in sys.argv:
        languages_and_colours()
        return 0
    pygame.display.init()
    pygame.display.set_mode((16, 16))
    for board_id in ("europe", "north_america"):
        for size in ((1600, 1000), (1280, 720)):
            board_only(board_id, size)
    pygame.display.quit()
    for size in ((960, 600), (1280, 720), (1920, 1080)):
        tag = f"{size[0]}x{size[1]}"
        app = App(size)
        app.push(TitleScene(app))
        frame(app, f"title-{tag}")
        ng = NewGameScene(app)
        app.push(ng)
        ng.c_players.set(4)  # four airlines: a person and one computer airline of each level
        for (_, _, _, kind), lvl in zip(ng.seat_rows, ("human", "easy", "normal", "expert")):
            kind.set(lvl)
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
        saves_and_replay(app, tag)
        whole_game(app, "europe", 3, tag, 5)
        whole_game(app, "north_america", 4, tag, 6)
        whole_game(app, "europe", 2, tag, 8, "europe-2p")  # two people: bids behind the hand-off screen
        pygame.display.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
