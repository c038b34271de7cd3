"""Run one case through the entry point a player uses, and check it.

A case passes when the program either *worked* or *refused cleanly*:

* command line (``script``, ``replay``, ``simulate``): exit 0 (with JSON on
  stdout for ``script``, a first frame for ``replay``), or exit 2 with one line
  of at most ``MAX_MESSAGE`` characters on stderr (not counting the list of
  legal actions an illegal-action refusal ends with: the shipped scenarios'
  own refusals reach ~400 characters that way); never a traceback;
* ``load_board``: a ``Board`` or a one-line ``BoardError``;
* the window (Continue, settings at start): no exception escapes, no crash
  log is written, no thread dies; a message dialog is a clean refusal;
* the online table store (kind ``tables``): the window's list and Host
  again (``hosted``) and ``main.py serve`` (``tablecheck``);

and, always: under ``SLOW_SECONDS``, memory up by at most ``MAX_RSS_MB``,
and the input untouched — byte for byte at the same path for files named on
the command line; for settings and autosaves the program may move a damaged
file aside, but its bytes must still be in the folder (``inputs_problems``);
the table store by its own rule (``tablecheck``: a store SQLite finds whole
may be rewritten but must stay whole, any other is left as it was).

Runs inside the worker process (``tests.fuzz.worker``) or, for the window's
Continue in a subprocess, as ``python -m tests.fuzz.entries CASE.json``.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import re
import resource
import stat
import sys
import threading
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from tests.fuzz.cases import ROOT, Case, sha256

MAX_MESSAGE = 300          # a refusal is one line of at most this many characters …
MAX_WITH_LEGAL = 600       # … before the "; legal: …" list a script refusal adds by design (≤ 8 actions)
MAX_DIALOG = 600           # a window message (wrapped; it may name two paths of up to 80 characters)
SLOW_SECONDS = 3.0         # an in-process case
SLOW_SUBPROCESS = 5.0      # a subprocess case, interpreter start included
MAX_RSS_MB = 300           # growth of the worker's peak memory over one case
SUBPROCESS_RSS_MB = 400    # peak memory of a subprocess (~60 MB at rest)
SUBPROCESS_TIMEOUT = 6.0
SUBPROCESS_AS_BYTES = 3 * 1024 ** 3   # address-space cap of a subprocess: a bomb stops here
_INTERNAL = re.compile(r"\b(TypeError|KeyError|AttributeError|IndexError|OverflowError|RecursionError|"
                       r"MemoryError|ValueError|AssertionError|UnicodeDecodeError|ZeroDivisionError)\b")
_FIELD = re.compile(r"\{[a-z_]+\}")
_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


@dataclass
class Result:
    """What one case did.  ``failures`` empty = the case passed."""

    label: str
    kind: str
    seed: int
    entry: str
    mode: str
    family: str
    outcome: str = ""                     # worked | refused | failed
    failures: list[list[str]] = field(default_factory=list)   # [category, detail]
    seconds: float = 0.0
    rss_mb: float = 0.0
    message: str = ""
    exc_type: str = ""
    frames: list[str] = field(default_factory=list)           # last frames in opensky/
    masked: bool = False                  # a refusal naming an internal exception type

    def fail(self, category: str, detail: str) -> None:
        self.failures.append([category, detail[:2000]])
        self.outcome = "failed"

    def signature(self) -> str:
        """What groups failures by root cause: an exception by its type and the
        last frame in our code (whatever the entry point that reached it);
        anything else by what went wrong, the entry point and (but for a
        changed input) the mutation family."""
        ours = [f for f in self.frames if not f.startswith("(deepest)")]
        if self.exc_type:
            where = ours[-1] if ours else self.frames[-1] if self.frames else "?"
            return f"{self.exc_type} at {where}"
        cats = ",".join(sorted({c for c, _ in self.failures}))
        if cats == "modified-input":       # one cause whatever damaged the file
            return f"{cats} | {self.entry}"
        return f"{cats} | {self.entry} | {self.family}"


# ---------------------------------------------------------------- helpers

def our_frames(tb_frames: list[tuple[str, int, str]]) -> list[str]:
    """The last three frames inside ``opensky/`` (where to look), plus the deepest frame."""
    pkg = str(ROOT / "opensky")
    ours = [f"{os.path.relpath(f, ROOT)}:{n} {fn}" for f, n, fn in tb_frames if f.startswith(pkg)]
    out = ours[-3:]
    if tb_frames and not tb_frames[-1][0].startswith(pkg):
        f, n, fn = tb_frames[-1]
        out.append(f"(deepest) {Path(f).name}:{n} {fn}")
    return out


def record_exception(r: Result, exc: BaseException, category: str = "traceback") -> None:
    frames = [(fs.filename, fs.lineno or 0, fs.name) for fs in traceback.extract_tb(exc.__traceback__)]
    r.exc_type = type(exc).__name__
    r.frames = our_frames(frames)
    if isinstance(exc, MemoryError):
        category = "memory"
    text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    r.fail(category, f"{text[:500]}")


def parse_traceback_text(r: Result, text: str) -> None:
    """Exception type and our frames from a printed traceback (a subprocess, a crash log)."""
    frames = [(f, int(n), fn) for f, n, fn in _FRAME.findall(text)]
    r.frames = our_frames(frames)
    tail = [ln for ln in text.strip().splitlines() if ln and not ln.startswith(" ")]
    for ln in reversed(tail):
        m = re.match(r"([A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt|Warning))\b", ln)
        if m:
            r.exc_type = m.group(1).split(".")[-1]
            break


def check_message(r: Result, message: str, limit: int = MAX_MESSAGE, one_line: bool = True) -> None:
    """A refusal: non-empty, one line, short."""
    r.message = message[:limit + 100]
    r.masked = bool(_INTERNAL.search(message))
    if not message.strip():
        r.fail("bad-message", "refused with no message")
    elif one_line and "\n" in message.strip():
        r.fail("bad-message", f"{message.count(chr(10)) + 1} lines: {message[:300]!r}")
    else:
        text = message.strip()
        core = text.split("; legal: ")[0]
        if len(core) > limit or len(text) > max(limit, MAX_WITH_LEGAL):
            r.fail("bad-message", f"{len(text)} characters: {message[:200]!r}…")


def reset_peak() -> None:
    """Start a fresh peak-memory count for this process (Linux: writing 5 to
    ``/proc/self/clear_refs`` resets VmHWM).  Needed because a forked worker
    inherits its parent's high-water mark: after a long pytest run the parent
    is large, and a case's growth would hide under the inherited peak."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def rss_mb() -> float:
    """Peak resident memory of this process, in MB (VmHWM where Linux gives
    it, which ``reset_peak`` can reset; else ``ru_maxrss``)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ---------------------------------------------------------------- inputs afterwards

def _fingerprint(p: Path) -> tuple[str, str] | None:
    """What is at ``p`` now: ('file', sha) / ('fifo'|'devzero'|'directory', '') / None."""
    try:
        st = os.lstat(p)
    except OSError:
        return None
    if stat.S_ISLNK(st.st_mode):
        return ("devzero", "") if os.readlink(p) == "/dev/zero" else ("symlink", os.readlink(p))
    if stat.S_ISFIFO(st.st_mode):
        return ("fifo", "")
    if stat.S_ISDIR(st.st_mode):
        return ("directory", "") if (p / "marker.txt").is_file() else ("folder", "")
    if stat.S_ISREG(st.st_mode):
        return ("file", sha256(p.read_bytes()))
    return ("other", "")


def inputs_problems(case: Case) -> list[str]:
    """The inputs that were changed (strict files) or lost (settings, autosaves);
    the table store by its own rule (``tablecheck.store_problems``)."""
    if case.kind == "tables":
        from tests.fuzz.tablecheck import store_problems
        return store_problems(case)
    problems = []
    folder = Path(case.folder)
    for f in case.files:
        want = ("file", f.sha256) if f.special is None else (f.special, "")
        p = folder / f.rel
        now = _fingerprint(p)
        if now == want:
            continue
        if f.strict:
            problems.append(f"{f.rel} was changed (now {now[0] if now else 'missing'})")
        elif f.mutated and not f.supersedable:
            everywhere = [_fingerprint(q) for q in p.parent.rglob("*")] if p.parent.is_dir() else []
            if want not in everywhere:
                problems.append(f"{f.rel} (damaged) was overwritten or deleted, not kept aside")
    return problems


def readable_settings(data: bytes) -> bool:
    """A settings file the program may rewrite: a JSON object within the read
    cap.  Python's ``json`` reading is the measure because ``opensky.settings``
    documents that it takes ``1e999``, ``Infinity`` and over-long numbers and
    clamps them value by value, like a wrong type; a file that is not a JSON
    object at all (cut short, not UTF-8, too deep, too big) is damaged and
    must be kept."""
    try:
        from opensky import userfile
        max_bytes = userfile.MAX_BYTES
    except (ImportError, AttributeError):
        max_bytes = 8 * 1024 * 1024
    if len(data) > max_bytes:
        return False
    try:
        doc = json.loads(data.decode("utf-8-sig"), parse_int=lambda text: 0)
    except (ValueError, RecursionError):
        return False
    return isinstance(doc, dict)


def mark_supersedable(case: Case) -> None:
    """Before the run: which settings/autosave inputs (or table store) the program may replace."""
    if case.kind == "tables":
        from tests.fuzz.tablecheck import mark
        mark(case)
        return
    folder = Path(case.folder)
    for f in case.files:
        if f.strict or not f.mutated or f.special is not None:
            continue
        data = (folder / f.rel).read_bytes()
        if case.kind in ("settings", "progress"):   # a JSON object is checked value by value, then rewritten
            f.supersedable = readable_settings(data)
        else:
            f.supersedable = loadable_save(folder, data)


def loadable_save(folder: Path, data: bytes) -> bool:
    """Whether the program's own loader opens this save (then it is no damaged file)."""
    probe = folder / "probe"
    probe.mkdir(exist_ok=True)
    p = probe / "probe.json"
    p.write_bytes(data)
    try:
        from opensky.persistence.store import load_any   # either game's save
        with contextlib.redirect_stderr(io.StringIO()):
            load_any(p)
        return True
    except Exception:  # noqa: BLE001 - any refusal or bug: treat as damaged (stricter check)
        return False


