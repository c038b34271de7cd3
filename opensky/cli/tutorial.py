"""``python main.py tutorial [europe|north_america]`` opens a tutorial in the
window; ``python main.py tutorial --check`` plays every shipped tutorial and
puzzle headless through the engine and exits 0 only if each reaches its end."""
from __future__ import annotations

import argparse
import sys

from opensky.cli.errors import CliError


def run_check() -> int:
    from opensky.learn.check import check_all
    from opensky.learn.puzzles import shipped_puzzles
    from opensky.learn.tutorial import load_tutorial, shipped_ids
    problems = check_all()
    for line in problems:
        print(f"tutorial --check: {line}", file=sys.stderr)
    if problems:
        return 1
    steps = sum(len(load_tutorial(t).steps) for t in shipped_ids())
    print(f"tutorials: {len(shipped_ids())} ({steps} steps), puzzles: {len(shipped_puzzles())}: all reach their end")
    return 0


def run_tutorial(args: argparse.Namespace) -> int:
    if args.check:
        return run_check()
    from opensky.learn.tutorial import TutorialError, load_tutorial
    try:
        tutorial = load_tutorial(args.name)
    except TutorialError as e:
        raise CliError(str(e))
    from opensky.cli.window import _app_module, _tell_notices
    app_module = _app_module()
    from opensky.ui.game.tutorial import open_tutorial
    from opensky.ui.scenes.title import TitleScene
    app = app_module.App()
    _tell_notices(app)
    app.push(TitleScene(app))
    open_tutorial(app, tutorial, resume=True)
    return app.run()
