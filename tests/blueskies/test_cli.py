"""Blue Skies through the command line: script, --view, simulate, refusals (headless.md)."""
from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from opensky.cli import main
from tests.blueskies.helpers import HERE, TINY
from tests.test_scenarios import subset

CONTRACT = HERE / "contract"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_the_contract_example_prints_its_state():
    code, out, err = run("script", str(CONTRACT / "headless-example.yaml"))
    assert code == 0, err
    got = json.loads(out)
    want = json.loads((CONTRACT / "headless-example.expect.json").read_text())
    assert subset(want, got) is None
    assert len(got["airports"]) == 30 and got["deck_count"] == len(got["deck"]) == 45
    assert got["in_play"] == []


def test_the_continued_example_runs():
    code, out, err = run("script", str(CONTRACT / "headless-example-continued.yaml"))
    assert code == 0, err
    got = json.loads(out)
    assert got["round"] == 2 and got["current_player"] == "Bo" and got["step"] == "buy_gates"
    assert [p["special_used"] for p in got["players"]] == [False, True, False]


def test_view_hides_the_other_hands_and_the_deck():
    code, out, err = run("script", str(CONTRACT / "headless-example.yaml"), "--view", "Bo")
    assert code == 0, err
    got = json.loads(out)
    assert got["view"] == "Bo" and got["deck"] is None and got["deck_count"] == 45
    assert [p["hand"] for p in got["players"]] == [None, ["CHI", "LAX", "MIA"], None]
    assert [p["hand_count"] for p in got["players"]] == [3, 3, 3]
    code, out, err = run("script", str(CONTRACT / "headless-example.yaml"), "--view", "Zed")
    assert code == 2 and "no such player" in err


def write(tmp: Path, text: str) -> str:
    (tmp / "tiny-us.board.yaml").write_text(TINY.read_text())
    f = tmp / "g.yaml"
    f.write_text(text)
    return str(f)


HEAD = """game: blue_skies
board: tiny-us.board.yaml
players: [Ann, Bo]
opening: [BIG, BAY, MID, LAK, ROK]
hands: {Ann: [MID, SUN, BIG], Bo: [DES, PIN, BIG]}
actions:
"""


@pytest.mark.parametrize("body, words", [
    ("- {type: buyout, player: Bo, airport: BIG}\n", ["action 1", "no seed", "waiting for draw_cubes at BIG"]),
    ("- {type: draw_cubes, outcome: 0}\n" * 5 + "- {type: buyout, player: Bo, airport: BIG}\n",
     ["action 6 (buyout Bo BIG)", "cannot be bought out (buyout N/A)", "waiting for opening gate 1 by Bo (6 points left)"]),
    ("- {type: draw_cubes, outcome: 0}\n" * 5 + "- {type: buy_gate, player: Ann, airport: BIG}\n",
     ["action 6", "not possible now"]),
    ("- {type: draw_cubes, outcome: 0}\n" * 5 + "- {type: play_card, player: Bo, airport: DES}\n",
     ["action 6", "not possible now"]),
    ("- {type: draw_cubes, outcome: 9}\n", ["action 1", "not possible"]),
    ("- {type: fly, player: Bo}\n", ["unknown action type"]),
    ("- {type: buy_gate, player: Zed, airport: BIG}\n", ["unknown player"]),
    ("- {type: buy_gate, player: Bo, airport: XXX}\n", ["unknown airport"]),
])
def test_refusals_are_one_line(tmp_path, body, words):
    code, out, err = run("script", write(tmp_path, HEAD + body))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    for w in words:
        assert w in err, err


