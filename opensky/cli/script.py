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
from opensky.blueskies.board import BLUE_SKIES
from opensky.cli.errors import CliError
from opensky.rules.actions import ActionCodec
from opensky.rules.constants import CALLSIGNS
from opensky.rules.errors import IllegalAction
from opensky.rules.session import Session
from opensky.textlimits import names_list
from opensky.userfile import FileProblem, decode, display, parse_yaml, read_bytes, short


def read_yaml(path: str, what: str, data: bytes | None = None) -> tuple[Any, Any]:
    """Read a YAML file safely (or parse ``data`` already read from it);
    return (data, node) — the node gives line numbers.

    Through ``opensky.userfile``: regular files only, a size cap, budgets for
    nesting, aliases and long numbers, one line for any problem."""
    shown = display(path)
    try:
        raw = read_bytes(path, what, where=shown) if data is None else data
        return parse_yaml(decode(raw, shown, what), shown)
    except FileProblem as e:
        raise CliError(str(e))


def _child_line(node: Any, key: str) -> int | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == key:
                return v.start_mark.line + 1
    return None


def load_script(path: str, raw: bytes | None = None) -> tuple[Session, list[Any], list[int | None]]:
    data, node = read_yaml(path, "script", raw)
    if not isinstance(data, dict):
        raise CliError(f"{path}: a game script must be a mapping with board, players and actions")
    if "game" in data and data["game"] not in (None, "opensky"):
        line = _child_line(node, "game")
        raise CliError(f"{path}{':' + str(line) if line else ''}: unknown game {short(data['game'])} "
                       "(a script's game is opensky or blue_skies)")

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
        raise bad("seed", f"'seed' must be a whole number, not {short(seed)}")
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


def _is_save(head: bytes) -> bool:
    head = head[:4096]
    return head.lstrip().startswith(b"{") and b"opensky-save" in head


def run_script(path: str, compact: bool = False, view: str | None = None) -> int:
    """Play a script — or replay a save file — and print the state as JSON.
    The file is read once, through ``opensky.userfile``."""
    shown = display(path)
    try:
        raw = read_bytes(path, "script", where=shown)
    except FileProblem as e:
        raise CliError(str(e))
    if _is_save(raw):
        from opensky.persistence.save import SaveError, from_document, parse_document
        try:
            session = from_document(parse_document(raw, shown), shown).session
        except SaveError as e:
            raise CliError(str(e))
    else:
        data, node = read_yaml(path, "script", raw)
        if isinstance(data, dict) and data.get("game") == BLUE_SKIES:
            from opensky.cli.bs_script import bs_state_json, load_bs_script, play_bs
            bs, actions, lines, has_seed = load_bs_script(path, data, node)
            play_bs(bs, actions, lines, path, has_seed)
            return _print(bs_state_json(bs, view), compact)
        session, actions, lines = load_script(path, raw)
        play(session, actions, lines, path)
    if view is not None:
        names = session.state.names
        if view not in names:
            raise CliError(f"--view {short(view)}: no such player (players: {names_list(names)})")
        from opensky.rules.view import player_view
        return _print(player_view(session.state, names.index(view)).to_json(), compact)
    return _print(session.state.to_json(), compact)


def _print(out: Any, compact: bool) -> int:
    text = json.dumps(out, ensure_ascii=False, separators=(",", ":") if compact else None,
                      indent=None if compact else 1)
    sys.stdout.write(text + "\n")
    return 0
