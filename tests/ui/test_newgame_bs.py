"""New game offers both games: Blue Skies changes the seat limits to 2–5,
hides the call signs and the board side, starts "bs_game" with the right
setup, and each game's last setup is remembered on its own."""
from __future__ import annotations

import pygame
import pytest

from opensky import i18n
from opensky.play.seats import BLUE_SKIES, OPENSKY
from opensky.settings import Settings
from opensky.ui.app import App
from opensky.ui.scenes import newgame
from opensky.ui.scenes.newgame import NewGameScene
from opensky.ui.scenes.title import TitleScene
from opensky.ui.setup import GameSetup
from tests.ui.driver import click

SIZES = [(960, 600), (1280, 720), (1920, 1080)]


class FakeBSGame:
    """Stands in for the Blue Skies game screen: keeps the setup it got."""
    made: list = []

    def __init__(self, app, setup, loaded=None, read_only=False, autosave=True):
        from opensky.ui.scene import Scene
        self.app, self.setup = app, setup
        FakeBSGame.made.append(setup)
        self.__class__ = type("BSGameScene", (Scene,), {})  # a real scene for the stack
        Scene.__init__(self, app)


@pytest.fixture
def fake_bs(monkeypatch):
    real = newgame.screen
    FakeBSGame.made = []
    monkeypatch.setattr(newgame, "screen", lambda name: FakeBSGame if name == "bs_game" else real(name))
    return FakeBSGame.made


def opened(size=(1280, 720), lang="en") -> tuple[App, NewGameScene]:
    app = App(size, settings=Settings(language=lang))
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    app.step([], 0.016)
    return app, ng


def test_choosing_blue_skies_by_click_offers_2_to_5_and_hides_call_signs(home):
    app, ng = opened()
    assert ng.game == OPENSKY and [v for v, _ in ng.c_players.options] == [2, 3, 4]
    assert ng.c_callsigns.visible and ng.c_board.visible
    click(app, ng.cards[BLUE_SKIES].rect.center)
    assert ng.game == BLUE_SKIES and ng.setup.game == BLUE_SKIES and ng.setup.board == "usa"
    assert [v for v, _ in ng.c_players.options] == [2, 3, 4, 5]
    assert not ng.c_callsigns.visible and not ng.c_board.visible
    assert ng.c_callsigns not in ng.widgets.focusables() and ng.c_board not in ng.widgets.focusables()
    # a click where the call signs would be changes nothing
    before = ng.setup.callsigns
    click(app, ng.c_callsigns.rect.center)
    assert ng.setup.callsigns == before
    cells = dict(zip([o[0] for o in ng.c_players.options], ng.c_players._cells()))
    click(app, cells[5].center)
    assert len(ng.setup.seats) == 5 and len(ng.seat_rows) == 5
    names = [s.name for s in ng.setup.seats]
    assert names[4] == "Polaris" and len({n.lower() for n in names}) == 5
    assert len({s.color for s in ng.setup.seats}) == 5 and len({s.shape for s in ng.setup.seats}) == 5
    assert {label for _, label in ng.seat_rows[0][3].options} == {"Human", "Easy", "Normal", "Expert", "Remote"}
    # back to OpenSky: its own setup again, four seats at most
    click(app, ng.cards[OPENSKY].rect.center)
    assert ng.game == OPENSKY and len(ng.setup.seats) == 2 and [v for v, _ in ng.c_players.options] == [2, 3, 4]
    assert ng.c_callsigns.visible
    click(app, ng.cards[BLUE_SKIES].rect.center)
    assert len(ng.setup.seats) == 5  # what was chosen for Blue Skies stays while the screen is open


