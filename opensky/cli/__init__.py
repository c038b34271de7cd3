"""Command line: the window by default, or a headless command.

Every failure a person can cause (a bad file, a bad option, an illegal action)
ends with one clear line on stderr and a non-zero exit — never a traceback.
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from opensky.cli.errors import EXIT_BAD_INPUT, MAX_CLI_MESSAGE, CliError  # noqa: F401 (the package's names)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise CliError(f"{self.prog}: {message} (try --help)")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="opensky", description="OpenSky, the airline board game.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    s = sub.add_parser("script", help="play a scripted game and print the state as JSON")
    s.add_argument("file", help="the game script (YAML)")
    s.add_argument("--compact", action="store_true", help="print the JSON on one line")
    s.add_argument("--view", default=None, metavar="NAME", help="print the state as that player sees it")
    m = sub.add_parser("simulate", help="play many games between computer players")
    m.add_argument("--games", type=int, default=100)
    m.add_argument("--players", type=int, default=None,
                   help="2, 3 or 4 (Blue Skies: 2 to 5; default: one per --bots name, else 2)")
    m.add_argument("--game", choices=("opensky", "blue_skies"), default=None,
                   help="the game (default: the board's; a Blue Skies board implies blue_skies)")
    m.add_argument("--board", default=None, help="board id or path to a board YAML (default: europe, or usa)")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--bots", default="random", help="one bot name for all seats, or one per seat, comma-separated")
    m.add_argument("--rotate", action="store_true", help="rotate the seats between games")
    m.add_argument("--callsigns", choices=("recommended", "random"), default=None,
                   help="call-sign airports per game (default: the board's recommended set, else random)")
    m.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")
    r = sub.add_parser("replay", help="watch a saved game move by move in the window")
    r.add_argument("file", help="a save file (.json)")
    d = sub.add_parser("demo", help="watch computer airlines play a whole game in the window")
    d.add_argument("--game", choices=("opensky", "blue_skies"), default="opensky",
                   help="which game (default opensky; blue_skies plays on the usa board)")
    d.add_argument("--seats", type=int, default=3, help="number of airlines, 2 to 4 (Blue Skies: 2 to 5)")
    d.add_argument("--board", default=None, help="board id or path to a board YAML (default europe, or usa)")
    d.add_argument("--seed", type=int, default=None)
    d.add_argument("--speed", type=float, default=1.0, help="animation and pace multiplier (e.g. 4 = fast)")
    d.add_argument("--bots", default="easy", help="computer player for every seat")
    d.add_argument("--exit-at-end", action="store_true",
                   help="close after the results screen and print the final state as JSON")
    t = sub.add_parser("tutorial", help="learn to play: open a tutorial, or --check every tutorial and puzzle")
    t.add_argument("name", nargs="?", default="europe", help="europe or north_america, or a tutorial file")
    t.add_argument("--check", action="store_true",
                   help="play every shipped tutorial and puzzle headless; exit 0 only if all reach their end")
    v = sub.add_parser("serve", help="a headless host for many online tables (spec/online.md)")
    v.add_argument("--port", type=int, default=4477, help="the port to listen on (0: any free port)")
    v.add_argument("--address", default="0.0.0.0", help="the address to listen on (default: every address)")
    v.add_argument("--data", default=None, metavar="DIR",
                   help="the folder of the tables and their seal key (default: the user data folder)")
    v.add_argument("--workers", type=int, default=1, help="threads for searching computer airlines")
    v.add_argument("--loop", choices=["auto", "uvloop", "asyncio"], default="auto",
                   help="the event loop: uvloop where installed (auto), or asyncio's own")
    j = sub.add_parser("join", help="join a friend's online table in the window")
    j.add_argument("address", help="the host's address, HOST or HOST:PORT (port 4477 by default)")
    j.add_argument("code", help="the table's join code, as the host's screen shows it")
    j.add_argument("--name", default=None, help="the airline to take (default: the first free seat)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        args = parser.parse_args(args_list)
        if args.command == "script":
            from opensky.cli.script import run_script
            return run_script(args.file, compact=args.compact, view=args.view)
        if args.command == "simulate":
            from opensky.cli.simulate import run_simulate
            return run_simulate(args)
        if args.command == "replay":
            from opensky.cli.window import run_replay
            return run_replay(args.file)
        if args.command == "demo":
            from opensky.cli.window import run_demo
            return run_demo(args)
        if args.command == "serve":
            from opensky.cli.online import run_serve
            return run_serve(args)
        if args.command == "join":
            from opensky.cli.online import run_join
            return run_join(args)
        if args.command == "tutorial":
            from opensky.cli.tutorial import run_tutorial
            return run_tutorial(args)
        from opensky.cli.window import run_window
        return run_window()
    except CliError as e:
        from opensky.textlimits import one_line
        print(one_line(str(e), MAX_CLI_MESSAGE), file=sys.stderr)
        return e.status
    except KeyboardInterrupt:
        print("opensky: interrupted", file=sys.stderr)
        return 130
