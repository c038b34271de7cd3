"""Online play in the window (``spec/online.md``): New game's Remote seat,
the host's lobby, Join game, and whole games between a host's screen and a
friend's screen in one process — a real host serving on 127.0.0.1, a real
``NetLink`` — for OpenSky and Blue Skies, both ending on the results; a
link that closes shows the closed panel, never a traceback."""
from __future__ import annotations

import random
import socket
import time

import pygame
import pytest

from opensky.online import protocol as P
from opensky.online.client import NetLink
from opensky.play.seats import BLUE_SKIES, DEFAULT_SEATS
from opensky.ui.app import App
from opensky.ui.online import lobby as L
from opensky.ui.online.join import JoinScene, check
from opensky.ui.online.lobby import HostLobbyScene
from opensky.ui.online.menu import OnlineMenu
from opensky.ui.online.scenes import OnlineBSGameScene, OnlineGameScene
from opensky.ui.scenes.bsresults import BSResultsScene
from opensky.ui.scenes.newgame import NewGameScene
from opensky.ui.scenes.newgame_seats import REMOTE_KIND
from opensky.ui.scenes.results import ResultsScene
from opensky.ui.scenes.title import TitleScene
from opensky.ui.setup import GameSetup, Seat
from opensky.ui.widgets import Button, Choice
from tests.ui.driver import click


@pytest.fixture
def apps(home, monkeypatch):
    """Two windows' worth of scenes (the host's and a friend's) on the one
    dummy display; the host serves on 127.0.0.1, on any free port."""
    monkeypatch.setattr(L, "ADDRESS", "127.0.0.1")
    monkeypatch.setattr(L, "PORTS", (0,))
    made = []
    for _ in range(2):
        a = App((960, 600))
        a.anim_speed, a.ai_pace = 8.0, 0.0
        made.append(a)
    yield made
    for a in made:
        for sc in list(a.stack.scenes):
            if hasattr(sc, "leave"):
                sc.leave()
            if isinstance(sc, HostLobbyScene):
                sc.stop()


def step(apps, seconds: float | None = None, until=None, dt: float = 0.05) -> None:
    """Run the windows for ``seconds``, or ``until`` it holds (20 s at most)."""
    end = time.monotonic() + (seconds if seconds is not None else 20.0)
    while True:
        for a in apps:
            a.step([], dt)
        if until is not None and until():
            return
        if time.monotonic() >= end:
            if until is not None:
                raise AssertionError("timed out")
            return
        time.sleep(0.002)


def setup_for(game: str, kinds: list[str]) -> GameSetup:
    seats = [Seat(n, c, sh, human=k == "human", bot=k if k != "human" else "easy")
             for (n, c, sh), k in zip(DEFAULT_SEATS, kinds)]
    if game == BLUE_SKIES:
        return GameSetup(board="usa", seats=seats, game=BLUE_SKIES)
    return GameSetup(seats=seats)


def join(a: App, lob: HostLobbyScene, code: str | None = None, name: str = "") -> JoinScene:
    a.replace(TitleScene(a))
    js = JoinScene(a, f"127.0.0.1:{lob.port}", code if code is not None else lob.table.code, name, connect=True)
    a.push(js)
    return js


def button(scene, label: str) -> Button:
    return next(w for w in scene.widgets.widgets if isinstance(w, Button) and w.label == label)


# ------------------------------------------------------------------ New game


def test_new_game_offers_remote_and_hosts(apps):
    a = apps[0]
    a.push(TitleScene(a))
    ng = NewGameScene(a)
    a.push(ng)
    for game in ("opensky", BLUE_SKIES):
        ng.choose_game(game)
        kind = ng.seat_rows[1][3]
        assert isinstance(kind, Choice) and [v for v, _ in kind.options][-1] == "remote"
        assert ng.b_start.label == "Start" and not ng.c_away.visible
        kind.set("remote")
        assert ng.b_start.label == "Host game" and ng.c_away.visible
        assert ng.c_away.rect.bottom <= ng.guide_rect.y and ng.c_away.rect.right <= ng.panel.right
        a.step([], 0.05)
    ng.c_away.set("5")
    ng.start()
    lob = a.stack.top
    assert isinstance(lob, HostLobbyScene) and not lob.error, lob.error
    assert lob.table.away_after == 300.0 and lob.table.seats[1].kind == "remote"
    # remembered for the next New game: the Remote seat and the away choice
    st = a.settings
    assert st.last_game == BLUE_SKIES and st.last_bs_setup["seats"][1]["kind"] == "remote"
    assert st.online_away == "5"
    lob.cancel()
    assert a.stack.top is ng
    ng2 = NewGameScene(a, game=BLUE_SKIES)
    assert ng2.hosted() and ng2.b_start.label == "Host game"
    from opensky.settings import from_dict
    assert from_dict({"online_away": "never"}).online_away == "never"
    assert from_dict({"online_away": 5}).online_away == "2"  # anything else: the default


