"""``python main.py simulate``: many whole games between computer players.

The engine's throughput benchmark and the bots' arena (headless spec,
"Simulation").  A shared victory counts as a fraction for each sharer.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

from opensky.ai import BOT_NAMES, make_bot
from opensky.blueskies.board import BLUE_SKIES
from opensky.board import files
from opensky.board.loader import load_board
from opensky.board.model import Board, BoardError
from opensky.cli.errors import CliError
from opensky.cli.stats import wilson as _interval
from opensky.play.selfplay import play_game


@dataclass
class Result:
    games: int = 0
    seconds: float = 0.0
    score_sum: list[float] = field(default_factory=list)
    wins_by_bot: dict[str, float] = field(default_factory=dict)
    games_by_bot: dict[str, int] = field(default_factory=dict)
    wins_by_seat: list[float] = field(default_factory=list)


def simulate(board: Board, bot_names: Sequence[str], games: int, seed: int,
             rotate: bool = False, callsign_mode: str | None = None) -> Result:
    P = len(bot_names)
    res = Result(score_sum=[0.0] * P, wins_by_seat=[0.0] * P)
    for n in bot_names:
        res.wins_by_bot.setdefault(n, 0.0)
        res.games_by_bot.setdefault(n, 0)
    mode = callsign_mode or ("recommended" if board.recommended_callsigns else "random")
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        shift = g % P if rotate else 0
        seat_bots = [bot_names[(s + shift) % P] for s in range(P)]
        bots = [make_bot(n, rng.randrange(2**31)) for n in seat_bots]
        # one stream: the bots' seeds, the call signs, then the game's chance
        game = play_game(board, bots, rng, callsigns=mode)
        win = game.winners
        scores = game.scores
        for s in range(P):
            res.score_sum[s] += scores[s]
            res.games_by_bot[seat_bots[s]] += 1
        for s in win:
            res.wins_by_seat[s] += 1 / len(win)
            res.wins_by_bot[seat_bots[s]] += 1 / len(win)
    res.games = games
    res.seconds = time.perf_counter() - start
    return res


def _game_of(args: argparse.Namespace) -> str:
    """The game to simulate: --game, else the board's own (a Blue Skies board implies it)."""
    if args.game is not None:
        return str(args.game)
    if args.board is None:
        return "opensky"
    try:
        return files.peek_game(files.resolve(args.board))
    except BoardError:
        return "opensky"  # the OpenSky loader names the problem


def run_simulate(args: argparse.Namespace) -> int:
    if _game_of(args) == BLUE_SKIES:
        from opensky.cli.bs_simulate import run_bs_simulate
        return run_bs_simulate(args)
    if args.board is None:
        args.board = "europe"
    names = [b.strip() for b in str(args.bots).split(",") if b.strip()]
    if not names:
        raise CliError("simulate: --bots needs at least one bot name")
    for n in names:
        if n not in BOT_NAMES:
            raise CliError(f"simulate: unknown bot {n!r} (known: {', '.join(BOT_NAMES)})")
    players = args.players if args.players is not None else (len(names) if len(names) > 1 else 2)
    if players not in (2, 3, 4):
        raise CliError(f"simulate: --players must be 2, 3 or 4, not {players}")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise CliError(f"simulate: --bots names {len(names)} bots for {players} players")
    if args.games < 1:
        raise CliError("simulate: --games must be at least 1")
    try:
        board = load_board(args.board)
    except BoardError as e:
        raise CliError(str(e))
    if args.callsigns == "recommended" and not board.recommended_callsigns:
        raise CliError(f"simulate: board {board.id} has no recommended call signs")
    res = simulate(board, names, args.games, args.seed, args.rotate, args.callsigns)
    gps = res.games / res.seconds if res.seconds > 0 else float("inf")
    mean = [round(s / res.games, 1) for s in res.score_sum]
    share = {b: round(w / res.games, 4) for b, w in res.wins_by_bot.items()}
    if args.json:
        print(json.dumps({
            "games": res.games, "seconds": round(res.seconds, 3),
            "games_per_second": round(gps, 1), "players": players, "board": board.id,
            "bots": names, "rotate": bool(args.rotate),
            "mean_score": mean, "win_share": share,
            "win_share_by_seat": [round(w / res.games, 4) for w in res.wins_by_seat],
        }))
        return 0
    print(f"{res.games} games, {players} players on {board.id}, bots {', '.join(names)}"
          f"{' (seats rotated)' if args.rotate else ''}")
    print(f"{res.seconds:.2f} s, {gps:.1f} games per second")
    for s in range(players):
        print(f"  seat {s + 1}: mean score {mean[s]:8.1f}, wins {res.wins_by_seat[s] / res.games:6.1%}")
    for b, w in res.wins_by_bot.items():
        seats_played = res.games_by_bot[b]
        # each game a bot name appears k times; its share is of all games
        lo, hi = _interval(w, res.games)
        print(f"  {b}: win share {w / res.games:6.1%}  (95% CI {lo:.1%}–{hi:.1%}, {seats_played} seat-games)")
    return 0
