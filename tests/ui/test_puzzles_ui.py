"""The puzzles screen driven by events: the list, a puzzle answered wrong and
right, the mark saved in the config folder and shown on the list."""
from __future__ import annotations

import json
import os

import pygame

from opensky.learn import progress as P
from opensky.ui.screens import screen
from tests.ui.driver import click


def _key(app, key):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")], 0.016)


def _open_list(app):
    lst = screen("puzzles")(app)
    app.push(lst)
    app.step([], 0.05)
    return lst


def test_list_shows_ten_puzzles_with_marks(app):
    lst = _open_list(app)
    assert len(lst.cards) == 10
    assert all(c.mark is None for c in lst.cards)
    for c in lst.cards:   # every card inside the panel, none overlapping
        assert lst.panel.contains(c.rect)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(lst.cards) for b in lst.cards[i + 1:])
    _key(app, pygame.K_ESCAPE)
    assert app.stack.top is not lst


def test_answer_wrong_then_right_saves_the_mark(app):
    lst = _open_list(app)
    click(app, lst.cards[0].rect.center)
    pz_scene = app.stack.top
    assert type(pz_scene).__name__ == "PuzzleScene" and pz_scene.puzzle.id == "01-half-the-fare"
    before = app.window.copy()
    # the board is drawn in its rect: not the background colour there
    cx, cy = pz_scene.board_rect.center
    assert app.window.get_at((cx, cy))[:3] != app.window.get_at((2, 2))[:3]
    wrong = next(b for b, c in zip(pz_scene.choice_buttons, pz_scene.puzzle.choices())
                 if not pz_scene.puzzle.is_right(c.key))
    click(app, wrong.rect.center)
    assert pz_scene.chosen is not None and not pz_scene.right
    path = os.path.join(os.environ["OPENSKY_CONFIG_DIR"], P.FILE)
    assert json.load(open(path, encoding="utf-8"))["puzzles"] == {"01-half-the-fare": "tried"}
    texts = [t[0] for t in pz_scene.texts]
    assert "Not quite" in texts and "lowest nonstop" in " ".join(texts) and "200 or less" in " ".join(texts)
    # the verdict banner is drawn in red where the choices were
    vr = pz_scene.verdict_rect
    assert app.window.get_at((vr.right - 4, vr.centery))[:3] == (190, 60, 50)
    assert app.window.get_at((vr.right - 4, vr.centery)) != before.get_at((vr.right - 4, vr.centery))
    click(app, pz_scene.b_again.rect.center)
    assert pz_scene.chosen is None
    right = next(b for b, c in zip(pz_scene.choice_buttons, pz_scene.puzzle.choices())
                 if pz_scene.puzzle.is_right(c.key))
    click(app, right.rect.center)
    assert pz_scene.right and "Right!" in [t[0] for t in pz_scene.texts]
    assert json.load(open(path, encoding="utf-8"))["puzzles"] == {"01-half-the-fare": "solved"}
    vr = pz_scene.verdict_rect
    assert app.window.get_at((vr.right - 4, vr.centery))[:3] == (46, 140, 86)
    # next puzzle, answered by the number key
    click(app, pz_scene.b_next.rect.center)
    assert pz_scene.puzzle.id == "02-not-cheap-enough" and pz_scene.chosen is None
    _key(app, pygame.K_1)   # Nordwind: right
    assert pz_scene.right
    assert json.load(open(path, encoding="utf-8"))["puzzles"]["02-not-cheap-enough"] == "solved"
    # back to the list: the marks are shown
    click(app, pz_scene.b_list.rect.center)
    assert app.stack.top is lst
    assert [c.mark for c in lst.cards[:3]] == ["solved", "solved", None]


def test_every_puzzle_lays_out_at_small_and_large_sizes(app):
    from opensky.ui.scenes.puzzles import PuzzleScene
    lst = _open_list(app)
    for size in ((960, 600), (1920, 1080)):
        app.resize(size)
        for i in range(len(lst.puzzles)):
            sc = PuzzleScene(app, lst.puzzles, i)
            app.push(sc)
            app.step([], 0.02)
            for b in sc.choice_buttons + [sc.b_list]:
                assert sc.side.contains(b.rect), (i, size)
            sc.choose(next(iter(sc.puzzle.answer())))
            app.step([], 0.02)
            for *_, pos in sc.texts:   # every text starts inside the side panel
                assert sc.side.collidepoint(pos), (i, size)
            assert sc.texts[-1][4][1] < sc.b_list.rect.y
            app.pop()


def test_last_puzzle_offers_the_list(app):
    from opensky.ui.scenes.puzzles import PuzzleScene
    lst = _open_list(app)
    sc = PuzzleScene(app, lst.puzzles, len(lst.puzzles) - 1)
    app.push(sc)
    sc.choose("nobody")
    app.step([], 0.02)
    assert sc.b_next not in sc.widgets.widgets and sc.b_list in sc.widgets.widgets
    click(app, sc.b_list.rect.center)
    assert app.stack.top is lst and lst.cards[-1].mark == "tried"
