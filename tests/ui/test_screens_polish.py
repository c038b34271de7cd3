"""The screens outside the game (issue 15, "screens"): Settings from the Esc
menu, the window size, New game remembering the last setup, the results and
rules layouts, the title's spacing, the window's name and class."""
from __future__ import annotations

import json
import os
import sys

import pygame
import pytest

from opensky import i18n
from opensky.settings import Settings, from_dict, last_setup, load_report
from opensky.ui import assets, theme
from opensky.ui.app import APP_NAME, App, name_the_app
from opensky.ui.game.menu import GameMenu
from opensky.ui.scenes.newgame import NewGameScene, setup_from_settings
from opensky.ui.scenes.results import ResultsScene
from opensky.ui.scenes.rules import SECTIONS, RulesScene
from opensky.ui.scenes.settings import SettingsScene, window_size_options
from opensky.ui.scenes.title import TitleScene
from opensky.ui.screens import screen
from opensky.ui.setup import GameSetup
from tests.ui.driver import click
from tests.ui.test_settings import choose

SIZES = [(960, 600), (1280, 720), (1920, 1080)]


def button(scene, label):
    return next(b for b in scene.widgets.widgets if getattr(b, "label", None) == label)


def a_game(app: App):
    su = GameSetup.default(2)
    su.seed = 4
    g = screen("game")(app, su)
    app.replace(g)
    app.step([], 0.05)
    return g


# ------------------------------------------------------------ 1. Settings from the Esc menu


def test_settings_from_the_esc_menu_and_back(home):
    app = App((1280, 720))
    g = a_game(app)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 0.016)
    menu = app.stack.top
    assert isinstance(menu, GameMenu)
    click(app, button(menu, "Settings…").rect.center)
    sc = app.stack.top
    assert isinstance(sc, SettingsScene)
    calls = []
    orig = g.relayout
    g.relayout = lambda size: (calls.append(size), orig(size))  # type: ignore[method-assign]
    choose(app, sc, "Language", "sv")
    choose(app, sc, "Text size", 1.15)
    assert calls == [(1280, 720), (1280, 720)]  # the game under it was laid out again, each time
    click(app, sc.done.rect.center)
    assert app.stack.top is menu and app.stack.scenes[0] is g
    app.step([], 0.016)  # menu over the game, drawn in Swedish
    assert i18n.tr("Resume") != "Resume"
    assert load_report().settings.language == "sv"


# ------------------------------------------------------------ 2. window size


def test_window_size_options_fit_the_screen():
    assert [v for v, _ in window_size_options((1280, 720), (1920, 1080))] == [
        (960, 600), (1280, 720), (1600, 900), (1920, 1080)]
    assert [v for v, _ in window_size_options((1100, 650), (1366, 768))] == [
        (960, 600), (1100, 650), (1280, 720)]  # the current size too; nothing larger than the screen
    assert window_size_options((1280, 720), (1280, 720))[-1] == ((1280, 720), "1280 × 720")


def test_choosing_a_window_size_resizes_now_and_is_kept(home):
    app = App()
    app.push(TitleScene(app))
    sc = SettingsScene(app)
    app.push(sc)
    app.step([], 0.016)
    choose(app, sc, "Window size", (1600, 900))
    assert app.size == (1600, 900) and app.windowed_size == (1600, 900)
    assert load_report().settings.window_size == [1600, 900]
    assert sc.c_size.value == (1600, 900) and sc.panel.right <= 1600  # laid out for the new size
    key_f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    app.step([key_f11], 0.016)
    assert app.fullscreen and sc.c_display.value is True
    choose(app, sc, "Window size", (960, 600))  # leaves full screen for that window
    assert not app.fullscreen and app.size == (960, 600) and sc.c_display.value is False
    pygame.display.quit()
    again = App()
    assert again.size == (960, 600)


def test_a_window_resized_by_hand_is_offered_as_it_is(home):
    app = App((1280, 720))
    sc = SettingsScene(app)
    app.push(sc)
    app.resize((1111, 666))
    assert sc.c_size.value == (1111, 666) and (1111, 666) in [v for v, _ in sc.c_size.options]


