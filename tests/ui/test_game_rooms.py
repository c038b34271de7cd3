"""The game screen's structure (issue 14): ``draw`` changes nothing, the UI
names decisions by the engine's constants, and while a bid is sealed the
screen reads the game only through ``player_view``."""
from __future__ import annotations

import ast
import random
import sys
from pathlib import Path
from typing import Any

import pygame

import opensky.ui
import opensky.play.controller as controller_module
import opensky.play.base as controller_base
from opensky.rules.actions import ACTION_TYPES, BID, CHOOSE_OD, PLACE_HUB, PLACE_PLANE, ROLL_DICE, Action
from opensky.rules.constants import CALLSIGN_INDEX
from opensky.rules.state import GameState
from opensky.ui.app import App
from opensky.play.controller import Controller
from opensky.ui.scenes.game import GameScene
from opensky.ui.setup import GameSetup
from tests.ui.driver import click, do, plan_near_callsigns, settle


# ---------------------------------------------------------------- draw() changes nothing

def _freeze(v: Any, depth: int = 0) -> Any:
    """A value to compare later: containers by identity and content, Rects by
    value, any other object by identity (its own fields are snapshotted
    separately), so a field replaced or changed in place shows."""
    if isinstance(v, pygame.Rect):
        return ("rect", tuple(v))
    if isinstance(v, (str, int, float, bool, type(None))):
        return v
    if depth < 6:
        if isinstance(v, (list, tuple)):
            return (type(v).__name__, id(v), tuple(_freeze(x, depth + 1) for x in v))
        if isinstance(v, dict):
            return ("dict", id(v), tuple((_freeze(k, depth + 1), _freeze(x, depth + 1)) for k, x in v.items()))
        if isinstance(v, (set, frozenset)):
            return ("set", id(v), frozenset(_freeze(x, depth + 1) for x in v))
    return ("obj", id(v))


def _parts(g: GameScene) -> dict[str, Any]:
    """The scene and every object of the screen that ``draw`` could touch."""
    a = g.anim
    parts: dict[str, Any] = {"scene": g, "anim": a, "seat": g.seat, "decisions": g.decisions,
                             "board_input": g.board_input, "repaint": g.repaint, "view": g.view, "dice": a.dice,
                             "table": a.table, "price_die": a.price_die, "ctl": g.ctl, "widgets": g.widgets,
                             "tweens": a.tweens, "roll": a.dice.roll, "flip": a.table.flip, "die": a.price_die.tween,
                             "hold": a.market_hold, "story": a.story, "step": a.story.current, "tale": a.tale}
    for i, w in enumerate(g.widgets.widgets + g.decisions.buttons + [g.seat.handoff_button, g.seat.confirm_button]):
        parts[f"widget{i}"] = w
    for i, tw in enumerate(a.tweens.items + [t for _, t in a.toasts]):
        parts[f"tween{i}"] = tw
    return {k: {n: _freeze(x) for n, x in vars(o).items()} for k, o in parts.items() if o is not None}


def _check_draw(app: App, g: GameScene, moment: str) -> None:
    app.step([], 0.016)  # an update prepares what the frame shows
    before = _parts(g)
    g.draw(app.window)
    first = pygame.image.tobytes(app.window, "RGB")
    g.draw(app.window)
    assert pygame.image.tobytes(app.window, "RGB") == first, f"{moment}: a second draw looks different"
    after = _parts(g)
    changed = [f"{k}.{n}" for k in before for n in before[k] if before[k][n] != after[k].get(n)]
    changed += [f"{k}.{n} (new)" for k in after for n in after[k] if n not in before[k]]
    assert not changed, f"{moment}: draw changed {changed}"
    CHECKED.add(moment)


CHECKED: set[str] = set()


