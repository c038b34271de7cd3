"""Shipping (issue #9): the crash handler, build.spec, the icons, frozen paths,
and — when ``OPENSKY_BINARY`` names a built executable — the binary itself.

The binary tests are what ``.ci/run`` runs after ``pyinstaller build.spec``::

    OPENSKY_BINARY=dist/OpenSky python -m pytest -p no:xdist tests/test_build.py -k built_binary

Everything else needs neither PyInstaller nor a build: the spec is executed
with stand-ins for PyInstaller's Analysis/EXE/COLLECT/BUNDLE, once per system.
"""
from __future__ import annotations

import json
import os
import re
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "assets" / "images"
SHARED_SCENARIOS = ROOT.parent / "shared" / "scenarios"
PNG_SIG = b"\x89PNG\r\n\x1a\n"


def env_for(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1",
               OPENSKY_DATA_DIR=str(tmp_path / "data"), OPENSKY_CONFIG_DIR=str(tmp_path / "config"))
    env.pop("OPENSKY_TEST_CRASH", None)
    env.update(extra)
    return env


def run_source(tmp_path: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, env=env_for(tmp_path, **extra))


def assert_crash_reported(r: subprocess.CompletedProcess, data_dir: Path) -> str:
    """Exit 70, one line on stderr naming an existing log, no traceback; returns the log."""
    assert r.returncode == 70, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    m = re.search(r"details in (\S+\.log)$", lines[0])
    assert m, lines[0]
    log = Path(m.group(1))
    assert log.is_file() and log.parent == data_dir / "logs"
    assert re.fullmatch(r"crash-\d{8}-\d{6}\.log", log.name)
    return log.read_text(encoding="utf-8")


# ------------------------------------------------------------------ crash handler
def test_crash_in_window_start_writes_log_and_one_line(tmp_path):
    r = run_source(tmp_path, OPENSKY_TEST_CRASH="1")
    text = assert_crash_reported(r, tmp_path / "data")
    from opensky import __version__
    assert f"OpenSky {__version__}" in text
    assert "python: 3." in text and "system: " in text
    assert "Traceback (most recent call last)" in text and "TestCrash" in text
    assert r.stdout == ""


def test_crash_in_demo_is_guarded_too(tmp_path):
    r = run_source(tmp_path, "demo", "--seats", "2", OPENSKY_TEST_CRASH="1")
    assert_crash_reported(r, tmp_path / "data")


def test_crash_with_an_open_window_logs_pygame(tmp_path):
    """A real exception while the (dummy) window is open: the log names pygame
    and SDL, the process exits 70, no message box is tried on the dummy driver."""
    code = (
        "import sys; sys.path.insert(0, %r)\n"
        "import pygame\n"
        "from opensky.crash import run_guarded\n"
        "def window():\n"
        "    pygame.display.init(); pygame.display.set_mode((320, 200))\n"
        "    {}['missing key']\n"
        "sys.exit(run_guarded(window))\n" % str(ROOT)
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env=env_for(tmp_path))
    text = assert_crash_reported(r, tmp_path / "data")
    assert "pygame-ce: " in text and "(SDL " in text
    assert "KeyError: 'missing key'" in text
    assert "KeyError: 'missing key'" in r.stderr


def test_crash_log_falls_back_to_temp_folder(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    r = run_source(tmp_path, OPENSKY_TEST_CRASH="1", OPENSKY_DATA_DIR=str(blocker), TMPDIR=str(tmp))
    assert r.returncode == 70
    assert len(list(tmp.glob("crash-*.log"))) == 1, r.stderr
    assert str(tmp) in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_headless_commands_are_guarded_too(tmp_path):
    """Issue 13: a bug in script/replay/simulate is a crash log and one line,
    never a traceback; a person's mistake keeps its own one-line refusal."""
    bad = str(ROOT / "tests" / "scenarios" / "bad-missing-board.yaml")
    r = run_source(tmp_path, "script", bad)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "no such board file" in r.stderr
    assert not (tmp_path / "data" / "logs").exists()
    for args in (("script", bad), ("replay", str(tmp_path / "none.json")), ("simulate", "--games", "1")):
        r = run_source(tmp_path, *args, OPENSKY_TEST_CRASH="1")
        assert r.returncode == 70, (args, r.stderr)
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
        assert "crash-" in r.stderr


def test_run_guarded_passes_exit_status_and_systemexit(monkeypatch):
    import threading

    from opensky import crash
    from opensky.crash import run_guarded
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)           # restored afterwards
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setattr(crash, "_installed", False)
    monkeypatch.delenv("OPENSKY_TEST_CRASH", raising=False)
    assert run_guarded(lambda: 3) == 3
    assert run_guarded(lambda: None) == 0
    with pytest.raises(SystemExit):
        run_guarded(lambda: sys.exit(5))


