"""Blue Skies' Expert: determinized Monte Carlo search over Normal's choices.

* **Candidates.**  Normal's best few answers by its own values (gates and
  stopping, each card in hand, its choice of special action); assistance and
  discards are Normal's.
* **Hidden information.**  The only secret is the hands (B32).  Each
  iteration deals the cards the view cannot place (the deck and the other
  hands) at random (``opensky.blueskies.view.determinize``).
* **Rollouts.**  The rest of the game played by Easy for every airline, the
  cubes and cards drawn from ``chance_outcomes()`` by a stream each candidate
  shares (common random numbers).  A rollout scores the win (shared wins
  split) and a little of the margin.
* **Choice.**  The best mean replaces Normal's choice only when the paired
  difference is more than ``z`` standard errors.  ``time_limit`` cuts a
  search short on a slow machine.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any, Sequence, cast

from opensky.ai.base import Bot
from opensky.ai.choice import decide
from opensky.ai.bs_easy import EasyBSBot
from opensky.ai.bs_normal import NormalBSBot
from opensky.blueskies.actions import (
    ASSISTANCE, BUY_GATE, BUYOUT, DISCARD, END_PURCHASES, PLAY_CARD, SPECIAL_ACTION, Action,
)
from opensky.blueskies.scoring import final_scores
from opensky.blueskies.session import draw
from opensky.blueskies.view import determinize


def utility(s: Any, p: int) -> float:
    """The win (shared wins split) and a little of the margin, at the end of a rollout."""
    fin = s.final if s.final is not None else final_scores(s)
    totals = [cast(int, f["total"]) for f in fin]
    margin = totals[p] - max(t for q, t in enumerate(totals) if q != p)
    win = (1.0 / len(s.winners)) if p in s.winners else 0.0
    return win + 0.3 * math.tanh(margin / 15.0)


class ExpertBSBot(Bot):
    """Blue Skies' Expert (see the module docstring)."""

    name = "expert"
    slow = True

    def __init__(self, seed: int = 0, iters: int = 24, top_k: int = 3, z: float = 1.0,
                 time_limit: float = 0.8):
        super().__init__(seed)
        self.normal = NormalBSBot(seed ^ 0x5EED)
        self.iters = iters
        self.top_k = top_k
        self.z = z
        self.time_limit = time_limit
        self.last: dict[str, object] = {}

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        mine = self.normal.choose(view, legal)
        t = legal[0].type
        if t in (ASSISTANCE, DISCARD):
            return mine
        p = legal[0].player
        assert p is not None
        if t in (BUY_GATE, BUYOUT, END_PURCHASES):
            scored = sorted(legal, key=lambda a: -self.normal.after(view, a))
            cands = scored[:self.top_k]
        elif t in (PLAY_CARD, SPECIAL_ACTION):
            cands = [Action(PLAY_CARD, p, c) for c in sorted(set(view.hands[p]))]
        else:
            return mine
        if mine not in cands:
            cands.append(mine)
        if len(cands) == 1:
            return cands[0]
        return self._search(view, p, cands, cands.index(mine))

    def _search(self, v: Any, p: int, cands: list[Action], default: int) -> Action:
        start = time.perf_counter()
        K = len(cands)
        results: list[list[float]] = [[] for _ in range(K)]
        for it in range(self.iters):
            seed = self.rng.getrandbits(48)
            row = []
            for a in cands:
                s = determinize(v, random.Random(seed))
                s.apply(a)
                row.append(self._rollout(s, p, random.Random(seed ^ 0xD1CE), seed))
            for j in range(K):
                results[j].append(row[j])
            if it >= 3 and time.perf_counter() - start > self.time_limit:
                break
        choice, self.last = decide(cands, results, default, self.z, start)
        return cands[choice]

    @staticmethod
    def _rollout(s: Any, p: int, rng: random.Random, seed: int) -> float:
        bot = EasyBSBot(seed)
        steps = 0
        while not s.game_over and steps < 20_000:
            steps += 1
            if s.is_chance():
                s.apply(draw(s, rng))
            else:
                s.apply(bot.choose(s, s.legal_actions()))
        return utility(s, p)
