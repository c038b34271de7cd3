"""``python main.py tutorial --check``: every shipped tutorial and puzzle
played headless through the engine.

A tutorial passes when its file loads (its story is played once at load),
and when played as the window plays it — through ``TutorialController`` —
each step's taught move is legal when the step comes, every other legal
move of the person is refused with a gentle word and changes nothing, and
the story reaches its last step with the game over.  A puzzle passes when
``opensky.learn.puzzles.check_all`` finds nothing wrong.
"""
from __future__ import annotations

from opensky.learn.lesson import AUTO, DO, READ
from opensky.learn.tutorial import Tutorial, TutorialError, load_tutorial, shipped_ids


def play_through(t: Tutorial, every_refusal: bool = True) -> list[str]:
    """Play ``t`` step by step as the window would; the problems found."""
    from opensky.play.tutorial import TutorialController
    ctl = TutorialController(t, keep_progress=False)
    lesson = ctl.lesson
    problems: list[str] = []
    guard = 0
    while not lesson.finished and guard < 10_000:
        guard += 1
        index = lesson.index
        where = f"{t.id}: step {index + 1}"
        if lesson.moment == DO:
            want = lesson.expected()
            assert want is not None
            st = ctl.state
            legal = st.legal_actions(t.human)
            if want not in legal:
                problems.append(f"{where}: the taught move is not legal")
                break
            if every_refusal:
                for other in legal:
                    if other == want:
                        continue
                    size = len(ctl.session.log)
                    if ctl.try_apply(other) is None or len(ctl.session.log) != size or lesson.index != index:
                        problems.append(f"{where}: another move was accepted: {ctl.session.codec.describe(other)}")
                        break
            if ctl.try_apply(want) is not None:
                problems.append(f"{where}: the taught move was refused")
                break
        elif lesson.moment == READ:
            ctl.proceed()
        elif lesson.moment == AUTO:
            if ctl.computer_to_move() is None or ctl.step_computer() is None:
                problems.append(f"{where}: a scripted move could not be played")
                break
    if not problems and not ctl.state.game_over:
        problems.append(f"{t.id}: the story ended before the game")
    return problems


def check_all(every_refusal: bool = True) -> list[str]:
    """Every shipped tutorial and puzzle; the problems found (none: all good)."""
    problems: list[str] = []
    ids = shipped_ids()
    if not ids:
        problems.append("no tutorial is shipped")
    for tid in ids:
        try:
            t = load_tutorial(tid)
        except TutorialError as e:
            problems.append(str(e))
            continue
        problems += play_through(t, every_refusal)
    from opensky.learn import puzzles
    problems += puzzles.check_all()
    return problems


__all__ = ["check_all", "play_through"]
