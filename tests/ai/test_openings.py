"""Expert's openings (issue 17): the book's first placements of a season,
matched only in the position they were worked out for."""
from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from opensky.ai.expert import ExpertBot
from opensky.ai.openings import BOOK, Line, book_move
from opensky.board.loader import load_board
from opensky.play.selfplay import resolve_callsigns
from opensky.rules.actions import PLACE_PLANE
from opensky.rules.constants import OCTOBER
from opensky.rules.state import NETWORK_PLANNING, GameState
from opensky.rules.view import player_view

ROOT = Path(__file__).resolve().parents[2]


def fresh(board_id: str = "europe", P: int = 2, callsigns: str = "recommended") -> GameState:
    board = load_board(board_id)
    return GameState(board, [f"P{i + 1}" for i in range(P)], resolve_callsigns(board, callsigns, random.Random(3)))


def route(s: GameState, a: str, b: str) -> int:
    codes = s.board.codes
    return next(r for r, (x, y) in enumerate(s.board.route_ends) if {codes[x], codes[y]} == {a, b})


def line_for(s: GameState, routes: tuple[tuple[str, str], ...], **kw: object) -> Line:
    base = dict(board=s.board.id, callsigns=tuple(s.board.codes[x] for x in s.callsign_airport),
                players=s.P, season=1, subsidies=tuple(s.subsidy_left), routes=routes)
    base.update(kw)
    return Line(**base)  # type: ignore[arg-type]


def place(s: GameState, r: int) -> None:
    s.apply(next(a for a in s.legal_actions(s.actors[0]) if a.arg == r))


LINE = (("ARN", "LHR"), ("FRA", "LHR"), ("CDG", "MAD"))


def test_the_line_is_played_in_order() -> None:
    s = fresh()
    book = [line_for(s, LINE)]
    for a, b in LINE:
        assert s.decision == PLACE_PLANE and s.actors == (0,)
        got = book_move(s, s.legal_actions(0), book)
        assert got is not None and got.arg == route(s, a, b)
        s.apply(got)
    # the line is over: the book has nothing more
    assert book_move(s, s.legal_actions(s.actors[0]), book) is None


@pytest.mark.parametrize("change", ["players", "season", "subsidies", "callsigns", "board"])
def test_a_line_of_another_setup_is_not_played(change: str) -> None:
    s = fresh()
    kw: dict[str, object] = {
        "players": {"players": 3}, "season": {"season": 2},
        "subsidies": {"subsidies": (False,) * 6}, "callsigns": {"callsigns": ("LHR",) * 6},
        "board": {"board": "north_america"},
    }[change]
    assert book_move(s, s.legal_actions(0), [line_for(s, LINE, **kw)]) is None
    assert book_move(s, s.legal_actions(0), [line_for(s, LINE)]) is not None


def test_off_the_line_the_book_is_silent() -> None:
    s = fresh()
    book = [line_for(s, LINE)]
    place(s, route(s, "CDG", "LHR"))  # not the line's first placement
    assert book_move(s, s.legal_actions(0), book) is None


def test_only_the_first_seat_before_any_rival_plane() -> None:
    s = fresh()
    book = [line_for(s, LINE)]
    for a, b in LINE:
        place(s, route(s, a, b))
    # the second seat's turn: never the book's
    assert s.actors == (1,)
    assert book_move(s, s.legal_actions(1), [line_for(s, LINE)]) is None
    # a rival plane on the board: the first seat's line no longer holds
    t = fresh()
    t.planes[1][route(t, "DUB", "LHR")] = 1
    assert book_move(t, t.legal_actions(0), book) is None


