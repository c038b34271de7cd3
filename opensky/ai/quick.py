"""A fast rule-of-thumb policy for the months of a season: Expert's rollouts.

It plays from the full state of a determinized world, so it must not peek:
for a bid it reads every other airline's hand *with its unrevealed bid put
back* (exactly what a view shows) and never reads another's unrevealed bid.
Decisions after the reveal have no secrets.

The rules mirror Normal's equilibria in their common cases, at a fraction of
the cost: alone, ask the most; the only nonstop against one-stops, bid the
highest card no one-stop card can undercut at half (W); level with others,
undercut their lowest card if possible, else match it; behind, pass.
"""
from __future__ import annotations

import random
from typing import Sequence

from opensky.ai.model import DEFAULT, NO, pair_income
from opensky.rules.actions import (
    ANCILLARIES, BID, CHOOSE_ITINERARY, CHOOSE_OD, FLASH, LEASE, PLACE_HUB, PLACE_PLANE, Action,
)
from opensky.rules.constants import ANCILLARY_VALUE, FARE_INDEX, FARES, MARCH
from opensky.rules.itinerary import winners as w_winners
from opensky.rules.state import GameState

_ACC = {p: sum(1 for f in (200, 300, 400, 500, 600, 700) if f >= p) / 6 for p in range(200, 900, 50)}


def visible_hand(s: GameState, q: int, viewer: int) -> list[int]:
    """q's hand as ``viewer`` sees it: an unrevealed bid is back in it."""
    h = s.hand[q]
    if q != viewer and s.submitted[q] and not s.revealed:
        b = s.bid[q]
        if b is not None:
            h = list(h)
            h[FARE_INDEX[b]] += 1
    return h


def _low(h: Sequence[int]) -> int | None:
    for i, n in enumerate(h):
        if n:
            return FARES[i]
    return None


def _cards(h: Sequence[int]) -> list[int]:
    return [FARES[i] for i, n in enumerate(h) if n]


def quick_bid(s: GameState, p: int) -> int | None:
    mine = _cards(s.hand[p])
    if not mine:
        return None
    stops = s.stops
    my_s = stops[p]
    assert my_s is not None
    rivals = []
    for q in range(s.P):
        if q == p or stops[q] is None:
            continue
        h = visible_hand(s, q, p)
        if any(h):
            rivals.append((q, stops[q], h))
    if not rivals:
        return mine[-1]
    best_r = min(x[1] for x in rivals)  # type: ignore[type-var]
    if my_s == 0 and best_r == 1:
        # W: a one-stop fare at most half of mine would win
        low = min(_low(h) or 10**6 for _, _, h in rivals)
        safe = [c for c in mine if 2 * low > c]
        return safe[-1] if safe else mine[0]
    if my_s == 1 and best_r == 0:
        return None
    if my_s >= 3:
        return None
    same = [h for _, st, h in rivals if st == my_s]
    low = min(_low(h) or 10**6 for h in same)
    under = [c for c in mine if c < low]
    if under:
        return under[-1]
    return mine[0]


def quick_od(s: GameState, p: int, legal: Sequence[Action]) -> Action:
    best, best_v = legal[0], -1e18
    P = s.P
    w = 1.0 / (P - 1)
    for a in legal:
        c = s.copy()
        c.apply(a)
        if c.od is None or c.month != s.month:
            v = 0.0
        else:
            st = [NO if (x is None or not any(c.hand[q])) else x for q, x in enumerate(c.stops)]
            e = pair_income(st, P, DEFAULT)
            v = e[p] - w * (sum(e) - e[p])
        if v > best_v:
            best, best_v = a, v
    return best


def quick_flash(s: GameState, p: int, legal: Sequence[Action]) -> Action:
    bids = [(q, b, s.stops[q]) for q, b in enumerate(s.bid) if b is not None]
    cur = w_winners(bids)  # type: ignore[arg-type]
    lost = sum(s.bid[q] or 0 for q in cur if q != p)  # what the rivals would win
    for a in sorted((a for a in legal if a.arg is not None), key=lambda a: -a.arg):
        trial = [(q, (a.arg if q == p else b), st) for q, b, st in bids]
        if w_winners(trial) == [p]:  # type: ignore[arg-type]
            if a.arg + lost >= 300 or s.month >= MARCH - 2:
                return a
            break
    return legal[0]


def quick_chits(s: GameState, p: int, legal: Sequence[Action]) -> Action:
    f = s.bid[p]
    assert f is not None
    rest = [(q, b, s.stops[q]) for q, b in enumerate(s.bid) if b is not None and q != p]
    fb = w_winners(rest)  # type: ignore[arg-type]
    fail = -sum(s.bid[q] or 0 for q in fb)
    best, best_v = legal[0], float(f)
    cost = 18.0 * (MARCH - s.month) / MARCH
    for a in legal[1:]:
        price = f + ANCILLARY_VALUE * a.arg
        acc = _ACC.get(price, 0.0)
        v = acc * (price - cost * a.arg) + (1 - acc) * fail
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best


def quick_action(s: GameState, p: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """The rollout policy's choice for player p (``legal`` non-empty)."""
    if len(legal) == 1:
        return legal[0]
    t = legal[0].type
    if t == BID:
        f = quick_bid(s, p)
        return Action(BID, p, f)
    if t == CHOOSE_OD:
        return quick_od(s, p, legal)
    if t == FLASH:
        return quick_flash(s, p, legal)
    if t == ANCILLARIES:
        return quick_chits(s, p, legal)
    if t == CHOOSE_ITINERARY:
        return legal[0]
    if t == LEASE:
        return legal[0]  # (0, ()) comes first: no lease
    if t == PLACE_PLANE or t == PLACE_HUB:
        return legal[rng.randrange(len(legal))]
    return legal[rng.randrange(len(legal))]
