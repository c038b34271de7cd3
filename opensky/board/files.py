"""Board files on disk: finding the shipped boards, reading and decoding a file.

Split from ``loader`` (which reads a board out of YAML text) so that each
reads in one go.  Everything here fails the way the loader does: one
``BoardError`` line, ``FILE:LINE: problem`` (``board_error``), never a
traceback.  Bytes are read through ``opensky.userfile.read_bytes`` (regular
files only, size-capped).  Shipped boards are looked up by the ``id:`` in their
file, remembered per file version, so a work-in-progress file with a broken
body still has a name.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, TypeVar

from yaml.nodes import MappingNode, ScalarNode

from opensky.board.model import BoardError
from opensky.paths import boards_dir
from opensky.userfile import MAX_BYTES as USER_FILE_BYTES, FileProblem, compose_yaml, read_bytes

T = TypeVar("T")

__all__ = [
    "load_parsed", "MAX_FILE_BYTES", "board_error", "one_line", "quoted", "is_board_id", "board_files",
    "peek_id", "peek_game", "game_board_files", "known_boards", "find_board_file", "resolve", "display", "decode", "read_board",
]

#: Board files bigger than this are refused before reading (a board is a few KB).
MAX_FILE_BYTES = USER_FILE_BYTES


# --------------------------------------------------------------------------- messages


def one_line(message: str) -> str:
    """Board errors are single lines: fold any line break a value brought in."""
    return " ".join(message.splitlines())


def board_error(filename: str, line: int | None, problem: str) -> BoardError:
    """The error for ``problem`` at ``filename:line`` (no line: the whole file)."""
    where = f"{filename}:{line}" if line else filename
    return BoardError(one_line(f"{where}: {problem}"))


def quoted(text: str) -> str:
    """Quote a user-supplied string for a message, shortened if huge."""
    if len(text) > 40:
        text = text[:37] + "..."
    return repr(text)


# --------------------------------------------------------------------------- finding


def is_board_id(ref: str) -> bool:
    """A reference without a YAML suffix or path separator names a shipped board."""
    if ref.lower().endswith((".yaml", ".yml")):
        return False
    separators = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    return not any(sep in ref for sep in separators) and not ref.startswith((".", "~"))


def board_files() -> list[Path]:
    """The shipped board files (``boards/*.yaml``), sorted; none if the folder is unreadable."""
    folder = boards_dir()
    try:
        return sorted(
            p for p in folder.iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.is_file()
        )
    except OSError:
        return []


def _peek(file: Path) -> tuple[str | None, str | None]:
    """A board file's ``id:`` and ``game:`` without validating the rest (it may
    be a work in progress).  Remembered per file version (path, modification
    time, size)."""
    try:
        st = file.stat()
    except OSError:
        return None, None
    key = (str(file), st.st_mtime_ns, st.st_size)
    if key in _IDS:
        return _IDS[key]
    found: str | None = None
    game: str | None = None
    try:
        if st.st_size <= MAX_FILE_BYTES:
            node = compose_yaml(decode(read_bytes(file, "board"), str(file)), str(file))
            if isinstance(node, MappingNode):
                for k, value in node.value:
                    if isinstance(k, ScalarNode) and isinstance(value, ScalarNode):
                        if k.value == "id" and found is None:
                            found = str(value.value) or None
                        elif k.value == "game" and game is None:
                            game = str(value.value) or None
    except Exception:  # noqa: BLE001 - an unreadable file just has no id here
        found = game = None
    _IDS[key] = (found, game)
    return found, game


def peek_id(file: Path) -> str | None:
    """A board file's ``id:`` without validating the rest (it may be a work in progress)."""
    return _peek(file)[0]


def peek_game(file: Path) -> str:
    """The game a board file is for: ``blue_skies`` if it says so, else ``opensky``."""
    return _peek(file)[1] or "opensky"


def game_board_files(game: str) -> list[Path]:
    """The shipped board files of one game."""
    return [f for f in board_files() if peek_game(f) == game]


_IDS: dict[tuple[str, int, int], tuple[str | None, str | None]] = {}


def known_boards() -> dict[str, Path]:
    """Shipped boards: id -> file, for every ``boards/*.yaml`` (a file whose id can't be read is listed by stem)."""
    result: dict[str, Path] = {}
    for file in board_files():
        result.setdefault(peek_id(file) or file.stem, file)
    return result


def find_board_file(board_id: str) -> Path:
    """The shipped file for a board id (or file stem); BoardError listing known ids if none."""
    files = board_files()
    ids: list[str] = []
    for file in files:
        found = peek_id(file)
        if found == board_id:
            return file
        ids.append(found or file.stem)
    for file in files:
        if file.stem == board_id:
            return file
    known = ", ".join(sorted(set(ids))) or "none"
    raise BoardError(one_line(f"unknown board {quoted(board_id)} (known: {known})"))


def resolve(ref: str | os.PathLike[str], base_dir: str | os.PathLike[str] | None = None) -> Path:
    """The file ``load_board`` means by ``ref``: a shipped board's file for an id,
    else the path, relative ones against ``base_dir`` or the current directory."""
    if isinstance(ref, str) and is_board_id(ref):
        return find_board_file(ref)
    path = Path(os.fsdecode(os.fspath(ref))).expanduser()
    if not path.is_absolute():
        if base_dir is not None:
            path = Path(os.fsdecode(os.fspath(base_dir))).expanduser() / path
        else:
            try:
                path = Path.cwd() / path
            except OSError:  # the current directory was removed; keep it relative
                pass
    return path


# --------------------------------------------------------------------------- reading


def display(path: Path) -> str:
    """The path as shown in messages: relative to the current directory when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except (ValueError, OSError):
        return str(path)


def decode(data: bytes, display: str) -> str:
    """Board files are UTF-8 (a BOM is fine; UTF-16/32 with a BOM too, as YAML allows)."""
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        encoding = "utf-32"
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        if encoding == "utf-8-sig":
            line: int | None = data.count(b"\n", 0, exc.start) + 1
            bad = f" (byte 0x{data[exc.start]:02x})"
        else:
            line, bad = None, ""
        raise board_error(display, line, f"the file is not valid {encoding.upper().replace('-SIG', '')} text{bad}") from None


def read_board(path: Path) -> tuple[bytes, str]:
    """The bytes of a board file and its name for messages; BoardError if it is
    not a readable regular file of at most ``MAX_FILE_BYTES``."""
    shown = display(path)
    try:
        is_dir, exists, is_file = path.is_dir(), path.exists(), path.is_file()
    except (OSError, ValueError) as exc:  # ValueError: e.g. an embedded NUL in the path
        raise board_error(shown, None, f"not a usable path ({exc})") from None
    if is_dir:
        raise board_error(shown, None, "is a directory, not a board file")
    if not exists:
        raise board_error(shown, None, "no such board file")
    if not is_file:
        raise board_error(shown, None, "is not a regular file")
    try:
        return read_bytes(path, "board", MAX_FILE_BYTES, where=shown), shown
    except FileProblem as exc:
        raise BoardError(str(exc)) from None


def load_parsed(ref: "str | os.PathLike[str]", base_dir: "str | os.PathLike[str] | None",
                parse: "Callable[[str, str, str], T]", cache: "dict[tuple[str, str, bytes], T]") -> T:
    """Find, read and parse a board file (``parse(text, shown_name, path)``),
    kept in ``cache`` by its bytes: boards are immutable values, so the same
    bytes are not parsed again (a save loaded, a game restarted)."""
    path = resolve(ref, base_dir)
    data, shown = read_board(path)
    key = (str(path), shown, data)
    got = cache.get(key)
    if got is None:
        got = parse(decode(data, shown), shown, str(path))
        if len(cache) > 32:
            cache.clear()
        cache[key] = got
    return got
