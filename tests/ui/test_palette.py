"""The airline colours stay apart for the common colour-vision deficiencies,
and every airline also has its own shape (issue #6)."""
from itertools import combinations

import pytest

from opensky.ui import theme as T
from opensky.ui.palette import MACHADO, delta_e, simulate

#: The four default airlines must differ clearly (CIE76 ΔE) for every vision.
MIN_DELTA_E = 30.0


@pytest.mark.parametrize("kind", [None] + sorted(MACHADO))
def test_default_airline_colours_are_distinct(kind):
    cols = [T.AIRLINE_COLORS[c] for _, c, _ in T.DEFAULT_AIRLINES]
    if kind:
        cols = [simulate(c, kind) for c in cols]
    worst = min(delta_e(a, b) for a, b in combinations(cols, 2))
    assert worst >= MIN_DELTA_E, (kind, worst)


def test_every_airline_has_its_own_shape():
    shapes = [s for _, _, s in T.DEFAULT_AIRLINES]
    assert len(set(shapes)) == len(shapes) == 4
    assert set(shapes) <= set(T.AIRLINE_SHAPES)


def test_simulation_matches_known_values():
    # pure red loses most of its redness for protanopes; greys stay grey
    r = simulate((255, 0, 0), "protanopia")
    assert r[0] < 150 and abs(r[0] - r[1]) < 60
    assert simulate((128, 128, 128), "deuteranopia") == pytest.approx((128, 128, 128), abs=2)
