"""Continue and Load in the window with hostile files (issue 13): a damaged
autosave falls back to the previous copy and says so; with no good copy the
title says so and offers a new game; a FIFO never freezes the title; what
opening a game changed is told in a dialog."""
from __future__ import annotations

import json
import os
import time

import pytest

from opensky.persistence.save import dumps
from opensky.persistence.store import AUTOSAVE, AUTOSAVE_PREV, write_autosave
from opensky.ui.scenes.game import GameScene
from opensky.ui.scenes.newgame import NewGameScene
from opensky.ui.scenes.saves import LoadScene, MessageDialog
from opensky.ui.scenes.title import TitleScene
from opensky.userdirs import data_dir, saves_dir
from tests.persistence.test_saves import random_session, seats
from tests.ui.driver import click


def _title(app):
    app.push(TitleScene(app))
    app.step([], 0.016)
    return app.stack.top


def _two_autosaves():
    first = random_session("europe", 2, 5, 12)
    write_autosave(first, seats(2))
    later = random_session("europe", 2, 5, 12)
    while len(later.log) == len(first.log):
        st = later.state
        later.apply(later.draw_chance() if st.is_chance() else st.legal_actions(st.actors[0])[0])
    write_autosave(later, seats(2))
    return first


def test_a_damaged_autosave_continues_from_the_copy_before_and_says_so(app):
    first = _two_autosaves()
    (data_dir() / AUTOSAVE).write_text('{"format": "opensky-save", "version": 2, "rng": [3, [1e999')
    title = _title(app)
    assert title.b_cont.enabled
    click(app, title.b_cont.rect.center)
    top = app.stack.top
    assert isinstance(top, MessageDialog) and "damaged" in top.text
    assert top.params["file"].startswith("autosave.damaged-")
    click(app, top.ok.rect.center)
    g = app.stack.top
    assert isinstance(g, GameScene) and g.ctl.state.to_json() == first.state.to_json()


def test_no_good_copy_says_so_and_offers_a_new_game(app):
    _two_autosaves()
    (data_dir() / AUTOSAVE).write_text("[" * 100_000)
    (data_dir() / AUTOSAVE_PREV).write_text('{"format": "opensky-save", "version": 2, "seed": ' + "9" * 5000)
    title = _title(app)
    click(app, title.b_cont.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog) and dialog.action is not None
    shown = " ".join(dialog.lines)
    assert "nested too deeply" in shown and "autosave.prev.damaged-" in shown, shown
    assert len(list(data_dir().glob("autosave*.damaged-*.json"))) == 2
    app.step([], 0.016)
    click(app, dialog.action.rect.center)
    assert isinstance(app.stack.top, NewGameScene)
    app.pop()
    assert app.stack.top is title and not title.b_cont.enabled   # nothing left to continue


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_an_autosave_fifo_does_not_freeze_the_title(app):
    data_dir().mkdir(parents=True, exist_ok=True)
    os.mkfifo(data_dir() / AUTOSAVE)
    t0 = time.perf_counter()
    title = _title(app)
    click(app, title.b_cont.rect.center)
    assert time.perf_counter() - t0 < 3
    assert isinstance(app.stack.top, MessageDialog) and "regular file" in " ".join(app.stack.top.lines)


def test_loading_a_save_with_an_unknown_level_tells_the_player(app):
    s = random_session("north_america", 3, 8, 20)
    doc = json.loads(dumps(s, seats(3)))
    doc["seats"][1].update(human=False, bot="grandmaster")
    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / "odd.json").write_text(json.dumps(doc))
    _title(app)
    app.push(LoadScene(app))
    app.step([], 0.016)
    ls = app.stack.top
    entry, _, load_b, _ = ls.rows[0]
    click(app, load_b.rect.center)
    top = app.stack.top
    assert isinstance(top, MessageDialog) and top.params["level"] == "'grandmaster'"
    click(app, top.ok.rect.center)
    g = app.stack.top
    assert isinstance(g, GameScene) and g.setup.seats[1].bot == "normal"


@pytest.mark.parametrize("text", ["a\x00b", "\ud800", "\u202e", "\u200b", ""])
def test_any_text_can_be_drawn(app, text):
    """What a file holds may reach the screen: NUL and lone surrogates are
    drawn as U+FFFD, text with nothing visible as an empty line."""
    from opensky.ui import assets, draw as D
    img = assets.text(text, 20, (0, 0, 0))
    assert img.get_height() > 0
    assert D.wrap(text, 20, 100)
