"""The rules screen's Blue Skies part: it opens on it directly (a Blue Skies
game's F1), pages through every page with its picture, switches between the
games, and every page's text fits at every size in every language."""
from __future__ import annotations

import pygame
import pytest

from opensky import i18n
from opensky.play.seats import BLUE_SKIES, OPENSKY
from opensky.settings import Settings
from opensky.ui import assets, draw as D, theme
from opensky.ui.app import App
from opensky.ui.scenes import rules_bs
from opensky.ui.scenes.rules import SECTIONS, RulesScene
from tests.ui.driver import click

SIZES = [(960, 600), (1280, 720), (1920, 1080)]


def key(app, k):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 0.016)


def test_opens_on_blue_skies_and_pages_through(home):
    app = App((1280, 720))
    sc = RulesScene(app, "split", game=BLUE_SKIES)
    app.push(sc)
    app.step([], 0.016)
    ids = [sid for sid, _, _ in rules_bs.SECTIONS]
    assert sc.game == BLUE_SKIES and sc.sections is rules_bs.SECTIONS and ids[sc.index] == "split"
    assert len(sc.tabs) == len(rules_bs.SECTIONS) and sc.game_buttons[BLUE_SKIES].primary and not sc.game_buttons[OPENSKY].primary
    seen = []
    for _ in ids:
        seen.append(sc.sections[sc.index][0])
        key(app, pygame.K_DOWN)
    assert sorted(seen) == sorted(ids)
    click(app, sc.tabs[ids.index("final")].rect.center)
    assert ids[sc.index] == "final"
    click(app, sc.game_buttons[OPENSKY].rect.center)
    assert sc.game == OPENSKY and sc.sections is SECTIONS and sc.index == 0 and len(sc.tabs) == len(SECTIONS)
    click(app, sc.game_buttons[BLUE_SKIES].rect.center)
    assert sc.game == BLUE_SKIES and sc.index == 0
    key(app, pygame.K_F1)
    assert app.stack.top is not sc


def test_defaults_stay_opensky(home):
    app = App((1280, 720))
    assert RulesScene(app).game == OPENSKY and RulesScene(app, "winner").sections is SECTIONS
    assert RulesScene(app, "nope", game=BLUE_SKIES).index == 0
    assert set(rules_bs.DECISION_SECTION.values()) <= {sid for sid, _, _ in rules_bs.SECTIONS}
    from opensky.blueskies.actions import BUY, OPENING_GATE, PLAY
    ids = [sid for sid, _, _ in rules_bs.SECTIONS]
    for decision, page in ((BUY, "buy"), (PLAY, "cards"), (OPENING_GATE, "opening")):
        assert ids[RulesScene(app, decision, game=BLUE_SKIES).index] == page  # F1 on a decision


def test_every_page_has_a_picture_that_draws_text_at_12_px_or_more(monkeypatch):
    pygame.display.init()
    pygame.font.init()
    sizes: list[int] = []
    real = rules_bs.assets.text
    monkeypatch.setattr(rules_bs.assets, "text", lambda t, px, *a, **k: (sizes.append(px), real(t, px, *a, **k))[1])
    for sid, _, _ in rules_bs.SECTIONS:
        assert sid in rules_bs.PICTURES, sid
        for scale in (0.8, 1.0, 1.7):
            surf = pygame.Surface((900, 400))
            surf.fill((1, 2, 3))
            rules_bs.PICTURES[sid](surf, pygame.Rect(0, 0, 900, 400), scale)
            assert surf.get_bounding_rect().w > 0
    assert sizes and all(assets.px(p) >= assets.MIN_TEXT_PX for p in sizes)


def test_the_split_picture_shows_five_cubes_as_three_and_two(monkeypatch):
    """B3 / §3: five cubes among two gates, the leftmost gets the extra one."""
    pygame.display.init()
    pygame.font.init()
    gates: list = []
    real = rules_bs._gate
    monkeypatch.setattr(rules_bs, "_gate", lambda surf, box, s, owner, cubes=0: (
        gates.append((owner, cubes)), real(surf, box, s, owner, cubes)))
    rules_bs._pic_split(pygame.Surface((800, 300)), pygame.Rect(0, 0, 800, 300), 1.0)
    filled = [g for g in gates if g[0] is not None]
    assert filled[:2] == [(0, 1), (1, 1)] and filled[2:] == [(0, 3), (1, 2)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sv", "pt"])
def test_blue_skies_pages_fit(home, size, lang):
    app = App(size, settings=Settings(language=lang))
    sc = RulesScene(app, game=BLUE_SKIES)
    app.push(sc)
    app.step([], 0.016)
    s = app.scale
    body = int(theme.TYPE.body * s * 1.06)
    for sid, head, text in rules_bs.SECTIONS:
        pic, _ = sc.picture_rect(s)
        lines = D.wrap(i18n.tr(text), body, sc.content.w - int(48 * s))
        bottom = pic.bottom + int(18 * s) + len(lines) * assets.font(body).get_linesize()
        assert bottom <= sc.content.bottom, (sid, size, lang)
        assert assets.font(int(theme.TYPE.h2 * s), "bold").size(i18n.tr(head))[0] <= sc.content.w - int(40 * s)
    tab_font = assets.font(int(theme.TYPE.small * s), "semibold")
    for b in sc.tabs:
        assert tab_font.size(i18n.tr(b.label))[0] <= b.rect.w - 8, b.label
        assert b.rect.bottom <= sc.back.rect.top
    switch = [b.rect for b in sc.game_buttons.values()]
    assert all(sc.panel.contains(r) for r in switch) and not switch[0].colliderect(switch[1])
    for i in range(len(rules_bs.SECTIONS)):
        sc.index = i
        sc.draw(app.window)  # every page draws


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sv", "pt"])
def test_pictures_stay_inside_their_box(home, size, lang):
    """Every picture, drawn where the page puts it, stays inside its box
    (long Swedish and Portuguese words included)."""
    app = App(size, settings=Settings(language=lang))
    sc = RulesScene(app, game=BLUE_SKIES)
    app.push(sc)
    app.step([], 0.016)
    pic, ps = sc.picture_rect(app.scale)
    for sid, _, _ in rules_bs.SECTIONS:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((0, 0, 0, 0))
        rules_bs.PICTURES[sid](surf, pic, ps)
        drawn = surf.get_bounding_rect()
        assert pic.contains(drawn), (sid, size, lang, pic, drawn)
