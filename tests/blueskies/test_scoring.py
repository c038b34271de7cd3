"""Final scoring: region bonuses (§9, B28, B29) and the winners (B30)."""
from __future__ import annotations

import pytest

from opensky.blueskies.scoring import region_bonuses


@pytest.mark.parametrize("values, P, want", [
    ([5, 3, 0], 3, {0: 12, 1: 6}),            # §9: first and second
    ([5, 5, 2], 3, {0: 9, 1: 9}),             # §9/B29: two tie for first: (12+6)//2, no second
    ([5, 5, 5], 3, {0: 6, 1: 6, 2: 6}),       # B29: three tie for first: 18//3
    ([6, 3, 3], 3, {0: 12, 1: 3, 2: 3}),      # §9: one first, two tie for second: 6//2
    ([6, 3, 3, 3], 4, {0: 12, 1: 2, 2: 2, 3: 2}),  # B29: three tie for second: 6//3
    ([4, 0, 0], 3, {0: 12}),                  # B28: alone in a region: only the first bonus
    ([0, 0, 0], 3, {}),                       # B28: nobody: nothing
    ([7, 2], 2, {0: 12}),                     # §9: 2 players, no second bonus
    ([3, 3], 2, {0: 6, 1: 6}),                # B29: 2 players tied: first//2 each
])
def test_region_bonuses(values, P, want):
    assert region_bonuses(values, 12, 6, P) == want


def test_odd_bonus_rounds_down():
    # B29: 15 + 7 = 22 split three ways is 7 each
    assert region_bonuses([2, 2, 2], 15, 7, 3) == {0: 7, 1: 7, 2: 7}
    assert region_bonuses([3, 3], 9, 4, 2) == {0: 4, 1: 4}  # ⌊9/2⌋
