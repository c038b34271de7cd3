"""Board files: good ones load, every kind of bad one is refused with FILE:LINE: problem."""
from __future__ import annotations

import time

import os
import sys
from pathlib import Path
from typing import Callable

import pytest

from opensky import paths
from opensky.board import Board, BoardError, load_board, parse_board
from opensky.board import files, loader

FIXTURES = Path(__file__).resolve().parents[1] / "boards"
TINY_HUBS = FIXTURES / "tiny-hubs.board.yaml"
TINY_CROSS = FIXTURES / "tiny-cross.board.yaml"

# Line numbers matter: the tests below assert on them.
HUBS = """\
id: base
name: Base board
regional_rule: hubs
canvas: [800, 400]
airports:
  - {code: AAA, city: Aville, pos: [100, 100]}
  - {code: BBB, city: Bton, pos: [220, 100]}
  - {code: CCC, city: Ceeford, pos: [340, 100]}
  - {code: DDD, city: Deeham, pos: [460, 100]}
  - {code: EEE, city: Eburg, pos: [580, 100]}
  - {code: FFF, city: Efton, pos: [700, 100]}
routes:
  - [AAA, BBB]
  - [BBB, CCC]
  - [CCC, DDD]
  - [DDD, EEE]
  - [EEE, FFF]
"""
CROSS = TINY_CROSS.read_text(encoding="utf-8")


def refused(text: str, filename: str = "bad.yaml") -> str:
    """The message a broken board text is refused with (and it must be one line)."""
    with pytest.raises(BoardError) as info:
        parse_board(text, filename)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(filename + ":") or message.startswith(filename + " ")
    assert "internal error" not in message
    return message


def edit(old: str, new: str, base: str = HUBS) -> str:
    assert base.count(old) == 1, old
    return base.replace(old, new)


# --------------------------------------------------------------------------- good boards


def test_base_texts_are_valid() -> None:
    board = parse_board(HUBS, "base.yaml")
    assert board.codes == ("AAA", "BBB", "CCC", "DDD", "EEE", "FFF")
    assert parse_board(CROSS, "cross.yaml").id == "tiny-cross"


def test_tiny_hubs_loads() -> None:
    board = load_board(TINY_HUBS)
    assert isinstance(board, Board)
    assert board.id == "tiny-hubs"
    assert board.uses_hubs
    assert board.canvas == (800.0, 400.0)
    assert board.codes == ("AAA", "BBB", "CCC", "DDD", "EEE", "FFF", "GGG", "HHH")
    assert len(board.routes) == 10
    # Sorted pairs, in file order: "[GGG, CCC]" is the 7th route.
    assert board.routes[6] == ("CCC", "GGG")
    assert board.routes[-1] == ("FFF", "HHH")
    assert board.path == str(TINY_HUBS)
    assert board.recommended_callsigns is None


def test_shared_example_board_loads() -> None:
    shared = Path("/work/shared/scenarios/tiny-hubs.board.yaml")
    if not shared.is_file():
        pytest.skip("shared scenarios folder not present")
    assert load_board(shared).codes == load_board(TINY_HUBS).codes


def test_cross_border_board_loads_with_extras() -> None:
    board = load_board(TINY_CROSS)
    assert board.uses_cross_border
    # Unquoted NO is Norway, not YAML 1.1's False.
    assert list(board.countries) == ["NO", "SE", "FI"]
    assert board.countries["NO"].name == "Norway"
    assert board.countries["SE"].color == "#006aa7"
    osl = board.airports[0]
    assert osl.country == "NO"
    assert osl.extra == {"names": {"no": "Oslo", "en": "Oslo"}}
    assert board.airports[3].extra == {"label_offset": [4, -12]}
    assert board.airports[5].extra == {"lat": 60.317, "lon": 24.963}
    assert board.airports[1].extra == {}
    assert board.extra == {"theme": "nordic"}
    assert board.recommended_callsigns == ("OSL", "BGO", "ARN", "GOT", "HEL", "OUL")
    assert board.routes[4] == ("ARN", "OSL")
    # The model derives cross-border flags from the countries.
    assert board.cross_border[board.route_index[("OSL", "BGO")]] is False
    assert board.cross_border[board.route_index[("ARN", "HEL")]] is True


