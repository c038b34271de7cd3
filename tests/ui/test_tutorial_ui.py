"""The tutorial in the window, driven by events as a newcomer plays it
(issue 16): follow the arrow to the end; a wrong click gets a gentle word;
leave, resume and restart; the title and the Learn screen."""
from __future__ import annotations

import pygame
import pytest

from opensky.learn import progress
from opensky.learn.lesson import DO
from opensky.learn.tutorial import load_tutorial
from opensky.ui.app import App
from opensky.ui.game.tutorial import TutorialScene
from opensky.ui.scenes.learn import LearnScene
from opensky.ui.game.tutorial import TutorialDone
from opensky.ui.scenes.title import TitleScene
from tests.ui.driver import click, follow_coach, play_tutorial, settle


def key(app: App, k: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 0.016)


def start(app: App, tid: str = "europe", step: int = 0) -> TutorialScene:
    app.push(TitleScene(app))
    g = TutorialScene(app, load_tutorial(tid), step)
    app.push(g)
    settle(app, g)
    return g


def _coach_clear_of_its_target(g: TutorialScene) -> None:
    c = g.coach
    if c.box is None:
        return
    assert g.board_rect.contains(c.box), (c.box, g.board_rect)
    step = g.lesson.step
    whole_map = step is not None and step.point is not None and step.point.kind == "board"
    if c.target is not None and g.board_rect.colliderect(c.target) and not whole_map:
        assert not c.box.colliderect(c.target), (g.lesson.index, c.box, c.target)


@pytest.mark.parametrize("tid", ["europe", "north_america"])
def test_a_newcomer_follows_the_arrow_to_the_end(app, tid):
    g = start(app, tid)
    seen = []

    def look(g):
        seen.append(g.lesson.index)
        _coach_clear_of_its_target(g)
        if g.lesson.moment == DO:
            assert g.coach.target is not None, f"step {g.lesson.index + 1} points nowhere"
        # the words are there, on the screen
        assert g.coach.box is not None and g.coach.lines

    play_tutorial(app, g, look)
    assert seen == list(range(len(g.tutorial.steps)))
    assert isinstance(app.stack.top, TutorialDone)
    from opensky.ui.scenes.results import ResultsScene
    assert isinstance(app.stack.scenes[0], ResultsScene)   # the final score, as after any game
    mark = progress.load().tutorials[tid]
    assert mark.done
    assert g.ctl.state.game_over


def test_a_wrong_click_gets_a_gentle_word(app):
    g = start(app)
    follow_coach(app, g)                     # Continue on the welcome
    assert g.lesson.moment == DO
    # click another route than the one the arrow shows
    st = g.ctl.state
    want = g.lesson.expected()
    other = next(a for a in st.legal_actions(0) if a != want)
    from tests.ui.driver import route_point
    click(app, route_point(g, other.arg))
    g.prepare()
    assert g.ctl.session.log == []
    assert "arrow" in g.lesson.nudge and g.coach.nudge_lines
    assert g.message == g.lesson.nudge
    follow_coach(app, g)                     # the arrow's route is taken
    assert len(g.ctl.session.log) == 1 and g.lesson.nudge == ""


def test_the_bubble_never_hides_what_it_points_at_at_three_sizes(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(tmp_path / "config"))
    for size in ((960, 600), (1920, 1080)):
        app = App(size)
        g = start(app)
        for _ in range(22):                  # planning, hubs, the first months
            settle(app, g)
            g.prepare()
            _coach_clear_of_its_target(g)
            follow_coach(app, g)
            while g.lesson.pending:
                app.step([], 0.05)
        pygame.display.quit()


def test_leave_resume_and_restart(app):
    g = start(app)
    for _ in range(4):
        follow_coach(app, g)
    at = g.lesson.index
    assert progress.load().tutorials["europe"].step == at
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    labels = [b.label for b in menu.widgets.widgets]
    assert "Restart tutorial" in labels and "Leave tutorial" in labels and "Save game" not in labels
    leave = next(b for b in menu.widgets.widgets if b.label == "Leave tutorial")
    click(app, leave.rect.center)
    assert isinstance(app.stack.top, TitleScene)
    # the Learn screen offers to resume where the player stopped
    click(app, app.stack.top.b_learn.rect.center)
    learn = app.stack.top
    assert isinstance(learn, LearnScene)
    card = learn.cards[0]
    assert str(at + 1) in card["status"]
    resume = next(b for b in card["buttons"] if b.label == "Resume")
    click(app, resume.rect.center)
    g2 = app.stack.top
    assert isinstance(g2, TutorialScene) and g2.lesson.index == at
    assert g2.ctl.state.to_json() == g.ctl.state.to_json()
    # restart from the menu: step 1 again, a fresh game
    key(app, pygame.K_ESCAPE)
    restart = next(b for b in app.stack.top.widgets.widgets if b.label == "Restart tutorial")
    click(app, restart.rect.center)
    g3 = app.stack.top
    assert isinstance(g3, TutorialScene) and g3.lesson.index == 0 and g3.ctl.session.log == []


