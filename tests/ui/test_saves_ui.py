"""Saves in the window: Continue, Save game, Load game (bad files too), Undo,
and the replay (issue #8)."""
from __future__ import annotations

import json

import pygame

from opensky.persistence.save import load
from opensky.persistence.store import autosave_path
from opensky.rules.actions import Action
from opensky.ui.scenes.game import GameMenu, GameScene
from opensky.ui.scenes.replay import ReplayScene
from opensky.ui.scenes.saves import LoadScene, MessageDialog, SaveDialog
from opensky.ui.scenes.title import TitleScene
from opensky.userdirs import saves_dir
from tests.ui.driver import click, do, settle
from tests.ui.test_game_ui import key, route_point, start_game


def test_continue_resumes_the_autosaved_game(app):
    g = start_game(app, 2, "europe")
    for _ in range(4):
        click(app, route_point(g, g.ctl.legal(g.ctl.state.actors[0])[0].arg))
    before = g.ctl.state.to_json()
    assert autosave_path().exists()
    # quit to the title and continue
    app.replace(TitleScene(app))
    app.step([], 0.016)
    title = app.stack.top
    assert title.b_cont.enabled
    click(app, title.b_cont.rect.center)
    g2 = app.stack.top
    assert isinstance(g2, GameScene) and g2 is not g
    assert g2.ctl.state.to_json() == before
    assert any("places a plane" in (g2.log_line(e) or "") for e in g2.log)  # the log is rebuilt too


def test_continue_with_damaged_autosave_says_so(app):
    start_game(app, 2, "europe")
    p = autosave_path()
    prev = p.with_name("autosave.prev.json")
    p.write_text('{"format": "opensky-save", "version": 1, "seats": [')
    if prev.exists():
        prev.write_text("garbage")
    # a damaged latest save with no good previous copy: a message, nothing lost
    summary = json.dumps({"format": "opensky-save", "summary": {"game_over": False}})
    prev.write_text(summary)
    app.replace(TitleScene(app))
    app.step([], 0.016)
    title = app.stack.top
    click(app, title.b_cont.rect.center)
    assert isinstance(app.stack.top, MessageDialog)
    shown = " ".join(app.stack.top.lines)
    assert "damaged" in shown or "cut short" in shown, shown
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)


def test_save_and_load_from_the_menu(app):
    g = start_game(app, 2, "north_america")
    click(app, route_point(g, g.ctl.legal(0)[0].arg))
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, GameMenu)
    save_button = next(w for w in menu.widgets.widgets if getattr(w, "label", "") == "Save game")
    click(app, save_button.rect.center)
    dlg = app.stack.top
    assert isinstance(dlg, SaveDialog)
    dlg.field.value = ""
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="Friday night")], 0.016)
    click(app, dlg.save.rect.center)
    assert app.stack.top is g
    files = list(saves_dir().glob("*.json"))
    assert [f.name for f in files] == ["Friday-night.json"]
    assert load(files[0]).session.state.to_json() == g.ctl.state.to_json()
    # play on, then load the save back from the menu
    click(app, route_point(g, g.ctl.legal(0)[0].arg))
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    click(app, next(w for w in menu.widgets.widgets if getattr(w, "label", "") == "Load game").rect.center)
    ls = app.stack.top
    assert isinstance(ls, LoadScene) and len(ls.rows) == 1
    assert "North America" in ls.rows[0][0].summary["board"]
    click(app, ls.rows[0][2].rect.center)
    g3 = app.stack.top
    assert isinstance(g3, GameScene) and sum(g3.ctl.state.on_board) == 1


def test_bad_save_in_the_list_is_shown_and_left_alone(app):
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.json").write_text('{"format": "opensky-save", "version": 7, "name": "Future"}')
    raw = (folder / "broken.json").read_bytes()
    app.push(TitleScene(app))
    app.push(LoadScene(app))
    ls = app.stack.top
    app.step([], 0.016)
    entry, _, load_b, _ = ls.rows[0]
    ls.load(entry.path)
    assert isinstance(app.stack.top, LoadScene) and "newer OpenSky" in ls.error
    assert (folder / "broken.json").read_bytes() == raw


def test_delete_asks_first_and_says_why_it_cannot(app, monkeypatch):
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("keep", "gone"):
        (folder / f"{name}.json").write_text('{"format": "opensky-save", "version": 7, "name": "%s"}' % name)
    app.push(TitleScene(app))
    app.push(LoadScene(app))
    ls = app.stack.top
    app.step([], 0.016)

    from opensky.ui.scenes.saves import entry_line
    assert entry_line(ls.rows[0][0]) == "no details in the file"   # no summary: no row of question marks

    def delete_button(name):
        return next(r[3] for r in ls.rows if r[0].path.stem == name)
    # Delete asks; Cancel keeps the file
    click(app, delete_button("gone").rect.center)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and dlg.title == "Delete this save?"
    assert "gone.json" in " ".join(dlg.lines) and dlg.action is not None and dlg.action.danger
    click(app, dlg.ok.rect.center)
    assert app.stack.top is ls and (folder / "gone.json").exists()
    # Delete in the dialog deletes it, and the list follows
    click(app, delete_button("gone").rect.center)
    click(app, app.stack.top.action.rect.center)
    assert app.stack.top is ls and not (folder / "gone.json").exists()
    assert [r[0].path.stem for r in ls.rows] == ["keep"]
    # a file the system will not let go: one clear message, the list and the file stay
    def refuse(self, missing_ok=False):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(type(folder / "keep.json"), "unlink", refuse)
    click(app, delete_button("keep").rect.center)
    click(app, app.stack.top.action.rect.center)
    msg = app.stack.top
    assert isinstance(msg, MessageDialog) and msg.title == "The save cannot be deleted"
    assert " ".join(msg.lines) == "It could not be removed (Permission denied)."
    assert (folder / "keep.json").exists()
    app.step([], 0.016)


def test_undo_button_and_ctrl_z(app):
    g = start_game(app, 2, "europe")
    st = g.ctl.state
    assert not g.undo_button.enabled
    click(app, route_point(g, g.ctl.legal(0)[0].arg))
    settle(app, g)
    assert g.undo_button.enabled and st.on_board[0] == 1
    click(app, g.undo_button.rect.center)
    assert g.ctl.state.on_board[0] == 0
    click(app, route_point(g, g.ctl.legal(0)[0].arg))
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z", scancode=0)],
             0.016)
    assert g.ctl.state.on_board[0] == 0
    # Ann's third plane ends her pass: Bo decides now, Ann can no longer undo
    for _ in range(3):
        click(app, route_point(g, g.ctl.legal(0)[0].arg))
    assert g.ctl.state.actors == (1,) and not g.ctl.can_undo()


def test_replay_steps_through_a_saved_game(app, tmp_path):
    from tests.persistence.test_saves import random_session, seats
    from opensky.persistence.save import dumps
    s = random_session("europe", 3, 5)
    p = tmp_path / "g.json"
    p.write_text(dumps(s, seats(3)))
    r = ReplayScene(app, load(p))
    app.push(r)
    app.step([], 0.016)
    assert r.index == 0 and sum(r.game.ctl.state.on_board) == 0
    key(app, pygame.K_RIGHT)
    assert r.index == 1 and sum(r.game.ctl.state.on_board) == 1
    key(app, pygame.K_LEFT)
    assert r.index == 0
    r.to_end()
    assert r.game.ctl.state.to_json() == s.state.to_json()
    r.to_start()
    r.toggle()
    for _ in range(400):
        app.step([], 0.1)
    assert r.index > 20
    assert not autosave_path().exists()  # a replay never overwrites the autosave
