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
from opensky.blueskies.board import MAX_COST
from opensky.blueskies.actions import (
    ASSIST, ASSISTANCE, BUY, BUY_GATE, BUYOUT, DISCARD, DISCARD_DECISION, END_PURCHASES, OPENING_GATE,
    PLAY, PLAY_CARD, SPECIAL_ACTION, Action,
)

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState


class _Lazy(Sequence[Action]):
    """A sequence of actions made on demand: subclasses give ``_len`` and ``_at(i)``."""

    _len = 0

    def _at(self, i: int) -> Action:
        raise NotImplementedError

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self._at(j) for j in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        return self._at(i)


class Combos(_Lazy):
    """Every ``assistance`` answer: k different airports of n, in board order."""

    def __init__(self, player: int, n: int, k: int):
        self.player, self.n, self.k = player, n, k
        self._len = comb(n, k)
        #: what the list depends on: equal keys, equal lists
        self.key = (ASSISTANCE, player, n, k)

    def _at(self, i: int) -> Action:
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


class PlayChoices(_Lazy):
    """Every step-2 answer: each distinct card of the hand, then (if the
    special action is still there) every (airport or None, discards) but
    (None, nothing) (B22).  Lazy: a hand has up to 8 sets of discards and a
    board 30 airports, about 250 answers, and a random game asks often."""

    def __init__(self, player: int, n: int, hand: Sequence[int], special: bool):
        self.player, self.n = player, n
        self.cards = sorted(set(hand))
        self.subs = sub_multisets(hand) if special else []
        k = len(self.subs)
        self._len = len(self.cards) + ((k - 1) + n * k if special else 0)

    def _at(self, i: int) -> Action:
        nc = len(self.cards)
        if i < nc:
            return Action(PLAY_CARD, self.player, self.cards[i])
        j = i - nc
        k = len(self.subs)
        if j < k - 1:
            return Action(SPECIAL_ACTION, self.player, (None, self.subs[j + 1]))
        j -= k - 1
        return Action(SPECIAL_ACTION, self.player, (j // k, self.subs[j % k]))

    def __contains__(self, a: object) -> bool:
        if not isinstance(a, tuple) or len(a) != 3 or a[1] != self.player:
            return False
        if a[0] == PLAY_CARD:
            return a[2] in self.cards
        if a[0] != SPECIAL_ACTION or not self.subs or not isinstance(a[2], tuple) or len(a[2]) != 2:
            return False
        at, cards = a[2]
        if at is None:
            return bool(cards) and cards in self.subs
        return isinstance(at, int) and 0 <= at < self.n and cards in self.subs

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._len):
            yield self._at(i)


def sub_multisets(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of a hand, as sorted tuples (the empty one first)."""
    key = tuple(sorted(hand))
    got = _SUBS.get(key)
    if got is None:
        out: set[tuple[int, ...]] = set()
        n = len(key)
        for mask in range(1 << n):
            out.add(tuple(key[i] for i in range(n) if mask >> i & 1))
        got = sorted(out, key=lambda t: (len(t), t))
        if len(_SUBS) > 50_000:
            _SUBS.clear()
        _SUBS[key] = got
    return got


_SUBS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}


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
        if s.gates_left[p] <= 0:
            return [Action(END_PURCHASES, p, None)]
        pts, b = s.points, s.board
        if pts >= MAX_COST:  # every gate affordable (the commonest case: a turn's first purchase)
            out = [gate[a] for a, f in enumerate(s.free) if f]
        else:
            out = [gate[a] for a, c, f in zip(range(n), b.gate_costs, s.free) if c <= pts and f]
        bc = b.buyout_costs
        out += [buyout[a] for a in s.locals if bc[a] <= pts]
        out.append(Action(END_PURCHASES, p, None))
        return out
    if d == PLAY:
        return PlayChoices(p, n, s.hands[p], not s.special_used[p])
    if d == ASSIST:
        return Combos(p, n, s.owed)
    if d == DISCARD_DECISION:
        return [Action(DISCARD, p, cards) for cards in sub_multisets(s.hands[p])]
    raise AssertionError(d)
