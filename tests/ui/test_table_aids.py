"""Issue 15: the decision aids on the game screen — what a seasoned player
works out in their head, shown before the choice and computed by the engine
(``opensky.rules.quote``), not by the screen."""
from __future__ import annotations

import pygame

from opensky.rules import quote
from opensky.rules.actions import ANCILLARIES, CHOOSE_OD, FLASH, Action
from opensky.ui.app import App
from opensky.ui.scenes.game import GameScene
from tests.ui.driver import click, do, settle
from tests.ui.test_pricing_ui import cs, europe_game

#: Ann and Bo fly Paris–London nonstop, Cy with one stop at Amsterdam.
ROUTES = {0: ["CDG-LHR", "LHR-AMS", "MAD-LIS", "MAD-LIS"], 1: ["CDG-LHR", "FRA-MUC", "MUC-FCO", "MAD-BCN"],
          2: ["CDG-AMS", "AMS-LHR", "BER-WAW", "ATH-IST"]}
HUBS = {0: ["MAD", "LIS"], 1: ["MUC", "CDG"], 2: ["AMS", "BER"]}


def hover(app: App, pos) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                 buttons=(0, 0, 0))], 0.016)


def rolled(app: App) -> GameScene:
    g = europe_game(app, 3, ROUTES, HUBS)
    g.ctl.apply(Action("roll_dice", 0, cs("Alpha", "Bravo", "Echo")))
    return g


def test_market_choices_are_named_by_airports_and_wait_for_the_dice(app):
    g = rolled(app)
    assert g.anim.blocking()
    assert not any(b in g.widgets.widgets for b in g.decisions.buttons)  # no outcome while they tumble
    settle(app, g)
    labels = [b.label for b in g.decisions.buttons]
    assert all(b in g.widgets.widgets for b in g.decisions.buttons)
    codes = {st_code for st_code in ("LHR", "CDG", "FCO")}
    assert all(any(c in lab for c in codes) for lab in labels), labels
    assert any("3 can bid" in lab for lab in labels)  # Alpha–Bravo: all three airlines


def test_hovering_a_market_lights_it_and_says_who_could_fly_it(app):
    g = rolled(app)
    settle(app, g)
    st = g.state
    b = next(b for b in g.decisions.buttons if b.on_click.action.arg == cs("Alpha", "Bravo"))
    before = pygame.image.tobytes(app.window, "RGB")
    hover(app, b.rect.center)
    assert g.decisions.previewing == cs("Alpha", "Bravo")
    head, hint = g.prompt()
    assert "London" in hint and "Paris" in hint and "LHR" in hint
    assert all(name in hint for name in st.names) and "1 stop" in hint  # Cy connects at Amsterdam
    g.dirty = True
    app.step([], 0.016)
    after = pygame.image.tobytes(app.window, "RGB")
    assert before != after
    # Cy's one-stop itinerary is drawn in Cy's colour at Amsterdam's leg
    from opensky.ui import theme as T
    col = T.seat_rgb(g.setup.seats[2])
    ams, lhr = (g.view.apx[st.board.airport_index[c]] for c in ("AMS", "LHR"))
    mid = (int((ams[0] + lhr[0]) / 2), int((ams[1] + lhr[1]) / 2))
    near = [app.window.get_at((mid[0] + dx, mid[1] + dy))[:3] for dx in range(-8, 9) for dy in range(-8, 9)]
    assert col in near
    hover(app, (5, g.board_rect.centery))
    assert g.decisions.previewing is None
    # the dice too: one picked, another hovered
    dice = g.anim.dice
    click(app, dice.die_rects()[dice.order.index(cs("Alpha")[0])].center)
    hover(app, dice.die_rects()[dice.order.index(cs("Bravo")[0])].center)
    assert g.decisions.previewing == cs("Alpha", "Bravo")


def to_flash(app: App) -> GameScene:
    g = rolled(app)
    settle(app, g)
    do(app, g, Action(CHOOSE_OD, 0, cs("Alpha", "Bravo")))
    settle(app, g)
    for p, fare in ((0, 300), (1, 250), (2, 200)):
        g.ctl.apply(Action("bid", p, fare))
    settle(app, g)
    return g


def test_flash_choices_in_order_say_what_each_would_do(app):
    g = to_flash(app)
    st = g.state
    assert st.decision == FLASH and st.actors == (0,)
    labels = [b.label for b in g.decisions.buttons]
    assert labels == ["Keep 300: loses to a nonstop at 250", "Lower to 250: ties", "Lower to 200: wins alone"]
    opts = quote.flash_options(g.ctl.state, 0)
    assert [b.on_click.action.arg for b in g.decisions.buttons] == [o.card for o in opts]