def test_title_offers_join_game(apps):
    a = apps[0]
    t = TitleScene(a)
    a.push(t)
    a.step([], 0.05)
    assert all(b.rect.bottom <= a.size[1] for b in t.widgets.widgets)
    click(a, t.b_join.rect.center)
    js = a.stack.top
    assert isinstance(js, JoinScene) and js.widgets.focused is js.f_address
    for ch in "127.0.0.1":
        a.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)], 0.02)
    assert js.address == "127.0.0.1"
    click(a, js.b_connect.rect.center)
    assert js.error.startswith("Type the join code") and js.arrival is None
    click(a, js.b_back.rect.center)
    assert a.stack.top is t


# ------------------------------------------------------------------ the lobby


def test_lobby_shows_code_addresses_and_seats_then_starts(apps):
    host, friend = apps
    su = setup_for("opensky", ["human", "remote", "normal"])
    lob = HostLobbyScene(host, su, 120.0)
    host.push(lob)
    assert not lob.error, lob.error
    code = lob.table.code
    assert len(code) == 6 and all(ch in P.CODE_ALPHABET for ch in code)
    step([host], until=lambda: lob.addresses.result is not None)
    lines = lob.address_lines()
    assert lines and all(f":{lob.port}" in x for x in lines) and "this computer" in lines[-1]
    words = [r[3] for r in lob.seat_rows()]
    assert words == ["at this screen", "waiting for a friend…", "computer · Normal"]
    assert not lob.b_start.enabled and lob.b_fill.enabled
    for size in ((960, 600), (1280, 720), (1920, 1080)):
        host.resize(size)
        host.step([], 0.05)
        assert lob.b_fill.rect.x > lob.b_cancel.rect.right and lob.b_start.rect.right <= lob.panel.right
    host.resize((960, 600))
    # a friend claims the Remote seat with a link of their own
    link = NetLink("127.0.0.1", lob.port, code=code.lower(), name=None)
    try:
        # (the host's thread claims the seat between two frames: the buttons follow at the next)
        step([host], until=lambda: lob.seat_rows()[1][3] == "joined" and lob.b_start.enabled)
        assert lob.b_start.enabled and not lob.b_fill.visible
        click(host, lob.b_start.rect.center)
        step([host], until=lambda: isinstance(host.stack.top, OnlineGameScene))
        g = host.stack.top
        assert g.hosting is lob.hosting and g.ctl.code == code and g.ctl.mine == [0]
        assert [x.presence for x in g.strip_info().seats] == ["connected", "connected", "computer"]
        step([host], 0.3)
    finally:
        link.close()


def test_lobby_says_when_no_port_opens(apps, monkeypatch):
    a = apps[0]
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        monkeypatch.setattr(L, "PORTS", (port,))
        lob = HostLobbyScene(a, setup_for("opensky", ["human", "remote"]))
        a.push(lob)
        a.step([], 0.05)
        assert lob.error.startswith(f"No port from {port} to {port}") and lob.hosting is None
        assert [w.label for w in lob.widgets.widgets] == ["Back"]
    finally:
        taken.close()


# ------------------------------------------------------------------ Join game


def test_join_checks_its_fields():
    assert check("", "ACD479", "")[0].startswith("Type the host's address")
    assert check("a b", "ACD479", "")[0].startswith("That is not an address")
    assert check("host:99999", "ACD479", "")[0].startswith("That is not an address")
    assert check("192.168.1.20", "", "")[0].startswith("Type the join code")
    assert check("192.168.1.20", "ACD47", "")[0].startswith("A join code has 6")
    assert check("192.168.1.20", "ACD 470", "")[0].startswith("A join code has 6")  # 0 is not in the alphabet
    assert check("192.168.1.20", "acd-479", "")[1:] == (("192.168.1.20", P.DEFAULT_PORT), "ACD479")
    assert check("[::1]:5000", "acd 479", "Ann") == ("", ("::1", 5000), "ACD479")
    assert check("h", "ACD479", "a\x07b")[0] == "That airline name cannot be used."


