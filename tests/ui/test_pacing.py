"""Issue 15, pacing: the story of an action is told step by step.

Reveal → the price die tumbles and settles → the verdict (toast, the table's
"wins"/"walked", the log line) → take-off → the month's summary card → the
next month.  Nothing is announced before its animation has ended, a click or
Space finishes the step at hand, and with animations off everything is
immediate.  Played with Paris–London markets on the Europe board, all seats
human, frame by frame.
"""
from __future__ import annotations

import pygame
import pytest

from opensky.rules import events as E
from opensky.rules.actions import (ANCILLARIES, BID, CHOOSE_OD, FLASH, LEASE, PLACE_HUB, PLACE_PLANE, ROLL_DICE,
                                   ROLL_SENSITIVITY, Action)
from opensky.rules.constants import CALLSIGN_INDEX
from opensky.ui.app import App
from opensky.ui.game import gamelog
from opensky.ui.game.story import Step, Story
from opensky.ui.scenes.game import GameScene
from opensky.ui.setup import GameSetup
from tests.ui.driver import settle

DT = 0.05


def cs(*names: str) -> tuple[int, ...]:
    return tuple(sorted(CALLSIGN_INDEX[n] for n in names))


def europe(app: App, routes: dict[int, list[str]]) -> GameScene:
    su = GameSetup.default(len(routes))
    su.seed = 11
    for s in su.seats:
        s.human = True
    g = GameScene(app, su, autosave=False)
    app.stack.scenes.clear()
    app.replace(g)
    st = g.ctl.state
    b = st.board
    left = {p: list(v) for p, v in routes.items()}
    while st.decision == PLACE_PLANE:
        p = st.actors[0]
        x, y = left[p].pop(0).split("-")
        g.ctl.apply(Action(PLACE_PLANE, p, b.route_index[(x, y)]))
    while st.decision == PLACE_HUB:
        p = st.actors[0]
        g.ctl.apply(Action(PLACE_HUB, p, b.airport_index[["MAD", "LIS"][len(st.hubs[p])]]))
    settle(app, g)
    g.ctl.apply(Action(ROLL_DICE, 0, cs("Alpha", "Bravo", "Charlie")))
    settle(app, g)
    return g


def london_paris(app: App, bids: dict[int, int | None], players: int = 3) -> GameScene:
    """Everybody flies London–Paris nonstop; the bids are in (flash deals
    declined), the next decision is the winner's or the verdict's."""
    g = europe(app, {p: ["LHR-CDG"] + ["MAD-LIS"] * 8 for p in range(players)})
    g.ctl.apply(Action(CHOOSE_OD, 0, cs("Alpha", "Bravo")))
    settle(app, g)
    st = g.ctl.state
    for p, fare in bids.items():
        if st.decision == BID:
            g.ctl.apply(Action(BID, p, fare))
            settle(app, g)
    while st.decision == FLASH:
        g.ctl.apply(Action(FLASH, st.actors[0], None))
        settle(app, g)
    return g


def at_the_price_die(app: App) -> GameScene:
    """Nordwind (200) wins and attaches a chit: the price die must reach 300."""
    g = london_paris(app, {0: 200, 1: 300, 2: 400})
    st = g.ctl.state
    assert st.decision == ANCILLARIES and st.actors == (0,)
    g.ctl.apply(Action(ANCILLARIES, 0, 1))
    settle(app, g)
    assert st.decision == ROLL_SENSITIVITY
    return g


def told_lines(g: GameScene) -> list[str]:
    return [x for x in (g.log_line(en) for en in g.log[:g.log_shown()]) if x]


def table_says(g: GameScene) -> tuple[list[str], str | None]:
    """The winners and the walk-away the bid table shows now."""
    m = g.anim.shown_market(g.state)
    return (list(m["winners"]), m.get("walked_away")) if m else ([], None)


def map_pixels(app: App, g: GameScene) -> bytes:
    g.draw(app.window)
    return pygame.image.tobytes(app.window.subsurface(g.board_rect).copy(), "RGB")


def frames(app: App, g: GameScene, limit: float = 30.0):
    """Step the game frame by frame while its story is told."""
    t = 0.0
    while g.anim.blocking() and t < limit:
        yield t
        app.step([], DT)
        t += DT
    assert not g.anim.blocking(), "the story never ended"


# ---------------------------------------------------------------- the story in order