# ------------------------------------------------------------ 3. New game remembers


def test_new_game_opens_with_the_last_started_setup(home):
    app = App((1280, 720))
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    assert ng.setup.board == "europe" and len(ng.setup.seats) == 2  # the defaults before any game
    ng.c_board.set("north_america")
    ng.c_players.set(3)
    ng.c_callsigns.set("random")
    ng.seat_rows[1][3].set("expert")
    ng.seat_rows[2][3].set("human")
    ng.setup.seats[0].name = "Blue Yonder"
    ng.setup.seats[2].color = "teal"
    ng.seed_text = "123"
    ng.start()
    assert app.stack.top.__class__.__name__ == "GameScene"
    pygame.display.quit()
    again = App((1280, 720))  # a new start: read from the settings file
    ng2 = NewGameScene(again)
    su = ng2.setup
    assert su.board == "north_america" and su.callsigns == "random" and su.seed is None
    assert [s.name for s in su.seats] == ["Blue Yonder", "Sunway", "Skylark"]
    assert [(s.human, s.bot) for s in su.seats][:2] == [(True, "easy"), (False, "expert")]
    assert su.seats[2].human and su.seats[2].color == "teal"
    assert ng2.c_players.value == 3 and ng2.c_board.value == "north_america"
    assert ng2.seat_rows[1][3].value == "expert" and ng2.seed_text == ""
    ng2.c_players.set(4)  # the fourth airline joins with a name, colour and emblem of its own
    names = [s.name for s in ng2.setup.seats]
    assert len(set(n.lower() for n in names)) == 4
    assert len({s.color for s in ng2.setup.seats}) == 4 and len({s.shape for s in ng2.setup.seats}) == 4


def test_remembered_setup_is_checked_value_by_value():
    good = {"board": "north_america", "callsigns": "players",
            "seats": [{"name": "Alfa", "color": "red", "shape": "square", "kind": "normal"},
                      {"name": "Beta", "color": "sky", "shape": "circle", "kind": "human"}]}
    assert last_setup(good) == good and last_setup(last_setup(good)) == good
    bad = json.loads(json.dumps(good))
    bad["board"] = "mars"
    bad["seats"][0]["name"] = "Al\x00fa"          # a control character
    bad["seats"][1]["kind"] = "cheater"
    out = last_setup(bad)
    assert out["board"] == "europe" and out["callsigns"] == "players"  # the rest is kept
    assert out["seats"][0]["name"] == "Nordwind" and out["seats"][0]["kind"] == "normal"
    assert out["seats"][1]["name"] == "Beta" and out["seats"][1]["kind"] == "easy"
    for name in ["", "   ", "x" * 17, "A\ud800", "tab\there", 5, None, ["Alfa"]]:
        assert last_setup({"seats": [{"name": name}, {"name": "Beta"}]})["seats"][0]["name"] == "Nordwind"
    same = last_setup({"seats": [{"name": "Sunway"}, {"name": "SUNWAY"}, {"name": "Nordwind"}]})
    assert [x["name"] for x in same["seats"]] == ["Sunway", "Skylark", "Nordwind"]  # never two alike
    assert last_setup({"seats": [{}] * 5})["seats"] == last_setup({"seats": "x"})["seats"]  # two defaults
    assert last_setup({"seats": [{"color": "x" * 40, "shape": "../../etc"}, {}]})["seats"][0]["color"] == "navy"
    for nothing in [None, [], "", 0, {}, [good]]:
        assert last_setup(nothing) == {}
    assert from_dict({"last_setup": bad, "muted": True}).muted is True  # one bad value costs nothing else


def test_unknown_colours_and_shapes_become_free_ones():
    su = setup_from_settings({"seats": [{"name": "A", "color": "plaid", "shape": "star"},
                                        {"name": "B", "color": "navy", "shape": "circle"}]})
    assert su.seats[0].color in theme.AIRLINE_COLORS and su.seats[0].shape in theme.AIRLINE_SHAPES
    assert su.seats[0].color != su.seats[1].color and su.seats[0].shape != su.seats[1].shape
    assert setup_from_settings({}) == GameSetup.default(2)


