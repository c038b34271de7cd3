"""Reading hand-written YAML from its node tree, each value with its line.

Shared by the board loaders of both games (OpenSky's ``loader``, Blue Skies'
``opensky.blueskies.board``): every failure is one located ``BoardError``,
``FILE:LINE: problem``.  Identifiers are taken from the scalar's source text
unless a loader asks for strict strings.
"""
from __future__ import annotations

import math
from typing import Any, NoReturn

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from opensky.board.files import board_error as _error, quoted as _q
from opensky.board.model import BoardError
from opensky.textlimits import unshowable

__all__ = ["yaml_error", "NodeReader", "describe", "line_of", "num", "TAG", "NULL", "BOOL", "INT", "FLOAT", "STR"]

_TAG = "tag:yaml.org,2002:"
_NULL = _TAG + "null"
_BOOL = _TAG + "bool"
_INT = _TAG + "int"
_FLOAT = _TAG + "float"
_STR = _TAG + "str"
#: Scalars whose source text is accepted as a name or code (so NO, 2024, 1e3 are text).
_TEXT_TAGS = frozenset({_STR, _BOOL, _INT, _FLOAT, _TAG + "timestamp"})


# --------------------------------------------------------------------------- helpers


def _num(x: float) -> str:
    return f"{x:g}"


def _line(node: Node) -> int:
    return node.start_mark.line + 1


def _describe(node: Node) -> str:
    """What a node is, for "must be X, not Y" messages."""
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    assert isinstance(node, ScalarNode)
    if node.tag == _NULL:
        return "empty" if node.value in ("", "~") or node.value.lower() == "null" else "null"
    if node.tag == _BOOL:
        return f"the value {node.value}"
    if node.tag in (_INT, _FLOAT):
        return f"the number {node.value[:40]}"
    return f"text {_q(node.value)}"


# --------------------------------------------------------------------------- parser


class NodeReader:
    """The primitives of reading a composed YAML document; every failure raises a located BoardError."""

    def __init__(self, loader: yaml.SafeLoader, filename: str) -> None:
        self.loader = loader
        self.filename = filename
        self._pairs: dict[int, dict[str, tuple[Node, Node]]] = {}
        self._python: dict[int, Any] = {}
        self._building: set[int] = set()

    # -- primitives -----------------------------------------------------------

    def fail(self, where: Node | int | None, problem: str) -> NoReturn:
        line = _line(where) if isinstance(where, Node) else where
        raise _error(self.filename, line, problem)

    def mapping(self, node: Node, what: str) -> dict[str, tuple[Node, Node]]:
        """Key text -> (key node, value node), after YAML merges; duplicate keys refused."""
        if not isinstance(node, MappingNode):
            self.fail(node, f"{what} must be a mapping, not {_describe(node)}")
        cached = self._pairs.get(id(node))
        if cached is not None:
            return cached
        seen: dict[str, Node] = {}
        for key_node, _ in node.value:
            if key_node.tag == _TAG + "merge":
                continue
            key = self.key(key_node, what)
            if key in seen:
                self.fail(
                    key_node,
                    f"duplicate key {_q(key)} in {what} (first at line {_line(seen[key])})",
                )
            seen[key] = key_node
        self.loader.flatten_mapping(node)  # resolves "<<: *anchor" merges in place
        pairs: dict[str, tuple[Node, Node]] = {}
        for key_node, value_node in node.value:
            pairs[self.key(key_node, what)] = (key_node, value_node)
        self._pairs[id(node)] = pairs
        return pairs

    def key(self, node: Node, what: str) -> str:
        if not isinstance(node, ScalarNode):
            self.fail(node, f"keys in {what} must be plain names, not {_describe(node)}")
        return str(node.value)

    def text(self, node: Node, what: str) -> str:
        """A non-blank string; plain scalars count by their source text (NO is not False)."""
        if not isinstance(node, ScalarNode) or node.tag == _NULL:
            self.fail(node, f"{what} must be text, not {_describe(node)}")
        if node.tag not in _TEXT_TAGS:
            self.fail(node, f"{what} has an unsupported YAML tag {_q(node.tag)}")
        value = str(node.value)
        if not value.strip():
            self.fail(node, f"{what} must not be blank")
        why = unshowable(value)
        if why is not None:
            self.fail(node, f"{what} holds {why}")
        return value

    def number(self, node: Node, what: str) -> float:
        """A finite int or float (booleans and quoted numbers are refused)."""
        value: Any = None
        if isinstance(node, ScalarNode):
            if node.tag in (_INT, _FLOAT):
                try:
                    value = self.loader.construct_object(node)
                except ValueError:  # e.g. an int with more digits than Python converts
                    self.fail(node, f"{what} is too large")
            elif node.tag == _STR and node.style is None:
                try:  # plain text Python reads as a number, e.g. 1e3
                    value = float(node.value)
                except ValueError:
                    value = None
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            self.fail(node, f"{what} must be a number, not {_describe(node)}")
        try:
            result = float(value)
        except OverflowError:
            self.fail(node, f"{what} is too large")
        if not math.isfinite(result):
            self.fail(node, f"{what} must be a finite number, not {node.value}")
        return result

    def pair(self, node: Node, what: str, example: str) -> tuple[float, float, list[Node]]:
        """Two numbers written as a list, e.g. ``[412, 388]``."""
        if not isinstance(node, SequenceNode):
            self.fail(node, f"{what} must be a list of two numbers like {example}, not {_describe(node)}")
        if len(node.value) != 2:
            self.fail(node, f"{what} must be two numbers like {example}, not {len(node.value)}")
        x_node, y_node = node.value
        return self.number(x_node, f"{what} x"), self.number(y_node, f"{what} y"), node.value

    def python(self, node: Node) -> Any:
        """Plain Python data for extra keys (mapping keys as text, aliases shared)."""
        ident = id(node)
        if ident in self._python:
            return self._python[ident]
        if ident in self._building:
            self.fail(node, "recursive YAML alias")
        if isinstance(node, ScalarNode):
            try:
                value = self.loader.construct_object(node)
            except ValueError as exc:  # bad timestamp, over-long int...
                self.fail(node, f"unreadable value {_q(str(node.value))} ({exc})")
            self._python[ident] = value
            return value
        self._building.add(ident)
        try:
            if isinstance(node, SequenceNode):
                result: Any = [self.python(item) for item in node.value]
            else:
                pairs = self.mapping(node, "this mapping")
                result = {key: self.python(value) for key, (_, value) in pairs.items()}
        finally:
            self._building.discard(ident)
        self._python[ident] = result
        return result

    def extras(self, pairs: dict[str, tuple[Node, Node]], known: tuple[str, ...]) -> dict[str, Any]:
        return {k: self.python(v) for k, (_, v) in pairs.items() if k not in known}



num = _num
line_of = _line
describe = _describe
TAG, NULL, BOOL, INT, FLOAT, STR = _TAG, _NULL, _BOOL, _INT, _FLOAT, _STR


def yaml_error(exc: yaml.MarkedYAMLError, filename: str) -> BoardError:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or exc.context or "invalid YAML"
    if exc.context and exc.problem:
        if exc.problem.startswith("but "):
            problem = f"{exc.context}, {exc.problem}"
        elif exc.context_mark and exc.context_mark is not mark:
            problem += f" ({exc.context} at line {exc.context_mark.line + 1})"
    kind = "YAML error" if isinstance(exc, yaml.constructor.ConstructorError) else "YAML syntax error"
    return _error(filename, mark.line + 1 if mark else None, f"{kind}: {problem}")
