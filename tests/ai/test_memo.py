"""The computer airlines' bounded memo (``opensky.ai.memo``)."""
from __future__ import annotations

from opensky.ai import lite, model, normal
from opensky.ai.memo import Memo


def test_a_result_is_made_once_and_then_remembered():
    memo: Memo[str, list[int]] = Memo(10)
    made: list[str] = []

    def make(k: str) -> list[int]:
        made.append(k)
        return [len(k)]

    assert memo.of("ab", lambda: make("ab")) == [2]
    assert memo.of("ab", lambda: make("ab")) == [2]
    assert memo.of("abc", lambda: make("abc")) == [3]
    assert made == ["ab", "abc"]
    assert memo.get("ab") == [2] and len(memo) == 2


def test_the_memo_never_holds_more_than_it_keeps():
    memo: Memo[int, int] = Memo(3)
    for i in range(20):
        assert memo.of(i, lambda i=i: i * i) == i * i
        assert len(memo) <= 3
    # after starting again, what it holds is still right
    assert all(memo[k] == k * k for k in memo)
    assert memo.keep(99, 5) == 5 and memo[99] == 5 and len(memo) <= 3


def test_every_search_memo_is_bounded():
    for memo in (model._VALUES, model._RATES, normal._VALUES, lite._LEASES):
        assert isinstance(memo, Memo) and 0 < memo.kept <= 20000
