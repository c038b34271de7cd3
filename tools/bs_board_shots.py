"""Screenshots of the Blue Skies board view, to look at while building it.

Plays a seeded game between computer airlines for a few rounds, stops at a
purchase of the first seat, and draws what the game screen would show: the
board (the airports where the seat may buy lit, buyouts ringed, one airport
hovered with its tooltip), the score track, the bag and the card piles and
the legend.  Saves one PNG per window size and player count::

    python tools/bs_board_shots.py [--out /tmp/bsboard] [--rounds 4] [--seed 3]

Runs with the dummy video driver (no window needed).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from opensky.ai.blueskies import make_bs_bot  # noqa: E402
from opensky.blueskies.actions import BUY_GATE, BUYOUT  # noqa: E402
from opensky.blueskies.board import load_bs_board  # noqa: E402
from opensky.blueskies.session import draw as draw_chance  # noqa: E402
from opensky.blueskies.state import BSState  # noqa: E402
from opensky.blueskies import gates as G  # noqa: E402
from opensky.blueskies.view import player_view  # noqa: E402
from opensky.play.seats import DEFAULT_SEATS, Seat  # noqa: E402
from opensky.ui import assets, theme as T  # noqa: E402
from opensky.ui.bsgame.board import BSBoardView, draw_legend  # noqa: E402
from opensky.ui.bsgame.layout import BSLayout  # noqa: E402
from opensky.ui.bsgame.supply import draw_supply  # noqa: E402
from opensky.ui.bsgame.track import draw_track  # noqa: E402

SIZES = ((960, 600), (1280, 720), (1920, 1080))


def mid_game(players: int, rounds: int, seed: int) -> BSState:
    """A game played by Easy airlines until the first seat's purchase turn
    of round ``rounds`` (or the game's end)."""
    board = load_bs_board("usa")
    s = BSState(board, [n for n, _c, _s in DEFAULT_SEATS[:players]])
    rng = random.Random(seed)
    bots = [make_bs_bot("easy", seed + i) for i in range(players)]
    while not s.game_over:
        if s.is_chance():
            s.apply(draw_chance(s, rng))
            continue
        p = s.actor
        assert p is not None
        legal = s.legal_actions()
        if s.round >= rounds and p == 0 and any(a.type == BUY_GATE for a in legal):
            break
        s.apply(bots[p].choose(player_view(s, p), legal))
    return s


def shot(size: tuple[int, int], players: int, state: BSState, out: Path, t: float = 0.3) -> Path:
    """One picture laid out as the game screen lays itself out (``bsgame.layout``)."""
    W, H = size
    screen = pygame.display.set_mode(size)
    s = T.game_scale(size)
    lay = BSLayout.for_size(size, s, players)
    seats = [Seat(n, c, sh) for n, c, sh in T.DEFAULT_AIRLINES[:players]]
    view = player_view(state, 0)
    screen.fill(T.PAPER_DARK)
    pygame.draw.rect(screen, T.NIGHT, lay.top)
    title = assets.text(f"Blue Skies — round {state.round}, {players} players", assets.px(16 * s),
                        (240, 240, 240), "semibold")
    screen.blit(title, title.get_rect(midleft=(round(10 * s), lay.top.centery)))
    board = BSBoardView(view.board, view.spaces)
    t0 = time.perf_counter()
    board.layout(lay.board)
    t_layout = time.perf_counter() - t0
    legal = state.legal_actions()
    lit = {a.arg: "buy" for a in legal if a.type == BUY_GATE}
    lit_gates = {(a.arg, G.local_slot(state, a.arg)): "buyout" for a in legal if a.type == BUYOUT}
    scored = [a for a in range(len(view.board.airports))
              if len(view.gates[a]) >= 2 and view.board.airports[a].pos[0] < 1100]
    hover = max(scored or [0], key=lambda a: (len(view.gates[a]), sum(view.cubes[a])))
    board.draw(screen, view, seats, lit=lit, lit_gates=lit_gates, hover=hover, t=t)   # warm the caches
    t0 = time.perf_counter()
    n = 60
    for i in range(n):   # the pulse runs through its levels: a frame as the game draws it
        board.draw(screen, view, seats, lit=lit, lit_gates=lit_gates, hover=hover, t=t + i * 0.05)
    t_draw = (time.perf_counter() - t0) / n
    board.draw(screen, view, seats, lit=lit, lit_gates=lit_gates, hover=hover, t=t)
    draw_legend(screen, board.legend_rect(), view.board, view, seats, s)
    pygame.draw.rect(screen, T.PAPER, lay.side)
    pygame.draw.rect(screen, T.CARD, lay.airlines, border_radius=max(4, round(6 * s)))
    word = assets.text("(the airlines' panels)", assets.px(13 * s), T.INK_FAINT)
    screen.blit(word, word.get_rect(center=lay.airlines.center))
    draw_track(screen, lay.track, view, seats, current=view.actor)
    draw_supply(screen, lay.supply, view)
    pygame.draw.rect(screen, T.CARD, lay.tray)
    word = assets.text("(the tray of decisions)", assets.px(14 * s), T.INK_FAINT)
    screen.blit(word, word.get_rect(center=lay.tray.center))
    board.draw_tooltip(screen, view, hover, seats)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"bsboard_{W}x{H}_{players}p.png"
    pygame.image.save(screen, str(path))
    print(f"{path}: board {lay.board.size}, layout {t_layout * 1000:.0f} ms, draw {t_draw * 1000:.2f} ms")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp/bsboard"))
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 4, 5])
    ap.add_argument("--sizes", nargs="*", default=[f"{w}x{h}" for w, h in SIZES])
    args = ap.parse_args(argv)
    pygame.init()
    for players in args.players:
        state = mid_game(players, args.rounds, args.seed)
        for sz in args.sizes:
            w, h = (int(v) for v in sz.lower().split("x"))
            shot((w, h), players, state, args.out)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
