"""The Blue Skies window (issue 19): a whole 2-human game driven by mouse
events only, hidden hands in hot seat, the decision's lit choices and
previews, and drawing that changes nothing."""
from __future__ import annotations

import json
import random

import pygame
import pytest

from opensky.ai.blueskies import make_bs_bot
from opensky.blueskies.actions import (
    ASSIST, BUY, BUY_GATE, BUYOUT, OPENING_GATE, PLAY, PLAY_CARD, SPECIAL_ACTION,
)
from opensky.blueskies.session import BSSession
from opensky.play.seats import BLUE_SKIES, DEFAULT_SEATS, GameSetup, Seat
from opensky.ui.app import App
from opensky.ui.bsgame.scene import BSGameScene
from tests.ui.bsdriver import do, settle


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(tmp_path / "config"))
    a = App((1280, 720))
    a.anim_speed = 8.0  # animations still run, just quicker
    a.ai_pace = 0.05
    yield a
    pygame.display.quit()


@pytest.fixture(autouse=True)
def same_deal(monkeypatch):
    """The chance steps are seeded from the game's seed and this computer's
    key, and each test's data folder is new: a fixed key deals the same game
    every run (with the key of bytes 0..31, Easy's two-person game of the
    assistance test ended before anyone was asked for assistance)."""
    from opensky.persistence import sealkey
    monkeypatch.setattr(sealkey, "current", lambda: bytes(range(1, 33)))


def setup_for(humans: int, players: int = 2, seed: int = 3) -> GameSetup:
    seats = [Seat(n, c, s, human=i < humans, bot="easy") for i, (n, c, s) in enumerate(DEFAULT_SEATS[:players])]
    return GameSetup(board="usa", seats=seats, seed=seed, game=BLUE_SKIES)


def choose(g: BSGameScene, bot, rng: random.Random, used_special: set[int]):
    """A person's answer: Easy's choice, with the special action and odd
    purchases now and then so every control is used."""
    st = g.state
    p = st.actor
    legal = g.ctl.legal(p)
    if st.decision == PLAY and p not in used_special and st.round >= 2:
        specials = [a for a in legal if a.type == SPECIAL_ACTION and a.arg[0] is not None and len(a.arg[1]) == 1]
        if specials:
            used_special.add(p)
            return rng.choice(specials)
    if st.decision in (BUY, OPENING_GATE) and rng.random() < 0.3:
        buys = [a for a in legal if a.type in (BUY_GATE, BUYOUT)]
        if buys:
            return rng.choice(buys)
    return bot.choose(g.ctl.view_for(p), legal)


def play(app: App, g: BSGameScene, seed: int, seen: dict | None = None):
    rng = random.Random(seed)
    bots = {p: make_bs_bot("easy", seed + p) for p in range(g.ctl.session.state.P)}
    used: set[int] = set()
    steps = 0
    while not g.ctl.session.state.game_over:
        settle(app, g)
        if g.ctl.session.state.game_over:
            break
        if seen is not None:
            seen.setdefault(g.ctl.session.state.decision, 0)
            seen[g.ctl.session.state.decision] += 1
            if g.seat.shown():
                check_handoff(app, g)
                seen["handoffs"] = seen.get("handoffs", 0) + 1
        p = g.ctl.session.state.actor
        a = choose_after_seat(app, g, bots[p], rng, used)
        n = len(g.ctl.session.log)
        do(app, g, a)
        assert len(g.ctl.session.log) == n + 1, f"the click did not take {a}"
        assert g.ctl.session.log[n] == a
        steps += 1
        assert steps < 2000
    settle(app, g)
    return g


def choose_after_seat(app, g, bot, rng, used):
    if g.seat.shown():
        from tests.ui.bsdriver import click
        click(app, g.seat.button.rect.center)
    return choose(g, bot, rng, used)


def check_handoff(app: App, g: BSGameScene) -> None:
    """The hand-off screen: nobody's hand in what the screen reads, nor drawn."""
    st = g.state
    assert all(h == [] for h in st.hands)
    assert g.tray.hand() == []
    truth = g.ctl.session.state
    for line in g.log_lines():
        for q in range(truth.P):
            if f"{truth.names[q]} draws " in line:
                assert line.endswith("draws a card."), line


