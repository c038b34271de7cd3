"""Whole games played by mouse events only (issue #5): 2, 3 and 4 players,
both board sides, every seat human.  The final state must equal the engine's
result for the same decisions, replayed without a window."""
from __future__ import annotations

import random

import pygame
import pytest

from opensky.rules.session import Session
from opensky.ui.app import App
from opensky.ui.scenes.game import GameScene
from opensky.ui.scenes.results import ResultsScene
from opensky.ui.setup import GameSetup
from tests.ui.driver import do, next_decision, plan_near_callsigns, settle


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "data"))
    a = App((1280, 720))
    a.anim_speed = 4.0  # animations still run, just quicker
    yield a
    pygame.display.quit()


def play_whole_game(app: App, players: int, board: str, seed: int) -> tuple[GameScene, list]:
    su = GameSetup.default(players)
    su.board = board
    su.seed = seed
    for s in su.seats:
        s.human = True
    g = GameScene(app, su)
    app.replace(g)
    rng = random.Random(seed)
    st = g.ctl.state
    steps = 0
    while not st.game_over:
        settle(app, g)
        a = plan_near_callsigns(g, rng)
        n_log = len(g.ctl.session.log)
        do(app, g, a)
        assert len(g.ctl.session.log) == n_log + 1, f"the click did not take {a}"
        logged = g.ctl.session.log[-1]
        if a.type not in ("roll_dice", "roll_sensitivity"):
            assert logged == a, (logged, a)
        steps += 1
        assert steps < 3000
    settle(app, g)
    return g, list(g.ctl.session.log)


@pytest.mark.parametrize("players,board,seed", [(2, "europe", 1), (3, "north_america", 2),
                                                (4, "europe", 3), (2, "north_america", 4),
                                                (3, "europe", 5), (4, "north_america", 6)])
def test_whole_game_by_mouse(app, players, board, seed):
    g, log = play_whole_game(app, players, board, seed)
    # the engine alone, fed the same decisions, reaches the same state
    ref = Session(g.ctl.board, [s.name for s in g.setup.seats], seed=seed, callsigns="recommended")
    for a in log:
        ref.apply(a)
    assert ref.state.to_json() == g.ctl.state.to_json()
    assert ref.state.game_over
    # the results screen follows
    for _ in range(200):
        app.step([], 0.05)
        if isinstance(app.stack.top, ResultsScene):
            break
    assert isinstance(app.stack.top, ResultsScene)
    kinds = {a.type for a in log}
    assert {"place_plane", "roll_dice", "choose_od", "bid"} <= kinds


def test_demo_plays_to_the_end_and_prints_the_state():
    """`python main.py demo ... --exit-at-end` plays a whole game in the window."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "main.py", "demo", "--seats", "2", "--board", "europe", "--seed", "3",
                        "--speed", "40", "--exit-at-end"], cwd=root, capture_output=True, text=True,
                       timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    state = json.loads(r.stdout)
    assert state["game_over"] and state["month"] == "March" and state["winners"]
    r = subprocess.run([sys.executable, "main.py", "demo", "--seats", "5"], cwd=root, capture_output=True,
                       text=True, timeout=60, env=env)
    assert r.returncode == 2 and "Traceback" not in r.stderr
