"""A tutorial is a scripted game with words (``learn/tutorials/*.yaml``).

The file has the shape of a scripted game (``shared/spec/headless.md``:
board, players, call signs, seed) and, instead of one list of actions, a list
of **steps**.  Each step says something (``say``, English, translated through
the same catalogs as the rest of the game) and either

* teaches one move (``do``: an action of the person's airline, in script
  form; a chance step the person rolls gives its fixed ``outcome``), or
* waits for the person to read it (no ``do``: a Continue button);

then ``then`` lists the moves played for both airlines before the next step
(the computer's scripted moves, their dice, the quiet months played through).
``point`` says where the arrow points when the taught move does not say it
already (a route, an airport, an airline's panel, a part of the table),
``picture`` shows one of the rules screen's pictures beside the words,
``wrong`` is the gentle word for any other move, and ``expect`` is what the
game must show when the step begins (a part of the state as JSON), so that a
step's words can never tell a story the engine does not.

A tutorial is checked at load like any script: the whole story is played
through the engine, every taught move must be legal when its step comes and
the game must be over after the last step.  One clear ``TutorialError`` line
names the file, the step and the problem.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from opensky.board.loader import load_board
from opensky.board.model import Board, BoardError
from opensky.paths import resource_path
from opensky.rules.actions import Action, ActionCodec, CHANCE_TYPES
from opensky.rules.constants import CALLSIGNS
from opensky.rules.errors import IllegalAction
from opensky.rules.session import Session
from opensky.textlimits import short
from opensky.userfile import FileProblem, decode, display, parse_yaml, read_bytes

#: The parts of the table a step may point at (besides routes, airports and panels).
AREAS = ("tray", "calendar", "dice", "table", "die", "log", "board")
#: The keys a step may have.
STEP_KEYS = frozenset({"say", "do", "then", "point", "picture", "wrong", "expect", "title"})
TOP_KEYS = frozenset({"id", "title", "board", "players", "human", "callsigns", "seed", "steps", "about"})
MAX_STEPS = 200
MAX_TEXT = 1200
MAX_THEN = 400


class TutorialError(ValueError):
    """A tutorial file that cannot be used: one line naming file, step, problem."""


@dataclass(frozen=True)
class Point:
    """Where a step's arrow points: ``kind`` is route, airport, panel or an
    area of ``AREAS``; ``ref`` the route index, airport index or seat."""

    kind: str
    ref: int | None = None


@dataclass(frozen=True)
class Step:
    say: str
    do: Action | None = None
    then: tuple[Action, ...] = ()
    point: Point | None = None
    picture: str | None = None
    wrong: str | None = None
    expect: Mapping[str, Any] = field(default_factory=dict)
    title: str = ""


@dataclass(frozen=True)
class Tutorial:
    id: str
    title: str
    board: Board
    board_ref: str
    players: tuple[str, ...]
    human: int
    callsigns: Mapping[str, str]
    seed: int
    steps: tuple[Step, ...]
    about: str = ""
    path: str = ""

    def session(self) -> Session:
        """A fresh game of this tutorial, before its first step."""
        return Session(self.board, self.players, seed=self.seed, callsigns=dict(self.callsigns))

    def texts(self) -> list[str]:
        """Every text of the tutorial a player reads (to be translated)."""
        out = [self.title] + ([self.about] if self.about else [])
        for s in self.steps:
            out += [t for t in (s.say, s.wrong, s.title) if t]
        return out


def tutorials_dir() -> Path:
    return resource_path("learn", "tutorials")


def shipped_ids() -> list[str]:
    """The shipped tutorials' ids (file names), Europe first."""
    names = sorted(p.stem for p in tutorials_dir().glob("*.yaml"))
    return sorted(names, key=lambda n: (n != "europe", n))


def load_tutorial(ref: str) -> Tutorial:
    """A shipped tutorial by id (``europe``) or a tutorial file by path,
    checked by playing its whole story through the engine."""
    path = tutorials_dir() / f"{ref}.yaml" if os.sep not in ref and not ref.endswith(".yaml") else Path(ref)
    shown = display(path)
    try:
        data, _node = parse_yaml(decode(read_bytes(path, "tutorial", where=shown), shown, "tutorial"), shown)
    except FileProblem as e:
        raise TutorialError(str(e))
    t = _parse(data, shown, str(path))
    check_story(t)
    return t