def test_whole_two_human_game_by_mouse(app):
    su = setup_for(humans=2)
    g = BSGameScene(app, su)
    app.replace(g)
    seen: dict = {}
    play(app, g, 7, seen)
    st = g.ctl.session.state
    assert st.game_over
    for d in (OPENING_GATE, BUY, PLAY):
        assert seen.get(d), f"no {d} decision was played"
    assert seen.get("handoffs", 0) >= 10, "two people at the screen: a hand-off before their decisions"
    assert any(st.special_used), "the special action was never used by mouse"
    # the engine alone, fed the same decisions, reaches the same state
    ref = BSSession(g.ctl.board, [s.name for s in su.seats], seed=su.seed)
    for a in g.ctl.session.log:
        ref.apply(a)
    assert json.dumps(ref.state.to_json(), sort_keys=True) == json.dumps(st.to_json(), sort_keys=True)
    # the results screen follows once the story is told
    for _ in range(200):
        app.step([], 0.05)
        if type(app.stack.top).__name__ == "BSResultsScene":
            break
    assert type(app.stack.top).__name__ == "BSResultsScene"


def test_hand_shown_only_to_its_owner(app):
    g = BSGameScene(app, setup_for(humans=2))
    app.replace(g)
    settle(app, g)
    truth = g.ctl.session.state
    first = truth.actor
    assert g.seat.shown() and g.seat.handoff_for == first
    assert g.tray.hand() == []
    from tests.ui.bsdriver import click
    click(app, g.seat.button.rect.center)
    assert g.seat.private_for == first
    assert sorted(g.tray.hand()) == sorted(truth.hands[first])
    other = 1 - first
    assert g.state.hands[other] == []


def test_lit_airports_are_the_legal_gates(app):
    g = BSGameScene(app, setup_for(humans=1))
    app.replace(g)
    settle(app, g)
    st = g.ctl.session.state
    assert st.decision == OPENING_GATE and g.human_actor() == st.actor
    legal = g.ctl.legal(st.actor)
    assert set(g.tray.lit()) == {a.arg for a in legal if a.type == BUY_GATE}
    assert {k[0] for k in g.tray.lit_gates()} == {a.arg for a in legal if a.type == BUYOUT}


def test_draw_changes_nothing_and_previews_use_the_engine(app):
    g = BSGameScene(app, setup_for(humans=1, players=3))
    app.replace(g)
    bot = make_bs_bot("easy", 1)
    for _ in range(400):  # on to a card to play
        settle(app, g)
        st = g.ctl.session.state
        if st.decision == PLAY and g.human_actor() == st.actor:
            break
        do(app, g, bot.choose(g.ctl.view_for(st.actor), g.ctl.legal(st.actor)))
    st = g.ctl.session.state
    assert st.decision == PLAY
    before = json.dumps(st.to_json(), sort_keys=True)
    surf = pygame.Surface(app.window.get_size())
    g.draw(surf)
    g.draw(surf)
    assert json.dumps(st.to_json(), sort_keys=True) == before
    card = g.tray.hand()[0]
    lines = g.tray.preview_lines(card)
    assert any("income" in line for line in lines)
    assert g.tray.lit().get(card) in ("play", "market")


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
def test_every_control_inside_the_window(tmp_path, monkeypatch, size):
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(tmp_path / "config"))
    a = App(size)
    try:
        a.anim_speed = 8.0
        g = BSGameScene(a, setup_for(humans=1, players=5))
        a.replace(g)
        settle(a, g)
        win = pygame.Rect((0, 0), size)
        for w in g.widgets.widgets:
            assert win.contains(w.rect), (w, w.rect)
        for _a, r in g.tray.card_rects:
            assert g.tray_rect.contains(r)
        for k in range(len(g.ctl.board.airports)):
            assert g.board_rect.contains(g.view.airport_rect(k))
    finally:
        pygame.display.quit()