def test_merge_keys_and_anchors_work() -> None:
    text = edit(
        "  - {code: AAA, city: Aville, pos: [100, 100]}\n",
        "  - &a {code: AAA, city: Aville, pos: [100, 100], tags: [big]}\n",
    )
    text = edit("  - {code: BBB, city: Bton, pos: [220, 100]}\n", "  - {<<: *a, code: BBB}\n", text)
    board = parse_board(text, "ok.yaml")
    assert board.airports[1].code == "BBB"
    assert board.airports[1].pos == (100.0, 100.0)
    assert board.airports[1].extra == {"tags": ["big"]}


def test_numbers_may_be_floats_and_edges_of_canvas() -> None:
    text = edit("pos: [100, 100]", "pos: [0, 0.0]")
    text = edit("pos: [700, 100]", "pos: [800, 400.0]", text)
    board = parse_board(text, "edge.yaml")
    assert board.airports[0].pos == (0.0, 0.0)
    assert board.airports[5].pos == (800.0, 400.0)


def test_optional_keys_may_be_null() -> None:
    board = parse_board(HUBS + "recommended_callsigns:\ncountries:\n", "x.yaml")
    assert board.recommended_callsigns is None
    assert board.countries == {}


# --------------------------------------------------------------------------- bad boards

WITHOUT_ROUTES = HUBS.split("routes:")[0]
FIVE_AIRPORTS = edit("  - {code: FFF, city: Efton, pos: [700, 100]}\n", "").replace("  - [EEE, FFF]\n", "")
CROSS_WITHOUT_COUNTRIES = CROSS.split("countries:")[0] + "airports:" + CROSS.split("airports:")[1]

