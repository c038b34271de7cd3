"""Start the game window, or the demo (computer airlines playing in the window)."""
from __future__ import annotations

import argparse
import json
import random
import sys
from typing import TYPE_CHECKING, Any

from opensky.cli.errors import CliError

if TYPE_CHECKING:
    from opensky.ui.app import App


def _app_module():  # type: ignore[no-untyped-def]
    try:
        import opensky.ui.app as app_module
    except ModuleNotFoundError as e:
        raise CliError(f"opensky: a required package is missing ({e.name}); "
                       "run: python -m pip install -r requirements.txt", 1)
    return app_module


def run_window() -> int:
    app_module = _app_module()
    # Temporary files a killed program left behind (issue 13) go at the next start.
    from opensky.persistence.store import remove_stale_temp_files
    remove_stale_temp_files()
    return int(app_module.run() or 0)


def run_demo(args: argparse.Namespace) -> int:
    """Computer airlines play a whole game, visibly, to the results screen."""
    from opensky.ai import BOT_NAMES
    from opensky.board.loader import load_board
    from opensky.board.model import BoardError

    if getattr(args, "game", "opensky") == "blue_skies":
        return run_bs_demo(args)
    if args.board is None:
        args.board = "europe"
    if args.seats not in (2, 3, 4):
        raise CliError(f"demo: --seats must be 2, 3 or 4, not {args.seats}")
    if not args.speed > 0:
        raise CliError("demo: --speed must be a positive number")
    if args.bots not in BOT_NAMES:
        raise CliError(f"demo: unknown bot {args.bots!r} (known: {', '.join(BOT_NAMES)})")
    try:
        board = load_board(args.board)
    except BoardError as e:
        raise CliError(str(e))
    app_module = _app_module()

    from opensky.ui.scenes.game import GameScene
    from opensky.ui.scenes.results import ResultsScene
    from opensky.ui.setup import GameSetup

    setup = GameSetup.default(args.seats)
    setup.board = board.path or args.board
    setup.seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    for seat in setup.seats:
        seat.human = False
        seat.bot = args.bots
    app = app_module.App()
    _tell_notices(app)   # the demo never shows the title screen, where notices go
    app.anim_speed = args.speed
    app.ai_pace = 0.8 / args.speed
    game = GameScene(app, setup, autosave=False)  # a demo never replaces the player's own game
    return _play_demo(app, game, ResultsScene, args)


def run_bs_demo(args: argparse.Namespace) -> int:
    """``demo --game blue_skies``: computer airlines play a whole game of
    Blue Skies in the window, to the results screen."""
    from opensky.ai.blueskies import BS_BOT_NAMES
    from opensky.blueskies.board import load_bs_board
    from opensky.board.model import BoardError
    from opensky.play.seats import BLUE_SKIES, DEFAULT_SEATS, GameSetup, Seat

    if args.seats not in (2, 3, 4, 5):
        raise CliError(f"demo: --seats must be 2 to 5 for Blue Skies, not {args.seats}")
    if not args.speed > 0:
        raise CliError("demo: --speed must be a positive number")
    if args.bots not in BS_BOT_NAMES:
        raise CliError(f"demo: unknown Blue Skies bot {args.bots!r} (known: {', '.join(BS_BOT_NAMES)})")
    ref = args.board or "usa"
    try:
        board = load_bs_board(ref)
    except BoardError as e:
        raise CliError(str(e))
    app_module = _app_module()

    from opensky.ui.bsgame.scene import BSGameScene
    from opensky.ui.scenes.bsresults import BSResultsScene

    seats = [Seat(n, c, sh, human=False, bot=args.bots) for n, c, sh in DEFAULT_SEATS[:args.seats]]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    setup = GameSetup(board=board.path or ref, seats=seats, seed=seed, game=BLUE_SKIES)
    app = app_module.App()
    _tell_notices(app)
    app.anim_speed = args.speed
    app.ai_pace = 0.8 / args.speed
    game = BSGameScene(app, setup, autosave=False)  # a demo never replaces the player's own game
    return _play_demo(app, game, BSResultsScene, args)


def _play_demo(app: "App", game: Any, results: type, args: argparse.Namespace) -> int:
    """Run the window until the demo's game has ended and its results were
    shown a moment (``--exit-at-end``), or the window is closed; then print
    the final state (either game's JSON) with ``--exit-at-end``."""
    import pygame

    app.push(game)
    shown_for = 0.0
    clock = pygame.time.Clock()
    while app.running:
        app.step(block=True)
        if app.animating():
            clock.tick(60)
        if isinstance(app.stack.top, results):
            shown_for += clock.get_time() / 1000 or 0.02
            if args.exit_at_end and shown_for >= 3.0 / args.speed:
                break
    final = game.ctl.state
    pygame.quit()
    if args.exit_at_end:
        if not final.game_over:
            raise CliError("demo: the window was closed before the end", 1)
        sys.stdout.write(json.dumps(final.to_json(), ensure_ascii=False) + "\n")
    return 0


def _tell_notices(app: "App") -> None:
    """Say on stderr, one line each, what the title screen would have told
    (a damaged settings file kept aside, …) for commands that skip it."""
    from opensky.i18n import tr
    from opensky.textlimits import one_line
    for title, body, fields in app.notices:
        print(one_line(f"opensky: {tr(title)}: {tr(body, **fields)}", 400), file=sys.stderr)


def run_replay(path: str) -> int:
    """``python main.py replay SAVE``: the saved game (either game's), move
    by move, in the window."""
    from opensky.persistence.bssave import LoadedBSGame
    from opensky.persistence.save import SaveError
    from opensky.persistence.store import load_any

    try:
        loaded = load_any(path)
    except SaveError as e:
        raise CliError(str(e))
    app_module = _app_module()
    from opensky.ui.screens import screen

    app = app_module.App()
    _tell_notices(app)
    app.push(screen("bs_replay" if isinstance(loaded, LoadedBSGame) else "replay")(app, loaded))
    return app.run()