def test_the_shipped_book_is_well_formed_and_playable() -> None:
    assert BOOK, "the book has lines"
    seen = set()
    for ln in BOOK:
        board = load_board(ln.board)
        assert ln.callsigns == board.recommended_callsigns
        assert 2 <= ln.players <= 4 and ln.season in (1, 2) and len(ln.subsidies) == 6
        assert ln.routes and len(ln.margins) == len(ln.routes) and ln.playouts >= 100
        pairs = {tuple(sorted(r)) for r in board.routes}
        assert all(tuple(sorted(r)) in pairs for r in ln.routes)
        key = (ln.board, ln.players, ln.season, ln.subsidies)
        assert key not in seen, "one line per setup and cubes left"
        seen.add(key)
        if ln.season == 1:
            s = fresh(ln.board, ln.players)
            for a, b in ln.routes:
                got = book_move(s, s.legal_actions(0))
                assert got is not None and got.arg == route(s, a, b)
                s.apply(got)
    # every board side and player count has its first season's line
    assert {(b, P) for b, P, season, _ in seen if season == 1} == {
        (b, P) for b in ("europe", "north_america") for P in (2, 3, 4)}


def test_expert_opens_by_the_book_and_without_a_search() -> None:
    s = fresh()
    line = next(ln for ln in BOOK if ln.board == "europe" and ln.players == 2 and ln.season == 1)
    bot = ExpertBot(5)
    got = bot.choose(player_view(s, 0), s.legal_actions(0))
    assert got.arg == route(s, *line.routes[0])
    assert bot.last == {}  # no search was run
    # random call signs: no line, Expert plans as before (Normal's plan)
    r = fresh(callsigns="random")
    assert book_move(r, r.legal_actions(0)) is None


def test_the_tool_writes_a_book_that_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("openings_tool", ROOT / "tools" / "openings.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    sys.modules["openings_tool"] = tool
    spec.loader.exec_module(tool)
    out = tmp_path / "book.py"
    monkeypatch.setattr(tool, "OUT", out)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    import argparse
    a = argparse.Namespace(depth=1, first=2, more=2, screen=2, keep=1, bases=2, share=0.15, jobs=1)
    from multiprocessing import Pool
    with Pool(1) as pool:
        ln = tool.build_line(pool, "europe", 2, 1, a)
    assert len(ln.routes) == 1 and ln.playouts == 4
    tool.write([ln], a)
    ns: dict[str, object] = {}
    exec(compile(out.read_text(encoding="utf-8"), str(out), "exec"), ns)
    assert tuple(Line(*row) for row in ns["ROWS"]) == (ln,)  # type: ignore[attr-defined]


def test_the_tool_takes_every_common_pattern_of_cubes_for_second_seasons(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("openings_tool", ROOT / "tools" / "openings.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    sys.modules["openings_tool"] = tool
    spec.loader.exec_module(tool)
    a, b = (True,) + (False,) * 5, (False,) * 6
    pats = [a, b, b, a, b, (False, True) + (False,) * 4]     # b 3 times, a twice, the last once
    monkeypatch.setattr(tool, "_season2", lambda board_id, P, k: type("S", (), {"subsidy_left": list(pats[k])})())
    assert tool.common_subsidies("europe", 2, 6, 1.0) == [b]            # the most common always
    assert tool.common_subsidies("europe", 2, 6, 0.3) == [b, a]         # a in 2 of 6
    assert tool.common_subsidies("europe", 2, 6, 0.0)[:2] == [b, a] and len(tool.common_subsidies("europe", 2, 6, 0.0)) == 3


def test_the_tool_starts_each_pattern_of_cubes_from_games_with_those_cubes() -> None:
    spec = importlib.util.spec_from_file_location("openings_tool", ROOT / "tools" / "openings.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    sys.modules["openings_tool"] = tool
    spec.loader.exec_module(tool)
    pats = tool.common_subsidies("europe", 2, 12, 0.0)
    assert len(pats) >= 2
    for pat in pats[:2]:    # one after the other, in one process: a start is kept by its cubes too
        for k in (0, 1):
            s = tool._start("europe", 2, 2, pat, k)
            assert tuple(s.subsidy_left) == pat and s.month > OCTOBER and s.phase == NETWORK_PLANNING
