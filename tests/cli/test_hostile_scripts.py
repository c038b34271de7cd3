"""Hostile scripts (issue 13): wrong types where names belong, huge numbers,
alias bombs and deep nesting each give one line (exit 2), quickly, with no
traceback and never the whole bad value."""
from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest

from opensky.cli import main
from opensky.userfile import MAX_BYTES

HEAD = "board: europe\nplayers: [Ann, Bo]\ncallsigns: recommended\n"


def run(tmp_path: Path, text: str | bytes, capsys: pytest.CaptureFixture[str]) -> str:
    p = tmp_path / "s.yaml"
    p.write_bytes(text.encode() if isinstance(text, str) else text)
    before = p.read_bytes()
    t0 = time.perf_counter()
    status = main(["script", str(p)])
    took = time.perf_counter() - t0
    out, err = capsys.readouterr()
    assert status == 2 and out == "", (status, out[:200])
    assert err.count("\n") == 1 and "Traceback" not in err, err[:500]
    assert len(err) <= 402 and took < 3.0, (len(err), took)
    assert p.read_bytes() == before
    return err


@pytest.mark.parametrize("action, fragment", [
    ("{type: place_plane, player: [Ann], route: [LHR, CDG]}", "unknown player [\'Ann\']"),
    ("{type: place_plane, player: {a: 1}, route: [LHR, CDG]}", "unknown player"),
    ("{type: place_plane, player: Ann, route: [[LHR], CDG]}", "unknown airport"),
    ("{type: [bid], player: Ann}", "unknown action type"),
    ("{type: place_callsign, player: Ann, callsign: [Alpha], airport: LHR}", "unknown call sign"),
    ("{type: bid, player: Ann, fare: 200.0}", "not a fare card"),
    ("{type: lease, player: Ann, planes: 1, cards: [250.0]}", "fare cards"),
    ("[1, 2, 3]", "must be a mapping"),
])
def test_wrong_types_in_actions(tmp_path, capsys, action, fragment):
    err = run(tmp_path, HEAD + f"actions:\n  - {action}\n", capsys)
    assert fragment in err, err


def test_a_4301_digit_seed(tmp_path, capsys):
    err = run(tmp_path, HEAD + "seed: " + "9" * 4301 + "\n", capsys)
    assert "s.yaml:4:" in err and "4301 digits" in err


def test_a_long_value_is_never_echoed_whole(tmp_path, capsys):
    err = run(tmp_path, HEAD + "actions:\n  - {type: bid, player: Ann, fare: " + "x" * 100_000 + "}\n", capsys)
    assert "xxxx…" in err


def test_the_alias_bomb_of_the_issue(tmp_path, capsys):
    """532 bytes, nine levels of &l0 … *l8 under actions: (5 s, 1.2 GB and a
    312 MB error line before) — now refused at once, in one short line."""
    lines = ["actions:", "  - &l0 [a, a, a, a, a, a, a, a, a]"]
    for i in range(1, 10):
        lines.append(f"  - &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]")
    text = HEAD + "\n".join(lines) + "\n"
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    err = run(tmp_path, text, capsys)
    assert "alias" in err
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss < 100_000  # kB


@pytest.mark.parametrize("text", [
    HEAD + "actions: " + "[" * 50_000 + "]" * 50_000 + "\n",
    HEAD + "actions:\n" + "".join("  " * i + "- \n" for i in range(200)),
    HEAD + "x: &a [1, *a]\n",
    HEAD + "x: !!python/object:os.system [echo hi]\n",
    HEAD + "x: !!int nonsense\n",
    HEAD + "x: !!timestamp 2026-99-99\n",
    b"board: europe\n\xff\xfe\n",
    "",
])
def test_unreadable_yaml(tmp_path, capsys, text):
    run(tmp_path, text, capsys)


def test_an_oversized_script_is_refused_before_reading(tmp_path, capsys):
    err = run(tmp_path, b"#" * (MAX_BYTES + 1), capsys)
    assert "too large" in err


@pytest.mark.parametrize("players, fragment", [
    ('["A\\ud800", "Bo"]', "Unicode"),      # cannot be written as UTF-8
    ('["A\\0", "Bo"]', "control character"),          # cannot be drawn
    ('["A\\x1b[31m", "Bo"]', "control character"),
])
def test_names_that_cannot_be_shown_or_written(tmp_path, capsys, players, fragment):
    err = run(tmp_path, f"board: europe\nplayers: {players}\ncallsigns: recommended\n", capsys)
    assert fragment in err, err
