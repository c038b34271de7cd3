"""Loading and validating board side files (YAML).

A board file is written by hand, so every mistake in it must come back as one
clear line, ``FILE:LINE: problem``, never as a traceback. To know lines we do
not use ``yaml.safe_load``: we compose the node tree with ``yaml.SafeLoader``
(same safety: no Python objects are ever built) and read the board from the
nodes, each of which knows where it starts.

Identifiers and names (codes, country codes, cities, ids) are taken from the
scalar's source text, so ``country: NO`` (Norway) means "NO", not YAML 1.1's
``False``. Numbers must be YAML numbers (or plain text that Python reads as a
float, such as ``1e3``) and finite.

Finding and reading the files themselves (shipped boards by id, size caps,
text encodings) is ``opensky.board.files``; ``load_board`` joins the two and
keeps parsed boards, which are immutable, by their bytes.
"""
from __future__ import annotations

import os
import re

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from opensky.board import files
from opensky.board.files import (
    MAX_FILE_BYTES, board_error as _error, find_board_file, known_boards, quoted as _q,
)
from opensky.board.model import Airport, Board, BoardError, Country
from opensky.board.nodes import NULL as _NULL, NodeReader, yaml_error as _yaml_error, describe as _describe, line_of as _line, num as _num
from opensky.userfile import FileProblem, compose_nodes

__all__ = [
    "load_board",
    "parse_board",
    "find_board_file",
    "known_boards",
    "REGIONAL_RULES",
    "MIN_AIRPORTS",
    "CALLSIGN_COUNT",
    "MAX_FILE_BYTES",
]

#: The ``game:`` of a board file: absent or ``opensky`` here; Blue Skies boards say ``blue_skies``.
OPENSKY = "opensky"
BLUE_SKIES = "blue_skies"
#: The regional rules a board may use.
REGIONAL_RULES: tuple[str, ...] = ("hubs", "cross_border")
#: A board needs at least this many airports (one callsign per player, up to six).
MIN_AIRPORTS = 6
#: ``recommended_callsigns`` lists exactly this many airports.
CALLSIGN_COUNT = 6

_BOARD_KEYS = (
    "game",
    "id",
    "name",
    "regional_rule",
    "canvas",
    "countries",
    "airports",
    "routes",
    "recommended_callsigns",
)
_REQUIRED_BOARD_KEYS = ("id", "name", "regional_rule", "canvas", "airports", "routes")
_AIRPORT_KEYS = ("code", "city", "pos", "country")
_COLOR = re.compile(r"#[0-9a-fA-F]{6}\Z")