def test_join_says_what_went_wrong(apps):
    host, friend = apps
    js = JoinScene(friend, "", "x")
    friend.push(js)
    js.connect()
    assert js.arrival is None and js.error.startswith("Type the host's address")
    # nobody listens on that port
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    js = JoinScene(friend, f"127.0.0.1:{port}", "ACD479", connect=True)
    friend.push(js)
    assert js.status_lines()[0] == f"Connecting to 127.0.0.1:{port}…"
    step([friend], until=lambda: js.state == "form")
    assert js.error.startswith(f"Cannot reach 127.0.0.1:{port}") and js.arrival is None
    # a real host: a wrong code, then a full table
    lob = HostLobbyScene(host, setup_for("opensky", ["human", "remote"]))
    host.push(lob)
    wrong = "ACD479" if lob.table.code != "ACD479" else "ACD47C"
    js = join(friend, lob, wrong)
    step(apps, until=lambda: js.state == "form")
    assert js.error.startswith("There is no table with that code at 127.0.0.1")
    first = join(friend, lob)
    step(apps, until=lambda: lob.table.all_claimed())
    second = JoinScene(friend, f"127.0.0.1:{lob.port}", lob.table.code, connect=True)
    friend.push(second)
    step(apps, until=lambda: second.state == "form")
    assert second.error == "Every seat at that table is taken."
    # the first one waits for the host to start
    friend.pop()
    step(apps, until=lambda: first.arrival is not None and first.arrival.state == "waiting")
    assert first.status_lines()[0] == "Joined as Sunway. Waiting for the host to start…"
    for size in ((960, 600), (1920, 1080)):
        friend.resize(size)
        friend.step([], 0.05)
    click(friend, first.b_cancel.rect.center)
    assert first.state == "form" and first.arrival is None


# ------------------------------------------------------------------ whole games


#: when each screen last decided: a person decides no faster than this (the host
#: closes a connection that sends more than ``P.RATE_PER_SECOND`` messages a
#: second; a test clicking at full speed over loopback did, now and then)
_LAST: dict[int, float] = {}
_PACE = 1.5 / P.RATE_PER_SECOND


def _decide(g, rng: random.Random, seen: dict[str, int]) -> None:
    """The person at this screen decides at random, as the screen offers it
    (no faster than a quick person: ``_PACE`` apart)."""
    now = time.monotonic()
    if now - _LAST.get(id(g.app), 0.0) < _PACE:
        return
    _LAST[id(g.app)] = now
    if isinstance(g, OnlineBSGameScene):
        if g.story.blocking():
            return
        if g.seat.shown():
            seen["handoff"] = seen.get("handoff", 0) + 1
            click(g.app, g.seat.button.rect.center)
            return
        p = g.human_actor()
        if p is None:
            return
        legal = g.ctl.legal(p)
        g.take(legal[rng.randrange(len(legal))])
    elif isinstance(g, OnlineGameScene):
        if g.anim.blocking():
            return
        if g.seat.handoff_for is not None:
            seen["handoff"] = seen.get("handoff", 0) + 1
            click(g.app, g.seat.handoff_button.rect.center)
            return
        p = g.human_actor()
        if p is None or not g.ctl.waiting_humans():
            return
        legal = g.ctl.legal(p)
        g.try_action(legal[rng.randrange(len(legal))])
    else:
        return
    seen["decisions"] = seen.get("decisions", 0) + 1


