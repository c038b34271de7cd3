"""Each game's last New game setup is kept on its own and checked value by
value; an old settings file without Blue Skies' part still loads."""
from __future__ import annotations

import json

from opensky.settings import Settings, from_dict, last_bs_setup, last_setup


def test_blue_skies_setup_is_checked_value_by_value():
    good = {"board": "usa", "seats": [{"name": n, "color": c, "shape": sh, "kind": k} for n, c, sh, k in (
        ("Alfa", "red", "square", "human"), ("Beta", "sky", "circle", "normal"), ("Gamma", "navy", "triangle", "expert"),
        ("Delta", "brown", "diamond", "easy"), ("Epsilon", "teal", "star", "easy"))]}
    assert last_bs_setup(good) == good and last_bs_setup(last_bs_setup(good)) == good
    assert "callsigns" not in last_bs_setup(good)
    bad = json.loads(json.dumps(good))
    bad["board"] = "europe"                  # an OpenSky board is not Blue Skies'
    bad["seats"][4]["kind"] = "cheater"
    bad["seats"][2]["name"] = "x" * 40
    out = last_bs_setup(bad)
    assert out["board"] == "usa" and out["seats"][4]["kind"] == "easy" and out["seats"][2]["name"] == "Nordwind"
    assert out["seats"][0] == good["seats"][0]
    assert len(last_bs_setup({"seats": [{}] * 6})["seats"]) == 2  # more than five: the defaults
    for nothing in [None, [], "", 0, {}]:
        assert last_bs_setup(nothing) == {}


def test_opensky_still_seats_four_at_most():
    assert len(last_setup({"seats": [{}] * 5})["seats"]) == 2
    assert len(last_setup({"seats": [{}] * 4})["seats"]) == 4


def test_an_old_file_loads_and_each_value_stands_alone():
    old = {"last_setup": {"board": "north_america", "callsigns": "random",
                          "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "easy"}]}, "muted": True}
    st = from_dict(old)
    assert st.last_setup["board"] == "north_america" and st.last_bs_setup == {} and st.last_game == "opensky"
    assert st.muted is True
    st = from_dict({"last_game": "chess", "last_bs_setup": "nonsense", "music_volume": 0.1})
    assert st.last_game == "opensky" and st.last_bs_setup == {} and st.music_volume == 0.1
    assert from_dict({"last_game": "blue_skies"}).last_game == "blue_skies"
    st = Settings(last_game="x", last_bs_setup={"seats": [{}, {}, {}]}).clamp()
    assert st.last_game == "opensky" and len(st.last_bs_setup["seats"]) == 3