def play_to(app: App, g: BSGameScene, want, limit: int = 400) -> None:
    """Play (people by mouse, chosen by Easy) until ``want(state)`` holds at a person's decision."""
    bot = make_bs_bot("easy", 5)
    from tests.ui.bsdriver import click
    for _ in range(limit):
        settle(app, g)
        if g.seat.shown():
            click(app, g.seat.button.rect.center)
        st = g.ctl.session.state
        if g.human_actor() is not None and want(st):
            return
        assert not st.game_over
        do(app, g, bot.choose(g.ctl.view_for(st.actor), g.ctl.legal(st.actor)))
    raise AssertionError("never reached")


def test_numbers_change_only_when_their_story_is_told(app):
    """A card played: the airport's cubes and the incomes shown stay as they
    were until the draw and the split have been shown, then are the game's."""
    app.anim_speed = 1.0
    g = BSGameScene(app, setup_for(humans=1, players=3))
    app.replace(g)
    play_to(app, g, lambda st: st.decision == PLAY and st.round >= 2)
    p = g.human_actor()
    card = g.tray.hand()[0]
    before = (list(g.state.cubes[card]), g.state.waiting[card], list(g.state.score))
    do(app, g, next(a for a in g.ctl.legal(p) if a.type == PLAY_CARD and a.arg == card))
    from opensky.blueskies import events as BE
    split = None
    kinds = []
    for _ in range(400):
        cur = g.story.current()
        if cur is not None and (not kinds or kinds[-1] != cur.kind):
            kinds.append(cur.kind)
        if split is None:
            split = next((st for st in g.story.steps if isinstance(st.events[0], BE.CubesSplit)
                          and st.events[0].airport == card), None)
        if split is None or split in g.story.steps:
            if kinds in (["card"], ["card", "draw"]):  # the played card, then the cubes drawn
                shown = g.shown
                assert (list(shown.cubes[card]), shown.waiting[card], list(shown.score)) == before
        else:  # the split told: the board shows its result
            e = split.events[0]
            shown = g.shown
            assert shown.waiting[card] == e.waiting
            if shown.gates[card]:
                assert shown.cubes[card] == list(e.cubes)
            break
        app.step([], 0.02)
    assert kinds[:2] == ["card", "draw"], kinds


def test_a_click_tells_the_rest_at_once(app):
    app.anim_speed = 1.0
    g = BSGameScene(app, setup_for(humans=1, players=2))
    app.replace(g)
    play_to(app, g, lambda st: st.decision == PLAY)
    p = g.human_actor()
    do(app, g, next(a for a in g.ctl.legal(p) if a.type == PLAY_CARD))
    app.step([], 0.02)
    assert g.story.blocking()
    from tests.ui.bsdriver import click
    click(app, g.board_rect.center)
    assert not g.story.blocking() and g.story.display is None


def test_undo_takes_back_a_gate_of_the_purchase_turn(app):
    g = BSGameScene(app, setup_for(humans=1, players=2))
    app.replace(g)
    play_to(app, g, lambda st: st.decision == BUY and st.points >= 3
            and any(a.type == BUY_GATE and st.board.airports[a.arg].gate_cost <= 2 and not st.gates[a.arg]
                    for a in st.legal_actions()))
    st = g.ctl.session.state
    a = next(a for a in g.ctl.legal(st.actor) if a.type == BUY_GATE
             and st.board.airports[a.arg].gate_cost <= 2 and not st.gates[a.arg])
    points = st.points
    do(app, g, a)
    settle(app, g)
    assert g.ctl.session.state.points < points and g.undo_button.enabled
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z", scancode=0)], 0.02)
    assert g.ctl.session.state.points == points and g.ctl.session.log[-1] != a


def test_keyboard_buys_a_gate_and_plays_a_card(app):
    g = BSGameScene(app, setup_for(humans=1, players=2))
    app.replace(g)
    settle(app, g)
    st = g.ctl.session.state
    assert st.decision == OPENING_GATE
    n = len(g.ctl.session.log)

    def key(k):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 0.02)

    key(pygame.K_RIGHT)
    assert g.tray.focused() is not None
    key(pygame.K_RETURN)
    assert len(g.ctl.session.log) == n + 1 and g.ctl.session.log[n].type in (BUY_GATE, "buyout")
    play_to(app, g, lambda st: st.decision == PLAY)
    n = len(g.ctl.session.log)
    first = g.tray.hand()[0]
    key(pygame.K_1)
    assert g.ctl.session.log[n].type == PLAY_CARD and g.ctl.session.log[n].arg == first