def test_the_title_offers_the_tutorial_to_a_newcomer(app):
    app.push(TitleScene(app))
    app.step([], 0.016)
    t = app.stack.top
    assert t.newcomer and t.b_learn.primary
    labels = [b.label for b in t.widgets.widgets]
    assert labels.index("Learn to play") < labels.index("Rules") and "Puzzles" in labels
    # something begun: no longer a newcomer
    progress.mark_tutorial("europe", 3, False)
    t.enter()
    assert not t.newcomer


def test_finished_says_what_to_try_next(app):
    g = start(app, step=len(load_tutorial("europe").steps) - 1)
    assert g.coach.button.label == "Finish"
    follow_coach(app, g)
    done = app.stack.top
    assert isinstance(done, TutorialDone)
    click(app, done.easy.rect.center)
    from opensky.ui.game.scene import GameScene
    game = app.stack.top
    assert type(game) is GameScene
    assert [s.human for s in game.setup.seats] == [True, False] and game.setup.seats[1].bot == "easy"
    assert game.ctl.board.id == "europe"


def test_a_wrong_number_of_planes_leads_back(app):
    """Leasing is two clicks: after choosing another number of planes the
    arrow points at Back, then at the number the step teaches."""
    t = load_tutorial("europe")
    i = next(k for k, s in enumerate(t.steps) if s.do is not None and s.do.type == "lease" and s.do.arg[0] > 0)
    g = start(app, step=i)
    g.prepare()
    one = g.coach.target
    two = next(b for b in g.decisions.buttons if getattr(b.on_click, "lease_k", 0) == 2)
    assert one is not None and not two.rect.colliderect(one)
    click(app, two.rect.center)
    g.prepare()
    back = next(b for b in g.decisions.buttons if hasattr(b.on_click, "lease_k") and b.on_click.lease_k is None)
    assert g.coach.target is not None and g.coach.target.contains(back.rect)
    click(app, back.rect.center)
    g.prepare()
    follow_coach(app, g)    # the count, then the payment: the taught lease is made
    follow_coach(app, g)
    assert g.lesson.index > i


def test_the_command_opens_a_tutorial_in_the_window(tmp_path):
    """``python main.py tutorial north_america``: the window opens on it."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, OPENSKY_EXIT_AFTER_FIRST_FRAME="1", OPENSKY_CONFIG_DIR=str(tmp_path / "c"),
               OPENSKY_DATA_DIR=str(tmp_path / "d"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, str(root / "main.py"), "tutorial", "north_america"], env=env,
                       capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "FRAME" in r.stdout and "Traceback" not in r.stderr
    # where it stands is kept from the first step on
    assert (tmp_path / "c" / "learn.json").is_file()


@pytest.mark.parametrize("lang", ["sv", "pt"])
def test_every_step_fits_its_bubble_with_large_text_in_a_small_window(tmp_path, monkeypatch, lang):
    """Swedish and Portuguese run longer than English; at 960×600 with the
    largest text every step's words (and picture, and Continue) fit the
    bubble, which fits the map."""
    import json
    from opensky.learn.lesson import Lesson
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps({"language": lang, "text_scale": 1.5}))
    app = App((960, 600))
    try:
        app.push(TitleScene(app))
        for tid in ("europe", "north_america"):
            t = load_tutorial(tid)
            g = TutorialScene(app, t, 0)
            app.push(g)
            app.step([], 0.016)
            for k in range(len(t.steps)):      # each step as it is first shown, without its story
                g.tctl.lesson, _ = Lesson.resume(t, k)
                g.coach.ctl = g.tctl
                g.coach._key = ()
                g.coach.prepare()
                c = g.coach
                assert c.box is not None and g.board_rect.contains(c.box), (tid, k + 1)
                assert c.content_h <= c.box.h, (tid, k + 1, c.content_h, c.box.h)
                assert c.lines and all(line.strip() for line in c.lines[:1])
            app.pop()
    finally:
        pygame.display.quit()


def test_the_tooltip_is_drawn_over_the_coach(app):
    """What is under the pointer stays readable: the tooltip over the bubble."""
    g = start(app)
    follow_coach(app, g)                      # to the first placement: the arrow on a route
    c = g.coach
    assert c.box is not None
    pos = (c.box.centerx, c.box.centery)
    calls = []
    real_draw, real_tip = c.draw, g.tooltip_text
    c.draw = lambda surface: (calls.append("coach"), real_draw(surface))[1]   # type: ignore[method-assign]
    g.tooltip_text = lambda: (calls.append("tooltip"), "a tip")[1]           # type: ignore[method-assign]
    g.mouse = pos
    g.draw(app.window)
    assert calls == ["coach", "tooltip"]
