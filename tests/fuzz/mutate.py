"""The mutation engine: seeded damage to a file's bytes or to its structure.

Why structure as well as bytes: random bytes mostly give files the first
parser refuses; the bugs that matter (a wrong type three levels deep, a huge
number in the random-generator state, an alias bomb in a field that gets
printed) need a file that *parses* and is wrong in one place.  So JSON is
parsed, one value is replaced and the document written back; YAML is composed
and the source text of one node is replaced in place, which keeps comments,
line numbers and every other byte as they were.

Everything is a pure function of ``random.Random`` and the input bytes: the
same seed gives the same mutation, so a failing case can be reproduced from
its (kind, seed).  No opensky import here.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import yaml

BYTE_FAMILIES = ("truncate", "flip", "insert", "delete", "duplicate", "token", "bad-utf8", "bom",
                 "empty", "nul", "newlines")
STRUCT_FAMILIES = ("wrong-type", "wrong-value", "drop", "huge-int", "non-finite", "long-string",
                   "deep-nesting", "wide")
SPECIAL_FAMILIES = ("fifo", "directory", "devzero", "big-file")
#: The online table store (SQLite, ``tests.fuzz.tables``): its bytes, then its rows written through sqlite3.
SQLITE_BYTE_FAMILIES = ("truncate", "flip", "insert", "delete", "duplicate", "zero-page")
SQLITE_ROW_FAMILIES = ("row-json", "big-number", "sql-type", "gap", "reindex", "recode", "drop-table",
                       "foreign-schema", "other-key")
#: Every family, per format; ``none`` feeds the unmutated base (the tier's own control).
FAMILIES: dict[str, tuple[str, ...]] = {
    "json": ("none",) + BYTE_FAMILIES + STRUCT_FAMILIES + SPECIAL_FAMILIES,
    "yaml": ("none",) + BYTE_FAMILIES + STRUCT_FAMILIES + ("alias-bomb",) + SPECIAL_FAMILIES,
    "sqlite": ("none",) + SQLITE_BYTE_FAMILIES + SQLITE_ROW_FAMILIES + SPECIAL_FAMILIES,
}
#: Files bigger than the program's read cap (8 MB) by up to 1 MB.
BIG_FILE_BYTES = 8 * 1024 * 1024
ONE_MB = 1_000_000


class Raw(str):
    """Text written into the document verbatim (a number JSON cannot hold, ``NaN``, ``[[[…``)."""


@dataclass
class Mutated:
    """One mutated file: its bytes (or a special file to make instead) and what was done."""

    family: str
    desc: str
    data: bytes | None
    special: str | None = None


Path = tuple[Any, ...]


def describe_path(path: Path) -> str:
    """``$.seats[0].bot`` style."""
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


# ---------------------------------------------------------------- bytes

_TOKENS = {
    "json": ["[", "]", "{", "}", ":", ",", '"', "\\", "\\u", "\\ud800", "null", "true", "-", "1e999",
             "NaN", "/*", "\n", "0", "{}", "[]", '"":'],
    "yaml": ["[", "]", "{", "}", ": ", "- ", "\n", "\t", "#", "&a ", "*a", "*nope",
             "!!python/object/apply:os.system ['true']", "'", '"', ",", "~", "<<: *a", "%YAML 1.1\n",
             "---\n", "? ", "|", ">", "!!binary ", "!!set ", "!!float ", "!!int ", "@", "`", "...\n"],
}
_BAD_UTF8 = [b"\xff", b"\xfe\xff", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80",
             b"\xe2\x82"]


def _pos(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def mutate_bytes(rng: random.Random, data: bytes, fmt: str, family: str) -> Mutated:
    """Byte-level damage: what a cut-short download, a bad disk or an editor does."""
    b = bytearray(data)
    if family == "truncate":
        at = rng.randrange(len(b)) if b else 0
        return Mutated(family, f"truncate at byte {at} of {len(b)}", bytes(b[:at]))
    if family == "flip":
        done = []
        for _ in range(rng.randint(1, 8)):
            if not b:
                break
            i, bit = rng.randrange(len(b)), rng.randrange(8)
            b[i] ^= 1 << bit
            done.append(f"{i}.{bit}")
        return Mutated(family, "flip bits " + ",".join(done), bytes(b))
    if family == "insert":
        at, n = _pos(rng, data), rng.randint(1, 16)
        extra = bytes(rng.randrange(256) for _ in range(n))
        return Mutated(family, f"insert {extra.hex()} at {at}", bytes(b[:at] + extra + b[at:]))
    if family == "delete":
        at = _pos(rng, data)
        n = rng.randint(1, 64)
        return Mutated(family, f"delete {n} bytes at {at}", bytes(b[:at] + b[at + n:]))
    if family == "duplicate":
        at = _pos(rng, data)
        n = rng.randint(1, 200)
        return Mutated(family, f"duplicate {n} bytes at {at}", bytes(b[:at + n] + b[at:at + n] + b[at + n:]))
    if family == "token":
        at, tok = _pos(rng, data), rng.choice(_TOKENS[fmt])
        return Mutated(family, f"insert token {tok!r} at {at}", bytes(b[:at]) + tok.encode() + bytes(b[at:]))
    if family == "bad-utf8":
        at, seq = _pos(rng, data), rng.choice(_BAD_UTF8)
        return Mutated(family, f"insert invalid UTF-8 {seq.hex()} at {at}", bytes(b[:at]) + seq + bytes(b[at:]))
    if family == "bom":
        kind = rng.choice(("utf-8", "utf-8", "utf-16", "double"))
        if kind == "utf-8":
            return Mutated(family, "UTF-8 BOM in front", b"\xef\xbb\xbf" + data)
        if kind == "double":
            return Mutated(family, "two UTF-8 BOMs in front", b"\xef\xbb\xbf" * 2 + data)
        text = data.decode("utf-8", "replace")
        return Mutated(family, "re-encoded as UTF-16 with a BOM", text.encode("utf-16"))
    if family == "empty":
        body = rng.choice((b"", b" ", b"\n\n", b"\t \r\n", b"\x00"))
        return Mutated(family, f"file replaced by {body!r}", body)
    if family == "nul":
        at = _pos(rng, data)
        n = rng.choice((1, 2, 100, 4096))
        return Mutated(family, f"insert {n} NUL bytes at {at}", bytes(b[:at]) + b"\x00" * n + bytes(b[at:]))
    if family == "newlines":
        how = rng.choice(("crlf", "cr", "none"))
        new = {"crlf": b"\r\n", "cr": b"\r", "none": b" "}[how]
        return Mutated(family, f"line ends replaced by {new!r}", data.replace(b"\n", new))
    raise ValueError(f"unknown byte family {family}")


# ---------------------------------------------------------------- values

_WRONG_TYPES: list[Any] = [[], {}, [1, 2, 3], {"x": 1}, "text", "", None, True, False, 0, -1, 1.5,
                           [None], [[]], {"": None}, ["Ann", "Ann"]]
_STRINGS = ["hard", "expert", "Expert", "random", "normal", "", " ", "europe", "north_america", "atlantis",
            "sealed", "bid", "pass", "Ann", "\n", "\u2708" * 3, "%s%n", "{0}{name}", "${HOME}", "CON",
            "../../../etc/passwd", "/dev/null", "x" * 300, "NO", "0x10", "1e999", "null", "\u202e", "\U0001f600"]
_INTS = [-1, 0, 1, 2, 3, 4, 5, 6, 11, 12, 13, 99, 400, 10 ** 6, -2 ** 31, 2 ** 31, 2 ** 53 + 1]
_FLOATS = [0.5, -0.0, 1e-300, 1e300, -1.5, 3.999]


def _wrong_type(rng: random.Random, old: Any) -> Any:
    choices = [v for v in _WRONG_TYPES if type(v) is not type(old)]
    return rng.choice(choices)


def _wrong_value(rng: random.Random, old: Any) -> Any:
    """A value of the right type that is wrong (``bot: hard``, a seat count of 13)."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return rng.choice([v for v in _INTS if v != old])
    if isinstance(old, float):
        return rng.choice(_FLOATS)
    if isinstance(old, str):
        return rng.choice([v for v in _STRINGS if v != old])
    if isinstance(old, list):
        return list(reversed(old)) + old[:1] if old else [0]
    if isinstance(old, dict):
        return {str(k) + "_": v for k, v in old.items()} if old else {"extra": 1}
    return rng.choice(_STRINGS)


def _huge_int(rng: random.Random) -> Any:
    return rng.choice([Raw("1" + "0" * 5000), -10 ** 30, 2 ** 64, 2 ** 63, -2 ** 63 - 1, 10 ** 20,
                       Raw("-" + "9" * 4400), Raw("1" + "0" * 100_000)])


def _non_finite(rng: random.Random, fmt: str) -> Raw:
    if fmt == "json":
        return Raw(rng.choice(["1e999", "-1e999", "NaN", "Infinity", "-Infinity", "1e309"]))
    return Raw(rng.choice([".inf", "-.inf", ".nan", ".NaN", ".Inf", "1e999", "-1e999"]))


def _long_string(rng: random.Random, fmt: str) -> Any:
    n = ONE_MB
    ch = rng.choice(("A", "\u00e9", "\u2708", "\\n" if fmt == "json" else "A"))
    if fmt == "json":
        return Raw('"' + ch * n + '"') if ch == "\\n" else ch * n
    return Raw('"' + ch * n + '"') if ch != "A" else Raw("A" * n)


def _deep(rng: random.Random, fmt: str) -> Raw:
    n = rng.choice((500, 1000, 5000, 20_000, 100_000))
    if rng.random() < 0.7:
        return Raw("[" * n + "]" * n)
    return Raw(('{"a": ' if fmt == "json" else "{a: ") * n + "0" + "}" * n)


def _wide(rng: random.Random, old: Any) -> Any:
    k = rng.choice((10_000, 50_000, 150_000))
    if isinstance(old, list) and old:
        return [old[0]] * k          # a very long log of one real entry
    return Raw("[" + ", ".join(["0"] * k) + "]")


def alias_bomb(rng: random.Random) -> Raw:
    """Nine or more levels of anchors, each a list of aliases of the one before
    ("billion laughs"): ~500 bytes that stand for 9**9 or more items."""
    levels, width = rng.choice((9, 10, 12)), rng.choice((9, 10))
    parts = ["&l0 [" + ", ".join(["lol"] * width) + "]"]
    for i in range(1, levels):
        parts.append(f"&l{i} [" + ", ".join([f"*l{i - 1}"] * width) + "]")
    return Raw("[" + ", ".join(parts) + "]")


def replacement(rng: random.Random, family: str, fmt: str, old: Any) -> tuple[Any, str]:
    """The new value for a structure family, and a short word for it."""
    if family == "wrong-type":
        v = _wrong_type(rng, old)
    elif family == "wrong-value":
        v = _wrong_value(rng, old)
    elif family == "huge-int":
        v = _huge_int(rng)
    elif family == "non-finite":
        v = _non_finite(rng, fmt)
    elif family == "long-string":
        v = _long_string(rng, fmt)
    elif family == "deep-nesting":
        v = _deep(rng, fmt)
    elif family == "wide":
        v = _wide(rng, old)
    elif family == "alias-bomb":
        v = alias_bomb(rng)
    else:
        raise ValueError(f"unknown structure family {family}")
    return v, shown(v)


def shown(v: Any, limit: int = 60) -> str:
    """A value as a case description shows it (big ones summarised)."""
    if isinstance(v, list) and len(v) > 20:
        return f"<list of {len(v)} x {shown(v[0], 30)}>"
    text = str(v) if isinstance(v, Raw) else repr(v)
    if len(text) > limit:
        return f"{text[:limit // 2]}…<{len(text)} chars>"
    return text


# ---------------------------------------------------------------- JSON structure

def _walk(value: Any, path: Path = ()) -> list[Path]:
    out: list[Path] = []
    stack: list[tuple[Any, Path]] = [(value, path)]
    while stack:
        v, p = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, child in items:
            out.append(p + (k,))
            stack.append((child, p + (k,)))
    return out


def pick_path(rng: random.Random, doc: Any) -> Path | None:
    """Half the time any node, half the time a walk down from a random top-level
    key, so the few top-level fields (seats, rng, window_size) are hit as often
    as the hundreds of log entries."""
    if rng.random() < 0.5:
        paths = _walk(doc)
        return rng.choice(paths) if paths else None
    path: Path = ()
    node = doc
    while isinstance(node, (dict, list)) and node:
        keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))
        k = rng.choice(keys)
        path += (k,)
        node = node[k]
        if rng.random() < 0.4:
            break
    return path or None


def _get(doc: Any, path: Path) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def mutate_json(rng: random.Random, data: bytes, family: str, indent: int | None = 1) -> Mutated:
    """Replace (or drop) one value of a JSON document and write it back."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except ValueError:
        return mutate_bytes(rng, data, "json", "flip")   # a base that is not JSON: bytes only
    path = pick_path(rng, doc)
    if path is None:
        return mutate_bytes(rng, data, "json", "truncate")
    parent, key = _get(doc, path[:-1]), path[-1]
    where = describe_path(path)
    if family == "drop":
        del parent[key]
        return Mutated(family, f"drop {where}", _dump_json(doc, {}, indent))
    new, word = replacement(rng, family, "json", parent[key])
    raws: dict[str, str] = {}
    if isinstance(new, Raw):
        token = f"@@FUZZRAW{len(raws)}@@"
        raws[token] = str(new)
        new = token
    parent[key] = new
    return Mutated(family, f"{where} = {word}", _dump_json(doc, raws, indent))


def _dump_json(doc: Any, raws: dict[str, str], indent: int | None) -> bytes:
    text = json.dumps(doc, ensure_ascii=False, indent=indent)
    for token, raw in raws.items():
        text = text.replace(json.dumps(token), raw)
    return text.encode("utf-8")


# ---------------------------------------------------------------- YAML structure

def _yaml_nodes(root: yaml.Node) -> list[tuple[Path, yaml.Node, bool]]:
    """(path, node, is_key) for every node below the root, keys included."""
    out: list[tuple[Path, yaml.Node, bool]] = []
    stack: list[tuple[yaml.Node, Path]] = [(root, ())]
    seen: set[int] = set()
    while stack:
        node, p = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                name = getattr(k, "value", "?")
                out.append((p + (f"<key {name}>",), k, True))
                out.append((p + (name,), v, False))
                stack.append((v, p + (name,)))
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                out.append((p + (i,), v, False))
                stack.append((v, p + (i,)))
    return out


def _pick_yaml(rng: random.Random, root: yaml.Node) -> tuple[Path, yaml.Node, bool] | None:
    nodes = _yaml_nodes(root)
    if not nodes:
        return None
    values = [n for n in nodes if not n[2]]
    if rng.random() < 0.1:
        return rng.choice([n for n in nodes if n[2]] or values)
    if rng.random() < 0.5:
        return rng.choice(values)
    top = [n for n in values if len(n[0]) == 1]
    chosen = rng.choice(top or values)
    while rng.random() > 0.4:
        below = [n for n in values if len(n[0]) == len(chosen[0]) + 1 and n[0][:-1] == chosen[0]]
        if not below:
            break
        chosen = rng.choice(below)
    return chosen


def _yaml_text(value: Any) -> str:
    if isinstance(value, Raw):
        return str(value)
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10 ** 9)
    text = text.strip()
    return text[:-3].rstrip() if text.endswith("...") else text


def mutate_yaml(rng: random.Random, data: bytes, family: str) -> Mutated:
    """Replace the source text of one node (or drop a mapping entry / list item)."""
    try:
        text = data.decode("utf-8")
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except (UnicodeDecodeError, yaml.YAMLError):
        return mutate_bytes(rng, data, "yaml", "flip")   # a base that is not YAML: bytes only
    picked = _pick_yaml(rng, root) if root is not None else None
    if picked is None:
        return mutate_bytes(rng, data, "yaml", "truncate")
    path, node, is_key = picked
    start, end = node.start_mark.index, node.end_mark.index
    where = describe_path(path)
    if family == "drop":
        new_text = ""
        word = "dropped"
    else:
        old: Any = [] if isinstance(node, yaml.SequenceNode) else {}
        if isinstance(node, yaml.ScalarNode):
            try:
                old = yaml.safe_load(text[start:end])
            except yaml.YAMLError:
                old = node.value
        new, word = replacement(rng, family, "yaml", old)
        new_text = _yaml_text(new)
    out = text[:start] + new_text + text[end:]
    return Mutated(family, f"{where} {'(a key) ' if is_key else ''}= {word}", out.encode("utf-8"))


# ---------------------------------------------------------------- front door

def mutate(rng: random.Random, data: bytes, fmt: str, family: str) -> Mutated:
    """Apply one family to ``data`` (a JSON or YAML file)."""
    if family == "none":
        return Mutated(family, "unmutated", data)
    if family in BYTE_FAMILIES:
        return mutate_bytes(rng, data, fmt, family)
    if family in SPECIAL_FAMILIES:
        if family == "big-file":
            n = BIG_FILE_BYTES + rng.randrange(1, ONE_MB)
            pad = b" " * n if fmt == "json" else b"\n#" + b"x" * n + b"\n"
            return Mutated(family, f"padded to {len(data) + len(pad)} bytes (over 8 MB)", data + pad)
        return Mutated(family, {"fifo": "a FIFO (named pipe) instead of the file",
                                "directory": "a folder instead of the file",
                                "devzero": "a symlink to /dev/zero instead of the file"}[family],
                       None, special=family)
    if fmt == "json":
        return mutate_json(rng, data, family)
    return mutate_yaml(rng, data, family)


def mutate_some(rng: random.Random, data: bytes, fmt: str, family: str) -> Mutated:
    """``family`` and, a quarter of the time, a second small byte mutation on top."""
    m = mutate(rng, data, fmt, family)
    if m.data is not None and family not in ("none", "empty", "big-file") and rng.random() < 0.25:
        extra = rng.choice(("flip", "token", "delete", "truncate"))
        m2 = mutate_bytes(rng, m.data, fmt, extra)
        return Mutated(family, f"{m.desc}; then {m2.desc}", m2.data)
    return m

