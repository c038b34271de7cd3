#!/usr/bin/env python3
"""One computer airline against another, and where the points came from.

A tuning tool for OpenSky's computer airlines (issue 17): a variant (the
hero) plays against a base, seats rotated (``--seat``: one seat only), both
board sides, and the tool prints the hero's win share with its 95% interval,
the mean score margin, and a breakdown of both sides' points: markets won
alone (nobody else could bid) / against rivals / tied, by season, in the
months the airline rolled (it picked the market, R5) and the others', planes
leased, subsidy cubes, fare value still in hand at the end, flash tokens left
unused.

    python bench/ai_duel.py normal:solo=550                 # a Normal with other Params against Normal
    python bench/ai_duel.py expert:z=1.5 --games 200        # an Expert setting against Normal
    python bench/ai_duel.py expert --base normal --players 4 --games 200
    python bench/ai_duel.py expert --players 4 --board europe --games 120
    python bench/ai_duel.py lite --games 4000               # Expert's rollout policy as a player
    python bench/ai_duel.py expert --seat 1 --games 200     # Expert from the second seat only
    python bench/ai_duel.py expert:search=place_callsign --callsigns players   # Expert's call signs (R1)

A bot is ``LEVEL[:KEY=VALUE,...]``: ``easy``, ``normal``, ``expert`` or
``lite``; for ``normal`` a key that is a field of ``opensky.ai.model.Params``
sets it, any other key is a ``NormalBot`` argument; for ``expert`` the keys
are ``ExpertBot`` arguments; ``lite`` is Expert's rollout policy
(``opensky.ai.lite``, keys ``Lite`` arguments, ``exact_od=1`` as Expert
plays it) playing the months, Normal planning the network: how far the
rollouts' play is from Normal's.  Values are numbers or words.  In games of 3 or 4
the hero has one seat and the base the others.  Game g uses board
``g // P % 2`` (``--board``: that side only) and the hero's seat ``g % P``
(``--seat``: that one);
its seeds depend only on g, so the figures do not depend on ``--jobs``.
Writes nothing.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any, Sequence

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from opensky.ai.base import Bot  # noqa: E402
from opensky.board.loader import load_board  # noqa: E402
from opensky.cli.stats import wilson  # noqa: E402
from opensky.play.selfplay import play_game  # noqa: E402
from opensky.rules import events as E  # noqa: E402
from opensky.rules.constants import FARES, OCTOBER  # noqa: E402
from opensky.rules.actions import PLACE_CALLSIGN, PLACE_HUB, PLACE_PLANE, Action  # noqa: E402
from opensky.rules.state import NETWORK_PLANNING, GameState  # noqa: E402

BOARDS = ("europe", "north_america")
#: the bots a spec can name
LEVELS = ("easy", "normal", "expert", "lite")
#: the breakdown's lines, in print order
PARTS = ("score", "alone", "against", "tied", "season 1", "season 2", "own rolls", "others' rolls", "leased",
         "subsidies", "in hand", "flash left")


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``LEVEL[:KEY=VALUE,...]`` -> (level, arguments); SystemExit with the reason."""
    level, _, rest = spec.partition(":")
    if level not in LEVELS:
        raise SystemExit(f"ai_duel: unknown level {level!r} (easy, normal, expert or lite)")
    kw: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, eq, val = item.partition("=")
        if not eq or not key.isidentifier():
            raise SystemExit(f"ai_duel: {item!r} is not KEY=VALUE")
        kw[key] = _value(val)
    return level, kw


def make(spec: str, seed: int) -> Bot:
    level, kw = parse_spec(spec)
    if level == "easy":
        from opensky.ai.easy import EasyBot
        return EasyBot(seed, **kw)
    if level == "expert":
        from opensky.ai.expert import ExpertBot
        return ExpertBot(seed, **kw)
    if level == "lite":
        return LiteBot(seed, **kw)
    from opensky.ai.model import Params
    from opensky.ai.normal import NormalBot
    fields = {f.name for f in dataclasses.fields(Params)}
    prm = Params(**{k: v for k, v in kw.items() if k in fields})
    return NormalBot(seed, prm=prm, **{k: v for k, v in kw.items() if k not in fields})


