"""The one reading path for every file a player can touch: boards, scripts,
saves, autosaves, settings and the seal key.

Every such file is hostile until checked.  Reading one here means:

* **regular files only** — a folder, a FIFO, ``/dev/zero`` or a socket is
  refused before a byte is read (the file is opened non-blocking, so even a
  FIFO with no writer cannot hang the game);
* **a size cap** (``MAX_BYTES``, 8 MB) checked on the open file before reading,
  and never more than the cap read;
* **budgets while parsing**: nesting depth (``MAX_DEPTH``), YAML aliases
  (``MAX_NODES`` counted as if every alias were expanded, so a 500-byte
  "billion laughs" is refused in microseconds), whole numbers of at most
  ``MAX_INT_DIGITS`` digits (Python refuses over 4,300 anyway, with an
  exception of its own), and no non-finite numbers in JSON;
* **one clear message** for every way it can fail: a ``FileProblem`` (a
  ``ValueError``) whose text names the file and the problem in one line of at
  most ``MAX_MESSAGE`` characters, never the whole offending value (``short``
  shows a value cut to a few dozen characters).

No pygame, no state: the board loader, the script command, saves, settings and
the window all call into it.
"""
from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from opensky.textlimits import MAX_MESSAGE, has_surrogate, one_line, short

__all__ = [
    "FileProblem", "read_bytes", "read_text", "parse_json", "read_json", "parse_yaml",
    "check_yaml_nodes", "short", "one_line", "display", "MAX_BYTES", "MAX_DEPTH", "MAX_NODES",
    "MAX_INT_DIGITS", "MAX_MESSAGE",
]

#: No file the game reads is anywhere near this (a long save is ~300 kB).
MAX_BYTES = 8 * 1024 * 1024
#: Deepest nesting of lists and mappings accepted (ours need 5).
MAX_DEPTH = 64
#: Most YAML nodes a document may stand for, counting every alias expanded.
MAX_NODES = 500_000
#: Longest whole number accepted (seeds and random-generator words need 20).
MAX_INT_DIGITS = 64

_YAML_INT = "tag:yaml.org,2002:int"


class FileProblem(ValueError):
    """A file cannot be used; the message says which and why, in one line."""

    def __init__(self, where: str, problem: str, line: int | None = None):
        self.where = where
        self.problem = problem
        self.line = line
        super().__init__(one_line(f"{where}{f':{line}' if line else ''}: {problem}"))


def display(path: str | os.PathLike[str], limit: int = 100) -> str:
    """A path as messages show it: relative to the current folder when inside
    it, and cut from the left to ``limit`` characters."""
    try:
        p = Path(os.fsdecode(os.fspath(path)))
    except (TypeError, ValueError):
        return "<file>"
    try:
        text = str(p.relative_to(Path.cwd())) if p.is_absolute() else str(p)
    except (ValueError, OSError):
        text = str(p)
    text = text.replace("\n", " ").replace("\r", " ")
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


# --------------------------------------------------------------------- reading


def read_bytes(path: str | os.PathLike[str], what: str = "file", limit: int = MAX_BYTES,
               where: str | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; FileProblem otherwise.

    ``what`` names the kind of file in messages ("save", "board", …).
    """
    shown = where or display(path)
    try:
        fspath = os.fspath(path)
    except TypeError:
        raise FileProblem(shown, "not a usable path") from None
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(fspath, flags)
    except FileNotFoundError:
        raise FileProblem(shown, f"no such {what} file") from None
    except IsADirectoryError:
        raise FileProblem(shown, f"is a folder, not a {what} file") from None
    except PermissionError:
        if os.path.isdir(fspath):
            raise FileProblem(shown, f"is a folder, not a {what} file") from None
        raise FileProblem(shown, "cannot read it (permission denied)") from None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the path
        reason = getattr(e, "strerror", None) or "not a usable path"
        raise FileProblem(shown, f"cannot read it ({reason})") from None
    try:
        try:
            st = os.fstat(fd)
        except OSError as e:
            raise FileProblem(shown, f"cannot read it ({e.strerror or 'error'})") from None
        if stat.S_ISDIR(st.st_mode):
            raise FileProblem(shown, f"is a folder, not a {what} file")
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem(shown, f"is not a regular file (a device, pipe or socket), so it is not a {what} file")
        if st.st_size > limit:
            raise FileProblem(shown, f"is too large for a {what} file ({_mb(st.st_size)}; the limit is {_mb(limit)})")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            except BlockingIOError:
                raise FileProblem(shown, "cannot read it (it is not ready)") from None
            except OSError as e:
                raise FileProblem(shown, f"cannot read it ({e.strerror or 'error'})") from None
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:  # it grew while we read
            raise FileProblem(shown, f"is too large for a {what} file (the limit is {_mb(limit)})")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n} bytes"


def read_text(path: str | os.PathLike[str], what: str = "file", limit: int = MAX_BYTES,
              where: str | None = None) -> str:
    """A regular UTF-8 text file (a BOM is fine)."""
    shown = where or display(path)
    data = read_bytes(path, what, limit, where=shown)
    return decode(data, shown, what)


def decode(data: bytes, where: str, what: str = "file") -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise FileProblem(where, f"not a text {what} file (it is not UTF-8)", line) from None


# ------------------------------------------------------------------------ JSON


class _Refused(Exception):
    """Raised inside the JSON parser's hooks."""


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"a number of {digits} digits is too large (at most {MAX_INT_DIGITS} digits)")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 400:
        raise _Refused("a number is too long")
    x = float(text)
    if not math.isfinite(x):
        raise _Refused(f"the number {short(text, 24)} is too large")
    return x