def play_online(apps, game: str, kinds: list[str], results: type, name: str = "") -> dict[str, int]:
    host, friend = apps
    lob = HostLobbyScene(host, setup_for(game, kinds), 120.0)
    host.push(lob)
    js = join(friend, lob, name=name)
    step(apps, until=lambda: lob.table.all_claimed())
    lob.start(False)
    step(apps, until=lambda: isinstance(host.stack.top, (OnlineGameScene, OnlineBSGameScene))
         and isinstance(friend.stack.top, (OnlineGameScene, OnlineBSGameScene)))
    assert js.state == "ready"
    rng = random.Random(7)
    seen: dict[str, int] = {}
    end = time.monotonic() + 90   # a loaded machine; alone it takes a few seconds
    while not all(isinstance(a.stack.top, results) for a in apps):
        assert time.monotonic() < end, [type(a.stack.top).__name__ for a in apps]
        for a in apps:
            a.step([], 0.1)
            top = a.stack.top
            assert not getattr(top, "closed_shown", False), top.ctl.closed
            _decide(top, rng, seen)
    totals = []
    for a in apps:
        st = a.stack.top.state
        totals.append([st.score(p)["total"] for p in range(st.P)] if results is ResultsScene else list(st.score))
    assert totals[0] == totals[1] and len(totals[0]) == len(kinds)
    assert lob.table.finished and list(lob.table.scores()) == totals[0]
    return seen


def test_whole_opensky_game_between_two_screens(apps):
    seen = play_online(apps, "opensky", ["human", "remote", "easy"], ResultsScene)
    assert seen["decisions"] > 20
    # New game from the results: the same table again, a friend elsewhere is
    # Remote (the host offers Host game) and the computer keeps its level
    host, friend = apps
    kinds = []
    for a in apps:
        a.stack.top.new_game()
        ng = a.stack.top
        assert isinstance(ng, NewGameScene)
        kinds.append([(x.human, x.bot if not x.human else "") for x in ng.setup.seats])
        assert ng.setup.seed is None
    assert kinds[0] == [(True, ""), (False, REMOTE_KIND), (False, "easy")]     # the host's screen
    assert kinds[1] == [(False, REMOTE_KIND), (True, ""), (False, "easy")]     # the friend's
    assert host.stack.top.hosted() and host.stack.top.b_start.label == "Host game"


def test_whole_blue_skies_game_with_a_hot_seat_at_the_host(apps):
    seen = play_online(apps, BLUE_SKIES, ["human", "remote", "human"], BSResultsScene)
    assert seen["decisions"] > 40 and seen["handoff"] > 0  # two people at the host's screen take turns


def test_two_friends_share_the_joined_computer(apps):
    """The friend's screen holds two seats ("Sunway, Skylark" in the name
    field: one token for both) and hands the screen over between them
    (Blue Skies: before each person's decision, their hand is secret)."""
    seen = play_online(apps, BLUE_SKIES, ["human", "remote", "remote"], BSResultsScene, name="Sunway, Skylark")
    assert seen["decisions"] > 40 and seen["handoff"] > 0   # the host has one person: these are the friend's
    friend = apps[1]
    friend.stack.top.new_game()
    assert [(x.human, x.bot if not x.human else "") for x in friend.stack.top.setup.seats] == [
        (False, REMOTE_KIND), (True, ""), (True, "")]   # the two at this computer, the host's person elsewhere


# ------------------------------------------------------------------ the menu, a closed link


def _started(apps, game: str = "opensky", kinds=("human", "remote")):
    host, friend = apps
    lob = HostLobbyScene(host, setup_for(game, list(kinds)), 120.0)
    host.push(lob)
    join(friend, lob)
    step(apps, until=lambda: lob.table.all_claimed())
    lob.start(False)
    step(apps, until=lambda: all(isinstance(a.stack.top, (OnlineGameScene, OnlineBSGameScene)) for a in apps))
    return lob, host.stack.top, friend.stack.top


@pytest.mark.parametrize("game", ["opensky", BLUE_SKIES])
def test_a_closed_link_shows_the_closed_panel(apps, game):
    host, friend = apps
    lob, hg, fg = _started(apps, game)
    assert hg.strip_info().code == lob.table.code
    # the host leaves the table from its menu: no Save, Load or Undo there
    hg.open_menu()
    menu = host.stack.top
    assert isinstance(menu, OnlineMenu)
    labels = [w.label for w in menu.widgets.widgets]
    assert labels == ["Resume", "Rules", "Settings…", "Leave table", "Quit OpenSky"]
    click(host, button(menu, "Leave table").rect.center)
    assert isinstance(host.stack.top, TitleScene) and not lob.hosting.thread.is_alive()
    # the friend's screen says the game cannot go on, with the way back
    step([friend], until=lambda: fg.closed_shown)
    assert fg.closed_reason()[0] == "The host has closed the table."
    assert [w.label for w in fg.widgets.widgets] == ["Back to title"]
    for size in ((960, 600), (1280, 720), (1920, 1080)):
        friend.resize(size)
        friend.step([], 0.05)
        assert fg.closed_panel.contains(fg.back_button.rect)
    fg.open_menu()
    assert friend.stack.top is fg  # no menu over the closed panel
    click(friend, fg.back_button.rect.center)
    assert isinstance(friend.stack.top, TitleScene)