def test_a_hostile_remembered_setup_still_opens_new_game(home):
    cfg = home / "config"
    cfg.mkdir()
    (cfg / "settings.json").write_text(json.dumps({"last_setup": {"seats": [
        {"name": "\u202e" * 3 + "x" * 90}, {"name": 12}, {"name": {"a": 1}}], "board": None}}))
    app = App((960, 600))
    ng = NewGameScene(app)
    app.push(ng)
    app.step([], 0.016)
    assert [s.name for s in ng.setup.seats] == ["Nordwind", "Sunway", "Skylark"] and not ng.validate()


def test_results_new_game_keeps_the_airlines_not_the_seed(home):
    app = App((1280, 720))
    su = GameSetup.default(3)
    su.seed = 99
    from opensky.board.loader import load_board
    from opensky.rules.state import GameState
    st = GameState(load_board("europe"), [x.name for x in su.seats])
    res = ResultsScene(app, su, st, [("start", [0, 0, 0]), (0, [50, 0, 0])])
    app.replace(res)
    res.new_game()
    ng = app.stack.top
    assert isinstance(ng, NewGameScene) and len(ng.setup.seats) == 3 and ng.seed_text == ""
    assert su.seed == 99  # the finished game's own setup is not changed


# ------------------------------------------------------------ 4. results layout


