"""Session records and forks (issue 14): every applied action is kept with
its events and the totals after it; ``fork`` replays the log to any point."""
from __future__ import annotations

import random

import pytest

from opensky.board.loader import load_board
from opensky.rules.session import ActionRecord, Session


def play(board: str, players: int, seed: int) -> tuple[Session, list[str]]:
    rng = random.Random(seed)
    s = Session(load_board(board), ["Ann", "Bo", "Cy", "Di"][:players], seed=seed, callsigns="random")
    states = [s.state.to_json()]
    while not s.state.game_over:
        if s.state.is_chance():
            s.apply(s.draw_chance())
        else:
            legal = s.state.legal_actions(s.state.actors[0])
            s.apply(legal[rng.randrange(len(legal))])
        states.append(s.state.to_json())
    return s, states


@pytest.mark.parametrize("board,players,seed", [("europe", 2, 5), ("north_america", 4, 6)])
def test_records_and_forks(board, players, seed):
    s, states = play(board, players, seed)
    assert [r.action for r in s.records] == s.log
    last = s.records[-1]
    assert isinstance(last, ActionRecord)
    assert last.scores == tuple(s.state.score(p)["total"] for p in range(players))
    assert last.events[-1].kind == "GameOver"
    for k in (0, 1, len(s.log) // 2, len(s.log) - 1):
        f = s.fork(k)
        assert f.state.to_json() == states[k] and f.log == s.log[:k]
        assert f.records == s.records[:k]          # the same events, replayed
        assert f.state.names == s.state.names and f.callsigns == s.callsigns and f.seed == s.seed
    whole = s.fork()
    assert whole.state.to_json() == states[-1] and whole.records == s.records
    with pytest.raises(AttributeError):
        last.events[0].kind = "x"  # type: ignore[misc]  # events are frozen