BAD: list[tuple[str, str, int | None, str]] = [
    # (case, text, line, fragment of the message)
    ("empty", "", None, "empty"),
    ("comment only", "# nothing here\n\n", None, "empty"),
    ("a list", "- id: x\n", 1, "must be a mapping"),
    ("a scalar", "hello\n", 1, "must be a mapping"),
    ("two documents", HUBS + "---\nid: two\n", 18, "single document"),
    ("yaml syntax: tab", edit("routes:\n  - [AAA", "routes:\n\t- [AAA"), 13, "YAML syntax error"),
    ("yaml syntax: unclosed", edit("[460, 100]}", "[460, 100]"), 10, "YAML syntax error"),
    ("unknown tag", edit("name: Base board", "name: !!python/name:os.system x"), 2, "YAML"),
    ("missing id", edit("id: base\n", ""), 1, "missing required key 'id'"),
    ("missing routes", WITHOUT_ROUTES, 1, "missing required key 'routes'"),
    ("missing canvas", edit("canvas: [800, 400]\n", ""), 1, "missing required key 'canvas'"),
    ("duplicate key", HUBS + "name: Again\n", 18, "duplicate key 'name' in the board file (first at line 2)"),
    ("blank id", edit("id: base", "id: ''"), 1, "id must not be blank"),
    ("id a list", edit("id: base", "id: [a, b]"), 1, "id must be text, not a list"),
    ("name empty", edit("name: Base board", "name:"), 2, "name must be text, not empty"),
    ("bad regional rule", edit("regional_rule: hubs", "regional_rule: hub"), 3, "regional_rule must be one of hubs, cross_border, not 'hub'"),
    ("canvas one number", edit("canvas: [800, 400]", "canvas: [800]"), 4, "canvas must be two numbers"),
    ("canvas text", edit("canvas: [800, 400]", "canvas: big"), 4, "canvas must be a list of two numbers"),
    ("canvas negative", edit("canvas: [800, 400]", "canvas: [800, -4]"), 4, "canvas sizes must be positive"),
    ("canvas zero", edit("canvas: [800, 400]", "canvas: [0, 400]"), 4, "positive"),
    ("canvas nan", edit("canvas: [800, 400]", "canvas: [.nan, 400]"), 4, "finite"),
    ("canvas inf", edit("canvas: [800, 400]", "canvas: [800, .inf]"), 4, "finite"),
    ("canvas 1e999", edit("canvas: [800, 400]", "canvas: [1e999, 400]"), 4, "finite"),
    ("canvas huge int", edit("canvas: [800, 400]", "canvas: [1" + "0" * 400 + ", 400]"), 4, "too large"),
    ("name with NUL", edit("name: Base board", 'name: "Base\\0board"'), 2, "control character"),
    ("name with surrogate", edit("name: Base board", 'name: "Base\\ud800"'), 2, "Unicode"),
    ("canvas giant int", edit("canvas: [800, 400]", "canvas: [1" + "0" * 5000 + ", 400]"), 4, "too large"),
    ("canvas bool", edit("canvas: [800, 400]", "canvas: [true, 400]"), 4, "must be a number, not the value true"),
    ("canvas quoted", edit("canvas: [800, 400]", "canvas: ['800', 400]"), 4, "must be a number, not text '800'"),
    ("airports a mapping", WITHOUT_ROUTES.replace("airports:\n", "airports: {a: 1}\nx:\n") + "routes: []\n", 5, "airports must be a list"),
    ("airport a string", edit("  - {code: CCC, city: Ceeford, pos: [340, 100]}", "  - CCC"), 8, "each airport must be a mapping"),
    ("airport without code", edit("{code: CCC, city: Ceeford,", "{city: Ceeford,"), 8, "missing 'code'"),
    ("airport code blank", edit("code: CCC", "code: ' '"), 8, "airport code must not be blank"),
    ("airport code null", edit("code: CCC", "code: null"), 8, "airport code must be text"),
    ("airport code a list", edit("code: CCC", "code: [C]"), 8, "airport code must be text, not a list"),
    ("duplicate code", edit("code: BBB", "code: AAA"), 7, "duplicate airport code 'AAA' (first at line 6)"),
    ("airport without city", edit("city: Bton, ", ""), 7, "airport 'BBB' is missing 'city'"),
    ("city a mapping", edit("city: Bton", "city: {x: 1}"), 7, "city of airport 'BBB' must be text"),
    ("airport without pos", edit(", pos: [220, 100]", ""), 7, "airport 'BBB' is missing 'pos'"),
    ("pos not numeric", edit("pos: [220, 100]", "pos: [abc, 100]"), 7, "pos of airport 'BBB' x must be a number, not text 'abc'"),
    ("pos a string", edit("pos: [220, 100]", "pos: '220,100'"), 7, "pos of airport 'BBB' must be a list of two numbers"),
    ("pos three numbers", edit("pos: [220, 100]", "pos: [220, 100, 3]"), 7, "must be two numbers"),
    ("pos nan", edit("pos: [220, 100]", "pos: [220, .NaN]"), 7, "finite"),
    ("pos off canvas", edit("pos: [700, 100]", "pos: [900, 100]"), 11, "position [900, 100] of airport 'FFF' is off the canvas [800, 400]"),
    ("pos negative", edit("pos: [700, 100]", "pos: [700, -0.5]"), 11, "off the canvas"),
    ("fewer than 6 airports", FIVE_AIRPORTS, 5, "only 5 airports; a board needs at least 6"),
    ("no airports", WITHOUT_ROUTES.split("airports:")[0] + "airports: []\nroutes: []\n", 5, "only 0 airports"),
    ("routes null", WITHOUT_ROUTES + "routes:\n", 12, "routes must be a list"),
    ("route a string", edit("- [CCC, DDD]", "- CCC-DDD"), 15, "each route must be a list of two airport codes"),
    ("route of three", edit("[CCC, DDD]", "[CCC, DDD, EEE]"), 15, "exactly two airports, not 3"),
    ("route of one", edit("[CCC, DDD]", "[CCC]"), 15, "exactly two airports, not 1"),
    ("unknown airport in route", edit("[DDD, EEE]", "[DDD, XXX]"), 16, "unknown airport 'XXX' in route [DDD, XXX]"),
    ("route code null", edit("[DDD, EEE]", "[DDD, ~]"), 16, "airport code in a route must be text"),
    ("route to itself", edit("[DDD, EEE]", "[DDD, DDD]"), 16, "route from airport 'DDD' to itself"),
    ("duplicate route", HUBS + "  - [AAA, BBB]\n", 18, "duplicate route AAA-BBB (first at line 13)"),
    ("duplicate reversed route", HUBS + "  - [BBB, AAA]\n", 18, "duplicate route BBB-AAA (first at line 13)"),
    ("not connected", edit("[CCC, DDD]", "[AAA, CCC]"), 9, "not connected: airport 'DDD' cannot be reached from 'AAA'"),
    ("no routes", WITHOUT_ROUTES + "routes: []\n", 7, "not connected: airport 'BBB'"),
    ("callsigns too few", HUBS + "recommended_callsigns: [AAA, BBB]\n", 18, "recommended_callsigns must list 6 airports, not 2"),
    ("callsigns unknown", HUBS + "recommended_callsigns: [AAA, BBB, CCC, DDD, EEE, XYZ]\n", 18, "unknown airport 'XYZ' in recommended_callsigns"),
    ("callsigns twice", HUBS + "recommended_callsigns: [AAA, BBB, CCC, DDD, EEE, AAA]\n", 18, "'AAA' is listed twice"),
    ("callsigns not a list", HUBS + "recommended_callsigns: AAA\n", 18, "must be a list of airport codes"),
    ("hubs country unknown", HUBS.replace("airports:", "countries: {GB: {name: UK, color: '#012169'}}\nairports:").replace("pos: [100, 100]}", "pos: [100, 100], country: FR}"), 7, "unknown country 'FR' (known: GB)"),
    ("countries a list", HUBS + "countries: [GB]\n", 18, "countries must be a mapping"),
    # cross-border boards
    ("cross without countries", CROSS_WITHOUT_COUNTRIES, 2, "missing key 'countries' (required when regional_rule is cross_border)"),
    ("cross countries empty", edit("countries:\n", "countries: {}\nx:\n", CROSS), 6, "countries must not be empty"),
    ("airport without country", edit("pos: [250, 450], country: SE}", "pos: [250, 450]}", CROSS), 18, "airport 'GOT' has no country"),
    ("airport country null", edit("pos: [250, 450], country: SE}", "pos: [250, 450], country: }", CROSS), 18, "airport 'GOT' has no country"),
    ("airport unknown country", edit("pos: [250, 450], country: SE}", "pos: [250, 450], country: DK}", CROSS), 18, "airport 'GOT' has unknown country 'DK' (known: FI, NO, SE)"),
    ("country without name", edit("SE: {name: Sweden, color:", "SE: {color:", CROSS), 8, "country 'SE' is missing 'name'"),
    ("country without color", edit('SE: {name: Sweden, color: "#006aa7"}', "SE: {name: Sweden}", CROSS), 8, "country 'SE' is missing 'color'"),
    ("country bad color", edit('"#006aa7"', '"blue"', CROSS), 8, "color of country 'SE' must look like \"#rrggbb\", not 'blue'"),
    ("country short color", edit('"#006aa7"', '"#06a"', CROSS), 8, "#rrggbb"),
    ("country color comment", edit('SE: {name: Sweden, color: "#006aa7"}', "SE:\n    name: Sweden\n    color: #006aa7", CROSS), 10, "bare # starts a YAML comment"),
    ("country not a mapping", edit('SE: {name: Sweden, color: "#006aa7"}', "SE: Sweden", CROSS), 8, "country 'SE' must be a mapping"),
    ("duplicate country", edit("  SE: {name", "  NO: {name", CROSS), 8, "duplicate key 'NO' in countries (first at line 7)"),
]


