"""Blue Skies' Normal and Easy computer airlines: comparisons of one value.

Every choice is the answer whose position ``bs_model.values`` likes best for
this airline against its strongest rival, found by applying the answer to a
copy of the view (the engine's own rules, nothing re-derived):

* **Gates** (opening and step 1): each legal gate or buyout, and stopping
  (the points left are banked, B14), is applied; a draw of cubes that follows
  is settled at its most likely outcome.  The best is taken; stopping wins
  ties.
* **Step 2**: each card in hand is played on a copy (its cubes at their
  most likely count) and compared.  The special action is used when its best
  form — passengers where the airline gains most, and the cards worth less
  than an average card discarded — beats the best card by more than the +3
  it costs and the option of keeping it (``SPECIAL_MARGIN``).
* **Assistance**: the airports where an added passenger helps most.
* **Discards**: the cards worth less than an average card of the unknown
  ones (the deck and the other hands, from the view).

Easy is ``opensky.ai.bs_easy.GreedyBSBot`` under its level name: a
sensible player that looks only at the passengers now.
"""
from __future__ import annotations

from typing import Any, Sequence

from opensky.ai.base import Bot
from opensky.ai.bs_model import cubes_per_draw, relative, values
from opensky.blueskies.gates import split
from opensky.blueskies.actions import (
    ASSISTANCE, BUY_GATE, BUYOUT, DISCARD, DRAW_CUBES, END_PURCHASES, PLAY_CARD, SPECIAL_ACTION, Action,
)

#: how much better than the best card the special action must be (the +3 it costs included)
SPECIAL_MARGIN = 5.0


def _settle(s: Any) -> None:
    """Resolve pending draws of cubes at their most likely outcome (g = 0
    while a red is left): enough to compare answers."""
    while s.decision == DRAW_CUBES and not s.game_over:
        s.apply(Action(DRAW_CUBES, None, 0))


class NormalBSBot(Bot):
    """Blue Skies' Normal (see the module docstring)."""

    name = "normal"
    uses_special = True

    def after(self, v: Any, a: Action) -> float:
        """p's relative value after answer ``a``."""
        s = v.copy()
        p = a.player
        assert p is not None
        s.apply(a)
        _settle(s)
        return relative(values(s), p)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        t = legal[0].type
        if t in (BUY_GATE, BUYOUT, END_PURCHASES):
            return self._buy(view, legal)
        if t in (PLAY_CARD, SPECIAL_ACTION):
            return self._play(view, legal)
        if t == ASSISTANCE:
            return self._assist(view, legal)
        if t == DISCARD:
            return self._discard(view, legal)
        return legal[0]

    # ------------------------------------------------------------ gates
    def _buy(self, v: Any, legal: Sequence[Action]) -> Action:
        best, best_v = None, -1e18
        for a in legal:
            val = self.after(v, a) + (1e-6 if a.type == END_PURCHASES else 0.0)
            if val > best_v:
                best, best_v = a, val
        assert best is not None
        return best

    # ------------------------------------------------------------ cards
    def _card_gains(self, v: Any, p: int) -> dict[int, float]:
        """Relative value after playing each card in hand."""
        out: dict[int, float] = {}
        for c in set(v.hands[p]):
            out[c] = self.after(v, Action(PLAY_CARD, p, c))
        return out

    def _airport_gain(self, v: Any, p: int) -> list[float]:
        """p's relative gain from one more addition of passengers at each airport."""
        base = relative(values(v), p)
        n = cubes_per_draw(v)
        out = []
        for a in range(len(v.gates)):
            s = v.copy()
            if s.cubes[a]:
                s.cubes[a][0] += int(round(n))
            else:
                s.waiting[a] += int(round(n))
            split(s, a)
            out.append(relative(values(s), p) - base)
        return out

    def _play(self, v: Any, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        gains = self._card_gains(v, p)
        best_card = max(gains, key=lambda c: (gains[c], -c))
        choice = Action(PLAY_CARD, p, best_card)
        if not self.uses_special or v.special_used[p]:
            return choice
        at_gain = self._airport_gain(v, p)
        at = max(range(len(at_gain)), key=lambda a: (at_gain[a], -a))
        base = relative(values(v), p)
        avg = self._average_card(v, p, at_gain)
        # a card's worth: the gain of playing it now; an unknown card's: the average of the unknown ones
        drop = tuple(sorted(c for c in v.hands[p] if gains[c] - base < avg))
        better_hand = sum(avg - (gains[c] - base) for c in drop)
        # the special action: passengers where they help most, and bad cards for average ones,
        # against the best card and the +3 it costs at the end
        if at_gain[at] + better_hand > gains[best_card] - base + SPECIAL_MARGIN:
            want = Action(SPECIAL_ACTION, p, (at, drop))
            if want in legal:
                return want
        return choice

    def _average_card(self, v: Any, p: int, at_gain: Sequence[float]) -> float:
        """The average gain of a card drawn from the unknown ones."""
        pool = v.unknown if v.unknown is not None else v.deck
        total = sum(pool)
        if not total:
            return 0.0
        return float(sum(at_gain[a] * k for a, k in enumerate(pool)) / total)

    # ------------------------------------------------------------ step 6
    def _assist(self, v: Any, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        k = len(legal[0].arg)
        gain = self._airport_gain(v, p)
        order = sorted(range(len(gain)), key=lambda a: (-gain[a], a))
        return Action(ASSISTANCE, p, tuple(sorted(order[:k])))

    def _discard(self, v: Any, legal: Sequence[Action]) -> Action:
        p = legal[0].player
        assert p is not None
        gain = self._airport_gain(v, p)
        avg = self._average_card(v, p, gain)
        drop = tuple(sorted(c for c in v.hands[p] if gain[c] < avg - 0.5))
        want = Action(DISCARD, p, drop)
        return want if want in legal else Action(DISCARD, p, ())
