"""``GameState.copy()`` gives an independent state, slot by slot.

Search, views and undo all work on copies, so a copy that shares a list with
its original leaks one game into another.  For every slot of ``GameState``
(walking the MRO, so a slot added anywhere is seen), in many positions of real
games: every mutable container reachable from the copy's value (lists, nested
lists, dicts, sets, containers inside tuples) is changed in place, and the
original must not change at all — and the other way round.  A slot added to
``__slots__`` and copied by reference (or forgotten in ``copy()``) fails here.
"""
from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

from opensky.board.loader import load_board
from opensky.rules.constants import CALLSIGNS
from opensky.rules.state import GameState
from tests.rules.test_perft import POSITIONS, reach

#: Slots shared by design: the board is an immutable value.
SHARED = {"board"}


def all_slots() -> list[str]:
    out: list[str] = []
    for klass in GameState.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        out.extend([slots] if isinstance(slots, str) else slots)
    return out


class _Mark:
    """What the mutation leaves behind; equal to nothing else."""

    def __repr__(self) -> str:
        return "<MUTATED>"


def mutate(value: Any) -> int:
    """Change every mutable container reachable from ``value`` in place,
    innermost first; return how many were changed."""
    n = 0
    if isinstance(value, list):
        for x in list(value):
            n += mutate(x)
        value.append(_Mark())
        return n + 1
    if isinstance(value, dict):
        for x in list(value.values()):
            n += mutate(x)
        value[_Mark()] = _Mark()
        return n + 1
    if isinstance(value, set):
        value.add(_Mark())
        return 1
    if isinstance(value, tuple):
        return sum(mutate(x) for x in value)
    return 0


def snapshot(s: GameState) -> str:
    """Everything in the state but the shared board, as detached text."""
    return repr([(name, getattr(s, name)) for name in all_slots() if name not in SHARED])


def sample_states() -> Iterator[GameState]:
    """The perft positions, and every 7th state of seeded random games on both
    boards (call signs placed by the players in some), up to the game's end."""
    for name in sorted(POSITIONS):
        yield reach(POSITIONS[name])
    for board_id in ("europe", "north_america"):
        b = load_board(board_id)
        for P in (2, 3, 4):
            rng = random.Random(P * 101 + len(board_id))
            cs = dict(zip(CALLSIGNS, rng.sample(list(b.codes), 6))) if P != 3 else None
            s = GameState(b, ["Ann", "Bo", "Cy", "Di"][:P], cs)
            k = 0
            while not s.game_over:
                if k % 7 == 0:
                    yield s.copy()
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])
                k += 1
            yield s


SAMPLES = list(sample_states())


def test_slots_are_seen() -> None:
    slots = all_slots()
    assert len(slots) == len(set(slots)) and "hand" in slots and "board" in slots
    # every slot holds something other than None somewhere in the samples,
    # so its copying is really exercised below
    for name in slots:
        assert any(getattr(s, name) is not None for s in SAMPLES), name


@pytest.mark.parametrize("name", all_slots())
def test_copy_is_independent(name: str) -> None:
    changed = 0
    for s in SAMPLES:
        c = s.copy()
        assert repr(getattr(c, name)) == repr(getattr(s, name))  # copied, and equal
        if name in SHARED:
            assert getattr(c, name) is getattr(s, name)
            continue
        before = snapshot(s)
        changed += mutate(getattr(c, name))
        assert snapshot(s) == before, f"changing the copy's {name} changed the original"
        o = s.copy()  # the samples stay untouched for the other slots
        c = o.copy()
        before = snapshot(c)
        mutate(getattr(o, name))
        assert snapshot(c) == before, f"changing the original's {name} changed the copy"
    if name in ("hand", "planes", "flown", "paths"):
        assert changed  # the mutation really reaches into these


def test_copy_plays_on_independently() -> None:
    """A copy played to the end leaves the original where it was."""
    s = reach(POSITIONS["europe/bid-4"])
    before = s.to_json()
    c = s.copy()
    rng = random.Random(5)
    while not c.game_over:
        legal = c.legal_actions()
        c.apply(legal[rng.randrange(len(legal))])
    assert s.to_json() == before