def test_draw_changes_nothing_in_any_phase(app):
    """A hot-seat game played by mouse; at the first moment of every decision,
    mid-animation and while hovering, two draws give the same pixels and leave
    every field of the screen as it was."""
    su = GameSetup.default(3)
    su.seed = 5
    for s in su.seats:
        s.human = True
    g = GameScene(app, su, autosave=False)
    app.replace(g)
    rng = random.Random(5)
    st = g.ctl.state
    seen: set[str] = set()
    while not st.game_over:
        settle(app, g)
        d = st.decision or ""
        if d == BID:
            d = "handoff" if g.handoff_for is not None else "bid"
        if d not in seen:
            seen.add(d)
            _check_draw(app, g, d)
            if d == PLACE_PLANE:  # hovering a route: the preview and its tooltip
                r = g.ctl.legal(st.actors[0])[0].arg
                a, b = g.view.route_ends_px(r)
                app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int((a[0] + b[0]) / 2), int((a[1] + b[1]) / 2)),
                                             rel=(0, 0), buttons=(0, 0, 0))], 0.016)
                _check_draw(app, g, "hover route")
                rect = g.panel_regions[0][0]
                app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))],
                         0.016)
                _check_draw(app, g, "hover panel")
        a = plan_near_callsigns(g, rng)
        if d == "handoff" and "bid panel" not in seen:
            seen.add("bid panel")
            click(app, g.handoff_button.rect.center)
            click(app, g.card_rects[0][1].center)
            _check_draw(app, g, "bid panel")
            a = plan_near_callsigns(g, rng)
        do(app, g, a)
        if a.type == PLACE_PLANE and g.flights and "plane flying" not in seen:
            seen.add("plane flying")
            app.step([], 0.2)
            _check_draw(app, g, "plane flying")
        for _ in range(2000):  # the story of the action, step by step
            for moment, moving in (("dice rolling", g.dice.rolling), ("cards flipping", g.table.flipping),
                                   ("price die rolling", g.price_die.rolling), ("toast", bool(g.toasts)),
                                   ("planes flying off", any(not f.landing for f in g.flights)),
                                   ("month summary", g.anim.card is not None)):
                if moving and moment not in seen:
                    seen.add(moment)
                    _check_draw(app, g, moment)
            if not g.busy():
                break
            app.step([], 0.05)
    _check_draw(app, g, "game over")
    want = {PLACE_PLANE, PLACE_HUB, ROLL_DICE, CHOOSE_OD, "handoff", "bid panel", "flash", "ancillaries",
            "roll_sensitivity", "lease", "plane flying", "dice rolling", "cards flipping", "price die rolling",
            "toast", "planes flying off", "month summary", "hover route", "hover panel", "game over"}
    assert want <= CHECKED, want - CHECKED


# ---------------------------------------------------------------- decisions by name

def test_no_bare_decision_names_in_the_ui():
    """``opensky/ui`` names decisions by the engine's constants
    (``opensky.rules.actions``), never as bare strings like "bid"."""
    root = Path(opensky.ui.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ACTION_TYPES:
                found.append(f"{path.relative_to(root.parent.parent)}:{node.lineno}: {node.value!r}")
    assert not found, "bare decision names:\n" + "\n".join(found)


# ---------------------------------------------------------------- privacy by structure

def cs(*names: str) -> tuple[int, ...]:
    return tuple(sorted(CALLSIGN_INDEX[n] for n in names))


def three_at_the_bidding(app: App, bids: dict[int, int | None]) -> GameScene:
    """Three people at one screen in Europe, all flying Paris–London; Ann and
    Bo have bid (``bids``), Cy is next."""
    su = GameSetup.default(3)
    su.seed = 11
    for s in su.seats:
        s.human = True
    g = GameScene(app, su, autosave=False)
    app.stack.scenes.clear()
    app.replace(g)
    st = g.ctl.state
    b = st.board
    paris_london = b.route_index[("LHR", "CDG")]
    while st.decision == PLACE_PLANE:
        p = st.actors[0]
        g.ctl.apply(Action(PLACE_PLANE, p, b.route_index[("MAD", "LIS")] if st.planes[p][paris_london]
                           else paris_london))
    while st.decision == PLACE_HUB:
        p = st.actors[0]
        g.ctl.apply(Action(PLACE_HUB, p, b.airport_index[["MAD", "LIS"][len(st.hubs[p])]]))
    g.ctl.apply(Action(ROLL_DICE, 0, cs("Alpha", "Bravo", "Charlie")))
    settle(app, g)
    do(app, g, Action(CHOOSE_OD, 0, cs("Alpha", "Bravo")))
    settle(app, g)
    assert st.stops == [0, 0, 0]
    for p, fare in bids.items():
        do(app, g, Action(BID, p, fare))
        settle(app, g)
    assert st.decision == BID and st.actors == (2,) and not st.revealed
    return g


def _screen(app: App, g: GameScene) -> tuple:
    """Everything the screen shows: its pixels, prompt, buttons and every
    tooltip of the panels and the bid table."""
    app.stack.scenes[-1] = g
    g.update(0.05)
    g.draw(app.window)
    pixels = pygame.image.tobytes(app.window, "RGB")
    tips = []
    market = g.anim.shown_market(g.state)
    spots = [r.center for r, _ in g.panel_regions]
    spots += [r.center for r in g.table.slots(market, g.state.names).values()] if market else []
    for pos in spots:
        g.mouse = pos
        tips.append(g.tooltip_text())
    g.mouse = (0, 0)
    labels = [b.label for b in g.widgets.widgets]
    return (pixels, g.prompt(), labels, tips, [x for x in g.log])


def _sealed(st: GameState) -> bool:
    return not st.revealed and any(st.submitted)


#: the controller's own modules (its shared base included): they alone may read the full state
_CONTROLLER_FILES = {controller_module.__file__, controller_base.__file__}


class _Watched:
    """A session whose state only the controller itself may read while a bid
    is sealed (it makes the views); anybody else reading it fails."""

    def __init__(self, session: Any) -> None:
        self.__dict__["_session"] = session

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._session, name)
        if name == "state" and _sealed(value) and sys._getframe(1).f_code.co_filename not in _CONTROLLER_FILES:
            raise AssertionError("the game screen read the full state while a bid is sealed")
        return value