# ---------------------------------------------------------------- in-process entries

def _cli(r: Result, case: Case) -> None:
    from opensky.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main([case.entry, _arg(case)])
    check_cli(r, case.entry, rc, out.getvalue(), err.getvalue())


def _arg(case: Case) -> str:
    """The file as a player names it: relative to the current folder when in it."""
    p = Path(case.folder) / case.target
    return p.name if Path.cwd() == p.parent else str(p)


def check_cli(r: Result, entry: str, rc: int | None, out: str, err: str) -> None:
    """Exit status and output of ``script`` / ``replay`` / ``simulate``."""
    if "Traceback (most recent call last)" in err:
        parse_traceback_text(r, err)
        r.fail("memory" if r.exc_type == "MemoryError" else "traceback", err.strip().splitlines()[-1][:500])
        return
    if rc == 0:
        r.outcome = "worked"
        if entry == "script":
            try:
                json.loads(out)
            except ValueError as e:
                r.fail("bad-output", f"exit 0 but stdout is not JSON ({e}): {out[:200]!r}")
        elif entry == "replay" and "FRAME" not in out:
            r.fail("bad-output", "exit 0 but no frame was drawn")
    elif rc == 2:
        r.outcome = "refused"
        check_message(r, err.strip())
    else:
        r.fail("bad-exit", f"exit status {rc}; stderr: {err.strip()[:300]!r}")


