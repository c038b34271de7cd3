"""Expert's rollout policy (``opensky.ai.lite``) chooses the month's market
as Normal does (issue 17).

Expert's rollouts play both airlines with Lite, so a Lite that plays worse
than Normal misjudges the very rival Expert meets.  Lite once valued a
market only one airline can fly as that airline's top fare, ignoring that
flying it costs planes for the rest of the season; Normal solves the
market's game there too.  As a player against Normal that Lite won 46.6% of
4,000 games, and 50.8% with Normal's value (``bench/ai_duel.py lite``).
"""
from __future__ import annotations

import random
from typing import Sequence

from opensky.ai.lite import Lite
from opensky.ai.normal import NormalBot
from opensky.board.loader import load_board
from opensky.play import play_game
from opensky.rules.actions import BID, CHOOSE_OD, Action
from opensky.rules.constants import FARES
from opensky.rules.state import GameState


def _od_states(games: int) -> list[tuple[GameState, int, list[Action]]]:
    """Every O&D choice with more than one option in Normal-vs-Normal games."""
    out: list[tuple[GameState, int, list[Action]]] = []

    def keep(s: GameState, p: int, legal: Sequence[Action], a: Action) -> None:
        if s.decision == CHOOSE_OD and len(legal) > 1:
            out.append((s.copy(), p, list(legal)))
    boards = [load_board("europe"), load_board("north_america")]
    for g in range(games):
        play_game(boards[g % 2], [NormalBot(10 * g), NormalBot(10 * g + 1)], 500 + g, observe=keep)
    return out


def _alone(s: GameState, a: Action) -> bool:
    """After ``a`` only one airline can bid."""
    c = s.copy()
    c.apply(a)
    return (c.decision == BID and c.month == s.month and len(c.actors) == 1
            and all(c.stops[q] is None or q in c.actors for q in range(c.P)))


def _shortcut(s: GameState, a: Action, p: int) -> float:
    """The old value of a market flown alone: the sole bidder's top fare."""
    c = s.copy()
    c.apply(a)
    q = c.actors[0]
    top = max(f for f, n in zip(FARES, c.hand[q]) if n)
    return top * (1.0 + 1.0 / (c.P - 1)) if q == p else -top


def test_lite_chooses_normals_market_where_one_airline_flies_alone():
    normal = NormalBot(0)
    seen = shortcut_wrong = 0
    for s, p, legal in _od_states(12):
        alone = [_alone(s, a) for a in legal]
        if not any(alone):
            continue
        seen += 1
        vals = [normal.od_value(s, a, p) for a in legal]
        best = max(vals)
        lite = Lite(iters=normal.fp_iters, exact_od=True)
        pick = lite.choose(s, p, legal, random.Random(0))
        assert vals[legal.index(pick)] >= best - 1e-6, (s.month, [a.arg for a in legal], vals)
        # what the old shortcut would have chosen: the test can tell them apart
        old = [_shortcut(s, a, p) if alone[i] else vals[i] for i, a in enumerate(legal)]
        if vals[max(range(len(old)), key=lambda i: old[i])] < best - 1e-6:
            shortcut_wrong += 1
    assert seen >= 10
    assert shortcut_wrong >= 1