@pytest.mark.parametrize("text, words", [
    (HEAD.replace("opening: [BIG, BAY, MID, LAK, ROK]\n", ""), ["'hands' needs 'opening'"]),
    (HEAD.replace("players: [Ann, Bo]", "players: [Ann, local]").replace("Bo:", "local:"), ["local"]),
    (HEAD.replace("players: [Ann, Bo]", "players: [Ann]"), ["2 to 5"]),
    (HEAD.replace("tiny-us.board.yaml", "europe"), ["OpenSky board, not a Blue Skies board"]),
    (HEAD.replace("[BIG, BAY, MID, LAK, ROK]", "[PIN, PIN, MID, LAK, ROK]"), ["PIN", "more often"]),
    (HEAD.replace("Bo: [DES, PIN, BIG]", "Bo: [DES, PIN]"), ["3 cards"]),
    (HEAD.replace("game: blue_skies", "game: chess"), ["unknown game"]),
    (HEAD + "- {type: draw_cubes, outcome: 0}\n" * 5 + "- {type: buy_gate, player: Bo, airport: BIG}\n"
     "- {type: buy_gate, player: Bo, airport: PIN}\n", ["no seed", "draw_cubes"]),
])
def test_bad_scripts(tmp_path, text, words):
    code, out, err = run("script", write(tmp_path, text))
    assert code == 2 and out == "" and "Traceback" not in err
    for w in words:
        assert w in err, err


def test_seed_draws_what_the_script_leaves_out(tmp_path):
    text = HEAD.replace("actions:\n", "seed: 3\nactions:\n") + "- {type: buy_gate, player: Bo, airport: BIG}\n"
    code, out, err = run("script", write(tmp_path, text))
    assert code == 0, err
    got = json.loads(out)
    assert got["waiting_for"]["decision"] == "draw_cubes"  # a pending chance step stays pending
    code2, out2, _ = run("script", write(tmp_path, text))
    assert out2 == out


def test_an_opensky_script_refuses_a_blue_skies_board(tmp_path):
    (tmp_path / "tiny-us.board.yaml").write_text(TINY.read_text())
    f = tmp_path / "o.yaml"
    f.write_text("board: tiny-us.board.yaml\nplayers: [Ann, Bo]\nactions: []\n")
    code, out, err = run("script", str(f))
    assert code == 2 and "Blue Skies board, not an OpenSky board" in err


def test_simulate_json():
    code, out, err = run("simulate", "--game", "blue_skies", "--games", "40", "--players", "4", "--board", "usa",
                         "--seed", "1", "--bots", "random", "--json")
    assert code == 0, err
    got = json.loads(out)
    assert got["games"] == 40 and got["players"] == 4 and got["board"] == "usa"
    assert len(got["mean_score"]) == 4 and abs(sum(got["win_share_by_seat"]) - 1) < 1e-6
    assert got["end_reasons"]["score"] + got["end_reasons"]["gates"] >= 40
    assert 1 <= got["mean_rounds"] <= 40


def test_simulate_board_implies_the_game_and_rejects_the_other():
    code, out, err = run("simulate", "--games", "5", "--board", str(TINY), "--players", "5")
    assert code == 0 and "Blue Skies" in out, err
    code, out, err = run("simulate", "--game", "blue_skies", "--board", "europe", "--games", "2")
    assert code == 2 and "OpenSky board" in err
    code, out, err = run("simulate", "--game", "blue_skies", "--players", "6", "--games", "2")
    assert code == 2 and "2 to 5" in err
    code, out, err = run("simulate", "--game", "blue_skies", "--bots", "wizard", "--games", "2")
    assert code == 2 and "unknown Blue Skies bot" in err
    code, out, err = run("simulate", "--games", "3", "--bots", "random")  # OpenSky still the default
    assert code == 0 and "europe" in out


def test_view_works_for_opensky_scripts_too():
    # OpenSky's state hides unrevealed bids already (O3): its view prints the same state
    root = HERE.parents[1] / "tests" / "scenarios"
    code, full, err = run("script", str(root / "bid-hidden-before-reveal.yaml"))
    assert code == 0, err
    code, view, err = run("script", str(root / "bid-hidden-before-reveal.yaml"), "--view", "Bo")
    assert code == 0, err
    assert json.loads(view) == json.loads(full)
    code, out, err = run("script", str(root / "bid-hidden-before-reveal.yaml"), "--view", "Zed")
    assert code == 2 and "no such player" in err and out == ""