def test_replay_steps_through_a_saved_game(app):
    from opensky.persistence.bssave import LoadedBSGame
    from opensky.ui.bsgame.replay import BSReplayScene
    g = BSGameScene(app, setup_for(humans=1, players=2), autosave=False)
    app.replace(g)
    play_to(app, g, lambda st: st.decision == PLAY and st.round >= 2)
    loaded = LoadedBSGame(g.ctl.session, g.ctl.seat_infos(), "test")
    r = BSReplayScene(app, loaded)
    app.replace(r)
    assert r.game.read_only and r.index == 0
    for _ in range(30):
        r.step()
        for _k in range(100):
            app.step([], 0.05)
            if not r.game.story.blocking():
                break
    assert r.index == 30 and len(r.game.ctl.session.log) == 30
    assert r.game.human_actor() is None and r.game.tray.hand() == []  # nobody decides, no hand shown
    r.to_end()
    assert json.dumps(r.game.ctl.session.state.to_json()) == json.dumps(g.ctl.session.state.to_json())
    r.back()
    assert r.index == len(g.ctl.session.log) - 1


def test_demo_plays_blue_skies_to_the_end_and_prints_the_state():
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "main.py", "demo", "--game", "blue_skies", "--seats", "4", "--seed", "3",
                        "--speed", "40", "--exit-at-end"], cwd=root, capture_output=True, text=True,
                       timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    state = json.loads(r.stdout)
    assert state["game"] == "blue_skies" and state["game_over"] and len(state["players"]) == 4
    r = subprocess.run([sys.executable, "main.py", "demo", "--game", "blue_skies", "--seats", "6"], cwd=root,
                       capture_output=True, text=True, timeout=60, env=env)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_a_grey_gates_tooltip_previews_its_buyout(app):
    g = BSGameScene(app, setup_for(humans=1, players=3))
    app.replace(g)
    play_to(app, g, lambda st: st.decision in (OPENING_GATE, BUY)
            and any(a.type == BUYOUT for a in st.legal_actions()))
    st = g.ctl.session.state
    a = next(x for x in g.ctl.legal(st.actor) if x.type == BUYOUT)
    from opensky.blueskies.gates import local_slot
    pos = g.view.gate_center(a.arg, local_slot(st, a.arg))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                 buttons=(0, 0, 0))], 0.02)
    cost = st.board.buyout_costs[a.arg]
    assert f"Costs {cost}:" in g.tooltip_text()


def test_watch_a_blue_skies_save_from_the_list(app):
    from opensky.persistence.store import save_named
    from opensky.ui.bsgame.replay import BSReplayScene
    from opensky.ui.scenes.saves import LoadScene
    from tests.ui.bsdriver import click
    g = BSGameScene(app, setup_for(humans=1, players=2), autosave=False)
    app.replace(g)
    play_to(app, g, lambda st: st.decision == PLAY)
    save_named(g.ctl.session, g.ctl.seat_infos(), "to watch")
    scene = LoadScene(app)
    app.replace(scene)
    app.step([], 0.02)
    watch = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Watch")
    click(app, watch.rect.center)
    assert isinstance(app.stack.top, BSReplayScene)
    assert len(app.stack.top.full) == len(g.ctl.session.log)


def test_assistance_draws_are_told_before_the_next_hand_off(app):
    """Two people: the passengers one chooses for assistance are drawn on
    screen before the hand-off screen covers it for the other."""
    app.anim_speed = 1.0
    g = BSGameScene(app, setup_for(humans=2, players=2, seed=11))
    app.replace(g)
    app.anim_speed = 8.0
    play_to(app, g, lambda st: st.decision == ASSIST, limit=800)
    app.anim_speed = 1.0
    st = g.ctl.session.state
    a = next(iter(g.ctl.legal(st.actor)))
    do(app, g, a)
    kinds = []
    for _ in range(300):
        app.step([], 0.02)
        cur = g.story.current()
        if cur is not None and (not kinds or kinds[-1] != cur.kind):
            kinds.append(cur.kind)
        if g.seat.shown():
            break
    assert "draw" in kinds, kinds