def _load_board(r: Result, case: Case) -> None:
    from opensky.blueskies.board import BSBoard, load_bs_board
    from opensky.board.files import peek_game, resolve
    from opensky.board.loader import load_board
    from opensky.board.model import Board, BoardError
    try:
        # a board says which game it is for (issue 18); each loader refuses the other's
        if peek_game(resolve(_arg(case))) == "blue_skies":
            bs = load_bs_board(_arg(case))
            r.outcome = "worked"
            if not isinstance(bs, BSBoard):
                r.fail("bad-output", f"load_bs_board returned {type(bs).__name__}")
            return
        board = load_board(_arg(case))
    except BoardError as e:
        r.outcome = "refused"
        check_message(r, str(e))
        return
    r.outcome = "worked"
    if not isinstance(board, Board):
        r.fail("bad-output", f"load_board returned {type(board).__name__}")


def _window(r: Result, case: Case) -> None:
    """Continue on the title screen, or settings at start: App, a frame, and
    (settings) saving them again as quitting does."""
    import pygame

    from opensky.ui.app import App
    from opensky.ui.scenes.title import TitleScene
    try:
        app = App()
        title = TitleScene(app)
        app.push(title)
        title.enter()
        if case.entry == "continue":
            title.cont()      # even when the button is off: whatever is in the folder must be coped with
        app.step([], 0.016)
        app.step([], 0.016)
        if case.entry == "settings":
            app.save_settings()
        _window_outcome(r, case, app)
    finally:
        pygame.display.quit()


