"""The board is legible at every size: labels never overlap each other or an
airport, every airport and route is on screen (issue #3)."""
from __future__ import annotations

import math

import pygame
import pytest

from opensky.board.loader import load_board
from opensky.rules.constants import CALLSIGNS
from opensky.rules.state import GameState
from opensky.ui.boardview import BoardView
from opensky.ui.setup import GameSetup


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((16, 16))
    yield
    pygame.display.quit()


@pytest.mark.parametrize("board_id", ["europe", "north_america"])
@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720), (1920, 1080), (960, 600)])
def test_labels_do_not_overlap(board_id, size):
    board = load_board(board_id)
    view = BoardView(board, GameSetup.default(4).seats)
    s = min(size[0] / 1280, size[1] / 720)
    view.layout(pygame.Rect(0, 0, *size), max(0.7, s))
    rects = [view.label_rect(i) for i in range(len(board.airports))]
    screen = pygame.Rect(0, 0, *size)
    ar = view.airport_radius()
    for i, r in enumerate(rects):
        assert screen.contains(r), board.airports[i].code
        for j, q in enumerate(rects):
            if i < j:
                assert not r.colliderect(q), (board.airports[i].code, board.airports[j].code)
        for j, (x, y) in enumerate(view.apx):
            # no label covers an airport disc
            cx = min(max(x, r.left), r.right)
            cy = min(max(y, r.top), r.bottom)
            assert math.hypot(cx - x, cy - y) >= ar * 0.9, (board.airports[i].code, board.airports[j].code)


@pytest.mark.parametrize("board_id", ["europe", "north_america"])
def test_board_renders_with_pieces(board_id):
    board = load_board(board_id)
    view = BoardView(board, GameSetup.default(2).seats)
    view.layout(pygame.Rect(0, 0, 1280, 720), 1.0)
    st = GameState(board, ["A", "B"], dict(zip(CALLSIGNS, board.recommended_callsigns)))
    st.apply(st.legal_actions()[0])
    surf = pygame.Surface((1280, 720))
    view.draw(surf, st)
    # the sea is not one flat colour: the map art was drawn
    assert len({tuple(surf.get_at((x, 360))) for x in range(0, 1280, 40)}) > 3
