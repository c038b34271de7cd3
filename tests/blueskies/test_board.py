"""The Blue Skies board loader: every problem the contract lists, one located line."""
from __future__ import annotations

from pathlib import Path

import pytest

from opensky.blueskies.board import load_bs_board, parse_bs_board
from opensky.board import load_board
from opensky.board.model import BoardError
from tests.blueskies.helpers import TINY, USA

BASE = TINY.read_text()


def refused(text: str) -> str:
    with pytest.raises(BoardError) as info:
        parse_bs_board(text, "b.yaml")
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith("b.yaml")
    return msg


def test_tiny_board_loads():
    b = load_bs_board(TINY)
    assert b.id == "tiny-us" and len(b.airports) == 8 and b.total_cards == 21
    assert b.bag == (14, 5) and b.gates_per_player == 8
    assert b.gate_spaces == {2: 2, 3: 3, 4: 4, 5: 4}
    big = b.airports[b.index("BIG")]
    assert big.buyout_cost is None and big.gate_value == 6
    mid = b.airports[b.index("MID")]
    assert [b.regions[r].id for r in mid.regions] == ["E", "C"]


def test_shipped_usa_board():
    b = load_bs_board("usa")
    assert b.id == "usa" and len(b.airports) == 30 and b.total_cards == 59
    assert sum(len(a.regions) for a in b.airports) == 34
    assert b.bag == (100, 25) and b.gates_per_player == 20
    assert load_bs_board(USA).codes == b.codes


def test_each_game_refuses_the_others_board():
    with pytest.raises(BoardError, match="Blue Skies board, not an OpenSky board"):
        load_board(TINY)
    with pytest.raises(BoardError, match="OpenSky board, not a Blue Skies board"):
        load_bs_board("europe")


@pytest.mark.parametrize("old, new, words", [
    ("code: MID,", "code: BIG,", "duplicate airport code"),
    ("{id: C, name: Central", "{id: E, name: Central", "duplicate region id"),
    ("regions: [E], demand_cards: 5", "regions: [], demand_cards: 5", "one or two regions"),
    ("regions: [E, C]", "regions: [E, C, P]", "at most two"),
    ("regions: [E, C]", "regions: [E, X]", "unknown region"),
    ("regions: [E, C]", "regions: [E, E]", "twice"),
    ("gate_cost: 5, gate_value: 6", "gate_cost: 7, gate_value: 6", "from 1 to 6"),
    ("gate_cost: 5, gate_value: 6", "gate_cost: 0, gate_value: 6", "from 1 to 6"),
    ("gate_cost: 5, gate_value: 6", "gate_cost: 2.5, gate_value: 6", "whole number"),
    ("buyout_cost: 6, regions: [E, C]", "buyout_cost: 9, regions: [E, C]", "from 1 to 6"),
    ("gate_value: 6,", "gate_value: -1,", "0 or more"),
    ("demand_cards: 5}", "demand_cards: x}", "whole number"),
    ("demand_cards: 5}", "demand_cards: 3}", "at least 20"),
    ("bonus: [9, 4]", "bonus: [4, 9]", "at least the second"),
    ("bonus: [9, 4]", "bonus: [9]", "two whole numbers"),
    ("pos: [320, 80]", "pos: [420, 80]", "off the canvas"),
    ("bag: {red: 14, green: 5}", "bag: {red: 0, green: 5}", "red cube"),
    ("bag: {red: 14, green: 5}", "bag: {red: 14, blue: 5}", "only red and green"),
    ("gates_per_player: 8", "gates_per_player: 1", "2 or more"),
    ("canvas: [400, 300]", "canvas: [0, 300]", "positive"),
    ("game: blue_skies", "game: opensky", "OpenSky board"),
    ("code: PIN,", "code: NO,", "quote it"),
    ("{id: P, name: Pacific", "{id: 12, name: Pacific", "quote it"),
    ("id: tiny-us", "id: [1]", "must be text"),
])
def test_board_problems(old, new, words):
    assert old in BASE
    msg = refused(BASE.replace(old, new, 1))
    assert words in msg
    assert ":" in msg.split(" ")[0]  # FILE:LINE


def test_region_without_airport():
    text = BASE.replace("  - {id: P, name: Pacific, bonus: [6, 3]}\n",
                        "  - {id: P, name: Pacific, bonus: [6, 3]}\n  - {id: Z, name: Empty, bonus: [2, 1]}\n")
    assert "region 'Z' has no airport" in refused(text)


@pytest.mark.parametrize("spaces, words", [
    ("{2: 2, 3: 3, 4: 4}", "misses 5 players"),
    ("{2: 2, 3: 3, 4: 5, 5: 4}", "from 1 to 4"),
    ("{1: 2, 2: 2, 3: 3, 4: 4, 5: 4}", "player counts 2 to 5"),
])
def test_gate_spaces(spaces, words):
    text = BASE.replace("gates_per_player: 8", f"gates_per_player: 8\ngate_spaces: {spaces}")
    assert words in refused(text)


def test_gate_spaces_given():
    b = parse_bs_board(BASE.replace("gates_per_player: 8", "gates_per_player: 8\ngate_spaces: {2: 1, 3: 2, 4: 3, 5: 4}"), "b")
    assert b.gate_spaces == {2: 1, 3: 2, 4: 3, 5: 4}


def test_no_opening_pair_possible():
    text = BASE
    for code in ("BAY", "ROK", "DES", "PIN", "LAK", "SUN"):
        line = next(x for x in text.splitlines() if f"code: {code}," in x)
        import re
        fixed = re.sub(r"gate_cost: \d", "gate_cost: 4", line)
        fixed = re.sub(r"buyout_cost: \d", "buyout_cost: 4", fixed)
        text = text.replace(line, fixed)
    assert "no two airports" in refused(text)


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("- a\n- b\n", "mapping"),
    ("game: blue_skies\nid: x\n", "missing required key"),
    ("game: blue_skies\nid: [unclosed\n", "YAML"),
    ("a: &a [*a]\n", ""),
])
def test_not_a_board(text, words):
    assert words in refused(text)


def test_a_folder_and_a_missing_file(tmp_path: Path):
    with pytest.raises(BoardError, match="directory"):
        load_bs_board(tmp_path)
    with pytest.raises(BoardError, match="no such board file"):
        load_bs_board(tmp_path / "nope.yaml")
