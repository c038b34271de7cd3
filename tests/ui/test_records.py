"""A game is replayed once: the session keeps each action's events and totals
(``records``), and the controller's undo policy and the screen's log and
score chart read them (issue 14, DESIGN.md habit 5)."""
from __future__ import annotations

import random

from opensky.board.loader import load_board
from opensky.persistence.save import Seat, dumps, load
from opensky.rules.actions import Action
from opensky.rules.session import Session
from opensky.rules.state import GameState
from opensky.ui.game.history import History
from opensky.ui.scenes.saves import open_game
from opensky.userdirs import saves_dir


def active_game(board: str, players: int, seed: int) -> Session:
    """A whole game where markets are flown: the market most airlines can fly,
    a fare whenever one can be bid, as many planes leased as allowed."""
    rng = random.Random(seed)
    s = Session(load_board(board), ["Ann", "Bo", "Cy", "Di"][:players], seed=seed, callsigns="recommended")
    while not s.state.game_over:
        if s.state.is_chance():
            s.apply(s.draw_chance())
            continue
        st = s.state
        legal = st.legal_actions(st.actors[0])
        if st.decision == "choose_od":
            def fliers(a: Action) -> int:
                c = st.copy()
                c.apply(a)
                return sum(x is not None for x in c.stops)
            a = max(legal, key=fliers)
        elif st.decision in ("bid", "flash"):
            a = rng.choice([x for x in legal if x.arg is not None] or legal)
        elif st.decision == "lease":
            a = max(legal, key=lambda x: x.arg[0])
        else:
            a = rng.choice(legal)
        s.apply(a)
    return s


def test_opening_a_long_save_replays_it_once(app, monkeypatch):
    """Opening a save (load, controller, screen with its log and chart) runs
    the engine once per action of the log.  (A whole 4-player game is the
    longest save there is: about 80-140 actions.)"""
    s = active_game("europe", 4, 3)
    assert len(s.log) >= 75 and s.state.game_over
    path = saves_dir() / "long.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(s, [Seat(n) for n in s.state.names]), encoding="utf-8")
    calls = [0]
    real = GameState.apply

    def counted(self: GameState, action):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real(self, action)

    monkeypatch.setattr(GameState, "apply", counted)
    g = open_game(app, load(path))
    app.push(g)
    app.step([], 0.016)
    assert calls[0] == len(s.log)
    assert g.ctl.state.to_json() == s.state.to_json()
    assert len(g.ctl.event_kinds) == len(s.log)
    assert any("places a plane" in (g.log_line(e) or "") for e in g.log)
    assert g.history.scores  # the score chart is there too


def test_the_history_from_records_is_the_history_told_live():
    """Rebuilt from the records, the log (every entry and its market airports)
    and the score chart are exactly what the screen logged move by move."""
    for board, players, seed in (("europe", 2, 1), ("north_america", 3, 2), ("europe", 4, 3),
                                 ("north_america", 4, 4)):
        rng = random.Random(seed)
        s = Session(load_board(board), ["Ann", "Bo", "Cy", "Di"][:players], seed=seed, callsigns="random")
        live = History()
        while not s.state.game_over:
            if s.state.is_chance():
                ev = s.apply(s.draw_chance())
            else:
                legal = s.state.legal_actions(s.state.actors[0])
                ev = s.apply(legal[rng.randrange(len(legal))])
            for e in ev:
                live.add(e, s.state)
        rebuilt = History()
        rebuilt.rebuild(s.records, s.board)
        assert rebuilt.log == live.log, (board, players, seed)
        assert rebuilt.scores == live.scores, (board, players, seed)
        assert len(live.scores) == 13  # "start", each month, and the end
        assert any(en[2] for en in live.log)  # markets were told with their airports