# ------------------------------------------------------------------ build.spec
class _Recorder:
    """Stand-in for a PyInstaller build target: records its arguments."""

    calls: list[tuple[str, tuple, dict]] = []

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        _Recorder.calls.append((type(self).__name__, args, kwargs))
        self.pure, self.scripts, self.binaries, self.datas = "PURE", "SCRIPTS", "BINARIES", "DATAS"


def _stub(name: str) -> type:
    return type(name, (_Recorder,), {})


def exec_spec(platform: str, monkeypatch) -> dict[str, dict]:
    """Run build.spec as PyInstaller would on ``platform``; {target name: kwargs+args}."""
    _Recorder.calls = []
    ns = {n: _stub(n) for n in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    ns.update(SPECPATH=str(ROOT), __file__=str(ROOT / "build.spec"), __name__="__main__")
    monkeypatch.setattr(sys, "platform", platform)
    if platform == "win32":
        # the real module needs pefile (Windows only); the spec only builds values
        fake = types.ModuleType("PyInstaller.utils.win32.versioninfo")
        for n in ("FixedFileInfo", "StringFileInfo", "StringStruct", "StringTable", "VarFileInfo",
                  "VarStruct", "VSVersionInfo"):
            setattr(fake, n, _stub(n))
        for mod in ("PyInstaller", "PyInstaller.utils", "PyInstaller.utils.win32"):
            monkeypatch.setitem(sys.modules, mod, sys.modules.get(mod) or types.ModuleType(mod))
        monkeypatch.setitem(sys.modules, fake.__name__, fake)
    code = compile((ROOT / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec")
    exec(code, ns)
    monkeypatch.undo()
    out: dict[str, dict] = {}
    for name, args, kwargs in _Recorder.calls:
        out.setdefault(name, dict(kwargs, _args=args))
    return out


def test_spec_bundles_assets_and_boards(monkeypatch):
    t = exec_spec("linux", monkeypatch)
    a = t["Analysis"]
    assert a["_args"][0] == [str(ROOT / "main.py")]
    datas = {(Path(src).resolve(), dest) for src, dest in a["datas"]}
    assert (ROOT / "assets", "assets") in datas and (ROOT / "boards", "boards") in datas
    assert (ROOT / "learn", "learn") in datas  # the tutorials and puzzles
    for must_keep in ("json", "yaml", "pygame", "platformdirs", "hashlib", "tempfile", "secrets"):
        assert must_keep not in a["excludes"]


def test_spec_bundles_every_screen_opened_by_name(monkeypatch):
    """The screens open one another through importlib (opensky/ui/screens.py),
    invisible to PyInstaller's scan: the spec lists them as hidden imports."""
    from opensky.ui.screens import SCREENS
    hidden = set(exec_spec("linux", monkeypatch)["Analysis"]["hiddenimports"])
    assert {module for module, _ in SCREENS.values()} <= hidden


def test_spec_excludes_nothing_the_game_imports(monkeypatch):
    excludes = set(exec_spec("linux", monkeypatch)["Analysis"]["excludes"])
    pat = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_][\w.]*)", re.M)
    for py in [ROOT / "main.py", *sorted((ROOT / "opensky").rglob("*.py"))]:
        for mod in pat.findall(py.read_text(encoding="utf-8")):
            parts = mod.split(".")
            hit = [".".join(parts[:i]) for i in range(1, len(parts) + 1) if ".".join(parts[:i]) in excludes]
            assert not hit, f"build.spec excludes {hit[0]!r} but {py.relative_to(ROOT)} imports {mod!r}"
        assert "ProcessPoolExecutor" not in py.read_text(encoding="utf-8") or "multiprocessing" not in excludes


def test_spec_linux_one_file_stripped_with_console(monkeypatch):
    t = exec_spec("linux", monkeypatch)
    exe = t["EXE"]
    assert exe["name"] == "OpenSky"
    assert "BINARIES" in exe["_args"] and "DATAS" in exe["_args"]    # one file
    assert exe["strip"] is True and exe["console"] is True and exe["upx"] is False
    assert "COLLECT" not in t and "BUNDLE" not in t


def test_spec_windows_one_file_windowed_with_icon_and_version(monkeypatch):
    from opensky import __version__
    t = exec_spec("win32", monkeypatch)
    exe = t["EXE"]
    assert "BINARIES" in exe["_args"] and "DATAS" in exe["_args"]
    assert exe["console"] is False and exe["strip"] is False
    assert exe["icon"] == str(IMAGES / "icon.ico")
    ffi = t["FixedFileInfo"]
    nums = [int(x) for x in re.findall(r"\d+", __version__)][:4]
    assert list(ffi["filevers"]) == (nums + [0, 0, 0, 0])[:4]
    strings = {args[0]: args[1] for n, args, _ in _Recorder.calls if n == "StringStruct"}
    assert strings["ProductVersion"] == __version__ and strings["OriginalFilename"] == "OpenSky.exe"
    assert type(exe["version"]).__name__ == "VSVersionInfo"


def test_spec_macos_app_bundle(monkeypatch):
    from opensky import __version__
    t = exec_spec("darwin", monkeypatch)
    exe = t["EXE"]
    assert exe["exclude_binaries"] is True and exe["console"] is False
    assert "BINARIES" not in exe["_args"]
    assert "COLLECT" in t
    b = t["BUNDLE"]
    assert b["name"] == "OpenSky.app" and b["version"] == __version__
    assert b["icon"] == str(IMAGES / "icon.icns")
    assert b["info_plist"]["CFBundleShortVersionString"] == __version__
    assert b["bundle_identifier"]


# ------------------------------------------------------------------ icons
def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIG and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_icon_png():
    data = (IMAGES / "icon.png").read_bytes()
    assert png_size(data) == (256, 256)


def test_icon_ico_container():
    data = (IMAGES / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = set()
    for i in range(count):
        w, h, _colors, _res, planes, bpp, size, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        img = data[offset:offset + size]
        assert len(img) == size and planes == 1 and bpp == 32
        pw, ph = png_size(img)
        assert (pw, ph) == ((w or 256), (h or 256))
        sizes.add(pw)
    assert {16, 32, 48, 256} <= sizes


def test_icon_icns_container():
    data = (IMAGES / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    expected = {b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024}
    seen = {}
    i = 8
    while i < len(data):
        kind, length = data[i:i + 4], struct.unpack(">I", data[i + 4:i + 8])[0]
        assert length > 8
        seen[kind] = png_size(data[i + 8:i + length])[0]
        i += length
    assert i == len(data)
    for kind, size in expected.items():
        assert seen.get(kind) == size


def test_icon_is_what_make_icon_draws(tmp_path):
    """The committed icon comes from tools/make_icon.py (compared by pixels)."""
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "make_icon.py"), "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=120, env=env_for(tmp_path))
    assert r.returncode == 0, r.stderr
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    a = pygame.image.load(str(IMAGES / "icon.png"))
    b = pygame.image.load(str(tmp_path / "icon.png"))
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
    assert (IMAGES / "README.md").is_file()


# ------------------------------------------------------------------ frozen paths
def test_frozen_paths_resolve_from_the_bundle(monkeypatch, tmp_path):
    from opensky import paths
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.project_root() == tmp_path
    assert paths.boards_dir() == tmp_path / "boards"
    assert paths.resource_path("assets", "images", "icon.png") == tmp_path / "assets" / "images" / "icon.png"


def test_user_folders_are_never_in_the_bundle(monkeypatch, tmp_path):
    from opensky import userdirs
    monkeypatch.delenv("OPENSKY_DATA_DIR", raising=False)
    monkeypatch.delenv("OPENSKY_CONFIG_DIR", raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    for d in (userdirs.data_dir(), userdirs.config_dir()):
        assert "OpenSky" in str(d)
        assert tmp_path not in d.parents and d != tmp_path


# ------------------------------------------------------------------ the built binary
# Also run by .github/workflows/release.yml on Windows and macOS.  The Windows
# executable is windowed: it may get no stdout/stderr at all (PyInstaller leaves
# them None, main.py turns them into null streams), so there only exit codes
# and files are checked when nothing was printed.
BINARY = os.environ.get("OPENSKY_BINARY")
built = pytest.mark.skipif(not BINARY, reason="set OPENSKY_BINARY to a built executable (see .ci/run)")
MAY_BE_SILENT = sys.platform.startswith("win")


def run_binary(tmp_path: Path, *args: str, timeout: float = 120, **extra: str) -> subprocess.CompletedProcess:
    assert BINARY
    return subprocess.run([str(Path(BINARY).resolve()), *args], cwd=tmp_path, capture_output=True,
                          text=True, encoding="utf-8", errors="replace", timeout=timeout,
                          env=env_for(tmp_path, **extra))


def printed(r: subprocess.CompletedProcess) -> bool:
    """Whether to check what was printed (always, except a silent windowed build)."""
    return bool(r.stdout or r.stderr) or not MAY_BE_SILENT


def subset(want, got, path="$"):
    """The comparison of ../shared/tools/check-scenarios: every key given must match."""
    if isinstance(want, dict):
        assert isinstance(got, dict), path
        for k, v in want.items():
            assert k in got, f"{path}.{k} missing"
            subset(v, got[k], f"{path}.{k}")
    elif isinstance(want, list) and want and all(isinstance(x, dict) for x in want):
        assert isinstance(got, list) and len(got) == len(want), path
        for i, (w, g) in enumerate(zip(want, got)):
            subset(w, g, f"{path}[{i}]")
    else:
        assert want == got, f"{path}: expected {want!r}, got {got!r}"


def smoke_scenarios() -> list[Path]:
    names = ["april-flash-and-walkaway.yaml", "three-player-full-game.yaml"]
    shared = [SHARED_SCENARIOS / n for n in names if (SHARED_SCENARIOS / n).is_file()]
    # Blue Skies (issue 18): a whole game on the tiny board, and the contract's example on boards/usa.yaml
    blue = [ROOT / "tests" / "scenarios" / "blueskies" / "b29-regions-3p-ties.yaml",
            ROOT / "tests" / "blueskies" / "contract" / "headless-example.yaml"]
    return shared + [ROOT / "tests" / "scenarios" / "r14-shared-victory.yaml"] + [f for f in blue if f.is_file()]


@built
def test_built_binary_size():
    size = Path(BINARY).stat().st_size
    print(f"{BINARY}: {size:,} bytes ({size / 1e6:.1f} MB)", end=" ")
    if sys.platform.startswith("linux"):
        assert size <= 30_000_000


@built
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux one-file archive")
def test_built_binary_contents():
    """The data files travel inside the one-file archive (with the font licence);
    what build.spec excludes stays out."""
    readers = pytest.importorskip("PyInstaller.archive.readers")
    names = set(readers.CArchiveReader(str(BINARY)).toc)
    shipped = [p for d in ("assets", "boards", "learn") for p in sorted((ROOT / d).rglob("*")) if p.is_file()]
    missing = [p.relative_to(ROOT).as_posix() for p in shipped if p.relative_to(ROOT).as_posix() not in names]
    assert not missing, f"not in the executable (rebuild?): {missing}"
    for f in ("assets/images/icon.png", "assets/fonts/OFL.txt", "boards/europe.yaml", "boards/north_america.yaml"):
        assert f in names, f
    # (libssl and libcrypto are inside since online play: websockets' client imports ssl)
    assert not [n for n in names if re.search(r"tkinter|_tk|tcl", n)]


@built
def test_built_binary_checks_the_tutorials_and_puzzles(tmp_path):
    """``tutorial --check`` from the executable: the shipped tutorials and
    puzzles are inside it and play to their end."""
    r = run_binary(tmp_path, "tutorial", "--check")
    assert r.returncode == 0, r.stderr
    if printed(r):
        assert "tutorials: 2" in r.stdout and "puzzles: 10" in r.stdout


@built
@pytest.mark.parametrize("scenario", smoke_scenarios(), ids=lambda p: p.stem)
def test_built_binary_plays_scripted_games(tmp_path, scenario):
    r = run_binary(tmp_path, "script", str(scenario))
    assert r.returncode == 0, r.stderr
    if printed(r):
        got = json.loads(r.stdout)
        subset(json.loads(scenario.with_suffix("").with_suffix(".expect.json").read_text()), got)
        where = (f"round {got['round']}, {got['step']}" if got.get("game") == "blue_skies"
                 else f"{got['month']} of season {got['season']}")
        print(f"script {scenario.name}: exit 0, {len(r.stdout)} bytes of JSON, {where}, "
              f"game over: {got['game_over']}", end=" ")


@built
def test_built_binary_refuses_in_one_line(tmp_path):
    r = run_binary(tmp_path, "script", str(ROOT / "tests" / "scenarios" / "bad-unknown-action.yaml"))
    assert r.returncode == 2 and r.stdout == ""
    if printed(r):
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


@built
@pytest.mark.parametrize("board", ["europe", "north_america"])
def test_built_binary_has_the_shipped_boards(tmp_path, board):
    game = tmp_path / "g.yaml"
    game.write_text(f"board: {board}\nplayers: [Ann, Bo]\ncallsigns: recommended\n", encoding="utf-8")
    r = run_binary(tmp_path, "script", str(game), "--compact")
    assert r.returncode == 0, r.stderr
    if printed(r):
        assert json.loads(r.stdout)["board"] == board


@built
def test_built_binary_simulates(tmp_path):
    r = run_binary(tmp_path, "simulate", "--games", "20", "--players", "2", "--json")
    assert r.returncode == 0, r.stderr
    if printed(r):
        assert json.loads(r.stdout)


@built
def test_built_binary_opens_the_title_screen(tmp_path):
    """What a player's double-click does, on the dummy driver: the window opens
    on the title screen, draws its first frame and (with the benchmark switch of
    opensky/ui/app.py) closes cleanly."""
    r = run_binary(tmp_path, OPENSKY_EXIT_AFTER_FIRST_FRAME="1", timeout=60)
    assert r.returncode == 0, r.stderr
    assert {p.name for p in tmp_path.iterdir()} <= {"data", "config"}     # settings go to the user's folders
    if printed(r):
        assert r.stdout.strip() == "FRAME" and "Traceback" not in r.stderr
        print("title screen: first frame drawn, exit 0", end=" ")


@built
def test_built_binary_opens_the_window_and_plays_a_demo(tmp_path):
    """The window on the dummy driver: computer airlines play a whole game to
    the results screen, then exit 0; nothing is written outside the user's
    folders (the working folder stays empty)."""
    r = run_binary(tmp_path, "demo", "--seats", "2", "--speed", "50", "--seed", "1", "--exit-at-end",
                   timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert {p.name for p in tmp_path.iterdir()} <= {"data", "config"}
    if printed(r):
        state = json.loads(r.stdout)
        assert state["game_over"] is True and state["board"] == "europe"
        print(f"demo in the window: exit 0, game over, {len(state['players'])} airlines, "
              f"winners {state.get('winners')}", end=" ")


@built
def test_built_binary_plays_blue_skies_in_the_window(tmp_path):
    """Blue Skies' screen, its board, story and results made it into the
    binary: computer airlines play a whole game in the window, exit 0."""
    r = run_binary(tmp_path, "demo", "--game", "blue_skies", "--seats", "3", "--speed", "50", "--seed", "1",
                   "--exit-at-end", timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    if printed(r):
        state = json.loads(r.stdout)
        assert state["game"] == "blue_skies" and state["game_over"] is True
        print(f"Blue Skies demo in the window: exit 0, game over after round {state['round']}", end=" ")


@built
def test_built_binary_writes_a_crash_log(tmp_path):
    r = run_binary(tmp_path, OPENSKY_TEST_CRASH="1")
    if printed(r):
        text = assert_crash_reported(r, tmp_path / "data")
    else:
        assert r.returncode == 70
        logs = list((tmp_path / "data" / "logs").glob("crash-*.log"))
        assert len(logs) == 1
        text = logs[0].read_text(encoding="utf-8")
    assert "built with PyInstaller" in text and "TestCrash" in text


@built
def test_built_binary_serves_online_tables(tmp_path):
    """``serve`` from the built program (websockets and sqlite3 inside it):
    a table of two clients plays a whole game over loopback, then the server
    closes on SIGTERM."""
    import asyncio
    import signal

    from opensky.online import botclient as B

    p = subprocess.Popen([str(Path(BINARY).resolve()), "serve", "--port", "0", "--address", "127.0.0.1",
                          "--data", str(tmp_path / "tables")], cwd=tmp_path, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env_for(tmp_path))
    try:
        line = p.stdout.readline()
        assert line.startswith("listening on 127.0.0.1:"), line + (p.stderr.read() if p.poll() is not None else "")
        # uvloop is inside the program where it runs (not on Windows), and works there
        assert line.rstrip().endswith("uvloop event loop)" if sys.platform != "win32" else "event loop)"), line
        uri = f"ws://127.0.0.1:{int(line.split(':')[1].split()[0])}"

        async def game():
            code = await B.create(uri, game="blue_skies", board="usa", players=["Ann", "Bo"], remote=["Ann", "Bo"],
                                  seed=2)
            return await asyncio.gather(*[B.play(uri, {"code": code, "name": n}, B.Chooser(i), timeout=120)
                                          for i, n in enumerate(["Ann", "Bo"])])
        res = asyncio.run(game())
        assert [r.bye for r in res] == ["the game is over"] * 2
        print(f"serve: a whole Blue Skies game over loopback, {res[0].updates} updates", end=" ")
    finally:
        p.send_signal(signal.SIGTERM)
        p.wait(20)
    assert "Traceback" not in p.stderr.read()