def test_start_builds_the_blue_skies_setup(home, fake_bs):
    app, ng = opened()
    ng.choose_game(BLUE_SKIES)
    ng.c_players.set(4)
    ng.seat_rows[1][3].set("expert")
    ng.seat_rows[2][3].set("human")
    ng.setup.seats[3].name = "  Delta Blue "
    ng.seed_text = "77"
    click(app, ng.b_start.rect.center)
    assert len(fake_bs) == 1
    su = fake_bs[0]
    assert isinstance(su, GameSetup) and su.game == BLUE_SKIES and su.board == "usa" and su.seed == 77
    assert [s.name for s in su.seats] == ["Nordwind", "Sunway", "Skylark", "Delta Blue"]
    assert [(s.human, s.bot) for s in su.seats][:3] == [(True, "easy"), (False, "expert"), (True, "easy")]
    assert app.stack.top.__class__.__name__ == "BSGameScene"
    st = app.settings
    assert st.last_game == BLUE_SKIES and len(st.last_bs_setup["seats"]) == 4 and st.last_setup == {}
    # the next New game opens on Blue Skies with that setup (from the file)
    pygame.display.quit()
    again = App((1280, 720))
    ng2 = NewGameScene(again)
    assert ng2.game == BLUE_SKIES and [s.name for s in ng2.setup.seats][3] == "Delta Blue"
    assert ng2.seat_rows[1][3].value == "expert" and ng2.seed_text == ""
    ng2.choose_game(OPENSKY)
    assert ng2.setup.board == "europe" and len(ng2.setup.seats) == 2  # OpenSky's own (the defaults)


def test_opensky_start_is_unchanged_and_remembers_its_own(home, fake_bs):
    app, ng = opened()
    ng.c_players.set(3)
    ng.c_board.set("north_america")
    ng.start()
    assert fake_bs == [] and app.stack.top.__class__.__name__ == "GameScene"
    st = app.settings
    assert st.last_game == OPENSKY and st.last_setup["board"] == "north_america" and st.last_bs_setup == {}


def test_a_given_setup_preselects_its_game(home):
    app = App((1280, 720))
    su = GameSetup.default(5)
    su = GameSetup(game=BLUE_SKIES, board="usa", seats=su.seats)
    ng = NewGameScene(app, su)
    assert ng.game == BLUE_SKIES and len(ng.setup.seats) == 5 and ng.c_players.value == 5
    ng2 = NewGameScene(app, game=BLUE_SKIES)
    assert ng2.game == BLUE_SKIES and ng2.setup.board == "usa"


def test_keyboard_switches_the_game(home):
    app, ng = opened()
    ng.widgets.set_focus(ng.cards[OPENSKY])
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)], 0.016)
    assert ng.game == BLUE_SKIES and isinstance(ng.widgets.focused, newgame.GameCard)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sv", "pt"])
def test_five_seats_fit_with_every_level_explained(home, size, lang, monkeypatch):
    app, ng = opened(size, lang)
    ng.choose_game(BLUE_SKIES)
    ng.c_players.set(5)
    for (_, _, _, kind), lvl in zip(ng.seat_rows, ("human", "easy", "normal", "expert", "easy")):
        kind.set(lvl)
    app.step([], 0.016)
    w, h = size
    assert app.window.get_rect().contains(ng.panel)
    for wd in ng.widgets.widgets:
        if wd.visible:
            assert ng.panel.contains(wd.rect), wd
    assert ng.seat_rows[-1][3].rect.bottom < ng.f_seed.rect.top < ng.guide_rect.top <= ng.b_start.rect.top
    for card in ng.cards.values():  # the card's text fits it
        assert card.height_for(card.rect.w, app.scale) <= card.rect.h
    drawn: list[str] = []
    real = newgame.assets.text
    import opensky.ui.draw as D
    spy = lambda text, px, *a, **k: (drawn.append(text), real(text, px, *a, **k))[1]  # noqa: E731
    monkeypatch.setattr(newgame.assets, "text", spy)
    monkeypatch.setattr(D.assets, "text", spy)
    ng.draw(pygame.Surface(size))
    for lvl in ("easy", "normal", "expert"):
        assert i18n.tr(newgame.LEVEL_NAMES[lvl]) in drawn, (lvl, size, lang)
    assert i18n.tr("United States: 30 airports in 7 regions") in drawn