def dialog_text(d: Any) -> str:
    """What a message dialog shows: its text translated and its fields filled."""
    try:
        from opensky.i18n import tr
        return str(tr(d.text, **getattr(d, "params", {})))
    except Exception:  # noqa: BLE001 - an older dialog without params
        return str(d.text)


def _window_outcome(r: Result, case: Case, app: Any) -> None:
    from opensky.ui.scenes.game import GameScene
    scenes = list(app.stack.scenes)
    dialogs = [s for s in scenes if hasattr(s, "text") and hasattr(s, "title") and getattr(s, "overlay", False)]
    for d in dialogs:
        text = dialog_text(d)
        check_message(r, text, MAX_DIALOG, one_line=False)
        if _FIELD.search(text):
            r.fail("bad-message", f"a field left unfilled in the message: {text[:200]!r}")
    if case.entry == "continue":
        r.outcome = "worked" if any(isinstance(s, GameScene) for s in scenes) else "refused"
        if r.outcome == "refused" and not dialogs:
            r.message = "(no game opened, no message)"
    else:
        from opensky.settings import Settings
        r.outcome = "refused" if asdict(app.settings) == asdict(Settings()) else "worked"
    if r.failures:
        r.outcome = "failed"


def _tutorial(r: Result, case: Case) -> None:
    """``main.py tutorial FILE``: refused in one line, or the window opens on it."""
    from opensky.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(["tutorial", _arg(case)])
    check_cli(r, "replay", rc, out.getvalue(), err.getvalue())


def _load_puzzle(r: Result, case: Case) -> None:
    from opensky.learn.puzzles import PuzzleError, load_puzzle
    try:
        pz = load_puzzle(_arg(case))
    except PuzzleError as e:
        r.outcome = "refused"
        check_message(r, str(e))
        return
    r.outcome = "worked"
    try:
        pz.answer()
        pz.explain()
    except Exception as e:  # noqa: BLE001 - a puzzle that loads must answer
        record_exception(r, e)


def _progress(r: Result, case: Case) -> None:
    """learn.json at start: the title screen and the Learn screen read it,
    a puzzle mark is written."""
    from opensky.learn import progress
    from opensky.ui.app import App
    from opensky.ui.scenes.learn import LearnScene
    from opensky.ui.scenes.title import TitleScene
    app = App((960, 600))
    try:
        app.push(TitleScene(app))
        app.step([], 0.016)
        app.push(LearnScene(app))
        app.step([], 0.016)
        err = progress.mark_puzzle("01-half-the-fare", True)
        got = progress.load()
        r.outcome = "worked" if err is None and got.puzzles.get("01-half-the-fare") == "solved" else "refused"
        if err is not None:
            check_message(r, err)
    finally:
        import pygame
        pygame.display.quit()


def _bs_play_on(r: Result, loaded: Any) -> None:
    """A Blue Skies game that loads must play on: its controller (no autosave,
    so the inputs stay as they are) draws chance, lets computers decide, and
    a person's seat takes its first legal move, for a few dozen steps; every
    note it brings is a filled-in message."""
    from opensky.i18n import tr
    from opensky.play.bscontroller import BSController
    for text, params in loaded.notes:
        shown = tr(text, **params)
        check_message(r, shown, MAX_DIALOG, one_line=False)
        if _FIELD.search(shown):
            r.fail("bad-message", f"a field left unfilled in the message: {shown[:200]!r}")
    board = loaded.session.board
    ctl = BSController(BSController.setup_from(loaded, board.path or board.id), loaded=loaded, autosave=False)
    ctl.view_for(None)
    for _ in range(40):
        st = ctl.state
        if st.game_over:
            break
        if ctl.step_chance() is not None or ctl.step_computer(background=False) is not None:
            continue
        p = st.actor
        if p is None:
            r.fail("bad-output", f"a loaded Blue Skies game waits for nobody ({st.decision})")
            break
        ctl.view_for(p)
        refusal = ctl.try_apply(ctl.legal(p)[0])
        if refusal is not None:
            r.fail("bad-output", f"the first legal move was refused: {refusal[:200]}")
            break


