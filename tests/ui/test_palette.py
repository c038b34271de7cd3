"""The airline colours stay apart for the common colour-vision deficiencies,
and every airline also has its own shape (issue #6).

OpenSky seats four airlines and Blue Skies five.  The four OpenSky defaults
keep their CIE76 ΔE ≥ 30.  Blue Skies adds a fifth airline and the local
airline's grey gates; with six colours on a light map the best fifth colour
found (a search over the sRGB cube, every 6 levels, for the largest smallest
ΔE to the four and the grey under all four visions) reaches about 39 with a
vivid violet; the violet used, a little softer, keeps ΔE ≥ 36 from the four and
the grey, and the six colours together stay ≥ 32 (protanopia) — so the same
threshold of 30 holds for the five Blue Skies defaults and the local grey.
No teal can: teal comes within ΔE 10 of sky for tritanopes.  Machado's matrices at severity 1.0 are full dichromacy, the worst
case; and every airline has its own shape as well (the local gate a hexagon)."""
from itertools import combinations

import pytest

from opensky.ui import draw as D, theme as T
from opensky.ui.palette import MACHADO, delta_e, simulate

#: The default airlines must differ clearly (CIE76 ΔE) for every vision.
MIN_DELTA_E = 30.0
#: Blue Skies: its five defaults and the local airline's grey.
MIN_DELTA_E_BS = 30.0


def _worst(cols, kind):
    if kind:
        cols = [simulate(c, kind) for c in cols]
    return min(delta_e(a, b) for a, b in combinations(cols, 2))


@pytest.mark.parametrize("kind", [None] + sorted(MACHADO))
def test_default_airline_colours_are_distinct(kind):
    cols = [T.AIRLINE_COLORS[c] for _, c, _ in T.DEFAULT_AIRLINES[:4]]
    assert _worst(cols, kind) >= MIN_DELTA_E, (kind, _worst(cols, kind))


@pytest.mark.parametrize("kind", [None] + sorted(MACHADO))
def test_blue_skies_airline_colours_are_distinct(kind):
    cols = [T.AIRLINE_COLORS[c] for _, c, _ in T.DEFAULT_AIRLINES[:5]] + [T.LOCAL_GREY]
    assert len(cols) == 6
    assert _worst(cols, kind) >= MIN_DELTA_E_BS, (kind, _worst(cols, kind))


def test_every_airline_has_its_own_shape():
    shapes = [s for _, _, s in T.DEFAULT_AIRLINES]
    assert len(set(shapes)) == len(shapes) == 5
    assert shapes[4] == "star"
    assert set(shapes) <= set(T.AIRLINE_SHAPES)
    assert T.LOCAL_SHAPE not in T.AIRLINE_SHAPES
    for s in T.AIRLINE_SHAPES[1:] + (T.LOCAL_SHAPE,):   # the circle is drawn as a circle
        assert len(D.shape_points(s, (0, 0), 10)) >= 3, s
    assert len(D.shape_points("star", (0, 0), 10)) == 10


def test_simulation_matches_known_values():
    # pure red loses most of its redness for protanopes; greys stay grey
    r = simulate((255, 0, 0), "protanopia")
    assert r[0] < 150 and abs(r[0] - r[1]) < 60
    assert simulate((128, 128, 128), "deuteranopia") == pytest.approx((128, 128, 128), abs=2)
