"""``python main.py script FILE``: play a scripted game, print the state as JSON.

See ``shared/spec/headless.md``.  Chance outcomes the script leaves out are
drawn from its ``seed`` (0 when absent) at the moment the game needs them, i.e.
when the script moves on to an action of another type.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import yaml

from opensky.board.loader import load_board
from opensky.board.model import BoardError
from opensky.cli import CliError
from opensky.rules.actions import ActionCodec
from opensky.rules.constants import CALLSIGNS
from opensky.rules.errors import IllegalAction
from opensky.rules.session import Session


def read_yaml(path: str, what: str) -> tuple[Any, Any]:
    """Read a YAML file safely; return (data, node) — the node gives line numbers."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"{path}: no such {what} file")
    except IsADirectoryError:
        raise CliError(f"{path}: is a folder, not a {what} file")
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file (it is not UTF-8)")
    except OSError as e:
        raise CliError(f"{path}: cannot read it ({e.strerror or e})")
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.load(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = f":{mark.line + 1}" if mark is not None else ""
        raise CliError(f"{path}{line}: not valid YAML ({e.problem or e.context})")
    except yaml.YAMLError as e:
        raise CliError(f"{path}: not valid YAML ({str(e).splitlines()[0]})")
    except RecursionError:
        raise CliError(f"{path}: not valid YAML (nested too deeply)")
    return data, node


def _child_line(node: Any, key: str) -> int | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == key:
                return v.start_mark.line + 1
    return None


def load_script(path: str) -> tuple[Session, list[Any], list[int | None]]:
    data, node = read_yaml(path, "script")
    if not isinstance(data, dict):
        raise CliError(f"{path}: a game script must be a mapping with board, players and actions")

    def bad(key: str, msg: str) -> CliError:
        line = _child_line(node, key)
        return CliError(f"{path}{':' + str(line) if line else ''}: {msg}")

    if "board" not in data:
        raise CliError(f"{path}: 'board' is missing (a board id such as europe, or a path)")
    board_ref = data["board"]
    if not isinstance(board_ref, str) or not board_ref.strip():
        raise bad("board", "'board' must be a board id or a path to a board YAML file")
    try:
        board = load_board(board_ref, base_dir=os.path.dirname(os.path.abspath(path)))
    except BoardError as e:
        raise bad("board", str(e))
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise bad("players", "'players' must be a list of 2 to 4 player names")
    seed = data.get("seed", 0)
    if seed is None:
        seed = 0
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise bad("seed", f"'seed' must be a whole number, not {seed!r}")
    callsigns = data.get("callsigns")
    if callsigns is not None and not isinstance(callsigns, dict) and callsigns not in ("random", "recommended"):
        raise bad("callsigns", "'callsigns' must map each of " + ", ".join(CALLSIGNS)
                  + " to an airport (or be 'random' or 'recommended')")
    actions = data.get("actions") or []
    if not isinstance(actions, list):
        raise bad("actions", "'actions' must be a list")
    lines: list[int | None] = [None] * len(actions)
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == "actions" and isinstance(v, yaml.SequenceNode):
                lines = [item.start_mark.line + 1 for item in v.value]
    try:
        session = Session(board, players, seed=seed, callsigns=callsigns)
    except IllegalAction as e:
        key = "players" if "player" in str(e) else "callsigns"
        raise bad(key, str(e))
    return session, actions, lines


def play(session: Session, actions: list[Any], lines: list[int | None], path: str) -> None:
    state = session.state
    codec: ActionCodec = session.codec
    for i, d in enumerate(actions):
        where = f"{path}:{lines[i]}" if i < len(lines) and lines[i] else path
        label = f"action {i + 1}"
        try:
            action = codec.from_dict(d)
            label += f" ({codec.describe(action)})"
            if state.game_over:
                raise IllegalAction("the game is already over")
            # Chance steps the script leaves out are drawn from the seed.
            while state.is_chance() and action.type != state.decision:
                session.apply(session.draw_chance())
            session.apply(action)
        except IllegalAction as e:
            msg = str(e)
            if "waiting for" not in msg:
                msg += f"; waiting for {state.waiting_text()}"
            legal = state.legal_actions()
            if 0 < len(legal) <= 8 and not state.is_chance():
                msg += "; legal: " + "; ".join(codec.describe(a) for a in legal)
            raise CliError(f"{where}: {label}: {msg}".replace("\n", " "))


def _is_save(path: str) -> bool:
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    return head.lstrip().startswith(b"{") and b"opensky-save" in head


def run_script(path: str, compact: bool = False) -> int:
    """Play a script — or replay a save file — and print the state as JSON."""
    if _is_save(path):
        from opensky.persistence.save import SaveError, load
        try:
            session = load(path).session
        except SaveError as e:
            raise CliError(str(e))
    else:
        session, actions, lines = load_script(path)
        play(session, actions, lines, path)
    out = session.state.to_json()
    text = json.dumps(out, ensure_ascii=False, separators=(",", ":") if compact else None,
                      indent=None if compact else 1)
    sys.stdout.write(text + "\n")
    return 0
