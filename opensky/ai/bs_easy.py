"""Blue Skies' Easy airline: a greedy heuristic (``greedy`` in the balance report).

It buys the gates that bring the most passengers per point now (its share of
the cubes there after the split, plus the airport's demand cards as future
passengers, plus its gate value for the region bonuses), plays the card
where it holds the largest share of the gates, keeps the special action for
a hand of cards that help only the others, chooses assistance airports where
it holds gates, and discards cards of airports where it has no gate.  It
reads only its view.
"""
from __future__ import annotations

from typing import Any, Sequence

from opensky.ai.base import Bot
from opensky.blueskies.actions import (
    ASSISTANCE, BUY_GATE, BUYOUT, DISCARD, END_PURCHASES, LOCAL, PLAY_CARD, SPECIAL_ACTION, Action,
)


def _share(owners: list[int], p: int, extra_gate: bool = False) -> float:
    k = len(owners) + (1 if extra_gate else 0)
    mine = owners.count(p) + (1 if extra_gate else 0)
    return mine / k if k else 0.0


class GreedyBSBot(Bot):
    """A simple Blue Skies heuristic (see the module docstring)."""

    name = "greedy"

    def _gate_value(self, v: Any, p: int, a: int, buyout: bool) -> float:
        ap = v.board.airports[a]
        owners = v.gates[a]
        total = sum(v.cubes[a]) + v.waiting[a]
        if buyout:
            slot = owners.index(LOCAL)
            now = v.cubes[a][slot]
            after = [p if i == slot else o for i, o in enumerate(owners)]
            share = _share(after, p)
            cost = ap.buyout_cost or 1
        else:
            now = total / (len(owners) + 1) + (1.0 if owners else 0.0)
            share = _share(owners, p, extra_gate=True)
            cost = ap.gate_cost
        future = ap.demand_cards * 1.5 * share
        rounds_left = max(1.0, (100 - max(v.score)) / 12.0)
        return float((now + future * min(rounds_left, 6) / 3 + 0.5 * ap.gate_value) / cost)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        v, t, p = view, legal[0].type, legal[0].player
        if len(legal) == 1 or p is None:
            return legal[0]
        if t in (BUY_GATE, BUYOUT, END_PURCHASES):
            best, best_v = None, 0.9
            for a in legal:
                if a.type == END_PURCHASES:
                    continue
                val = self._gate_value(v, p, a.arg, a.type == BUYOUT)
                if val > best_v:
                    best, best_v = a, val
            if best is not None:
                return best
            return next((a for a in legal if a.type == END_PURCHASES), legal[0])
        if t in (PLAY_CARD, SPECIAL_ACTION):
            plays = [a for a in legal if a.type == PLAY_CARD]

            def gain(a: int) -> float:
                owners = v.gates[a]
                return _share(owners, p) - (0.3 if not owners else 0.0)
            best_play = max(plays, key=lambda a: (gain(a.arg), -a.arg))
            if gain(best_play.arg) <= 0 and any(a.type == SPECIAL_ACTION for a in legal) and max(v.score) > 20:
                mine = max(range(len(v.gates)), key=lambda a: (_share(v.gates[a], p), sum(v.cubes[a])))
                hand = tuple(sorted(v.hands[p]))
                want = Action(SPECIAL_ACTION, p, (mine, hand))
                if want in legal:
                    return want
            return best_play
        if t == ASSISTANCE:
            k = len(legal[0].arg)
            order = sorted(range(len(v.gates)), key=lambda a: (-_share(v.gates[a], p), a))
            return Action(ASSISTANCE, p, tuple(sorted(order[:k])))
        if t == DISCARD:
            hand = v.hands[p]
            drop = tuple(sorted(c for c in hand if _share(v.gates[c], p) == 0))
            want = Action(DISCARD, p, drop)
            return want if want in legal else legal[0]
        return legal[self.rng.randrange(len(legal))]


class EasyBSBot(GreedyBSBot):
    """Blue Skies' Easy level: the greedy heuristic."""

    name = "easy"