def finished_results(app: App, players: int) -> ResultsScene:
    from opensky.ai import make_bot
    from opensky.board.loader import load_board
    from opensky.play.selfplay import play_game
    res = play_game(load_board("europe"), [make_bot("easy", i) for i in range(players)], 3)
    fin = [res.state.score(p)["total"] for p in range(players)]
    hist: list = [("start", [0] * players)] + [(m, [f * (m + 1) // 12 for f in fin]) for m in range(12)]
    su = GameSetup.default(players)
    sc = ResultsScene(app, su, res.state, hist)
    app.replace(sc)
    app.step([], 0.016)
    return sc


@pytest.mark.parametrize("size", SIZES)
def test_results_use_the_width_and_keep_every_month_label(home, size):
    app = App(size)
    sc = finished_results(app, 4)
    inner = sc.panel.w - int(64 * sc.s)
    assert sc.name_w + 5 * sc.col_w >= inner - 5 and sc.chart.w >= inner  # table and chart span the panel
    assert sc.panel.w >= size[0] * 0.85
    assert sc.show_chart and sc.chart.bottom <= sc.b_again.rect.top
    font = assets.font(int(theme.TYPE.tiny * sc.s))
    for i, (label, _) in enumerate(sc.history):
        w, h = font.size(sc._month_label(label))
        left, right = sc.xs[i] - w / 2, sc.xs[i] + w / 2
        assert sc.chart.left <= left and right <= sc.chart.right, label  # "start" and "Mar" not clipped
        assert sc.plot.bottom + 6 * sc.s + h <= sc.chart.bottom
    widest = max(font.size(str(k))[0] for k in range(0, sc.top + 1, sc.step))
    assert sc.plot.left - 8 * sc.s - widest >= sc.chart.left


# ------------------------------------------------------------ 5. rules pictures


@pytest.mark.parametrize("size", SIZES)
def test_rules_pictures_use_the_page(home, size):
    app = App(size)
    sc = RulesScene(app, "winner")
    app.push(sc)
    app.step([], 0.016)
    pic, ps = sc.picture_rect(app.scale)
    assert pic.h >= sc.content.h * 0.45 and ps >= app.scale
    assert sc.content.contains(pic)


def drawn_texts(monkeypatch, picture, size=(800, 300)) -> list[str]:
    """The texts a rules picture draws."""
    from opensky.ui.scenes import rules
    pygame.display.init()
    pygame.font.init()
    seen: list[str] = []
    real = rules.assets.text
    monkeypatch.setattr(rules.assets, "text", lambda t, *a, **k: (seen.append(t), real(t, *a, **k))[1])
    picture(pygame.Surface(size), pygame.Rect((0, 0), size), 1.0)
    return seen


def test_the_half_fare_picture_says_the_rule(monkeypatch):
    """R: a one-stop bid beats a nonstop only at half its fare or less."""
    from opensky.ui.scenes import rules
    seen = drawn_texts(monkeypatch, rules._pic_winner)
    assert "200 ≤ ½ × 400" in seen and "→ the one-stop wins" in seen
    assert "250 > ½ × 400" in seen and "→ the nonstop wins" in seen
    assert "≤ ½" not in seen  # the old riddle "400 ≤ ½ 200"


def test_hub_marker_leaves_the_airport_code_readable(monkeypatch):
    from opensky.ui.scenes import rules
    places: list = []
    real = rules._airport
    monkeypatch.setattr(rules, "_airport", lambda surf, p, s, code, ring=None: (
        places.append((p, code)), real(surf, p, s, code, ring)))
    seen = drawn_texts(monkeypatch, rules._pic_hubs)
    assert "hub" in seen
    for k in (0.75, 1.0, 2.0):
        places.clear()
        rules._pic_hubs(pygame.Surface((800, 300)), pygame.Rect(0, 0, 800, 300), k)
        mad = next(p for p, code in places if code == "MAD")
        (cx, cy), r = rules._hub_pin(mad, k)
        marker = pygame.Rect(int(cx - r), int(cy - r), int(2 * r) + 1, int(2 * r) + 1)
        code = rules._code_rect(mad, k, assets.font(int(12 * k), "bold").size("MAD"))
        assert not marker.colliderect(code) and marker.top >= 0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sv", "pt"])
def test_rules_text_fits_its_page(home, size, lang):
    app = App(size, settings=Settings(language=lang))
    sc = RulesScene(app)
    app.push(sc)
    app.step([], 0.016)
    s = app.scale
    body = int(theme.TYPE.body * s * 1.06)
    from opensky.ui import draw as D
    for sid, head, text in SECTIONS:
        pic, _ = sc.picture_rect(s)
        lines = D.wrap(i18n.tr(text), body, sc.content.w - int(48 * s))
        bottom = pic.bottom + int(18 * s) + len(lines) * assets.font(body).get_linesize()
        assert bottom <= sc.content.bottom, (sid, size, lang)
        assert assets.font(int(theme.TYPE.h2 * s), "bold").size(i18n.tr(head))[0] <= sc.content.w - int(40 * s)
    tab_font = assets.font(int(theme.TYPE.small * s), "semibold")
    for b in sc.tabs:  # every tab's title fits its button (the 12 px floor at 960×600)
        assert tab_font.size(i18n.tr(b.label))[0] <= b.rect.w - 8, b.label
    assert sc.tabs[0].rect.right < sc.content.left and sc.content.right <= sc.panel.right


# ------------------------------------------------------------ 6. title spacing


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("text", [1.0, 1.3])
def test_title_subtitle_clear_of_the_buttons(home, size, text):
    theme.set_text_scale(text)
    app = App(size)
    t = TitleScene(app)
    app.push(t)
    app.step([], 0.016)
    title_h = assets.font(int(theme.TYPE.title * 1.5 * t.k), "bold").get_height()
    sub_bottom = (t.ty + title_h + int(t.TITLE_GAP * t.k)
                  + assets.font(int(theme.TYPE.h2 * t.k), "medium").get_height())
    assert t.b_new.rect.top - sub_bottom >= 24 * t.k
    assert t.b_quit.rect.bottom <= size[1] - 30 * app.scale


# ------------------------------------------------------------ 7. the window's name


def test_window_title_and_class_are_opensky(home, monkeypatch):
    monkeypatch.delenv("SDL_VIDEO_X11_WMCLASS", raising=False)
    monkeypatch.delenv("SDL_APP_NAME", raising=False)
    App((960, 600))
    assert pygame.display.get_caption()[0] == APP_NAME == "OpenSky"
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "OpenSky" and os.environ["SDL_APP_NAME"] == "OpenSky"


def test_pygames_own_class_is_replaced_but_a_players_is_kept(monkeypatch):
    # pygame sets the script's file name on import when DISPLAY is set
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", os.path.basename(sys.argv[0]))
    name_the_app()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "OpenSky"
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "MyGames")
    monkeypatch.setenv("SDL_APP_NAME", "Mine")
    name_the_app()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "MyGames" and os.environ["SDL_APP_NAME"] == "Mine"


def test_main_names_the_window_class_before_pygame_is_imported():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "main.py").read_text()
    assert text.index('"SDL_VIDEO_X11_WMCLASS", "OpenSky"') < text.index("from opensky")


# ------------------------------------------------------------ 10. text fits at 960×600


@pytest.mark.parametrize("lang", ["en", "sv", "pt"])
def test_settings_labels_and_options_fit_at_960x600(home, lang):
    app = App((960, 600), settings=Settings(language=lang))
    sc = SettingsScene(app)
    app.push(sc)
    app.step([], 0.016)
    s = app.scale
    body = assets.font(int(theme.TYPE.body * s), "medium")
    for (label, c), (_, (x, _cy)) in zip(sc.rows, sc.label_pos):
        assert x + body.size(i18n.tr(label))[0] < c.rect.x, label
        for (_, text), cell in zip(c.options, c._cells()):
            assert assets.font(int(theme.TYPE.small * s), "semibold").size(i18n.tr(text))[0] <= cell.w - 4, text
        assert sc.panel.contains(c.rect)
    assert sc.panel.contains(sc.done.rect) and sc.rows[-1][1].rect.bottom < sc.done.rect.top


@pytest.mark.parametrize("lang", ["en", "sv", "pt"])
def test_esc_menu_fits_at_960x600(home, lang):
    app = App((960, 600), settings=Settings(language=lang))
    g = a_game(app)
    m = GameMenu(app, g)
    app.push(m)
    app.step([], 0.016)
    buttons = [b for b in m.widgets.widgets if hasattr(b, "label")]
    assert len(buttons) == 7 and all(m.panel.contains(b.rect) for b in buttons)
    assert app.window.get_rect().contains(m.panel)


# ------------------------------------------------------------ 7. the level guide (issue 17)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sv", "pt"])
def test_the_level_guide_shows_every_level_chosen(home, size, lang, monkeypatch):
    """Four seats (a person, Easy, Normal, Expert): the guide has a line for
    each computer level, above the buttons, at every window size."""
    app = App(size, settings=Settings(language=lang))
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    ng.c_players.set(4)
    for (_, _, _, kind), lvl in zip(ng.seat_rows, ("human", "easy", "normal", "expert")):
        kind.set(lvl)
    app.step([], 0.016)
    drawn: list[tuple[str, int]] = []
    real = assets.text

    def spy(text, size, *a, **k):
        drawn.append((text, size))
        return real(text, size, *a, **k)
    import opensky.ui.draw as D
    from opensky.ui.scenes import newgame
    monkeypatch.setattr(newgame.assets, "text", spy)
    monkeypatch.setattr(D.assets, "text", spy)
    surf = pygame.Surface(size)
    ng.draw_guide(surf, app.scale)
    names = [i18n.tr(newgame.LEVEL_NAMES[lvl]) for lvl in ("easy", "normal", "expert")]
    texts = [t for t, _ in drawn]
    for n in names:
        assert n in texts, (n, size, lang)
    # the whole of Expert's text is there, and the guide ends above the buttons
    width = ng.guide_rect.w - int(84 * app.scale)
    small = int(theme.TYPE.small * app.scale)
    expert_lines = D.wrap(i18n.tr(newgame.LEVEL_GUIDE[-1][1]), small, width)
    assert all(line in texts for line in expert_lines)
    assert ng.guide_rect.y + ng.guide_height(width, app.scale) <= ng.b_start.rect.y
    assert ng.panel.bottom <= size[1] and ng.panel.top >= 0