def _known_keys(d: Mapping[Any, Any], keys: frozenset[str], where: str) -> None:
    unknown = sorted(str(k) for k in d if k not in keys)
    if unknown:
        raise TutorialError(f"{where}: unknown key {short(unknown[0])}")


def _text(v: Any, where: str, what: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise TutorialError(f"{where}: {what} must be a text")
    if len(v) > MAX_TEXT:
        raise TutorialError(f"{where}: {what} is longer than {MAX_TEXT} characters")
    return " ".join(v.split())


def _parse(data: Any, shown: str, path: str) -> Tutorial:
    if not isinstance(data, dict):
        raise TutorialError(f"{shown}: a tutorial must be a mapping with board, players and steps")
    _known_keys(data, TOP_KEYS, shown)
    tid = _text(data.get("id"), shown, "'id'")
    title = _text(data.get("title"), shown, "'title'")
    board_ref = data.get("board")
    if not isinstance(board_ref, str) or not board_ref.strip():
        raise TutorialError(f"{shown}: 'board' must be a board id or a path to a board file")
    try:
        board = load_board(board_ref, base_dir=os.path.dirname(os.path.abspath(path)))
    except BoardError as e:
        raise TutorialError(f"{shown}: {e}")
    players = data.get("players")
    if (not isinstance(players, list) or not 2 <= len(players) <= 4
            or not all(isinstance(p, str) and p.strip() for p in players) or len(set(players)) != len(players)):
        raise TutorialError(f"{shown}: 'players' must be a list of 2 to 4 different names")
    human = data.get("human")
    if human not in players:
        raise TutorialError(f"{shown}: 'human' must be one of the players")
    cs = data.get("callsigns")
    if not isinstance(cs, dict) or sorted(cs) != sorted(CALLSIGNS) or not all(isinstance(v, str) for v in cs.values()):
        raise TutorialError(f"{shown}: 'callsigns' must map each of {', '.join(CALLSIGNS)} to an airport")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TutorialError(f"{shown}: 'seed' must be a whole number")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise TutorialError(f"{shown}: 'steps' must be a list of steps")
    if len(steps) > MAX_STEPS:
        raise TutorialError(f"{shown}: more than {MAX_STEPS} steps")
    about = data.get("about")
    codec = ActionCodec(board, players)
    parsed = tuple(_step(s, f"{shown}: step {i + 1}", codec, board, players, players.index(human))
                   for i, s in enumerate(steps))
    try:
        Session(board, players, seed=seed, callsigns=dict(cs))
    except IllegalAction as e:
        raise TutorialError(f"{shown}: {e}")
    return Tutorial(tid, title, board, board_ref, tuple(players), players.index(human), dict(cs), seed, parsed,
                    _text(about, shown, "'about'") if about is not None else "", path)


def _action(codec: ActionCodec, d: Any, where: str) -> Action:
    try:
        return codec.from_dict(d)
    except IllegalAction as e:
        raise TutorialError(f"{where}: {e}")


def _step(d: Any, where: str, codec: ActionCodec, board: Board, players: Sequence[str], human: int) -> Step:
    if not isinstance(d, dict):
        raise TutorialError(f"{where}: a step must be a mapping with 'say'")
    _known_keys(d, STEP_KEYS, where)
    say = _text(d.get("say"), where, "'say'")
    do = None
    if d.get("do") is not None:
        do = _action(codec, d["do"], where + " (do)")
        if do.player != human:
            raise TutorialError(f"{where}: the taught move must be {players[human]}'s")
        if do.type in CHANCE_TYPES and do.arg is None:
            raise TutorialError(f"{where}: a taught roll must give its outcome")
    then = d.get("then") or []
    if not isinstance(then, list) or len(then) > MAX_THEN:
        raise TutorialError(f"{where}: 'then' must be a list of at most {MAX_THEN} actions")
    acts = tuple(_action(codec, a, f"{where} (then, action {k + 1})") for k, a in enumerate(then))
    if any(a.type in CHANCE_TYPES and a.arg is None for a in acts):
        raise TutorialError(f"{where}: every roll in 'then' must give its outcome")
    point = _point(d.get("point"), where, board, players)
    picture = d.get("picture")
    if picture is not None and (not isinstance(picture, str) or len(picture) > 40):
        raise TutorialError(f"{where}: 'picture' must name a rules picture")
    expect = d.get("expect") or {}
    if not isinstance(expect, dict):
        raise TutorialError(f"{where}: 'expect' must be a mapping")
    wrong = _text(d["wrong"], where, "'wrong'") if d.get("wrong") is not None else None
    title = _text(d["title"], where, "'title'") if d.get("title") is not None else ""
    return Step(say, do, acts, point, picture, wrong, expect, title)


def _point(d: Any, where: str, board: Board, players: Sequence[str]) -> Point | None:
    if d is None:
        return None
    if isinstance(d, str) and d in AREAS:
        return Point(d)
    if isinstance(d, dict) and len(d) == 1:
        (k, v), = d.items()
        if k == "route" and isinstance(v, list) and len(v) == 2 and all(isinstance(c, str) for c in v):
            r = board.route_index.get((v[0], v[1]))
            if r is not None:
                return Point("route", r)
            raise TutorialError(f"{where}: 'point' names no route {short(v)}")
        if k == "airport" and isinstance(v, str):
            if v in board.airport_index:
                return Point("airport", board.airport_index[v])
            raise TutorialError(f"{where}: 'point' names no airport {short(v)}")
        if k == "panel" and v in players:
            return Point("panel", list(players).index(v))
    raise TutorialError(f"{where}: 'point' must be a route, an airport, a panel or one of {', '.join(AREAS)}")


# ---------------------------------------------------------------- the story
def matches(expect: Any, actual: Any) -> bool:
    """Whether ``actual`` (state JSON) has everything ``expect`` says;
    ``players`` may be given as a mapping name -> the player's part."""
    if isinstance(expect, dict):
        if not isinstance(actual, dict):
            return False
        return all(k in actual and matches(v, actual[k]) for k, v in expect.items())
    return bool(expect == actual)


def state_matches(expect: Mapping[str, Any], js: dict[str, Any]) -> str | None:
    """None if the game's JSON has what ``expect`` says, else what differs."""
    for k, v in expect.items():
        if k == "players" and isinstance(v, dict):
            by_name = {p["name"]: p for p in js["players"]}
            for name, part in v.items():
                if name not in by_name or not matches(part, by_name[name]):
                    got = by_name.get(name)
                    shown = {kk: got.get(kk) for kk in part} if isinstance(part, dict) and got else got
                    return f"{name}: expected {short(part, 80)}, the game has {short(shown, 80)}"
        elif k not in js or not matches(v, js[k]):
            return f"{k}: expected {short(v, 60)}, the game has {short(js.get(k), 60)}"
    return None


def check_story(t: Tutorial) -> Session:
    """Play the whole story through the engine; raise ``TutorialError`` at the
    first step whose words or moves the game does not bear out."""
    session = t.session()
    shown = display(t.path) if t.path else t.id
    for i, step in enumerate(t.steps):
        where = f"{shown}: step {i + 1}"
        problem = state_matches(step.expect, session.state.to_json())
        if problem:
            raise TutorialError(f"{where}: {problem}")
        if step.do is not None:
            legal = session.state.legal_actions(t.human)
            if step.do not in legal:
                raise TutorialError(f"{where}: the taught move {session.codec.describe(step.do)} is not legal; "
                                    f"waiting for {session.state.waiting_text()}")
            session.apply(step.do)
        for k, a in enumerate(step.then):
            try:
                session.apply(a)
            except IllegalAction as e:
                raise TutorialError(f"{where} (then, action {k + 1}): {e}; waiting for "
                                    f"{session.state.waiting_text()}")
    if not session.state.game_over:
        raise TutorialError(f"{shown}: the story ends before the game does "
                            f"(waiting for {session.state.waiting_text()})")
    return session


__all__ = ["AREAS", "Point", "Step", "Tutorial", "TutorialError", "check_story", "load_tutorial",
           "shipped_ids", "state_matches", "tutorials_dir"]
