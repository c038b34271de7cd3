"""Perft for Blue Skies: the number of action sequences from fixed positions.

Every legal action (chance outcomes included, each once) is one branch; a
change to what is legal anywhere below these positions changes a count.
``python -m tests.blueskies.test_perft`` prints the table again after a
deliberate change of the rules' reading (then say why in the commit)."""
from __future__ import annotations

import pytest

from opensky.blueskies.actions import Action
from opensky.blueskies.board import load_bs_board
from opensky.blueskies.state import BSState
from tests.blueskies.helpers import TINY, USA


def perft(s: BSState, depth: int) -> int:
    if depth == 0 or s.game_over:
        return 1
    total = 0
    for a in s.legal_actions():
        t = s.copy()
        t.apply(a)
        total += perft(t, depth - 1)
    return total


def position(name: str) -> BSState:
    if name == "tiny-2p-opening":
        b = load_bs_board(TINY)
        ix = b.index
        s = BSState(b, ["A", "B"], [ix(c) for c in ("BIG", "BAY", "MID", "LAK", "ROK")],
                    [[ix(c) for c in h] for h in (("MID", "SUN", "BIG"), ("DES", "PIN", "BIG"))])
        for _ in range(5):
            s.apply(Action("draw_cubes", None, 0))
        return s
    if name == "tiny-3p-start":
        return BSState(load_bs_board(TINY), ["A", "B", "C"])
    if name == "usa-4p-opening":
        b = load_bs_board(USA)
        ix = b.index
        s = BSState(b, ["A", "B", "C", "D"], [ix(c) for c in ("ATL", "NYC", "SEA", "ATL", "BOS")],
                    [[ix(c) for c in h] for h in (("CVG", "DEN", "MIA"), ("CHI", "LAX", "MIA"),
                                                    ("BOS", "DFW", "NYC"), ("ATL", "HOU", "SFO"))])
        for g in (0, 1, 0, 0, 2):
            s.apply(Action("draw_cubes", None, g))
        return s
    raise KeyError(name)


EXPECTED = {
    # the first opening gate by hand: 8 new gates (a 1-point second always remains), and the
    # buyouts of BAY (4), ROK (4) and LAK (5); MID's (6) would leave nothing for a second; BIG's is N/A
    ("tiny-2p-opening", 1): 11,
    ("tiny-2p-opening", 2): 63, ("tiny-2p-opening", 3): 426, ("tiny-2p-opening", 4): 3080,
    ("tiny-3p-start", 1): 8,  # the first opening card: 8 airports have cards
    ("tiny-3p-start", 2): 48, ("tiny-3p-start", 3): 378,
    ("usa-4p-opening", 1): 32, ("usa-4p-opening", 2): 714,
}


@pytest.mark.parametrize("name, depth", sorted(EXPECTED))
def test_perft(name, depth):
    assert perft(position(name), depth) == EXPECTED[(name, depth)]


if __name__ == "__main__":
    for name, depth in sorted(EXPECTED):
        print(f"    ({name!r}, {depth}): {perft(position(name), depth)},")