def _parse_constant(name: str) -> float:
    raise _Refused(f"{name} is not a number this game accepts")


def _lenient_int(text: str) -> float | int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        return -math.inf if text.startswith("-") else math.inf
    return int(text)


def parse_json(data: bytes | str, where: str, what: str = "file", strict: bool = True) -> Any:
    """Parse JSON within the budgets above; FileProblem with one line otherwise.

    ``strict=False`` is for a file whose every value is checked and clamped
    one by one afterwards (settings): numbers that do not fit (``1e999``,
    ``Infinity``, 100 digits) come back as ±inf or NaN instead of costing the
    whole file, and nesting and text are left to that check (deep nesting
    still ends as the parser's own RecursionError, a damaged file)."""
    if isinstance(data, bytes):
        text = decode(data, where, what)
    else:
        text = data
    if not text.strip():
        raise FileProblem(where, f"the {what} file is empty")
    try:
        if strict:
            value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                               parse_constant=_parse_constant)
        else:
            value = json.loads(text, parse_int=_lenient_int)
    except _Refused as e:
        raise FileProblem(where, f"the {what} file is damaged ({e})") from None
    except json.JSONDecodeError as e:
        raise FileProblem(where, f"the {what} file is damaged or cut short (line {e.lineno}: {e.msg})") from None
    except RecursionError:
        raise FileProblem(where, f"the {what} file is damaged (nested too deeply)") from None
    except MemoryError:
        raise FileProblem(where, f"the {what} file is too large to read") from None
    except (ValueError, TypeError, OverflowError) as e:
        raise FileProblem(where, f"the {what} file is damaged ({type(e).__name__})") from None
    if not strict:
        return value
    if _depth(value) > MAX_DEPTH:
        raise FileProblem(where, f"the {what} file is damaged (nested more than {MAX_DEPTH} levels deep)")
    if _any_surrogate(value):
        raise FileProblem(where, f"the {what} file is damaged (text that is not valid Unicode: a lone surrogate)")
    return value


def read_json(path: str | os.PathLike[str], what: str = "file", limit: int = MAX_BYTES,
              where: str | None = None) -> Any:
    shown = where or display(path)
    return parse_json(read_bytes(path, what, limit, where=shown), shown, what)


def _any_surrogate(value: Any) -> bool:
    """Whether any text in parsed data (keys too) holds a lone surrogate, which
    JSON's \\uD800 and YAML's "\\uD800" escapes can make: such text can be
    neither drawn nor written back as UTF-8."""
    stack: list[Any] = [value]
    seen: set[int] = set()
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if has_surrogate(v):
                return True
        elif isinstance(v, (list, dict)):
            if id(v) in seen:          # YAML aliases share containers
                continue
            seen.add(id(v))
            if isinstance(v, dict):
                stack.extend(v.keys())
                stack.extend(v.values())
            else:
                stack.extend(v)
    return False


