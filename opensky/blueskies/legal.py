"""The legal actions of a Blue Skies state, as the engine lists them.

Most decisions have a few dozen answers at most.  The assistance choice
(B20: exactly k different airports) can have millions, so it is listed as
``Combos``: a lazy sequence of every set of k airports in board order, with
``len``, indexing (for a uniform random choice) and membership.
"""
from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, Iterator, Sequence, overload

from opensky.blueskies import gates as G
from opensky.blueskies.actions import (
    ASSIST, ASSISTANCE, BUY, BUY_GATE, BUYOUT, DISCARD, DISCARD_DECISION, END_PURCHASES, OPENING_GATE,
    LOCAL, PLAY, PLAY_CARD, SPECIAL_ACTION, Action,
)

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState


class Combos(Sequence[Action]):
    """Every ``assistance`` answer: k different airports of n, in board order."""

    def __init__(self, player: int, n: int, k: int):
        self.player, self.n, self.k = player, n, k
        self._len = comb(n, k)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        # unrank the i-th k-subset in lexicographic order
        out = []
        x, k = 0, self.k
        while k:
            c = comb(self.n - x - 1, k - 1)
            if i < c:
                out.append(x)
                k -= 1
            else:
                i -= c
            x += 1
        return Action(ASSISTANCE, self.player, tuple(out))

    def __contains__(self, a: object) -> bool:
        if not isinstance(a, tuple) or len(a) != 3 or a[0] != ASSISTANCE or a[1] != self.player:
            return False
        arg = a[2]
        return (isinstance(arg, tuple) and len(arg) == self.k and len(set(arg)) == self.k
                and all(isinstance(x, int) and 0 <= x < self.n for x in arg))

    def __iter__(self) -> Iterator[Action]:
        from itertools import combinations
        for c in combinations(range(self.n), self.k):
            yield Action(ASSISTANCE, self.player, c)


_GATE_ACTS: dict[tuple[int, int], tuple[list[Action], list[Action]]] = {}


def _acts(p: int, n: int) -> tuple[list[Action], list[Action]]:
    """p's buy_gate and buyout actions by airport, made once."""
    got = _GATE_ACTS.get((p, n))
    if got is None:
        got = _GATE_ACTS[(p, n)] = ([Action(BUY_GATE, p, a) for a in range(n)],
                                    [Action(BUYOUT, p, a) for a in range(n)])
    return got


#: the play decision's answers by (player, airports, hand, special used): immutable, shared
_PLAYS: dict[tuple[int, int, tuple[int, ...], bool], list[Action]] = {}


def sub_multisets(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of a sorted hand, as sorted tuples (the empty one first)."""
    out: set[tuple[int, ...]] = set()
    n = len(hand)
    for mask in range(1 << n):
        out.add(tuple(sorted(hand[i] for i in range(n) if mask >> i & 1)))
    return sorted(out, key=lambda t: (len(t), t))


def legal_actions(s: "BSState") -> Sequence[Action]:
    d, p = s.decision, s.actor
    if d is None:
        return []
    if s.is_chance():
        return [a for a, _ in s.chance_outcomes()]
    assert p is not None
    n = len(s.gates)
    gate, buyout = _acts(p, n)
    if d == OPENING_GATE:
        new, buy = G.opening_options(s, p)
        return [gate[a] for a in new] + [buyout[a] for a in buy]
    if d == BUY:
        out = []
        outb = []
        if s.gates_left[p] > 0:
            pts, spaces, gates, ap = s.points, s.spaces, s.gates, s.board.airports
            for a in range(n):
                x = ap[a]
                if x.gate_cost <= pts and len(gates[a]) < spaces:
                    out.append(gate[a])
                b = x.buyout_cost
                if b is not None and b <= pts and LOCAL in gates[a]:
                    outb.append(buyout[a])
        return out + outb + [Action(END_PURCHASES, p, None)]
    if d == PLAY:
        key = (p, n, tuple(s.hands[p]), s.special_used[p])
        got = _PLAYS.get(key)
        if got is None:
            got = [Action(PLAY_CARD, p, c) for c in sorted(set(s.hands[p]))]
            if not s.special_used[p]:
                subs = sub_multisets(s.hands[p])
                for at in [None, *range(n)]:
                    for cards in subs:
                        if at is None and not cards:
                            continue  # B22
                        got.append(Action(SPECIAL_ACTION, p, (at, cards)))
            if len(_PLAYS) > 4096:
                _PLAYS.clear()
            _PLAYS[key] = got
        return got
    if d == ASSIST:
        return Combos(p, n, s.owed)
    if d == DISCARD_DECISION:
        return [Action(DISCARD, p, cards) for cards in sub_multisets(s.hands[p])]
    raise AssertionError(d)