def test_garbage_from_the_host_closes_the_game_in_words(apps):
    host, friend = apps
    lob, hg, fg = _started(apps)
    fg.ctl.link.inner.inbox.put({"type": "update", "seq": fg.ctl.seq + 1, "events": "nonsense"})
    step([friend], until=lambda: fg.closed_shown)
    assert fg.closed_reason()[0] == "The host sent something this screen cannot show."
    friend.step([], 0.05)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    friend.step(None, 0.05)
    assert isinstance(friend.stack.top, TitleScene)


def test_continue_hosts_the_online_game_again_after_a_crash(apps, monkeypatch):
    """The host's program stops mid-game (its table is in online.sqlite): the
    title's Continue hosts it again on the same port, the friend's link comes
    back by itself with its token, and the game goes on from where it was."""
    import socket
    with socket.socket() as sock:          # a port both hostings use, as 4477 would be
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setattr(L, "PORTS", (port,))
    host, friend = apps
    lob = HostLobbyScene(host, setup_for("opensky", ["human", "remote"]), 120.0)
    host.push(lob)
    join(friend, lob)
    step(apps, until=lambda: lob.table.all_claimed())
    lob.start(False)
    step(apps, until=lambda: all(isinstance(a.stack.top, OnlineGameScene) for a in apps))
    rng = random.Random(3)
    seen: dict[str, int] = {}
    step(apps, until=lambda: (_decide(host.stack.top, rng, seen), _decide(friend.stack.top, rng, seen),
                              lob.table.seq > 12)[-1])
    seq, code = lob.table.seq, lob.table.code
    host.stack.top.hosting.stop()          # the host's program is gone (its table stays stored)
    host.replace(TitleScene(host))
    fg = friend.stack.top
    step([friend], until=lambda: fg.closed_shown)
    assert fg.closed_reason() == ("The host has closed the table.", "When the host opens the table again "
                                  "(Continue on its title screen), the game goes on here by itself.")
    assert fg.ctl.waiting_humans() == []
    step([host], 0.2)
    title = host.stack.top
    assert title.hosted is not None and title.hosted[0] == code and title.b_cont.enabled
    title.cont()
    step(apps, until=lambda: isinstance(host.stack.top, OnlineGameScene)
         and host.stack.top.ctl.status == "connected" and friend.stack.top.ctl.status == "connected"
         and friend.stack.top.ctl.presence.get("Sunway") == "connected"
         and host.stack.top.ctl.presence.get("Sunway") == "connected")
    again = host.stack.top
    assert again.ctl.code == code and again.ctl.seq >= seq
    assert not friend.stack.top.closed_shown
    end = time.monotonic() + 90
    while not all(isinstance(a.stack.top, ResultsScene) for a in apps):   # and the game goes on to its end
        assert time.monotonic() < end
        for a in apps:
            a.step([], 0.1)
            _decide(a.stack.top, rng, seen)


def test_join_offers_the_address_joined_last_time(apps):
    """The address a friend joined is remembered (settings.json) and offered
    again; a hand-edited value that is not an address is dropped on load."""
    import json
    from opensky import settings as S
    _, friend = apps
    js = JoinScene(friend, "192.168.1.20:4480", "ACD479", "")
    friend.push(js)
    js.connect()
    js.cancel()
    assert friend.settings.last_join == "192.168.1.20:4480"
    assert S.load().last_join == "192.168.1.20:4480"
    again = JoinScene(friend)
    assert again.address == "192.168.1.20:4480" and again.code == ""
    from opensky.userdirs import config_dir
    path = config_dir() / S.FILE
    data = json.loads(path.read_text())
    for bad in ("no spaces allowed", 4480, "x" * 300, "h:99999"):
        data["last_join"] = bad
        path.write_text(json.dumps(data))
        assert S.load().last_join == ""