def _bs_load(r: Result, case: Case) -> None:
    """A Blue Skies save opened as the list of saves opens it (``store.load_any``)."""
    from opensky.persistence.bssave import LoadedBSGame
    from opensky.persistence.save import SaveError
    from opensky.persistence.store import load_any
    try:
        loaded = load_any(_arg(case))
    except SaveError as e:
        r.outcome = "refused"
        check_message(r, str(e))
        return
    r.outcome = "worked"
    if not isinstance(loaded, LoadedBSGame):
        r.fail("bad-output", f"a Blue Skies save loaded as {type(loaded).__name__}")
        return
    _bs_play_on(r, loaded)


def _bs_continue(r: Result, case: Case) -> None:
    """Continue with Blue Skies autosaves (``store.read_autosave``, as the title
    screen's Continue reads it): a game, or one refusal; damaged copies kept."""
    from opensky.persistence.save import SaveError
    from opensky.persistence.store import read_autosave
    try:
        loaded = read_autosave()
    except SaveError as e:
        r.outcome = "refused"
        check_message(r, str(e), MAX_DIALOG)
        return
    if loaded is None:
        r.outcome = "refused"
        return
    r.outcome = "worked"
    from opensky.persistence.bssave import LoadedBSGame
    if isinstance(loaded, LoadedBSGame):
        _bs_play_on(r, loaded)


def _hosted(r: Result, case: Case) -> None:
    """The window over the online table store (``tablecheck.hosted``)."""
    from tests.fuzz.tablecheck import hosted
    hosted(r, case)


ENTRIES: dict[str, Callable[[Result, Case], None]] = {
    "script": _cli, "replay": _cli, "load_board": _load_board, "continue": _window, "settings": _window,
    "tutorial": _tutorial, "load_puzzle": _load_puzzle, "progress": _progress,
    "bsload": _bs_load, "bscontinue": _bs_continue, "hosted": _hosted,
}


def crash_logs(case: Case) -> list[Path]:
    folder = Path(case.folder)
    return sorted(list((folder / "data" / "logs").glob("crash-*.log")) + list((folder / "tmp").glob("crash-*.log")))


def run_inprocess(case: Case, entries: dict[str, Callable[[Result, Case], None]] | None = None,
                  final_checks: bool = True) -> Result:
    """Run ``case`` here and check it; never raises.  ``final_checks=False``
    leaves time, memory, crash logs and inputs to the caller (a subprocess
    case is measured from outside)."""
    r = Result(case.label(), case.kind, case.seed, case.entry, case.mode, case.family)
    thread_errors: list[BaseException] = []
    old_hook = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            thread_errors.append(args.exc_value)
    threading.excepthook = hook
    reset_peak()
    before = rss_mb()
    t0 = time.perf_counter()
    try:
        if final_checks:
            mark_supersedable(case)
        (entries or ENTRIES)[case.entry](r, case)
    except BaseException as e:  # noqa: BLE001 - anything escaping is the finding
        record_exception(r, e)
    finally:
        r.seconds = time.perf_counter() - t0
        threading.excepthook = old_hook
    r.rss_mb = rss_mb() - before
    for err in thread_errors:
        record_exception(r, err, "thread")
    if final_checks:
        finish(r, case, SLOW_SECONDS, r.rss_mb, MAX_RSS_MB)
    return r


def finish(r: Result, case: Case, slow: float, rss: float, rss_limit: float) -> None:
    """The checks common to every mode: time, memory, crash logs, inputs."""
    if r.seconds > slow:
        r.fail("slow", f"{r.seconds:.1f} s (limit {slow:.0f} s)")
    if rss > rss_limit:
        r.fail("memory", f"peak memory up {rss:.0f} MB (limit {rss_limit} MB)")
    for log in crash_logs(case):
        text = log.read_text(errors="replace")
        if not r.frames:
            parse_traceback_text(r, text)
        r.fail("crash-log", f"{log.name}: {text.strip().splitlines()[-1][:300] if text.strip() else ''}")
    for p in inputs_problems(case):
        r.fail("modified-input", p)
    if not r.outcome:
        r.outcome = "failed" if r.failures else "refused"


def main(argv: list[str]) -> int:
    """``python -m tests.fuzz.entries CASE.json``: run a window case in this fresh process."""
    case = Case.from_json(json.loads(Path(argv[0]).read_text()))
    r = run_inprocess(case, final_checks=False)
    out = sys.__stdout__
    assert out is not None
    out.write("\nFUZZRESULT " + json.dumps(asdict(r)) + "\n")
    out.flush()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main(sys.argv[1:]))