def test_price_die_then_verdict_then_takeoff_then_summary(app):
    """The passengers walk away from Nordwind; Sunway wins.  Frame by frame:
    no verdict (toast, table label, log line, card) while the die rolls; the
    planes stay on the route until the take-off; the card after the take-off;
    the decisions wait until the story's end."""
    g = at_the_price_die(app)
    played: list[tuple[float, str]] = []
    clock = [0.0]
    monkey = app.sound.play
    app.sound.play = lambda name, *a, **k: played.append((clock[0], name)) or monkey(name, *a, **k)
    sunway_planes = g.ctl.state.planes[1][g.ctl.board.route_index[("LHR", "CDG")]]
    g.ctl.apply(Action(ROLL_SENSITIVITY, 0, 200))
    st = g.state
    assert st.decision == LEASE  # the engine has moved on at once ...
    order: list[str] = []
    die_done_at = takeoff_at = card_at = None
    for t in frames(app, g):
        clock[0] = t + DT  # what the next frame starts is seen at t + DT
        a = g.anim
        step = a.story.current
        assert step is not None and g.blocking()  # ... the screen has not
        if not order or order[-1] != step.name:
            order.append(step.name)
        lines = told_lines(g)
        if g.price_die.rolling or step.name == "die":
            assert a.verdict_shown() == [], f"{t:.2f}: a verdict while the die rolls"
            assert table_says(g) == (["Nordwind"], None), f"{t:.2f}: the table tells the verdict"
            assert not any("walk away" in x or "wins" in x or "flies" in x for x in lines), lines
            assert a.card is None
        else:
            die_done_at = die_done_at if die_done_at is not None else t
            assert g.price_die.settled or step.name == "summary"
        flying = [f for f in a.flights if not f.landing]
        if step.name in ("die", "verdict"):
            assert not flying
            # Sunway's plane is still drawn on London–Paris
            assert g.view.in_flight.get((1, g.ctl.board.route_index[("LHR", "CDG")]), 0) == -1
        if flying and takeoff_at is None:
            takeoff_at = t
            assert table_says(g) == (["Sunway"], "Nordwind")
            assert any("Sunway wins" in x for x in a.verdict_shown())
            assert any("Sunway flies" in x for x in lines)
        if a.card is not None:
            card_at = card_at if card_at is not None else t
            assert not flying, "the summary card over planes still taking off"
            text = " ".join(a.verdict_shown())
            assert "London" in text and "Sunway wins 300" in text and "Nordwind" in text
        assert not g.decisions.buttons or g.anim.blocking()
    assert order == ["die", "verdict", "takeoff", "summary"], order
    assert die_done_at is not None and takeoff_at is not None and card_at is not None
    assert die_done_at >= g.anim.anim(1.3) and die_done_at < takeoff_at < card_at
    # the story is told: the log is whole, the lease decision is live
    app.step([], DT)
    assert g.log_shown() == len(g.log) and not g.anim.verdict_shown()
    assert g.view.in_flight == {}
    assert st.planes[1][g.ctl.board.route_index[("LHR", "CDG")]] == sunway_planes - 1
    assert g.decisions.buttons
    # each sound when its step starts: the die at once, the cash with the verdict
    when = {name: t for t, name in reversed(played)}
    assert when["die"] == 0.0 and when["cash"] >= die_done_at and when["takeoff"] >= when["cash"]


def test_no_pixel_of_the_map_tells_the_roll_while_the_die_tumbles(app):
    """Two games that differ only in the roll (walk away / accepted): every
    frame of the map is the same until the die lands, and differs after."""
    games = [at_the_price_die(app), at_the_price_die(app)]
    for g, roll in zip(games, (200, 500)):
        app.stack.scenes[-1] = g
        g.ctl.apply(Action(ROLL_SENSITIVITY, 0, roll))
    same = 0
    differ = False
    for _ in range(120):
        shots = []
        for g in games:
            app.stack.scenes[-1] = g
            app.step([], DT / 2)
            shots.append(map_pixels(app, g))
        a = games[0]
        if a.price_die.face() != a.price_die.result and a.price_die.rolling:
            assert shots[0] == shots[1], "the map gives the roll away while the die tumbles"
            same += 1
        elif shots[0] != shots[1]:
            differ = True
            break
    assert same >= 5 and differ


def test_a_tie_waits_for_the_flip_before_the_verdict(app):
    """Both bid 200 (a tie, no chits): the cards flip with no "wins" on the
    table, then the verdict, then both fly."""
    g = london_paris(app, {0: 200}, players=2)
    g.ctl.apply(Action(BID, 1, 200))
    assert g.state.decision == LEASE and g.anim.story.at("reveal")
    seen: list[str] = []
    flew: set[int] = set()
    for t in frames(app, g):
        step = g.anim.story.current
        assert step is not None
        if not seen or seen[-1] != step.name:
            seen.append(step.name)
        if step.name == "reveal":
            assert table_says(g)[0] == [] and g.anim.verdict_shown() == []
        if step.name == "takeoff" and seen.count("takeoff") == 1 and seen[-1] == "takeoff" and not flew:
            flew.update(f.player for f in g.anim.flights if not f.landing)
    assert seen[:4] == ["reveal", "verdict", "takeoff", "summary"], seen
    assert flew == {0, 1}  # both winners take off together


