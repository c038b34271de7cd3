"""Partial redraws are exact (issue 15): what a frame sends to the screen
holds every pixel that changed.  A call-sign badge can sit 40–60 px from its
airport with a leader line, and a hub or a plane landing can push one to a
new spot, so the areas of the airport or route an action touched are not
enough on their own.

The screen is played by a stand-in for ``pygame.display``: a full frame
(``flip``) shows the whole window, a partial frame (``update``) only the
areas it sends.  After every frame the screen must equal the window, which
the scene always draws whole."""
from __future__ import annotations

import random

import pygame
import pytest

from opensky.rules import events as E
from opensky.rules.actions import PLACE_PLANE, Action
from opensky.ui.app import App
from opensky.ui.boardview import BoardView
from opensky.ui.game.damage import airport_area, event_areas, route_area
from opensky.ui.scenes.game import GameScene
from opensky.ui.setup import GameSetup

PLANNING = ("place_callsign", "place_plane", "place_hub")


class Screen:
    """What the player sees: only what the frames sent."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch):
        self.app = app
        self.surface = pygame.Surface(app.window.get_size())
        monkeypatch.setattr(pygame.display, "flip", self.flip)
        monkeypatch.setattr(pygame.display, "update", self.update)

    def flip(self) -> None:
        self.surface.blit(self.app.window, (0, 0))

    def update(self, rects=None) -> None:
        for r in rects if rects is not None else [self.app.window.get_rect()]:
            self.surface.blit(self.app.window, r, r)

    def stale(self) -> pygame.Rect | None:
        """The bounds of what the screen shows wrong, if anything."""
        shown, drawn = self.surface, self.app.window
        if pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(drawn, "RGB"):
            return None
        diff = shown.copy()
        diff.blit(drawn, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        back = drawn.copy()
        back.blit(shown, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        same = pygame.mask.from_threshold(diff, (0, 0, 0, 255), (1, 1, 1, 255))
        same.invert()
        wrong = same.get_bounding_rects()
        return wrong[0].unionall(wrong) if wrong else pygame.Rect(0, 0, 1, 1)


def game(size: tuple[int, int], board: str, callsigns: str, monkeypatch, tmp_path) -> tuple[App, GameScene, Screen]:
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(tmp_path / "config"))
    app = App(size)
    su = GameSetup.default(4)
    su.board, su.seed, su.callsigns = board, 7, callsigns
    for seat in su.seats:
        seat.human = True
    g = GameScene(app, su, autosave=False)
    app.stack.scenes.clear()
    app.replace(g)
    screen = Screen(app, monkeypatch)
    app.step([], 0.016)
    return app, g, screen


def frames(app: App, g: GameScene, screen: Screen, what: str, seconds: float = 1.5) -> int:
    """Run ``seconds`` of frames, each shown exactly; how many were partial."""
    before = app.partial_frames
    t = 0.0
    while t < seconds:
        app.step([], 0.05)
        t += 0.05
        wrong = screen.stale()
        assert wrong is None, f"after {what}, the screen still shows {wrong} from before"
    return app.partial_frames - before


def far_out(g: GameScene, a: int) -> bool:
    """Whether airport ``a``'s badge reaches out of the area round the
    airport that partial redraws used to send (44·s each way)."""
    x, y = g.view.apx[a]
    k = int(44 * g.s)
    return not pygame.Rect(int(x) - k, int(y) - k, 2 * k, 2 * k).contains(g.view.badge_area(a))


@pytest.mark.parametrize("size,board", [((960, 600), "europe"), ((1920, 1080), "north_america"),
                                        ((1280, 720), "europe")], ids=lambda v: str(v))
def test_every_planning_frame_shows_what_was_drawn(size, board, monkeypatch, tmp_path):
    """Call signs placed by the players, planes (taking subsidy cubes) and
    hubs: each partial frame shows the same picture as a full one."""
    app, g, screen = game(size, board, "players", monkeypatch, tmp_path)
    st = g.ctl.state
    rng = random.Random(3)
    partial = 0
    seen = {"far badge placed": 0, "far cube taken": 0}
    while st.decision in PLANNING:
        legal = g.ctl.legal(st.actors[0])
        near = [a for a in legal if a.type == PLACE_PLANE
                and any(st.airport_callsign[x] >= 0 and far_out(g, x) for x in st.board.route_ends[a.arg])]
        a = rng.choice(near if near and rng.random() < 0.8 else legal)
        cubes = list(st.subsidy_left)
        g.try_action(a)
        if a.type == "place_callsign" and far_out(g, a.arg[1]):
            seen["far badge placed"] += 1
        seen["far cube taken"] += sum(1 for c, x in enumerate(st.callsign_airport)
                                      if cubes[c] and not st.subsidy_left[c] and far_out(g, x))
        partial += frames(app, g, screen, str(a))
    assert partial > 20, "the frames were partial redraws"
    assert all(seen.values()), seen   # the test saw what the old areas missed


def test_the_area_of_an_airport_holds_its_badge_and_leader(monkeypatch, tmp_path):
    app, g, _ = game((960, 600), "europe", "recommended", monkeypatch, tmp_path)
    st, view = g.ctl.state, g.view
    leaders = 0
    for c, a in enumerate(st.callsign_airport):
        area = airport_area(view, a, g.s, st)
        assert area.contains(view.callsign_rect(a)), st.board.codes[a]
        lead = view.callsign_leader(a)
        if lead is not None:
            leaders += 1
            assert all(area.collidepoint(p) for p in lead), st.board.codes[a]
        taken = event_areas([E.SubsidyTaken(player=0, callsign=c)], st, view, g.s)
        assert any(r.contains(view.callsign_rect(a)) for r in taken)
    assert leaders, "some badge sits out with a leader line at 960x600"


def landing_that_moves_a_badge(g: GameScene) -> tuple[int, int, int]:
    """A route ``r``, a number of airlines ``n`` and an airport ``a`` such
    that the ``n``-th airline's plane landing on ``r`` (the first ``n`` to
    place a plane) pushes ``a``'s badge to or from a spot out of the route's
    own area (worked out on a view of the same layout)."""
    st = g.ctl.state
    probe = BoardView(st.board, g.setup.seats)
    probe.layout(g.view.rect, g.s)
    before = dict(probe.place_badges(st))
    for n in (1, 2, 3):
        for r in range(len(st.board.routes)):
            after = st.copy()
            for _ in range(n):
                after.apply(Action(PLACE_PLANE, after.actors[0], r))
            area = route_area(probe, r)
            for a, (spot, _) in probe.place_badges(after).items():
                if spot != before[a][0] and not (area.contains(probe.badge_area(a, spot))
                                                 and area.contains(probe.badge_area(a, before[a][0]))):
                    return r, n, a
    raise AssertionError("no landing moves a badge out of its route's area at this size")


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)], ids=lambda z: f"{z[0]}x{z[1]}")
def test_a_plane_landing_that_pushes_a_badge_sends_both_spots(size, monkeypatch, tmp_path):
    """A plane token's spot where a badge sits (a spot planes rarely take):
    when a plane lands there the badge moves, and the frame sends where it
    was and where it goes, though they are not in the route's own area."""
    app, g, screen = game(size, "europe", "recommended", monkeypatch, tmp_path)
    st, view = g.ctl.state, g.view
    r, n, a = landing_that_moves_a_badge(g)
    was = view.callsign_badge_pos(a)
    for k in range(n):
        g.try_action(Action(PLACE_PLANE, st.actors[0], r))
        assert frames(app, g, screen, f"plane {k + 1} landing on {st.board.routes[r]}") > 5
    assert view.callsign_badge_pos(a) != was, "the landing moved the badge"
