"""The headless commands of shared/spec/headless.md, run as a player would."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "tests" / "boards"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120, env=env)


def write(tmp_path: Path, text: str, name: str = "game.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


GOOD = f"""
board: {BOARDS / 'tiny-hubs.board.yaml'}
players: [Ann, Bo]
seed: 3
callsigns: {{Alpha: AAA, Bravo: BBB, Charlie: CCC, Delta: DDD, Echo: EEE, Foxtrot: FFF}}
actions:
  - {{type: place_plane, player: Ann, route: [AAA, BBB]}}
"""


def one_line_refusal(r: subprocess.CompletedProcess) -> str:
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert r.stdout == ""
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    return lines[0]


def test_script_prints_state_json(tmp_path):
    r = run("script", str(write(tmp_path, GOOD)))
    assert r.returncode == 0, r.stderr
    js = json.loads(r.stdout)
    assert js["board"] == "tiny-hubs" and js["waiting_for"] == {"decision": "place_plane", "players": ["Ann"]}
    assert js["planes"] == [{"player": "Ann", "route": ["AAA", "BBB"]}]


def test_script_board_by_id_and_relative_path(tmp_path):
    (tmp_path / "b.board.yaml").write_text((BOARDS / "tiny-hubs.board.yaml").read_text())
    r = run("script", str(write(tmp_path, GOOD.replace(str(BOARDS / "tiny-hubs.board.yaml"), "b.board.yaml"))))
    assert r.returncode == 0, r.stderr
    r = run("script", str(write(tmp_path, "board: europe\nplayers: [Ann, Bo]\ncallsigns: recommended\n")))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["callsigns"]["Alpha"] == "LHR"


def test_script_draws_left_out_chance_from_seed(tmp_path):
    text = GOOD.replace("actions:\n  - {type: place_plane, player: Ann, route: [AAA, BBB]}\n", "actions:\n")
    moves = []
    for who, n in (("Ann", 3), ("Bo", 3), ("Bo", 3), ("Ann", 3)):
        moves += [f"  - {{type: place_plane, player: {who}, route: [AAA, BBB]}}\n"] * n
    moves += ["  - {type: place_hub, player: Ann, airport: AAA}\n", "  - {type: place_hub, player: Ann, airport: BBB}\n",
              "  - {type: place_hub, player: Bo, airport: AAA}\n", "  - {type: place_hub, player: Bo, airport: BBB}\n"]
    base = text + "".join(moves)
    outs = set()
    for _ in range(2):
        r = run("script", str(write(tmp_path, base + "  - {type: choose_od, player: Ann, od: [Alpha, Bravo]}\n")))
        outs.add(r.stdout)
    # the dice were drawn from the seed; the O&D may or may not be among them
    assert len(outs) == 1
    r = run("script", str(write(tmp_path, base)))
    assert json.loads(r.stdout)["waiting_for"]["decision"] == "roll_dice"  # nothing drawn at the end


@pytest.mark.parametrize("text,needle", [
    ("board: [unclosed\n", "YAML"),
    ("- just\n- a list\n", "mapping"),
    ("board: atlantis\nplayers: [Ann, Bo]\n", "unknown board"),
    ("board: nowhere/missing.board.yaml\nplayers: [Ann, Bo]\n", "missing.board.yaml"),
    ("board: europe\nplayers: [Ann]\n", "2 to 4"),
    ("board: europe\nplayers: [Ann, Bo]\ncallsigns: {Alpha: LHR}\n", "call sign"),
    ("board: europe\nplayers: [Ann, Bo]\ncallsigns: recommended\nactions:\n  - {type: fly, player: Ann}\n", "unknown action type"),
    ("board: europe\nplayers: [Ann, Bo]\ncallsigns: recommended\nactions:\n  - {type: place_plane, player: Bo, route: [LHR, CDG]}\n", "not Bo's turn"),
    ("board: europe\nplayers: [Ann, Bo]\ncallsigns: recommended\nactions:\n  - {type: place_plane, player: Ann, route: [LHR, ATH]}\n", "no route"),
    ("board: europe\nplayers: [Ann, Bo]\ncallsigns: recommended\nactions:\n  - {type: bid, player: Ann, fare: 300}\n", "waiting for place_plane by Ann"),
    ("board: europe\nplayers: [Ann, Bo]\ncallsigns: recommended\nactions:\n  - 17\n", "mapping"),
])
def test_script_refusals_are_one_line_exit_2(tmp_path, text, needle):
    line = one_line_refusal(run("script", str(write(tmp_path, text))))
    assert needle in line, line
    assert "game.yaml" in line


def test_script_refusal_names_action_index_and_line(tmp_path):
    text = GOOD + "  - {type: place_plane, player: Bo, route: [AAA, BBB]}\n"
    line = one_line_refusal(run("script", str(write(tmp_path, text))))
    assert "action 2" in line and "game.yaml:8" in line and "place_plane by Ann" in line


def test_script_missing_file_and_folder(tmp_path):
    assert "no such" in one_line_refusal(run("script", str(tmp_path / "none.yaml")))
    assert "folder" in one_line_refusal(run("script", str(tmp_path)))
    (tmp_path / "bin.yaml").write_bytes(b"\xff\xfe\x00garbage")
    one_line_refusal(run("script", str(tmp_path / "bin.yaml")))


def test_bad_command_line():
    r = run("frobnicate")
    assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = run("simulate", "--games", "x")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    r = run("simulate", "--bots", "genius")
    assert r.returncode == 2 and "unknown bot" in r.stderr
    r = run("simulate", "--board", "atlantis")
    assert r.returncode == 2 and "unknown board" in r.stderr


def test_simulate_json():
    r = run("simulate", "--games", "30", "--players", "3", "--board", "north_america", "--seed", "2",
            "--bots", "random", "--json", "--rotate")
    assert r.returncode == 0, r.stderr
    js = json.loads(r.stdout)
    assert js["games"] == 30 and len(js["mean_score"]) == 3 and js["games_per_second"] > 0
    assert abs(sum(js["win_share"].values()) - 1.0) < 1e-3
    r2 = run("simulate", "--games", "30", "--players", "3", "--board", "north_america", "--seed", "2",
             "--bots", "random", "--json", "--rotate")
    assert json.loads(r2.stdout)["mean_score"] == js["mean_score"]  # seeded


def test_simulate_summary_text():
    r = run("simulate", "--games", "10", "--players", "2")
    assert r.returncode == 0 and "games per second" in r.stdout and "win share" in r.stdout


def test_rules_never_import_pygame():  # DESIGN: rules are pure
    code = ("import sys, opensky.rules.state, opensky.rules.view, opensky.rules.session, "
            "opensky.board.loader, opensky.cli.script, opensky.cli.simulate; "
            "print('pygame' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.stdout.strip() == "False", r.stderr
    for f in (ROOT / "opensky" / "rules").glob("*.py"):
        text = f.read_text()
        assert "import pygame" not in text and "open(" not in text and "time." not in text, f