class LiteBot(Bot):
    """Expert's rollout policy as a player: ``Lite`` plays the months from
    the player's view, Normal plans the network (as in Expert's searches)."""

    name = "lite"

    def __init__(self, seed: int = 0, iters: int = 50, exact_od: int = 1):
        from opensky.ai.lite import Lite
        from opensky.ai.normal import NormalBot
        super().__init__(seed)
        self.normal = NormalBot(seed ^ 0x5EED)
        self.lite = Lite(iters=iters, exact_od=bool(exact_od))

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        t = legal[0].type
        if t in (PLACE_CALLSIGN, PLACE_HUB) or (t == PLACE_PLANE and view.phase == NETWORK_PLANNING):
            return self.normal.choose(view, legal)
        if len(self.lite.markets) > 2000:
            self.lite.markets.clear()  # its memory of markets, bounded
        p = legal[0].player
        assert p is not None
        return self.lite.choose(view, p, legal, self.rng)


def breakdown(board: Any, game: Any) -> list[dict[str, float]]:
    """Each seat's points by where they came from (the game replayed from its log)."""
    s = GameState(board, game.names, game.callsigns)
    out = [dict.fromkeys(PARTS, 0.0) for _ in range(s.P)]
    bidders = 0
    for a in game.actions:
        month, roller = s.month, s.roller
        for e in s.apply(a):
            if isinstance(e, E.MarketChosen):
                bidders = len(e.stops)
            elif isinstance(e, E.MarketWon):
                d = out[e.player]
                d["alone" if bidders == 1 else "tied" if e.tie else "against"] += e.price
                d["season 1" if month <= OCTOBER else "season 2"] += e.price
                # the month's roller picked the market (R5)
                d["own rolls" if roller == e.player else "others' rolls"] += e.price
            elif isinstance(e, E.PlanesLeased):
                out[e.player]["leased"] += e.planes
    for q in range(s.P):
        sc = s.score(q)
        out[q].update({"score": sc["total"], "subsidies": sc["subsidies"],
                       "in hand": sum(v * n for v, n in zip(FARES, s.hand[q])),
                       "flash left": float(s.flash_unused[q])})
    return out


def play(task: tuple[str, str, int, int, int, tuple[str, ...], int | None, str]
         ) -> tuple[float, dict[str, float], dict[str, float]]:
    """One game: the hero's win share, its breakdown and the base seats' mean breakdown."""
    hero, base, P, g, seed, boards, seat, callsigns = task
    board = load_board(boards[(g // P) % len(boards)])
    rng = random.Random(seed * 1_000_003 + g)
    me = g % P if seat is None else seat
    bots = [make(hero if q == me else base, rng.randrange(2**31)) for q in range(P)]
    game = play_game(board, bots, rng, callsigns=None if callsigns == "players" else callsigns)
    parts = breakdown(board, game)
    others = {k: statistics.mean(parts[q][k] for q in range(P) if q != me) for k in PARTS}
    win = game.winners
    return (1.0 / len(win) if me in win else 0.0), parts[me], others


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("hero", help="the variant, LEVEL[:KEY=VALUE,...]")
    ap.add_argument("--base", default="normal", help="the others (default normal)")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--board", choices=BOARDS, help="play only this side of the board (default both in turn)")
    ap.add_argument("--seat", type=int, help="the hero's seat in every game, 0 the first (default: rotated)")
    ap.add_argument("--callsigns", choices=("recommended", "random", "players"), default="recommended",
                    help="the board's call signs (default), six airports at random, or placed by the players (R1)")
    a = ap.parse_args(argv)
    if a.seat is not None and not 0 <= a.seat < a.players:
        raise SystemExit(f"ai_duel: --seat must be 0 to {a.players - 1} with {a.players} players")
    parse_spec(a.hero)
    parse_spec(a.base)
    boards = (a.board,) if a.board else BOARDS
    tasks = [(a.hero, a.base, a.players, g, a.seed, boards, a.seat, a.callsigns) for g in range(a.games)]
    t0 = time.perf_counter()
    if a.jobs > 1:
        with Pool(a.jobs) as pool:
            res = list(pool.imap(play, tasks, chunksize=2))
    else:
        res = [play(t) for t in tasks]
    n = len(res)
    wins = sum(r[0] for r in res)
    lo, hi = wilson(wins, n)
    side = (f" on {a.board}" if a.board else "") + (f" from seat {a.seat + 1}" if a.seat is not None else "")
    if a.callsigns != "recommended":
        side += f", call signs {a.callsigns}"
    print(f"{a.hero} against {a.base}, {a.players} players{side}: wins {wins / n:.1%} of {n} games "
          f"(95% CI {lo:.1%}–{hi:.1%}; fair share {1 / a.players:.0%}) in {time.perf_counter() - t0:.0f} s")
    print(f"    {'mean per game':14} {'hero':>8} {'others':>8} {'diff':>8}")
    for k in PARTS:
        h = statistics.mean(r[1][k] for r in res)
        o = statistics.mean(r[2][k] for r in res)
        print(f"    {k:14} {h:8.1f} {o:8.1f} {h - o:+8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
