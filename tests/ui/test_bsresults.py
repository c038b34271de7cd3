"""Blue Skies' results: a real finished game shows every region's bonus as
the rules give it, the +3, the totals and why the game ended; a constructed
tie is decided by fewer gates placed (B30), or shared; New game goes back to
Blue Skies' setup."""
from __future__ import annotations

import pygame
import pytest

from opensky import i18n
from opensky.ai.blueskies import make_bs_bot
from opensky.blueskies import scoring
from opensky.blueskies.board import load_bs_board
from opensky.play.bsplay import play_bs_game
from opensky.play.seats import BLUE_SKIES
from opensky.settings import Settings
from opensky.ui import assets
from opensky.ui.app import App
from opensky.ui.scenes import bsresults
from opensky.ui.scenes.bsresults import BSResultsScene
from opensky.ui.scenes.newgame import NewGameScene
from opensky.ui.setup import GameSetup

SIZES = [(960, 600), (1280, 720), (1920, 1080)]


_GAMES: dict = {}


def finished(n: int = 3, seed: int = 5):
    """A whole game by Easy airlines, its setup and a score history."""
    if (n, seed) not in _GAMES:
        su = GameSetup.default(n)
        setup = GameSetup(game=BLUE_SKIES, board="usa", seats=su.seats, seed=seed)
        hist = [(0, [0] * n)]
        last = {"round": 0}

        def obs(state, a):
            if state.round != last["round"] and state.round > 1:
                hist.append((state.round - 1, list(state.score)))
            last["round"] = state.round
        res = play_bs_game(load_bs_board("usa"), [make_bs_bot("easy", i) for i in range(n)], seed,
                           names=[x.name for x in setup.seats], observe=obs)
        hist.append((res.state.round, list(res.state.score)))
        _GAMES[(n, seed)] = (setup, res.state, hist)
    setup, state, hist = _GAMES[(n, seed)]
    return setup, state.copy(), list(hist)


def drawn_texts(monkeypatch, sc: BSResultsScene, size) -> list[str]:
    seen: list[str] = []
    real = assets.text
    import opensky.ui.draw as D
    spy = lambda t, px, *a, **k: (seen.append(t), real(t, px, *a, **k))[1]  # noqa: E731
    monkeypatch.setattr(bsresults.assets, "text", spy)
    monkeypatch.setattr(D.assets, "text", spy)
    sc.draw(pygame.Surface(size))
    return seen


@pytest.mark.parametrize("n", [2, 3, 5])
def test_every_region_bonus_and_total_is_shown(home, monkeypatch, n):
    app = App((1280, 720))
    setup, state, hist = finished(n)
    sc = BSResultsScene(app, setup, state, hist)
    app.replace(sc)
    app.step([], 0.016)
    seen = drawn_texts(monkeypatch, sc, app.size)
    for r, region in enumerate(state.board.regions):  # §9, B28, B29: the scene's split is the engine's
        assert i18n.tr(region.name) in " ".join(seen)
        got = scoring.region_bonuses([sc.values[p][r] for p in range(n)], *region.bonus, n)
        assert got == sc.regions[r][3]
        for p in range(n):
            assert state.final[p]["regions"].get(region.id, 0) == got.get(p, 0)
            if got.get(p):
                assert f"+{got[p]}" in seen
    for p in range(n):
        assert str(state.final[p]["total"]) in seen
        assert state.final[p]["total"] == state.score[p] + sum(state.final[p]["regions"].values()) \
            + state.final[p]["special_bonus"]
    assert sc.headline() in seen and sc.why_ended().startswith("The game ended after round")
    if n == 2:
        assert any("only its first bonus" in line for line in sc.note_lines)


def tie(state, gates: tuple[int, int]):
    """Make the first two airlines tie on the best total, with these gates
    placed, and settle the winners as the engine does."""
    st = state
    st.gates_left[0] = st.board.gates_per_player - gates[0]
    st.gates_left[1] = st.board.gates_per_player - gates[1]
    st.final = scoring.final_scores(st)
    totals = [int(f["total"]) for f in st.final]
    best = max(totals) + 10
    for p in (0, 1):
        st.score[p] += best - totals[p]
    st.final = scoring.final_scores(st)
    totals = [int(f["total"]) for f in st.final]
    assert totals[0] == totals[1] == max(totals)
    st.winners = scoring.winners(st, totals)
    return st


