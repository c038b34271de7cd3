"""Shared helpers for the Blue Skies tests: the tiny public board, scripted sessions."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from opensky.blueskies.board import BSBoard, load_bs_board
from opensky.blueskies.session import BSSession

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState

HERE = Path(__file__).resolve().parent
TINY = HERE / "tiny-us.board.yaml"
ROOT = HERE.parents[1]
USA = ROOT / "boards" / "usa.yaml"


def tiny() -> BSBoard:
    return load_bs_board(TINY)


def session(players: Sequence[str] = ("Ann", "Bo"), opening: Sequence[str] | None = None,
            hands: dict[str, Sequence[str]] | None = None, board: BSBoard | None = None,
            seed: int = 0) -> BSSession:
    b = board or tiny()
    op = [b.index(c) for c in opening] if opening is not None else None
    hs = [[b.index(c) for c in hands[n]] for n in players] if hands is not None else None
    return BSSession(b, list(players), seed, op, hs)


def do(s: BSSession, *actions: dict[str, Any]) -> None:
    for d in actions:
        s.apply_dict(d)


def cubes(o: int) -> dict[str, Any]:
    return {"type": "draw_cubes", "outcome": o}


def card(c: str) -> dict[str, Any]:
    return {"type": "draw_card", "outcome": c}


def played_until(decision: str, players: int = 2, seed: int = 0) -> "BSState":
    """A game on the shipped board played at random (chance by its odds) up to
    the first ``decision``."""
    import random

    from opensky.blueskies.session import draw
    from opensky.blueskies.state import BSState

    s = BSState(load_bs_board("usa"), [f"P{i}" for i in range(players)])
    rng = random.Random(seed)
    while s.decision != decision:
        if s.is_chance():
            s.apply(draw(s, rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    return s
