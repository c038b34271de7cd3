"""A Blue Skies board: the model and its YAML loader (``blueskies/headless.md``).

A board is written by hand, so every mistake in it comes back as one clear
line, ``FILE:LINE: problem``, never a traceback.  Reading goes through the
same path as OpenSky's boards (``opensky.board.files``: regular files only, a
size cap, shipped boards by id; ``opensky.board.nodes``: the node tree with
lines, YAML budgets).  A board file says ``game: blue_skies``; an OpenSky
board is refused here with that reason, as OpenSky's loader refuses ours.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from opensky.board import files
from opensky.board.files import board_error, quoted as _q
from opensky.board.model import BoardError
from opensky.board.nodes import INT, NULL, STR, NodeReader, describe, line_of, num, yaml_error
from opensky.userfile import FileProblem, compose_nodes

__all__ = ["BSAirport", "BSRegion", "BSBoard", "load_bs_board", "parse_bs_board", "is_bs_board_text",
           "BLUE_SKIES", "DEFAULT_GATE_SPACES", "MIN_CARDS", "OPENING_POINTS"]

BLUE_SKIES = "blue_skies"
#: gate spaces in play by player count (§1)
DEFAULT_GATE_SPACES: dict[int, int] = {2: 2, 3: 3, 4: 4, 5: 4}
#: the fewest demand cards a board may have: 5 opening cards and 3 × 5 hands (B27)
MIN_CARDS = 20
#: what the two opening gates may cost together (§5.5), and a purchase turn's points (§6)
OPENING_POINTS = 6
MAX_COST = 6
MAX_SPACES = 4

_TOP_KEYS = ("game", "id", "name", "canvas", "gate_spaces", "bag", "gates_per_player", "regions", "airports")
_REQUIRED = ("game", "id", "name", "canvas", "regions", "airports")
_AIRPORT_KEYS = ("code", "city", "pos", "gate_cost", "gate_value", "buyout_cost", "regions", "demand_cards")
_REGION_KEYS = ("id", "name", "bonus")


@dataclass(frozen=True)
class BSRegion:
    id: str
    name: str
    bonus: tuple[int, int]  #: (first, second)


@dataclass(frozen=True)
class BSAirport:
    code: str
    city: str
    pos: tuple[float, float]
    gate_cost: int
    gate_value: int
    buyout_cost: int | None  #: None: the printed N/A (the local gate stays)
    regions: tuple[int, ...]  #: indices into ``BSBoard.regions``
    demand_cards: int
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True, eq=False)
class BSBoard:
    id: str
    name: str
    canvas: tuple[float, float]
    regions: tuple[BSRegion, ...]
    airports: tuple[BSAirport, ...]
    gate_spaces: dict[int, int]
    bag: tuple[int, int]  #: (red, green)
    gates_per_player: int
    extra: dict[str, Any] = field(default_factory=dict)
    path: str | None = None

    game = BLUE_SKIES

    @cached_property
    def codes(self) -> tuple[str, ...]:
        return tuple(a.code for a in self.airports)

    @cached_property
    def by_code(self) -> tuple[tuple[int, str], ...]:
        """(airport, code) in the order of the codes (the state JSON's card lists)."""
        return tuple(sorted(enumerate(self.codes), key=lambda x: x[1]))

    @cached_property
    def gate_costs(self) -> tuple[int, ...]:
        return tuple(a.gate_cost for a in self.airports)

    @cached_property
    def buyout_costs(self) -> tuple[int, ...]:
        """Buyout costs by airport, N/A as a cost no turn can pay (7)."""
        return tuple(MAX_COST + 1 if a.buyout_cost is None else a.buyout_cost for a in self.airports)

    @cached_property
    def by_gate_cost(self) -> tuple[int, ...]:
        """Airports from the cheapest gate up (for "can anything still be bought?")."""
        return tuple(sorted(range(len(self.airports)), key=lambda a: self.airports[a].gate_cost))

    def index(self, code: str) -> int:
        """The airport's index; KeyError if the board has no such airport."""
        idx = _INDEX.get(id(self))
        if idx is None or idx[0] is not self:
            idx = _INDEX[id(self)] = (self, {a.code: i for i, a in enumerate(self.airports)})
        return idx[1][code]

    @property
    def total_cards(self) -> int:
        return sum(a.demand_cards for a in self.airports)


_INDEX: dict[int, tuple[BSBoard, dict[str, int]]] = {}


class _Parser(NodeReader):
    """Reads one composed Blue Skies board document."""

    def __init__(self, loader: yaml.SafeLoader, filename: str) -> None:
        super().__init__(loader, filename)

    def code(self, node: Node, what: str) -> str:
        """A code or id: a YAML string (settled detail 13: ``NO`` must be quoted)."""
        if isinstance(node, ScalarNode) and node.tag not in (STR, NULL):
            shown = str(node.value)[:20]
            self.fail(node, f"{what} {shown} is not text to YAML ({describe(node)}); quote it, like \"{shown}\"")
        return self.text(node, what)

    def integer(self, node: Node, what: str, low: int, high: int | None = None) -> int:
        value: Any = None
        if isinstance(node, ScalarNode) and node.tag == INT:
            try:
                value = self.loader.construct_object(node)
            except ValueError:
                value = None
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(node, f"{what} must be a whole number, not {describe(node)}")
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"of {low} or more"
            self.fail(node, f"{what} must be a whole number {span}, not {value}")
        return int(value)

    def board(self, root: Node | None, path: str | None) -> BSBoard:
        if root is None:
            self.fail(None, "the board file is empty")
        if not isinstance(root, MappingNode):
            self.fail(root, f"a board file must be a mapping of keys (game, id, name, canvas, regions, "
                            f"airports), not {describe(root)}")
        top = self.mapping(root, "the board file")
        game = top.get("game")
        if game is None or not (isinstance(game[1], ScalarNode) and game[1].value == BLUE_SKIES):
            where = game[1] if game is not None else root
            self.fail(where, "this is an OpenSky board, not a Blue Skies board (a Blue Skies board says "
                             "game: blue_skies)")
        for key in _REQUIRED:
            if key not in top:
                self.fail(root, f"missing required key {_q(key)}")
        board_id = self.code(top["id"][1], "id")
        name = self.text(top["name"][1], "name")
        cw, ch, items = self.pair(top["canvas"][1], "canvas", "[1600, 1000]")
        for value, item in zip((cw, ch), items):
            if value <= 0:
                self.fail(item, f"canvas sizes must be positive, not {num(value)}")
        spaces = self.gate_spaces(top.get("gate_spaces"))
        bag = self.bag(top.get("bag"))
        gpp = top.get("gates_per_player")
        gates = 20 if gpp is None else self.integer(gpp[1], "gates_per_player", 2)
        regions, region_nodes = self.regions(top["regions"][1])
        airports = self.airports(top["airports"], (cw, ch), regions)
        used = {r for a in airports for r in a.regions}
        for i, region in enumerate(regions):
            if i not in used:
                self.fail(region_nodes[i], f"region {_q(region.id)} has no airport")
        total = sum(a.demand_cards for a in airports)
        if total < MIN_CARDS:
            self.fail(top["airports"][0], f"only {total} demand cards in all; a board needs at least "
                                           f"{MIN_CARDS} (5 opening cards and 3 for each of 5 hands)")
        cheapest = sorted(min(a.gate_cost, a.buyout_cost or MAX_COST + 1) for a in airports)
        if len(cheapest) < 2 or cheapest[0] + cheapest[1] > OPENING_POINTS:
            self.fail(top["airports"][0], "no two airports have gates costing 6 or less together, so no "
                                           "opening placement is possible")
        return BSBoard(id=board_id, name=name, canvas=(cw, ch), regions=tuple(regions),
                       airports=tuple(airports), gate_spaces=spaces, bag=bag, gates_per_player=gates,
                       extra=self.extras(top, _TOP_KEYS), path=path)

    def gate_spaces(self, entry: tuple[Node, Node] | None) -> dict[int, int]:
        if entry is None or (isinstance(entry[1], ScalarNode) and entry[1].tag == NULL):
            return dict(DEFAULT_GATE_SPACES)
        node = entry[1]
        if not isinstance(node, MappingNode):
            self.fail(node, f"gate_spaces must map each player count 2-5 to its spaces, not {describe(node)}")
        out: dict[int, int] = {}
        for k, v in node.value:
            try:
                n = int(k.value) if isinstance(k, ScalarNode) and k.tag == INT else None
            except ValueError:
                n = None
            if n is None or n not in DEFAULT_GATE_SPACES:
                self.fail(k, f"gate_spaces keys must be player counts 2 to 5, not {describe(k)}")
            if n in out:
                self.fail(k, f"gate_spaces gives {n} players twice")
            out[n] = self.integer(v, f"gate_spaces for {n} players", 1, MAX_SPACES)
        for n in DEFAULT_GATE_SPACES:
            if n not in out:
                self.fail(node, f"gate_spaces misses {n} players (it must give 2, 3, 4 and 5)")
        return dict(sorted(out.items()))

    def bag(self, entry: tuple[Node, Node] | None) -> tuple[int, int]:
        if entry is None or (isinstance(entry[1], ScalarNode) and entry[1].tag == NULL):
            return (100, 25)
        fields = self.mapping(entry[1], "bag")
        for key in fields:
            if key not in ("red", "green"):
                self.fail(fields[key][0], f"bag has only red and green cubes, not {_q(key)}")
        red = self.integer(fields["red"][1], "bag red", 0) if "red" in fields else 100
        green = self.integer(fields["green"][1], "bag green", 0) if "green" in fields else 25
        if red < 1:
            self.fail(entry[1], "the bag needs at least one red cube")
        return (red, green)

    def regions(self, node: Node) -> tuple[list[BSRegion], list[Node]]:
        if not isinstance(node, SequenceNode) or not node.value:
            self.fail(node, f"regions must be a list like [{{id: SO, name: South, bonus: [12, 6]}}], "
                            f"not {describe(node)}")
        out: list[BSRegion] = []
        nodes: list[Node] = []
        seen: dict[str, Node] = {}
        for item in node.value:
            fields = self.mapping(item, "a region")
            for key in _REGION_KEYS:
                if key not in fields:
                    self.fail(item, f"a region is missing {_q(key)}")
            rid = self.code(fields["id"][1], "region id")
            if rid in seen:
                self.fail(fields["id"][1], f"duplicate region id {_q(rid)} (first at line {line_of(seen[rid])})")
            seen[rid] = item
            rname = self.text(fields["name"][1], f"name of region {_q(rid)}")
            bn = fields["bonus"][1]
            if not isinstance(bn, SequenceNode) or len(bn.value) != 2:
                self.fail(bn, f"bonus of region {_q(rid)} must be two whole numbers [first, second]")
            first = self.integer(bn.value[0], f"first bonus of region {_q(rid)}", 0)
            second = self.integer(bn.value[1], f"second bonus of region {_q(rid)}", 0)
            if first < second:
                self.fail(bn, f"bonus of region {_q(rid)}: the first ({first}) must be at least the second ({second})")
            out.append(BSRegion(rid, rname, (first, second)))
            nodes.append(item)
        return out, nodes

    def airports(self, entry: tuple[Node, Node], canvas: tuple[float, float],
                 regions: list[BSRegion]) -> list[BSAirport]:
        key_node, node = entry
        if not isinstance(node, SequenceNode) or not node.value:
            self.fail(node, f"airports must be a list, not {describe(node)}")
        rindex = {r.id: i for i, r in enumerate(regions)}
        out: list[BSAirport] = []
        seen: dict[str, Node] = {}
        for item in node.value:
            fields = self.mapping(item, "an airport")
            if "code" not in fields:
                self.fail(item, "airport entry is missing 'code'")
            code = self.code(fields["code"][1], "airport code")
            if code in seen:
                self.fail(fields["code"][1], f"duplicate airport code {_q(code)} (first at line {line_of(seen[code])})")
            seen[code] = item
            for key in _AIRPORT_KEYS:
                if key not in fields:
                    self.fail(item, f"airport {_q(code)} is missing {_q(key)}")
            city = self.text(fields["city"][1], f"city of airport {_q(code)}")
            pos_node = fields["pos"][1]
            x, y, _ = self.pair(pos_node, f"pos of airport {_q(code)}", "[412, 388]")
            if not (0 <= x <= canvas[0] and 0 <= y <= canvas[1]):
                self.fail(pos_node, f"position [{num(x)}, {num(y)}] of airport {_q(code)} is off the canvas "
                                    f"[{num(canvas[0])}, {num(canvas[1])}]")
            cost = self.integer(fields["gate_cost"][1], f"gate_cost of airport {_q(code)}", 1, MAX_COST)
            value = self.integer(fields["gate_value"][1], f"gate_value of airport {_q(code)}", 0)
            bnode = fields["buyout_cost"][1]
            buyout = None if isinstance(bnode, ScalarNode) and bnode.tag == NULL else self.integer(
                bnode, f"buyout_cost of airport {_q(code)} (null for N/A)", 1, MAX_COST)
            cards = self.integer(fields["demand_cards"][1], f"demand_cards of airport {_q(code)}", 0)
            rnode = fields["regions"][1]
            if not isinstance(rnode, SequenceNode) or not rnode.value:
                self.fail(rnode, f"airport {_q(code)} must belong to one or two regions, like [SO]")
            if len(rnode.value) > 2:
                self.fail(rnode, f"airport {_q(code)} is in {len(rnode.value)} regions; at most two")
            regs: list[int] = []
            for rn in rnode.value:
                rid = self.code(rn, f"region of airport {_q(code)}")
                if rid not in rindex:
                    self.fail(rn, f"airport {_q(code)} names unknown region {_q(rid)} (known: {', '.join(rindex)})")
                if rindex[rid] in regs:
                    self.fail(rn, f"airport {_q(code)} names region {_q(rid)} twice")
                regs.append(rindex[rid])
            out.append(BSAirport(code, city, (x, y), cost, value, buyout, tuple(regs), cards,
                                 self.extras(fields, _AIRPORT_KEYS)))
        return out


def parse_bs_board(text: str, filename: str, *, path: str | None = None) -> BSBoard:
    """Validate Blue Skies board YAML text; BoardError("FILE:LINE: problem") for anything wrong."""
    loader: yaml.SafeLoader | None = None
    try:
        root = compose_nodes(text, filename)
        loader = yaml.SafeLoader("")
        return _Parser(loader, filename).board(root, path)
    except BoardError:
        raise
    except FileProblem as exc:
        raise BoardError(str(exc)) from None
    except yaml.MarkedYAMLError as exc:
        raise yaml_error(exc, filename) from None
    except yaml.YAMLError as exc:
        raise board_error(filename, None, f"YAML error: {type(exc).__name__}") from None
    except RecursionError:
        raise board_error(filename, None, "the YAML is nested too deeply") from None
    except Exception as exc:  # noqa: BLE001 - a safety net: a file must never crash the game
        raise board_error(filename, None, f"internal error while reading the board: {type(exc).__name__}") from None
    finally:
        if loader is not None:
            loader.dispose()


def is_bs_board_text(text: str) -> bool:
    """Whether board text declares ``game: blue_skies`` at its top level (no validation)."""
    for line in text.splitlines():
        stripped = line.split("#", 1)[0].rstrip()
        if stripped.startswith("game:"):
            return stripped[5:].strip().strip("'\"") == BLUE_SKIES
    return False


def load_bs_board(ref: str | os.PathLike[str], base_dir: str | os.PathLike[str] | None = None) -> BSBoard:
    """Load a Blue Skies board by id (``"usa"``) or path (see ``opensky.board.load_board``)."""
    return files.load_parsed(ref, base_dir, lambda text, shown, path: parse_bs_board(text, shown, path=path),
                             _PARSED)


_PARSED: dict[tuple[str, str, bytes], BSBoard] = {}