@pytest.mark.parametrize(("text", "line", "fragment"), [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_bad_board_is_refused(text: str, line: int | None, fragment: str) -> None:
    message = refused(text)
    prefix = f"bad.yaml:{line}: " if line else "bad.yaml: "
    assert message.startswith(prefix), message
    assert fragment in message, message


def test_yaml_syntax_error_names_its_line() -> None:
    text = edit("  - [DDD, EEE]\n", "  - [DDD, EEE\n")
    message = refused(text)
    assert message.startswith("bad.yaml:17: YAML syntax error:"), message


def test_message_uses_the_filename_given() -> None:
    message = refused(edit("[DDD, EEE]", "[DDD, XXX]"), filename="boards/europe.yaml")
    assert message == "boards/europe.yaml:16: unknown airport 'XXX' in route [DDD, XXX]"


def test_recursive_alias_in_extra_is_refused() -> None:
    message = refused(HUBS + "art: &a [1, *a]\n")
    assert message.startswith("bad.yaml:18: an alias refers to itself"), message


def test_alias_bomb_in_extra_is_refused_cheaply() -> None:
    # Issue 13: shared aliases keep the parse cheap, but anything that walks
    # the data later (JSON, repr, a copy) would expand it: refuse it up front.
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 30):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 10)}]")
    t0 = time.perf_counter()
    message = refused(HUBS + "\n".join(lines) + "\n")
    assert time.perf_counter() - t0 < 1.0
    assert "alias bomb" in message and len(message) <= 200, message


