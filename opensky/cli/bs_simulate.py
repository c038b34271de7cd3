"""``python main.py simulate --game blue_skies``: many whole Blue Skies games.

As OpenSky's ``simulate`` (the same summary, ``--bots``, ``--rotate``,
``--json``); ``--json`` adds ``mean_rounds`` and ``end_reasons``
(``blueskies/headless.md``, "Simulation").  ``mean_score`` is the mean final
total per seat.  A shared victory counts as a fraction for each sharer.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

from opensky.ai.blueskies import BS_BOT_NAMES, make_bs_bot
from opensky.blueskies.board import BSBoard, load_bs_board
from opensky.board.model import BoardError
from opensky.cli.errors import CliError
from opensky.cli.stats import wilson as _interval
from opensky.play.bsplay import play_bs_game


@dataclass
class BSResult:
    games: int = 0
    seconds: float = 0.0
    score_sum: list[float] = field(default_factory=list)
    wins_by_bot: dict[str, float] = field(default_factory=dict)
    games_by_bot: dict[str, int] = field(default_factory=dict)
    wins_by_seat: list[float] = field(default_factory=list)
    rounds: int = 0
    end_reasons: dict[str, int] = field(default_factory=lambda: {"score": 0, "gates": 0})


def simulate_bs(board: BSBoard, bot_names: Sequence[str], games: int, seed: int,
                rotate: bool = False) -> BSResult:
    P = len(bot_names)
    res = BSResult(score_sum=[0.0] * P, wins_by_seat=[0.0] * P)
    for n in bot_names:
        res.wins_by_bot.setdefault(n, 0.0)
        res.games_by_bot.setdefault(n, 0)
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        shift = g % P if rotate else 0
        seat_bots = [bot_names[(s + shift) % P] for s in range(P)]
        bots = [make_bs_bot(n, rng.randrange(2**31)) for n in seat_bots]
        game = play_bs_game(board, bots, rng)
        totals = game.totals
        win = game.winners
        for s in range(P):
            res.score_sum[s] += totals[s]
            res.games_by_bot[seat_bots[s]] += 1
        for s in win:
            res.wins_by_seat[s] += 1 / len(win)
            res.wins_by_bot[seat_bots[s]] += 1 / len(win)
        res.rounds += game.state.round
        for reason in game.state.end_reason or ():
            res.end_reasons[reason] += 1
    res.games = games
    res.seconds = time.perf_counter() - start
    return res


def run_bs_simulate(args: argparse.Namespace) -> int:
    names = [b.strip() for b in str(args.bots).split(",") if b.strip()]
    if not names:
        raise CliError("simulate: --bots needs at least one bot name")
    for n in names:
        if n not in BS_BOT_NAMES:
            raise CliError(f"simulate: unknown Blue Skies bot {n!r} (known: {', '.join(BS_BOT_NAMES)})")
    players = args.players if args.players is not None else (len(names) if len(names) > 1 else 2)
    if not 2 <= players <= 5:
        raise CliError(f"simulate: Blue Skies is for 2 to 5 players, not {players}")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise CliError(f"simulate: --bots names {len(names)} bots for {players} players")
    if args.games < 1:
        raise CliError("simulate: --games must be at least 1")
    try:
        board = load_bs_board(args.board if args.board is not None else "usa")
    except BoardError as e:
        raise CliError(str(e))
    res = simulate_bs(board, names, args.games, args.seed, args.rotate)
    gps = res.games / res.seconds if res.seconds > 0 else float("inf")
    mean = [round(s / res.games, 1) for s in res.score_sum]
    share = {b: round(w / res.games, 4) for b, w in res.wins_by_bot.items()}
    mean_rounds = round(res.rounds / res.games, 2)
    if args.json:
        print(json.dumps({
            "game": "blue_skies", "games": res.games, "seconds": round(res.seconds, 3),
            "games_per_second": round(gps, 1), "players": players, "board": board.id,
            "bots": names, "rotate": bool(args.rotate),
            "mean_score": mean, "win_share": share,
            "win_share_by_seat": [round(w / res.games, 4) for w in res.wins_by_seat],
            "mean_rounds": mean_rounds, "end_reasons": res.end_reasons,
        }))
        return 0
    print(f"{res.games} games of Blue Skies, {players} players on {board.id}, bots {', '.join(names)}"
          f"{' (seats rotated)' if args.rotate else ''}")
    print(f"{res.seconds:.2f} s, {gps:.1f} games per second; {mean_rounds} rounds a game; ended by "
          f"a score over 100 {res.end_reasons['score']}, all gates placed {res.end_reasons['gates']}")
    for s in range(players):
        print(f"  seat {s + 1}: mean score {mean[s]:8.1f}, wins {res.wins_by_seat[s] / res.games:6.1%}")
    for b, w in res.wins_by_bot.items():
        lo, hi = _interval(w, res.games)
        print(f"  {b}: win share {w / res.games:6.1%}  (95% CI {lo:.1%}–{hi:.1%}, {res.games_by_bot[b]} seat-games)")
    return 0
