"""A bounded memo for the computer airlines' pure functions.

Searches meet the same networks and month ends again and again, so model
values, market rates and lease plans are remembered by everything they
depend on.  Each memo holds at most ``kept`` results; when it is full it
starts again (cheap, and the search's current positions come back at once).
"""
from __future__ import annotations

from typing import Callable, Hashable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict of results by key, never longer than ``kept``.  Read it as a
    dict (``get`` is the fast path); store through ``keep``."""

    __slots__ = ("kept",)

    def __init__(self, kept: int):
        super().__init__()
        self.kept = kept

    def keep(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (emptying the memo first when it is full)."""
        if len(self) >= self.kept:
            self.clear()
        self[key] = value
        return value

    def of(self, key: K, make: Callable[[], V]) -> V:
        """The result for ``key``: remembered, or made now and kept."""
        got = self.get(key)
        if got is None:
            got = self.keep(key, make())
        return got
