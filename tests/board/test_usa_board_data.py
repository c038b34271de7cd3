"""boards/usa.yaml, the Blue Skies board, follows its own derivation rules.

Read with plain ``yaml.safe_load``, not the engine's loader: these tests check the
*data* (board-notes §2, restated in the file's header), so a change to a number
that breaks a rule fails here with the rule's name, whatever the loader accepts.
After tuning by simulation, change the rule here and in the header together.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
BOARD = ROOT / "boards" / "usa.yaml"
MAP = ROOT / "assets" / "maps" / "usa.json"

PER_CARD = 12.6e6          # enplanements per demand card (rule 3)
ONE_CARD_COST_2 = 9.5e6    # a 1-card airport with at least this many costs 2 (rule 4)
#: The cities whose airports are counted together (rule 2).
COMBINED = {"NYC": {"JFK", "EWR", "LGA"}, "CHI": {"ORD", "MDW"}, "WAS": {"DCA", "IAD", "BWI"},
            "DFW": {"DFW", "DAL"}, "HOU": {"IAH", "HOU"}}


def _round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


@pytest.fixture(scope="module")
def board() -> dict[str, Any]:
    with open(BOARD, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    assert isinstance(doc, dict)
    return doc


@pytest.fixture(scope="module")
def airports(board: dict[str, Any]) -> list[dict[str, Any]]:
    return list(board["airports"])


def _enplanements(a: dict[str, Any]) -> int:
    return sum(a["enplanements_2019"].values())


def test_header_keys(board: dict[str, Any]) -> None:
    assert board["game"] == "blue_skies"
    assert board["id"] == "usa"
    assert board["canvas"] == [1600, 1000]


def test_totals(board: dict[str, Any], airports: list[dict[str, Any]]) -> None:
    assert len(airports) == 30
    assert len({a["code"] for a in airports}) == 30
    assert sum(a["demand_cards"] for a in airports) == 59
    assert sum(len(a["regions"]) for a in airports) == 34
    assert len(board["regions"]) == 7
    two = sorted(a["code"] for a in airports if len(a["regions"]) == 2)
    assert two == ["CHI", "DFW", "LAX", "NYC"]


def test_airports_counted(airports: list[dict[str, Any]]) -> None:
    """Rule 2: the combined cities count their airports together; the others one each."""
    for a in airports:
        assert set(a["enplanements_2019"]) == COMBINED.get(a["code"], {a["code"]}), a["code"]


def test_order_is_by_enplanements(airports: list[dict[str, Any]]) -> None:
    """The board lists the cities busiest first (the engine keeps the file's order)."""
    figures = [_enplanements(a) for a in airports]
    assert figures == sorted(figures, reverse=True)


def test_demand_cards_rule_3(airports: list[dict[str, Any]]) -> None:
    for a in airports:
        want = max(1, _round_half_up(_enplanements(a) / PER_CARD))
        assert a["demand_cards"] == want, a["code"]


def test_gate_cost_rule_4(airports: list[dict[str, Any]]) -> None:
    for a in airports:
        cards = a["demand_cards"]
        if cards >= 4:
            want = 5
        elif cards == 3:
            want = 4
        elif cards == 2:
            want = 3
        elif _enplanements(a) >= ONE_CARD_COST_2:
            want = 2
        else:
            want = 1
        assert a["gate_cost"] == want, a["code"]
    costs = [a["gate_cost"] for a in airports]
    assert [costs.count(c) for c in (5, 4, 3, 2, 1)] == [3, 4, 10, 6, 7]


def test_gate_value_rule_5_and_buyout_rule_6(airports: list[dict[str, Any]]) -> None:
    no_buyout = sorted(a["code"] for a in airports if a["buyout_cost"] is None)
    assert no_buyout == ["ATL", "CHI"]
    for a in airports:
        if a["buyout_cost"] is None:
            assert a["gate_value"] == a["gate_cost"] + 1, a["code"]
        else:
            assert a["gate_value"] == a["gate_cost"], a["code"]
            assert a["buyout_cost"] == min(a["gate_cost"] + 2, 6), a["code"]


def test_bonuses_rule_8(board: dict[str, Any], airports: list[dict[str, Any]]) -> None:
    for r in board["regions"]:
        members = [a for a in airports if r["id"] in a["regions"]]
        assert members, r["id"]
        total = sum(a["gate_value"] for a in members)
        first = 3 * _round_half_up(0.8 * total / 3)
        assert r["bonus"] == [first, first // 2], r["id"]
    assert sum(r["bonus"][0] for r in board["regions"]) == 81
    assert sum(r["bonus"][1] for r in board["regions"]) == 39


def test_positions_inside_the_canvas(board: dict[str, Any], airports: list[dict[str, Any]]) -> None:
    w, h = board["canvas"]
    for a in airports:
        x, y = a["pos"]
        assert 0 <= x <= w and 0 <= y <= h, a["code"]


def test_positions_follow_the_projection(board: dict[str, Any], airports: list[dict[str, Any]]) -> None:
    """Rule 9: pos is lat/lon through `projection` (the map's), within a few units."""
    sys.path.insert(0, str(ROOT / "tools"))
    from make_boards import LambertConformalConic

    p = board["projection"]
    assert (p["type"], p["lon0"], p["lat0"], p["lat1"], p["lat2"]) == ("lcc", -96.0, 39.0, 33.0, 45.0)
    lcc = LambertConformalConic(p["lon0"], p["lat0"], p["lat1"], p["lat2"], p["radius"])
    for a in airports:
        x, y = lcc.forward(a["lat"], a["lon"])
        px, py = p["offset"][0] + p["scale"] * x, p["offset"][1] - p["scale"] * y
        assert math.hypot(px - a["pos"][0], py - a["pos"][1]) < 3.0, a["code"]


def test_map_geometry_exists() -> None:
    with open(MAP, encoding="utf-8") as f:
        doc = json.load(f)
    assert doc["board"] == "usa"
    assert doc["canvas"] == [1600, 1000]
    land = doc["land"]
    assert isinstance(land, list) and len(land) > 10
    for poly in land:
        assert poly and all(len(ring) >= 3 for ring in poly)
        assert all(len(pt) == 2 for ring in poly for pt in ring)
    assert "US" in doc["countries"]