def test_a_tie_goes_to_fewer_gates_placed(home, monkeypatch):
    """B30 / §9: equal totals, Sunway placed fewer gates and wins."""
    app = App((1280, 720))
    setup, state, hist = finished(3)
    st = tie(state, (14, 11))
    sc = BSResultsScene(app, setup, st, hist)
    app.replace(sc)
    app.step([], 0.016)
    assert sc.winners == [1] and sc.headline() == "Sunway wins!"
    text = sc.tie_break()
    assert "Nordwind and Sunway tied on" in text and "fewer gates" in text and "Sunway placed 11" in text
    assert "Nordwind: 14 gates" in text
    assert sc.order[:2] == [1, 0]  # the winner first
    seen = drawn_texts(monkeypatch, sc, app.size)
    assert "Sunway wins!" in seen


def test_a_tie_on_gates_too_is_shared(home):
    app = App((1280, 720))
    setup, state, hist = finished(3)
    st = tie(state, (12, 12))
    sc = BSResultsScene(app, setup, st, hist)
    app.replace(sc)
    assert sc.winners == [0, 1] and sc.headline() == "Nordwind and Sunway share the victory!"
    assert "so they share the victory" in sc.tie_break()


def test_tie_notes_split_a_region_as_the_rules_say(home):
    """B29: tied for first share first + second; tied for second share it."""
    app = App((1280, 720))
    setup, state, hist = finished(3)
    sc = BSResultsScene(app, setup, state, hist)
    first = sc._tie_note("South", [15, 15, 0], (12, 6), 3)
    assert first == "South: Nordwind and Sunway tied for first with 15, so they share 18: 9 each."
    second = sc._tie_note("South", [15, 9, 9], (12, 6), 3)
    assert second == "South: Sunway and Skylark tied for second with 9, so they share 6: 3 each."
    assert sc._tie_note("South", [15, 9, 0], (12, 6), 3) is None
    assert "share 12: 6 each" in sc._tie_note("South", [5, 5], (12, 6), 2)


def test_new_game_opens_blue_skies_with_these_airlines(home):
    app = App((1280, 720))
    setup, state, hist = finished(3)
    sc = BSResultsScene(app, setup, state, hist)
    app.replace(sc)
    sc.new_game()
    ng = app.stack.top
    assert isinstance(ng, NewGameScene) and ng.game == BLUE_SKIES and len(ng.setup.seats) == 3
    assert ng.seed_text == "" and setup.seed == 5


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sv", "pt"])
def test_the_page_fits(home, size, lang):
    app = App(size, settings=Settings(language=lang))
    setup, state, hist = finished(5)
    sc = BSResultsScene(app, setup, state, hist)
    app.replace(sc)
    app.step([], 0.016)
    assert app.window.get_rect().contains(sc.panel)
    assert sc.col_x[-1] <= sc.panel.right - int(20 * sc.s)
    assert sc.rows_y + state.P * sc.row_h <= sc.notes_y <= sc.b_again.rect.top
    if sc.show_chart:
        assert sc.chart.bottom <= sc.b_again.rect.top and sc.chart.top >= sc.notes_y
    font = assets.font(sc.tiny, "semibold")
    for i, lines in enumerate(sc.heads):
        for line in lines:
            assert font.size(line)[0] <= sc.col_x[i + 1] - sc.col_x[i] + 2, (line, size, lang)
    sc.draw(app.window)


def test_a_new_language_relays_out_in_its_words(home):
    app = App((1280, 720))
    setup, state, hist = finished(3)
    sc = BSResultsScene(app, setup, state, hist)
    app.replace(sc)
    app.step([], 0.016)
    assert sc.regions[1][0] == "Atlantic Coast"
    i18n.set_language("sv")
    sc.relayout(app.size)
    assert sc.regions[1][0] == "Atlantkusten" and sc.why_ended().startswith("Spelet slutade")
    assert any("Poäng" in line for lines in sc.heads for line in lines)
