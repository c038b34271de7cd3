"""The state JSON in parts (``GameState.json_part``, ``player_part``,
``planes_json``, ``json_sources``): the parts put together are ``to_json``,
and over whole random games equal sources always make equal parts — what
the online host relies on to encode again only the parts whose sources
changed (``online/statetext.py``)."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from opensky.board.files import peek_game
from opensky.board.loader import load_board
from opensky.paths import boards_dir
from opensky.rules.constants import CALLSIGNS
from opensky.rules.state import PLAYER_PARTS, GameState
from tests.rules.helpers import BOARDS

BOARD_FILES = ([p for p in sorted(boards_dir().glob("*.yaml")) if peek_game(p) == "opensky"]
               + [BOARDS / "tiny-hubs.board.yaml", BOARDS / "tiny-cross.board.yaml"])


def _keepable(x: Any) -> bool:
    """Only tuples of ints, strings, bools and None (nothing a state shares)."""
    if isinstance(x, tuple):
        return all(_keepable(y) for y in x)
    return x is None or isinstance(x, (int, str))


def _check_parts(s: GameState, made: dict[Any, str]) -> None:
    js = s.to_json()
    src = s.json_sources()
    assert list(src) == list(js)
    assert all(_keepable(v) for v in src.values())
    assert js == {k: s.json_part(k) for k in js}
    assert js["players"] == [s.player_json(p) for p in range(s.P)]
    assert js["planes"] == [plane for p in range(s.P) for plane in s.planes_json(p)]
    # equal sources, equal parts (a source's repr: equal only for equal types too)
    texts: dict[Any, Any] = {}
    for k, v in src.items():
        if k == "players":
            for p, parts in enumerate(v):
                assert len(parts) == PLAYER_PARTS
                merged: dict[str, Any] = {}
                for i, part_source in enumerate(parts):
                    part = s.player_part(p, i)
                    merged.update(part)
                    texts[(k, p, i, repr(part_source))] = part
                assert list(merged.items()) == list(js["players"][p].items())
        elif k == "planes":
            for p, row in enumerate(v):
                texts[(k, p, repr(row))] = s.planes_json(p)
        else:
            texts[(k, repr(v))] = js[k]
    for place, value in texts.items():
        text = json.dumps(value)
        assert made.setdefault(place, text) == text, place


@pytest.mark.parametrize("path", BOARD_FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize("P", [2, 3, 4])
def test_parts_make_to_json_and_equal_sources_make_equal_parts(path: Any, P: int) -> None:
    """Two games of one board and names (their parts compared across both)."""
    b = load_board(path)
    names = ["Ann", "Bo", "Cy", "Di"][:P]
    made: dict[Any, str] = {}
    for seed in (P, P + 10):
        rng = random.Random(seed)
        s = GameState(b, names, dict(zip(CALLSIGNS, rng.sample(list(b.codes), 6))) if seed != P else None)
        steps = 0
        while True:
            _check_parts(s, made)
            if s.game_over:
                break
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            steps += 1
            assert steps < 2000
        assert s.json_sources()["winners"] is not None


def test_to_json_is_made_afresh() -> None:
    s = GameState(load_board(BOARDS / "tiny-cross.board.yaml"), ["Ann", "Bo"])
    rng = random.Random(5)
    for _ in range(60):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    before = json.dumps(s.to_json())
    js = s.to_json()
    js["players"][0]["hand"].append(999)
    js["players"][0]["score"]["total"] = -1
    js["waiting_for"] = None
    for plane in js["planes"]:
        plane["route"].append("XXX")
    assert json.dumps(s.to_json()) == before
