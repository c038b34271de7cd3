"""The search's hot spots made cheaper without changing a single answer:
the flash-deal window follows a greedy answer once (issue 17), and the
market model keeps its rates and values."""
from __future__ import annotations

import random

import pytest

from opensky.ai import model as M
from opensky.ai.bidding import Market, Vec
from opensky.ai.model import Model
from opensky.ai.normal import NormalBot
from opensky.board.loader import load_board
from opensky.play.selfplay import play_game


class Reference(Market):
    """The window as it was: the greedy answer's window followed for every
    answer that was the best so far."""

    def _window(self, fares, tokens, ptr, declined, look):  # type: ignore[no-untyped-def]
        key = (fares, tokens, ptr, declined, look)
        got = self._win_cache.get(key)
        if got is not None:
            return got
        q = self._offer(fares, tokens, ptr, declined)
        if q < 0:
            u = self._fout(fares)[0]
            spent = self._token_bits & ~tokens
            if spent:
                u = list(u)
                for r in range(self.P):
                    if (spent >> r) & 1:
                        u[r] -= self._fcost[r]
        else:
            f = fares[q]
            best, best_v = None, -1e18
            nxt = (q + 1) % self.P
            cost = self._fcost[q]
            for x in (None,) + self._lower(q, f):
                if x is None:
                    nf, nt, nd = fares, tokens, declined | (1 << q)
                else:
                    nf = fares[:q] + (x,) + fares[q + 1:]
                    nt, nd = tokens & ~(1 << q), 0
                seen = None
                if look:
                    seen = self._window(nf, nt, nxt, nd, 0)
                    v = seen[q]
                else:
                    v = self._fout(nf)[0][q] - (cost if x is not None else 0.0)
                if v > best_v + 1e-9:
                    best_v = v
                    best = seen if seen is not None else self._window(nf, nt, nxt, nd, 0)
            u = best
        self._win_cache[key] = u
        return u


def _market(cls: type[Market], rng: random.Random, P: int) -> Market:
    stops = [rng.choice((0, 0, 1, None)) for _ in range(P)]
    stops[0] = 0
    hands = [[rng.randint(0, 2) for _ in range(5)] for _ in range(P)]
    table = {t: [rng.uniform(-150, 150) for _ in range(P)] for t in range(1 << P)}

    def cont(travel: tuple[int, ...]) -> Vec:
        return list(table[sum(1 << q for q in travel)])

    mk = cls(P, stops, hands, [rng.randint(0, 3) for _ in range(P)], cont, [rng.uniform(0, 20) for _ in range(P)])
    mk.with_flash(rng.randrange(P), [rng.random() < 0.7 for _ in range(P)], [rng.uniform(0, 45) for _ in range(P)])
    return mk


@pytest.mark.parametrize("P", [2, 3, 4])
def test_the_window_answers_as_it_did(P):
    rng = random.Random(P)
    for _ in range(40):
        seed = rng.getrandbits(32)
        new, old = _market(Market, random.Random(seed), P), _market(Reference, random.Random(seed), P)
        assert new.flash_on == old.flash_on
        sizes = [len(a) for a in new.actions]
        for n in range(1, 1 + min(200, len(new.actions) and 6 ** len(new.actions))):
            idx = tuple(rng.randrange(k) for k in sizes)
            assert new.payoff(idx) == old.payoff(idx)
        assert new.solve(30) == old.solve(30)


def _states(P: int, n: int) -> list[Model]:
    """Models of states met in a Normal game, at every month's start."""
    out: list[Model] = []

    def watch(s, p, legal, a):  # type: ignore[no-untyped-def]
        if len(out) < n and legal[0].type == "bid":
            out.append(Model.of_state(s, first_month=s.month))
    play_game(load_board("europe"), [NormalBot(q) for q in range(P)], 5, observe=watch)
    return out


def test_kept_values_are_the_values():
    models = _states(3, 12)
    kept = [m.values() for m in models]
    again = [m.values() for m in models]  # from the memo now
    M._VALUES.clear()
    M._RATES.clear()
    fresh = [m.values() for m in models]
    assert kept == again == fresh
    # a caller may change what it was given: the memo keeps its own
    got = models[0].values()
    got[0] += 1000.0
    assert models[0].values() == fresh[0]


def test_the_memos_are_bounded(monkeypatch):
    monkeypatch.setattr(M._VALUES, "kept", 3)
    monkeypatch.setattr(M._RATES, "kept", 3)
    M._VALUES.clear()
    M._RATES.clear()
    for m in _states(2, 10):
        m.values()
        assert len(M._VALUES) <= 3 and len(M._RATES) <= 3


def test_a_model_out_of_a_bytes_range_is_still_valued():
    m = _states(2, 1)[0]
    M._VALUES.clear()
    M._RATES.clear()
    want = m.values()
    odd = m.copy()
    odd.nplanes = [300, m.nplanes[1]]  # not met in play; the memo's key falls back to tuples
    M._VALUES.clear()
    M._RATES.clear()
    assert odd.values() == odd.values()
    assert m.values() == want
