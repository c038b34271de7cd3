"""bench/ai_duel.py, the tuning tool of issue 17: its bot specs and its
breakdown of where the points came from (a fast game or two, no bench)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import ai_duel  # noqa: E402

from opensky.ai.expert import ExpertBot  # noqa: E402
from opensky.ai.normal import NormalBot  # noqa: E402
from opensky.board.loader import load_board  # noqa: E402
from opensky.play.selfplay import play_game  # noqa: E402


def test_specs_set_params_and_arguments():
    b = ai_duel.make("normal:solo=550,lookahead=0.4,fp_iters=60", 3)
    assert isinstance(b, NormalBot) and b.prm.solo == 550 and b.prm.lookahead == 0.4 and b.fp_iters == 60
    e = ai_duel.make("expert:z=1.5,search=bid", 3)
    assert isinstance(e, ExpertBot) and e.z == 1.5 and e.search == {"bid"}
    for bad in ("bogus", "normal:x", "normal:1x=2"):
        with pytest.raises(SystemExit):
            ai_duel.parse_spec(bad)


def test_lite_is_the_rollout_policy_as_a_player():
    lite = ai_duel.make("lite:iters=30", 3)
    assert isinstance(lite, ai_duel.LiteBot) and lite.lite.iters == 30 and lite.lite.exact_od
    assert not ai_duel.make("lite:exact_od=0", 3).lite.exact_od
    game = play_game(load_board("north_america"), [lite, NormalBot(2)], random.Random(5), callsigns="recommended")
    assert game.finished


@pytest.mark.parametrize("board_name", ["europe", "north_america"])
def test_breakdown_adds_up_to_the_score(board_name):
    """Markets won, less 200 a leased plane, plus subsidies, is the score
    (fares, change and spent chits): the breakdown misses no point."""
    board = load_board(board_name)
    game = play_game(board, [NormalBot(1), NormalBot(2), NormalBot(3)], random.Random(4), callsigns="recommended")
    parts = ai_duel.breakdown(board, game)
    for q, d in enumerate(parts):
        assert d["score"] == game.scores[q]
        assert d["alone"] + d["against"] + d["tied"] == d["season 1"] + d["season 2"]
        assert d["own rolls"] + d["others' rolls"] == d["season 1"] + d["season 2"]
        assert d["season 1"] + d["season 2"] - 200 * d["leased"] + d["subsidies"] == d["score"]
    # R5: the roller of month m is seat m mod P (the market it picked counts as its own roll)
    assert sum(d["own rolls"] for d in parts) > 0 and sum(d["others' rolls"] for d in parts) > 0


def test_main_prints_the_share_and_the_breakdown(capsys):
    assert ai_duel.main(["normal", "--base", "easy", "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "normal against easy, 2 players: wins" in out and "subsidies" in out and "flash left" in out


def test_board_plays_one_side_only(monkeypatch, capsys):
    sides: list[str] = []
    real = ai_duel.load_board

    def spy(name: str):  # type: ignore[no-untyped-def]
        sides.append(name)
        return real(name)
    monkeypatch.setattr(ai_duel, "load_board", spy)
    assert ai_duel.main(["normal", "--base", "easy", "--games", "4", "--jobs", "1", "--board", "europe"]) == 0
    assert sides == ["europe"] * 4
    assert "2 players on europe: wins" in capsys.readouterr().out
    sides.clear()
    assert ai_duel.main(["normal", "--base", "easy", "--games", "4", "--jobs", "1"]) == 0
    assert sides == ["europe", "europe", "north_america", "north_america"]


def test_seat_fixes_the_heros_seat(monkeypatch, capsys):
    seats: list[int] = []
    real = ai_duel.make

    def spy(spec: str, seed: int):  # type: ignore[no-untyped-def]
        if spec == "normal":  # the hero
            seats.append(len(built))
        built.append(spec)
        return real(spec, seed)
    built: list[str] = []
    monkeypatch.setattr(ai_duel, "make", spy)
    assert ai_duel.main(["normal", "--base", "easy", "--games", "3", "--jobs", "1", "--seat", "1"]) == 0
    assert [s % 2 for s in seats] == [1, 1, 1]
    assert "2 players from seat 2: wins" in capsys.readouterr().out
    seats.clear()
    built.clear()
    assert ai_duel.main(["normal", "--base", "easy", "--games", "3", "--jobs", "1"]) == 0
    assert [s % 2 for s in seats] == [0, 1, 0]  # rotated
    with pytest.raises(SystemExit, match="--seat must be 0 to 2"):
        ai_duel.main(["normal", "--players", "3", "--seat", "3"])


def test_bench_ai_refuses_player_counts_it_does_not_play():
    import argparse
    import bench_ai  # bench/ is on the path (above)
    assert bench_ai.multi_players("4") == (4,)
    assert bench_ai.multi_players(" 4,3 ") == (3, 4)
    for bad in ("2", "5", "3,x", ""):
        with pytest.raises(argparse.ArgumentTypeError):
            bench_ai.multi_players(bad)


def test_callsigns_players_has_the_players_place_them(monkeypatch, capsys):
    asked: list[object] = []
    real = ai_duel.play_game

    def spy(board, bots, rng, callsigns="recommended", **kw):  # type: ignore[no-untyped-def]
        asked.append(callsigns)
        game = real(board, bots, rng, callsigns=callsigns, **kw)
        assert all(a >= 0 for a in game.state.callsign_airport)   # all six were placed
        return game
    monkeypatch.setattr(ai_duel, "play_game", spy)
    assert ai_duel.main(["normal", "--base", "easy", "--games", "2", "--jobs", "1", "--callsigns", "players"]) == 0
    assert asked == [None, None] and "call signs players" in capsys.readouterr().out