class _Parser(NodeReader):
    """Reads one composed board document; every failure raises a located BoardError."""

    # -- the board ------------------------------------------------------------

    def board(self, root: Node | None, path: str | None) -> Board:
        if root is None:
            self.fail(None, "the board file is empty")
        if not isinstance(root, MappingNode):
            self.fail(
                root,
                "a board file must be a mapping of keys (id, name, regional_rule, canvas, "
                f"airports, routes), not {_describe(root)}",
            )
        top = self.mapping(root, "the board file")
        game = top.get("game")
        if game is not None:
            kind = game[1].value if isinstance(game[1], ScalarNode) else None
            if kind == BLUE_SKIES:
                self.fail(game[1], "this is a Blue Skies board, not an OpenSky board")
            if kind != OPENSKY:
                self.fail(game[1], f"game must be {OPENSKY} (or absent) on an OpenSky board, not {_describe(game[1])}")
        for key in _REQUIRED_BOARD_KEYS:
            if key not in top:
                self.fail(root, f"missing required key {_q(key)}")

        board_id = self.text(top["id"][1], "id")
        name = self.text(top["name"][1], "name")
        rule_node = top["regional_rule"][1]
        rule = self.text(rule_node, "regional_rule")
        if rule not in REGIONAL_RULES:
            self.fail(rule_node, f"regional_rule must be one of {', '.join(REGIONAL_RULES)}, not {_q(rule)}")

        cw, ch, canvas_items = self.pair(top["canvas"][1], "canvas", "[1600, 1000]")
        for value, item in zip((cw, ch), canvas_items):
            if value <= 0:
                self.fail(item, f"canvas sizes must be positive, not {_num(value)}")

        countries = self.countries(top, root, rule)
        airports, airport_nodes = self.airports(top["airports"], (cw, ch), rule, countries)
        routes = self.routes(top["routes"][1], airport_nodes)
        self.check_connected(airports, routes, airport_nodes)
        callsigns = self.callsigns(top.get("recommended_callsigns"), airport_nodes)

        return Board(
            id=board_id,
            name=name,
            regional_rule=rule,
            canvas=(cw, ch),
            airports=tuple(airports),
            routes=tuple(routes),
            countries=countries,
            recommended_callsigns=callsigns,
            extra=self.extras(top, _BOARD_KEYS),
            path=path,
        )

    def countries(
        self, top: dict[str, tuple[Node, Node]], root: Node, rule: str
    ) -> dict[str, Country]:
        entry = top.get("countries")
        if entry is None:
            if rule == "cross_border":
                self.fail(root, "missing key 'countries' (required when regional_rule is cross_border)")
            return {}
        node = entry[1]
        if rule != "cross_border" and isinstance(node, ScalarNode) and node.tag == _NULL:
            return {}
        pairs = self.mapping(node, "countries")
        if not pairs and rule == "cross_border":
            self.fail(node, "countries must not be empty when regional_rule is cross_border")
        result: dict[str, Country] = {}
        for code, (key_node, value_node) in pairs.items():
            if not code.strip():
                self.fail(key_node, "a country code must not be blank")
            fields = self.mapping(value_node, f"country {_q(code)}")
            for required in ("name", "color"):
                if required not in fields:
                    self.fail(value_node, f"country {_q(code)} is missing {_q(required)}")
            country_name = self.text(fields["name"][1], f"name of country {_q(code)}")
            color_node = fields["color"][1]
            if isinstance(color_node, ScalarNode) and color_node.tag == _NULL:
                self.fail(
                    color_node,
                    f"color of country {_q(code)} is empty; write it quoted, like \"#3a6ea5\" "
                    "(a bare # starts a YAML comment)",
                )
            color = self.text(color_node, f"color of country {_q(code)}")
            if not _COLOR.match(color):
                self.fail(color_node, f"color of country {_q(code)} must look like \"#rrggbb\", not {_q(color)}")
            result[code] = Country(code=code, name=country_name, color=color)
        return result

    def airports(
        self,
        entry: tuple[Node, Node],
        canvas: tuple[float, float],
        rule: str,
        countries: dict[str, Country],
    ) -> tuple[list[Airport], dict[str, Node]]:
        """The airports in file order, and code -> the node of its entry (for later messages)."""
        key_node, node = entry
        if not isinstance(node, SequenceNode):
            self.fail(node, f"airports must be a list, not {_describe(node)}")
        airports: list[Airport] = []
        entries: dict[str, Node] = {}
        example = "{code: LHR, city: London, pos: [412, 388]}"
        for item in node.value:
            if not isinstance(item, MappingNode):
                self.fail(item, f"each airport must be a mapping like {example}, not {_describe(item)}")
            fields = self.mapping(item, "an airport")
            if "code" not in fields:
                self.fail(item, "airport entry is missing 'code'")
            code_node = fields["code"][1]
            code = self.text(code_node, "airport code")
            if code in entries:
                self.fail(code_node, f"duplicate airport code {_q(code)} (first at line {_line(entries[code])})")
            for required in ("city", "pos"):
                if required not in fields:
                    self.fail(item, f"airport {_q(code)} is missing {_q(required)}")
            city = self.text(fields["city"][1], f"city of airport {_q(code)}")
            pos_node = fields["pos"][1]
            x, y, _ = self.pair(pos_node, f"pos of airport {_q(code)}", "[412, 388]")
            if not (0 <= x <= canvas[0] and 0 <= y <= canvas[1]):
                self.fail(
                    pos_node,
                    f"position [{_num(x)}, {_num(y)}] of airport {_q(code)} is off the canvas "
                    f"[{_num(canvas[0])}, {_num(canvas[1])}]",
                )
            country = self.airport_country(fields, item, code, rule, countries)
            airports.append(
                Airport(
                    code=code,
                    city=city,
                    pos=(x, y),
                    country=country,
                    extra=self.extras(fields, _AIRPORT_KEYS),
                )
            )
            entries[code] = item
        if len(airports) < MIN_AIRPORTS:
            self.fail(key_node, f"only {len(airports)} airports; a board needs at least {MIN_AIRPORTS}")
        return airports, entries

    def airport_country(
        self,
        fields: dict[str, tuple[Node, Node]],
        item: Node,
        code: str,
        rule: str,
        countries: dict[str, Country],
    ) -> str | None:
        entry = fields.get("country")
        value_node = entry[1] if entry else None
        if value_node is None or (isinstance(value_node, ScalarNode) and value_node.tag == _NULL):
            if rule == "cross_border":
                self.fail(
                    value_node or item,
                    f"airport {_q(code)} has no country (required when regional_rule is cross_border)",
                )
            return None
        country = self.text(value_node, f"country of airport {_q(code)}")
        if countries and country not in countries:
            known = ", ".join(sorted(countries))
            self.fail(value_node, f"airport {_q(code)} has unknown country {_q(country)} (known: {known})")
        return country

    def routes(self, node: Node, airports: dict[str, Node]) -> list[tuple[str, str]]:
        """Routes as sorted code pairs, in file order."""
        if not isinstance(node, SequenceNode):
            self.fail(node, f"routes must be a list of pairs like [LHR, CDG], not {_describe(node)}")
        routes: list[tuple[str, str]] = []
        seen: dict[tuple[str, str], Node] = {}
        for item in node.value:
            if not isinstance(item, SequenceNode):
                self.fail(item, f"each route must be a list of two airport codes like [LHR, CDG], not {_describe(item)}")
            if len(item.value) != 2:
                self.fail(item, f"a route must name exactly two airports, not {len(item.value)}")
            a_node, b_node = item.value
            a = self.text(a_node, "airport code in a route")
            b = self.text(b_node, "airport code in a route")
            for code, code_node in ((a, a_node), (b, b_node)):
                if code not in airports:
                    self.fail(code_node, f"unknown airport {_q(code)} in route [{_cut(a)}, {_cut(b)}]")
            if a == b:
                self.fail(item, f"route from airport {_q(a)} to itself")
            pair = (a, b) if a < b else (b, a)
            if pair in seen:
                self.fail(item, f"duplicate route {a}-{b} (first at line {_line(seen[pair])})")
            seen[pair] = item
            routes.append(pair)
        return routes

    def check_connected(
        self, airports: list[Airport], routes: list[tuple[str, str]], entries: dict[str, Node]
    ) -> None:
        """Every airport must be reachable from the first one."""
        neighbours: dict[str, list[str]] = {a.code: [] for a in airports}
        for a, b in routes:
            neighbours[a].append(b)
            neighbours[b].append(a)
        start = airports[0].code
        reached = {start}
        todo = [start]
        while todo:
            for other in neighbours[todo.pop()]:
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
        for airport in airports:
            if airport.code not in reached:
                self.fail(
                    entries[airport.code],
                    f"the route graph is not connected: airport {_q(airport.code)} "
                    f"cannot be reached from {_q(start)}",
                )

    def callsigns(
        self, entry: tuple[Node, Node] | None, airports: dict[str, Node]
    ) -> tuple[str, ...] | None:
        if entry is None:
            return None
        node = entry[1]
        if isinstance(node, ScalarNode) and node.tag == _NULL:
            return None
        if not isinstance(node, SequenceNode):
            self.fail(node, f"recommended_callsigns must be a list of airport codes, not {_describe(node)}")
        if len(node.value) != CALLSIGN_COUNT:
            self.fail(node, f"recommended_callsigns must list {CALLSIGN_COUNT} airports, not {len(node.value)}")
        codes: list[str] = []
        for item in node.value:
            code = self.text(item, "a recommended callsign")
            if code not in airports:
                self.fail(item, f"unknown airport {_q(code)} in recommended_callsigns")
            if code in codes:
                self.fail(item, f"airport {_q(code)} is listed twice in recommended_callsigns")
            codes.append(code)
        return tuple(codes)