def test_nobody_can_fly_it_says_why_then_the_next_month(app):
    g = europe(app, {p: ["MAD-LIS"] * 4 for p in range(3)})
    months_told = sum(1 for x in told_lines(g) if x.startswith("— "))
    g.ctl.apply(Action(CHOOSE_OD, 0, cs("Alpha", "Bravo")))
    st = g.state
    assert st.month == 1 and st.decision == ROLL_DICE  # May already, for the engine
    steps = []
    for t in frames(app, g):
        a = g.anim
        steps.append(a.story.current.name if a.story.current else None)
        assert not a.dice_shown(st), "next month's dice before the summary"
        assert sum(1 for x in told_lines(g) if x.startswith("— ")) == months_told, "the next month told early"
        if a.card is not None:
            assert any("Nobody travels" in x and "no airline can fly this market" in x for x in a.verdict_shown())
    assert "verdict" in steps and "summary" in steps
    assert steps.index("verdict") < steps.index("summary")
    app.step([], DT)
    assert g.anim.dice_shown(st) and told_lines(g)[-1].startswith("— ")


# ---------------------------------------------------------------- skipping and speed

@pytest.mark.parametrize("how", ["click", "space"])
def test_one_press_finishes_the_step_at_hand(app, how):
    g = at_the_price_die(app)
    g.ctl.apply(Action(ROLL_SENSITIVITY, 0, 200))
    app.step([], DT)
    assert g.anim.story.at("die") and g.price_die.rolling
    press = (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=g.board_rect.center, button=1) if how == "click"
             else pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    names = []
    while g.anim.blocking():
        names.append(g.anim.story.current.name)
        app.step([press], 0.0)
        assert len(names) < 10
    assert names == ["die", "verdict", "takeoff", "summary"]
    assert not g.price_die.rolling and g.log_shown() == len(g.log)
    assert g.ctl.state.decision == LEASE  # the press did not also decide anything


def test_animations_off_tells_everything_at_once(app):
    g = at_the_price_die(app)
    app.anim_speed = 0
    g.ctl.apply(Action(ROLL_SENSITIVITY, 0, 200))
    assert not g.anim.blocking() and not g.anim.story.active
    assert g.log_shown() == len(g.log)
    assert table_says(g) == ([], None) or not g.anim.ending
    assert g.view.in_flight == {} and g.anim.card is None
    app.step([], DT)
    assert g.decisions.buttons and not g.anim.busy()


# ---------------------------------------------------------------- the sequencer alone

def test_story_runs_steps_in_order_and_skip_finishes_one():
    log: list[str] = []
    story = Story()

    def mk(name: str, seconds: float) -> Step:
        return Step(name, seconds, on_start=[lambda: log.append(f"+{name}")],
                    on_end=[lambda: log.append(f"-{name}")], entries=[name])
    story.add(mk("a", 1.0))
    story.add(mk("b", 0.5))
    story.add(mk("c", 0.0))
    assert log == ["+a"] and story.first_untold() == "b"  # a tells at its start
    story.update(0.9)
    assert log == ["+a"]
    story.update(0.2)  # a ends, b starts with the 0.1 s left over
    assert log == ["+a", "-a", "+b"] and story.current is not None and story.current.tween.elapsed == pytest.approx(0.1)
    story.skip()  # b ends, c (no time) runs through
    assert log == ["+a", "-a", "+b", "-b", "+c", "-c"] and not story.active
    assert story.first_untold() is None


def test_story_merges_a_tie_into_one_verdict():
    story = Story()
    story.begin()
    story.add(Step("reveal", 1.0))
    first = story.add(Step("verdict", 1.0, merge=True, entries=["A"]))
    second = story.add(Step("verdict", 1.0, merge=True, entries=["B"]))
    assert first is second and len(story.steps) == 2 and first.entries == ["A", "B"]
    story.begin()  # a later action's verdict is its own step
    assert story.add(Step("verdict", 1.0, merge=True)) is not first


def test_the_log_stops_before_the_first_entry_not_told():
    log = [("note", "a", {}), ("note", "b", {}), ("note", "c", {})]
    assert gamelog.shown(log, set(), untold=log[1]) == 1
    assert gamelog.shown(log, set()) == 3
    assert gamelog.shown(log, {E.DICE_ROLLED}) == 3  # no roll in the log: all told
