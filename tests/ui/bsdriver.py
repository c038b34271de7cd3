"""Plays the Blue Skies window by mouse events only (UI tests, screenshots):
every answer is given the way a person gives it — a click on an airport or
a gate on the map, on a card of the hand, on a button of the tray."""
from __future__ import annotations

import pygame

from opensky.blueskies.actions import (
    ASSISTANCE, BUY_GATE, BUYOUT, DISCARD, END_PURCHASES, PLAY_CARD, SPECIAL_ACTION, Action,
)
from opensky.blueskies.gates import local_slot
from opensky.ui.app import App
from opensky.ui.bsgame.scene import BSGameScene


def click(app: App, pos, button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], 0.016)


def busy(g: BSGameScene) -> bool:
    """The screen is telling a story or the game waits for a draw or a computer."""
    st = g.ctl.session.state
    return (g.story.blocking() or g.ctl.thinking or
            (not st.game_over and (st.is_chance() or g.ctl.computer_to_move() is not None)))


def settle(app: App, g: BSGameScene, limit: float = 60.0) -> None:
    t = 0.0
    while t < limit and app.stack.top is g and busy(g):
        app.step([], 0.05)
        t += 0.05
    app.step([], 0.05)


def airport_point(g: BSGameScene, a: int):
    """A point on airport ``a`` that is on none of its gates."""
    r = g.view.airport_rect(a)
    c = g.view.airport_center(a)
    cands = [c] + [(r.x + r.w * i / 8, r.y + r.h * j / 6) for j in range(1, 6) for i in range(1, 8)]
    for p in cands:
        if g.view.airport_at(p) == a and g.view.gate_at(p) is None:
            return p
    raise AssertionError(f"no clickable point on airport {a}")


def card_point(g: BSGameScene, airport: int, skip: set[int] = frozenset()):  # type: ignore[assignment]
    for i, (a, r) in enumerate(g.tray.card_rects):
        if a == airport and i not in skip:
            return i, r.center
    raise AssertionError(f"card {airport} not in the hand shown")


def do(app: App, g: BSGameScene, a: Action) -> None:
    """Give answer ``a`` by mouse."""
    if g.seat.shown():
        assert g.seat.handoff_for == a.player
        click(app, g.seat.button.rect.center)
    assert g.human_actor() == a.player, (g.human_actor(), a)
    t = a.type
    if t == BUY_GATE:
        click(app, airport_point(g, a.arg))
    elif t == BUYOUT:
        st = g.state
        click(app, g.view.gate_center(a.arg, local_slot(st, a.arg)))
    elif t == END_PURCHASES:
        click(app, g.tray.done.rect.center)
    elif t == PLAY_CARD:
        click(app, card_point(g, a.arg)[1])
    elif t == SPECIAL_ACTION:
        at, cards = a.arg
        click(app, g.tray.special_button.rect.center)
        assert g.tray.special
        if at is not None:
            click(app, airport_point(g, at))
        used: set[int] = set()
        for c in cards:
            i, pt = card_point(g, c, used)
            used.add(i)
            click(app, pt)
        click(app, g.tray.use_special.rect.center)
    elif t == ASSISTANCE:
        for x in a.arg:
            click(app, airport_point(g, x))
        click(app, g.tray.confirm_assist.rect.center)
    elif t == DISCARD:
        used = set()
        for c in a.arg:
            i, pt = card_point(g, c, used)
            used.add(i)
            click(app, pt)
        click(app, g.tray.discard_button.rect.center)
    else:
        raise AssertionError(a)