# --------------------------------------------------------------------------- public API


def _cut(text: str) -> str:
    """A code as a message shows it bare, shortened if huge (a 1 MB "code" was seen)."""
    return text if len(text) <= 40 else text[:37] + "..."


def parse_board(text: str, filename: str, *, path: str | None = None) -> Board:
    """Validate board YAML text; ``filename`` names it in messages, ``path`` goes to ``Board.path``.

    Raises BoardError("FILE:LINE: problem") for anything wrong, never another exception.
    """
    loader: yaml.SafeLoader | None = None
    try:
        # composed from libyaml's events without recursion, budgets checked
        # on the way (depth, aliases, long numbers); PyYAML's safe constructor
        # reads the scalars
        root = compose_nodes(text, filename)
        loader = yaml.SafeLoader("")
        return _Parser(loader, filename).board(root, path)
    except BoardError:
        raise
    except FileProblem as exc:
        raise BoardError(str(exc)) from None
    except yaml.MarkedYAMLError as exc:
        raise _yaml_error(exc, filename) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1 if isinstance(text, str) else None
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        raise _error(filename, line, f"character {char!r} is not allowed in a YAML file") from None
    except yaml.YAMLError as exc:
        raise _error(filename, None, f"YAML error: {exc}") from None
    except RecursionError:
        raise _error(filename, None, "the YAML is nested too deeply") from None
    except Exception as exc:  # pragma: no cover - a safety net: the game must not crash on a file
        raise _error(filename, None, f"internal error while reading the board: {type(exc).__name__}") from None
    finally:
        if loader is not None:
            loader.dispose()


def load_board(ref: str | os.PathLike[str], base_dir: str | os.PathLike[str] | None = None) -> Board:
    """Load a board by id (``"europe"``, or a shipped file's stem) or by path to a YAML file.

    A ``str`` is a path if it ends in .yaml/.yml or contains a path separator; otherwise an
    id looked up in ``boards/``. Relative paths resolve against ``base_dir`` (e.g. the folder
    of a script that names the board) or else the current directory.
    """
    return files.load_parsed(ref, base_dir, lambda text, shown, path: parse_board(text, shown, path=path), _PARSED)


_PARSED: dict[tuple[str, str, bytes], Board] = {}