def test_a_few_shared_aliases_are_fine() -> None:
    board = parse_board(HUBS + "art: &a [1, 2]\nmore: *a\n", "ok.yaml")
    assert board.extra["more"] == [1, 2]


def test_deep_nesting_is_refused_without_traceback() -> None:
    depth = 50_000
    message = refused(HUBS + "art: " + "[" * depth + "]" * depth + "\n")
    assert "bad.yaml" in message


def test_control_character_names_its_line() -> None:
    message = refused(edit("name: Base board", "name: Base\x07board"))
    assert message.startswith("bad.yaml:2: "), message


# --------------------------------------------------------------------------- loading files


def test_load_by_relative_path_against_base_dir() -> None:
    board = load_board("tiny-hubs.board.yaml", base_dir=FIXTURES)
    assert board.id == "tiny-hubs"
    assert board.path == str(FIXTURES / "tiny-hubs.board.yaml")


def test_load_by_relative_path_against_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES.parent)
    assert load_board("boards/tiny-cross.board.yaml").id == "tiny-cross"
    assert load_board(Path("boards") / "tiny-hubs.board.yaml").id == "tiny-hubs"


def test_absolute_path_ignores_base_dir(tmp_path: Path) -> None:
    assert load_board(str(TINY_HUBS), base_dir=tmp_path).id == "tiny-hubs"


def _write(folder: Path, name: str, data: bytes | str) -> Path:
    path = folder / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BoardError) as info:
        load_board(tmp_path / "nope.yaml")
    assert str(info.value) == f"{tmp_path / 'nope.yaml'}: no such board file"


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="is a directory"):
        load_board(tmp_path)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="needs /dev/null")
def test_device_is_not_a_board() -> None:
    with pytest.raises(BoardError, match="not a regular file"):
        load_board("/dev/null")


def test_undecodable_bytes_name_their_line(tmp_path: Path) -> None:
    data = HUBS.encode("utf-8").replace(b"Bton", b"B\xfft\xc3n")
    path = _write(tmp_path, "bad.yaml", data)
    with pytest.raises(BoardError) as info:
        load_board(path)
    message = str(info.value)
    assert message.startswith(f"{path}:7: the file is not valid UTF-8 text"), message


