"""learn.json: the player's puzzle marks and tutorial steps; a hostile file
never stops the game and is kept aside, never overwritten."""
from __future__ import annotations

import json
import os

import pytest

from opensky.learn import progress as P


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    d = tmp_path / "config"
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(d))
    return d


def test_missing_file_is_empty(cfg):
    got = P.load()
    assert got.puzzles == {} and got.tutorials == {}
    assert not (cfg / P.BAD).exists()


def test_round_trip_and_marks(cfg):
    assert P.mark_puzzle("01-half-the-fare", False) is None
    assert P.load().puzzles == {"01-half-the-fare": P.TRIED}
    assert P.mark_puzzle("01-half-the-fare", True) is None
    assert P.mark_puzzle("01-half-the-fare", False) is None   # solved stays solved
    assert P.mark_puzzle("02-not-cheap-enough", False) is None
    assert P.mark_tutorial("first-flight", 3, False) is None
    assert P.mark_tutorial("first-flight", 7, True) is None
    got = P.load()
    assert got.puzzles == {"01-half-the-fare": P.SOLVED, "02-not-cheap-enough": P.TRIED}
    assert got.tutorials == {"first-flight": P.TutorialMark(7, True)}
    raw = json.loads((cfg / P.FILE).read_text(encoding="utf-8"))
    assert raw == {"puzzles": {"01-half-the-fare": "solved", "02-not-cheap-enough": "tried"},
                   "tutorials": {"first-flight": {"step": 7, "done": True}}}
    assert not list(cfg.glob("*.tmp"))


@pytest.mark.parametrize("content", [
    b"not json at all",
    b"",
    b"[1, 2, 3]",
    b'"text"',
    b"\xff\xfe\x00garbage",
    b'{"puzzles": {"a": "solved"}',          # cut short
    b"[" * 100_000,                          # nested too deeply
    b'{"x": 1e999999}',
    b" " * (P.MAX_BYTES + 1),                # too large
])
def test_damaged_file_is_moved_aside(cfg, content):
    cfg.mkdir()
    (cfg / P.FILE).write_bytes(content)
    got = P.load()
    assert got.puzzles == {} and got.tutorials == {}
    assert not (cfg / P.FILE).exists()
    assert (cfg / P.BAD).read_bytes() == content
    # the next save writes a fresh file and keeps the damaged one
    assert P.mark_puzzle("01", True) is None
    assert P.load().puzzles == {"01": "solved"}
    assert (cfg / P.BAD).read_bytes() == content


def test_an_older_bad_file_is_not_overwritten(cfg):
    cfg.mkdir()
    (cfg / P.BAD).write_text("older", encoding="utf-8")
    (cfg / P.FILE).write_text("newer damage", encoding="utf-8")
    assert P.load().puzzles == {}
    assert (cfg / P.BAD).read_text(encoding="utf-8") == "older"
    assert (cfg / (P.BAD + ".2")).read_text(encoding="utf-8") == "newer damage"


def test_folder_under_its_name(cfg):
    (cfg / P.FILE).mkdir(parents=True)
    (cfg / P.FILE / "inside").write_text("kept", encoding="utf-8")
    assert P.load().puzzles == {}
    assert (cfg / P.BAD / "inside").read_text(encoding="utf-8") == "kept"
    assert P.mark_puzzle("01", True) is None
    assert P.load().puzzles == {"01": "solved"}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_pipe_under_its_name_does_not_hang(cfg):
    cfg.mkdir()
    os.mkfifo(cfg / P.FILE)
    assert P.load().tutorials == {}
    assert (cfg / P.BAD).exists() and not (cfg / P.FILE).exists()


def test_values_checked_one_by_one(cfg):
    cfg.mkdir()
    raw = {
        "puzzles": {"ok": "solved", "t": "tried", "bad-mark": "done", "num": 3, "": "solved",
                    " padded": "solved", "x" * 200: "solved", "nul\u0000": "solved"},
        "tutorials": {"good": {"step": 2, "done": False}, "neg": {"step": -1, "done": False},
                      "flag": {"step": True, "done": False}, "str": {"step": "2", "done": False},
                      "done-text": {"step": 1, "done": "yes"}, "list": [1, 2], "huge": {"step": 10 ** 30,
                                                                                         "done": True},
                      "float": {"step": 1.5, "done": True}, "fine": {"step": 0, "done": True}},
        "extra": "ignored",
    }
    (cfg / P.FILE).write_text(json.dumps(raw), encoding="utf-8")
    got = P.load()
    assert got.puzzles == {"ok": "solved", "t": "tried"}
    assert got.tutorials == {"good": P.TutorialMark(2, False), "fine": P.TutorialMark(0, True)}
    assert not (cfg / P.BAD).exists()   # a usable file with bad values is not set aside


def test_wrong_shapes_inside_a_table(cfg):
    cfg.mkdir()
    (cfg / P.FILE).write_text('{"puzzles": [1], "tutorials": "x"}', encoding="utf-8")
    got = P.load()
    assert got.puzzles == {} and got.tutorials == {}


def test_save_failure_is_a_sentence(cfg, monkeypatch):
    cfg.parent.mkdir(exist_ok=True)
    cfg.write_text("a file where the folder should be", encoding="utf-8")
    msg = P.mark_puzzle("01", True)
    assert isinstance(msg, str) and "could not be saved" in msg
    assert P.load().puzzles == {}