def _sealed_state_forbidden(monkeypatch, games: list[GameScene]) -> None:
    """From now on reading the full state while a bid is sealed fails, through
    the controller (``ctl.state``) or its session (``ctl.session.state``)."""
    def state(self: Controller) -> GameState:
        st = self.session.state
        if _sealed(st):
            raise AssertionError("the game screen read the full state while a bid is sealed")
        return st
    monkeypatch.setattr(Controller, "state", property(state))
    for g in games:
        g.ctl.session = _Watched(g.ctl.session)  # type: ignore[assignment]


def test_the_screen_reads_a_sealed_bid_only_through_the_view(app, monkeypatch):
    """Ann and Bo have bid; Cy takes the seat.  Two games that differ only in
    Ann's and Bo's hidden cards look the same at every step (the hand-off
    screen, Cy's panel, a card picked), and the screen never reads the full
    state while the bids are sealed: only ``player_view``."""
    games = [three_at_the_bidding(app, {0: 200, 1: 500}), three_at_the_bidding(app, {0: 400, 1: None})]
    a, b = games
    assert a.ctl.state.bid[:2] != b.ctl.state.bid[:2]
    _sealed_state_forbidden(monkeypatch, games)
    steps = [("hand-off screen", lambda g: None),
             ("Cy's panel", lambda g: g.seat.take_seat()),
             ("a card picked", lambda g: g.seat.click(g.seat.card_rects[1][1].center)),
             ("hovering the board", lambda g: g.handle(pygame.event.Event(
                 pygame.MOUSEMOTION, pos=g.board_rect.center, rel=(0, 0), buttons=(0, 0, 0))))]
    for moment, step in steps:
        shown = []
        for g in games:
            app.stack.scenes[-1] = g
            step(g)
            assert g.state is g.ctl.view_for(g.seat.private_for)
            assert g.state.bid[0] is None and g.state.bid[1] is None, "a rival's bid is in what the screen reads"
            shown.append(_screen(app, g))
        assert shown[0] == shown[1], f"{moment}: the screen differs with the hidden bids"
    assert a.private_for == 2 and a.selected_value() is not None


def test_the_panels_are_drawn_again_when_what_they_show_changes(app):
    """The panels are kept between renders while nothing they show changes
    (only the log grows as a story is told); a score that changes is drawn."""
    from opensky.rules.actions import PLACE_PLANE
    from opensky.ui.scenes.game import GameScene
    from opensky.ui.setup import GameSetup
    su = GameSetup.default(2)
    su.seed = 4
    for s in su.seats:
        s.human = True
    g = GameScene(app, su, autosave=False)
    app.replace(g)
    app.step([], 0.05)

    def texts() -> list[str]:
        return [d.text for d in g.render_sidebar(g.panel_state()).drawn if d.kind == "text"]
    before = texts()
    assert texts() == before  # the same panels, from the cache
    st = g.ctl.state
    p = st.actors[0]
    a = next(a for a in g.ctl.legal(p) if a.type == PLACE_PLANE and any(
        st.airport_callsign[x] >= 0 for x in st.board.route_ends[a.arg]))  # takes a subsidy: +50
    g.ctl.apply(a)
    for _ in range(40):
        app.step([], 0.05)
    after = texts()
    assert after != before
    assert str(g.ctl.state.score(p)["total"]) in after
