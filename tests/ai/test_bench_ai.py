"""bench_ai's split of a win share by seat (issue 17): the seat it names is
the seat the bot played, and the shares are that seat's games only."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import bench_ai as B  # noqa: E402


def test_the_seat_a_game_reports_is_the_one_the_bot_played() -> None:
    lineup = ("normal", "easy")
    for g in (0, 1):
        r = B.play((lineup, g, 3, None))
        # seats rotate with the game number: game 0 the first seat, game 1 the second
        assert r["seat"] == g % 2
        assert set(r["share"]) == set(lineup) and abs(sum(r["share"].values()) - 1.0) < 1e-9


def test_the_seat_line_splits_the_share_by_seat() -> None:
    results = [{"seat": 0, "share": {"expert": 1.0}}, {"seat": 1, "share": {"expert": 0.0}},
               {"seat": 0, "share": {"expert": 0.5}}, {"seat": 1, "share": {"expert": 1.0}},
               {"seat": 1, "share": {"expert": 0.0}}]
    assert B.seat_line(results, "expert") == "    by seat: 1st 75.0% of 2, 2nd 33.3% of 3"