def test_utf8_bom_and_non_ascii_are_fine(tmp_path: Path) -> None:
    text = HUBS.replace("Bton", "Brüssel – Zaventem")
    path = _write(tmp_path, "bom.yaml", b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert load_board(path).airports[1].city == "Brüssel – Zaventem"


def test_utf16_with_bom_is_fine(tmp_path: Path) -> None:
    path = _write(tmp_path, "u16.yaml", HUBS.encode("utf-16"))
    assert load_board(path).id == "base"


def test_file_error_names_file_and_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "b.yaml", edit("[DDD, EEE]", "[DDD, DDD]"))
    with pytest.raises(BoardError) as info:
        load_board("b.yaml", base_dir=tmp_path)
    assert str(info.value) == f"{path}:16: route from airport 'DDD' to itself"


def test_messages_show_paths_relative_to_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(tmp_path, "b.yaml", "- x\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BoardError, match=r"^b\.yaml:1: a board file must be a mapping"):
        load_board("b.yaml")


# --------------------------------------------------------------------------- loading by id


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in boards/ folder with two boards, one in progress, and a non-board file."""
    folder = tmp_path / "boards"
    folder.mkdir()
    _write(folder, "europe.yaml", HUBS.replace("id: base", "id: europe"))
    _write(folder, "na.yaml", CROSS.replace("id: tiny-cross", "id: north_america"))
    _write(folder, "wip.yaml", "id: [\n")
    _write(folder, "notes.txt", "id: notes\n")
    monkeypatch.setattr(files, "boards_dir", lambda: folder)
    return folder


def test_load_by_id(shipped: Path) -> None:
    board = load_board("europe")
    assert board.id == "europe"
    assert board.path == str(shipped / "europe.yaml")
    assert load_board("north_america").uses_cross_border


def test_load_by_file_stem(shipped: Path) -> None:
    assert load_board("na").id == "north_america"


def test_ids_are_not_paths_relative_to_base_dir(shipped: Path, tmp_path: Path) -> None:
    assert load_board("europe", base_dir=tmp_path / "elsewhere").id == "europe"


def test_unknown_id_lists_known_ids(shipped: Path) -> None:
    with pytest.raises(BoardError) as info:
        load_board("xyz")
    assert str(info.value) == "unknown board 'xyz' (known: europe, north_america, wip)"


def test_known_boards(shipped: Path) -> None:
    assert sorted(loader.known_boards()) == ["europe", "north_america", "wip"]


def test_unknown_id_without_boards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "boards_dir", lambda: tmp_path / "missing")
    with pytest.raises(BoardError, match=r"^unknown board 'europe' \(known: none\)$"):
        load_board("europe")


def test_in_progress_board_by_stem_is_refused_with_its_line(shipped: Path) -> None:
    with pytest.raises(BoardError) as info:
        load_board("wip")
    assert str(info.value).startswith(f"{shipped / 'wip.yaml'}:2: YAML syntax error")


# --------------------------------------------------------------------------- shipped boards

SHIPPED = [p for p in sorted(paths.boards_dir().glob("*.yaml")) if files.peek_game(p) == "opensky"]


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_board_loads(path: Path) -> None:
    board = load_board(path)
    assert board.path == str(path)
    assert loader.find_board_file(board.id) == path
    assert load_board(board.id).codes == board.codes


def test_shipped_board_ids_are_unique() -> None:
    ids = [files.peek_id(p) or p.stem for p in SHIPPED]
    assert len(ids) == len(set(ids)), ids


# --------------------------------------------------------------------------- paths


def test_resource_path_in_source_tree() -> None:
    root = Path(__file__).resolve().parents[2]
    assert paths.project_root() == root
    assert paths.boards_dir() == root / "boards"
    assert paths.resource_path("assets", "x.png") == root / "assets" / "x.png"


def test_resource_path_when_frozen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.boards_dir() == tmp_path / "boards"
    assert paths.resource_path("assets") == tmp_path / "assets"
