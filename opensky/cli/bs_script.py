"""``python main.py script FILE`` for a Blue Skies script (``game: blue_skies``).

See ``shared/blueskies/headless.md``: the board by id or path (relative to
the script), 2–5 players, an optional ``seed`` that draws the chance outcomes
the script leaves out (without one such a script is refused at that action),
optional ``opening`` and ``hands``.  Every failure is one line naming the
action, what was wrong and what the game was waiting for.
"""
from __future__ import annotations

import os
from typing import Any

import yaml

from opensky.blueskies.actions import BSCodec
from opensky.blueskies.board import BSBoard, load_bs_board
from opensky.blueskies.session import BSSession
from opensky.board.model import BoardError
from opensky.cli.errors import CliError
from opensky.rules.errors import IllegalAction
from opensky.textlimits import clip, names_list, short

_KEYS = ("game", "board", "players", "seed", "opening", "hands", "actions")


def _line(node: Any, key: str) -> int | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == key:
                return int(v.start_mark.line) + 1
    return None


def _codes(board: BSBoard, value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise IllegalAction(f"'{what}' must be a list of airport codes, not {short(value)}")
    out = []
    for c in value:
        if not isinstance(c, str):
            raise IllegalAction(f"'{what}' must list airport codes, not {short(c)}")
        try:
            out.append(board.index(c))
        except KeyError:
            raise IllegalAction(f"'{what}': unknown airport {short(c)}") from None
    return out


def load_bs_script(path: str, data: dict[str, Any], node: Any) -> tuple[BSSession, list[Any], list[int | None], bool]:
    """The session of a Blue Skies script, its actions and their lines, and
    whether it has a seed."""
    def bad(key: str, msg: str) -> CliError:
        line = _line(node, key)
        return CliError(f"{path}{':' + str(line) if line else ''}: {msg}")

    for key in data:
        if key not in _KEYS:
            raise bad(str(key), f"unknown key {short(key)} in a Blue Skies script (known: {', '.join(_KEYS)})")
    if "board" not in data:
        raise CliError(f"{path}: 'board' is missing (a board id such as usa, or a path)")
    ref = data["board"]
    if not isinstance(ref, str) or not ref.strip():
        raise bad("board", "'board' must be a board id or a path to a board YAML file")
    try:
        board = load_bs_board(ref, base_dir=os.path.dirname(os.path.abspath(path)))
    except BoardError as e:
        raise bad("board", str(e))
    players = data.get("players")
    if (not isinstance(players, list) or not 2 <= len(players) <= 5
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise bad("players", "'players' must be a list of 2 to 5 player names")
    has_seed = "seed" in data and data["seed"] is not None
    seed = data.get("seed") or 0
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise bad("seed", f"'seed' must be a whole number, not {short(seed)}")
    try:
        opening = _codes(board, data["opening"], "opening") if data.get("opening") is not None else None
    except IllegalAction as e:
        raise bad("opening", str(e))
    hands = None
    if data.get("hands") is not None:
        h = data["hands"]
        if not isinstance(h, dict):
            raise bad("hands", "'hands' must map each player to their 3 cards")
        for name in h:
            if name not in players:
                raise bad("hands", f"'hands' names {short(name)}, who is not a player")
        try:
            hands = []
            for name in players:
                if name not in h:
                    raise IllegalAction(f"'hands' must give every player 3 cards; {clip(name)} has none")
                hands.append(_codes(board, h[name], f"hands of {clip(name)}"))
        except IllegalAction as e:
            raise bad("hands", str(e))
    actions = data.get("actions") or []
    if not isinstance(actions, list):
        raise bad("actions", "'actions' must be a list")
    lines: list[int | None] = [None] * len(actions)
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == "actions" and isinstance(v, yaml.SequenceNode):
                lines = [item.start_mark.line + 1 for item in v.value]
    try:
        session = BSSession(board, players, seed, opening, hands)
    except IllegalAction as e:
        msg = str(e)
        key = "hands" if "hands" in msg else "opening" if "opening" in msg else "players"
        raise bad(key, msg)
    return session, actions, lines, has_seed


def play_bs(session: BSSession, actions: list[Any], lines: list[int | None], path: str, has_seed: bool) -> None:
    state = session.state
    codec: BSCodec = session.codec
    for i, d in enumerate(actions):
        where = f"{path}:{lines[i]}" if i < len(lines) and lines[i] else path
        label = f"action {i + 1}"
        try:
            action = codec.from_dict(d)
            label += f" ({codec.describe(action)})"
            if state.game_over:
                raise IllegalAction("the game is already over")
            while state.is_chance() and action.type != state.decision:
                if not has_seed:
                    raise IllegalAction(f"the game needs a {state.decision} outcome first and the script "
                                        "has no seed to draw it")
                session.apply(session.draw_chance())
            session.apply(action)
        except IllegalAction as e:
            msg = str(e)
            if "waiting for" not in msg:
                msg += f"; waiting for {state.waiting_text()}"
            legal = state.legal_actions()
            if not state.game_over and not state.is_chance() and 0 < len(legal) <= 8:
                msg += "; legal: " + "; ".join(codec.describe(a) for a in legal)
            raise CliError(f"{where}: {label}: {msg}".replace("\n", " "))


def bs_state_json(session: BSSession, view: str | None) -> dict[str, Any]:
    state = session.state
    if view is not None:
        if view not in state.names:
            raise CliError(f"--view {short(view)}: no such player (players: {names_list(state.names)})")
        state = state.player_view(state.names.index(view))
    return state.to_json()