def test_chits_show_the_final_price_and_the_dies_odds(app):
    g = to_flash(app)
    while g.ctl.state.decision == FLASH:
        g.ctl.apply(Action(FLASH, g.ctl.state.actors[0], None))
        settle(app, g)
    st = g.state
    assert st.decision == ANCILLARIES
    p = st.actors[0]
    fare = st.bid[p]
    labels = [b.label for b in g.decisions.buttons]
    assert labels[0] == f"No chits: {fare}, sure"
    for n, lab in enumerate(labels[1:], start=1):
        odds = quote.acceptance(fare + 100 * n)
        assert lab.endswith(f"→ {fare + 100 * n}: {odds.favourable} in 6"), lab


def test_the_lease_shows_the_whole_payment(app):
    """R10 on the button: the old change is spent first, the card covers the
    rest, the excess is the new change — all three said."""
    g = europe_game(app, 3, ROUTES, HUBS)
    st = g.ctl.state.copy()
    st.change[0] = 150
    q = quote.lease(st, 0, 1, (200,))
    assert g.decisions.lease_label(q) == "Change 150 + card 200 → change 150"
    assert g.decisions.lease_tooltip(q) == ("200 to pay: your change 150 is spent first (150); the won cards 200 "
                                            "go back to your hand and cover 50; 150 is your new change.")
    st.change[0] = 0
    q = quote.lease(st, 0, 1, (250,))
    assert g.decisions.lease_label(q) == "Card 250 → change 50"
    st.change[0] = 300
    assert g.decisions.lease_label(quote.lease(st, 0, 1)) == "Pay 200 from change → 100 left"


def test_computer_turns_are_told_not_asked(app):
    from opensky.ui.setup import GameSetup
    su = GameSetup.default(2)
    su.seed = 3
    su.seats[0].human = True
    su.seats[1].human = False
    su.seats[1].bot = "easy"
    g = GameScene(app, su, autosave=False)
    app.replace(g)
    st = g.ctl.state
    while not (st.actors and st.actors[0] == 1):
        p = st.actors[0]
        g.ctl.apply(g.ctl.legal(p)[0])
    head, hint = g.prompt()
    assert "Click" not in hint and "You" not in hint and "your" not in head
    assert "is placing" in head or "is " in head


def test_no_hand_off_when_only_one_person_bids(app):
    """Two people at the screen, but only Ann can fly the market: her cards
    show at once (nobody else has a bid to hide them from)."""
    routes = {0: ["CDG-LHR", "LHR-AMS", "MAD-LIS", "MAD-LIS"], 1: ["FRA-MUC", "FRA-MUC", "MUC-FCO", "MAD-BCN"],
              2: ["BER-WAW", "BER-WAW", "ATH-IST", "ATH-IST"]}
    g = europe_game(app, 3, routes, HUBS)
    g.ctl.apply(Action("roll_dice", 0, cs("Alpha", "Bravo", "Echo")))
    settle(app, g)
    do(app, g, Action(CHOOSE_OD, 0, cs("Alpha", "Bravo")))
    settle(app, g)
    st = g.state
    assert [q for q in range(3) if st.stops[q] is not None] == [0]
    assert g.seat.handoff_for is None and g.seat.private_for == 0


def test_many_long_choices_stay_in_the_tray_at_960x600(tmp_path, monkeypatch):
    """Four long flash answers at 960×600: they wrap into rows across the
    tray, a label that cannot fit is cut with an ellipsis and its whole text
    becomes the button's tooltip; nothing leaves the tray."""
    from opensky.ui.widgets import Button
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / "d"))
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(tmp_path / "c"))
    app = App((960, 600))
    g = europe_game(app, 3, ROUTES, HUBS)
    labels = ["Keep 500: loses to a nonstop at 250", "Lower to 400: loses to a nonstop at 250",
              "Lower to 300: loses to a nonstop at 250", "Lower to 250: ties with a nonstop at 250",
              "Lower to 200: wins alone against every other airline at this table"]
    g.decisions.buttons = [Button(x, lambda: None, small=True) for x in labels]
    g.decisions.layout()
    for b in g.decisions.buttons:
        assert g.bottom.contains(b.rect), (b.label, b.rect, g.bottom)
    cut = [b for b in g.decisions.buttons if b.label.endswith("…")]
    assert all(b.tooltip and b.tooltip.split("\n")[0] in labels for b in cut)
    rows = {b.rect.y for b in g.decisions.buttons}
    assert len(rows) >= 2
    pygame.display.quit()
