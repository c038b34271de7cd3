"""Plays the game window by mouse events only, choosing among the engine's
legal actions with a seeded generator (for UI tests and screenshots)."""
from __future__ import annotations

import random

import pygame

from opensky.rules.actions import Action
from opensky.ui.app import App
from opensky.ui.scenes.game import GameScene


def click(app: App, pos, button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], 0.016)


def settle(app: App, g: GameScene, limit: float = 30.0) -> None:
    """Advance time until nothing on screen moves (or the scene is gone)."""
    t = 0.0
    while t < limit and app.stack.top is g and g.busy():
        app.step([], 0.05)
        t += 0.05
    app.step([], 0.05)


def route_point(g: GameScene, r: int, avoid_airports: bool = True):
    a, b = g.view.route_ends_px(r)
    for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.35, 0.65, 0.25, 0.75, 0.2, 0.8):
        p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        covered = g.ctl.state.phase == "pricing" and g.table.rect.collidepoint(p)
        if g.view.route_at(p) == r and g.board_rect.collidepoint(p) and not covered:
            return p
    return None


def do(app: App, g: GameScene, a: Action) -> None:
    """Take action ``a`` by mouse, the way a player would."""
    st = g.ctl.state
    t = a.type
    if t == "place_plane":
        pt = route_point(g, a.arg)
        assert pt is not None, f"route {a.arg} not clickable"
        click(app, pt)
    elif t == "place_hub":
        click(app, g.view.apx[a.arg])
    elif t == "place_callsign":
        click(app, g.view.apx[a.arg[1]])
    elif t == "choose_od":
        for c in a.arg:
            i = g.dice.order.index(c)
            click(app, g.dice.die_rects()[i].center)
    elif t == "bid":
        if g.handoff_for is not None:
            assert g.handoff_for == a.player
            click(app, g.handoff_button.rect.center)
        assert g.private_for == a.player
        want = 0 if a.arg is None else a.arg
        rect = next(r for v, r in g.card_rects if v == want)
        click(app, rect.center)
        assert g.selected_value() == want
        click(app, g.confirm_button.rect.center)
    elif t == "choose_itinerary":
        path_index = st.paths[a.player].index(a.arg)
        for k in range(len(a.arg) - 1):
            r = st.board.route_index[(st.board.codes[a.arg[k]], st.board.codes[a.arg[k + 1]])]
            pt = route_point(g, r)
            if pt is not None and g.path_at(pt, a.player) == path_index:
                click(app, pt)
                return
        click(app, g.button_for(a).rect.center)
    elif t == "lease":
        k = a.arg[0]
        if k == 0:
            click(app, g.button_for(a).rect.center)
            return
        b = next(b for b in g.decision_buttons if getattr(b.on_click, "lease_k", None) == k)
        click(app, b.rect.center)
        click(app, g.button_for(a).rect.center)
    else:  # roll_dice, flash, ancillaries, roll_sensitivity
        if t in ("roll_dice", "roll_sensitivity"):
            b = g.decision_buttons[0]
        else:
            b = g.button_for(a)
        assert b is not None, f"no button for {a}"
        click(app, b.rect.center)


def next_decision(g: GameScene, rng: random.Random) -> Action:
    """A legal decision for the human the screen is waiting for."""
    st = g.ctl.state
    if st.decision == "bid":
        p = g.private_for if g.private_for is not None else g.handoff_for
        assert p is not None
    else:
        p = st.actors[0]
    legal = st.legal_actions(p)
    if st.decision == "choose_od":
        # prefer markets someone can fly, to exercise the pricing phase
        good = []
        for x in legal:
            c = st.copy()
            c.apply(x)
            if any(v is not None for v in c.stops):
                good.append(x)
        legal = good or legal
    if st.decision == "bid":
        fares = [x for x in legal if x.arg is not None]
        return rng.choice(fares) if fares and rng.random() < 0.85 else rng.choice(legal)
    return rng.choice(legal)


def plan_near_callsigns(g: GameScene, rng: random.Random) -> Action:
    """Placement that builds networks between call-sign airports (busier games)."""
    st = g.ctl.state
    p = st.actors[0]
    legal = st.legal_actions(p)
    if st.decision != "place_plane":
        return next_decision(g, rng)
    cs = {a for a in st.callsign_airport if a >= 0}
    good = [x for x in legal if set(st.board.route_ends[x.arg]) & cs]
    return rng.choice(good) if good and rng.random() < 0.8 else rng.choice(legal)


def follow_coach(app: App, g, limit: int = 6) -> None:
    """A tutorial step, as a newcomer takes it: click where the coach's arrow
    points (the card, then Bid; the number of planes, then the payment),
    or Continue on a step that only says something."""
    lesson = g.lesson
    start = (lesson.index, lesson.moment)
    for _ in range(limit):
        settle(app, g)
        g.prepare()
        if (lesson.index, lesson.moment) != start or lesson.finished:
            return
        if g.coach.wants_button():
            click(app, g.coach.button.rect.center)
            continue
        target = g.coach.target
        assert target is not None, f"step {lesson.index + 1}: the coach points nowhere"
        click(app, target.center)
    raise AssertionError(f"step {lesson.index + 1}: following the arrow did not make the taught move")


def play_tutorial(app: App, g, on_step=None, limit: int = 20000) -> None:
    """Every step of a tutorial by following the coach; ``on_step(g)`` is
    called when each step is shown (for screenshots)."""
    lesson = g.lesson
    shown = -1
    for _ in range(limit):
        if lesson.finished:
            return
        settle(app, g)
        g.prepare()
        if lesson.pending:
            app.step([], 0.05)
            continue
        waited = 0.0
        while not g.coach.shown and waited < 30.0:  # the story of the last move is still told
            app.step([], 0.05)
            waited += 0.05
        g.prepare()
        if on_step is not None and lesson.index != shown:
            shown = lesson.index
            on_step(g)
        if lesson.index == len(lesson.tutorial.steps) - 1 and g.coach.wants_button():
            click(app, g.coach.button.rect.center)
            return
        follow_coach(app, g)
    raise AssertionError("the tutorial did not end")