def _depth(value: Any) -> int:
    """Nesting depth of parsed JSON, without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        if isinstance(v, list):
            deepest = max(deepest, d)
            if deepest > MAX_DEPTH:
                return deepest
            stack.extend((x, d + 1) for x in v)
    return deepest


# ------------------------------------------------------------------------ YAML


def check_yaml_nodes(root: Node | None, where: str) -> None:
    """Refuse a composed YAML tree that is too deep, stands for too many nodes
    once its aliases are expanded, or holds a whole number that is too long.

    Aliases make the tree a graph (possibly with cycles): sizes are counted
    once per node and shared, so the check is linear in the file's size.
    """
    if root is None:
        return
    size: dict[int, int] = {}
    on_path: set[int] = set()
    # iterative post-order walk: (node, depth, children_done)
    stack: list[tuple[Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            total = 1
            for child in _children(node):
                total += size.get(id(child), 0)
                if total > MAX_NODES:
                    raise FileProblem(where, "the YAML stands for too much data (too many aliases: "
                                             "is it an \"alias bomb\"?)")
            size[key] = total
            continue
        if key in size:
            continue
        if key in on_path:
            raise FileProblem(where, "an alias refers to itself", node.start_mark.line + 1)
        if depth > MAX_DEPTH:
            raise FileProblem(where, f"nested more than {MAX_DEPTH} levels deep", node.start_mark.line + 1)
        if isinstance(node, ScalarNode):
            if node.tag == _YAML_INT and len(node.value) > MAX_INT_DIGITS:
                raise FileProblem(where, f"a number of {len(node.value)} digits is too large "
                                         f"(at most {MAX_INT_DIGITS} digits)", node.start_mark.line + 1)
            size[key] = 1
            continue
        on_path.add(key)
        stack.append((node, depth, True))
        for child in _children(node):
            if id(child) not in size:
                stack.append((child, depth + 1, False))


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        out: list[Node] = []
        for k, v in node.value:
            out.append(k)
            out.append(v)
        return out
    return []


def _yaml_problem(e: yaml.MarkedYAMLError, where: str) -> FileProblem:
    mark = e.problem_mark or e.context_mark
    return FileProblem(where, f"not valid YAML ({e.problem or e.context})",
                       mark.line + 1 if mark is not None else None)


#: Under this size a YAML error is described by PyYAML's pure-Python parser
#: (its wording and line numbers are the ones our messages were written for);
#: a larger file keeps libyaml's own words, so a bad 8 MB file costs no time.
_PURE_MESSAGE_BYTES = 256 * 1024


def _event_loader(text: str) -> Any:
    """The fastest safe event parser here: libyaml's when PyYAML has it (10×
    faster than the pure one; its own composer recurses in C and can crash on
    deep nesting, so only its *events* are used, composed by ``compose_yaml``)."""
    cls = getattr(yaml, "CSafeLoader", None) if getattr(yaml, "__with_libyaml__", False) else None
    return (cls or yaml.SafeLoader)(text)


def compose_yaml(text: str, where: str) -> Node | None:
    """The node tree of one YAML document, built without recursion and within
    the budgets (depth, node count with aliases expanded, long numbers);
    FileProblem with the line for anything wrong.

    The tree is what ``yaml.compose`` gives (same tags, marks and shared
    alias nodes), so callers can read line numbers and construct from it."""
    try:
        return compose_nodes(text, where)
    except FileProblem:
        raise
    except (yaml.YAMLError, RecursionError, MemoryError, ValueError, TypeError) as e:
        raise _problem_from(e, where) from None


def compose_nodes(text: str, where: str) -> Node | None:
    """``compose_yaml`` for callers that word YAML errors themselves (the board
    loader): budget problems are FileProblem, YAML errors are PyYAML's own
    exceptions — with the pure parser's wording for files under
    ``_PURE_MESSAGE_BYTES``."""
    try:
        return _compose(text, where)
    except FileProblem:
        raise
    except (yaml.YAMLError, RecursionError, MemoryError, ValueError, TypeError):
        if len(text) <= _PURE_MESSAGE_BYTES:
            _pure_compose(text)
        raise


def _pure_compose(text: str) -> None:
    """Compose ``text`` with PyYAML's pure parser, so that its error (if any)
    is the one raised."""
    loader = None
    try:
        loader = yaml.SafeLoader(text)
        loader.get_single_node()
    finally:
        if loader is not None:
            loader.dispose()


def _problem_from(e: BaseException, where: str) -> FileProblem:
    if isinstance(e, yaml.MarkedYAMLError):
        return _yaml_problem(e, where)
    if isinstance(e, yaml.reader.ReaderError):
        return FileProblem(where, f"not valid YAML (a character that is not allowed: {e.reason})")
    if isinstance(e, (RecursionError, MemoryError)):
        return FileProblem(where, "not valid YAML (nested too deeply)")
    first = str(e).splitlines()[0] if str(e) else type(e).__name__
    return FileProblem(where, f"not valid YAML ({one_line(first, 80)})")


def _compose(text: str, where: str) -> Node | None:
    from yaml import events as ev

    resolver = yaml.SafeLoader("")
    resolve: Any = resolver.resolve          # untyped in PyYAML's stubs
    loader = _event_loader(text)
    anchors: dict[str, Node] = {}
    stack: list[tuple[Node, str | None]] = []   # open collections and their anchors
    keys: list[Node | None] = []                 # a mapping's pending key
    root: Node | None = None
    documents = 0
    count = 0

    def attach(node: Node) -> None:
        nonlocal root
        if not stack:
            root = node
            return
        parent = stack[-1][0]
        if isinstance(parent, SequenceNode):
            parent.value.append(node)
        elif keys[-1] is None:
            keys[-1] = node
        else:
            parent.value.append((keys[-1], node))
            keys[-1] = None

    def anchor(name: str | None, node: Node) -> None:
        if name is not None:
            if name in anchors:
                raise FileProblem(where, f"the anchor &{short(name, 20)} is defined twice",
                                  node.start_mark.line + 1)
            anchors[name] = node

    try:
        while True:
            event = loader.get_event()
            e: Any = event   # libyaml's or PyYAML's event classes alike: read untyped
            if event is None or isinstance(event, ev.StreamEndEvent):
                break
            if isinstance(event, ev.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise FileProblem(where, "not valid YAML (expected a single document in the stream)",
                                      e.start_mark.line + 1)
                continue
            if isinstance(event, (ev.StreamStartEvent, ev.DocumentEndEvent)):
                continue
            count += 1
            if count > MAX_NODES:
                raise FileProblem(where, "the YAML stands for too much data (too many values)")
            line = e.start_mark.line + 1
            if isinstance(event, ev.AliasEvent):
                target = anchors.get(e.anchor)
                if target is None:
                    raise FileProblem(where, f"found undefined alias *{short(e.anchor, 20)}", line)
                if any(open_node is target for open_node, _ in stack):
                    raise FileProblem(where, "an alias refers to itself", line)
                attach(target)
            elif isinstance(event, ev.ScalarEvent):
                tag = e.tag
                if tag is None or tag == "!":
                    tag = resolve(ScalarNode, e.value, e.implicit)
                if tag == _YAML_INT and len(e.value) > MAX_INT_DIGITS:
                    raise FileProblem(where, f"a number of {len(e.value)} digits is too large "
                                             f"(at most {MAX_INT_DIGITS} digits)", line)
                node: Node = ScalarNode(tag, e.value, e.start_mark, e.end_mark, style=e.style or None)
                anchor(e.anchor, node)
                attach(node)
            elif isinstance(event, (ev.SequenceStartEvent, ev.MappingStartEvent)):
                if len(stack) >= MAX_DEPTH:
                    raise FileProblem(where, f"nested more than {MAX_DEPTH} levels deep", line)
                seq = isinstance(event, ev.SequenceStartEvent)
                kind = SequenceNode if seq else MappingNode
                tag = e.tag
                if tag is None or tag == "!":
                    tag = resolve(kind, None, e.implicit)
                node = kind(tag, [], e.start_mark, None, flow_style=e.flow_style)
                anchor(e.anchor, node)
                attach(node)
                stack.append((node, e.anchor))
                keys.append(None)
            elif isinstance(event, (ev.SequenceEndEvent, ev.MappingEndEvent)):
                node, _ = stack.pop()
                keys.pop()
                node.end_mark = e.end_mark
    finally:
        loader.dispose()
        resolver.dispose()
    check_yaml_nodes(root, where)   # aliases expanded: the "billion laughs" budget
    return root


def _unreadable_value(root: Node, where: str, error: BaseException) -> FileProblem:
    """Which scalar could not be constructed (``!!float abc``, a bad
    ``!!timestamp``…): its line and tag, found by constructing the tagged
    scalars one by one; the error's type if none alone fails."""
    probe = yaml.SafeLoader("")
    try:
        stack: list[Node] = [root]
        seen: set[int] = set()
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, ScalarNode):
                try:
                    probe.construct_object(node)
                except (yaml.YAMLError, ValueError, TypeError, OverflowError):
                    tag = node.tag.rsplit(":", 1)[-1]
                    return FileProblem(where, f"{short(node.value, 30)} cannot be read as !!{tag}",
                                       node.start_mark.line + 1)
            else:
                stack.extend(reversed(_children(node)))
    finally:
        probe.dispose()
    return FileProblem(where, f"a value cannot be read ({type(error).__name__})")


def parse_yaml(text: str, where: str) -> tuple[Any, Node | None]:
    """Safely parse YAML text: (data, node) — the node tree gives line numbers.

    Composed once (``compose_yaml``: no Python objects ever built, budgets
    checked), then constructed from that same tree by PyYAML's safe constructor.
    """
    node = compose_yaml(text, where)
    if node is None:
        return None, None
    loader = yaml.SafeLoader("")
    try:
        try:
            data = loader.construct_document(node)
        except yaml.MarkedYAMLError as e:
            raise _yaml_problem(e, where) from None
        except RecursionError:
            raise FileProblem(where, "not valid YAML (nested too deeply)") from None
        except (yaml.YAMLError, ValueError, TypeError, OverflowError) as e:
            raise _unreadable_value(node, where, e) from None
        if _any_surrogate(data):
            raise FileProblem(where, "text that is not valid Unicode (a lone surrogate escape such as \\ud800)")
        return data, node
    finally:
        loader.dispose()
