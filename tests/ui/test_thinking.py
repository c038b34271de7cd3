"""A computer airline that searches thinks off the drawing path: the window
keeps drawing and says who is deciding, the move lands once it is ready, and
a computer player that fails never stops the game (issue #7)."""
from __future__ import annotations

import threading
import time

import pygame

from opensky.ai.base import Bot
from opensky.ai.normal import NormalBot
from tests.ui.test_game_ui import click, route_point, settle, start_game


class GatedBot(Bot):
    """Normal's choice, handed over only when the test opens the gate."""

    name = "gated"
    slow = True  # the controller runs it in its worker thread

    def __init__(self) -> None:
        super().__init__(0)
        self.gate = threading.Event()
        self.started = threading.Event()
        self.calls = 0
        self.inner = NormalBot(0)

    def choose(self, view, legal):
        self.calls += 1
        self.started.set()
        assert self.gate.wait(20), "the test never opened the gate"
        return self.inner.choose(view, legal)


def _to_computer_turn(app, g) -> None:
    """Place the human's planes until the computer seat is to move."""
    for _ in range(10):
        if g.ctl.computer_to_move() == 1:
            return
        click(app, route_point(g, g.ctl.legal(0)[0].arg))
        settle(app, 1.5)
    raise AssertionError("the computer seat never came to move")


def _steps_until(app, cond, seconds: float = 20.0) -> None:
    """Run frames until ``cond()`` (the worker thread needs real time)."""
    end = time.monotonic() + seconds
    while not cond() and time.monotonic() < end:
        app.step([], 0.05)
        time.sleep(0.005)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_window_draws_while_computer_thinks(app):
    g = start_game(app, 2, "europe", humans=1)
    bot = GatedBot()
    g.ctl.bots[1] = bot
    app.ai_pace = 0.0
    _to_computer_turn(app, g)
    before = g.ctl.state.on_board[1]
    log_len = len(g.ctl.session.log)
    for _ in range(5):
        app.step([], 0.05)
    assert bot.started.wait(5)
    assert g.ctl.thinking
    head, _ = g.prompt()
    assert "computer is deciding" in head
    # frames keep coming and change (the pulse of dots) while the search runs
    shots = []
    for _ in range(12):
        app.step([], 0.05)
        g.draw(app.window)
        shots.append(_pixels(app.window))
    assert len(set(shots)) > 1, "the thinking indicator does not move"
    assert g.ctl.thinking and len(g.ctl.session.log) == log_len  # nothing applied yet
    bot.gate.set()
    _steps_until(app, lambda: g.ctl.state.on_board[1] > before)
    assert g.ctl.state.on_board[1] == before + 1
    assert not g.ctl.thinking or g.ctl.computer_to_move() == 1  # maybe already on its next plane


class BrokenBot(Bot):
    name = "broken"
    slow = True

    def choose(self, view, legal):
        raise RuntimeError("a bug in a computer player")


def test_a_failing_search_does_not_stop_the_game(app):
    g = start_game(app, 2, "europe", humans=1)
    g.ctl.bots[1] = BrokenBot()
    app.ai_pace = 0.0
    _to_computer_turn(app, g)
    before = g.ctl.state.on_board[1]
    _steps_until(app, lambda: g.ctl.state.on_board[1] > before)
    # the seat falls back to its first legal move and the game goes on
    assert g.ctl.state.on_board[1] > before


def test_the_log_tells_a_roll_only_once_it_has_landed(app, monkeypatch):
    """While the passenger dice tumble, the log does not give the result away."""
    from opensky.rules import events as E
    from opensky.ui.game import panels
    from opensky.ui.scenes.game import GameScene
    from opensky.ui.setup import GameSetup

    app.ai_pace = 0.0
    su = GameSetup.default(2)
    su.seed = 3
    for seat in su.seats:
        seat.human = False
        seat.bot = "normal"
    g = GameScene(app, su, autosave=False)
    app.push(g)

    def rolled() -> bool:
        return any(en[0] == "event" and en[1].kind == E.DICE_ROLLED for en in g.log)

    _steps_until(app, rolled)
    assert rolled() and g.dice.roll is not None and not g.dice.roll.tween.done
    i = max(k for k, en in enumerate(g.log) if en[0] == "event" and en[1].kind == E.DICE_ROLLED)
    assert g.log_shown() == i  # the roll and what follows wait
    shown_while_rolling = [g.log_line(en) for en in g.log[:g.log_shown()]]
    assert not any(line and line.startswith("Dice:") for line in shown_while_rolling)
    drawn: list[int] = []
    render_log = panels.render_log

    def spy(surf, r, s, log, say):
        drawn.append(len(log))  # the entries the log is drawn with
        render_log(surf, r, s, log, say)
    monkeypatch.setattr(panels, "render_log", spy)
    n = len(g.log)
    _steps_until(app, lambda: g.dice.roll is None or g.dice.roll.tween.done)
    app.step([], 0.05)
    assert g.log_shown() > i  # the dice are told (the next action's story may have begun)
    assert drawn and drawn[-1] > i and drawn[-1] >= n  # the log was drawn again, with the roll


def test_a_failing_computer_player_is_logged_and_the_game_says_so(app, caplog):
    """Issue 14: not swallowed: logged with its traceback, and told on screen."""
    import logging
    g = start_game(app, 2, "europe", humans=1)
    g.ctl.bots[1] = BrokenBot()
    app.ai_pace = 0.0
    _to_computer_turn(app, g)
    before = g.ctl.state.on_board[1]
    with caplog.at_level(logging.ERROR, logger="opensky.ai"):
        _steps_until(app, lambda: g.ctl.state.on_board[1] > before)
    assert any("failed" in r.getMessage() and r.exc_info for r in caplog.records)
    assert "computer player failed (RuntimeError)" in g.message
